package sudoku_test

// Published variant puzzles and thermometer snipes through the Solver:
// every one has exactly one solution, the published one where it is
// known. The sets are the propagation engine's testdata:
// internal/solver/propagate/testdata/published (a copy of the project's
// shared set of published puzzles, with their sources) and snipes.txt.

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/sudoku"
)

const propagateData = "../internal/solver/propagate/testdata/"

// publishedPuzzle is one line of the published set.
type publishedPuzzle struct {
	line     int
	name     string
	g        *sudoku.Grid
	solution string // "" when none was published
}

// readPublishedSet imports the published puzzles with fpuzzles.Read,
// leaving out (and logging) those whose rules live in cosmetic marks
// and the rules text, which the importer refuses.
func readPublishedSet(t testing.TB) []publishedPuzzle {
	t.Helper()
	dir := propagateData + "published/"
	data, err := os.ReadFile(dir + "puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(dir + "sources.tsv")
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSpace(string(src)), "\n")[1:]
	var out []publishedPuzzle
	for i, text := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		f := strings.Split(rows[i], "\t")
		if len(f) != 4 {
			t.Fatalf("sources.tsv row %d: %q", i+2, rows[i])
		}
		p, err := fpuzzles.Read(text)
		if errors.Is(err, fpuzzles.ErrUnsupported) {
			t.Logf("line %d (%s): not imported: %v", i+1, f[2], err)
			continue
		}
		if err != nil {
			t.Fatalf("line %d (%s): %v", i+1, f[2], err)
		}
		g, _, err := p.Grid(sudoku.ReadOptions{})
		if err != nil {
			t.Fatalf("line %d (%s): %v", i+1, f[2], err)
		}
		pp := publishedPuzzle{line: i + 1, name: f[2], g: g}
		if f[3] != "-" {
			pp.solution = f[3]
		}
		out = append(out, pp)
	}
	return out
}

// readSnipes returns the thermometer snipes: blank 9x9 grids with
// thermometers, each with its one solution.
func readSnipes(t testing.TB) []publishedPuzzle {
	t.Helper()
	f, err := os.Open(propagateData + "snipes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []publishedPuzzle
	sc := bufio.NewScanner(f)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		sol, thermos, ok := strings.Cut(text, "\t")
		if !ok || len(sol) != 81 {
			t.Fatalf("snipes.txt line %d: %q", line, text)
		}
		v := &sudoku.Variant{}
		for _, th := range strings.Fields(thermos) {
			var cells []int
			for _, name := range strings.Split(th, "-") {
				var r, c int
				if len(name) != 4 || name[0] != 'r' || name[2] != 'c' {
					t.Fatalf("snipes.txt line %d: cell %q", line, name)
				}
				r, c = int(name[1]-'1'), int(name[3]-'1')
				cells = append(cells, r*9+c)
			}
			v.Thermos = append(v.Thermos, cells)
		}
		out = append(out, publishedPuzzle{line: line, name: "snipe", g: sudoku.NewGrid(sudoku.Standard, v), solution: sol})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// countOne counts p to 2 with s and checks that it has exactly one
// solution, that solution keeps the givens and every rule (CheckRules),
// and it is the published one when that is known.
func countOne(t *testing.T, s *sudoku.Solver, p publishedPuzzle) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sol, n, err := s.SolveIntoCount(ctx, p.g, nil, 2)
	if err != nil {
		t.Fatalf("line %d (%s): %v", p.line, p.name, err)
	}
	if n != 1 {
		t.Fatalf("line %d (%s): %d solutions, want 1", p.line, p.name, n)
	}
	if b := sudoku.CheckRules(sol); len(b) > 0 {
		t.Errorf("line %d (%s): the solution breaks %v", p.line, p.name, b)
	}
	for i, d := range p.g.Cells {
		if d != 0 && sol.Cells[i] != d {
			t.Errorf("line %d (%s): the given at %s changed", p.line, p.name, sudoku.CellName(i, p.g.N()))
		}
	}
	if p.solution != "" {
		got := make([]byte, len(sol.Cells))
		for i, d := range sol.Cells {
			got[i] = '0' + d
		}
		if string(got) != p.solution {
			t.Errorf("line %d (%s): solution\n%s, published\n%s", p.line, p.name, got, p.solution)
		}
	}
}

// TestPublishedPuzzles: the published puzzles the importer reads count to
// exactly one solution, the published one, with Auto and with the
// propagation solver forced.
func TestPublishedPuzzles(t *testing.T) {
	set := readPublishedSet(t)
	if len(set) < 23 {
		t.Fatalf("%d puzzles imported, want at least 23", len(set))
	}
	for _, m := range []sudoku.Method{sudoku.Auto, sudoku.Propagate} {
		s := sudoku.NewSolver(sudoku.Options{Method: m})
		for _, p := range set {
			countOne(t, s, p)
		}
	}
}

// TestSnipes: the thermometer snipes (no givens) count to exactly their
// one solution.
func TestSnipes(t *testing.T) {
	set := readSnipes(t)
	s := sudoku.NewSolver(sudoku.Options{})
	for _, p := range set {
		countOne(t, s, p)
	}
}

// BenchmarkPropagatePublished counts every imported published puzzle to
// 2 per op, with a new Solver (compiling each model) per op.
func BenchmarkPropagatePublished(b *testing.B) {
	benchCount(b, readPublishedSet(b))
}

// BenchmarkPropagateSnipes counts every thermometer snipe to 2 per op.
func BenchmarkPropagateSnipes(b *testing.B) {
	benchCount(b, readSnipes(b))
}

func benchCount(b *testing.B, set []publishedPuzzle) {
	ctx := context.Background()
	for b.Loop() {
		s := sudoku.NewSolver(sudoku.Options{})
		for _, p := range set {
			if n, err := s.Count(ctx, p.g, 2); n != 1 || err != nil {
				b.Fatalf("line %d: %d, %v", p.line, n, err)
			}
		}
	}
}
