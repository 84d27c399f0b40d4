package model

import (
	"context"
	"strconv"
	"testing"

	"github.com/dlxkit/dlx/exactcover"
)

// TestQueendomOEIS: the fewest queens dominating an n×n board (OEIS
// A075458) and the number of ways to place them (OEIS A002564), from the
// repeat cover search on Queendom(n).
func TestQueendomOEIS(t *testing.T) {
	a075458 := []int{1, 1, 1, 2, 3, 3, 4, 5, 5, 5, 5, 6, 7}
	a002564 := []int{1, 4, 1, 12, 186, 4, 86, 4860, 114, 8, 2, 8, 288}
	last := 9
	if testing.Short() {
		last = 8
	}
	for n := 1; n <= last; n++ {
		p, err := Queendom(n)
		if err != nil {
			t.Fatal(err)
		}
		if p.NumPrimary() != n*n || p.NumOptions() != n*n {
			t.Fatalf("n=%d: %d items, %d options; want %d of each", n, p.NumPrimary(), p.NumOptions(), n*n)
		}
		c, _, err := p.MinCover(context.Background(), exactcover.CoverOptions{})
		if err != nil || c.Size != a075458[n-1] {
			t.Errorf("n=%d: minimum %d, %v; want %d", n, c.Size, err, a075458[n-1])
		}
		if n > 8 {
			continue
		}
		s := exactcover.NewCoverSolver(p)
		count := 0
		for range s.All(context.Background(), exactcover.CoverOptions{}) {
			count++
		}
		if s.Err() != nil || count != a002564[n-1] {
			t.Errorf("n=%d: %d minimum covers, %v; want %d", n, count, s.Err(), a002564[n-1])
		}
	}
}

// TestQueendomOption: the queen on a corner covers 3(n-1)+1 cells, one in
// the middle of an odd board 4(n-1)+1.
func TestQueendomOption(t *testing.T) {
	p, err := Queendom(7)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ option, cells int }{{0, 19}, {6, 19}, {48, 19}, {24, 25}} {
		items, _ := p.Option(tc.option, nil, nil)
		if len(items) != tc.cells {
			t.Errorf("option %d (%s) covers %d cells, want %d", tc.option, p.OptionString(tc.option), len(items), tc.cells)
		}
	}
	if _, err := Queendom(0); err == nil {
		t.Error("Queendom(0): no error")
	}
}

// BenchmarkMinCoverQueendom proves the minimum of the queens domination
// problem on 10×10 and 12×12 boards (the sizes of the CBC comparison in
// docs/exactcover.md) and reports the nodes.
func BenchmarkMinCoverQueendom(b *testing.B) {
	for _, tc := range []struct{ n, want int }{{10, 5}, {12, 6}} {
		b.Run(strconv.Itoa(tc.n), func(b *testing.B) {
			p, err := Queendom(tc.n)
			if err != nil {
				b.Fatal(err)
			}
			s := exactcover.NewCoverSolver(p)
			for b.Loop() {
				c, err := s.Min(context.Background(), exactcover.CoverOptions{})
				if err != nil || c.Size != tc.want {
					b.Fatalf("%+v, %v; want size %d", c, err, tc.want)
				}
			}
			b.ReportMetric(float64(s.Stats().Nodes), "nodes/op")
		})
	}
}
