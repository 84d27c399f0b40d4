package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/dlxkit/dlx/sudoku"
)

// lockedCandidates finds a digit whose places in one house all lie in a
// second house, so that it can be removed from the rest of the second one.
// pointing: the first house is a box (SE 2.6); otherwise a row, column or
// extra region (claiming, SE 2.8). direct: only when the removals leave a
// hidden single (SE 1.7 / 1.9), which the step also places.
//
// The order is SE's: pointing from boxes into columns, then into rows;
// claiming from columns into boxes, then from rows; each pair of houses
// by their numbers, digits in increasing order. Pairs with an extra
// region come last.
func lockedCandidates(b *board, pointing, direct bool) *Step {
	return lockedCandidatesIn(b, nil, pointing, direct)
}

// lockedCandidatesIn is lockedCandidates with the places of every digit
// in every house (housePositions), or nil to read them from the board.
func lockedCandidatesIn(b *board, pos []uint64, pointing, direct bool) *Step {
	g := b.g
	type pass struct{ from, into houseKind }
	passes := []pass{{kindBox, kindCol}, {kindBox, kindRow}}
	if !pointing {
		passes = []pass{{kindCol, kindBox}, {kindRow, kindBox}}
	}
	// pos[a*N+d-1]: the places of digit d in house a (a mask over its
	// cells), for the houses the passes start from.
	if pos == nil {
		var buf [27 * 9]uint64
		if len(g.Houses)*g.N <= len(buf) {
			pos = buf[:len(g.Houses)*g.N]
		} else {
			pos = make([]uint64, len(g.Houses)*g.N)
		}
		for a, hc := range g.Houses {
			if (g.Kinds[a] == kindBox) != pointing {
				continue
			}
			for i, c := range hc {
				for m := b.cand[c]; m != 0; m &= m - 1 {
					pos[a*g.N+bits.TrailingZeros64(m)] |= 1 << i
				}
			}
		}
	}
	for _, ps := range passes {
		crossings := g.crossing[crossIndex(ps.into)]
		for a := range g.Houses {
			if g.Kinds[a] != ps.from {
				continue
			}
			// The houses of the other kind that a crosses, in order,
			// and a's cells in each.
			for _, x := range crossings[a] {
				for d := 1; d <= g.N; d++ {
					p := pos[a*g.N+d-1]
					if p&^x.mask != 0 || bits.OnesCount64(p) < 2 {
						continue
					}
					if st := lockedIn(b, a, x.h, d, pointing, direct); st != nil {
						return st
					}
				}
			}
		}
	}
	if g.Plain() {
		return nil
	}
	// Extra regions: any other pair of houses.
	for a := range g.Houses {
		if (g.Kinds[a] == kindBox) != pointing {
			continue
		}
		for h := range g.Houses {
			if h == a || g.Kinds[a] != kindExtra && g.Kinds[h] != kindExtra {
				continue
			}
			for d := 1; d <= g.N; d++ {
				if st := lockedIn(b, a, h, d, pointing, direct); st != nil {
					return st
				}
			}
		}
	}
	return nil
}

// lockedIn returns the locked candidates step of digit d from house a into
// house h, or nil.
func lockedIn(b *board, a, h, d int, pointing, direct bool) *Step {
	g := b.g
	bit := dbit(d)
	var cells [sudoku.MaxN]int
	np := 0
	for _, c := range g.Houses[a] {
		if b.cand[c]&bit != 0 {
			cells[np] = c
			np++
		}
	}
	if np < 2 {
		return nil
	}
	ps := cells[:np]
	if !allIn(g, ps, h) {
		return nil
	}
	// The eliminations go to a buffer first: in direct mode most
	// candidates fail the hidden single test, and the step is built only
	// for one that passes.
	var ebuf [sudoku.MaxN]Candidate
	ne := 0
	for _, c := range g.Houses[h] {
		if b.cand[c]&bit != 0 && !slices.Contains(ps, c) {
			ebuf[ne] = Candidate{c, d}
			ne++
		}
	}
	if ne == 0 {
		return nil
	}
	var p Placement
	var ph int
	if direct {
		// As in Sudoku Explainer, the single must appear in a house of
		// the first house's kind that crosses the second one.
		var ok bool
		p, ph, ok = b.hiddenSingleAfterKind(ebuf[:ne], g.Kinds[a], a)
		if !ok {
			return nil
		}
	}
	elims := append([]Candidate(nil), ebuf[:ne]...)
	name, r := "Claiming", rClaiming
	if pointing {
		name, r = "Pointing", rPointing
	}
	s := &Step{Technique: name, Rating: r, Cells: append([]int(nil), ps...), Digits: []int{d}, Eliminations: elims}
	if direct {
		s.Technique = "Direct " + name
		s.Rating = rDirectClaiming
		if pointing {
			s.Rating = rDirectPointing
		}
		s.Placements = []Placement{p}
		if b.verbose {
			s.Explanation = fmt.Sprintf("In %s the %s can only go in %s, all in %s, so no other cell of %s can be %s; then the %s in %s can only go in %s.",
				houseName(g, a), g.digit(d), cellList(g, ps), houseName(g, h), houseName(g, h), g.digit(d), g.digit(d), houseName(g, ph), cellName(g, p.Cell))
		}
		return s
	}
	if b.verbose {
		s.Explanation = fmt.Sprintf("In %s the %s can only go in %s, all in %s, so no other cell of %s can be %s: remove it from %s.",
			houseName(g, a), g.digit(d), cellList(g, ps), houseName(g, h), houseName(g, h), g.digit(d), cellList(g, elimCells(elims)))
	}
	return s
}

func allIn(g *geom, cells []int, h int) bool {
	for _, c := range cells {
		in := false
		for _, x := range g.CellHouses[c] {
			if x == h {
				in = true
				break
			}
		}
		if !in {
			return false
		}
	}
	return true
}

func elimCells(es []Candidate) []int {
	var cs []int
	for _, e := range es {
		if !slices.Contains(cs, e.Cell) {
			cs = append(cs, e.Cell)
		}
	}
	return cs
}
