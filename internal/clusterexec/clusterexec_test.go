package clusterexec

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
)

// fakeProgram is a dlx-cluster for the tests: it prints its arguments and
// its standard input, says "ready" on standard error, then exits with the
// status its second argument gives (exit N), or waits for a signal and
// exits 7 at SIGTERM, 8 at SIGINT (wait).
const fakeProgram = `#!/bin/sh
echo "args $*"
echo "caller $DLX_CLUSTER_CALLER" >&2
trap 'echo "got TERM" >&2; exit 7' TERM
trap 'echo "got INT" >&2; exit 8' INT
echo "ready, pid $$" >&2
case "$1" in
exit) exit "$2" ;;
cat) cat; exit 0 ;;
wait) while :; do sleep 0.02; done ;;
esac
`

// withFake puts the fake program first on PATH.
func withFake(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake program is a shell script")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, Program), []byte(fakeProgram), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(filepath.ListSeparator)+os.Getenv("PATH"))
}

func run(ctx context.Context, stdin string, args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	fs := cli.NewFlagSet(e, "dlx worker", "", "")
	code = Run(ctx, e, fs, args)
	return out.String(), errb.String(), code
}

// As a child (the streams are not the process's): the arguments, the
// streams and the exit status go through.
func TestRunChild(t *testing.T) {
	withFake(t)
	for _, tc := range []struct {
		args  []string
		stdin string
		code  int
		out   string
	}{
		{[]string{"exit", "0"}, "", 0, "args exit 0\n"},
		{[]string{"exit", "3", "-cluster=nats://h:1", "a b"}, "", 3, "args exit 3 -cluster=nats://h:1 a b\n"},
		{[]string{"cat"}, "a problem\n", 0, "args cat\na problem\n"},
	} {
		out, errb, code := run(context.Background(), tc.stdin, tc.args...)
		caller := "caller dlx " + cli.Version() + "\nready, pid "
		if code != tc.code || out != tc.out || !strings.HasPrefix(errb, caller) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q", tc.args, code, out, errb, tc.code, tc.out)
		}
	}
}

// As a child, the command's interruption (Ctrl-C: its context done)
// reaches the program as SIGINT, and its status comes back.
func TestRunChildInterrupt(t *testing.T) {
	withFake(t)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(300 * time.Millisecond) // the trap set: either way the program ends
		cancel()
	}()
	done := make(chan struct{})
	var errb string
	var code int
	go func() {
		defer close(done)
		_, errb, code = run(ctx, "", "wait")
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the program did not stop")
	}
	if code != 8 || !strings.Contains(errb, "got INT") {
		t.Errorf("exit %d, stderr %q; want 8, got INT", code, errb)
	}
}

// Without the program: a message that says what to install, exit 2.
func TestRunNotFound(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if _, err := Find(); err == nil {
		t.Skipf("%s found beside the test binary", Program)
	}
	out, errb, code := run(context.Background(), "", "worker")
	if code != cli.ExitUsage || out != "" || !strings.HasPrefix(errb, "dlx worker: the cluster's commands run in the program dlx-cluster") ||
		!strings.Contains(errb, "go install github.com/dlxkit/dlx/cmd/dlx-cluster@latest") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and how to install dlx-cluster", code, out, errb)
	}
}

func TestCallerWarning(t *testing.T) {
	for _, tc := range []struct{ caller, own, want string }{
		{"", "v1.2.0", ""},
		{"dlx v1.2.0", "v1.2.0", ""},
		{"sudoku (devel)", "(devel)", ""},
		{"dlx v1.3.0 (commit 0123456789ab)", "v1.2.0", "warning: run by dlx v1.3.0 (commit 0123456789ab), this is dlx-cluster v1.2.0: install both from one release (docs/cluster.md)"},
		{"nonsense", "v1.2.0", ""},
	} {
		if got := CallerWarning(tc.caller, tc.own); got != tc.want {
			t.Errorf("CallerWarning(%q, %q) = %q, want %q", tc.caller, tc.own, got, tc.want)
		}
	}
}
