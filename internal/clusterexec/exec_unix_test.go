//go:build unix

package clusterexec

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/testkit/proctest"
)

// TestMainProcess is the child process of the tests below: a command
// that hands its arguments to the program, with the process's streams.
func TestMainProcess(t *testing.T) {
	proctest.Main(t, func() {
		e := &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}
		fmt.Fprintf(os.Stderr, "started, pid %d\n", os.Getpid())
		os.Exit(Run(context.Background(), e, cli.NewFlagSet(e, "dlx worker", "", ""), os.Args[1:]))
	})
}

// With the process's own streams the program replaces the process: its
// process ID and exit status are the process's, and a signal to the
// process reaches it (the shell's trap, not Go's handler, answers
// SIGTERM).
func TestRunReplaces(t *testing.T) {
	withFake(t)
	p := proctest.Start(t, "TestMainProcess", "exit", "5", "x")
	if got := p.Exit(); got != "exit 5" || p.Stdout() != "args exit 5 x\n" {
		t.Errorf("%s, stdout %q; want exit 5 and the arguments", got, p.Stdout())
	}
	p = proctest.Start(t, "TestMainProcess", "wait")
	started := strings.TrimPrefix(p.WaitLine("started, pid "), "started, pid ")
	if ready := strings.TrimPrefix(p.WaitLine("ready, pid "), "ready, pid "); ready != started {
		t.Errorf("the program runs as process %s, the command was %s: want one process", ready, started)
	}
	p.Signal(syscall.SIGTERM)
	if got := p.Exit(); got != "exit 7" || !strings.Contains(p.Stderr(), "got TERM") {
		t.Errorf("%s after SIGTERM, stderr %q; want exit 7 from the program's trap", got, p.Stderr())
	}
}
