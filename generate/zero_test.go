package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/zerotest"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// TestZeroGenerator: the zero Generator makes puzzles as
// NewGenerator(Options{}) does (it used to panic with a nil pointer
// dereference).
func TestZeroGenerator(t *testing.T) {
	ctx := context.Background()
	var g Generator
	zerotest.Run(t, &g, zerotest.Cases{
		"Generate": func() string {
			for i := range 2 {
				r, err := g.Generate(ctx, i)
				if err != nil {
					return fmt.Sprintf("puzzle %d: %v", i, err)
				}
				if !r.Puzzle.IsStandard9() || r.Rated {
					return fmt.Sprintf("puzzle %d: %v, rated %v", i, r.Puzzle, r.Rated)
				}
				// An oracle other than the generator: sudoku's checker.
				v, err := sudoku.Check(ctx, r.Puzzle)
				if err != nil || v.Kind != sudoku.Unique || v.Solution.String() != r.Solution.String() {
					return fmt.Sprintf("puzzle %d %v: verdict %v, %v", i, r.Puzzle, v, err)
				}
			}
			return ""
		},
	})
	var opt Options
	zerotest.Run(t, &opt, zerotest.Cases{
		"SetLevel": func() string {
			opt.SetLevel(logic.Hard)
			if !opt.HasLevel || opt.Level != logic.Hard {
				return fmt.Sprintf("%+v", opt)
			}
			if _, err := NewGenerator(opt); err != nil {
				return err.Error()
			}
			return ""
		},
	})
	var s Symmetry
	zerotest.Run(t, &s, zerotest.Cases{
		"String": func() string {
			if p, err := ParseSymmetry(s.String()); p != None || err != nil {
				return fmt.Sprintf("%q parses as %v, %v", s.String(), p, err)
			}
			return ""
		},
	})
}
