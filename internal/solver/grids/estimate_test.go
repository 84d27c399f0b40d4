package grids

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// TestEstimate12x12 measures what counting the 12x12 grids (3x4 boxes)
// this way would take, counted as 4x3 (three bands of four rows, four
// stacks of three columns): the time per band-2 choice (two band counts,
// memoized per worker as in the count) on a sample of first bands and
// choices, times the choices per piece (346 per stack: the column sets
// of band 2 that avoid band 1's), times a lower bound on the pieces (the
// tuples of splits of stacks 2-4 over the relabellings that keep the
// first stack's split). It logs the figures (go test -run Estimate -v).
func TestEstimate12x12(t *testing.T) {
	if testing.Short() {
		t.Skip("20 s of sampling")
	}
	l, err := newLayout(4, 3, -1)
	if err != nil {
		t.Fatal(err)
	}
	p := &plan{layout: l, splitOf: make(map[[MaxN]uint16]int32)}
	for m := range uint16(1) << l.n {
		if popcount16(m) == l.h {
			p.subsets = append(p.subsets, m)
		}
	}
	p.enumSplits()
	p.enumGroup()
	rng := rand.New(rand.NewPCG(12, 12))
	wk := newWorker(context.Background(), p)
	var combos int64
	start := time.Now()
	all := uint16(1)<<p.n - 1
	budget := 20 * time.Second
	for sample := 0; sample < 4 && time.Since(start) < budget; sample++ {
		// A first band: the standard first stack, random splits after.
		piece := Piece{Stacks: make([]int32, p.ns-1)}
		for s := range piece.Stacks {
			piece.Stacks[s] = int32(rng.IntN(len(p.splits)))
		}
		first := p.firstBand(&piece)
		opts := make([][][]uint16, p.ns)
		for s := range p.ns {
			opts[s] = p.stackOptions(first[s*p.w : (s+1)*p.w])
			if len(opts[s]) != 346 {
				t.Fatalf("%d choices in stack %d, want 346", len(opts[s]), s)
			}
		}
		// A few random choices in stacks 1-3, every choice in stack 4.
		for k := 0; k < 3 && time.Since(start) < budget; k++ {
			var s2 [MaxN]uint16
			for s := 0; s < p.ns-1; s++ {
				copy(s2[s*p.w:], opts[s][rng.IntN(len(opts[s]))])
			}
			for _, o := range opts[p.ns-1] {
				if time.Since(start) > budget {
					break
				}
				copy(s2[(p.ns-1)*p.w:], o)
				var s3 [MaxN]uint16
				for c := range p.n {
					s3[c] = all &^ (first[c] | s2[c])
				}
				if _, ok := wk.bands(&s2); !ok {
					t.Fatal(wk.err)
				}
				if _, ok := wk.bands(&s3); !ok {
					t.Fatal(wk.err)
				}
				combos++
			}
		}
	}
	per := time.Since(start) / time.Duration(combos)
	perPiece := 346.0 * 346 * 346 * 346
	pieces := float64(len(p.splits)) * float64(len(p.splits)) * float64(len(p.splits)) / float64(len(p.group))
	years := per.Seconds() * perPiece * pieces / (365.25 * 24 * 3600)
	t.Logf("12x12 as 4x3: %d splits, %d relabellings, at least %.3g pieces of %.3g band-2 choices; %v per choice (%d sampled, %d band counts memoized): at least %.3g CPU-years",
		len(p.splits), len(p.group), pieces, perPiece, per, combos, len(wk.memo), years)
}

func popcount16(m uint16) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
