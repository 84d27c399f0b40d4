package logic

import (
	"fmt"
	"slices"
	"sort"
)

// Unique loops, as Sudoku Explainer rates them (docs/rating.md): a loop of
// 4, 6, 8, ... cells holding the same two digits a and b, each step of the
// loop inside a box, a row or a column (never the same kind twice in a
// row), where every house the loop visits holds exactly two of its cells.
// Were every cell of the loop {a,b}, a and b could be swapped round it:
// two solutions. The cells with more candidates ("extra" cells) must
// therefore break the pattern. Base rating 4.5 for a loop of 4 cells (a
// unique rectangle), 4.6 for 6, 4.7 for 8, 5.0 for 10 or more; type 3 adds
// 0.1 per digit of its naked set beyond the first (hidden set: per cell
// beyond the first).

// loopHouse returns the house of kind k (0 box, 1 row, 2 column) of cell c.
func loopHouse(g *geom, k, c int) int {
	switch k {
	case 0:
		return g.Box[c]
	case 1:
		return g.Row[c]
	}
	return g.Col[c]
}

type loopHint struct {
	st  *Step
	typ int
}

// uniqueLoop returns the easiest unique loop step (ties: lowest type,
// then the first found scanning the grid row by row).
func uniqueLoop(b *board) *Step {
	g := b.g
	if len(g.Houses) != 3*g.N {
		return nil // extra regions: the loop rules do not hold
	}
	var hints []loopHint
	var loop []int
	inLoop := make([]bool, g.Cells)
	for c, m := range b.cand {
		if b.val[c] != 0 || popcount(m) != 2 {
			continue
		}
		var found [][]int
		var walk func(cell, allowed int, ex uint64, last int)
		walk = func(cell, allowed int, ex uint64, last int) {
			loop = append(loop, cell)
			inLoop[cell] = true
			for k := 0; k < 3; k++ {
				if k == last {
					continue
				}
				for _, next := range g.Houses[loopHouse(g, k, cell)] {
					if next == loop[0] && len(loop) >= 4 {
						found = append(found, append([]int(nil), loop...))
					} else if !inLoop[next] && b.cand[next]&m == m {
						// The extra digits accumulate over the cells
						// tried from this one, as in SE.
						ex |= b.cand[next] &^ m
						n := popcount(b.cand[next])
						if n == 2 || popcount(ex) == 1 || allowed > 0 {
							na := allowed
							if n > 2 {
								na--
							}
							walk(next, na, ex, k)
						}
					}
				}
			}
			loop = loop[:len(loop)-1]
			inLoop[cell] = false
		}
		walk(c, 2, 0, -1)
		for _, l := range found {
			if !validLoop(g, l) {
				continue
			}
			hints = append(hints, loopSteps(b, l, m)...)
		}
	}
	if len(hints) == 0 {
		return nil
	}
	sort.SliceStable(hints, func(i, j int) bool {
		if hints[i].st.Rating != hints[j].st.Rating {
			return hints[i].st.Rating < hints[j].st.Rating
		}
		return hints[i].typ < hints[j].typ
	})
	return hints[0].st
}

// validLoop checks that the cells at even and at odd positions visit the
// same houses, none twice.
func validLoop(g *geom, l []int) bool {
	// The houses met at even and at odd positions, as bitsets (at most
	// 3*64 houses: a loop needs the rows, columns and boxes only).
	var seen [2][4]uint64
	for i, c := range l {
		s := &seen[i&1]
		for k := 0; k < 3; k++ {
			h := loopHouse(g, k, c)
			if s[h>>6]&(1<<(uint(h)&63)) != 0 {
				return false
			}
			s[h>>6] |= 1 << (uint(h) & 63)
		}
	}
	return seen[0] == seen[1]
}

func loopBase(n int) float64 {
	r := 4.5
	if n >= 10 {
		r += 0.3
	}
	if n >= 8 {
		r += 0.2
	} else if n >= 6 {
		r += 0.1
	}
	return r
}

