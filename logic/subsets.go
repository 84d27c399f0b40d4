package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/dlxkit/dlx/sudoku"
)

var subsetNames = [...]string{2: "Pair", 3: "Triple", 4: "Quad"}

// nakedSubset finds k cells of a house whose candidates together are k
// digits: those digits leave the other cells of the house. SE: pair 3.0,
// triple 3.6, quad 5.0. As SE: houses in its order (boxes, columns, rows),
// only houses with at least 2k empty cells, cells of two or more
// candidates, combinations in colexicographic order.
func nakedSubset(b *board, k int) *Step {
	g := b.g
	var cells [sudoku.MaxN]int
	var idx [8]int
	for _, h := range g.seOrder {
		hc := g.Houses[h]
		n, empty := 0, 0
		for _, c := range hc {
			if b.val[c] == 0 {
				empty++
			}
			if m := b.cand[c]; popcount(m) >= 2 && popcount(m) <= k {
				cells[n] = c
				n++
			}
		}
		if n < k || empty < 2*k {
			continue
		}
		var found *Step
		combosColex(n, k, idx[:], func(ix []int) bool {
			var u uint64
			for _, i := range ix {
				u |= b.cand[cells[i]]
			}
			if popcount(u) != k {
				return false
			}
			set := make([]int, k)
			for j, i := range ix {
				set[j] = cells[i]
			}
			var elims []Candidate
			for _, c := range hc {
				if m := b.cand[c] & u; m != 0 && !slices.Contains(set, c) {
					for _, d := range digits(m) {
						elims = append(elims, Candidate{c, d})
					}
				}
			}
			if len(elims) == 0 {
				return false
			}
			ds := digits(u)
			r := [...]float64{2: rNakedPair, 3: rNakedTriple, 4: rNakedQuad}[k]
			found = &Step{Technique: "Naked " + subsetNames[k], Rating: r, Cells: set, Digits: ds, Eliminations: elims}
			if b.verbose {
				found.Explanation = fmt.Sprintf("In %s the cells %s hold only the digits %s between them, so those digits must go there and nowhere else in the %s: remove %s.",
					houseName(g, h), cellList(g, set), digitList(g, ds), kindWord(g, h), candList(g, elims))
			}
			return true
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// hiddenSubset finds k digits that in some house fit only in the same k
// cells: those cells can hold nothing else. SE: pair 3.4, triple 4.0, quad
// 5.4; direct (the removals leave a hidden single): pair 2.0, triple 2.5.
// As SE: houses in its order, only houses with more than 2k empty cells
// (direct: more than k), digit combinations in colexicographic order.
func hiddenSubset(b *board, k int, direct bool) *Step {
	return hiddenSubsetIn(b, nil, k, direct)
}

// hiddenSubsetIn is hiddenSubset with the places of every digit in every
// house (housePositions), or nil to read them from the board.
func hiddenSubsetIn(b *board, hpos []uint64, k int, direct bool) *Step {
	g := b.g
	var ds [sudoku.MaxN]int
	var pos [sudoku.MaxN]uint64
	var idx [8]int
	var all [sudoku.MaxN]uint64 // all[d-1]: positions of digit d in the house
	for _, h := range g.seOrder {
		hc := g.Houses[h]
		empty := 0
		for _, c := range hc {
			if b.val[c] == 0 {
				empty++
			}
		}
		if !(empty > 2*k || direct && empty > k) {
			continue
		}
		placed := b.placedIn(h)
		if hpos != nil {
			copy(all[:g.N], hpos[h*g.N:(h+1)*g.N])
		} else {
			clear(all[:g.N])
			for i, c := range hc {
				for m := b.cand[c]; m != 0; m &= m - 1 {
					all[bits.TrailingZeros64(m)&63] |= 1 << i
				}
			}
		}
		n := 0
		for d := 1; d <= g.N; d++ {
			if placed&dbit(d) != 0 {
				continue
			}
			p := all[d-1] // b.positions(h, d)
			if c := bits.OnesCount64(p); c >= 2 && c <= k {
				ds[n] = d
				pos[n] = p
				n++
			}
		}
		if n < k {
			continue
		}
		var found *Step
		combosColex(n, k, idx[:], func(ix []int) bool {
			var u uint64
			var dm uint64
			for _, i := range ix {
				u |= pos[i]
				dm |= dbit(ds[i])
			}
			if bits.OnesCount64(u) != k {
				return false
			}
			if direct && !b.directAfter(h, u, dm) {
				return false // not direct: skip building the step
			}
			var set []int
			var elims []Candidate
			for i, c := range hc {
				if u&(1<<i) == 0 {
					continue
				}
				set = append(set, c)
				for _, d := range digits(b.cand[c] &^ dm) {
					elims = append(elims, Candidate{c, d})
				}
			}
			if len(elims) == 0 {
				return false
			}
			digs := digits(dm)
			r := [...]float64{2: rHiddenPair, 3: rHiddenTriple, 4: rHiddenQuad}[k]
			s := &Step{Technique: "Hidden " + subsetNames[k], Rating: r, Cells: set, Digits: digs, Eliminations: elims}
			if direct {
				p, ph, ok := b.hiddenSingleAfterIn(elims, h)
				if !ok {
					return false
				}
				s.Technique = "Direct " + s.Technique
				s.Rating = rDirectHiddenPair
				if k == 3 {
					s.Rating = rDirectHiddenTrip
				}
				s.Placements = []Placement{p}
				if b.verbose {
					s.Explanation = fmt.Sprintf("In %s the digits %s fit only in %s, so those cells hold nothing else; then the %s in %s can only go in %s.",
						houseName(g, h), digitList(g, digs), cellList(g, set), g.digit(p.Digit), houseName(g, ph), cellName(g, p.Cell))
				}
			} else if b.verbose {
				s.Explanation = fmt.Sprintf("In %s the digits %s fit only in %s, so those cells hold nothing else: remove %s.",
					houseName(g, h), digitList(g, digs), cellList(g, set), candList(g, elims))
			}
			found = s
			return true
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// directAfter reports whether removing every digit but those of dm from
// the cells u (a mask over house h's cells) leaves one of the removed
// digits with a single place in h: what hiddenSingleAfterIn finds for the
// eliminations of a hidden subset, without building them.
func (b *board) directAfter(h int, u, dm uint64) bool {
	for i, c := range b.g.Houses[h] {
		if u&(1<<i) == 0 {
			continue
		}
		for m := b.cand[c] &^ dm; m != 0; m &= m - 1 {
			if bits.OnesCount64(b.positions(h, lowDigit(m))&^u) == 1 {
				return true
			}
		}
	}
	return false
}
