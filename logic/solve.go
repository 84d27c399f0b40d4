package logic

import (
	"context"
	"sync"

	"github.com/dlxkit/dlx/internal/solver/backtrack"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
)

// bitboards are the fast 9x9 solvers countSolutions uses on the grids
// sudoku.AutoMethod gives them.
var bitboards = sync.Pool{New: func() any { return new(bitboard.Solver) }}

// countSolutions counts the solutions of b's placed digits up to limit
// (at most 2 on standard 9x9 grids) and copies the first one found into
// sol when not nil: with the fast 9x9 solver where sudoku.AutoMethod picks
// it (standard 9x9 grids), with the general backtracking search (which
// looks at ctx as it runs) on the others. b is not changed.
func countSolutions(ctx context.Context, b *board, limit int, sol []uint8) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if b.g.fast {
		var p, s [81]uint8
		copy(p[:], b.val)
		bb := bitboards.Get().(*bitboard.Solver)
		n, _ := bb.Count(&p, limit, &s)
		bitboards.Put(bb)
		if sol != nil {
			copy(sol, s[:])
		}
		return n, nil
	}
	s := backtrack.New(b.g.Geometry)
	// Any input comes here: refute three digits confined to two cells at
	// once (see backtrack.Search.PairBranch).
	s.PairBranch = true
	return s.Count(ctx, b.val, limit, sol)
}
