package grids

import (
	"context"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/sudoku"
)

// published are the grid counts of the literature (2x4: Russell and
// Jarvis; 3x3: Felgenhauer and Jarvis).
var published = []struct {
	r, c int
	want string
}{
	{2, 2, "288"},
	{2, 3, "28200960"},
	{3, 2, "28200960"},
	{2, 4, "29136487207403520"},
	{4, 2, "29136487207403520"},
	{3, 3, "6670903752021072936960"},
}

// TestCountPublished: every shape in both orientations (two bands of 2x3's
// side 3 or three of side 2: different sums) gives the published count;
// 8x8 as four bands of two rows is BenchmarkCount2x4FourBands.
func TestCountPublished(t *testing.T) {
	for _, tt := range published {
		for _, turn := range []int{-1, 1} {
			l, err := newLayout(tt.r, tt.c, turn)
			if err != nil {
				t.Fatal(err)
			}
			if l.nb == 4 {
				continue // 150 s: BenchmarkCount2x4FourBands
			}
			got, err := Count(context.Background(), tt.r, tt.c, Options{turn: turn, Workers: 2})
			if err != nil {
				t.Fatalf("%dx%d turn %d: %v", tt.r, tt.c, turn, err)
			}
			if got.String() != tt.want {
				t.Errorf("%dx%d turn %d: %v grids, want %s", tt.r, tt.c, turn, got, tt.want)
			}
		}
	}
}

// TestCountGeneric: the 9x9 count without the table of band counts (each
// worker memoizes band counts by a relabelled key) gives the same sum on
// the first pieces as with it.
func TestCountGeneric(t *testing.T) {
	p := prepared(t)
	pieces := p.pieces
	if testing.Short() {
		pieces = pieces[:8]
	}
	fast, slow := newWorker(context.Background(), p), newWorker(context.Background(), p)
	slow.generic = true
	for i := range pieces {
		a, err := fast.piece(&pieces[i])
		if err != nil {
			t.Fatal(err)
		}
		b, err := slow.piece(&pieces[i])
		if err != nil {
			t.Fatal(err)
		}
		if a.Cmp(b) != 0 || a.Sign() <= 0 {
			t.Errorf("piece %d: %v with the table, %v without", i, a, b)
		}
	}
}

// TestCountDLX: the 4x4 and 6x6 counts are N! times the number of grids
// whose first row is 1..N, which the exact-cover solver of package
// sudoku counts one by one.
func TestCountDLX(t *testing.T) {
	for _, s := range [][2]int{{2, 2}, {2, 3}, {3, 2}} {
		n := s[0] * s[1]
		var row strings.Builder
		for d := range n {
			row.WriteByte(byte('1' + d))
		}
		g, _, err := sudoku.ParseGrid(row.String()+strings.Repeat(".", n*n-n), sudoku.ReadOptions{Shape: sudoku.Shape{BoxRows: s[0], BoxCols: s[1]}})
		if err != nil {
			t.Fatal(err)
		}
		k, err := sudoku.Count(context.Background(), g, -1)
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).MulRange(1, int64(n))
		want.Mul(want, big.NewInt(int64(k)))
		got, err := Count(context.Background(), s[0], s[1], Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(want) != 0 {
			t.Errorf("%dx%d: %v grids, DLX: %d x %d! = %v", s[0], s[1], got, k, n, want)
		}
	}
}

// TestCountWorkers: any number of workers gives the same count (run with
// -race: the workers share the plan and its table).
func TestCountWorkers(t *testing.T) {
	for _, w := range []int{1, 2, 3, 8} {
		for _, s := range [][2]int{{2, 3}, {3, 2}, {2, 2}} {
			got, err := Count(context.Background(), s[0], s[1], Options{Workers: w, turn: -1})
			if err != nil || got.String() != map[int]string{4: "288", 6: "28200960"}[s[0]*s[1]] {
				t.Errorf("%dx%d with %d workers: %v, %v", s[0], s[1], w, got, err)
			}
		}
	}
	pl, err := NewPlan(3, 3)
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	got, err := pl.Count(context.Background(), Options{Workers: 4, Progress: func(done, total int) {
		calls++
		if done != calls || total != pl.Pieces() {
			t.Errorf("progress %d/%d at call %d of %d pieces", done, total, calls, pl.Pieces())
		}
	}})
	if err != nil || got.String() != "6670903752021072936960" {
		t.Errorf("3x3 with 4 workers: %v, %v", got, err)
	}
	if calls != pl.Pieces() {
		t.Errorf("%d progress calls for %d pieces", calls, pl.Pieces())
	}
}

