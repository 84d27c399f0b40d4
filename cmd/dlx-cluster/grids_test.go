package main

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cluster"
)

// TestCountGridsCluster: count-grids -cluster submits the count as a job
// of the cluster, which two dlx workers (in this process) count; it
// prints the published number of grids, as the local count does, and
// refuses what does not apply.
func TestCountGridsCluster(t *testing.T) {
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := s.URL()
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "nats://" + l.Addr().String()
	l.Close()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"count-grids", "-cluster", url, "-token", "tok", "6x2"}, 2, "has not been measured (past 9x9 only 3x4 and 4x3"},
		{[]string{"count-grids", "-cluster", url, "-token", "tok", "2x5"}, 2, "-force submits it"},
		{[]string{"count-grids", "-detach", "3x3"}, 2, "want -cluster URL"},
		{[]string{"count-grids", "-cluster", dead, "3x3"}, 1, "cannot connect to the cluster"},
		{[]string{"count-grids", "-cluster", url, "-token", "nope", "2x2"}, 1, "uthorization"},
	} {
		_, stderr, code := runCmd(context.Background(), tc.args, "")
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tc.args, code, stderr, tc.code, tc.msg)
		}
	}

	// No worker yet: interrupted, the command says the job goes on (and
	// the workers below count it).
	ictx, icancel := context.WithTimeout(context.Background(), time.Second)
	out, stderr, code := runCmd(ictx, []string{"count-grids", "-cluster", url, "-token", "tok", "2x2"}, "")
	icancel()
	if code != 1 || out != "" || !strings.Contains(stderr, "interrupted (0 of 2 pieces); job ") || !strings.Contains(stderr, "goes on: dlx jobs wait") {
		t.Errorf("interrupted: exit %d, stdout %q, stderr %q; want exit 1, the job goes on", code, out, stderr)
	}

	// Two workers.
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() { cancel(); wg.Wait() }()
	for range 2 {
		c, err := cluster.Connect(context.Background(), cluster.ConnOptions{URL: url, Token: "tok"})
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		w, err := c.NewWorker(context.Background(), cluster.WorkerOptions{AckWait: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() { w.Run(ctx) })
	}

	out, stderr, code = runCmd(context.Background(), []string{"count-grids", "-cluster", url, "-token", "tok", "2x4"}, "")
	if code != 0 || out != "29136487207403520\n" || !strings.Contains(stderr, "job ") {
		t.Errorf("2x4: exit %d, stdout %q, stderr %q; want 29136487207403520 and the job", code, out, stderr)
	}
	shape, want := "2x3", "28200960"
	if !testing.Short() {
		shape, want = "3x3", "6670903752021072936960"
	}
	out, _, code = runCmd(context.Background(), []string{"count-grids", "-cluster", url, "-token", "tok", "-json", "-quiet", shape}, "")
	var j struct {
		Shape, Grids, Job string
		Pieces            int
	}
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.Grids != want || j.Shape != shape || j.Job == "" || j.Pieces == 0 {
		t.Errorf("%s -json: exit %d, %q (%v); want %s grids", shape, code, out, err, want)
	}
	// -detach: the ID, and the job ends all the same.
	out, _, code = runCmd(context.Background(), []string{"count-grids", "-cluster", url, "-token", "tok", "-detach", "-quiet", "2x2"}, "")
	id := strings.TrimSpace(out)
	if code != 0 || id == "" {
		t.Fatalf("-detach: exit %d, %q", code, out)
	}
	c, err := cluster.Connect(context.Background(), cluster.ConnOptions{URL: url, Token: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	wctx, wcancel := context.WithTimeout(context.Background(), time.Minute)
	defer wcancel()
	st, err := c.Wait(wctx, id, nil)
	if g := st.Grids(); err != nil || g == nil || g.String() != "288" {
		t.Errorf("-detach job %s: %v grids, %v; want 288", id, g, err)
	}
}
