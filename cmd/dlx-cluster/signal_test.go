//go:build unix

package main

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/testkit/proctest"
)

// TestMainProcess is the child process of the tests below.
func TestMainProcess(t *testing.T) { proctest.Main(t, main) }

// TestClusterServeSignals: dlx cluster serve stops gracefully (exit 0) at
// SIGHUP as at SIGTERM and SIGINT (SIGHUP used to kill it at once), also
// when its log reader has gone: with -v the server logs its shutdown,
// which used to kill it with SIGPIPE.
func TestClusterServeSignals(t *testing.T) {
	for _, tt := range []struct {
		sig       syscall.Signal
		logClosed bool
	}{
		{syscall.SIGHUP, false}, {syscall.SIGTERM, false}, {syscall.SIGINT, false}, {syscall.SIGTERM, true},
	} {
		name := tt.sig.String()
		if tt.logClosed {
			name += ", log reader gone"
		}
		t.Run(name, func(t *testing.T) {
			p := proctest.Start(t, "TestMainProcess", "cluster", "serve", "-v", "-listen", "127.0.0.1:0", "-store", t.TempDir())
			p.WaitLine("serving on")
			if tt.logClosed {
				p.CloseStderr()
			}
			p.Signal(tt.sig)
			if got := p.Exit(); got != "exit 0" {
				t.Errorf("%s after %v, want exit 0; stderr:\n%s", got, tt.sig, p.Stderr())
			}
		})
	}
}

// TestWorkerSignals: dlx worker stops gracefully at SIGHUP as at SIGTERM,
// and prints its tally (SIGHUP used to kill it at once); with its log
// reader gone, the tally's failed write does not kill it (SIGPIPE).
func TestWorkerSignals(t *testing.T) {
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "tok"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	for _, tt := range []struct {
		sig       syscall.Signal
		logClosed bool
	}{
		{syscall.SIGHUP, false}, {syscall.SIGTERM, false}, {syscall.SIGTERM, true},
	} {
		name := tt.sig.String()
		if tt.logClosed {
			name += ", log reader gone"
		}
		t.Run(name, func(t *testing.T) {
			p := proctest.Start(t, "TestMainProcess", "worker", "-cluster", s.URL(), "-token", "tok")
			p.WaitLine("counting pieces from")
			if tt.logClosed {
				p.CloseStderr()
			}
			p.Signal(tt.sig)
			if got := p.Exit(); got != "exit 0" {
				t.Errorf("%s after %v, want exit 0; stderr:\n%s", got, tt.sig, p.Stderr())
			}
			if !tt.logClosed && !strings.Contains(p.Stderr(), "stopped: 0 pieces counted, 0 failed") {
				t.Errorf("stderr %q: no tally", p.Stderr())
			}
		})
	}
}

// TestCountClusterSigterm: SIGTERM to dlx count -cluster, as Ctrl-C, stops
// the waiting, not the job, and says so with the job's ID (it used to
// kill the process without a word).
func TestCountClusterSigterm(t *testing.T) {
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	file := queensFile(t, t.TempDir(), 8)
	p := proctest.Start(t, "TestMainProcess", "count", "-cluster", s.URL(), file) // no worker: it waits
	line := p.WaitLine("queueing")
	time.Sleep(300 * time.Millisecond) // queued: waiting (either way the job goes on)
	p.Signal(syscall.SIGTERM)
	if got := p.Exit(); got != "exit 1" {
		t.Errorf("%s after SIGTERM, want exit 1; stderr:\n%s", got, p.Stderr())
	}
	id := strings.TrimSuffix(strings.Fields(strings.TrimPrefix(line, "dlx count: job "))[0], ":")
	if want := "dlx jobs wait " + id; strings.Count(p.Stderr(), want) < 2 {
		t.Errorf("stderr %q: want %q", p.Stderr(), want)
	}
}
