// Package clusterexec hands the commands of the dlx cluster to the program
// dlx-cluster. The cluster links a NATS server and client (about 25 MB and
// 3-4 ms of start-up CPU on every run, docs/cluster.md), so dlx and sudoku
// leave it out: they parse "dlx worker ...", "dlx count -cluster ..." and
// the rest themselves (package clusterflag), then run dlx-cluster, found
// beside their own executable or on PATH, with the command line. On Unix
// dlx-cluster replaces the process (execve): the process ID, the standard
// streams, the signals and the exit status are the command's own, and
// the hand-over costs one exec. Elsewhere, and when the streams are not
// the process's (tests), it runs as a child: the streams are copied, the
// stop signals forwarded and its exit status returned.
package clusterexec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/dlxkit/dlx/internal/cli"
)

// Program is the name of the program that runs the cluster's commands.
const Program = "dlx-cluster"

// Install is how to install Program.
const Install = "go install github.com/dlxkit/dlx/cmd/dlx-cluster@latest, or take it from the release archive, beside dlx"

// CallerEnv is the environment variable that tells Program which program
// ran it and at which version ("dlx v1.2.0 (commit ...)"), so that it
// can warn of two releases mixed (a flag one knows and the other not).
const CallerEnv = "DLX_CLUSTER_CALLER"

// ErrNotFound is returned when Program is neither beside the running
// executable nor on PATH.
var ErrNotFound = errors.New("program " + Program + " not found")

// Find returns the path of Program: beside the running executable first
// (a release archive's binaries, a go install's GOBIN), then on PATH.
func Find() (string, error) {
	name := Program
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	self, err := os.Executable()
	if err == nil {
		p := filepath.Join(filepath.Dir(self), name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(Program); err == nil {
		return p, nil
	}
	where := "on PATH"
	if self != "" {
		where = "beside " + self + " nor on PATH"
	}
	return "", fmt.Errorf("the cluster's commands run in the program %s, which is neither %s: install it (%s): %w", Program, where, Install, ErrNotFound)
}

// Run runs Program with args (its command and the command line as
// given), for the command whose flags are fs, with the streams of e, and
// returns its exit status; it does not return when Program replaces the
// process. When Program cannot be found or started it says so on fs and
// returns ExitUsage, the status of a missing input (see Find).
func Run(ctx context.Context, e *cli.Env, fs *cli.FlagSet, args []string) int {
	path, err := Find()
	if err != nil {
		return fs.Usagef("%v", err)
	}
	caller, _, _ := strings.Cut(fs.Name(), " ")
	env := append(os.Environ(), CallerEnv+"="+caller+" "+cli.Version())
	if ownStreams(e) {
		err := replace(path, args, env) // returns only when it failed
		if !errors.Is(err, errors.ErrUnsupported) {
			return fs.Usagef("running %s: %v", path, err)
		}
	}
	return child(ctx, e, fs, path, args, env)
}

// ownStreams reports whether e's streams are the process's own.
func ownStreams(e *cli.Env) bool {
	return e.Stdin == io.Reader(os.Stdin) && e.Stdout == io.Writer(os.Stdout) && e.Stderr == io.Writer(os.Stderr)
}

// child runs path as a child process with e's streams and env, forwards the stop
// signals to it (and an interrupt when ctx is done) and returns its exit
// status (ExitFail when a signal ended it).
func child(ctx context.Context, e *cli.Env, fs *cli.FlagSet, path string, args, env []string) int {
	cmd := exec.Command(path, args...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = e.Stdin, e.Stdout, e.Stderr
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, cli.StopSignals...)
	defer signal.Stop(sigs)
	if err := cmd.Start(); err != nil {
		return fs.Usagef("running %s: %v", path, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	ctxDone := ctx.Done()
	for {
		select {
		case s := <-sigs:
			signalChild(cmd.Process, s)
		case <-ctxDone:
			ctxDone = nil
			signalChild(cmd.Process, os.Interrupt)
		case <-done:
			if code := cmd.ProcessState.ExitCode(); code >= 0 {
				return code
			}
			return cli.ExitFail
		}
	}
}

// signalChild sends s to p, or kills p where s cannot be sent (an
// interrupt on Windows).
func signalChild(p *os.Process, s os.Signal) {
	if err := p.Signal(s); err != nil && !errors.Is(err, os.ErrProcessDone) {
		p.Kill()
	}
}

// CallerWarning is the warning Program prints when the program that ran
// it (the value of CallerEnv) is of another version than its own, own:
// "" when they agree or no program ran it.
func CallerWarning(caller, own string) string {
	prog, version, ok := strings.Cut(caller, " ")
	if !ok || version == own {
		return ""
	}
	return fmt.Sprintf("warning: run by %s %s, this is %s %s: install both from one release (docs/cluster.md)", prog, version, Program, own)
}
