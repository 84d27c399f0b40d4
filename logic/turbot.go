package logic

import (
	"fmt"
	"math/bits"

	"github.com/dlxkit/dlx/sudoku"
)

const (
	rSkyscraper = 4.0
	rKite       = 4.1
	rTurbot     = 4.2
	rWWing      = 4.4
)

// strongLink is a house where a digit has exactly two places.
type strongLink struct {
	a, b, h int
}

func strongLinks(b *board, d int, out []strongLink) []strongLink {
	g := b.g
	bit := dbit(d)
	for h, hc := range g.Houses {
		x, y, n := -1, -1, 0
		for _, c := range hc {
			if b.cand[c]&bit != 0 {
				n++
				if n == 1 {
					x = c
				} else {
					y = c
				}
			}
		}
		if n == 2 {
			out = append(out, strongLink{x, y, h})
		}
	}
	return out
}

// turbotFish finds two strong links on one digit, joined by two ends that
// see each other: one of the two far ends holds the digit, so it leaves the
// cells that see both far ends. Both links in rows or both in columns:
// skyscraper (SE 4.0); a row and a column: two-string kite (4.1); with a
// box: turbot fish (4.2). want selects the rating to look for.
func turbotFish(b *board, want float64) *Step {
	var all [3]*Step
	turbotFishes(b, want, &all)
	return all[turbotIndex(want)]
}

func turbotIndex(r float64) int {
	switch r {
	case rSkyscraper:
		return 0
	case rKite:
		return 1
	}
	return 2
}

// turbotFishes records in all the first turbot fish of each rating (index
// turbotIndex) in the order turbotFish searches, or only the one rated want
// when want > 0. One pass finds the three for a step.
// allStrongLinks returns the strong links of every digit (index d), each
// list in house order as strongLinks gives it, from one pass over the
// houses.
func allStrongLinks(b *board) [sudoku.MaxN + 1][]strongLink {
	g := b.g
	var out [sudoku.MaxN + 1][]strongLink
	var pos [sudoku.MaxN]uint64 // pos[d-1]: positions of digit d in the house
	for h, hc := range g.Houses {
		clear(pos[:g.N])
		for i, c := range hc {
			for m := b.cand[c]; m != 0; m &= m - 1 {
				pos[bits.TrailingZeros64(m)&63] |= 1 << i
			}
		}
		for d := 1; d <= g.N; d++ {
			if p := pos[d-1]; p != 0 && bits.OnesCount64(p) == 2 {
				x := bits.TrailingZeros64(p)
				y := bits.TrailingZeros64(p &^ (1 << x))
				out[d] = append(out[d], strongLink{hc[x], hc[y], h})
			}
		}
	}
	return out
}

func turbotFishes(b *board, want float64, all *[3]*Step) {
	g := b.g
	byDigit := allStrongLinks(b)
	left := 3
	if want > 0 {
		left = 1
	}
	cands := make([]uint64, g.words) // cells where d is a candidate
	m := b.memo()
	for d := 1; d <= g.N; d++ {
		// The ratings still wanted (bit turbotIndex), and those digit d
		// gave no step for with its places as they are now.
		var pending, found uint8
		for i, r := range [3]float64{rSkyscraper, rKite, rTurbot} {
			if all[i] == nil && (want == 0 || r == want) {
				pending |= 1 << i
			}
		}
		if m.known(b, memoTurbot, d)&pending == pending {
			continue
		}
		links := byDigit[d]
		if len(links) < 2 {
			m.record(b, memoTurbot, d, pending)
			continue
		}
		bit := dbit(d)
		clear(cands)
		for c, m := range b.cand {
			if m&bit != 0 {
				cands[c>>6] |= 1 << (uint(c) & 63)
			}
		}
		for i, l1 := range links {
			for j, l2 := range links {
				if i == j || l1.h == l2.h {
					continue
				}
				r := rTurbot
				k1, k2 := g.Kinds[l1.h], g.Kinds[l2.h]
				switch {
				case k1 == kindBox || k2 == kindBox || k1 == kindExtra || k2 == kindExtra:
				case k1 == k2:
					r = rSkyscraper
				default:
					r = rKite
				}
				if (want > 0 && r != want) || all[turbotIndex(r)] != nil {
					continue
				}
				if s := turbotPair(b, d, bit, cands, l1, l2, r); s != nil {
					all[turbotIndex(r)] = s
					found |= 1 << turbotIndex(r)
					if left--; left == 0 {
						return
					}
				}
			}
		}
		m.record(b, memoTurbot, d, pending&^found)
	}
}

