package logic

import (
	"bufio"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/dlxkit/dlx/internal/solver/backtrack"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
	"github.com/dlxkit/dlx/sudoku"
)

// patternSolution returns a valid solution grid of shape s (the classic
// shifted-rows pattern) with its digits relabelled at random.
func patternSolution(s sudoku.Shape, rng *rand.Rand) *sudoku.Grid {
	n := s.N()
	perm := rng.Perm(n)
	g := sudoku.NewGrid(s, nil)
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			v := (s.BoxCols*(r%s.BoxRows) + r/s.BoxRows + c) % n
			g.Cells[r*n+c] = uint8(perm[v] + 1)
		}
	}
	return g
}

// dig blanks cells of sol in random order while the puzzle keeps one
// solution, up to max blanks.
func dig(t *testing.T, sol *sudoku.Grid, max int, rng *rand.Rand) *sudoku.Grid {
	t.Helper()
	p := sol.Clone()
	ge, err := geomOf(p)
	if err != nil {
		t.Fatal(err)
	}
	blanks := 0
	for _, c := range rng.Perm(len(p.Cells)) {
		if blanks >= max {
			break
		}
		v := p.Cells[c]
		p.Cells[c] = 0
		if n, err := backtrack.New(ge.Geometry).Count(context.Background(), p.Cells, 2, nil); err != nil || n != 1 {
			p.Cells[c] = v
			continue
		}
		blanks++
	}
	return p
}

// walkGrid rates g step by step and checks every step against sol.
func walkGrid(t *testing.T, g, sol *sudoku.Grid) Result {
	t.Helper()
	res, err := Rate(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	ge, _ := geomOf(g)
	b, _ := newBoard(ge, g.Cells)
	for i := range res.Steps {
		st := &res.Steps[i]
		if !checkStep(t, ge, st, sol.Cells, b) {
			t.FailNow()
		}
		b.apply(st)
	}
	for c := range b.val {
		if b.val[c] != sol.Cells[c] {
			t.Fatalf("steps end with %d at %s, want %d", b.val[c], cellName(ge, c), sol.Cells[c])
		}
	}
	return res
}

func TestOtherSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		shape sudoku.Shape
		holes int
		count int
	}{
		{sudoku.Shape{BoxRows: 2, BoxCols: 2}, 12, 20},
		{sudoku.Shape{BoxRows: 2, BoxCols: 3}, 26, 20},
		{sudoku.Shape{BoxRows: 3, BoxCols: 2}, 26, 10},
		{sudoku.Shape{BoxRows: 2, BoxCols: 4}, 44, 5},
		{sudoku.Shape{BoxRows: 4, BoxCols: 4}, 170, 2},
	} {
		for range tc.count {
			sol := patternSolution(tc.shape, rng)
			p := dig(t, sol, tc.holes, rng)
			res := walkGrid(t, p, sol)
			if len(res.Steps) == 0 {
				t.Fatalf("%v: no steps", tc.shape)
			}
			t.Logf("%dx%d %s: %.1f %s, %d steps", tc.shape.BoxRows, tc.shape.BoxCols, p, res.Rating, res.Hardest, len(res.Steps))
		}
	}
}

// TestVariantHouses rates 9x9 puzzles with the two diagonals as extra
// houses: their hidden singles and locked candidates must use them.
func TestVariantHouses(t *testing.T) {
	var d1, d2 []int
	for i := 0; i < 9; i++ {
		d1 = append(d1, i*9+i)
		d2 = append(d2, i*9+8-i)
	}
	v := &sudoku.Variant{Name: "diagonal", Extra: [][]int{d1, d2}}
	empty := sudoku.NewGrid(sudoku.Standard, v)
	ge, err := geomOf(empty)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for k := range 5 {
		// A random diagonal solution: random givens on the diagonal cells,
		// then the first solution.
		b, _ := newBoard(ge, empty.Cells)
		for _, c := range rng.Perm(81)[:8] {
			if m := b.cand[c]; m != 0 {
				ds := digits(m)
				b.place(c, ds[rng.IntN(len(ds))])
			}
		}
		solCells := make([]uint8, 81)
		if n, _ := backtrack.New(ge.Geometry).Count(context.Background(), b.val, 1, solCells); n == 0 {
			continue
		}
		sol := &sudoku.Grid{Shape: sudoku.Standard, Variant: v, Cells: solCells}
		p := dig(t, sol, 60, rng)
		res := walkGrid(t, p, sol)
		extra := false
		for _, st := range res.Steps {
			if len(st.Explanation) > 0 && containsStr(st.Explanation, "region") {
				extra = true
			}
		}
		t.Logf("diagonal %d: %.1f %s, %d steps, used a diagonal: %v", k, res.Rating, res.Hardest, len(res.Steps), extra)
	}
}

