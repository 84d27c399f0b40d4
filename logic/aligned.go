package logic

import "fmt"

// alignedPair finds an aligned pair exclusion (SE 6.2): for two cells, a
// pair of digits (one per cell) is impossible when the two cells see each
// other and the digits are equal, or when some bivalue cell that sees both
// holds exactly those two digits (it would be left empty). At least two
// such bivalue cells must be shared. A digit of either cell that appears
// in no possible pair is removed.
func alignedPair(b *board) *Step {
	g := b.g
	var base []int
	excl := make([][]int, g.Cells)
	for c, m := range b.cand {
		if popcount(m) < 2 {
			continue
		}
		for _, p := range g.Peers[c] {
			if popcount(b.cand[p]) == 2 {
				excl[c] = append(excl[c], p)
			}
		}
		if len(excl[c]) > 0 {
			base = append(base, c)
		}
	}
	var common []int
	for i, c1 := range base {
		for _, c2 := range base[i+1:] {
			common = common[:0]
			for _, e := range excl[c1] {
				if g.sees(e, c2) {
					common = append(common, e)
				}
			}
			if len(common) < 2 {
				continue
			}
			m1, m2 := b.cand[c1], b.cand[c2]
			var ok1, ok2 uint64 // digits used by an allowed pair
			see := g.sees(c1, c2)
			for o1 := m1; o1 != 0; o1 &= o1 - 1 {
				b1 := o1 & -o1
				for o2 := m2; o2 != 0; o2 &= o2 - 1 {
					b2 := o2 & -o2
					if b1 == b2 && see {
						continue
					}
					pair := b1 | b2
					allowed := true
					for _, e := range common {
						if b.cand[e]&^pair == 0 {
							allowed = false
							break
						}
					}
					if allowed {
						ok1 |= b1
						ok2 |= b2
					}
				}
			}
			var elims []Candidate
			for _, d := range digits(m1 &^ ok1) {
				elims = append(elims, Candidate{c1, d})
			}
			for _, d := range digits(m2 &^ ok2) {
				elims = append(elims, Candidate{c2, d})
			}
			if len(elims) == 0 {
				continue
			}
			s := &Step{Technique: "Aligned Pair Exclusion", Rating: rAlignedPair, Cells: append([]int{c1, c2}, common...),
				Digits: digits(m1 | m2), Eliminations: elims}
			if b.verbose {
				s.Explanation = fmt.Sprintf("Try every pair of digits for %s and %s: each pair that removes %s leaves one of %s (cells with two candidates that see both) empty or repeats a digit, so remove %s.",
					cellName(g, c1), cellName(g, c2), candList(g, elims), cellList(g, common), candList(g, elims))
			}
			return s
		}
	}
	return nil
}
