package grids

import (
	"context"
	"testing"

	"github.com/dlxkit/dlx/internal/solver/count"
)

// firstBands are 9x9 first bands (rows 1-3), row-major: the most regular
// one, and bands with other column structures.
var firstBands = []string{
	"123456789456789123789123456",
	"123456789456789132789123465",
	"123456789457189236689237145",
	"123456789478193256569278134",
}

// bandCols returns the column sets of a 9x9 band.
func bandCols(t testing.TB, band string) (cols [MaxN]uint16) {
	t.Helper()
	if len(band) != 27 {
		t.Fatalf("band %q: want 27 digits", band)
	}
	for i := range 27 {
		cols[i%9] |= 1 << (band[i] - '1')
	}
	return cols
}

// TestCompletionsTwoWays: the completions of specific first bands of the
// 9x9 grid, summed over band 2's column sets with the table of band
// counts (split indices relative to band 2's first stack) and without it
// (band counts memoized by a relabelled key), agree.
func TestCompletionsTwoWays(t *testing.T) {
	p := prepared(t)
	bands := firstBands
	if testing.Short() {
		bands = bands[2:3] // 4 s each without the table
	}
	for _, band := range bands {
		cols := bandCols(t, band)
		wk := newWorker(context.Background(), p)
		fast, ok := wk.threeBands(&cols)
		if !ok {
			t.Fatal(wk.err)
		}
		slow, ok := wk.completions(&cols, 1)
		if !ok {
			t.Fatal(wk.err)
		}
		if fast != slow || fast.lo == 0 {
			t.Errorf("band %s: %v with the table, %v without", band, fast, slow)
		}
	}
}

// completionsCounted are the numbers of completions of firstBands that
// internal/solver/count finds (as a puzzle with those 27 givens), which
// enumerates band 2 cell by cell: 36 to 58 s each on the 2-core machine,
// so TestCompletionsCounter recounts one.
var completionsCounted = []uint64{7802998272, 7383108096, 7033343616, 7008981120}

// TestCompletionsCounter: the completions of a first band by the column
// sets are the solution count of internal/solver/count.
func TestCompletionsCounter(t *testing.T) {
	p := prepared(t)
	for i, band := range firstBands {
		cols := bandCols(t, band)
		wk := newWorker(context.Background(), p)
		got, ok := wk.threeBands(&cols)
		if !ok {
			t.Fatal(wk.err)
		}
		if got != (u128{lo: completionsCounted[i]}) {
			t.Errorf("band %s: %v completions, internal/solver/count found %d", band, got, completionsCounted[i])
		}
	}
	if testing.Short() {
		t.Skip("the recount takes half a minute")
	}
	band := firstBands[3]
	var puzzle [81]uint8
	for i := range 27 {
		puzzle[i] = band[i] - '0'
	}
	var c count.Counter
	n, err := c.Count(context.Background(), &puzzle, 0)
	if err != nil {
		t.Fatal(err)
	}
	if uint64(n) != completionsCounted[3] {
		t.Errorf("band %s: internal/solver/count now finds %d, want %d", band, n, completionsCounted[3])
	}
}

// prepared returns the 9x9 plan with its table.
func prepared(t testing.TB) *plan {
	t.Helper()
	p, err := newPlanFor(3, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.prepare(context.Background(), Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	return p
}
