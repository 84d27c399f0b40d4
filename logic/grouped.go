package logic

import (
	"fmt"
	"strings"
)

const (
	rGroupedTurbot = 4.3 // two strong links, one end a group (empty rectangle, grouped skyscraper/kite)
	rThreeSky      = 5.4 // three strong links, all rows or all columns
	rThreeTurbot   = 5.5 // three strong links with a box
	rThreeKite     = 5.6 // three strong links in rows and columns
)

// unit is one end of a strong link: a cell, or a group of cells of a house
// that all lie in one box-line intersection (the digit is in one of them).
type unit []int

// gLink is a (possibly grouped) strong link: in house h the digit is in a
// or in b.
type gLink struct {
	a, b unit
	h    int
}

func (g *geom) unitSees(x, y unit) bool {
	for _, a := range x {
		for _, b := range y {
			if a == b || !g.sees(a, b) {
				return false
			}
		}
	}
	return true
}

// sameLine reports whether the cells share a row or a column; sameBox
// whether they share a box.
func (g *geom) sameLine(cs []int) bool {
	r, c := true, true
	for _, x := range cs[1:] {
		r = r && g.row[x] == g.row[cs[0]]
		c = c && g.col[x] == g.col[cs[0]]
	}
	return r || c
}

func (g *geom) sameBox(cs []int) bool {
	for _, x := range cs[1:] {
		if g.box[x] != g.box[cs[0]] {
			return false
		}
	}
	return true
}

// groupedLinks lists the strong links of digit d whose two ends are cells
// or groups. With grouped false, only houses where d has two places.
func groupedLinks(b *board, d int, grouped bool) []gLink {
	g := b.g
	var out []gLink
	bit := uint32(1) << d
	var ps []int
	for h, hc := range g.houses {
		ps = ps[:0]
		for _, c := range hc {
			if b.cand[c]&bit != 0 {
				ps = append(ps, c)
			}
		}
		if len(ps) < 2 {
			continue
		}
		if len(ps) == 2 {
			out = append(out, gLink{unit{ps[0]}, unit{ps[1]}, h})
			continue
		}
		if !grouped || g.kind[h] == kindExtra {
			continue
		}
		// Split the places by a line (boxes) or a box (lines): the part
		// in it and the rest, when the rest is itself a unit.
		var splits [][]int
		if g.kind[h] == kindBox {
			for _, c := range ps {
				splits = append(splits, []int{g.row[c]}, []int{g.col[c]})
			}
		} else {
			for _, c := range ps {
				splits = append(splits, []int{g.box[c]})
			}
		}
		seen := map[int]bool{}
		for _, s := range splits {
			line := s[0]
			if seen[line] {
				continue
			}
			seen[line] = true
			var a, rest unit
			for _, c := range ps {
				if g.row[c] == line || g.col[c] == line || g.box[c] == line {
					a = append(a, c)
				} else {
					rest = append(rest, c)
				}
			}
			if len(a) == 0 || len(rest) == 0 {
				continue
			}
			ok := len(rest) == 1 || (g.kind[h] == kindBox && g.sameLine(rest)) || (g.kind[h] != kindBox && g.sameBox(rest))
			if !ok {
				continue
			}
			// Each split is found from both sides; keep one.
			if len(a) == 1 && len(rest) == 1 {
				continue
			}
			out = append(out, gLink{a, rest, h})
		}
	}
	return out
}

// linkChain finds k strong links on one digit joined end to end by weak
// links (the near ends see each other): one of the two far ends holds the
// digit, so it leaves every cell that sees both far ends. k = 2 with
// groups: grouped turbot fish and empty rectangle (SE 4.3); k = 3 without
// groups: skyscraper, turbot fish or kite with three strong links (SE
// 5.4, 5.5, 5.6). want selects the rating.
func linkChain(b *board, k int, grouped bool, want float64) *Step {
	return linkChains(b, k, grouped, want, nil)
}