// turbotPair returns the first turbot fish made of the strong links l1 and
// l2 of digit d (l1's ends in order a, b then b, a, and l2's likewise),
// rated r, or nil.
func turbotPair(b *board, d int, bit uint64, cands []uint64, l1, l2 strongLink, r float64) *Step {
	g := b.g
	w := g.words
	for _, e1 := range [2][2]int{{l1.a, l1.b}, {l1.b, l1.a}} {
		for _, e2 := range [2][2]int{{l2.a, l2.b}, {l2.b, l2.a}} {
			far1, near1, near2, far2 := e1[0], e1[1], e2[0], e2[1]
			if near1 == near2 || far1 == far2 || far1 == near2 || far2 == near1 || !g.sees(near1, near2) {
				continue
			}
			// Some cell with d, other than near1 and near2, sees both far
			// ends (a cell does not see itself, so far1 and far2 are out).
			p1, p2 := g.peerSet[far1*w:(far1+1)*w], g.peerSet[far2*w:(far2+1)*w]
			any := false
			for j := range cands {
				m := p1[j] & p2[j] & cands[j]
				if j == near1>>6 {
					m &^= 1 << (uint(near1) & 63)
				}
				if j == near2>>6 {
					m &^= 1 << (uint(near2) & 63)
				}
				if m != 0 {
					any = true
					break
				}
			}
			if !any {
				continue
			}
			var elims []Candidate
			for _, c := range g.Peers[far1] {
				if c != far2 && c != near1 && c != near2 && b.cand[c]&bit != 0 && g.sees(c, far2) {
					elims = append(elims, Candidate{c, d})
				}
			}
			name := map[float64]string{rSkyscraper: "Skyscraper", rKite: "Two-String Kite", rTurbot: "Turbot Fish"}[r]
			s := &Step{Technique: name, Rating: r, Cells: []int{far1, near1, near2, far2}, Digits: []int{d}, Eliminations: elims}
			if b.verbose {
				s.Explanation = fmt.Sprintf("The %s of %s is in %s or %s, and the %s of %s in %s or %s; %s and %s see each other, so they are not both %s, so %s or %s is %s: remove it from %s, which sees both.",
					g.digit(d), houseName(g, l1.h), cellName(g, far1), cellName(g, near1), g.digit(d), houseName(g, l2.h), cellName(g, near2), cellName(g, far2),
					cellName(g, near1), cellName(g, near2), g.digit(d), cellName(g, far1), cellName(g, far2), g.digit(d), cellList(g, elimCells(elims)))
			}
			return s
		}
	}
	return nil
}

// wWing finds two cells with the same two candidates {x,y} joined by a
// strong link on x (each end sees one of them): one of the two cells is y,
// so y leaves the cells that see both (SE 4.4).
func wWing(b *board) *Step {
	g := b.g
	var links []strongLink
	var byDigit [sudoku.MaxN + 1][]strongLink
	for d := 1; d <= g.N; d++ {
		links = strongLinks(b, d, nil)
		byDigit[d] = links
	}
	for p, pm := range b.cand {
		if popcount(pm) != 2 {
			continue
		}
		for q := p + 1; q < g.Cells; q++ {
			if b.cand[q] != pm || g.sees(p, q) {
				continue
			}
			ds := digits(pm)
			for k, x := range ds {
				y := ds[1-k]
				ybit := dbit(y)
				for _, l := range byDigit[x] {
					for _, e := range [2][2]int{{l.a, l.b}, {l.b, l.a}} {
						if e[0] == p || e[0] == q || e[1] == p || e[1] == q || !g.sees(e[0], p) || !g.sees(e[1], q) {
							continue
						}
						var elims []Candidate
						for _, c := range g.Peers[p] {
							if c != q && b.cand[c]&ybit != 0 && g.sees(c, q) {
								elims = append(elims, Candidate{c, y})
							}
						}
						if len(elims) == 0 {
							continue
						}
						s := &Step{Technique: "W-Wing", Rating: rWWing, Cells: []int{p, e[0], e[1], q}, Digits: []int{x, y}, Eliminations: elims}
						if b.verbose {
							s.Explanation = fmt.Sprintf("%s and %s both hold only %s and %s; the %s of %s is in %s or %s, which see them, so they are not both %s: one of them is %s, so remove %s from %s, which sees both.",
								cellName(g, p), cellName(g, q), g.digit(x), g.digit(y), g.digit(x), houseName(g, l.h), cellName(g, e[0]), cellName(g, e[1]), g.digit(x), g.digit(y), g.digit(y), cellList(g, elimCells(elims)))
						}
						return s
					}
				}
			}
		}
	}
	return nil
}
