package count

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// first17 is the first puzzle of test1000 (17 givens).
const first17 = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

// reference counts p's solutions with the fast solver, up to limit.
func reference(p *[81]uint8, limit int) int {
	var s bitboard.Solver
	n, _ := s.Count(p, limit, nil)
	return n
}

// derived returns puzzles made from the unique puzzle p: extra givens
// copied from its solution (every few blank cells), then removed givens
// (any, extra or not), chosen by r. Their counts run from one to
// hundreds of thousands.
func derived(t *testing.T, p [81]uint8, r *rand.Rand, extra, removed int) [81]uint8 {
	t.Helper()
	var sol [81]uint8
	var s bitboard.Solver
	if n, _ := s.Count(&p, 2, &sol); n != 1 {
		t.Fatalf("puzzle %v has %d solutions", p, n)
	}
	q := p
	for _, i := range r.Perm(81) {
		if extra == 0 {
			break
		}
		if q[i] == 0 {
			q[i] = sol[i]
			extra--
		}
	}
	var givens []int
	for i, v := range q {
		if v != 0 {
			givens = append(givens, i)
		}
	}
	for _, k := range r.Perm(len(givens))[:removed] {
		q[givens[k]] = 0
	}
	return q
}

// TestCountTest1000 compares Count with the fast solver's count on
// test1000 puzzles with extra givens from their solution and 1-3 givens
// removed: 600 puzzles with counts from 1 to 100,000 (capped there).
func TestCountTest1000(t *testing.T) {
	const limit = 100_000
	lines := shareddata.Lines(t, "data/test1000", 200)
	r := rand.New(rand.NewPCG(1, 2))
	var c Counter
	var buckets [4]int // counts 1, 2-99, 100-9,999, 10,000 or more
	start := time.Now()
	for i, line := range lines {
		p := gridtest.Parse81(t, line)
		for removed := 1; removed <= 3; removed++ {
			// Fewer extra givens for fewer removed: counts up to about
			// 100,000 either way.
			q := derived(t, p, r, 3*removed-2+r.IntN(3), removed)
			want := reference(&q, limit)
			got, err := c.Count(context.Background(), &q, limit)
			if err != nil || got != want {
				t.Fatalf("puzzle %d, %d removed %v: Count %d (%v), fast solver %d", i, removed, q, got, err, want)
			}
			switch {
			case want == 1:
				buckets[0]++
			case want < 100:
				buckets[1]++
			case want < 10_000:
				buckets[2]++
			default:
				buckets[3]++
			}
		}
	}
	t.Logf("%d puzzles in %v; counts 1: %d, 2-99: %d, 100-9,999: %d, 10,000+: %d",
		3*len(lines), time.Since(start), buckets[0], buckets[1], buckets[2], buckets[3])
	for k, n := range buckets {
		if n == 0 {
			t.Errorf("no puzzle in count bucket %d: the test lost its reach", k)
		}
	}
}

// TestCountLimit: Count stops at the limit, in both of its ways
// (solution by solution below plainLimit, band by band above).
func TestCountLimit(t *testing.T) {
	p := gridtest.Parse81(t, first17)
	p[5*9+2] = 0 // r6c3: 518,474 solutions
	const all = 518_474
	empty := [81]uint8{}
	tests := []struct {
		name  string
		p     *[81]uint8
		limit int
		want  int
	}{
		{"all", &p, 0, all},
		{"negative limit", &p, -1, all},
		{"limit 1", &p, 1, 1},
		{"limit 2", &p, 2, 2},
		{"plain limit", &p, plainLimit, plainLimit},
		{"above plain limit", &p, plainLimit + 1, plainLimit + 1},
		{"limit 100,000", &p, 100_000, 100_000},
		{"limit all-1", &p, all - 1, all - 1},
		{"limit all", &p, all, all},
		{"limit all+1", &p, all + 1, all},
		{"empty grid, limit 10", &empty, 10, 10},
		{"empty grid, limit 100,000", &empty, 100_000, 100_000},
	}
	var c Counter
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := c.Count(context.Background(), tc.p, tc.limit)
			if err != nil || got != tc.want {
				t.Errorf("Count(limit %d) = %d, %v; want %d", tc.limit, got, err, tc.want)
			}
		})
	}
}

