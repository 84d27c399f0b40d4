package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cluster"
)

// TestCluster runs dlx count -cluster, dlx worker and dlx jobs against an
// embedded server on 127.0.0.1.
func TestCluster(t *testing.T) {
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := s.URL()
	dir := t.TempDir()
	q8, _, code := runCmd(context.Background(), []string{"gen", "queens", "8"}, "")
	if code != 0 {
		t.Fatal("gen queens 8 failed")
	}
	file := filepath.Join(dir, "q8.dlx")
	if err := os.WriteFile(file, []byte(q8), 0o666); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.dlx")
	os.WriteFile(bad, []byte("a b\na c\n"), 0o666)
	bounds := filepath.Join(dir, "bounds.dlx")
	os.WriteFile(bounds, []byte("2:3|a b\na\nb\n"), 0o666)

	// Errors first: nothing may be queued.
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "nats://" + l.Addr().String()
	l.Close()
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"count", "-cluster", url, "-token", "tok", bad}, 2, `bad.dlx: line 2, column 3: unknown item "c"`},
		{[]string{"count", "-cluster", url, "-token", "tok", bounds}, 2, "item bounds"},
		{[]string{"count", "-cluster", dead, file}, 1, "cannot connect to the cluster " + dead},
		{[]string{"count", "-cluster", url, "-token", "nope", file}, 1, "uthorization"},
		{[]string{"count", "-cluster", url, "-n", "3", file}, 2, "-n does not apply with -cluster"},
		{[]string{"count", "-depth", "2", file}, 2, "-depth needs -cluster URL"},
		{[]string{"jobs", "-cluster", url, "-token", "tok", "wait", "nosuchjob"}, 2, "nosuchjob: no such job"},
		{[]string{"worker", "-cluster", dead}, 1, "cannot connect"},
		{[]string{"cluster", "serve", "-listen", "0.0.0.0:0", "-store", dir}, 2, "refusing to serve beyond loopback"},
	} {
		start := time.Now()
		_, stderr, code := runCmd(context.Background(), tc.args, "")
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tc.args, code, stderr, tc.code, tc.msg)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%q: took %v", tc.args, d)
		}
	}
	out, _, code := runCmd(context.Background(), []string{"jobs", "-cluster", url, "-token", "tok"}, "")
	if code != 0 || out != "" {
		t.Fatalf("jobs after the errors: exit %d, %q; want none", code, out)
	}

	// A job submitted and left, then a worker, then jobs wait.
	out, _, code = runCmd(context.Background(), []string{"count", "-cluster", url, "-token", "tok", "-detach", "-quiet", "-pieces", "30", file}, "")
	id := strings.TrimSpace(out)
	if code != 0 || id == "" {
		t.Fatalf("count -detach: exit %d, %q", code, out)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var wcode int
	var werr string
	wg.Go(func() {
		_, werr, wcode = runCmd(ctx, []string{"worker", "-cluster", url, "-token", "tok", "-workers", "2"}, "")
	})
	out, _, code = runCmd(context.Background(), []string{"jobs", "-cluster", url, "-token", "tok", "wait", id}, "")
	if code != 0 || out != "92\n" {
		t.Errorf("jobs wait: exit %d, %q; want 92", code, out)
	}
	out, _, code = runCmd(context.Background(), []string{"count", "-cluster", url, "-token", "tok", "-json", "-depth", "2", file}, "")
	if code != 0 || !strings.HasPrefix(out, `{"solutions":92,`) || !strings.Contains(out, `"complete":true,"job":"`) || !strings.HasSuffix(out, `"pieces":40}`+"\n") {
		t.Errorf("count -json: exit %d, %q", code, out)
	}
	out, _, code = runCmd(context.Background(), []string{"jobs", "-cluster", url, "-token", "tok", "-json"}, "")
	if code != 0 || strings.Count(out, `"state":"done","pieces":`) != 2 || !strings.Contains(out, `"job":"`+id+`"`) {
		t.Errorf("jobs -json: exit %d, %q", code, out)
	}
	cancel()
	wg.Wait()
	if wcode != 0 || !strings.Contains(werr, "stopped: 80 pieces counted, 0 failed") {
		t.Errorf("worker: exit %d, stderr %q", wcode, werr)
	}
}
