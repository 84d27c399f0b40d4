package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestCountGridsInterrupted: Ctrl-C during the 9x9 count stops it soon,
// prints no number, says "interrupted" (a record with -json) and exits 1.
func TestCountGridsInterrupted(t *testing.T) {
	for _, args := range [][]string{{"count-grids", "3x3"}, {"count-grids", "-json", "3x3"}} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		stdout, stderr, code := runCmdCtx(ctx, "", args...)
		cancel()
		wantOut := ""
		if len(args) == 3 {
			wantOut = `"code":"canceled"`
		}
		if code != 1 || !strings.Contains(stderr, "interrupted") || (wantOut == "" && stdout != "") || !strings.Contains(stdout, wantOut) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1, interrupted", args, code, stdout, stderr)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%v: took %v after a 100 ms interrupt", args, d)
		}
	}
}

// TestCountGrids9x9: the command prints the number of 9x9 grids.
func TestCountGrids9x9(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds")
	}
	stdout, _, code := runCmdCtx(context.Background(), "", "count-grids", "-quiet", "9")
	if code != 0 || stdout != "6670903752021072936960\n" {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
}
