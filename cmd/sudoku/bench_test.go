package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
)

const (
	benchPuzzleA   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	benchSolutionA = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	benchPuzzleB   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" // hard, unique
	benchEmpty     = "................................................................................."
)

// runBenchCmd runs `sudoku bench args...` in process.
func runBenchCmd(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runCmd(t, "", append([]string{"bench"}, args...)...)
}

func writeBenchFixture(t *testing.T, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestBenchTable(t *testing.T) {
	f := writeBenchFixture(t, "# a comment", benchPuzzleA+" 2.3", strings.ReplaceAll(benchPuzzleB, ".", "0"), "")
	out, errs, code := runBenchCmd(t, "-solver", "fast,dfs,dlx", f)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s", code, errs, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("want a header and 3 lines, got:\n%s", out)
	}
	for i, solver := range []string{"fast", "dfs", "dlx"} {
		fields := strings.Fields(lines[i+1])
		if fields[0] != "puzzles.txt" || fields[1] != "2" || fields[2] != solver {
			t.Errorf("line %q: want puzzles.txt, 2 puzzles, solver %s", lines[i+1], solver)
		}
		if !strings.Contains(lines[i+1], "yes") {
			t.Errorf("line %q: solutions not checked", lines[i+1])
		}
	}
}

func TestBenchCountJSON(t *testing.T) {
	f := writeBenchFixture(t, benchEmpty, benchPuzzleA)
	out, errs, code := runBenchCmd(t, "-count", "-json", "-solver", "fast,dfs,dlx", "-workers", "2", f)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var rs []benchResult
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var r benchResult
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("bad JSON %v:\n%s", err, out)
		}
		rs = append(rs, r)
	}
	if len(rs) != 3 {
		t.Fatalf("want 3 results, got %d", len(rs))
	}
	for _, r := range rs {
		if r.Mode != "count" || r.Puzzles != 2 || r.Solved != 2 || r.Multiple != 1 || r.Bad != 0 || r.Disagree != 0 || r.Workers != 2 {
			t.Errorf("result %+v: want count mode, 2 puzzles solved, 1 with 2+ solutions, no bad, agreeing", r)
		}
		if r.PerSecond <= 0 || r.MsPerPuzzle <= 0 || r.Ms <= 0 || !r.Complete || r.Stopped != "" {
			t.Errorf("result %+v: no speed", r)
		}
		if cputime.Process() > 0 && r.CPUMsPerPuzzle <= 0 {
			t.Errorf("result %+v: no CPU time per puzzle", r)
		}
	}
	if rs[0].Checked != 2 || rs[1].Checked != 2 {
		t.Errorf("fast and dfs return solutions to check: %+v", rs[:2])
	}
}

func TestBenchPlot(t *testing.T) {
	f := writeBenchFixture(t, benchPuzzleA)
	svg := filepath.Join(t.TempDir(), "out.svg")
	if _, errs, code := runBenchCmd(t, "-solver", "fast,dfs", "-plot", svg, f, f); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasPrefix(s, "<svg") || strings.Count(s, "<title>") != 4 || !strings.Contains(s, "puzzles.txt fast") {
		t.Errorf("SVG lacks the 4 bars:\n%s", s)
	}
}

func TestBenchErrors(t *testing.T) {
	bad := writeBenchFixture(t, benchPuzzleA, benchPuzzleA[:40]+"x"+benchPuzzleA[41:])
	short := writeBenchFixture(t, benchPuzzleA[:80])
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{}, 2, "stdin: no puzzles"},
		{[]string{"-solver", "fast,nope", bad}, 2, `unknown solver "nope"`},
		{[]string{"-workers", "0", bad}, 2, "-workers"},
		{[]string{bad}, 2, "puzzles.txt:2:41: unexpected 'x'"},
		{[]string{short}, 2, "puzzles.txt:1:81: line ends after 80 cells"},
		{[]string{filepath.Join(t.TempDir(), "missing")}, 2, "no such file"},
	} {
		out, errs, code := runBenchCmd(t, tc.args...)
		if out != "" {
			t.Errorf("bench %q: stdout %q", tc.args, out)
		}
		if code != tc.code || !strings.Contains(errs, tc.err) {
			t.Errorf("bench %q: exit %d, stderr %q; want exit %d and %q", tc.args, code, errs, tc.code, tc.err)
		}
	}
}

func TestValidBenchSolution(t *testing.T) {
	var p, s [81]uint8
	for i := range 81 {
		if c := benchPuzzleA[i]; c != '.' {
			p[i] = c - '0'
		}
		s[i] = benchSolutionA[i] - '0'
	}
	if !validBenchSolution(&p, &s) {
		t.Fatal("the known solution is rejected")
	}
	swap := s
	swap[0], swap[1] = swap[1], swap[0] // rows stay permutations, columns do not
	bad := s
	bad[80] = 0
	keep := s
	p2 := p
	p2[2] = 1 // a given the solution does not keep (the cell holds 4)
	for name, tc := range map[string]struct{ p, s *[81]uint8 }{
		"swapped": {&[81]uint8{}, &swap},
		"blank":   {&p, &bad},
		"givens":  {&p2, &keep},
	} {
		if validBenchSolution(tc.p, tc.s) {
			t.Errorf("%s: accepted", name)
		}
	}
}
