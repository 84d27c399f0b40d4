package model

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/dlxkit/dlx/exactcover"
)

// queensBrute counts the n queens solutions with a plain bitmask
// backtracking search, independent of the exact cover reduction.
func queensBrute(n int) int64 {
	full := uint64(1)<<n - 1
	var place func(cols, d1, d2 uint64) int64
	place = func(cols, d1, d2 uint64) int64 {
		if cols == full {
			return 1
		}
		var c int64
		free := full &^ (cols | d1 | d2)
		for free != 0 {
			bit := free & -free
			free ^= bit
			c += place(cols|bit, (d1|bit)<<1, (d2|bit)>>1)
		}
		return c
	}
	return place(0, 0, 0)
}

func count(t *testing.T, p *exactcover.Problem, workers int) (int64, exactcover.Stats) {
	t.Helper()
	start := time.Now()
	n, st, err := p.Count(context.Background(), exactcover.Options{Workers: workers, Engine: exactcover.EngineLinks})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d solutions, %d nodes, %d updates, workers %d, %v", n, st.Nodes, st.Updates, workers, time.Since(start))
	return n, st
}

// queensDLX1 holds DLX1's nodes and updates on Knuth's queens files
// (BENCHMARKS.md).
var queensDLX1 = map[int][2]int64{
	8: {1049, 16680}, 9: {3440, 54818}, 10: {11578, 198264},
	11: {45393, 783140}, 12: {211716, 3594752}, 13: {1046319, 17463157},
}

// long reports whether tests that take many seconds should run: only when
// DLX_LONG is set and not in -short mode.
func long() bool { return !testing.Short() && os.Getenv("DLX_LONG") != "" }

// TestQueensCounts checks the counts for n = 1..13 (OEIS A000170), and
// against the bitmask search up to 11.
func TestQueensCounts(t *testing.T) {
	want := []int64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712}
	for n := 1; n <= len(want); n++ {
		if n >= 12 && testing.Short() {
			continue
		}
		p, err := Queens(n)
		if err != nil {
			t.Fatal(err)
		}
		workers := 1
		if n >= 12 {
			workers = 2
		}
		got, st := count(t, p, workers)
		if got != want[n-1] {
			t.Errorf("queens %d: %d solutions, want %d", n, got, want[n-1])
		}
		if d, ok := queensDLX1[n]; ok && (st.Nodes != d[0] || st.Updates != d[1]) {
			t.Errorf("queens %d: %d nodes, %d updates; DLX1 on queens%d.dlx: %d, %d", n, st.Nodes, st.Updates, n, d[0], d[1])
		}
		if n <= 11 {
			if b := queensBrute(n); b != got {
				t.Errorf("queens %d: %d solutions, bitmask search finds %d", n, got, b)
			}
		}
	}
}

// langfordBrute counts Langford arrangements by placing the pairs from n
// down to 1 in every free pair of slots.
func langfordBrute(n int) int64 {
	slots := make([]bool, 2*n)
	var place func(k int) int64
	place = func(k int) int64 {
		if k == 0 {
			return 1
		}
		var c int64
		for i := 0; i+k+1 < 2*n; i++ {
			if !slots[i] && !slots[i+k+1] {
				slots[i], slots[i+k+1] = true, true
				c += place(k - 1)
				slots[i], slots[i+k+1] = false, false
			}
		}
		return c
	}
	return place(n)
}

func TestLangfordCounts(t *testing.T) {
	// 2 × the number of Langford pairings (OEIS A014552), mirror images counted.
	want := map[int]int64{1: 0, 2: 0, 3: 2, 4: 2, 5: 0, 6: 0, 7: 52, 8: 300}
	for n := 1; n <= 8; n++ {
		p, err := Langford(n)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := count(t, p, 1)
		if got != want[n] {
			t.Errorf("langford %d: %d solutions, want %d", n, got, want[n])
		}
		if b := langfordBrute(n); b != got {
			t.Errorf("langford %d: %d solutions, direct search finds %d", n, got, b)
		}
	}
}

// TestPentominoCounts checks (with DLX_LONG=1 for the big boards) the numbers of packings of the rectangles
// (4 × the 2, 368, 1010, 2339 packings up to symmetry).
func TestPentominoCounts(t *testing.T) {
	tests := []struct {
		w, h    int
		want    int64
		workers int
		long    bool
	}{
		{3, 20, 8, 1, testing.Short()},
		{4, 15, 1472, 2, testing.Short()}, // about 1.5 s of CPU
		{5, 12, 4040, 2, testing.Short()}, // about 4 s of CPU
		{6, 10, 9356, 2, true},
		{2, 30, 0, 1, false},
		{6, 6, 0, 1, false},
	}
	for _, tt := range tests {
		if tt.long && !long() {
			t.Logf("pentomino %dx%d skipped: set DLX_LONG=1 to run it (seconds to a minute)", tt.w, tt.h)
			continue
		}
		p, err := Pentomino(tt.w, tt.h)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := count(t, p, tt.workers)
		if got != tt.want {
			t.Errorf("pentomino %dx%d: %d solutions, want %d", tt.w, tt.h, got, tt.want)
		}
	}
}

// TestWorkersAgree counts with 1 and 2 workers: same solutions; the
// sequential search matches the parallel one's totals of nodes and updates.
func TestWorkersAgree(t *testing.T) {
	for _, gen := range []func() (*exactcover.Problem, error){
		func() (*exactcover.Problem, error) { return Queens(10) },
		func() (*exactcover.Problem, error) { return Langford(8) },
		func() (*exactcover.Problem, error) {
			if testing.Short() {
				return Pentomino(2, 30)
			}
			return Pentomino(3, 20)
		},
	} {
		p, err := gen()
		if err != nil {
			t.Fatal(err)
		}
		n1, _ := count(t, p, 1)
		n2, _ := count(t, p, 2)
		if n1 != n2 {
			t.Errorf("1 worker: %d solutions, 2 workers: %d", n1, n2)
		}
	}
}
