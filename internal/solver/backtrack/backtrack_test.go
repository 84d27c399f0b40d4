package backtrack

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/sudoku"
)

// brute counts solutions up to limit by plain backtracking over the cells
// in order against the houses of the shape and the variant's extra
// regions (gridtest.Count): the independent reference.
func brute(s sudoku.Shape, v *sudoku.Variant, p []uint8, limit int) int {
	var extra [][]int
	if v != nil {
		extra = v.Extra
	}
	return gridtest.Count(s.N(), gridtest.Regions(s.BoxRows, s.BoxCols, nil, extra), p, limit, nil)
}

// TestCountAgainstBrute: counts up to a limit agree with the brute force
// on random puzzles of small shapes, with and without extra regions; the
// solution found is a solution of the puzzle.
func TestCountAgainstBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	for _, tc := range []struct {
		s sudoku.Shape
		v *sudoku.Variant
	}{
		{sudoku.Shape{BoxRows: 2, BoxCols: 2}, nil},
		{sudoku.Shape{BoxRows: 2, BoxCols: 3}, nil},
		{sudoku.Shape{BoxRows: 3, BoxCols: 2}, nil},
		{sudoku.Shape{BoxRows: 2, BoxCols: 3}, sudoku.Diagonal(sudoku.Shape{BoxRows: 2, BoxCols: 3})},
		{sudoku.Shape{BoxRows: 2, BoxCols: 4}, nil},
	} {
		g, err := sudoku.NewGeometry(tc.s, tc.v)
		if err != nil {
			t.Fatal(err)
		}
		s := New(g)
		n := tc.s.N()
		sol := make([]uint8, n*n)
		for i := range 300 {
			p := make([]uint8, n*n)
			for range rng.IntN(n*n/2) + 1 {
				p[rng.IntN(n*n)] = uint8(rng.IntN(n) + 1)
			}
			limit := 1 + rng.IntN(40)
			want := brute(tc.s, tc.v, p, limit)
			s.PairBranch = i%2 == 1
			got, err := s.Count(ctx, p, limit, sol)
			if err != nil || got != want {
				t.Fatalf("%v puzzle %d %v limit %d: %d, %v; brute force %d", tc.s, i, p, limit, got, err, want)
			}
			if got > 0 {
				for c, d := range p {
					if d != 0 && sol[c] != d {
						t.Fatalf("%v puzzle %d: solution changes a given", tc.s, i)
					}
				}
				if brute(tc.s, tc.v, sol, 1) != 1 {
					t.Fatalf("%v puzzle %d: %v is not a solution", tc.s, i, sol)
				}
			}
		}
	}
}

// confined16 is the 16x16 of issue 10: A, B and C fit only in r1c1 and
// r1c2, so it has no solution.
const confined16 = "....................ABC.................ABC.................ABC...A...............B...............C................................A...............B...............C............................................................................................"

func TestConfinedFixture(t *testing.T) {
	g := &sudoku.Grid{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Cells: gridtest.Confined(4, 4, 3)}
	if g.String() != confined16 {
		t.Errorf("gridtest.Confined(4, 4, 3) = %s", g)
	}
}

