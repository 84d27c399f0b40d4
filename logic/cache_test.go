package logic

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// geomCacheLen returns the number of geometries the rater keeps.
func geomCacheLen() int {
	n := 0
	geomCache.Range(func(any, any) bool { n++; return true })
	return n
}

// TestGeomCacheBounded: grids with variant regions of their own (a
// request may send any extra region) do not add to the rater's geometry
// cache; it used to keep one geometry per distinct variant for ever (400
// requests with random 25-cell regions grew a server by 232 MB).
func TestGeomCacheBounded(t *testing.T) {
	ctx := context.Background()
	// Fill the cache with the plain shapes used below.
	for _, s := range []sudoku.Shape{sudoku.Standard, {BoxRows: 5, BoxCols: 5}} {
		g := sudoku.NewGrid(s, nil)
		g.Cells[0], g.Cells[1] = 1, 1
		_, _ = RateUpTo(ctx, g, 1)
	}
	before := geomCacheLen()
	rng := rand.New(rand.NewPCG(10, 10))
	for i := range 300 {
		s := sudoku.Standard
		if i%10 == 0 {
			s = sudoku.Shape{BoxRows: 5, BoxCols: 5}
		}
		n := s.N()
		g := sudoku.NewGrid(s, &sudoku.Variant{Name: "random", Extra: [][]int{rng.Perm(n * n)[:n]}})
		// Two 1s in row 1: the givens clash, found right after the
		// geometry is built.
		g.Cells[0], g.Cells[1] = 1, 1
		if _, err := RateUpTo(ctx, g, 1); !errors.Is(err, sudoku.ErrInvalid) {
			t.Fatalf("clashing givens: %v", err)
		}
		if _, err := Hint(ctx, g, nil, nil); !errors.Is(err, sudoku.ErrInvalid) {
			t.Fatalf("clashing givens: %v", err)
		}
	}
	// A variant that does not fit is rejected before anything is kept.
	bad := sudoku.NewGrid(sudoku.Standard, &sudoku.Variant{Extra: [][]int{{0, 1, 2}}})
	if _, err := Rate(ctx, bad); err == nil {
		t.Error("3-cell extra region on a 9x9: no error")
	}
	if after := geomCacheLen(); after != before {
		t.Errorf("geometry cache grew from %d to %d entries over 300 grids with distinct extra regions", before, after)
	}
}
