package analyze

import (
	"context"

	"github.com/dlxkit/dlx/internal/solver/count"
	"github.com/dlxkit/dlx/sudoku"
)

// bandCounter is the default Counter: the grids for which sudoku.Solver
// picks the fast solver (standard 9x9; see sudoku.AutoMethod) are counted
// by internal/solver/count (band by band, with memos, without enumerating
// every solution; it looks at the context as it runs), other grids by
// sudoku.Solver.
type bandCounter struct {
	c     count.Counter
	s     *sudoku.Solver
	cells [81]uint8
}

func newBandCounter() Counter {
	return &bandCounter{s: sudoku.NewSolver(sudoku.Options{})}
}

// handles reports whether g goes to internal/solver/count.
func (b *bandCounter) handles(g *sudoku.Grid) bool {
	m, err := b.s.MethodFor(g)
	return m == sudoku.Fast && err == nil
}

// Count counts the solutions of g up to limit: all of them for a
// negative limit, and 2 for 0, as sudoku.Solver does. Grids without a
// solution are counted again by sudoku.Solver, whose error tells clashing
// givens and bad values apart from no solution.
func (b *bandCounter) Count(ctx context.Context, g *sudoku.Grid, limit int) (int, error) {
	if !b.handles(g) {
		return b.s.Count(ctx, g, limit)
	}
	switch {
	case limit < 0:
		limit = 0 // count.Counter: all
	case limit == 0:
		limit = 2
	}
	copy(b.cells[:], g.Cells)
	n, err := b.c.Count(ctx, &b.cells, limit)
	if n == 0 && err == nil {
		return b.s.Count(ctx, g, limit)
	}
	return n, err
}
