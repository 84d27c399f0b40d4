package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// lineServer serves a fake line protocol on a loopback port: each
// connection answers replies requests with NoSolution, then closes, or
// with stall, reads the rest and answers nothing. read is closed at the
// first request line read.
func lineServer(t *testing.T, replies int, stall bool) (addr string, read chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	read = make(chan struct{})
	var once sync.Once
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			wg.Go(func() {
				defer c.Close()
				br := bufio.NewReader(c)
				for k := 0; ; k++ {
					l, err := br.ReadString('\n')
					if err != nil {
						return
					}
					once.Do(func() { close(read) })
					if k >= replies {
						if stall {
							continue
						}
						// End of file for the client; read the rest (a close
						// with requests unread would reset the connection).
						c.(*net.TCPConn).CloseWrite()
						io.Copy(io.Discard, br)
						return
					}
					id, _, _ := strings.Cut(l, ":")
					fmt.Fprintf(c, "%s:NoSolution\r\n", id)
				}
			})
		}
	})
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close() // a handler may wait on a client that hangs
		}
		mu.Unlock()
		wg.Wait()
	})
	return ln.Addr().String(), read
}

// puzzleFile writes a file of one easy puzzle and returns its name.
func puzzleFile(t *testing.T) string {
	const sol = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
	file := filepath.Join(t.TempDir(), "p.txt")
	if err := os.WriteFile(file, []byte("0"+sol[1:]+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestLoadtestCutShort: a server that closes the connections, or stops
// answering, ends sudoku loadtest at once with the figures so far, the
// reason on standard error and exit status 1 (it used to hang for ever).
func TestLoadtestCutShort(t *testing.T) {
	file := puzzleFile(t)
	for _, tt := range []struct {
		name   string
		stall  bool
		args   []string
		stdout []string
		stderr string
	}{
		{"closed", false, []string{"-conns", "2"},
			[]string{"cut short: 20 replies to ", " requests sent of 100, over 2 connections, pipeline 4", "throughput", "p50", "replies     0 solved, 20 NoSolution, 0 wrong"},
			"sudoku loadtest: cut short after 20 of 100 replies: 2 connections: the server closed the connection after 20 of their 100 replies\n"},
		{"stalled", true, []string{"-conns", "1", "-timeout", "100ms"},
			[]string{"cut short: 10 replies to ", " requests sent of 100, over 1 connections", "replies     0 solved, 10 NoSolution, 0 wrong"},
			"sudoku loadtest: cut short after 10 of 100 replies: connection 0: no reply within 100ms after 10 of its 100 replies\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			addr, _ := lineServer(t, 10, tt.stall)
			args := append([]string{"loadtest", "-addr", addr, "-file", file, "-n", "100", "-pipeline", "4"}, tt.args...)
			stdout, stderr, code := runWithin(t, context.Background(), args...)
			if code != 1 || stderr != tt.stderr {
				t.Errorf("exit %d, stderr %q; want 1, %q", code, stderr, tt.stderr)
			}
			for _, want := range tt.stdout {
				if !strings.Contains(stdout, want) {
					t.Errorf("stdout lacks %q:\n%s", want, stdout)
				}
			}
		})
	}
}

// TestLoadtestInterrupted: Ctrl-C (the context) stops a load test whose
// server never answers; it prints what it has, exit status 1.
func TestLoadtestInterrupted(t *testing.T) {
	addr, read := lineServer(t, 0, true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-read
		cancel()
	}()
	stdout, stderr, code := runWithin(t, ctx, "loadtest", "-addr", addr, "-file", puzzleFile(t), "-n", "100", "-timeout", "0")
	if want := "sudoku loadtest: interrupted after 0 of 100 replies: context canceled\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 1, %q", code, stderr, want)
	}
	if !strings.Contains(stdout, "cut short: 0 replies to ") {
		t.Errorf("stdout %q, want the figures so far", stdout)
	}
}

// runWithin is runCmdCtx failing the test after a generous deadline (a
// hang).
func runWithin(t *testing.T, ctx context.Context, args ...string) (string, string, int) {
	t.Helper()
	type result struct {
		stdout, stderr string
		code           int
	}
	done := make(chan result, 1)
	go func() {
		o, e, c := runCmdCtx(ctx, "", args...)
		done <- result{o, e, c}
	}()
	select {
	case r := <-done:
		return r.stdout, r.stderr, r.code
	case <-time.After(30 * time.Second):
		t.Fatalf("%q did not end within 30 s", args)
		return "", "", 0
	}
}
