package generate

import (
	"context"

	"github.com/dlxkit/dlx/internal/solver/backtrack"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
)

// counter decides uniqueness while digging. keepsUnique reports whether
// puzzle, which is solution with the cells of orbit (and maybe others)
// blank and which had solution as its only solution before orbit was
// cleared, still has no other.
type counter interface {
	keepsUnique(ctx context.Context, puzzle, solution []uint8, orbit []int) (bool, error)
}

// newCounter returns the fastest counter for the shape and variant: the
// bitboard solver for the grids sudoku.AutoMethod gives the fast solver,
// the general backtracking search otherwise. budget bounds each search of the latter (0: no bound; see
// searchCounter).
func newCounter(gm *geom, s *backtrack.Search, budget int64) counter {
	if gm.fast {
		return &fastCounter{geom: gm}
	}
	return &searchCounter{s: s, budget: budget}
}

// digBudget is the number of search nodes each uniqueness check may visit
// while digging a grid larger than 9x9, unless Options.Minimal is set. A
// check that runs out keeps the given: the puzzle stays unique but may not
// be minimal. On 16x16 grids most checks take a few hundred nodes, but a
// few per puzzle take up to millions (seconds); with the bound a puzzle
// takes about 0.1 s and keeps about one given more than a minimal one.
const digBudget = 5000

// searchCounter looks, for each cell of the orbit, for a solution with a
// digit there other than the solution's: it never explores the branch that
// leads back to the known solution. With budget > 0 each search visits at
// most budget nodes; one that runs out counts as "not unique" (the given
// is kept), so the answer "unique" is always proven.
type searchCounter struct {
	s      *backtrack.Search
	budget int64
	// outOfBudget counts the checks that ran out (for tests and benchmarks).
	outOfBudget int
}

func (c *searchCounter) keepsUnique(ctx context.Context, puzzle, solution []uint8, orbit []int) (bool, error) {
	for _, cell := range orbit {
		c.s.MaxNodes = c.budget
		other, err := c.s.OtherSolution(ctx, puzzle, cell, solution[cell])
		out := c.s.OutOfNodes()
		c.s.MaxNodes = 0
		if out && !other && err == nil {
			c.outOfBudget++
			return false, nil
		}
		if other || err != nil {
			return false, err
		}
	}
	return true, nil
}

// fastCounter uses the bitboard solver. Like searchCounter it never
// searches the known solution again: for each cell of the orbit and each
// other digit its peers allow, it looks for one solution with that digit
// there. Most of these puzzles fail at once in propagation.
type fastCounter struct {
	bb     bitboard.Solver
	p      [81]uint8
	geom   *geom
	count2 bool // count to 2 instead (for benchmarks)
}

func (c *fastCounter) keepsUnique(ctx context.Context, puzzle, solution []uint8, orbit []int) (bool, error) {
	copy(c.p[:], puzzle)
	if c.count2 {
		n, _ := c.bb.Count(&c.p, 2, nil)
		return n == 1, nil
	}
	for _, cell := range orbit {
		var seen uint64
		for _, q := range c.geom.Peers[cell] {
			if v := puzzle[q]; v != 0 {
				seen |= 1 << (v - 1)
			}
		}
		seen |= 1 << (solution[cell] - 1)
		for d := uint8(1); d <= 9; d++ {
			if seen&(1<<(d-1)) != 0 {
				continue
			}
			c.p[cell] = d
			if n, _ := c.bb.Count(&c.p, 1, nil); n > 0 {
				return false, nil
			}
		}
		c.p[cell] = 0
	}
	return true, nil
}
