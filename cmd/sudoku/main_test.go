package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cli/clitest"
	"github.com/dlxkit/dlx/internal/testkit/gridtest"
)

// runCmd runs the command in process and returns stdout, stderr and the
// exit code.
func runCmd(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return runCmdCtx(context.Background(), stdin, args...)
}

// runCmdCtx is runCmd with a context.
func runCmdCtx(ctx context.Context, stdin string, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code := program.Run(ctx, e, args)
	return out.String(), errb.String(), code
}

// timings matches what varies from run to run in the summaries and the
// JSON records: "in 3ms (361 puzzles/s)", "counted in 213ms", "ms":1.5.
var timings = regexp.MustCompile(`in [0-9.]+[µnm]?s( \([0-9,.]+ puzzles/s\))?|"ms":[0-9.e-]+`)

// TestGolden runs each testdata/*.txtar (see clitest.Run): the comment
// holds "args:" and "exit:", the files "stdin", "stdout" and "stderr" are
// the input and the expected output, times replaced by "in T" and
// "ms":T; go test -update rewrites them.
func TestGolden(t *testing.T) {
	clitest.Run(t, "testdata/*.txtar", program.Run, func(s string) string {
		return timings.ReplaceAllStringFunc(s, func(m string) string {
			if strings.HasPrefix(m, `"ms"`) {
				return `"ms":T`
			}
			return "in T"
		})
	})
}

// TestCountInterrupted: Ctrl-C during an endless count (an empty grid,
// no limit) stops it and prints the count so far, marked as such, in text
// and JSON, with exit status 1.
func TestCountInterrupted(t *testing.T) {
	empty := strings.Repeat(".", 81) + "\n"
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"count", "-limit", "0"}, "+ (interrupted)\n"},
		{[]string{"count", "-limit", "0", "-json"}, `"complete":false,"stopped":"interrupted"}`},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		stdout, stderr, code := runCmdCtx(ctx, empty, tt.args...)
		cancel()
		if code != 1 || !strings.Contains(stdout, tt.want) || !strings.Contains(stderr, "interrupted") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", tt.args, code, stdout, stderr, tt.want)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%v: took %v after a 200 ms interrupt", tt.args, d)
		}
	}
}

// TestRateHintConfined: rate and hint on grids without a solution whose
// uniqueness check once ran for hours (issue 10: a box where k digits
// have k-1 cells). The 16x16 (k = 3) is answered "no solution" at
// once; on the harder ones an interrupt stops the command promptly.
func TestRateHintConfined(t *testing.T) {
	for _, g := range []struct{ b, k int }{{4, 3}, {5, 3}, {4, 4}, {5, 4}} {
		grid := gridtest.Letters(gridtest.Confined(g.b, g.b, g.k))
		for _, args := range [][]string{{"rate"}, {"hint"}, {"rate", "-json"}, {"hint", "-json"}} {
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			start := time.Now()
			stdout, stderr, code := runCmdCtx(ctx, grid+"\n", args...)
			cancel()
			d := time.Since(start)
			solved := strings.Contains(stdout+stderr, "no solution")
			stopped := strings.Contains(stderr, "interrupted") || strings.Contains(stderr, "context")
			if code != 1 || !(solved || stopped) || d > 3*time.Second {
				t.Errorf("%v on the %dx%d grid with %d digits in %d cells: exit %d after %v, stdout %q, stderr %q; want exit 1, no solution or interrupted, within a few hundred ms",
					args, g.b*g.b, g.b*g.b, g.k, g.k-1, code, d, stdout, stderr)
			}
		}
	}
}
