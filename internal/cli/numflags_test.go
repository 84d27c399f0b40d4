package cli

import (
	"strings"
	"testing"
)

// TestNumberFlags: CountVar, Count64Var and BytesVar read numbers as
// people write them, show N and SIZE as placeholders and their defaults
// in a form they read back, and refuse what is not a number as a usage
// error that says what they take.
func TestNumberFlags(t *testing.T) {
	var n int
	var n64, size int64
	newFS := func(e *Env) *FlagSet {
		fs := NewFlagSet(e, "prog cmd", "[flags]", "")
		fs.CountVar(&n, "conns", 10000, "connections")
		fs.Count64Var(&n64, "budget", 50_000_000, "nodes")
		fs.BytesVar(&size, "max-body", 1<<20, "largest body")
		return fs
	}
	e, out, _ := testEnv("")
	newFS(e).PrintHelp(out)
	for _, line := range []string{"  -conns N\n", "connections (default 10000)\n", "  -budget N\n", "nodes (default 50000000)\n", "  -max-body SIZE\n", "largest body (default 1MiB)\n"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("no %q in\n%s", line, out)
		}
	}
	for _, tt := range []struct {
		args          []string
		conns         int
		budget, bytes int64
	}{
		{[]string{"-conns", "10,000", "-budget", "5e6", "-max-body", "2MiB"}, 10000, 5_000_000, 2 << 20},
		{[]string{"-conns=1_000", "-budget=1.5e3", "-max-body=64KiB"}, 1000, 1500, 64 << 10},
		{[]string{"-max-body", "1 MB"}, 10000, 50_000_000, 1_000_000},
		{nil, 10000, 50_000_000, 1 << 20},
	} {
		e, _, _ := testEnv("")
		fs := newFS(e)
		if _, code, ok := fs.Parse(tt.args); !ok || code != 0 {
			t.Errorf("%q: exit %d", tt.args, code)
			continue
		}
		if n != tt.conns || n64 != tt.budget || size != tt.bytes {
			t.Errorf("%q: %d %d %d, want %d %d %d", tt.args, n, n64, size, tt.conns, tt.budget, tt.bytes)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-conns", "1.5"}, "not a whole number"},
		{[]string{"-conns", "10 thousand"}, "50e6"},
		{[]string{"-budget", "1e400"}, "exponent"},
		{[]string{"-max-body", "1 MiB of text"}, "1MiB"},
		{[]string{"-max-body", "-1KiB"}, "negative"},
	} {
		e, _, errb := testEnv("")
		fs := newFS(e)
		if _, code, ok := fs.Parse(tt.args); ok || code != ExitUsage || !strings.Contains(errb.String(), tt.want) || !strings.Contains(errb.String(), "invalid value") {
			t.Errorf("%q: ok %v exit %d, stderr %q; want a usage error saying %q", tt.args, ok, code, errb, tt.want)
		}
	}
}
