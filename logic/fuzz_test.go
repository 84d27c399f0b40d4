package logic

import (
	"context"
	"errors"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// FuzzRateHint feeds arbitrary 9x9 grids (and player states) to RateUpTo
// and Hint: they must not panic, and must either rate the puzzle or return
// one of the documented errors.
func FuzzRateHint(f *testing.F) {
	f.Add("570060003030005060601007000053000001000080000900000270000800402080100030200040019", "")
	f.Add("000801000005064100060700080250000403090000070406000012010009020002570900000103000", "000801000005064100060700080250000403090000070406000012010009020002570900000103009")
	f.Add("550060003030005060601007000053000001000080000900000270000800402080100030200040019", "")
	f.Add("", "x")
	f.Fuzz(func(t *testing.T, p, s string) {
		g := sudoku.NewGrid(sudoku.Standard, nil)
		for i := 0; i < len(p) && i < 81; i++ {
			if c := p[i]; c >= '1' && c <= '9' {
				g.Cells[i] = c - '0'
			}
		}
		ctx := context.Background()
		res, err := RateUpTo(ctx, g, 4.0)
		switch {
		case err == nil:
			if res.Rating > 4.0 {
				t.Fatalf("rating %.1f above the cap", res.Rating)
			}
		case errors.Is(err, ErrTooHard), errors.Is(err, sudoku.ErrInvalid), errors.Is(err, sudoku.ErrNoSolution), errors.Is(err, ErrMultipleSolutions):
		default:
			t.Fatalf("unexpected error %v", err)
		}
		st := g.Clone()
		for i := 0; i < len(s) && i < 81; i++ {
			if c := s[i]; c >= '1' && c <= '9' && st.Cells[i] == 0 {
				st.Cells[i] = c - '0'
			}
		}
		h, err := Hint(ctx, g, st, nil)
		if err == nil && !h.Solved && h.Step == nil {
			t.Fatal("no step and not solved")
		}
	})
}
