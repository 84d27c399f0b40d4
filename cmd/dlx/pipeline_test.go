package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/countfmt"
)

// gen runs "dlx gen args..." and returns its output.
func gen(t testing.TB, args ...string) string {
	t.Helper()
	out, errs, code := runCmd(context.Background(), append([]string{"gen"}, args...), "")
	if code != 0 {
		t.Fatalf("dlx gen %v: exit %d: %s", args, code, errs)
	}
	return out
}

// countOf runs "dlx count flags..." on input and returns the number.
func countOf(t *testing.T, input string, flags ...string) int64 {
	t.Helper()
	out, errs, code := runCmd(context.Background(), append([]string{"count"}, flags...), input)
	if code != 0 {
		t.Fatalf("dlx count %v: exit %d: %s", flags, code, errs)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		t.Fatalf("dlx count output %q: %v", out, err)
	}
	return n
}

func long() bool { return !testing.Short() && os.Getenv("DLX_LONG") != "" }

// TestGenCount checks "dlx gen MODEL | dlx count" against the known
// numbers of solutions (OEIS A000170 for the queens; 4 × the packings up to
// symmetry for the pentominoes; 2 × OEIS A014552 for Langford pairs).
func TestGenCount(t *testing.T) {
	queens := []int64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712}
	type tc struct {
		model, arg string
		want       int64
		long       bool
	}
	var tests []tc
	for n, want := range queens {
		tests = append(tests, tc{"queens", strconv.Itoa(n + 1), want, n+1 >= 12 && testing.Short()})
	}
	tests = append(tests,
		tc{"langford", "7", 52, false},
		tc{"langford", "8", 300, false},
		tc{"pentomino", "3x20", 8, testing.Short()},
		tc{"pentomino", "4x15", 1472, !long()},
		tc{"pentomino", "5x12", 4040, !long()},
		tc{"pentomino", "6x10", 9356, !long()},
	)
	for _, tt := range tests {
		t.Run(tt.model+tt.arg, func(t *testing.T) {
			if tt.long {
				t.Skip("long: set DLX_LONG=1 (without -short) to run it")
			}
			in := gen(t, tt.model, tt.arg)
			for _, workers := range []string{"1", "2"} {
				if tt.model == "queens" && tt.arg == "13" && workers == "1" {
					continue // the sequential count is TestGenMatchesDLX1's
				}
				if got := countOf(t, in, "-workers", workers); got != tt.want {
					t.Errorf("dlx gen %s %s | dlx count -workers %s = %d, want %d", tt.model, tt.arg, workers, got, tt.want)
				}
			}
		})
	}
}

// TestGenMatchesDLX1 checks that the generated files make the nodes and
// updates of Knuth's DLX1 on his files (BENCHMARKS.md).
func TestGenMatchesDLX1(t *testing.T) {
	tests := []struct {
		model, arg                string
		solutions, nodes, updates int64
		long                      bool
	}{
		{"queens", "8", 92, 1049, 16680, false},
		{"queens", "10", 724, 11578, 198264, false},
		{"queens", "12", 14200, 211716, 3594752, false},
		{"queens", "13", 73712, 1046319, 17463157, false},
		{"langford", "11", 35584, 439747, 5974979, false},
		{"pentomino", "6x10", 9356, 3637261, 1242377480, true},
	}
	for _, tt := range tests {
		t.Run(tt.model+tt.arg, func(t *testing.T) {
			if tt.long && !long() {
				t.Skip("long: set DLX_LONG=1 (without -short) to run it")
			}
			if testing.Short() && tt.nodes > 200000 {
				t.Skip("long in -short mode")
			}
			out, errs, code := runCmd(context.Background(), []string{"count", "-json", "-engine", "links"}, gen(t, tt.model, tt.arg))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var got countfmt.Count
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%q: %v", out, err)
			}
			want := countfmt.Count{Solutions: tt.solutions, Nodes: tt.nodes, Updates: tt.updates, Complete: true}
			if got != want {
				t.Errorf("dlx count -json = %+v, DLX1 %+v", got, want)
			}
		})
	}
}