func containsStr(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestEasyPuzzles: the Kaggle puzzles of sudoku_small.txt need nothing but
// naked singles, so they rate at most 2.3 (easy).
func TestEasyPuzzles(t *testing.T) {
	f, err := os.Open(shareddata.Path(t, "data/sudoku_small.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; i < 300 && sc.Scan(); i++ {
		g, err := parse81(sc.Text()[:81])
		if err != nil {
			t.Fatal(err)
		}
		res, err := RateWith(context.Background(), g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Rating > 2.3 || res.Level != Easy {
			t.Errorf("line %d: rating %.1f (%s, %s), want <= 2.3 (easy)", i+1, res.Rating, res.Level, res.Hardest)
		}
	}
}

// TestRateUpTo: the cap stops hard puzzles and leaves easier ones alone.
func TestRateUpTo(t *testing.T) {
	ps := loadRated(t, 97)
	ctx := context.Background()
	for _, p := range ps {
		full, err := RateWith(ctx, p.grid, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, cap := range []float64{2.6, 4.0, 6.6, 8.0} {
			got, err := RateUpTo(ctx, p.grid, cap)
			if full.Rating <= cap+1e-9 {
				if err != nil || got.Rating != full.Rating {
					t.Errorf("rating %.1f, cap %.1f: got %.1f, %v", full.Rating, cap, got.Rating, err)
				}
			} else if !errors.Is(err, ErrTooHard) || got.Rating <= cap {
				t.Errorf("rating %.1f, cap %.1f: got %.1f, %v; want ErrTooHard and a bound above the cap", full.Rating, cap, got.Rating, err)
			}
		}
	}
}

func TestRateErrors(t *testing.T) {
	ctx := context.Background()
	empty := sudoku.NewGrid(sudoku.Standard, nil)
	if _, err := Rate(ctx, empty); !errors.Is(err, ErrMultipleSolutions) {
		t.Errorf("empty grid: %v, want ErrMultipleSolutions", err)
	}
	bad := empty.Clone()
	bad.Cells[0], bad.Cells[1] = 5, 5
	if _, err := Rate(ctx, bad); !errors.Is(err, sudoku.ErrInvalid) {
		t.Errorf("clashing givens: %v, want sudoku.ErrInvalid", err)
	}
	none := empty.Clone()
	// r1c1 cannot hold anything: 1-8 in its row, 9 in its column.
	for c := 1; c <= 8; c++ {
		none.Cells[c] = uint8(c)
	}
	none.Cells[9] = 9
	if _, err := Rate(ctx, none); !errors.Is(err, sudoku.ErrNoSolution) {
		t.Errorf("dead cell: %v, want sudoku.ErrNoSolution", err)
	}
	if _, err := Rate(ctx, &sudoku.Grid{Shape: sudoku.Standard, Cells: make([]uint8, 80)}); err == nil {
		t.Error("80 cells: no error")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	ps := loadRated(t, 1000)
	if _, err := Rate(cctx, ps[0].grid); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestLevels(t *testing.T) {
	for _, tc := range []struct {
		r    float64
		want Level
	}{{1.2, Easy}, {2.3, Easy}, {2.5, Medium}, {3.4, Medium}, {3.6, Hard}, {4.4, Hard}, {4.5, Expert}, {6.9, Expert}, {7.0, Extreme}, {9.5, Extreme}} {
		if got := LevelOf(tc.r); got != tc.want {
			t.Errorf("LevelOf(%.1f) = %v, want %v", tc.r, got, tc.want)
		}
		lo, hi := tc.want.Range()
		if !(tc.r > lo && tc.r <= hi) {
			t.Errorf("%.1f not in %v's range (%.1f, %.1f]", tc.r, tc.want, lo, hi)
		}
	}
	for _, l := range Levels() {
		got, err := ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if _, err := ParseLevel("impossible"); err == nil {
		t.Error("ParseLevel(impossible): no error")
	}
}
