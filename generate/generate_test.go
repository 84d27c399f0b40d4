package generate

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// checkPuzzle verifies with the brute-force reference that puzzle has
// exactly the one solution, and that the solution is complete.
func checkPuzzle(t *testing.T, r Result) {
	t.Helper()
	if n := bruteCount(r.Puzzle, 2); n != 1 {
		t.Fatalf("puzzle %d %v has %d solutions, want 1", r.Index, r.Puzzle.Cells, n)
	}
	for i, d := range r.Solution.Cells {
		if d == 0 {
			t.Fatalf("solution has a blank at %d", i)
		}
		if p := r.Puzzle.Cells[i]; p != 0 && p != d {
			t.Fatalf("solution disagrees with given at %d", i)
		}
	}
	if n := bruteCount(r.Solution, 2); n != 1 {
		t.Fatalf("solution is not a valid grid")
	}
	givens := 0
	for _, d := range r.Puzzle.Cells {
		if d != 0 {
			givens++
		}
	}
	if givens != r.Givens {
		t.Fatalf("Givens = %d, counted %d", r.Givens, givens)
	}
}

// isMinimalBrute reports whether removing any single given (any orbit)
// breaks uniqueness.
func isMinimalBrute(p *sudoku.Grid, orbs [][]int) bool {
	q := p.Clone()
	for _, orb := range orbs {
		if q.Cells[orb[0]] == 0 {
			continue
		}
		for _, c := range orb {
			q.Cells[c] = 0
		}
		n := bruteCount(q, 2)
		copy(q.Cells, p.Cells)
		if n == 1 {
			return false
		}
	}
	return true
}

// one makes puzzle 0 of opt: NewGenerator, then Generate.
func one(ctx context.Context, opt Options) (Result, error) {
	g, err := NewGenerator(opt)
	if err != nil {
		return Result{}, err
	}
	return g.Generate(ctx, 0)
}

func collect(t *testing.T, n, workers int, opt Options) []Result {
	t.Helper()
	var out []Result
	opt.Workers = workers
	for r, err := range Many(context.Background(), n, opt) {
		if err != nil {
			t.Fatal(err)
		}
		if r.Index != len(out) {
			t.Fatalf("got index %d, want %d", r.Index, len(out))
		}
		out = append(out, r)
	}
	if len(out) != n {
		t.Fatalf("got %d puzzles, want %d", len(out), n)
	}
	return out
}

func TestMinimalUnique(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape sudoku.Shape
		n     int
	}{
		{"4x4", sudoku.Shape{BoxRows: 2, BoxCols: 2}, 200},
		{"6x6", sudoku.Shape{BoxRows: 2, BoxCols: 3}, 30},
		{"9x9", sudoku.Standard, 8},
	} {
		for sym := None; sym <= Diagonal; sym++ {
			t.Run(tc.name+"/"+sym.String(), func(t *testing.T) {
				opt := Options{Shape: tc.shape, Symmetry: sym, Seed: 42}
				orbs := orbits(tc.shape.N(), sym)
				for _, r := range collect(t, tc.n, 2, opt) {
					checkPuzzle(t, r)
					if !isMinimalBrute(r.Puzzle, orbs) {
						t.Fatalf("puzzle %d not minimal: %v", r.Index, r.Puzzle.Cells)
					}
					for _, orb := range orbs {
						for _, c := range orb[1:] {
							if (r.Puzzle.Cells[c] == 0) != (r.Puzzle.Cells[orb[0]] == 0) {
								t.Fatalf("puzzle %d breaks %v symmetry at cells %d, %d", r.Index, sym, orb[0], c)
							}
						}
					}
				}
			})
		}
	}
}

