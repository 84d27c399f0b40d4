package logic

import (
	"fmt"
	"math"
	"slices"
)

const rWXYZWing = 5.5

// wxyzWing finds four cells, a pivot and three cells it sees, whose
// candidates together are four digits, all but one of them (z)
// "restricted": every two of the cells holding such a digit see each
// other, so it is used at most once. Three restricted digits fill at most
// three of the four cells, so one of the cells holding z is z: z leaves the
// cells that see all of them. Rated like SukakuExplainer: 5.5, or 5.6 when
// the largest cell has three candidates.
func wxyzWing(b *board) *Step {
	g := b.g
	var best *Step
	var idx [4]int
	var wings []int // per pivot, reused
	for p, pm := range b.cand {
		if n := popcount(pm); n < 2 || n > 4 {
			continue
		}
		wings = wings[:0]
		for _, q := range g.Peers[p] {
			if n := popcount(b.cand[q]); n >= 2 && n <= 4 && popcount(b.cand[q]|pm) <= 4 {
				wings = append(wings, q)
			}
		}
		// Every three wings in lexicographic order (as combos lists them),
		// skipping those whose candidates with the pivot's exceed four
		// digits before the third.
		try := func(ix []int) bool {
			cells := [4]int{p, wings[ix[0]], wings[ix[1]], wings[ix[2]]}
			var u uint64
			maxCard := 0
			for _, c := range cells {
				u |= b.cand[c]
				maxCard = max(maxCard, popcount(b.cand[c]))
			}
			if popcount(u) != 4 {
				return false
			}
			z := -1
			for du := u; du != 0; du &= du - 1 {
				d := lowDigit(du)
				restricted := true
				for i := 0; i < 4 && restricted; i++ {
					for j := i + 1; j < 4; j++ {
						if b.cand[cells[i]]&b.cand[cells[j]]&dbit(d) != 0 && !g.sees(cells[i], cells[j]) {
							restricted = false
							break
						}
					}
				}
				if !restricted {
					if z >= 0 {
						return false
					}
					z = d
				}
			}
			if z < 0 {
				return false
			}
			zbit := dbit(z)
			var zc []int
			for _, c := range cells {
				if b.cand[c]&zbit != 0 {
					zc = append(zc, c)
				}
			}
			var elims []Candidate
			for _, e := range g.Peers[zc[0]] {
				if b.cand[e]&zbit == 0 || slices.Contains(cells[:], e) {
					continue
				}
				all := true
				for _, c := range zc[1:] {
					all = all && g.sees(e, c)
				}
				if all {
					elims = append(elims, Candidate{e, z})
				}
			}
			if len(elims) == 0 {
				return false
			}
			rt := rWXYZWing + (1-math.Abs(float64(3-maxCard)))*0.1
			if best != nil && best.Rating <= rt {
				return false
			}
			s := &Step{Technique: "WXYZ-Wing", Rating: rt, Cells: cells[:], Digits: digits(u), Eliminations: elims}
			if b.verbose {
				s.Explanation = fmt.Sprintf("%s hold only the digits %s; each digit but %s can be used once at most (its cells see each other), so the four cells need a %s: remove %s from %s, which sees every one of them with %s.",
					cellList(g, cells[:]), digitList(g, digits(u)), g.digit(z), g.digit(z), g.digit(z), cellList(g, elimCells(elims)), g.digit(z))
			}
			best = s
			return rt <= rWXYZWing
		}
		nw := len(wings)
	search:
		for i := 0; i < nw; i++ {
			ui := pm | b.cand[wings[i]]
			for j := i + 1; j < nw; j++ {
				uj := ui | b.cand[wings[j]]
				if popcount(uj) > 4 {
					continue
				}
				for k := j + 1; k < nw; k++ {
					if popcount(uj|b.cand[wings[k]]) != 4 {
						continue
					}
					idx[0], idx[1], idx[2] = i, j, k
					if try(idx[:3]) {
						break search
					}
				}
			}
		}
		if best != nil && best.Rating <= rWXYZWing {
			return best
		}
	}
	return best
}
