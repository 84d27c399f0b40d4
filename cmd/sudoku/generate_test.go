package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/service/server"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// genLines runs generate and returns its output lines.
func genLines(t *testing.T, args ...string) []string {
	t.Helper()
	out, errs, code := runCmd(t, "", append([]string{"generate"}, args...)...)
	if code != 0 {
		t.Fatalf("generate %v: code %d: %s", args, code, errs)
	}
	if !strings.Contains(errs, "puzzles/s") {
		t.Errorf("generate %v: no summary on stderr: %q", args, errs)
	}
	return strings.Split(strings.TrimSuffix(out, "\n"), "\n")
}

// checkUnique parses each one-line puzzle and checks with sudoku.Solver
// (not the generator's own solver) that it has exactly one solution.
func genCheckUnique(t *testing.T, lines []string, opt sudoku.ReadOptions, v func(sudoku.Shape) *sudoku.Variant) []*sudoku.Grid {
	t.Helper()
	s := sudoku.NewSolver(sudoku.Options{})
	var out []*sudoku.Grid
	for i, line := range lines {
		g, _, err := sudoku.ParseGrid(line, opt)
		if err != nil {
			t.Fatalf("line %d %q: %v", i+1, line, err)
		}
		if v != nil {
			g.Variant = v(g.Shape)
		}
		if n, err := s.Count(context.Background(), g, 2); n != 1 || err != nil {
			t.Fatalf("line %d %q: %d solutions (%v)", i+1, line, n, err)
		}
		out = append(out, g)
	}
	return out
}

func TestGenerateReproducible(t *testing.T) {
	one := genLines(t, "-n", "30", "-seed", "7", "-workers", "1")
	two := genLines(t, "-n", "30", "-seed", "7", "-workers", "2")
	if len(one) != 30 || strings.Join(one, "\n") != strings.Join(two, "\n") {
		t.Fatalf("-workers 1 and 2 differ:\n%s\n--\n%s", strings.Join(one, "\n"), strings.Join(two, "\n"))
	}
	other := genLines(t, "-n", "30", "-seed", "8", "-workers", "2")
	if strings.Join(one, "\n") == strings.Join(other, "\n") {
		t.Error("seeds 7 and 8 gave the same puzzles")
	}
	seen := map[string]bool{}
	for _, g := range genCheckUnique(t, one, sudoku.ReadOptions{}, nil) {
		if len(g.Cells) != 81 || seen[g.String()] {
			t.Errorf("puzzle %s repeated or not 9x9", g)
		}
		seen[g.String()] = true
	}
}

