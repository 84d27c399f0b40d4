package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestServeLimitFlags: the flags of the search shares and the connection
// caps reach the server (its listening log names the caps), and bad
// values are usage errors.
func TestServeLimitFlags(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, stderr, code := runCmdCtx(ctx, "", "serve", "-http", "127.0.0.1:0", "-line", "127.0.0.1:0",
		"-max-searches", "4", "-max-searches-per-addr", "1", "-search-wait", "-1s", "-trust-x-forwarded-for",
		"-max-conns", "7", "-max-conns-per-addr", "3", "-line-max-conns", "9", "-line-max-conns-per-addr", "2")
	if code != 0 {
		t.Fatalf("serve: code %d, log %q", code, stderr)
	}
	for _, want := range []string{
		`msg="http listening" addr=127.0.0.1:`, "max_conns=7 max_conns_per_addr=3",
		"max_searches=4 max_searches_per_addr=1 search_wait=-1s trust_x_forwarded_for=true",
		`msg="line protocol listening"`, "max_conns=9 max_conns_per_addr=2",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("log lacks %q:\n%s", want, stderr)
		}
	}
	for _, args := range [][]string{
		{"-max-searches-per-addr", "x"},
		{"-search-wait", "1"},
		{"-max-conns", "1.5"},
	} {
		if _, _, code := runCmdCtx(context.Background(), "", append([]string{"serve"}, args...)...); code != 2 {
			t.Errorf("serve %q: code %d, want 2", args, code)
		}
	}
}
