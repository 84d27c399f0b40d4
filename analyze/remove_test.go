package analyze

import (
	"context"
	"errors"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/dlxkit/dlx/generate"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
	"github.com/dlxkit/dlx/sudoku"
)

func parse81(t testing.TB, s string) *sudoku.Grid {
	t.Helper()
	if len(s) < 81 {
		t.Fatalf("line of %d characters", len(s))
	}
	g := sudoku.NewGrid(sudoku.Standard, nil)
	for i := range 81 {
		if c := s[i]; c >= '1' && c <= '9' {
			g.Cells[i] = c - '0'
		}
	}
	return g
}

// padded returns p with extra givens copied from its solution: every
// step-th blank cell (counting from offset), so that removing a few givens
// leaves few solutions.
func padded(t testing.TB, p *sudoku.Grid, extra, step, offset int) *sudoku.Grid {
	t.Helper()
	sol, err := sudoku.Solve(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Clone()
	blank := 0
	for i, d := range p.Cells {
		if d != 0 {
			continue
		}
		if blank%step == offset && extra > 0 {
			q.Cells[i] = sol.Cells[i]
			extra--
		}
		blank++
	}
	return q
}

// redundantBrute lists the givens whose removal alone keeps one solution.
func redundantBrute(p []uint8) []int {
	out := []int{}
	tmp := append([]uint8(nil), p...)
	for i, d := range p {
		if d == 0 {
			continue
		}
		tmp[i] = 0
		if seedCount(tmp) == 1 {
			out = append(out, i)
		}
		tmp[i] = d
	}
	return out
}

// checkAgainstSeed compares RemoveK (with 1 and 3 workers) with the seed's
// brute force for k = 2 and with the generalised brute force for k.
func checkAgainstSeed(t *testing.T, name string, p *sudoku.Grid, k int) {
	t.Helper()
	start := time.Now()
	var most, fewest []int
	var mostN, fewestN int
	if k == 2 {
		m, mn, f, fn := seedPairs(p.Cells)
		most, mostN, fewest, fewestN = m[:], mn, f[:], fn
		if fn == 0 {
			fewest = nil
		}
	} else {
		most, mostN, fewest, fewestN = seedSubsets(p.Cells, k)
	}
	redundant := redundantBrute(p.Cells)
	bruteTook := time.Since(start)
	start = time.Now()
	for _, w := range []int{1, 3} {
		res, err := Analyzer{Workers: w}.RemoveK(context.Background(), p, k)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.Equal(res.Most.Cells, most) || res.Most.Solutions != mostN {
			t.Errorf("%s k=%d workers=%d: most %v %d, brute force %v %d", name, k, w, res.Most.Cells, res.Most.Solutions, most, mostN)
		}
		if !slices.Equal(res.Fewest.Cells, fewest) || res.Fewest.Solutions != fewestN {
			t.Errorf("%s k=%d workers=%d: fewest %v %d, brute force %v %d", name, k, w, res.Fewest.Cells, res.Fewest.Solutions, fewest, fewestN)
		}
		if !slices.Equal(res.Redundant, redundant) || res.Minimal != (len(redundant) == 0) {
			t.Errorf("%s: redundant %v minimal %v, brute force %v", name, res.Redundant, res.Minimal, redundant)
		}
		if res.Counted != res.Subsets || res.Subsets != binomial(res.Givens, k) || res.K != k {
			t.Errorf("%s: counted %d of %d subsets", name, res.Counted, res.Subsets)
		}
		if w == 1 {
			t.Logf("%s k=%d: %d givens, most %v %d, fewest %v %d, redundant %v", name, k, res.Givens, most, mostN, fewest, fewestN, redundant)
		}
	}
	t.Logf("brute force %v, RemoveK twice %v", bruteTook, time.Since(start))
}

// TestRemoveKPadded: test1000 puzzles with extra givens from their
// solution, k = 1, 2, 3 against the brute force.
func TestRemoveKPadded(t *testing.T) {
	lines := shareddata.Lines(t, "data/test1000", 4)
	for i, line := range lines {
		p := parse81(t, line)
		q := padded(t, p, 12, 5, i%5)
		checkAgainstSeed(t, "test1000 #"+string(rune('1'+i))+" +12", q, 2)
		if i == 0 {
			checkAgainstSeed(t, "test1000 #1 +12", q, 1)
			checkAgainstSeed(t, "test1000 #1 +12", q, 3)
		}
	}
}

// TestSeedSubsets: the generalised brute force agrees with the seed's own
// loop over pairs.
func TestSeedSubsets(t *testing.T) {
	for i, line := range shareddata.Lines(t, "data/test1000", 3) {
		p := padded(t, parse81(t, line), 12, 5, i)
		m, mn, f, fn := seedPairs(p.Cells)
		m2, mn2, f2, fn2 := seedSubsets(p.Cells, 2)
		if !slices.Equal(m2, m[:]) || mn2 != mn || !slices.Equal(f2, f[:]) || fn2 != fn {
			t.Errorf("seedSubsets %v %d %v %d, seedPairs %v %d %v %d", m2, mn2, f2, fn2, m, mn, f, fn)
		}
	}
}

// TestRemoveKGenerated: random minimal puzzles from package generate (the
// first of the sequence is skipped: its brute force takes 15 s).
func TestRemoveKGenerated(t *testing.T) {
	n := 0
	for r, err := range generate.Many(context.Background(), 3, generate.Options{Seed: 2026, Workers: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		if r.Index == 0 {
			continue
		}
		checkAgainstSeed(t, "generated "+r.Puzzle.String(), r.Puzzle, 2)
	}
	if n != 3 {
		t.Fatalf("%d puzzles generated", n)
	}
}

// TestRemoveKSeed is the case: k = 2 on raw 17-clue puzzles of
// test1000, compared with the seed's brute force. Removing two givens
// leaves millions of solutions per pair, so this takes tens of minutes:
// it runs only with DLX_LONG=1 (go test -run RemoveKSeed -timeout 0).
func TestRemoveKSeed(t *testing.T) {
	if os.Getenv("DLX_LONG") != "1" {
		t.Skip("set DLX_LONG=1 to run k = 2 on raw 17-clue puzzles (tens of minutes)")
	}
	for _, line := range shareddata.Lines(t, "data/test1000", 1) {
		p := parse81(t, line)
		start := time.Now()
		res, err := Analyzer{Workers: 2}.RemoveK(context.Background(), p, 2)
		if err != nil {
			t.Fatal(err)
		}
		took := time.Since(start)
		t.Logf("%s: most %v %d, fewest %v %d, %d solutions counted, took %v with 2 workers",
			line, res.Most.Cells, res.Most.Solutions, res.Fewest.Cells, res.Fewest.Solutions, res.Solutions, took)
		start = time.Now()
		most, mostN, fewest, fewestN := seedPairs(p.Cells)
		t.Logf("seed brute force took %v", time.Since(start))
		if !slices.Equal(res.Most.Cells, most[:]) || res.Most.Solutions != mostN {
			t.Errorf("most: got %v %d, seed brute force %v %d", res.Most.Cells, res.Most.Solutions, most, mostN)
		}
		if !slices.Equal(res.Fewest.Cells, fewest[:]) || res.Fewest.Solutions != fewestN {
			t.Errorf("fewest: got %v %d, seed brute force %v %d", res.Fewest.Cells, res.Fewest.Solutions, fewest, fewestN)
		}
		if !res.Minimal || len(res.Redundant) != 0 {
			t.Errorf("17-clue puzzle reported not minimal: %v", res.Redundant)
		}
	}
}

func TestRemoveKErrors(t *testing.T) {
	p := parse81(t, "000000010400000000020000000000050407008000300001090000300400200050100000000806000")
	ctx := context.Background()
	for _, k := range []int{0, -1, 18} {
		if _, err := RemoveK(ctx, p, k); !errors.Is(err, ErrK) {
			t.Errorf("k = %d: %v, want ErrK", k, err)
		}
	}
	q := p.Clone()
	q.Cells[7] = 0 // 16 givens: several solutions
	if _, err := RemoveK(ctx, q, 1); !errors.Is(err, ErrNotUnique) {
		t.Errorf("not unique: %v", err)
	}
	if _, err := RemoveK(ctx, sudoku.NewGrid(sudoku.Standard, nil), 1); !errors.Is(err, ErrNotUnique) {
		t.Errorf("no givens: %v", err)
	}
	sol, err := sudoku.Solve(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RemoveK(ctx, sol, 40); !errors.Is(err, ErrTooMany) {
		t.Errorf("C(81, 40): %v, want ErrTooMany", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := RemoveK(cctx, p, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	// Cancelled while counting: returns promptly.
	cctx, cancel = context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := RemoveK(cctx, p, 2); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("deadline: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second { // parts take under a second
		t.Errorf("took %v to stop", d)
	}
}

func TestUnrank(t *testing.T) {
	for _, c := range [][2]int{{5, 1}, {6, 2}, {7, 3}, {5, 5}} {
		m, k := c[0], c[1]
		var prev []int
		for rank := range binomial(m, k) {
			sub := unrank(rank, m, k, make([]int, k))
			if prev != nil && slices.Compare(prev, sub) >= 0 {
				t.Fatalf("C(%d,%d) rank %d: %v not after %v", m, k, rank, sub, prev)
			}
			prev = sub
		}
		if want := k; len(prev) != want || prev[0] != m-k {
			t.Errorf("C(%d,%d): last subset %v", m, k, prev)
		}
	}
	if binomial(100, 50) != int(^uint(0)>>1) {
		t.Error("binomial overflow not reported")
	}
}

// TestCountAll: counting in parts gives the brute force's count, on grids
// above and below the split limit, for 9x9 and 4x4, and restores the grid.
func TestCountAll(t *testing.T) {
	// A minimal puzzle made by package generate; without r2c5 and r8c3 it
	// has more than splitLimit solutions.
	p, _, err := sudoku.ParseGrid("...24..5.....1.....4.9.....4......3..716...2.....27......7.2.65..953...8......1.3", sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := sudoku.NewSolver(sudoku.Options{})
	for _, blank := range [][]int{{}, {13}, {13, 65}, {3, 4}} {
		q := p.Clone()
		for _, c := range blank {
			q.Cells[c] = 0
		}
		before := slices.Clone(q.Cells)
		n, err := countAll(context.Background(), s, q)
		if err != nil {
			t.Fatal(err)
		}
		want := seedCount(q.Cells)
		if n != want || !slices.Equal(q.Cells, before) {
			t.Errorf("blank %v: countAll %d, brute force %d (or grid not restored)", blank, n, want)
		}
		if len(blank) == 2 && blank[0] == 13 && want < splitLimit {
			t.Errorf("fixture has %d solutions, not above the split limit", want)
		}
	}
	// An empty 4x4 grid has 288 solutions.
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2}, nil)
	if n, err := countSplit(context.Background(), s, g, 3); n != 288 || err != nil {
		t.Errorf("4x4: %d, %v", n, err)
	}
}