func TestGenerateJSON(t *testing.T) {
	lines := genLines(t, "-n", "8", "-seed", "3", "-json", "-symmetry", "rot180")
	s := sudoku.NewSolver(sudoku.Options{})
	for i, line := range lines {
		var j generateJSON
		if err := json.Unmarshal([]byte(line), &j); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		p, _, err := sudoku.ParseGrid(j.Puzzle, sudoku.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		sol, err := s.Solve(context.Background(), p)
		if err != nil || sol.String() != j.Solution {
			t.Errorf("puzzle %d: solution %s, solver %v (%v)", i, j.Solution, sol, err)
		}
		givens := 0
		for c, d := range p.Cells {
			if d != 0 {
				givens++
			}
			if (d == 0) != (p.Cells[80-c] == 0) {
				t.Errorf("puzzle %d not symmetric under a half turn at cell %d", i, c)
				break
			}
		}
		if j.Index != i+1 || j.Givens != givens || j.Level != "" {
			t.Errorf("puzzle %d: %+v (givens counted %d)", i, j, givens)
		}
	}
	genCheckUnique(t, func() []string {
		var ps []string
		for _, line := range lines {
			var j generateJSON
			_ = json.Unmarshal([]byte(line), &j)
			ps = append(ps, j.Puzzle)
		}
		return ps
	}(), sudoku.ReadOptions{}, nil)
}

func TestGenerateLevel(t *testing.T) {
	for _, level := range []string{"easy", "hard"} {
		lines := genLines(t, "-n", "4", "-seed", "11", "-level", level, "-json")
		for _, line := range lines {
			var j generateJSON
			if err := json.Unmarshal([]byte(line), &j); err != nil {
				t.Fatal(err)
			}
			p, _, err := sudoku.ParseGrid(j.Puzzle, sudoku.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := logic.Rate(context.Background(), p)
			if err != nil {
				t.Fatal(err)
			}
			if r.Level.String() != level || j.Level != level || r.Rating != j.Rating {
				t.Errorf("-level %s: %s rates %.1f %s, JSON says %.1f %s", level, j.Puzzle, r.Rating, r.Level, j.Rating, j.Level)
			}
		}
	}
	_, errs, code := runCmd(t, "", "generate", "-n", "3", "-seed", "5", "-se", "2.5-3.4")
	if code != 0 || !strings.Contains(errs, "levels: medium 3") {
		t.Errorf("-se 2.5-3.4: code %d, %s", code, errs)
	}
}

func TestGenerateTargets(t *testing.T) {
	for _, g := range genCheckUnique(t, genLines(t, "-n", "5", "-seed", "2", "-givens", "30"), sudoku.ReadOptions{}, nil) {
		if n := 81 - strings.Count(g.String(), "."); n != 30 {
			t.Errorf("%s: %d givens, want 30", g, n)
		}
	}
	genCheckUnique(t, genLines(t, "-n", "5", "-seed", "2", "-size", "2x3"), sudoku.ReadOptions{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}}, nil)
	diag := func(s sudoku.Shape) *sudoku.Variant {
		v, err := sudoku.VariantByName("diagonal", s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	lines := genLines(t, "-n", "5", "-seed", "2", "-variant", "diagonal")
	genCheckUnique(t, lines, sudoku.ReadOptions{}, diag)
	// Without the diagonal rule a minimal X-sudoku usually has several
	// solutions: check that at least one does, so the variant was used.
	s := sudoku.NewSolver(sudoku.Options{})
	several := 0
	for _, line := range lines {
		g, _, _ := sudoku.ParseGrid(line, sudoku.ReadOptions{})
		if n, _ := s.Count(context.Background(), g, 2); n > 1 {
			several++
		}
	}
	if several == 0 {
		t.Error("no X-sudoku needs its diagonals")
	}
}

func TestGenerateInterrupt(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	out, errs, code := runCmdCtx(ctx, "", "generate", "-n", "1000000", "-seed", "1", "-workers", "2")
	if code != 1 || !strings.Contains(errs, "interrupted") {
		t.Errorf("code %d, stderr %q", code, errs)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v to stop", d)
	}
	// What was printed is whole lines of valid puzzles.
	if out != "" {
		genCheckUnique(t, strings.Split(strings.TrimSuffix(out, "\n"), "\n"), sudoku.ReadOptions{}, nil)
	}
}

func TestGenerateUsage(t *testing.T) {
	if errs, _, code := runCmd(t, "", "generate", "-h"); code != 0 || !strings.Contains(errs, "Usage: sudoku generate") {
		t.Errorf("-h: code %d, %q", code, errs)
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-n", "0"}, "-n 0"},
		{[]string{"-workers", "0"}, "-workers 0"},
		{[]string{"-level", "impossible"}, "unknown level"},
		{[]string{"-se", "5-3"}, "-se"},
		{[]string{"-se", "abc"}, "MIN-MAX"},
		{[]string{"-level", "hard", "-se", "3-4"}, "exclude"},
		{[]string{"-symmetry", "spiral"}, "unknown symmetry"},
		{[]string{"-size", "5x"}, "-size"},
		{[]string{"-givens", "100"}, "givens 100"},
		{[]string{"-variant", "jigsaw"}, "jigsaw"},
		{[]string{"-variant", "nosuch"}, "-variant"},
		{[]string{"-level", "hard", "-size", "2x2"}, "9x9"},
		{[]string{"extra"}, "unexpected argument"},
		{[]string{"-nosuchflag"}, "nosuchflag"},
	} {
		out, errs, code := runCmd(t, "", append([]string{"generate"}, tc.args...)...)
		if code != 2 || !strings.Contains(errs, tc.msg) || out != "" {
			t.Errorf("%v: code %d, stdout %q, stderr %q (want 2 and %q)", tc.args, code, out, errs, tc.msg)
		}
	}
}

func TestParseSERange(t *testing.T) {
	for _, tc := range []struct {
		in     string
		lo, hi float64
		ok     bool
	}{
		{"3.0-4.5", 3, 4.5, true},
		{" 2.5 - 2.5 ", 2.5, 2.5, true},
		{"7", 7, 7, true},
		{"4.5-3", 0, 0, false},
		{"0.5-2", 0, 0, false},
		{"3-13", 0, 0, false},
		{"a-b", 0, 0, false},
		{"3-", 0, 0, false},
		{"", 0, 0, false},
		{"NaN", 0, 0, false},
	} {
		lo, hi, err := parseSERange(tc.in)
		if (err == nil) != tc.ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("%q: %v %v %v", tc.in, lo, hi, err)
		}
	}
}

func FuzzParseSERange(f *testing.F) {
	for _, s := range []string{"3.0-4.5", "7", "4.5-3", "a-b", "", "1e1-1e1", "-1-2", "NaN-NaN", "Inf"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lo, hi, err := parseSERange(s)
		if err == nil && !(1 <= lo && lo <= hi && hi <= 12) {
			t.Fatalf("%q: accepted %v-%v", s, lo, hi)
		}
	})
}

// TestGenerateSameAsAPI: sudoku generate and /api/generate give the same
// puzzle for the same seed, level and symmetry (for hard, rot180, 42 the
// command gave a puzzle of 26 givens and the API, which keeps a level's
// puzzles in a window of givens, one of 28).
func TestGenerateSameAsAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("generates a dozen rated puzzles twice")
	}
	h := server.New(server.Config{}).Handler()
	for _, tt := range []struct{ level, symmetry, seed string }{
		{"hard", "rot180", "42"},
		{"easy", "none", "7"},
		{"medium", "mirror", "3"},
		{"expert", "rot180", "42"},
		{"", "rot90", "5"},
	} {
		args := []string{"-seed", tt.seed, "-symmetry", tt.symmetry}
		q := "size=9&symmetry=" + tt.symmetry + "&seed=" + tt.seed
		if tt.level != "" {
			args = append(args, "-level", tt.level)
			q += "&difficulty=" + tt.level
		}
		cli := genLines(t, args...)[0]
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/generate?"+q, nil))
		var rep struct{ Puzzle string }
		if err := json.Unmarshal(rec.Body.Bytes(), &rep); err != nil || rec.Code != 200 {
			t.Fatalf("/api/generate?%s: %d %s", q, rec.Code, rec.Body)
		}
		if cli != rep.Puzzle {
			t.Errorf("%v: sudoku generate gives\n%s\n/api/generate?%s gives\n%s", args, cli, q, rep.Puzzle)
		}
	}
}
