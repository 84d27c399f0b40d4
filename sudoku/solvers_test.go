package sudoku_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/dlxkit/dlx/internal/solver/backtrack"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/solver/count"
	"github.com/dlxkit/dlx/internal/solver/dfs"
	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/sudoku"
)

// gridSolver is one Sudoku solver of the project behind one signature:
// the number of solutions of g up to limit, and the first one found when
// the solver gives it (nil otherwise). Givens that clash count 0.
type gridSolver struct {
	name string
	// takes reports whether the solver handles g's shape and variant.
	takes func(g *sudoku.Grid) bool
	count func(ctx context.Context, g *sudoku.Grid, limit int) (int, []uint8, error)
}

func standard9(g *sudoku.Grid) bool { return g.IsStandard9() }

// cells81 copies the cells of a standard 9x9 grid.
func cells81(g *sudoku.Grid) *[81]uint8 {
	var p [81]uint8
	copy(p[:], g.Cells)
	return &p
}

// methodSolver is sudoku.Solver forced to method m (Auto: its own pick).
func methodSolver(m sudoku.Method, takes func(*sudoku.Grid) bool) gridSolver {
	s := sudoku.NewSolver(sudoku.Options{Method: m})
	return gridSolver{"sudoku/" + m.String(), takes, func(ctx context.Context, g *sudoku.Grid, limit int) (int, []uint8, error) {
		sol, n, err := s.SolveIntoCount(ctx, g, nil, limit)
		if errors.Is(err, sudoku.ErrNoSolution) || errors.Is(err, sudoku.ErrInvalid) {
			return 0, nil, nil
		}
		if err != nil {
			return 0, nil, err
		}
		return n, sol.Cells, nil
	}}
}

// solvers lists every Sudoku solver: the methods of sudoku.Solver and the
// searches under internal/solver that count solutions of a grid.
func solvers() []gridSolver {
	var bb bitboard.Solver
	var ct count.Counter
	return []gridSolver{
		methodSolver(sudoku.Auto, func(*sudoku.Grid) bool { return true }),
		methodSolver(sudoku.DLX, func(*sudoku.Grid) bool { return true }),
		methodSolver(sudoku.Fast, standard9),
		methodSolver(sudoku.Propagate, func(g *sudoku.Grid) bool { return g.N() <= sudoku.MaxPropagateN }),
		{"bitboard", standard9, func(_ context.Context, g *sudoku.Grid, limit int) (int, []uint8, error) {
			var sol [81]uint8
			n, _ := bb.Count(cells81(g), limit, &sol)
			return n, sol[:], nil
		}},
		{"dfs", standard9, func(_ context.Context, g *sudoku.Grid, limit int) (int, []uint8, error) {
			var sol [81]uint8
			n, _ := dfs.Count(cells81(g), limit, &sol)
			return n, sol[:], nil
		}},
		{"count", standard9, func(ctx context.Context, g *sudoku.Grid, limit int) (int, []uint8, error) {
			n, err := ct.Count(ctx, cells81(g), limit)
			return n, nil, err
		}},
		{"backtrack", func(g *sudoku.Grid) bool { return !g.Variant.Constrained() }, func(ctx context.Context, g *sudoku.Grid, limit int) (int, []uint8, error) {
			geo, err := sudoku.NewGeometry(g.Shape, g.Variant)
			if err != nil {
				return 0, nil, err
			}
			sol := make([]uint8, len(g.Cells))
			n, err := backtrack.New(geo).Count(ctx, g.Cells, limit, sol)
			return n, sol, err
		}},
	}
}

func variantName(v *sudoku.Variant) string {
	if v == nil {
		return "standard"
	}
	return v.Name
}

// tableGrid is a puzzle of the table with the regions of its rules.
type tableGrid struct {
	name string
	g    *sudoku.Grid
	regs [][]int
}

// tablePuzzles returns puzzles of 4x4, 6x6 and 9x9 grids, plain and with
// a diagonal region, from none to most cells blank, and with clashing
// givens. Their solutions come from the brute force, relabelled.
func tablePuzzles(rng *rand.Rand) []tableGrid {
	var out []tableGrid
	for _, s := range []sudoku.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, sudoku.Standard} {
		n := s.N()
		diag := make([]int, n)
		for i := range diag {
			diag[i] = i * (n + 1)
		}
		for _, v := range []*sudoku.Variant{nil, {Name: "diagonal", Extra: [][]int{diag}}} {
			var extra [][]int
			if v != nil {
				extra = v.Extra
			}
			regs := gridtest.Regions(s.BoxRows, s.BoxCols, nil, extra)
			full := make([]uint8, n*n)
			if gridtest.Count(n, regs, make([]uint8, n*n), 1, full) != 1 {
				panic(fmt.Sprintf("no %v grid", s))
			}
			perm := rng.Perm(n)
			for i, d := range full {
				full[i] = uint8(perm[d-1] + 1)
			}
			// Blanks up to 60% of the cells on 9x9, where the brute
			// force takes no propagation; more on the small grids.
			fracs := []float64{0, 0.3, 0.55, 0.6}
			if n < 9 {
				fracs = []float64{0, 0.4, 0.7, 1}
			}
			for _, f := range fracs {
				for k := range 3 {
					cells := append([]uint8(nil), full...)
					for _, c := range rng.Perm(n * n)[:int(f*float64(n*n))] {
						cells[c] = 0
					}
					name := fmt.Sprintf("%v/%s/blank%.0f%%/%d", s, variantName(v), 100*f, k)
					out = append(out, tableGrid{name, &sudoku.Grid{Shape: s, Variant: v, Cells: cells}, regs})
				}
			}
			clash := append([]uint8(nil), full...)
			for c := 2; c < n*n; c++ {
				clash[c] = 0
			}
			clash[1] = clash[0]
			out = append(out, tableGrid{fmt.Sprintf("%v/%s/clash", s, variantName(v)), &sudoku.Grid{Shape: s, Variant: v, Cells: clash}, regs})
		}
	}
	return out
}

// TestEverySolver: every Sudoku solver counts each puzzle of the table as
// the brute force does (up to 3), and the solution it gives solves the
// puzzle under every region of its rules.
func TestEverySolver(t *testing.T) {
	ctx := context.Background()
	puzzles := tablePuzzles(rand.New(rand.NewPCG(32, 6)))
	for _, s := range solvers() {
		t.Run(s.name, func(t *testing.T) {
			tested := 0
			for _, p := range puzzles {
				if !s.takes(p.g) {
					continue
				}
				tested++
				n := p.g.N()
				want := gridtest.Count(n, p.regs, p.g.Cells, 3, nil)
				got, sol, err := s.count(ctx, p.g, 3)
				if err != nil || got != want {
					t.Errorf("%s: %d solutions (%v), want %d", p.name, got, err, want)
					continue
				}
				if got > 0 && sol != nil && !gridtest.Solves(n, p.regs, p.g.Cells, sol) {
					t.Errorf("%s: %v does not solve it", p.name, sol)
				}
			}
			if tested == 0 {
				t.Fatal("no puzzle of the table fits the solver")
			}
		})
	}
}
