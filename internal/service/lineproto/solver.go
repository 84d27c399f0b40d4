package lineproto

import (
	"context"

	"github.com/dlxkit/dlx/sudoku"
)

// Solver solves one standard 9x9 puzzle: cells row-major, 0 blank, 1-9
// given. Solve stores the first solution found in solution and reports
// whether there is one; clashing givens have none. A Solver is used by one
// goroutine at a time.
type Solver interface {
	Solve(puzzle, solution *[81]uint8) bool
}

// gridSolver is the default Solver: a sudoku.Solver, which picks its
// solver for these grids in the one place that decides
// (sudoku.AutoMethod: the fast 9x9 solver). The grids share the arrays of
// the call, so that solving allocates nothing.
type gridSolver struct {
	s       sudoku.Solver
	in, out sudoku.Grid
}

func newGridSolver() Solver {
	return &gridSolver{in: sudoku.Grid{Shape: sudoku.Standard}}
}

func (g *gridSolver) Solve(puzzle, solution *[81]uint8) bool {
	g.in.Cells, g.out.Cells = puzzle[:], solution[:]
	_, err := g.s.SolveInto(context.Background(), &g.in, &g.out)
	return err == nil
}