// loopSteps returns the steps of one valid loop on the digits of mask m.
func loopSteps(b *board, l []int, m uint64) []loopHint {
	g := b.g
	var extra []int
	for _, c := range l {
		if popcount(b.cand[c]) > 2 {
			extra = append(extra, c)
		}
	}
	base := loopBase(len(l))
	ds := digits(m)
	v1, v2 := ds[0], ds[1]
	mk := func(typ int, r float64, elim []Candidate, what string) loopHint {
		st := &Step{Technique: fmt.Sprintf("Unique Loop Type %d", typ), Rating: r, Cells: append([]int(nil), l...),
			Digits: ds, Eliminations: elim}
		if len(l) == 4 {
			st.Technique = fmt.Sprintf("Unique Rectangle Type %d", typ)
		}
		if b.verbose {
			st.Explanation = fmt.Sprintf("Were %s all {%s}, %s could swap round them and the puzzle would have two solutions; %s: %s.",
				cellList(g, l), digitList(g, ds), digitList(g, ds), what, conclusion(g, st))
		}
		return loopHint{st, typ}
	}
	var out []loopHint
	switch {
	case len(extra) == 1:
		c := extra[0]
		out = append(out, mk(1, base, []Candidate{{c, v1}, {c, v2}}, cellName(g, c)+" is the only cell with more candidates"))
	case len(extra) > 2:
		if h, ok := loopType2(b, l, extra, m, base, mk); ok {
			out = append(out, h)
		}
	case len(extra) == 2:
		r1, r2 := extra[0], extra[1]
		rest := (b.cand[r1] | b.cand[r2]) &^ m
		if popcount(rest) == 1 {
			if h, ok := loopType2(b, l, extra, m, base, mk); ok {
				out = append(out, h)
			}
		} else if popcount(rest) >= 2 {
			out = append(out, loopType3(b, l, r1, r2, m, base, mk)...)
		}
		if h, ok := loopType4(b, l, r1, r2, v1, v2, base, mk); ok {
			out = append(out, h)
		}
	}
	return out
}

type loopMaker func(typ int, r float64, elim []Candidate, what string) loopHint

// loopType2: the extra cells share one extra digit x, one of them is x: x
// leaves the cells that see them all.
func loopType2(b *board, l, extra []int, m uint64, base float64, mk loopMaker) (loopHint, bool) {
	g := b.g
	x := lowDigit(b.cand[extra[0]] &^ m)
	var elim []Candidate
	for c := range b.cand {
		if b.cand[c]&dbit(x) == 0 || slices.Contains(extra, c) {
			continue
		}
		all := true
		for _, e := range extra {
			if !g.sees(c, e) {
				all = false
				break
			}
		}
		if all {
			elim = append(elim, Candidate{c, x})
		}
	}
	if len(elim) == 0 {
		return loopHint{}, false
	}
	return mk(2, base, elim, "one of "+cellList(g, extra)+" is "+g.digit(x)), true
}