// linkChains is linkChain; with all not nil it records the first chain of
// every rating in all (keyed by rating) and returns nil.
//
// Chains are enumerated depth first: digits in increasing order, links in
// the order groupedLinks lists them, each link first as a->b then as b->a.
// The first chain (of each rating, with all) that eliminates something is
// the answer. Cells sets are bitsets over the grid (g.words words): the
// cells of each link end, the cells that see every cell of an end, the
// cells of the chain so far and the candidates of the digit, so that the
// tests "the previous near end sees this far end", "the link shares no
// cell with the chain" and "which cells see both far ends" are a few word
// operations.
func linkChains(b *board, k int, grouped bool, want float64, all map[float64]*Step) *Step {
	g := b.g
	w := g.words
	used := make([]uint64, w)  // cells of the chain's links
	cands := make([]uint64, w) // cells where d is a candidate
	elim := make([]uint64, w)
	chain := make([]int, 0, k) // link indices
	flip := make([]bool, 0, k) // whether the link is used b->a
	var inChain []bool
	var buf []uint64
	// three strong links without groups: every rating found, nothing left.
	threeDone := func() bool {
		return all != nil && k == 3 && !grouped && all[rThreeSky] != nil && all[rThreeTurbot] != nil && all[rThreeKite] != nil
	}
	for d := 1; d <= g.n; d++ {
		if threeDone() {
			return nil
		}
		links := groupedLinks(b, d, grouped)
		if len(links) < k {
			continue
		}
		bit := uint32(1) << d
		clear(cands)
		for c, m := range b.cand {
			if m&bit != 0 {
				cands[c>>6] |= 1 << (uint(c) & 63)
			}
		}
		// Per link: the cells of end a, of end b, the cells seeing all of
		// a, all of b.
		nl := len(links)
		if cap(buf) < nl*4*w {
			buf = make([]uint64, nl*4*w)
		}
		buf = buf[:nl*4*w]
		clear(buf)
		if cap(inChain) < nl {
			inChain = make([]bool, nl)
		}
		inChain = inChain[:nl]
		clear(inChain)
		isGroup := make([]bool, nl)
		for i, l := range links {
			for e, u := range [2]unit{l.a, l.b} {
				cells := buf[(4*i+e)*w : (4*i+e+1)*w]
				com := buf[(4*i+2+e)*w : (4*i+3+e)*w]
				for j := range com {
					com[j] = ^uint64(0)
				}
				for _, c := range u {
					cells[c>>6] |= 1 << (uint(c) & 63)
					row := g.peerSet[c*w : (c+1)*w]
					for j := range com {
						com[j] &= row[j]
					}
				}
			}
			isGroup[i] = len(l.a) > 1 || len(l.b) > 1
		}
		// endCells and endCommon return the cells of link i's far (near)
		// end used with flip fl, and the cells that see all of them.
		endCells := func(i int, fl, far bool) []uint64 {
			e := 0
			if fl == far {
				e = 1
			}
			return buf[(4*i+e)*w : (4*i+e+1)*w]
		}
		endCommon := func(i int, fl, far bool) []uint64 {
			e := 0
			if fl == far {
				e = 1
			}
			return buf[(4*i+2+e)*w : (4*i+3+e)*w]
		}
		var found *Step
		ends := func(i int) (unit, unit) {
			l := links[chain[i]]
			if flip[i] {
				return l.b, l.a
			}
			return l.a, l.b
		}
		var rec func() bool
		rec = func() bool {
			depth := len(chain)
			if depth == k {
				rt, name := chainRating(g, links, chain, grouped)
				if rt == 0 || (all == nil && rt != want) || (all != nil && all[rt] != nil) {
					return false
				}
				// Cells with d seeing both far ends, outside the chain.
				fc := endCommon(chain[0], flip[0], true)
				lc := endCommon(chain[k-1], flip[k-1], false)
				any := uint64(0)
				for j := range elim {
					elim[j] = fc[j] & lc[j] & cands[j] &^ used[j]
					any |= elim[j]
				}
				if any == 0 {
					return false
				}
				first, _ := ends(0)
				_, last := ends(k - 1)
				var elims []Candidate
				for _, c := range g.peers[first[0]] {
					if elim[c>>6]&(1<<(uint(c)&63)) != 0 {
						elims = append(elims, Candidate{c, d})
					}
				}
				var cells []int
				var parts []string
				for i := range chain {
					f, n := ends(i)
					cells = append(cells, f...)
					cells = append(cells, n...)
					parts = append(parts, fmt.Sprintf("the %d of %s is in %s or %s", d, houseName(g, links[chain[i]].h), unitName(g, f), unitName(g, n)))
				}
				found = &Step{Technique: name, Rating: rt, Cells: cells, Digits: []int{d}, Eliminations: elims}
				if b.verbose {
					found.Explanation = fmt.Sprintf("%s; each link's second end sees the next link's first end, so they are not both %d; so %s or %s is %d: remove it from %s, which sees both.",
						strings.Join(parts, "; "), d, unitName(g, first), unitName(g, last), d, cellList(g, elimCells(elims)))
				}
				if all != nil {
					all[rt] = found
					found = nil
					return false
				}
				return true
			}
			// Pruning that cannot change the answer: the ratings
			// chainRating gives to every completion of the chain.
			groupSoFar := false
			for _, li := range chain {
				groupSoFar = groupSoFar || isGroup[li]
			}
			if all != nil && depth == k-1 && k == 3 && !grouped && depth == 2 {
				// Two links in a row and a column: every completion is a
				// three-string kite.
				k0, k1 := g.kind[links[chain[0]].h], g.kind[links[chain[1]].h]
				if ((k0 == kindRow && k1 == kindCol) || (k0 == kindCol && k1 == kindRow)) && all[rThreeKite] != nil {
					return false
				}
			}
			var prevCom []uint64
			if depth > 0 {
				prevCom = endCommon(chain[depth-1], flip[depth-1], false)
			}
			for li := range links {
				if inChain[li] {
					continue
				}
				if k == 2 && depth == 1 && !groupSoFar && !isGroup[li] {
					continue // two plain links: rated 0 (a turbot fish, found earlier)
				}
				for _, fl := range []bool{false, true} {
					far := endCells(li, fl, true)
					near := endCells(li, fl, false)
					if prevCom != nil {
						sees := true
						for j := range far {
							if far[j]&^prevCom[j] != 0 {
								sees = false
								break
							}
						}
						if !sees {
							continue
						}
					}
					overlap := false
					for j := range far {
						if (far[j]|near[j])&used[j] != 0 {
							overlap = true
							break
						}
					}
					if overlap {
						continue
					}
					for j := range far {
						used[j] |= far[j] | near[j]
					}
					chain = append(chain, li)
					flip = append(flip, fl)
					inChain[li] = true
					stop := rec()
					inChain[li] = false
					chain = chain[:len(chain)-1]
					flip = flip[:len(flip)-1]
					for j := range far {
						used[j] &^= far[j] | near[j]
					}
					if stop {
						return true
					}
					if threeDone() {
						return false
					}
				}
			}
			return false
		}
		if rec() {
			return found
		}
	}
	return nil
}

