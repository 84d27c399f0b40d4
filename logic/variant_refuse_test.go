package logic

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// TestRulesRefused: the rater and its hints know region variants only. A
// puzzle with any other rule (sudoku.Rules, cages, the chess rules) is
// refused with sudoku.ErrVariant and a message naming its rules, never
// rated or hinted as if the rules were not there: a hint that ignores an
// arrow would place a digit the arrow forbids. (The message used to list
// "cages, anti-knight, anti-king, non-consecutive or thermometers" for a
// puzzle with none of them.)
func TestRulesRefused(t *testing.T) {
	ctx := context.Background()
	four := sudoku.Shape{BoxRows: 2, BoxCols: 2}
	for _, tc := range []struct {
		v    *sudoku.Variant
		want string
	}{
		{&sudoku.Variant{Rules: sudoku.Rules{Arrows: []sudoku.Arrow{{Circle: []int{0}, Shaft: []int{5, 10}}}}}, "arrows"},
		{&sudoku.Variant{Rules: sudoku.Rules{Differences: []sudoku.Dot{{Cells: []int{0, 1}}}, XV: []sudoku.Dot{{Cells: []int{4, 5}, Value: 5}}}}, "kropki dots (difference), XV marks"},
		{&sudoku.Variant{Cages: []sudoku.Cage{{Sum: 3, Cells: []int{0, 1}}}, AntiKing: true}, "killer cages, anti-king"},
	} {
		// A puzzle that singles would solve, and so hint, without its rule.
		g, _, err := sudoku.ParseGrid("12.4341221434321", sudoku.ReadOptions{Shape: four})
		if err != nil {
			t.Fatal(err)
		}
		g.Variant = tc.v
		_, rerr := Rate(ctx, g)
		_, herr := Hint(ctx, g, nil, nil)
		for _, err := range []error{rerr, herr} {
			if !errors.Is(err, sudoku.ErrVariant) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: %v, want an error wrapping ErrVariant naming %q", tc.want, err, tc.want)
			}
		}
	}
}