// loopType3: the extra digits of the two extra cells act as one cell of a
// naked set with other cells of a house they share (or a and b with other
// digits form a hidden set there).
func loopType3(b *board, l []int, c1, c2 int, m uint64, base float64, mk loopMaker) []loopHint {
	g := b.g
	var out []loopHint
	extra := (b.cand[c1] | b.cand[c2]) &^ m
	ne := popcount(extra)
	var idx [9]int
	for degree := ne; degree <= 7; degree++ {
		for k := 0; k < 3; k++ {
			h := loopHouse(g, k, c1)
			if h != loopHouse(g, k, c2) {
				continue
			}
			cells := g.Houses[h]
			empty := 0
			i1, i2 := -1, -1
			for i, c := range cells {
				if b.val[c] == 0 {
					empty++
				}
				if c == c1 {
					i1 = i
				}
				if c == c2 {
					i2 = i
				}
			}
			if degree*2 <= empty && degree <= len(cells) {
				combos(len(cells), degree, idx[:], func(ix []int) bool {
					has1 := false
					for _, i := range ix {
						if i == i1 {
							has1 = true
						} else if i == i2 {
							return false
						}
					}
					if !has1 {
						return false
					}
					naked := extra & b.cand[c1] & b.cand[c2]
					union := uint64(0)
					var others []int
					for _, i := range ix {
						var p uint64
						if i == i1 {
							p = extra
						} else {
							p = b.cand[cells[i]]
							naked |= p
							others = append(others, cells[i])
						}
						if popcount(p) <= 1 {
							return false
						}
						union |= p
					}
					if popcount(naked) != degree || popcount(union) != degree {
						return false
					}
					var elim []Candidate
					for _, c := range cells {
						if c == c1 || c == c2 || slices.Contains(others, c) {
							continue
						}
						for r := b.cand[c] & union; r != 0; r &= r - 1 {
							elim = append(elim, Candidate{c, lowDigit(r)})
						}
					}
					if len(elim) > 0 {
						out = append(out, mk(3, base+float64(degree-1)*0.1, elim,
							"the extra digits "+digitList(g, digits(extra))+" form a naked set with "+cellList(g, others)))
					}
					return false
				})
			}
			if degree*2 < empty {
				var rem []int
				for d := 1; d <= g.N; d++ {
					if m&dbit(d) == 0 && extra&dbit(d) == 0 {
						rem = append(rem, d)
					}
				}
				if degree-2 <= len(rem) && degree-2 >= 0 {
					try := func(vals []int) {
						var pos uint64
						for _, d := range vals {
							p := b.positions(h, d) &^ (1 << uint(i2))
							if p == 0 {
								return
							}
							pos |= p
						}
						if popcount(pos) != degree {
							return
						}
						var vm uint64
						for _, d := range vals {
							vm |= dbit(d)
						}
						hidden := pos &^ (1 << uint(i1)) &^ (1 << uint(i2))
						var elim []Candidate
						var hc []int
						for _, i := range indices(hidden) {
							c := cells[i]
							hc = append(hc, c)
							for r := b.cand[c] &^ vm; r != 0; r &= r - 1 {
								elim = append(elim, Candidate{c, lowDigit(r)})
							}
						}
						if len(elim) > 0 {
							out = append(out, mk(3, base+float64(len(hc)-1)*0.1, elim,
								"the digits "+digitList(g, vals)+" form a hidden set with "+cellList(g, hc)))
						}
					}
					if degree-2 == 0 {
						try(digits(m))
					} else {
						combos(len(rem), degree-2, idx[:], func(ix []int) bool {
							vals := make([]int, 0, degree)
							for _, i := range ix {
								vals = append(vals, rem[i])
							}
							vals = append(vals, digits(m)...)
							try(vals)
							return false
						})
					}
				}
			}
		}
	}
	return out
}

// loopType4: the two extra cells share a house where one loop digit only
// fits in them: it is in one of them, so the other loop digit leaves both.
func loopType4(b *board, l []int, c1, c2, v1, v2 int, base float64, mk loopMaker) (loopHint, bool) {
	g := b.g
	r1, r2 := -1, -1
	for k := 0; k < 3; k++ {
		h := loopHouse(g, k, c1)
		if h != loopHouse(g, k, c2) {
			continue
		}
		has1, has2 := false, false
		for _, c := range g.Houses[h] {
			if c == c1 || c == c2 {
				continue
			}
			if b.cand[c]&dbit(v1) != 0 {
				has1 = true
			}
			if b.cand[c]&dbit(v2) != 0 {
				has2 = true
			}
		}
		if !has1 {
			r1 = h
		}
		if !has2 {
			r2 = h
		}
	}
	lock, rem, h := 0, 0, -1
	switch {
	case r1 >= 0:
		lock, rem, h = v1, v2, r1
	case r2 >= 0:
		lock, rem, h = v2, v1, r2
	default:
		return loopHint{}, false
	}
	return mk(4, base, []Candidate{{c1, rem}, {c2, rem}},
		g.digit(lock)+" only fits in "+cellList(g, []int{c1, c2})+" in "+houseName(g, h)), true
}
