package logic

import (
	"fmt"
	"slices"
)

// bug finds a bivalue universal grave as Sudoku Explainer does: were the
// "BUG cells" (cells with three or more candidates, each holding a digit
// that appears other than twice in a house) stripped of those extra
// digits, every empty cell would have two candidates and every digit two
// places per house, a pattern with two solutions. So one of the extra
// digits is true:
//   - type 1 (5.6): one BUG cell, which keeps only its extra digits;
//   - type 2 (5.7): one extra digit x, which leaves the cells that see
//     every BUG cell;
//   - type 3 (5.7, +0.1 per digit of the naked set beyond the first):
//     the extra digits act as one cell of a naked set in a house holding
//     every BUG cell;
//   - type 4 (5.7): two BUG cells in one house that share one more digit:
//     their other non-extra digit goes.
//
// Extra regions (variants) are scanned after the columns.
func bug(b *board) *Step {
	g := b.g
	temp := append([]uint64(nil), b.cand...)
	var cells []int
	extraOf := map[int]uint64{}
	var all uint64
	var common []int
	haveCommon := false
	for k := 0; k < 4; k++ {
		for h := range g.Houses {
			if !kindIs(g, h, k) {
				continue
			}
			for d := 1; d <= g.N; d++ {
				pos := b.positions(h, d)
				n := popcount(pos)
				if n == 0 || n == 2 {
					continue
				}
				var nb []int
				for _, i := range indices(pos) {
					if c := g.Houses[h][i]; popcount(b.cand[c]) >= 3 {
						nb = append(nb, c)
					}
				}
				if len(nb) == 0 {
					return nil
				}
				if len(nb) != 1 {
					continue
				}
				c := nb[0]
				if !slices.Contains(cells, c) {
					cells = append(cells, c)
				}
				extraOf[c] |= dbit(d)
				all |= dbit(d)
				temp[c] &^= dbit(d)
				if !haveCommon {
					common = append([]int(nil), g.Peers[c]...)
					haveCommon = true
				} else {
					common = keepPeers(g, common, c)
				}
				common = without(common, cells)
				if len(cells) > 1 && popcount(all) > 1 && len(common) == 0 {
					return nil
				}
			}
		}
	}
	for c, m := range temp {
		if b.val[c] == 0 && popcount(m) != 2 {
			return nil
		}
	}
	for _, hc := range g.Houses {
		var ones, twos, more uint64
		for _, c := range hc {
			m := temp[c]
			more |= twos & m
			twos |= ones & m
			ones |= m
		}
		if more != 0 || ones&^twos != 0 {
			return nil
		}
	}
	switch {
	case len(cells) == 0:
		return nil
	case len(cells) == 1:
		c := cells[0]
		s := &Step{Technique: "BUG Type 1", Rating: rBUG, Cells: []int{c}, Digits: digits(all)}
		for r := b.cand[c] &^ all; r != 0; r &= r - 1 {
			s.Eliminations = append(s.Eliminations, Candidate{c, lowDigit(r)})
		}
		bugExplain(b, s, cells, all)
		return s
	case popcount(all) == 1:
		if s := bug2(b, cells, all, common); s != nil {
			return s
		}
		if len(cells) == 2 {
			return bug4(b, cells, extraOf, all)
		}
	case len(common) > 0:
		if len(cells) == 2 {
			if s := bug4(b, cells, extraOf, all); s != nil {
				return s
			}
		}
		return bug3(b, cells, all, common)
	}
	return nil
}

// kindIs reports whether house h is of SE's region type k (0 box, 1 row,
// 2 column, the order SE scans them in; 3 an extra region).
func kindIs(g *geom, h, k int) bool {
	switch k {
	case 0:
		return g.Kinds[h] == kindBox
	case 1:
		return g.Kinds[h] == kindRow
	case 2:
		return g.Kinds[h] == kindCol
	}
	return g.Kinds[h] == kindExtra
}

