package bandword

import (
	"math/rand/v2"
	"testing"
)

// TestNakedSinglesRandom runs nakedSingles, with and without Clash, on
// random states (each unplaced cell a naked single with probability 1/50
// to 1/3, else two to nine random candidates; a few cells placed) and
// checks them against a reference computed here cell by cell from rows,
// columns and boxes: the singles are placed, the cells that see a single
// lose its digit, every other candidate stays (a digit without singles
// is unchanged), and with Clash the result is false exactly when two
// singles of one digit see each other. Several digits have singles in
// one call, one or several each, in any band.
func TestNakedSinglesRandom(t *testing.T) {
	sees := func(i, j int) bool {
		return i != j && (i/9 == j/9 || i%9 == j%9 || (i/27 == j/27 && i%9/3 == j%9/3))
	}
	r := rand.New(rand.NewPCG(11, 81))
	clashes, placed := 0, 0
	for n := range 20000 {
		var cand [81]uint16 // bit d: digit d+1
		var unsolved [81]bool
		single := []int{50, 20, 8, 3}[n%4]
		for i := range cand {
			switch {
			case r.IntN(10) == 0: // placed earlier: one candidate, not unsolved
				cand[i] = 1 << r.IntN(9)
			case r.IntN(single) == 0:
				cand[i], unsolved[i] = 1<<r.IntN(9), true
			default:
				for cand[i]&(cand[i]-1) == 0 {
					cand[i] = uint16(r.IntN(512))
				}
				unsolved[i] = true
			}
		}
		for _, clash := range []bool{false, true} {
			var s Work
			for i, c := range cand {
				for d := range 9 {
					if c>>d&1 != 0 {
						s.C[3*d+i/27] |= 1 << (i % 27)
					}
				}
				if unsolved[i] {
					s.Unsolved[i/27] |= 1 << (i % 27)
				}
			}
			s.Clash = clash
			// The reference.
			want, wantUnsolved, wantOK, any := cand, unsolved, true, false
			for i, c := range cand {
				if !unsolved[i] || c&(c-1) != 0 {
					continue
				}
				any, wantUnsolved[i] = true, false
				for j := range cand {
					if sees(i, j) {
						want[j] &^= c
						if cand[j] == c && unsolved[j] {
							wantOK = !clash
						}
					}
				}
			}
			for i, c := range cand { // a single keeps its digit (two that see each other, without Clash)
				if unsolved[i] && c&(c-1) == 0 {
					want[i] = c
				}
			}
			gotPlaced, ok := s.nakedSingles()
			if ok != wantOK || (ok && gotPlaced != any) {
				t.Fatalf("state %d, Clash %v: placed %v, ok %v, want %v, %v", n, clash, gotPlaced, ok, any, wantOK)
			}
			if !ok {
				clashes++
				continue
			}
			if any {
				placed++
			}
			for i := range cand {
				var got uint16
				for d := range 9 {
					got |= uint16(s.C[3*d+i/27]>>(i%27)&1) << d
				}
				u := s.Unsolved[i/27]>>(i%27)&1 != 0
				if got != want[i] || u != wantUnsolved[i] {
					t.Fatalf("state %d, Clash %v, cell %d: candidates %09b unplaced %v, want %09b %v", n, clash, i, got, u, want[i], wantUnsolved[i])
				}
			}
		}
	}
	if clashes < 1000 || placed < 1000 {
		t.Errorf("only %d clashes and %d placing rounds checked", clashes, placed)
	}
}
