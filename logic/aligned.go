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
	w := g.words
	// The excluders (bivalue cells) as a bitset, and each cell's as one
	// (w words per cell: its peers among them), to skip pairs sharing
	// fewer than two at once.
	var bbuf [3]uint64
	var ebuf [81 * 2]uint64
	var bv, emask []uint64
	if w <= len(bbuf) && g.Cells*w <= len(ebuf) {
		bv, emask = bbuf[:w], ebuf[:g.Cells*w]
	} else {
		bv, emask = make([]uint64, w), make([]uint64, g.Cells*w)
	}
	for c, m := range b.cand {
		if popcount(m) == 2 {
			bv[c>>6] |= 1 << (uint(c) & 63)
		}
	}
	var base []int
	for c, m := range b.cand {
		if popcount(m) < 2 {
			continue
		}
		row, e := g.peerSet[c*w:(c+1)*w], emask[c*w:(c+1)*w]
		any := uint64(0)
		for j := range e {
			e[j] = row[j] & bv[j]
			any |= e[j]
		}
		if any != 0 {
			base = append(base, c)
		}
	}
	var common []int
	for i, c1 := range base {
		e1 := emask[c1*w : (c1+1)*w]
		for _, c2 := range base[i+1:] {
			e2 := emask[c2*w : (c2+1)*w]
			shared := 0
			for j := range e1 {
				shared += popcount(e1[j] & e2[j])
			}
			if shared < 2 {
				continue
			}
			// The shared excluders, in the order of c1's peers.
			common = common[:0]
			for _, e := range g.Peers[c1] {
				if e2[e>>6]&(1<<(uint(e)&63)) != 0 {
					common = append(common, e)
				}
			}
			if len(common) < 2 {
				continue
			}
			m1, m2 := b.cand[c1], b.cand[c2]
			see := g.sees(c1, c2)
			// A pair {x in c1, y in c2} is excluded when x = y and the
			// cells see each other, or when a common excluder (two
			// candidates) holds exactly x and y. So the partners a
			// digit x of one cell cannot have are x itself (when they
			// see each other) and the other digit of every excluder
			// holding x; x is in an allowed pair when the other cell
			// has a digit left.
			ok := func(m, other uint64) uint64 {
				var out uint64
				for o := m; o != 0; o &= o - 1 {
					x := o & -o
					var no uint64
					if see {
						no = x
					}
					for _, e := range common {
						if f := b.cand[e]; f&x != 0 {
							no |= f &^ x
						}
					}
					if other&^no != 0 {
						out |= x
					}
				}
				return out
			}
			ok1 := ok(m1, m2)
			ok2 := ok(m2, m1)
			if ok1 == m1 && ok2 == m2 {
				continue
			}
			var elims []Candidate
			for _, d := range digits(m1 &^ ok1) {
				elims = append(elims, Candidate{c1, d})
			}
			for _, d := range digits(m2 &^ ok2) {
				elims = append(elims, Candidate{c2, d})
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

// alignedTriple finds an aligned triplet exclusion as Sudoku Explainer does
// (7.5): base cells have two or more candidates and see a cell with two or
// three candidates (an excluder); for two base cells (pairs taken in SE's
// order) and a third base cell among the excluders of either, sharing at
// least two excluders, a combination of one digit per cell is impossible
// when two cells that see each other get the same digit or a shared
// excluder would be left without a candidate. A digit of a cell in no
// possible combination goes.
func alignedTriple(b *board) *Step {
	g := b.g
	if g.Cells > 128 {
		return nil
	}
	var base []int
	isBase := make([]bool, g.Cells)
	excl := make([][]int, g.Cells)
	emask := make([][2]uint64, g.Cells) // excl as a bitset
	for c, m := range b.cand {
		if popcount(m) < 2 {
			continue
		}
		for _, p := range g.Peers[c] {
			if n := popcount(b.cand[p]); n == 2 || n == 3 {
				excl[c] = append(excl[c], p)
				emask[c][p>>6] |= 1 << (uint(p) & 63)
			}
		}
		if len(excl[c]) > 0 {
			base = append(base, c)
			isBase[c] = true
		}
	}
	var twin, common []int
	for j := 1; j < len(base); j++ {
		for i := 0; i < j; i++ {
			c0, c1 := base[i], base[j]
			m01 := [2]uint64{emask[c0][0] & emask[c1][0], emask[c0][1] & emask[c1][1]}
			if popcount(m01[0])+popcount(m01[1]) < 2 {
				continue
			}
			twin = twin[:0]
			var in [2]uint64
			for _, l := range [2][]int{excl[c0], excl[c1]} {
				for _, e := range l {
					if bit := uint64(1) << (uint(e) & 63); isBase[e] && e != c0 && e != c1 && in[e>>6]&bit == 0 {
						in[e>>6] |= bit
						twin = append(twin, e)
					}
				}
			}
			for _, c2 := range twin {
				m := [2]uint64{m01[0] & emask[c2][0], m01[1] & emask[c2][1]}
				if popcount(m[0])+popcount(m[1]) < 2 {
					continue
				}
				common = common[:0]
				for _, e := range excl[c0] {
					if m[e>>6]&(1<<(uint(e)&63)) != 0 {
						common = append(common, e)
					}
				}
				if s := alignedCombos(b, []int{c0, c1, c2}, common); s != nil {
					return s
				}
			}
		}
	}
	return nil
}

// alignedCombos tries every combination of one digit per cell (three
// cells) and returns the step removing the digits in no allowed
// combination.
func alignedCombos(b *board, cells, common []int) *Step {
	g := b.g
	var ok [3]uint64
	s01, s02, s12 := g.sees(cells[0], cells[1]), g.sees(cells[0], cells[2]), g.sees(cells[1], cells[2])
	var buf [24]uint64
	ex := buf[:0]
	for _, e := range common {
		ex = append(ex, b.cand[e])
	}
	allowed := func(u uint64) bool {
		for _, m := range ex {
			if m&^u == 0 {
				return false
			}
		}
		return true
	}
	m := [3]uint64{b.cand[cells[0]], b.cand[cells[1]], b.cand[cells[2]]}
	// ok[i] is the set of digits of cell i in some allowed combination,
	// whatever the order the combinations are tried in: for each digit
	// not known to be in one yet, look for one (most combinations are
	// allowed, so the search is short but for the digits that go). The
	// digits of the allowed combination found are all in ok.
	for i := 0; i < 3; i++ {
		j, k := (i+1)%3, (i+2)%3
		for r := m[i] &^ ok[i]; r != 0; r &= r - 1 {
			x := r & -r
			if ok[i]&x != 0 {
				continue
			}
		search:
			for oj := m[j]; oj != 0; oj &= oj - 1 {
				for ok2 := m[k]; ok2 != 0; ok2 &= ok2 - 1 {
					var c [3]uint64
					c[i], c[j], c[k] = x, oj&-oj, ok2&-ok2
					if c[0] == c[1] && s01 || c[0] == c[2] && s02 || c[1] == c[2] && s12 {
						continue
					}
					if allowed(c[0] | c[1] | c[2]) {
						ok[0] |= c[0]
						ok[1] |= c[1]
						ok[2] |= c[2]
						break search
					}
				}
			}
		}
	}
	if ok == m {
		return nil // every digit has an allowed combination
	}
	var elims []Candidate
	for i, c := range cells {
		for _, d := range digits(b.cand[c] &^ ok[i]) {
			elims = append(elims, Candidate{c, d})
		}
	}
	if len(elims) == 0 {
		return nil
	}
	s := &Step{Technique: "Aligned Triplet Exclusion", Rating: rAlignedTriple, Cells: append(append([]int(nil), cells...), common...),
		Digits: digits(b.cand[cells[0]] | b.cand[cells[1]] | b.cand[cells[2]]), Eliminations: elims}
	if b.verbose {
		s.Explanation = fmt.Sprintf("Try every combination of digits for %s: each one that uses %s repeats a digit or leaves one of %s (cells that see all three) empty, so remove %s.",
			cellList(g, cells), candList(g, elims), cellList(g, common), candList(g, elims))
	}
	return s
}

const rAlignedTriple = 7.5
