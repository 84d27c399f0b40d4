package server

import (
	"context"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// hintResult mirrors logic.Hint's result.
type hintResult struct {
	Mistakes []int
	Step     *logic.Step
}

// logicHint stands in for logic.Hint until it lands: the mistakes against
// the solution, else the first step of the logical solution of the
// player's grid (pencil marks are not used).
func logicHint(ctx context.Context, puzzle, state *sudoku.Grid, pencil []uint64) (hintResult, error) {
	sv := solvers.Get().(*sudoku.Solver)
	defer solvers.Put(sv)
	sol, err := sv.Solve(ctx, puzzle)
	if err != nil {
		return hintResult{}, err
	}
	var h hintResult
	for i, v := range state.Cells {
		if v != 0 && v != sol.Cells[i] {
			h.Mistakes = append(h.Mistakes, i)
		}
	}
	if len(h.Mistakes) > 0 {
		return h, nil
	}
	complete := true
	for _, v := range state.Cells {
		complete = complete && v != 0
	}
	if complete {
		return h, nil
	}
	res, err := logic.RateWith(ctx, state, logic.Options{Steps: true})
	if err != nil {
		return h, err
	}
	if len(res.Steps) > 0 {
		st := res.Steps[0]
		h.Step = &st
	}
	return h, nil
}