func TestGenSudoku(t *testing.T) {
	const escargot = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
	in := gen(t, "sudoku", escargot)
	if got := countOf(t, in); got != 1 {
		t.Errorf("escargot: %d solutions, want 1", got)
	}
	// Without givens a 4x4 Sudoku has 288 solutions.
	if got := countOf(t, gen(t, "sudoku", "................")); got != 288 {
		t.Errorf("empty 4x4: %d solutions, want 288", got)
	}
	// The solution fills every cell once: 81 option lines.
	out, errs, code := runCmd(context.Background(), []string{"solve"}, in)
	if code != 0 || strings.Count(out, "\n") != 81 {
		t.Errorf("solve: exit %d, %d lines, stderr %q", code, strings.Count(out, "\n"), errs)
	}
	if _, errs, code := runCmd(context.Background(), []string{"gen", "sudoku", "12x"}, ""); code != 2 || errs == "" {
		t.Errorf("bad puzzle: exit %d, stderr %q", code, errs)
	}
}

// TestInterrupt cancels long searches: the count or the solutions found
// so far are printed, stderr says partial, the exit status is 1.
func TestInterrupt(t *testing.T) {
	in := gen(t, "queens", "18")
	for _, args := range [][]string{
		{"count"},
		{"count", "-workers", "2"},
		{"solve", "-all", "-format", "knuth"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			start := time.Now()
			out, errs, code := runCmd(ctx, args, in)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("stopped after %v", d)
			}
			if code != 1 || !strings.Contains(errs, "partial: interrupted") {
				t.Errorf("exit %d, stderr %q", code, errs)
			}
			if args[0] == "count" {
				if _, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64); err != nil {
					t.Errorf("partial count %q: %v", out, err)
				}
			}
		})
	}
}

// TestProgress shows the progress line on a terminal, and not with -quiet.
func TestProgress(t *testing.T) {
	delay, tick := cli.ProgressDelay, cli.ProgressTick
	cli.ProgressDelay, cli.ProgressTick = 0, time.Millisecond
	defer func() { cli.ProgressDelay, cli.ProgressTick = delay, tick }()
	in := gen(t, "queens", "11")
	for _, quiet := range []bool{false, true} {
		args := []string{"count", "-workers", "2", "-engine", "links"} // links: slow enough for a progress line
		if quiet {
			args = append(args, "-quiet")
		}
		var out, errb strings.Builder
		code := program.Run(context.Background(), &cli.Env{Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errb, StderrTTY: true}, args)
		if code != 0 || out.String() != "2680\n" {
			t.Fatalf("%v: exit %d, stdout %q", args, code, out.String())
		}
		errs := errb.String()
		if quiet {
			if errs != "" {
				t.Errorf("-quiet: stderr %q", errs)
			}
			continue
		}
		if !strings.Contains(errs, "subproblems") || !strings.HasSuffix(errs, "\r\x1b[K") {
			t.Errorf("no progress line, or not erased: %q", errs)
		}
	}
}

// TestStats prints the statistics line on stderr.
func TestStats(t *testing.T) {
	out, errs, code := runCmd(context.Background(), []string{"count", "-stats", "-engine", "links"}, gen(t, "queens", "8"))
	if code != 0 || out != "92\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	if !strings.HasPrefix(errs, "dlx count: 92 solutions, 1049 nodes, 16680 updates in ") || !strings.Contains(errs, "updates/s") {
		t.Errorf("stats %q", errs)
	}
}

// TestSeedOrder checks that -seed changes the order of the solutions and
// not their set.
func TestSeedOrder(t *testing.T) {
	in := gen(t, "queens", "6")
	var outs []string
	for _, seed := range []string{"0", "1", "2"} {
		out, errs, code := runCmd(context.Background(), []string{"solve", "-all", "-seed", seed, "-json"}, in)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 4 {
			t.Fatalf("seed %s: %d solutions", seed, len(lines))
		}
		outs = append(outs, fmt.Sprint(sortedOptions(t, lines)))
	}
	if outs[0] != outs[1] || outs[0] != outs[2] {
		t.Errorf("seeds give different solution sets: %v", outs)
	}
}

func sortedOptions(t *testing.T, lines []string) []string {
	var s []string
	for _, l := range lines {
		var j solutionJSON
		if err := json.Unmarshal([]byte(l), &j); err != nil {
			t.Fatal(err)
		}
		s = append(s, fmt.Sprint(j.Options))
	}
	slices.Sort(s)
	return s
}