func parse(t testing.TB, s string) *sudoku.Grid {
	t.Helper()
	g, _, err := sudoku.ParseGrid(s, sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestContext: a search stops with the context's error, at once when it
// is cancelled before, and within a few milliseconds of its deadline.
func TestContext(t *testing.T) {
	// Four digits confined to three cells of box 1: no solution, and no
	// digit with two places to branch on, so the search is long.
	g := &sudoku.Grid{Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Cells: gridtest.Confined(4, 4, 4)}
	geo, _ := sudoku.NewGeometry(g.Shape, nil)
	s := New(geo)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := s.Count(ctx, g.Cells, 2, nil); !errors.Is(err, context.Canceled) || n != 0 {
		t.Errorf("cancelled: %d, %v", n, err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := s.Count(ctx, g.Cells, 2, nil)
	if took := time.Since(start); !errors.Is(err, context.DeadlineExceeded) && err != nil || took > time.Second {
		t.Errorf("deadline: %v after %v", err, took)
	}
}

// TestPairBranch: branching on a digit's two places in a house finds at
// once that the 16x16 of issue 10 has no solution.
func TestPairBranch(t *testing.T) {
	g := parse(t, confined16)
	geo, _ := sudoku.NewGeometry(g.Shape, nil)
	s := New(geo)
	s.PairBranch = true
	n, err := s.Count(context.Background(), g.Cells, 2, nil)
	if n != 0 || err != nil || s.Nodes() > 100 {
		t.Errorf("%d solutions, %v, %d nodes; want none in a few nodes", n, err, s.Nodes())
	}
}

func TestBudgetBanSingles(t *testing.T) {
	ctx := context.Background()
	geo, _ := sudoku.NewGeometry(sudoku.Standard, nil)
	s := New(geo)
	// The first puzzle of se_rated_sample.txt (unique, needs more than
	// singles) and its solution.
	p := parse(t, "570060003030005060601007000053000001000080000900000270000800402080100030200040019")
	sol := make([]uint8, 81)
	if n, err := s.Count(ctx, p.Cells, 2, sol); n != 1 || err != nil {
		t.Fatalf("%d solutions, %v", n, err)
	}
	blank := -1
	for c, d := range p.Cells {
		if d == 0 {
			blank = c
			break
		}
	}
	if other, err := s.OtherSolution(ctx, p.Cells, blank, sol[blank]); other || err != nil {
		t.Errorf("unique puzzle: another solution %v, %v", other, err)
	}
	if easy, err := s.SinglesSolve(ctx, p.Cells); easy || err != nil {
		t.Errorf("singles solve a 2.5 puzzle: %v, %v", easy, err)
	}
	full := append([]uint8(nil), sol...)
	full[0], full[1] = 0, 0
	if easy, _ := s.SinglesSolve(ctx, full); !easy {
		t.Error("singles do not fill two blanks")
	}
	s.MaxNodes = 1
	empty := make([]uint8, 81)
	if n, err := s.Count(ctx, empty, 2, nil); n == 2 || err != nil || !s.OutOfNodes() {
		t.Errorf("1 node: %d, %v, out %v", n, err, s.OutOfNodes())
	}
}

func TestFill(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		s sudoku.Shape
		v *sudoku.Variant
	}{{sudoku.Standard, nil}, {sudoku.Standard, sudoku.Hyper()}, {sudoku.Shape{BoxRows: 4, BoxCols: 4}, nil}, {sudoku.Shape{BoxRows: 2, BoxCols: 3}, sudoku.Diagonal(sudoku.Shape{BoxRows: 2, BoxCols: 3})}} {
		geo, _ := sudoku.NewGeometry(tc.s, tc.v)
		out := make([]uint8, geo.Cells)
		if err := New(geo).Fill(ctx, rng, out); err != nil {
			t.Fatal(err)
		}
		g := &sudoku.Grid{Shape: tc.s, Variant: tc.v, Cells: out}
		if c := sudoku.Valid(g); c != nil || countZero(out) != 0 {
			t.Errorf("%v: fill %v clashes %v", tc.s, g, c)
		}
	}
	// 2x2 boxes with both diagonals and r1c1 r1c2 r2c3 r2c4 as a region:
	// no complete grid (checked by hand with a brute force).
	s := sudoku.Shape{BoxRows: 2, BoxCols: 2}
	v := sudoku.Diagonal(s)
	v.Extra = append(v.Extra, []int{0, 1, 6, 7})
	if brute(s, v, make([]uint8, 16), 1) != 0 {
		t.Fatal("the impossible variant has a grid")
	}
	geo, err := sudoku.NewGeometry(s, v)
	if err != nil {
		t.Fatal(err)
	}
	if err := New(geo).Fill(ctx, rng, make([]uint8, 16)); !errors.Is(err, sudoku.ErrNoSolution) {
		t.Errorf("impossible variant: %v", err)
	}
}

func countZero(p []uint8) int {
	k := 0
	for _, d := range p {
		if d == 0 {
			k++
		}
	}
	return k
}

// TestNoAllocation: counting allocates nothing.
func TestNoAllocation(t *testing.T) {
	g := parse(t, confined16)
	geo, _ := sudoku.NewGeometry(g.Shape, nil)
	s := New(geo)
	s.PairBranch = true
	p := parse(t, "570060003030005060601007000053000001000080000900000270000800402080100030200040019")
	geo9, _ := sudoku.NewGeometry(sudoku.Standard, nil)
	s9 := New(geo9)
	sol := make([]uint8, 81)
	ctx := context.Background()
	allocs := testing.AllocsPerRun(20, func() {
		_, _ = s.Count(ctx, g.Cells, 2, nil)
		_, _ = s9.Count(ctx, p.Cells, 2, sol)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per count", allocs)
	}
}
