package logic

import "fmt"

// uniqueRect finds a unique rectangle: four cells in two rows, two columns
// and two boxes that could all hold only the same two digits a and b would
// let a and b swap, giving two solutions. Since the puzzle has one, the
// pattern must be broken (SE 4.5; type 2 4.6):
//   - type 1: three cells are exactly {a,b}: the fourth is not a nor b;
//   - type 2: the two other cells are both {a,b,x}: one of them is x, so x
//     leaves the cells that see both;
//   - type 4: the two other cells share a house where a only fits in them:
//     one of them is a, so neither is b.
//
// Only grids without extra regions are searched.
func uniqueRect(b *board) *Step {
	g := b.g
	if len(g.Houses) != 3*g.N {
		return nil
	}
	n := g.N
	var best *Step
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n; r2++ {
			for c1 := 0; c1 < n; c1++ {
				A, C := r1*n+c1, r2*n+c1
				if b.cand[A] == 0 || b.cand[C] == 0 {
					continue
				}
				for c2 := c1 + 1; c2 < n; c2++ {
					B, D := r1*n+c2, r2*n+c2
					common := b.cand[A] & b.cand[B] & b.cand[C] & b.cand[D]
					if popcount(common) < 2 {
						continue
					}
					if !((g.Box[A] == g.Box[B] && g.Box[C] == g.Box[D] && g.Box[A] != g.Box[C]) ||
						(g.Box[A] == g.Box[C] && g.Box[B] == g.Box[D] && g.Box[A] != g.Box[B])) {
						continue
					}
					cells := [4]int{A, B, D, C} // around the rectangle
					for _, pair := range pairsOf(common) {
						if s := urTypes(b, cells, pair); s != nil && (best == nil || s.Rating < best.Rating) {
							best = s
							if best.Rating == rUniqueRect {
								return best
							}
						}
					}
				}
			}
		}
	}
	return best
}

func pairsOf(m uint64) []uint64 {
	ds := digits(m)
	var ps []uint64
	for i := range ds {
		for j := i + 1; j < len(ds); j++ {
			ps = append(ps, dbit(ds[i])|dbit(ds[j]))
		}
	}
	return ps
}

func urTypes(b *board, cells [4]int, ab uint64) *Step {
	g := b.g
	var extra []int // indices into cells with more than {a,b}
	for i, c := range cells {
		if b.cand[c] != ab {
			extra = append(extra, i)
		}
	}
	ds := digits(ab)
	all := cells[:]
	mk := func(name string, r float64, elims []Candidate, why string) *Step {
		s := &Step{Technique: name, Rating: r, Cells: append([]int(nil), all...), Digits: ds, Eliminations: elims}
		if b.verbose {
			s.Explanation = fmt.Sprintf("If %s held only %s and %s, the two digits could swap and the puzzle would have two solutions; %s: remove %s.",
				cellList(g, all), g.digit(ds[0]), g.digit(ds[1]), why, candList(g, elims))
		}
		return s
	}
	switch len(extra) {
	case 1:
		c := cells[extra[0]]
		var elims []Candidate
		for _, d := range ds {
			elims = append(elims, Candidate{c, d})
		}
		return mk("Unique Rectangle Type 1", rUniqueRect, elims, fmt.Sprintf("so %s is neither", cellName(g, c)))
	case 2:
		i, j := extra[0], extra[1]
		if (i+2)%4 == j || (j+2)%4 == i { // diagonal: types 1-4 need the extra cells side by side
			return nil
		}
		x, y := cells[i], cells[j]
		// Type 4: a locked in a house of both roof cells.
		for _, h := range g.CellHouses[x] {
			if !allIn(g, []int{y}, h) {
				continue
			}
			for k, d := range ds {
				other := ds[1-k]
				if popcount(b.positions(h, d)) == 2 {
					elims := []Candidate{{x, other}, {y, other}}
					return mk("Unique Rectangle Type 4", rUniqueRect, elims,
						fmt.Sprintf("in %s the %s must go in %s or %s, so neither can be %s", houseName(g, h), g.digit(d), cellName(g, x), cellName(g, y), g.digit(other)))
				}
			}
		}
		// Type 2: both roof cells are {a,b,x}.
		if b.cand[x] == b.cand[y] && popcount(b.cand[x]) == 3 {
			z := b.cand[x] &^ ab
			zd := lowDigit(z)
			var elims []Candidate
			for _, e := range g.Peers[x] {
				if e != y && b.cand[e]&z != 0 && g.sees(e, y) {
					elims = append(elims, Candidate{e, zd})
				}
			}
			if len(elims) > 0 {
				return mk("Unique Rectangle Type 2", rUniqueRect+0.1, elims,
					fmt.Sprintf("so one of %s and %s is %s", cellName(g, x), cellName(g, y), g.digit(zd)))
			}
		}
	}
	return nil
}

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
// Only grids without extra regions are searched.
func bug(b *board) *Step {
	g := b.g
	if !g.Plain() {
		return nil
	}
	temp := append([]uint64(nil), b.cand...)
	var cells []int
	extraOf := map[int]uint64{}
	var all uint64
	var common []int
	haveCommon := false
	for k := 0; k < 3; k++ {
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
				if !contains(cells, c) {
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
// 2 column), the order SE scans them in.
func kindIs(g *geom, h, k int) bool {
	switch k {
	case 0:
		return g.Kinds[h] == kindBox
	case 1:
		return g.Kinds[h] == kindRow
	}
	return g.Kinds[h] == kindCol
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
		if !contains(drop, x) {
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
					if contains(nc, c) || contains(cells, c) {
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
