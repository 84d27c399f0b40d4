package analyze

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
	"github.com/dlxkit/dlx/sudoku"
)

// TestBandCounter: the default counter agrees with sudoku.Solver on
// standard grids (counts, limits, clashes and their error), and hands
// other shapes and variants to it.
func TestBandCounter(t *testing.T) {
	first := parse81(t, "000000010400000000020000000000050407008000300001090000300400200050100000000806000")
	minus := func(g *sudoku.Grid, cells ...int) *sudoku.Grid {
		q := g.Clone()
		for _, c := range cells {
			q.Cells[c] = 0
		}
		return q
	}
	clash := first.Clone()
	clash.Cells[0] = 1 // r1c8 holds 1 too
	diag := sudoku.NewGrid(sudoku.Standard, sudoku.Diagonal(sudoku.Standard))
	copy(diag.Cells, minus(first, 31, 47).Cells)
	small := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2}, nil)
	tests := []struct {
		name  string
		g     *sudoku.Grid
		limit int
	}{
		{"unique", first, -1},
		{"r6c3 removed, all", minus(first, 47), -1},
		{"r6c3 removed, limit 0 (2)", minus(first, 47), 0},
		{"r6c3 removed, limit 5000", minus(first, 47), 5000},
		{"r2c1 r3c2 removed", minus(first, 9, 19), -1},
		{"clash", clash, -1},
		{"clash, limit 2", clash, 2},
		{"4x4 empty", small, -1},
		{"diagonal variant", diag, -1},
	}
	b := newBandCounter()
	s := sudoku.NewSolver(sudoku.Options{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			want, wantErr := s.Count(context.Background(), tc.g, tc.limit)
			got, err := b.Count(context.Background(), tc.g, tc.limit)
			if got != want || (err == nil) != (wantErr == nil) {
				t.Fatalf("band counter %d, %v; sudoku.Solver %d, %v", got, err, want, wantErr)
			}
			var ie, wie *sudoku.InvalidError
			if errors.As(wantErr, &wie) && (!errors.As(err, &ie) || !slices.Equal(ie.Clashes, wie.Clashes)) {
				t.Errorf("error %v, want %v", err, wantErr)
			}
		})
	}
}

// TestRemoveKCounters: RemoveK gives the same result with the default
// counter and with sudoku.Solver (counted in parts), on padded test1000
// puzzles.
func TestRemoveKCounters(t *testing.T) {
	solver := func() Counter { return sudoku.NewSolver(sudoku.Options{}) }
	for i, line := range shareddata.Lines(t, "data/test1000", 6) {
		p := padded(t, parse81(t, line), 8, 3, i%3)
		for _, k := range []int{1, 2} {
			a, err := Analyzer{Workers: 2}.RemoveK(context.Background(), p, k)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Analyzer{Workers: 2, NewCounter: solver}.RemoveK(context.Background(), p, k)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a.Most.Cells, b.Most.Cells) || a.Most.Solutions != b.Most.Solutions ||
				!slices.Equal(a.Fewest.Cells, b.Fewest.Cells) || a.Fewest.Solutions != b.Fewest.Solutions ||
				a.Solutions != b.Solutions || !slices.Equal(a.Redundant, b.Redundant) {
				t.Errorf("puzzle %d k=%d: default %+v, sudoku.Solver %+v", i, k, a, b)
			}
			if i == 0 {
				t.Logf("puzzle %d k=%d: %d solutions counted over %d sets", i, k, a.Solutions, a.Subsets)
			}
		}
	}
}
