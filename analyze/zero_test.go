package analyze

import (
	"context"
	"fmt"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/internal/testkit/zerotest"
	"github.com/dlxkit/dlx/sudoku"
)

// TestZeroAnalyzer: the zero Analyzer is ready (one worker per CPU, the
// default counters).
func TestZeroAnalyzer(t *testing.T) {
	ctx := context.Background()
	var a Analyzer
	zerotest.Run(t, &a, zerotest.Cases{
		"RemoveK": func() string {
			// The solution less one cell: 80 givens. Without any one
			// more given two cells are blank, each the only blank of
			// its column or of its row, so the solution stays unique:
			// every given is redundant and no removal leaves two
			// solutions.
			g, _, err := sudoku.ParseGrid(gridtest.Solution, sudoku.ReadOptions{})
			if err != nil {
				return err.Error()
			}
			g.Cells[40] = 0
			r, err := a.RemoveK(ctx, g, 1)
			if err != nil {
				return err.Error()
			}
			if r.Givens != 80 || r.Subsets != 80 || len(r.Redundant) != 80 || r.Minimal || r.Fewest.Cells != nil || r.Most.Solutions != 1 {
				return fmt.Sprintf("%+v", r)
			}
			if _, err := a.RemoveK(ctx, &sudoku.Grid{}, 1); err == nil {
				return "no error for a grid of no cells"
			}
			return ""
		},
	})
}