// TestCountCancel: a cancelled count stops soon with the context's
// error, before and during the count.
func TestCountCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, 3, 3, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v", err)
	}
	for _, generic := range []bool{false, true} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		_, err := Count(ctx, 3, 3, Options{generic: generic, Workers: 2})
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("generic %v: %v, want the deadline", generic, err)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("generic %v: stopped after %v", generic, d)
		}
	}
}

// TestShapes: the shapes the counter refuses.
func TestShapes(t *testing.T) {
	for _, s := range [][2]int{{1, 4}, {4, 1}, {0, 0}, {4, 4}, {3, 5}, {-2, 3}} {
		if _, err := NewPlan(s[0], s[1]); !errors.Is(err, ErrShape) {
			t.Errorf("%dx%d: %v, want ErrShape", s[0], s[1], err)
		}
	}
	var zero Plan
	if zero.Pieces() != 0 {
		t.Error("the zero Plan has pieces")
	}
	if _, err := zero.Count(context.Background(), Options{}); !errors.Is(err, ErrShape) {
		t.Errorf("zero Plan: %v", err)
	}
}

// TestBandCount: the bands of a few column structures, against a count
// of the arrangements of each column's digits by brute force.
func TestBandCount(t *testing.T) {
	for _, band := range firstBands {
		cols := bandCols(t, band)
		got, ok := bandCount(cols, 9, 3)
		if want := bruteBands(cols[:9], 3); !ok || got != want {
			t.Errorf("band %s: %d bands with its column sets, brute force %d", band, got, want)
		}
	}
}

// bruteBands counts the ways to order each column's h digits into h rows
// so that no row repeats a digit.
func bruteBands(cols []uint16, h int) uint64 {
	rows := make([]uint16, h)
	var rec func(c int) uint64
	rec = func(c int) uint64 {
		if c == len(cols) {
			return 1
		}
		var digits []uint16
		for m := cols[c]; m != 0; m &= m - 1 {
			digits = append(digits, m&-m)
		}
		var total uint64
		for _, order := range permutations(h) {
			ok := true
			for r, k := range order {
				if rows[r]&digits[k] != 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for r, k := range order {
				rows[r] |= digits[k]
			}
			total += rec(c + 1)
			for r, k := range order {
				rows[r] &^= digits[k]
			}
		}
		return total
	}
	return rec(0)
}

// TestPieces: the pieces counted one at a time, in reverse order, and
// summed, times the factor, give the count; bad indices are errors.
func TestPieces(t *testing.T) {
	shapes := []struct {
		r, c int
		want string
	}{{2, 3, "28200960"}, {3, 2, "28200960"}, {2, 4, "29136487207403520"}, {3, 3, "6670903752021072936960"}}
	for _, tt := range shapes {
		pl, err := NewPlan(tt.r, tt.c)
		if err != nil {
			t.Fatal(err)
		}
		sum := new(big.Int)
		var weights uint64
		for i := pl.Pieces() - 1; i >= 0; i-- {
			v, err := pl.CountPiece(context.Background(), i, Options{})
			if err != nil {
				t.Fatal(err)
			}
			sum.Add(sum, v)
			w, cols, err := pl.Piece(i)
			if err != nil || len(cols) != tt.r*tt.c {
				t.Fatalf("piece %d: %v, %d columns", i, err, len(cols))
			}
			weights += w
		}
		if got := sum.Mul(sum, pl.Factor()); got.String() != tt.want {
			t.Errorf("%dx%d: pieces sum to %v, want %s", tt.r, tt.c, got, tt.want)
		}
		// The weights count the tuples of splits of the other stacks.
		l, _ := newLayout(tt.r, tt.c, 0)
		splits := uint64(len(pl.p.splits))
		want := uint64(1)
		for range l.ns - 1 {
			want *= splits
		}
		if weights != want {
			t.Errorf("%dx%d: weights sum to %d, want %d", tt.r, tt.c, weights, want)
		}
		for _, i := range []int{-1, pl.Pieces()} {
			if _, err := pl.CountPiece(context.Background(), i, Options{}); !errors.Is(err, ErrPiece) {
				t.Errorf("%dx%d piece %d: %v", tt.r, tt.c, i, err)
			}
		}
	}
}