// TestCountSpecial: clashing givens, values above 9, no solution, full
// grids.
func TestCountSpecial(t *testing.T) {
	const grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	full := gridtest.Parse81(t, grid)
	clashFull := full
	clashFull[0], clashFull[1] = clashFull[1], clashFull[0] // two swapped: rows still fine, columns not
	oneBlank := full
	oneBlank[40] = 0
	// r1c1 blank: row 1 holds 1-8 and column 1 holds 9: no candidate.
	noCand := gridtest.Parse81(t, "012345678900000000000000000000000000000000000000000000000000000000000000000000000")
	// Unique puzzle with one given changed to a digit that fits its row,
	// column and box but leaves no solution.
	noSol := gridtest.Parse81(t, first17)
	tests := []struct {
		name string
		p    [81]uint8
		want int
	}{
		{"full grid", full, 1},
		{"full grid, one blank", oneBlank, 1},
		{"full grid with a clash", clashFull, 0},
		{"row clash", gridtest.Parse81(t, "110000000"+first17[9:]), 0},
		{"column clash", func() [81]uint8 { q := gridtest.Parse81(t, first17); q[0], q[27] = 5, 5; return q }(), 0},
		{"box clash", func() [81]uint8 { q := gridtest.Parse81(t, first17); q[0], q[10] = 7, 7; return q }(), 0},
		{"value 10", func() [81]uint8 { q := gridtest.Parse81(t, first17); q[3] = 10; return q }(), 0},
		{"value 255", func() [81]uint8 { q := gridtest.Parse81(t, first17); q[80] = 255; return q }(), 0},
		{"cell without candidate", noCand, 0},
		{"unique 17", noSol, 1},
	}
	// noSol: find a blank cell of the unique puzzle where a digit fits
	// the givens but not the solution, and the puzzle then has none.
	var sol [81]uint8
	var s bitboard.Solver
	s.Count(&noSol, 1, &sol)
	found := false
	for i := 0; i < 81 && !found; i++ {
		if noSol[i] != 0 {
			continue
		}
		for v := uint8(1); v <= 9; v++ {
			q := noSol
			q[i] = v
			if v != sol[i] && reference(&q, 1) == 0 && clashFree(&q) {
				tests = append(tests, struct {
					name string
					p    [81]uint8
					want int
				}{"no solution, no clash", q, 0})
				found = true
				break
			}
		}
	}
	if !found {
		t.Fatal("no puzzle without solution and clash found")
	}
	var c Counter
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, limit := range []int{0, 2, plainLimit + 1} {
				got, err := c.Count(context.Background(), &tc.p, limit)
				if err != nil || got != tc.want {
					t.Errorf("Count(limit %d) = %d, %v; want %d", limit, got, err, tc.want)
				}
			}
		})
	}
}

// clashFree reports whether no two givens of p share a row, column or
// box.
func clashFree(p *[81]uint8) bool {
	for i := range 81 {
		for j := i + 1; j < 81; j++ {
			if p[i] == 0 || p[i] != p[j] {
				continue
			}
			if i/9 == j/9 || i%9 == j%9 || (i/27 == j/27 && i%9/3 == j%9/3) {
				return false
			}
		}
	}
	return true
}

// TestCountOrientations: every way of turning the puzzle gives the same
// count.
func TestCountOrientations(t *testing.T) {
	p := gridtest.Parse81(t, first17)
	cases := [][]int{{5*9 + 2}, {1 * 9, 2*9 + 1}, {6 * 9, 7*9 + 1}}
	for _, rm := range cases {
		q := p
		for _, i := range rm {
			q[i] = 0
		}
		var want int
		for force := 0; force <= 12; force++ {
			c := Counter{force: force}
			got, err := c.Count(context.Background(), &q, 0)
			if err != nil {
				t.Fatal(err)
			}
			if force == 0 {
				want = got
			} else if got != want {
				t.Errorf("removed %v: orientation %d counts %d, chosen one %d", rm, force, got, want)
			}
		}
		t.Logf("removed %v: %d solutions", rm, want)
	}
}

// TestCountCancel: Count returns soon after its context is done, with
// the context's error.
func TestCountCancel(t *testing.T) {
	// Four givens removed from a 17-clue puzzle: billions of solutions,
	// far more than a second of work.
	p := gridtest.Parse81(t, first17)
	p[3*9+4], p[5*9+2], p[0*9+7], p[1*9+0] = 0, 0, 0, 0
	empty := [81]uint8{}
	for _, tc := range []struct {
		name  string
		p     *[81]uint8
		limit int
	}{
		{"17 clues minus 4", &p, 0},
		{"empty grid", &empty, 0},
		{"empty grid, plain", &empty, plainLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Counter
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := c.Count(ctx, tc.p, tc.limit); !errors.Is(err, context.Canceled) {
				t.Errorf("cancelled context: error %v", err)
			}
			ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			start := time.Now()
			n, err := c.Count(ctx, tc.p, tc.limit)
			took := time.Since(start)
			if tc.limit > 0 {
				// Small limits are reached before the deadline.
				if err != nil || n != tc.limit {
					t.Errorf("Count = %d, %v; want %d", n, err, tc.limit)
				}
				return
			}
			if !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("error %v after %v, want the deadline", err, took)
			}
			if took > 1200*time.Millisecond {
				t.Errorf("stopped %v after a 200ms deadline", took)
			}
			t.Logf("stopped after %v with %d solutions counted", took, n)
		})
	}
}

// TestCountNoAlloc: once its memos have grown, a Counter counts without
// allocating.
func TestCountNoAlloc(t *testing.T) {
	p := gridtest.Parse81(t, first17)
	p[1*9], p[2*9+1] = 0, 0 // r2c1, r3c2: 14,036 solutions
	var c Counter
	ctx := context.Background()
	if n, _ := c.Count(ctx, &p, 0); n != 14_036 {
		t.Fatalf("%d solutions", n)
	}
	allocs := testing.AllocsPerRun(5, func() {
		c.Count(ctx, &p, 0)
		c.Count(ctx, &p, 2)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per count", allocs)
	}
}
