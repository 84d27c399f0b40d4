package bitboard_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/solver/dfs"
	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/sudoku"
)

// fuzzPuzzle derives a puzzle from a seed: a random valid grid with
// random blanks and, sometimes, one given changed (which may clash, leave
// no solution, or still have some).
func fuzzPuzzle(seed uint64, blanks uint8, change bool) [81]uint8 {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	p := gridtest.Random(r)
	nb := int(blanks) % 61 // at least 20 givens keeps the DFS baseline quick
	for _, i := range r.Perm(81)[:nb] {
		p[i] = 0
	}
	if change && nb <= 51 { // at least 30 givens: DFS proves "no solution" fast
		i := r.IntN(81)
		p[i] = uint8(r.IntN(9) + 1)
	}
	return p
}

// modes returns four solvers: one that chooses its search's mode per
// puzzle, and one forced to each mode (triad guesses; cell guesses; cell
// guesses with the light digit rules until the first solution), so that each test
// covers every search on every puzzle.
func modes() [4]*bitboard.Solver {
	var m [4]*bitboard.Solver
	for i := range m {
		m[i] = new(bitboard.Solver)
	}
	bitboard.ForceMode(m[1], bitboard.ModeTriads)
	bitboard.ForceMode(m[2], bitboard.ModeCells)
	bitboard.ForceMode(m[3], bitboard.ModeCellsLight)
	return m
}

// crossCheck compares the fast solver with the DFS baseline and the
// exact-cover solver on p: same count up to 2, and the same valid
// solution when it is unique.
func crossCheck(t *testing.T, fast *bitboard.Solver, dlx *sudoku.Solver, p *[81]uint8) {
	t.Helper()
	var sol, ref [81]uint8
	n, _ := fast.Count(p, 2, &sol)
	m, _ := dfs.Count(p, 2, &ref)
	if n != m {
		t.Fatalf("puzzle %v: fast counts %d, dfs %d", p, n, m)
	}
	if n >= 1 && !validSolution(p, &sol) {
		t.Fatalf("puzzle %v: fast solution %v is not valid", p, sol)
	}
	if n == 1 && sol != ref {
		t.Fatalf("puzzle %v: unique solution differs: fast %v, dfs %v", p, sol, ref)
	}
	g := sudoku.NewGrid(sudoku.Standard, nil)
	copy(g.Cells, p[:])
	k, err := dlx.Count(context.Background(), g, 2)
	if err != nil && k != 0 {
		t.Fatalf("puzzle %v: dlx count %d, error %v", p, k, err)
	}
	if k != n {
		t.Fatalf("puzzle %v: fast counts %d, dlx %d (err %v)", p, n, k, err)
	}
}

func FuzzCount(f *testing.F) {
	for i := range 20 {
		f.Add(uint64(i), uint8(i*3), i%3 == 0)
	}
	f.Add(uint64(7), uint8(0), true)   // a full grid, maybe with a clash
	f.Add(uint64(8), uint8(60), false) // 21 givens
	fast := modes()
	dlx := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
	f.Fuzz(func(t *testing.T, seed uint64, blanks uint8, change bool) {
		p := fuzzPuzzle(seed, blanks, change)
		for _, s := range fast {
			crossCheck(t, s, dlx, &p)
		}
	})
}

// TestRandomPuzzles runs the fuzz body on a fixed set of seeds.
func TestRandomPuzzles(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	fast := modes()
	dlx := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
	var kinds [3]int // puzzles with 0, 1, 2+ solutions
	for i := range n {
		p := fuzzPuzzle(uint64(i)*0x2545F4914F6CDD1D, uint8(i*7), i%4 == 0)
		for _, s := range fast {
			crossCheck(t, s, dlx, &p)
		}
		c, _ := fast[0].Count(&p, 2, nil)
		kinds[c]++
	}
	t.Logf("%d puzzles: %d with no solution or clashing, %d unique, %d with several", n, kinds[0], kinds[1], kinds[2])
	for k, c := range kinds {
		if c == 0 {
			t.Errorf("no puzzle with %d solutions: the test lost its reach", k)
		}
	}
}

// fewGivens derives a puzzle with 8 to 27 givens from a seed: a random
// valid grid with the rest blanked, so that it has many solutions.
func fewGivens(seed uint64, keep uint8) [81]uint8 {
	r := rand.New(rand.NewPCG(seed, seed^0x2545F4914F6CDD1D))
	p := gridtest.Random(r)
	for _, j := range r.Perm(81)[8+int(keep)%20:] {
		p[j] = 0
	}
	return p
}

// countAll compares the fast solver's count with the exact-cover
// solver's up to 60 solutions: every solution is enumerated, so a rule
// that removed a candidate wrongly, or a guess whose two branches do not
// cover the state, shows as a lower count, and a branch taken twice as a
// higher one. (The DFS baseline takes up to minutes on some of these.)
func countAll(t *testing.T, fast *bitboard.Solver, dlx *sudoku.Solver, p *[81]uint8) {
	t.Helper()
	const limit = 60
	got, _ := fast.Count(p, limit, nil)
	want, err := dlx.Count(context.Background(), toGrid(p), limit)
	if err != nil || got != want {
		t.Fatalf("puzzle %v: fast counts %d, dlx %d (error %v, limit %d)", p, got, want, err, limit)
	}
}

func FuzzFewGivens(f *testing.F) {
	for i := range 10 {
		f.Add(uint64(i), uint8(i*2))
	}
	fast := modes()
	dlx := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
	f.Fuzz(func(t *testing.T, seed uint64, keep uint8) {
		p := fewGivens(seed, keep)
		for _, s := range fast {
			countAll(t, s, dlx, &p)
		}
	})
}

// TestFewGivens runs the body of FuzzFewGivens on a fixed set of seeds.
func TestFewGivens(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	fast := modes()
	dlx := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
	for i := range n {
		p := fewGivens(uint64(i)*0x9E3779B97F4A7C15, uint8(i))
		for _, s := range fast {
			countAll(t, s, dlx, &p)
		}
	}
}

// TestFewGivensGuesses bounds the guesses of every mode on grids with
// few givens: a mode that finds a dead end only when its cells run out
// (the light digit rules once missed a box without a digit) still counts
// right, but in millions of guesses (70 million for the first puzzle,
// seed 36 of FuzzFewGivens), where every mode now needs under 100.
func TestFewGivensGuesses(t *testing.T) {
	for _, seed := range []struct {
		seed uint64
		keep uint8
	}{{36, 'x'}, {1, 0}, {2, 4}, {3, 8}} {
		p := fewGivens(seed.seed, seed.keep)
		for i, s := range modes() {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			n, g, err := s.CountContext(ctx, &p, 60, nil)
			cancel()
			if err != nil || n != 60 || g > 2000 {
				t.Errorf("seed %d, keep %d, solver %d: %d solutions in %d guesses (error %v), want 60 in at most 2000", seed.seed, seed.keep, i, n, g, err)
			}
		}
	}
}
