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

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

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
	file := queensFile(t, dir, 8)
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
		{[]string{"count", "-cluster", url, "-n", "3", file}, 2, "flag provided but not defined: -n"}, // dlx refuses it first
		{[]string{"count", "-depth", "2", file}, 2, "want -cluster URL"},
		{[]string{"count", "-cluster", url, "-depth", "2", "-pieces", "3", file}, 2, "want one of -depth D and -pieces N"},
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

// TestClusterFaults: a submission whose queueing fails part-way names
// its job (the ID used to come only after every piece was queued), and
// dlx jobs rm, retry and prune do their work.
func TestClusterFaults(t *testing.T) {
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := s.URL()
	file := queensFile(t, t.TempDir(), 8)
	if _, _, code := runCmd(context.Background(), []string{"jobs", "-cluster", url}, ""); code != 0 {
		t.Fatal("jobs failed")
	}
	// A queue that takes 3 messages.
	nc, err := nats.Connect(url)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	js, _ := jetstream.New(nc)
	st, err := js.Stream(context.Background(), "DLX_PIECES")
	if err != nil {
		t.Fatal(err)
	}
	cfg := st.CachedInfo().Config
	cfg.MaxMsgs, cfg.Discard = 3, jetstream.DiscardNew
	if _, err := js.UpdateStream(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCmd(context.Background(), []string{"count", "-cluster", url, "-pieces", "30", file}, "")
	first, _, _ := strings.Cut(stderr, "\n")
	id := strings.TrimSuffix(strings.Fields(strings.TrimPrefix(first, "dlx count: job "))[0], ":")
	if code != 1 || !strings.Contains(first, "queueing 40 pieces") || !strings.Contains(stderr, "job "+id+" refused and removed: queueing piece 4") {
		t.Fatalf("count with a queue that fills: exit %d, stderr %q", code, stderr)
	}
	if out, _, _ := runCmd(context.Background(), []string{"jobs", "-cluster", url}, ""); out != "" {
		t.Errorf("jobs after the refusal: %q, want none", out)
	}
	cfg.MaxMsgs = -1
	if _, err := js.UpdateStream(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	// A job with a piece lost (off the queue, never counted): retry
	// queues it again with the others.
	out, _, code := runCmd(context.Background(), []string{"count", "-cluster", url, "-detach", "-quiet", "-pieces", "30", file}, "")
	id = strings.TrimSpace(out)
	if code != 0 || id == "" {
		t.Fatalf("count -detach: %d, %q", code, out)
	}
	info, err := st.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.DeleteMsg(context.Background(), info.State.FirstSeq); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = runCmd(context.Background(), []string{"jobs", "-cluster", url, "retry", id}, "")
	if code != 0 || !strings.Contains(stderr, "40 pieces queued again") {
		t.Fatalf("retry: exit %d, %q", code, stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { runCmd(ctx, []string{"worker", "-cluster", url, "-quiet"}, "") })
	out, _, code = runCmd(context.Background(), []string{"jobs", "-cluster", url, "wait", id}, "")
	cancel()
	wg.Wait()
	if code != 0 || out != "92\n" {
		t.Fatalf("wait after retry: exit %d, %q", code, out)
	}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"rm"}, 2, "want dlx jobs rm ID..."},
		{[]string{"prune", "soon"}, 2, "want an age"},
		{[]string{"retry", "nosuchjob"}, 2, "no such job"},
		{[]string{"rm", "nosuchjob"}, 2, "no such job"},
		{[]string{"prune", "1h"}, 0, ""},
		{[]string{"rm", id}, 0, ""},
	} {
		_, stderr, code := runCmd(context.Background(), append([]string{"jobs", "-cluster", url}, tc.args...), "")
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("jobs %q: exit %d, %q; want %d, %q", tc.args, code, stderr, tc.code, tc.msg)
		}
	}
	if out, _, code := runCmd(context.Background(), []string{"jobs", "-cluster", url}, ""); code != 0 || out != "" {
		t.Errorf("jobs after rm: %d, %q", code, out)
	}
}

// The progress line makes no estimate while the server is away, nor says
// "about 0s left" when the pieces are late.
func TestJobProgressLine(t *testing.T) {
	start := time.Now().Add(-time.Minute)
	p := &jobProgress{start: start}
	p.report(cluster.Status{Job: cluster.Job{Pieces: 10, Done: 1}, Connected: true})
	p.first = start
	p.report(cluster.Status{Job: cluster.Job{Pieces: 10, Done: 5}, Connected: true})
	p.at = start.Add(time.Second) // 5 pieces in a second, then nothing for a minute
	if line := p.line(time.Minute); strings.Contains(line, "left") || !strings.Contains(line, "no piece in for") {
		t.Errorf("late: %q", line)
	}
	p.report(cluster.Status{Job: cluster.Job{Pieces: 10, Done: 5}, Connected: false})
	if line := p.line(time.Minute); strings.Contains(line, "left") || !strings.Contains(line, "server unreachable") {
		t.Errorf("away: %q", line)
	}
}