func keepPeers(g *geom, cs []int, c int) []int {
	out := cs[:0]
	for _, x := range cs {
		if g.sees(x, c) {
			out = append(out, x)
		}
	}
	return out
}

func without(cs, drop []int) []int {
	out := cs[:0]
	for _, x := range cs {
		if !slices.Contains(drop, x) {
			out = append(out, x)
		}
	}
	return out
}

func bugExplain(b *board, s *Step, cells []int, all uint64) {
	if b.verbose {
		g := b.g
		s.Explanation = fmt.Sprintf("Without the extra candidates %s of %s every empty cell would have two candidates and every digit two places per house, a pattern with two solutions; so an extra candidate is true: %s.",
			digitList(g, digits(all)), cellList(g, cells), conclusion(g, s))
	}
}

func bug2(b *board, cells []int, all uint64, common []int) *Step {
	d := lowDigit(all)
	s := &Step{Technique: "BUG Type 2", Rating: rBUG + 0.1, Cells: cells, Digits: []int{d}}
	for _, c := range common {
		if b.cand[c]&dbit(d) != 0 {
			s.Eliminations = append(s.Eliminations, Candidate{c, d})
		}
	}
	if len(s.Eliminations) == 0 {
		return nil
	}
	bugExplain(b, s, cells, all)
	return s
}

func bug4(b *board, cells []int, extraOf map[int]uint64, all uint64) *Step {
	g := b.g
	c1, c2 := cells[0], cells[1]
	com := b.cand[c1] & b.cand[c2] &^ all
	if popcount(com) != 1 {
		return nil
	}
	for k := 0; k < 3; k++ {
		if loopHouse(g, k, c1) != loopHouse(g, k, c2) {
			continue
		}
		s := &Step{Technique: "BUG Type 4", Rating: rBUG + 0.1, Cells: cells, Digits: digits(all)}
		for _, c := range cells {
			for r := b.cand[c] &^ extraOf[c] &^ com; r != 0; r &= r - 1 {
				s.Eliminations = append(s.Eliminations, Candidate{c, lowDigit(r)})
			}
		}
		bugExplain(b, s, cells, all)
		return s
	}
	return nil
}

func bug3(b *board, cells []int, all uint64, common []int) *Step {
	g := b.g
	var idx [8]int
	for k := 0; k < 3; k++ {
		h := loopHouse(g, k, cells[0])
		same := true
		for _, c := range cells[1:] {
			if loopHouse(g, k, c) != h {
				same = false
				break
			}
		}
		if !same {
			continue
		}
		var rc []int
		for _, c := range common {
			if loopHouse(g, k, c) == h {
				rc = append(rc, c)
			}
		}
		for degree := 2; degree <= 6; degree++ {
			if len(rc) < degree {
				continue
			}
			var found *Step
			combos(len(rc), degree-1, idx[:], func(ix []int) bool {
				var other uint64
				for _, i := range ix {
					m := b.cand[rc[i]]
					if popcount(m) <= 1 {
						return false
					}
					other |= m
				}
				if popcount(other) != degree || popcount(all) <= 1 {
					return false
				}
				naked := other | all
				if popcount(naked) != degree {
					return false
				}
				var nc []int
				for _, i := range ix {
					nc = append(nc, rc[i])
				}
				s := &Step{Technique: "BUG Type 3", Rating: rBUG + 0.1 + float64(popcount(naked)-1)*0.1, Cells: cells, Digits: digits(naked)}
				for _, c := range rc {
					if slices.Contains(nc, c) || slices.Contains(cells, c) {
						continue
					}
					for r := b.cand[c] & naked; r != 0; r &= r - 1 {
						s.Eliminations = append(s.Eliminations, Candidate{c, lowDigit(r)})
					}
				}
				if len(s.Eliminations) == 0 {
					return false
				}
				bugExplain(b, s, cells, all)
				found = s
				return true
			})
			if found != nil {
				return found
			}
		}
	}
	return nil
}
