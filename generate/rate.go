package generate

import (
	"context"
	"errors"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// rateFunc rates a puzzle on the Sudoku Explainer scale. When max > 0 it
// may stop early and report tooHard once a step rated above max is needed.
// When min > 0 it may stop early once the rating is known to be min or
// more, returning a lower bound (at least min).
type rateFunc func(ctx context.Context, g *sudoku.Grid, min, max float64) (rating float64, tooHard bool, err error)

// logicRate rates with package logic.
func logicRate(ctx context.Context, g *sudoku.Grid, min, max float64) (float64, bool, error) {
	r, err := logic.RateWith(ctx, g, logic.Options{Min: min, Max: max})
	switch {
	case errors.Is(err, logic.ErrTooHard):
		return r.Rating, true, nil
	case errors.Is(err, logic.ErrAtLeast):
		return r.Rating, false, nil
	}
	return r.Rating, false, err
}

// levelGivens are the givens windows of LevelGivens, by level. Chosen
// from measurement (30 rot180 puzzles per level, docs/service.md): without
// a window an easy puzzle had 25 to 56 givens (a minimal one rated easy,
// or a too-hard one with givens put back until it rated easy), the other
// levels 24 to 36 in no order.
var levelGivens = [...][2]int{
	logic.Easy:    {36, 45},
	logic.Medium:  {30, 35},
	logic.Hard:    {28, 31},
	logic.Expert:  {25, 30},
	logic.Extreme: {22, 28},
}

// LevelGivens returns the window of givens (Options.MinGivens and
// MaxGivens) that makes the standard 9x9 puzzles of level l look like
// their level: more givens for easier levels. ok is false for an unknown
// level.
func LevelGivens(l logic.Level) (lo, hi int, ok bool) {
	if l < 0 || int(l) >= len(levelGivens) {
		return 0, 0, false
	}
	w := levelGivens[l]
	return w[0], w[1], true
}

// SetLevel makes l the target level of opt, with the window of givens of
// LevelGivens unless opt asks for a number of givens or for minimal
// puzzles (which a window excludes). The web game and sudoku generate
// -level both set their level so: one seed and level give one puzzle
// everywhere.
func (opt *Options) SetLevel(l logic.Level) {
	opt.Level, opt.HasLevel = l, true
	opt.MinGivens, opt.MaxGivens = 0, 0
	if opt.Givens == 0 && !opt.Minimal {
		opt.MinGivens, opt.MaxGivens, _ = LevelGivens(l)
	}
}
