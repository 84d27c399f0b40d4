package main

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeNothing: -http - and -line - leave nothing to serve: a usage
// error at once (it used to run until interrupted, serving nothing).
func TestServeNothing(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	start := time.Now()
	_, stderr, code := runCmdCtx(ctx, "", "serve", "-http", "-", "-line", "-")
	if code != 2 || !strings.Contains(stderr, "nothing to serve") || time.Since(start) > 4*time.Second {
		t.Errorf("serve -http - -line -: exit %d after %v, stderr %q; want exit 2 at once, saying there is nothing to serve", code, time.Since(start).Round(time.Millisecond), stderr)
	}
}

// TestServeNumberValues: the count and size flags take numbers as people
// write them (10,000, 1e2, 9_000, 2MiB, 5e6), and those values reach the
// server: its log names the connection caps, and a body of 1.5 MiB is
// read under -max-body 2MiB (413 under the default 1MiB).
func TestServeNumberValues(t *testing.T) {
	for _, tt := range []struct {
		maxBody string
		status  int // of a 1.5 MiB body
	}{
		{"2MiB", http.StatusBadRequest}, {"2,097,152", http.StatusBadRequest}, {"1.5e6", http.StatusRequestEntityTooLarge}, {"", http.StatusRequestEntityTooLarge},
	} {
		addr := freeAddr(t)
		args := []string{"serve", "-http", addr, "-line", "127.0.0.1:0", "-max-conns", "10,000", "-max-conns-per-addr", "1e2", "-line-max-conns", "9_000", "-node-budget", "5e6"}
		if tt.maxBody != "" {
			args = append(args, "-max-body", tt.maxBody)
		}
		ctx, cancel := context.WithCancel(context.Background())
		type result struct {
			stderr string
			code   int
		}
		done := make(chan result, 1)
		go func() {
			_, stderr, code := runCmdCtx(ctx, "", args...)
			done <- result{stderr, code}
		}()
		status := 0
		body := bytes.Repeat([]byte("."), 3<<19)
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			resp, err := http.Post("http://"+addr+"/api/solve", "text/plain", bytes.NewReader(body))
			if err == nil {
				status = resp.StatusCode
				resp.Body.Close()
				break
			}
		}
		cancel()
		r := <-done
		if r.code != 0 {
			t.Fatalf("serve %q: exit %d, stderr %q", args, r.code, r.stderr)
		}
		if status != tt.status {
			t.Errorf("-max-body %q: a body of 1.5 MiB answered %d, want %d", tt.maxBody, status, tt.status)
		}
		for _, want := range []string{"max_conns=10000 max_conns_per_addr=100", "max_conns=9000"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("log lacks %q:\n%s", want, r.stderr)
			}
		}
	}
}

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}