func TestReproducible(t *testing.T) {
	opt := Options{Seed: 7, Symmetry: Rot180}
	a := collect(t, 12, 1, opt)
	b := collect(t, 12, 3, opt)
	for i := range a {
		if !slices.Equal(a[i].Puzzle.Cells, b[i].Puzzle.Cells) {
			t.Fatalf("puzzle %d differs between 1 and 3 workers", i)
		}
	}
	p, err := one(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(p.Puzzle.Cells, a[0].Puzzle.Cells) {
		t.Fatal("Generate(0) differs from the first of Many")
	}
	c := collect(t, 12, 2, Options{Seed: 8, Symmetry: Rot180})
	same := 0
	for i := range a {
		if slices.Equal(a[i].Puzzle.Cells, c[i].Puzzle.Cells) {
			same++
		}
	}
	if same > 0 {
		t.Fatalf("%d puzzles equal across different seeds", same)
	}
}

func TestGivensTarget(t *testing.T) {
	for _, want := range []int{30, 40, 50} {
		for _, r := range collect(t, 10, 2, Options{Seed: 3, Givens: want}) {
			checkPuzzle(t, r)
			if r.Givens != want {
				t.Fatalf("givens %d, want %d", r.Givens, want)
			}
		}
	}
	// Minimal and a givens count: both hold.
	orbs := orbits(9, None)
	for _, r := range collect(t, 3, 2, Options{Seed: 3, Givens: 25, Minimal: true}) {
		checkPuzzle(t, r)
		if r.Givens != 25 || !isMinimalBrute(r.Puzzle, orbs) {
			t.Fatalf("want a minimal 25-given puzzle, got %d givens", r.Givens)
		}
	}
}

func TestVaried(t *testing.T) {
	rs := collect(t, 50, 2, Options{Seed: 11})
	seen := map[string]bool{}
	firstRow := map[string]bool{}
	for _, r := range rs {
		seen[string(r.Solution.Cells)] = true
		firstRow[string(r.Solution.Cells[:9])] = true
	}
	if len(seen) != len(rs) || len(firstRow) < 45 {
		t.Fatalf("%d distinct grids, %d distinct first rows of %d", len(seen), len(firstRow), len(rs))
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := one(ctx, Options{Seed: 1})
	if err == nil {
		t.Fatal("no error on a cancelled context")
	}
}

func TestBadOptions(t *testing.T) {
	x16 := sudoku.Shape{BoxRows: 4, BoxCols: 4}
	for _, tc := range []struct {
		opt  Options
		want string // in the message
	}{
		{Options{Givens: -1}, "out of range"},
		{Options{Givens: 82}, "out of range"},
		{Options{SEMin: 5, SEMax: 3}, "SE range"},
		{Options{Symmetry: 9}, "symmetry"},
		{Options{Shape: sudoku.Shape{BoxRows: -1, BoxCols: 3}}, "box shape"},
		// Targets no puzzle meets: the generator used to dig for ever.
		{Options{Givens: 10}, "at least 17 givens"},
		{Options{Givens: 16, Symmetry: Rot180}, "at least 17 givens"},
		{Options{Givens: 14, Shape: x16}, "at least 15 givens"},
		{Options{Givens: 7, Variant: sudoku.Diagonal(sudoku.Standard)}, "at least 8 givens"},
		{Options{Givens: 30, Symmetry: Rot90}, "orbits of 1 and 4 cells"},
		{Options{Givens: 73, Minimal: true}, "at most 72 givens"},
	} {
		// A context cancelled from the start: options refused before any
		// search give their own error, while a generator that starts to
		// dig (the old endless digging) stops at once with the context's
		// error, which fails the test without timing anything.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := one(ctx, tc.opt)
		if !errors.Is(err, ErrOptions) && !errors.Is(err, sudoku.ErrShape) || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error saying %q", tc.opt, err, tc.want)
		}
	}
	// The limits themselves are fine.
	for _, opt := range []Options{{Givens: 72, Minimal: true, Attempts: 1}, {Givens: 29, Symmetry: Rot90, Attempts: 1}, {Givens: 15, Shape: x16, Attempts: 1}} {
		if _, err := NewGenerator(opt); err != nil {
			t.Errorf("%+v: %v", opt, err)
		}
	}
}

func TestParseSymmetry(t *testing.T) {
	for s := None; s <= Diagonal; s++ {
		got, err := ParseSymmetry(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSymmetry(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseSymmetry("spiral"); err == nil {
		t.Error("no error for spiral")
	}
}

func TestLevelTarget(t *testing.T) {
	for _, l := range []logic.Level{logic.Easy, logic.Medium, logic.Hard} {
		t.Run(l.String(), func(t *testing.T) {
			for _, r := range collect(t, 3, 2, Options{Seed: 9, Level: l, HasLevel: true}) {
				checkPuzzle(t, r)
				res, err := logic.Rate(context.Background(), r.Puzzle)
				if err != nil {
					t.Fatal(err)
				}
				if res.Level != l || !r.Rated || r.Level != l || r.Rating != res.Rating {
					t.Fatalf("want %v, rater says %v (%.1f), generator said %v (%.1f)", l, res.Level, res.Rating, r.Level, r.Rating)
				}
			}
		})
	}
	for _, r := range collect(t, 3, 2, Options{Seed: 9, SEMin: 3.0, SEMax: 4.0}) {
		res, err := logic.Rate(context.Background(), r.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if res.Rating < 3.0 || res.Rating > 4.0 {
			t.Fatalf("rating %.1f outside 3.0-4.0", res.Rating)
		}
	}
	// Minimal and a level: the puzzle is both.
	for _, r := range collect(t, 2, 2, Options{Seed: 9, Level: logic.Hard, HasLevel: true, Minimal: true}) {
		checkPuzzle(t, r)
		if !isMinimalBrute(r.Puzzle, orbits(9, None)) || r.Level != logic.Hard {
			t.Fatalf("want a minimal hard puzzle, got level %v", r.Level)
		}
	}
}

func TestSize16(t *testing.T) {
	if testing.Short() {
		t.Skip("16x16 in -short")
	}
	// Without Minimal each uniqueness check while digging is bounded: these
	// seeds take 2.1, 2.6 and 21 s to dig to a minimal puzzle, about 0.2 s
	// each with the bound. The bound here is loose (the machine may be
	// busy); the speed figures come from BenchmarkSize and the command.
	for _, seed := range []uint64{2, 20, 21} {
		start := time.Now()
		g, err := NewGenerator(Options{Seed: seed, Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}})
		if err != nil {
			t.Fatal(err)
		}
		res, err := g.Generate(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("seed %d: 16x16 took %v", seed, d)
		}
		// Independent check: sudoku's exact-cover solver.
		n, err := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX}).Count(context.Background(), res.Puzzle, 2)
		if err != nil || n != 1 {
			t.Fatalf("seed %d: 16x16 puzzle has %d solutions (%v)", seed, n, err)
		}
	}
	// With a number of givens, the same holds.
	r, err := NewGenerator(Options{Seed: 2, Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Givens: 150})
	if err != nil {
		t.Fatal(err)
	}
	res, err := r.Generate(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	n, err := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX}).Count(context.Background(), res.Puzzle, 2)
	if err != nil || n != 1 || res.Givens != 150 {
		t.Fatalf("16x16 puzzle with %d givens has %d solutions (%v)", res.Givens, n, err)
	}
}

// TestDigBudget: a check that runs out of its node budget keeps the given,
// so the puzzle stays unique; a tiny budget makes many run out. Without a
// budget (9x9 variants, Minimal) the puzzles are minimal.
func TestDigBudget(t *testing.T) {
	v, err := sudoku.VariantByName("diagonal", sudoku.Standard)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		budget int64
	}{{"budget 40", 40}, {"budget 400", 400}, {"no budget", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewGenerator(Options{Seed: 6, Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			sc := g.cnt.(*searchCounter)
			if sc.budget != 0 {
				t.Fatalf("9x9 variant digs with budget %d, want none", sc.budget)
			}
			sc.budget = tc.budget
			minimal := 0
			for i := 0; i < 6; i++ {
				r, err := g.Generate(context.Background(), i)
				if err != nil {
					t.Fatal(err)
				}
				n, err := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX}).Count(context.Background(), r.Puzzle, 2)
				if err != nil || n != 1 {
					t.Fatalf("puzzle %d has %d solutions (%v)", i, n, err)
				}
				if dlxMinimal(t, r.Puzzle) {
					minimal++
				}
			}
			switch {
			case tc.budget == 0 && (sc.outOfBudget != 0 || minimal != 6):
				t.Fatalf("no budget: %d checks ran out, %d of 6 puzzles minimal", sc.outOfBudget, minimal)
			case tc.budget == 40 && (sc.outOfBudget == 0 || minimal == 6):
				t.Fatalf("budget 40: %d checks ran out, %d of 6 puzzles minimal", sc.outOfBudget, minimal)
			}
		})
	}
	// Sizes: 16x16 digs with the budget unless Minimal is set.
	for _, minimal := range []bool{false, true} {
		g, err := NewGenerator(Options{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Minimal: minimal})
		if err != nil {
			t.Fatal(err)
		}
		if b := g.cnt.(*searchCounter).budget; (b == 0) != minimal {
			t.Errorf("16x16, Minimal %v: budget %d", minimal, b)
		}
	}
}

