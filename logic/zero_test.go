package logic

import (
	"context"
	"fmt"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/internal/testkit/zerotest"
	"github.com/dlxkit/dlx/sudoku"
)

// TestZeroValues: the exported types with methods, and the zero Options
// and HintOptions, are safe and mean the defaults.
func TestZeroValues(t *testing.T) {
	var l Level
	zerotest.Run(t, &l, zerotest.Cases{
		"Floor": func() string {
			if f := l.Floor(); f != 0 {
				return fmt.Sprint(f)
			}
			return ""
		},
		"MarshalText": func() string {
			b, err := l.MarshalText()
			if string(b) != "easy" || err != nil {
				return fmt.Sprintf("%q, %v", b, err)
			}
			return ""
		},
		"Range": func() string {
			if lo, hi := l.Range(); lo != 0 || hi != 2.3 {
				return fmt.Sprint(lo, hi)
			}
			return ""
		},
		"String": func() string {
			if l.String() != "easy" {
				return l.String()
			}
			return ""
		},
		"UnmarshalText": func() string {
			var z Level
			if err := z.UnmarshalText([]byte("hard")); err != nil || z != Hard {
				return fmt.Sprintf("%v, %v", z, err)
			}
			if err := z.UnmarshalText(nil); err == nil {
				return "no error for an empty name"
			}
			return ""
		},
	})
	var s Step
	zerotest.Run(t, &s, zerotest.Cases{
		"String": func() string {
			if got := s.String(); got != " (0.0): " {
				return got
			}
			return ""
		},
	})

	// The zero Options rate fully: a puzzle one cell short of the
	// solution is a single, rated at most 1.5 (SE 1.0 to 1.2 for a last digit).
	ctx := context.Background()
	g, _, err := sudoku.ParseGrid(gridtest.Solution, sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g.Cells[0] = 0
	r, err := RateWith(ctx, g, Options{})
	if err != nil || r.Rating > 1.5 || LevelOf(r.Rating) != Easy {
		t.Errorf("RateWith(zero Options) of a grid with one blank: %+v, %v", r, err)
	}
	h, err := HintWith(ctx, g, g, nil, HintOptions{})
	if err != nil || h.Step == nil {
		t.Errorf("HintWith(zero HintOptions) of a grid with one blank: %+v, %v", h, err)
	}
}
