package generate

import (
	"context"
	"errors"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// rateFunc rates a puzzle on the Sudoku Explainer scale. When max > 0 it
// may stop early and report tooHard once a step rated above max is needed.
type rateFunc func(ctx context.Context, g *sudoku.Grid, max float64) (rating float64, tooHard bool, err error)

// logicRate rates with package logic.
func logicRate(ctx context.Context, g *sudoku.Grid, max float64) (float64, bool, error) {
	r, err := logic.RateWith(ctx, g, logic.Options{Max: max})
	if errors.Is(err, logic.ErrTooHard) {
		return r.Rating, true, nil
	}
	return r.Rating, false, err
}
