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
func linkChains(b *board, k int, grouped bool, want float64, all map[float64]*Step) *Step {
	g := b.g
	for d := 1; d <= g.n; d++ {
		links := groupedLinks(b, d, grouped)
		if len(links) < k {
			continue
		}
		bit := uint32(1) << d
		chain := make([]int, 0, k) // link indices
		flip := make([]bool, 0, k) // whether the link is used b->a
		var found *Step
		var ends func(i int) (far, near unit)
		ends = func(i int) (unit, unit) {
			l := links[chain[i]]
			if flip[i] {
				return l.b, l.a
			}
			return l.a, l.b
		}
		used := func(c int) bool {
			for i := range chain {
				f, n := ends(i)
				if contains(f, c) || contains(n, c) {
					return true
				}
			}
			return false
		}
		var rec func() bool
		rec = func() bool {
			if len(chain) == k {
				first, _ := ends(0)
				_, last := ends(k - 1)
				rt, name := chainRating(g, links, chain, grouped)
				if rt == 0 || (all == nil && rt != want) || (all != nil && all[rt] != nil) {
					return false
				}
				var elims []Candidate
				for _, c := range g.peers[first[0]] {
					if b.cand[c]&bit == 0 || used(c) {
						continue
					}
					ok := true
					for _, x := range first {
						ok = ok && g.sees(c, x)
					}
					for _, x := range last {
						ok = ok && g.sees(c, x)
					}
					if ok {
						elims = append(elims, Candidate{c, d})
					}
				}
				if len(elims) == 0 {
					return false
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
			for li := range links {
				if contains(chain, li) {
					continue
				}
				for _, fl := range []bool{false, true} {
					l := links[li]
					far, near := l.a, l.b
					if fl {
						far, near = l.b, l.a
					}
					if len(chain) > 0 {
						_, prev := ends(len(chain) - 1)
						if !g.unitSees(prev, far) {
							continue
						}
					}
					overlap := false
					for _, c := range far {
						overlap = overlap || used(c)
					}
					for _, c := range near {
						overlap = overlap || used(c)
					}
					if overlap {
						continue
					}
					chain = append(chain, li)
					flip = append(flip, fl)
					if rec() {
						return true
					}
					chain = chain[:len(chain)-1]
					flip = flip[:len(flip)-1]
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
