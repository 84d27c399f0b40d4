package main

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cluster"
)

// A grid count's job (sudoku count-grids -cluster): dlx jobs wait prints
// its number of grids, and dlx jobs lists it, not 0 solutions.
func TestJobsWaitGrids(t *testing.T) {
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	c, err := cluster.Connect(context.Background(), cluster.ConnOptions{URL: s.URL()})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	job, err := c.Submit(context.Background(), cluster.Spec{Data: []byte("2x3"), Format: cluster.FormatGrids, Name: "count-grids 2x3"})
	if err != nil {
		t.Fatal(err)
	}
	w, err := c.NewWorker(context.Background(), cluster.WorkerOptions{AckWait: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { w.Run(ctx) })
	defer func() { cancel(); wg.Wait() }()
	out, stderr, code := runCmd(context.Background(), []string{"jobs", "-cluster", s.URL(), "wait", job.ID}, "")
	if code != 0 || out != "28200960\n" {
		t.Errorf("jobs wait: exit %d, %q, %q; want 28200960", code, out, stderr)
	}
	out, _, code = runCmd(context.Background(), []string{"jobs", "-cluster", s.URL(), "-json", "wait", job.ID}, "")
	if code != 0 || !strings.Contains(out, `"grids":"28200960"`) {
		t.Errorf("jobs -json wait: exit %d, %q", code, out)
	}
	out, _, code = runCmd(context.Background(), []string{"jobs", "-cluster", s.URL()}, "")
	if code != 0 || !strings.Contains(out, "6/6  28200960 grids  count-grids 2x3") {
		t.Errorf("jobs: exit %d, %q", code, out)
	}
}
