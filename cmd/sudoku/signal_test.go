//go:build unix

package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/proctest"
)

// TestMainProcess is the child process of the tests below.
func TestMainProcess(t *testing.T) { proctest.Main(t, main) }

// startServe runs sudoku serve in a child process on free ports and
// returns it with its HTTP address, read from its log.
func startServe(t *testing.T) (*proctest.Proc, string) {
	t.Helper()
	p := proctest.Start(t, "TestMainProcess", "serve", "-http", "127.0.0.1:0", "-line", "127.0.0.1:0")
	l := p.WaitLine("http listening")
	_, addr, _ := strings.Cut(l, "addr=")
	addr, _, _ = strings.Cut(addr, " ")
	p.WaitLine("line protocol listening")
	return p, addr
}

// TestServeStopSignals: SIGHUP, like SIGINT and SIGTERM, stops sudoku
// serve gracefully: a request in flight (its body not all sent yet) is
// answered after the signal, and the exit status is 0. SIGHUP used to
// kill the server at once.
func TestServeStopSignals(t *testing.T) {
	const puzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			p, addr := startServe(t)
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			// Expect: 100-continue: the server says when the handler
			// starts reading the body, so the request is in flight.
			fmt.Fprintf(c, "POST /api/solve HTTP/1.1\r\nHost: sudoku\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", len(puzzle))
			br := bufio.NewReader(c)
			if resp, err := http.ReadResponse(br, nil); err != nil || resp.StatusCode != http.StatusContinue {
				t.Fatalf("no 100 Continue: %v %v", resp, err)
			}
			p.Signal(sig)
			p.WaitLine("shutting down")
			io.WriteString(c, puzzle)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatalf("the request in flight: %v; the server's log:\n%s", err, p.Stderr())
			}
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"solution"`) {
				t.Errorf("the request in flight: %s %s", resp.Status, body)
			}
			if got := p.Exit(); got != "exit 0" {
				t.Errorf("%s after %v, want exit 0; log:\n%s", got, sig, p.Stderr())
			}
			if !strings.Contains(p.Stderr(), "msg=stopped") {
				t.Errorf("no graceful stop in the log:\n%s", p.Stderr())
			}
		})
	}
}

// TestServeLogReaderGone: with standard error a pipe whose reader has
// closed, sudoku serve goes on answering after its log lines fail (it
// used to die of SIGPIPE at the first one), and still stops gracefully.
func TestServeLogReaderGone(t *testing.T) {
	p, addr := startServe(t)
	p.CloseStderr()
	for i := range 3 {
		// Each request logs a line, which fails.
		resp, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			t.Fatalf("request %d after the log reader closed: %v", i+1, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), `"ok"`) {
			t.Fatalf("request %d: %s %s", i+1, resp.Status, body)
		}
	}
	p.Signal(syscall.SIGTERM)
	if got := p.Exit(); got != "exit 0" {
		t.Errorf("%s, want exit 0", got)
	}
}

// TestLoadtestSignals: Ctrl-C (SIGINT) and SIGTERM stop sudoku loadtest
// against a server that never answers: it prints its figures so far and
// exits 1. It used to ignore Ctrl-C there, waiting for ever.
func TestLoadtestSignals(t *testing.T) {
	for _, tt := range []struct {
		sig  os.Signal
		want string
	}{
		{syscall.SIGINT, "interrupt signal received"},
		{syscall.SIGTERM, "terminated signal received"},
	} {
		t.Run(tt.sig.String(), func(t *testing.T) {
			addr, read := lineServer(t, 0, true)
			p := proctest.Start(t, "TestMainProcess", "loadtest", "-addr", addr, "-file", puzzleFile(t), "-n", "100", "-timeout", "0")
			select {
			case <-read:
			case <-t.Context().Done():
			}
			p.Signal(tt.sig)
			if got := p.Exit(); got != "exit 1" {
				t.Errorf("%s after %v, want exit 1; stderr:\n%s", got, tt.sig, p.Stderr())
			}
			if want := "sudoku loadtest: interrupted after 0 of 100 replies: " + tt.want + "\n"; p.Stderr() != want {
				t.Errorf("stderr %q, want %q", p.Stderr(), want)
			}
			if !strings.Contains(p.Stdout(), "cut short: 0 replies to ") || !strings.Contains(p.Stdout(), "throughput") {
				t.Errorf("stdout %q, want the figures so far", p.Stdout())
			}
		})
	}
}