// dlxMinimal reports whether removing any one given of p leaves several
// solutions, counted by sudoku's exact-cover solver.
func dlxMinimal(t *testing.T, p *sudoku.Grid) bool {
	t.Helper()
	s := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
	q := p.Clone()
	for c, d := range p.Cells {
		if d == 0 {
			continue
		}
		q.Cells[c] = 0
		n, err := s.Count(context.Background(), q, 2)
		q.Cells[c] = d
		if err != nil {
			t.Fatal(err)
		}
		if n == 1 {
			return false
		}
	}
	return true
}

func TestVariants(t *testing.T) {
	for _, name := range []string{"diagonal", "hyper", "disjoint"} {
		v, err := sudoku.VariantByName(name, sudoku.Standard)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range collect(t, 3, 2, Options{Seed: 4, Variant: v}) {
			if len(sudoku.Valid(r.Solution)) != 0 {
				t.Fatalf("%s: solution breaks the variant's rules", name)
			}
			n, err := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX}).Count(context.Background(), r.Puzzle, 2)
			if err != nil || n != 1 {
				t.Fatalf("%s puzzle has %d solutions (%v)", name, n, err)
			}
		}
	}
}

// TestSinglesTooEasy: the targets for which a puzzle that singles solve
// (rated 2.3 at most) is rejected without rating it: every level from
// medium up (a level's range excludes its lower bound: medium is above
// 2.3), and SE ranges that start above 2.3.
func TestSinglesTooEasy(t *testing.T) {
	for _, tc := range []struct {
		opt  Options
		want bool
	}{
		{Options{Level: logic.Easy, HasLevel: true}, false},
		{Options{Level: logic.Medium, HasLevel: true}, true},
		{Options{Level: logic.Hard, HasLevel: true}, true},
		{Options{Level: logic.Extreme, HasLevel: true}, true},
		{Options{SEMin: 2.3, SEMax: 3.0}, false},
		{Options{SEMin: 2.4, SEMax: 3.0}, true},
	} {
		g, err := NewGenerator(tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.singlesTooEasy(); got != tc.want {
			t.Errorf("level %v (%v), SE %g-%g: singlesTooEasy = %v, want %v", tc.opt.Level, tc.opt.HasLevel, tc.opt.SEMin, tc.opt.SEMax, got, tc.want)
		}
	}
}

// TestSinglesSolvedRateEasy: the shortcut singlesTooEasy relies on: a
// puzzle the search's singles solve is rated 2.3 or less by package logic
// (checked on minimal puzzles, about half of which singles solve).
func TestSinglesSolvedRateEasy(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	g, err := NewGenerator(Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	solved := 0
	for i := range n {
		r, err := g.Generate(ctx, i)
		if err != nil {
			t.Fatal(err)
		}
		easy, err := g.srch.SinglesSolve(ctx, r.Puzzle.Cells)
		if err != nil {
			t.Fatal(err)
		}
		if !easy {
			continue
		}
		solved++
		res, err := logic.RateWith(ctx, r.Puzzle, logic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Rating > 2.3+1e-9 {
			t.Errorf("puzzle %d: singles solve it, rated %.1f (%s)", i, res.Rating, res.Hardest)
		}
	}
	if solved == 0 {
		t.Fatalf("singles solved none of %d puzzles", n)
	}
}

// TestLevelOnly: with Options.LevelOnly an extreme target gives the same
// puzzles, each with a lower bound of its rating (at least 7.0, at most
// the exact rating, AtLeast set); without it the rating is exact.
func TestLevelOnly(t *testing.T) {
	ctx := context.Background()
	exact, err := NewGenerator(Options{Seed: 3, Level: logic.Extreme, HasLevel: true})
	if err != nil {
		t.Fatal(err)
	}
	bound, err := NewGenerator(Options{Seed: 3, Level: logic.Extreme, HasLevel: true, LevelOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		re, err := exact.Generate(ctx, i)
		if err != nil {
			t.Fatal(err)
		}
		rb, err := bound.Generate(ctx, i)
		if err != nil {
			t.Fatal(err)
		}
		if re.Puzzle.String() != rb.Puzzle.String() {
			t.Fatalf("puzzle %d: %s with LevelOnly, %s without", i, rb.Puzzle, re.Puzzle)
		}
		full, err := logic.RateWith(ctx, re.Puzzle, logic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if re.AtLeast || re.Rating != full.Rating || re.Level != logic.Extreme {
			t.Errorf("puzzle %d without LevelOnly: rating %.1f (at least: %v), level %v; logic rates it %.1f", i, re.Rating, re.AtLeast, re.Level, full.Rating)
		}
		if !rb.AtLeast || rb.Rating < 7.0 || rb.Rating > full.Rating || rb.Level != logic.Extreme {
			t.Errorf("puzzle %d with LevelOnly: rating %.1f (at least: %v), level %v; logic rates it %.1f", i, rb.Rating, rb.AtLeast, rb.Level, full.Rating)
		}
	}
}