// chainRating rates a chain of strong links the way Sudoku Explainer names
// its turbot fish family.
func chainRating(g *geom, links []gLink, chain []int, grouped bool) (float64, string) {
	hasRow, hasCol, hasBox, group := false, false, false, false
	for _, li := range chain {
		l := links[li]
		switch g.kind[l.h] {
		case kindRow:
			hasRow = true
		case kindCol:
			hasCol = true
		default:
			hasBox = true
		}
		group = group || len(l.a) > 1 || len(l.b) > 1
	}
	if len(chain) == 2 {
		if !group {
			return 0, ""
		}
		switch {
		case hasBox:
			return rGroupedTurbot, "Empty Rectangle"
		case hasRow && hasCol:
			return rGroupedTurbot, "Grouped Two-String Kite"
		}
		return rGroupedTurbot, "Grouped Skyscraper"
	}
	if group {
		return 0, ""
	}
	switch {
	case hasRow && hasCol:
		return rThreeKite, "Three-String Kite"
	case hasBox:
		return rThreeTurbot, "Turbot Fish (3 strong links)"
	}
	return rThreeSky, "Skyscraper (3 strong links)"
}

func unitName(g *geom, u unit) string {
	if len(u) == 1 {
		return cellName(g, u[0])
	}
	return "{" + cellList(g, u) + "}"
}
