//go:build unix

package server

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// childFDLimit is the open-file limit of the server process of
// TestFDExhaustion.
const childFDLimit = 256

// TestFDLimitChild is the server process of TestFDExhaustion: it lowers
// its open-file limit to childFDLimit, serves both protocols on loopback,
// prints their addresses, and stops when its standard input ends. With
// DLX_FDLIMIT_CHILD=high its connection caps are set above the limit, so
// that accepts fail for want of file descriptors.
func TestFDLimitChild(t *testing.T) {
	mode := os.Getenv("DLX_FDLIMIT_CHILD")
	if mode == "" {
		t.Skip("the server process of TestFDExhaustion")
	}
	lim := syscall.Rlimit{Cur: childFDLimit, Max: childFDLimit}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	hl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ll, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))}
	if mode == "high" {
		cfg.MaxConns, cfg.MaxConnsPerAddr = 1000, 1000
		cfg.Line.MaxConns, cfg.Line.MaxConnsPerAddr = 1000, 1000
	}
	s := New(cfg)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		io.Copy(io.Discard, os.Stdin)
		cancel()
	}()
	fmt.Printf("addrs %s %s\n", hl.Addr(), ll.Addr())
	if err := s.Serve(ctx, hl, ll); err != nil {
		t.Fatal(err)
	}
	fmt.Printf("accept_errors %d %d\n", s.httpLim.Stats().AcceptErrors.Load(), s.line.Stats.AcceptErrors.Load())
}

// TestFDExhaustion runs a server whose process may open 256 files.
//
// With the caps derived from that limit, it opens 400 idle HTTP
// connections and 300 idle line-protocol connections to it from eight
// addresses: a client of another address is still served by both
// protocols within a few seconds, and no accept fails. Before the fix,
// accepts failed for want of descriptors and locked out both protocols
// (HTTP for the 10 s of its header timeout, the line protocol for its 5
// minutes of idle timeout).
//
// With caps set above the limit, 400 idle HTTP connections make accepts
// fail: HTTP still serves another client within a few seconds (idle
// connections are closed to free descriptors), the failures are logged
// once or twice per protocol rather than once each, and once the idle
// connections go both protocols answer.
func TestFDExhaustion(t *testing.T) {
	var own syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &own); err != nil || own.Cur < 2000 {
		t.Skipf("this process may open %d files (%v); the test needs 2000", own.Cur, err)
	}
	for _, mode := range []string{"derived", "high"} {
		t.Run(mode, func(t *testing.T) { fdExhaustion(t, mode) })
	}
}

func fdExhaustion(t *testing.T, mode string) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestFDLimitChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), "DLX_FDLIMIT_CHILD="+mode)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan []string, 4) // the child's "addrs" and "accept_errors" lines
	exited := make(chan struct{})   // closed when the child has exited, with exitErr
	var exitErr error
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if f := strings.Fields(sc.Text()); len(f) == 3 && (f[0] == "addrs" || f[0] == "accept_errors") {
				lines <- f
			}
		}
		close(lines)
		exitErr = cmd.Wait()
		close(exited)
	}()
	var conns []net.Conn
	closeConns := func() {
		for _, c := range conns {
			c.Close()
		}
		conns = nil
	}
	stopped := false
	stop := func() {
		if !stopped {
			stopped = true
			stdin.Close()
		}
	}
	defer func() {
		closeConns()
		stop()
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	}()
	addrs, ok := <-lines
	if !ok {
		t.Fatalf("the server process printed no addresses; its log:\n%s", stderr.String())
	}
	httpAddr, lineAddr := addrs[1], addrs[2]

	// The idle connections, from 127.0.0.10-17: 50 HTTP and 37-38 line
	// connections each, within the per-address caps, beyond the caps in
	// all.
	idle := 700
	if mode == "high" {
		idle = 400
	}
	for i := range idle {
		addr := httpAddr
		if i >= 400 {
			addr = lineAddr
		}
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(10+i%8))}, Timeout: 5 * time.Second}
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("idle connection %d: %v", i, err)
		}
		conns = append(conns, c)
	}
	// Another client is served, well before the 10 s header timeout
	// would free HTTP connections.
	const deadline = 6 * time.Second
	start := time.Now()
	healthy(t, "127.0.0.2", "http://"+httpAddr, deadline)
	httpAfter := time.Since(start)
	lineServed := func(deadline time.Duration) time.Duration {
		start := time.Now()
		for !lineAnswers(lineAddr, "127.0.0.2") {
			if time.Since(start) > deadline {
				t.Fatalf("the line protocol did not answer within %v; the server's log:\n%s", deadline, stderr.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		return time.Since(start)
	}
	if mode == "derived" {
		t.Logf("%d idle connections: HTTP answered after %v, the line protocol after %v more",
			idle, httpAfter.Round(time.Millisecond), lineServed(deadline).Round(time.Millisecond))
		closeConns() // not to wait at shutdown for them
	} else {
		// The idle connections go: both protocols answer.
		closeConns()
		t.Logf("%d idle connections: HTTP answered after %v; once they closed, the line protocol after %v",
			idle, httpAfter.Round(time.Millisecond), lineServed(10*time.Second).Round(time.Millisecond))
		healthy(t, "127.0.0.2", "http://"+httpAddr, deadline)
	}
	stop()
	var errs []string
	for f := range lines {
		if f[0] == "accept_errors" {
			errs = f[1:]
		}
	}
	select {
	case <-exited:
		if exitErr != nil {
			t.Errorf("the server process: %v; its log:\n%s", exitErr, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Error("the server process did not stop")
	}
	log := stderr.String()
	failing := strings.Count(log, "accept failing")
	t.Logf("accepts failed for want of descriptors: HTTP %s, line %s; logged %d times", errs[0], errs[1], failing)
	switch {
	case strings.Contains(log, "Accept error"):
		t.Errorf("net/http logged accept errors itself:\n%s", log)
	case mode == "derived" && (failing != 0 || errs[0] != "0" || errs[1] != "0"):
		t.Errorf("accepts failed with the caps derived from the limit:\n%s", log)
	case mode == "high" && (failing < 1 || failing > 4 || errs[0] == "0"):
		t.Errorf("%d logs of failing accepts, want 1 to 4 (an episode or two per protocol):\n%s", failing, log)
	}
}

// lockedBuffer is a bytes.Buffer safe for a writer and a reader.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}
