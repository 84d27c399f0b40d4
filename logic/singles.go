package logic

import (
	"fmt"
	"strings"
)

// Ratings of the basic techniques on the Sudoku Explainer scale.
const (
	rFullHouse        = 1.0
	rHiddenSingleBox  = 1.2
	rHiddenSingleLine = 1.5
	rDirectPointing   = 1.7
	rDirectClaiming   = 1.9
	rDirectHiddenPair = 2.0
	rNakedSingle      = 2.3
	rDirectHiddenTrip = 2.5
	rPointing         = 2.6
	rClaiming         = 2.8
	rNakedPair        = 3.0
	rXWing            = 3.2
	rHiddenPair       = 3.4
	rNakedTriple      = 3.6
	rSwordfish        = 3.8
	rHiddenTriple     = 4.0
	rXYWing           = 4.2
	rXYZWing          = 4.4
	rUniqueRect       = 4.5
	rNakedQuad        = 5.0
	rJellyfish        = 5.2
	rHiddenQuad       = 5.4
	rBUG              = 5.6
	rAlignedPair      = 6.2
)

// hiddenSingles finds, as Sudoku Explainer does, first a house with one
// empty cell left (full house, 1.0), then a digit with one place left in a
// house (hidden single: box 1.2, column, row or extra region 1.5), each
// scanning boxes, then columns, then rows (SE's order), digits in
// increasing order.
func hiddenSingles(b *board) *Step {
	g := b.g
	// One pass: the first house (in SE's order) that is a full house,
	// else the first with a hidden single.
	firstAlone, firstHidden := -1, -1
	var aloneSingle, hiddenSingle uint64
	for _, h := range g.seOrder {
		empty := 0
		var ones, twos, placed uint64
		for _, c := range g.Houses[h] {
			if b.val[c] == 0 {
				empty++
			}
			m := b.cand[c]
			twos |= ones & m
			ones |= m
			placed |= b.vmask[c]
		}
		single := ones &^ twos &^ placed
		if single == 0 {
			continue
		}
		if empty == 1 {
			firstAlone, aloneSingle = h, single
			break
		}
		if firstHidden < 0 {
			firstHidden, hiddenSingle = h, single
		}
	}
	h, single, alone := firstHidden, hiddenSingle, false
	if firstAlone >= 0 {
		h, single, alone = firstAlone, aloneSingle, true
	}
	if h < 0 {
		return nil
	}
	d := lowDigit(single)
	bit := dbit(d)
	for _, c := range g.Houses[h] {
		if b.cand[c]&bit == 0 {
			continue
		}
		r, name := rHiddenSingleLine, "Hidden Single"
		switch {
		case alone:
			r, name = rFullHouse, "Full House"
		case g.Kinds[h] == kindBox:
			r = rHiddenSingleBox
		}
		s := &Step{Technique: name, Rating: r, Cells: []int{c}, Digits: []int{d},
			Placements: []Placement{{c, d}}}
		if b.verbose {
			if alone {
				s.Explanation = fmt.Sprintf("%s is the last empty cell of %s, so it holds the missing %s.",
					cellName(g, c), houseName(g, h), g.digit(d))
			} else {
				s.Explanation = fmt.Sprintf("The %s in %s can only go in %s, because every other cell of the %s already sees %s or is filled.",
					g.digit(d), houseName(g, h), cellName(g, c), kindWord(g, h), aDigit(g, d))
			}
		}
		return s
	}
	return nil
}

func kindWord(g *geom, h int) string {
	switch g.Kinds[h] {
	case kindRow:
		return "row"
	case kindCol:
		return "column"
	case kindBox:
		return "box"
	}
	return "region"
}

// nakedSingle finds a cell with one candidate left (SE 2.3).
func nakedSingle(b *board) *Step {
	for c, m := range b.cand {
		if m != 0 && m&(m-1) == 0 {
			d := lowDigit(m)
			s := &Step{Technique: "Naked Single", Rating: rNakedSingle, Cells: []int{c}, Digits: []int{d},
				Placements: []Placement{{c, d}}}
			if b.verbose {
				s.Explanation = fmt.Sprintf("%s can only be %s, because every other digit already appears in its row, column or box.",
					cellName(b.g, c), b.g.digit(d))
			}
			return s
		}
	}
	return nil
}

// hiddenSingleAfterIn is hiddenSingleAfter limited to house only (when
// only >= 0).
func (b *board) hiddenSingleAfterIn(elims []Candidate, only int) (Placement, int, bool) {
	return b.hiddenSingleAfterKind(elims, 255, only)
}

// hiddenSingleAfterKind is hiddenSingleAfter limited to houses of kind k
// other than house not (k 255: house not only).
func (b *board) hiddenSingleAfterKind(elims []Candidate, k houseKind, not int) (Placement, int, bool) {
	for _, e := range elims {
		b.cand[e.Cell] &^= dbit(e.Digit)
	}
	defer func() {
		for _, e := range elims {
			b.cand[e.Cell] |= dbit(e.Digit)
		}
	}()
	g := b.g
	for _, e := range elims {
		for _, h := range g.CellHouses[e.Cell] {
			if k == 255 && not >= 0 && h != not || k != 255 && (g.Kinds[h] != k || h == not) {
				continue
			}
			bit := dbit(e.Digit)
			n, at := 0, -1
			for _, c := range g.Houses[h] {
				if b.val[c] == uint8(e.Digit) {
					n = 2
					break
				}
				if b.cand[c]&bit != 0 {
					n++
					at = c
				}
			}
			if n == 1 {
				return Placement{at, e.Digit}, h, true
			}
		}
	}
	return Placement{}, 0, false
}

// aDigit returns the digit's name with its article: "a 7", "an 8", "a B",
// "an F".
func aDigit(g *geom, d int) string {
	name := g.digit(d)
	if name == "8" || name == "11" || name == "18" || len(name) == 1 && strings.IndexByte("AEFHILMNORSX", name[0]) >= 0 {
		return "an " + name
	}
	return "a " + name
}
