//go:build unix

// Package proctest runs a command's main function in a child process, to
// test what only a process shows: its exit status, its signals, its
// standard streams being pipes. The child is the test binary itself,
// started again to run one test function that calls main (see Main).
package proctest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// env marks the child process.
const env = "PROCTEST_MAIN"

// Wait is the longest wait for a line of the child or its end: generous,
// for slow machines and the race detector.
const Wait = 60 * time.Second

// Main runs main with the command line given to Start, when the test runs
// in a child process started by Start; otherwise it skips the test. Call
// it from a test function named as Start's helper argument:
//
//	func TestMainProcess(t *testing.T) { proctest.Main(t, main) }
func Main(t *testing.T, main func()) {
	if os.Getenv(env) != "1" {
		t.Skip("runs in a child process started by proctest.Start")
	}
	i := slices.Index(os.Args, "--")
	os.Args = append([]string{os.Args[0]}, os.Args[i+1:]...)
	main()
	os.Exit(0) // main returned without exiting
}

// Proc is a child process running a command.
type Proc struct {
	t     *testing.T
	cmd   *exec.Cmd
	lines chan string // standard error, line by line
	errR  *os.File    // the read end of standard error

	mu     sync.Mutex
	stderr strings.Builder // every line read
	stdout strings.Builder
	outW   sync.WaitGroup
	done   chan struct{} // closed when the process has ended
	state  *os.ProcessState
}

// Start starts the test binary running the test function helper (which
// calls Main) on the command line args. Its standard error is a pipe read
// line by line (see WaitLine, CloseStderr), its standard output is kept
// (see Stdout), its standard input is empty. The process is killed at the end of the test if still
// running.
func Start(t *testing.T, helper string, args ...string) *Proc {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, append([]string{"-test.run=^" + helper + "$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), env+"=1")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = w
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &Proc{t: t, cmd: cmd, lines: make(chan string, 1000), errR: r, done: make(chan struct{})}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close() // the child holds the write end
	// Both pipes are read to their end before the process counts as
	// ended, so that Stderr after Exit holds the last lines.
	p.outW.Go(func() {
		defer close(p.lines)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			p.mu.Lock()
			p.stderr.WriteString(sc.Text() + "\n")
			p.mu.Unlock()
			select {
			case p.lines <- sc.Text():
			default: // nobody waits for lines this far on
			}
		}
	})
	p.outW.Go(func() {
		b, _ := io.ReadAll(out)
		p.mu.Lock()
		p.stdout.Write(b)
		p.mu.Unlock()
	})
	go func() {
		p.outW.Wait() // Wait closes the pipe: read it to the end first
		cmd.Wait()
		p.mu.Lock()
		p.state = cmd.ProcessState
		p.mu.Unlock()
		close(p.done)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-p.done
		r.Close()
	})
	return p
}

// WaitLine returns the first line of standard error, from those not read
// yet, that contains s; it fails the test if the process ends or Wait
// passes first.
func (p *Proc) WaitLine(s string) string {
	p.t.Helper()
	deadline := time.After(Wait)
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("standard error ended before a line with %q:\n%s", s, p.Stderr())
			}
			if strings.Contains(l, s) {
				return l
			}
		case <-deadline:
			p.t.Fatalf("no line with %q on standard error after %v:\n%s", s, Wait, p.Stderr())
		}
	}
}

// CloseStderr closes the read end of the process's standard error: its
// next write there fails (EPIPE, and SIGPIPE).
func (p *Proc) CloseStderr() { p.errR.Close() }

// Signal sends sig to the process.
func (p *Proc) Signal(sig os.Signal) {
	p.t.Helper()
	if err := p.cmd.Process.Signal(sig); err != nil {
		p.t.Fatalf("signal %v: %v", sig, err)
	}
}

// Exit waits for the process to end and returns how: "exit 0", "exit 1",
// "killed by hangup"...; it fails the test after Wait.
func (p *Proc) Exit() string {
	p.t.Helper()
	select {
	case <-p.done:
	case <-time.After(Wait):
		p.t.Fatalf("the process did not end within %v; standard error:\n%s", Wait, p.Stderr())
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if ws, ok := p.state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return "killed by " + ws.Signal().String()
	}
	return fmt.Sprintf("exit %d", p.state.ExitCode())
}

// Stderr returns the lines of standard error read so far.
func (p *Proc) Stderr() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// Stdout returns the standard output, whole once the process has ended.
func (p *Proc) Stdout() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stdout.String()
}
