package logic

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/dlxkit/dlx/sudoku"
)

const (
	rGroupedTurbot = 4.3 // two strong links, one end a group (empty rectangle, grouped skyscraper/kite)
	rThreeSky      = 5.4 // three strong links, all rows or all columns
	rThreeTurbot   = 5.5 // three strong links with a box
	rThreeKite     = 5.6 // three strong links in rows and columns
	rThreeGrouped  = 5.7 // three strong links, one end a group
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

// sameLine reports whether the cells share a row or a column; sameBox
// whether they share a box.
func (g *geom) sameLine(cs []int) bool {
	r, c := true, true
	for _, x := range cs[1:] {
		r = r && g.Row[x] == g.Row[cs[0]]
		c = c && g.Col[x] == g.Col[cs[0]]
	}
	return r || c
}

func (g *geom) sameBox(cs []int) bool {
	for _, x := range cs[1:] {
		if g.Box[x] != g.Box[cs[0]] {
			return false
		}
	}
	return true
}

// groupedLinks lists the strong links of digit d whose two ends are cells
// or groups. With grouped false, only houses where d has two places.
//
// out and arena are scratch, reused (returned grown): the links are valid
// until the next call with the same scratch.
func groupedLinks(b *board, d int, grouped bool, out []gLink, arena []int) ([]gLink, []int) {
	g := b.g
	out = out[:0]
	bit := dbit(d)
	var ps [sudoku.MaxN]int // places of d in a house
	// The ends share one backing array; each is cut with its capacity so
	// that appending to one never overwrites another.
	arena = arena[:0]
	cut := func(from int) unit {
		return unit(arena[from:len(arena):len(arena)])
	}
	var seen [4]uint64 // houses used to split the current house
	for h, hc := range g.Houses {
		np := 0
		for _, c := range hc {
			if b.cand[c]&bit != 0 {
				ps[np] = c
				np++
			}
		}
		if np < 2 {
			continue
		}
		if np == 2 {
			i := len(arena)
			arena = append(arena, ps[0], ps[1])
			out = append(out, gLink{unit(arena[i : i+1 : i+1]), unit(arena[i+1 : i+2 : i+2]), h})
			continue
		}
		if !grouped || g.Kinds[h] == kindExtra {
			continue
		}
		// Split the places by a line (boxes) or a box (lines): the part
		// in it and the rest, when the rest is itself a unit. Lines are
		// tried in the order of the places: for a box each place's row
		// then its column, for a line each place's box.
		seen = [4]uint64{}
		split := func(line int) {
			if line < 256 {
				if seen[line>>6]&(1<<(uint(line)&63)) != 0 {
					return
				}
				seen[line>>6] |= 1 << (uint(line) & 63)
			}
			na, nr := 0, 0
			for _, c := range ps[:np] {
				if g.Row[c] == line || g.Col[c] == line || g.Box[c] == line {
					na++
				} else {
					nr++
				}
			}
			if na == 0 || nr == 0 {
				return
			}
			// Each split is found from both sides; keep one.
			if na == 1 && nr == 1 {
				return
			}
			var rest [sudoku.MaxN]int
			k := 0
			for _, c := range ps[:np] {
				if !(g.Row[c] == line || g.Col[c] == line || g.Box[c] == line) {
					rest[k] = c
					k++
				}
			}
			ok := k == 1 || (g.Kinds[h] == kindBox && g.sameLine(rest[:k])) || (g.Kinds[h] != kindBox && g.sameBox(rest[:k]))
			if !ok {
				return
			}
			i := len(arena)
			for _, c := range ps[:np] {
				if g.Row[c] == line || g.Col[c] == line || g.Box[c] == line {
					arena = append(arena, c)
				}
			}
			a := cut(i)
			j := len(arena)
			arena = append(arena, rest[:k]...)
			out = append(out, gLink{a, cut(j), h})
		}
		if g.Kinds[h] == kindBox {
			for _, c := range ps[:np] {
				split(g.Row[c])
				split(g.Col[c])
			}
		} else {
			for _, c := range ps[:np] {
				split(g.Box[c])
			}
		}
	}
	return out, arena
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
// the order groupedLinks lists them, each link first as a->b then as b->a
// (oriented end e = 2*link, 2*link+1). The first chain (of each rating,
// with all) that eliminates something is the answer. Cell sets are bitsets
// over the grid (g.words words): the cells of each link end, the cells
// that see every cell of an end, the cells of the chain so far and the
// candidates of the digit, so that the tests "the previous near end sees
// this far end", "the link shares no cell with the chain" and "which cells
// see both far ends" are a few word operations. After the first link only
// the oriented links whose far end starts at a cell seen by the previous
// near end are visited, still in increasing order (a bitset over the
// oriented links, the union of those starting at each such cell).
func linkChains(b *board, k int, grouped bool, want float64, all map[float64]*Step) *Step {
	g := b.g
	w := g.words
	// The board's scratch, kept between calls.
	ls := b.links
	if ls == nil {
		ls = &linkScratch{
			used: make([]uint64, w), cands: make([]uint64, w), elim: make([]uint64, w), hasEnd: make([]uint64, w),
			links: make([]gLink, 0, 2*len(g.Houses)), arena: make([]int, 0, 2*g.Cells),
		}
		b.links = ls
	}
	used := ls.used     // cells of the chain's links
	cands := ls.cands   // cells where d is a candidate
	elim := ls.elim     // scratch
	hasEnd := ls.hasEnd // cells where some oriented link's far end starts
	clear(used)
	chain := ls.chain[:0] // link indices
	flip := ls.flip[:0]   // whether the link is used b->a
	inChain, isGroup := ls.inChain, ls.isGroup
	buf, endsAt, endsSeeing, allowed := ls.buf, ls.endsAt, ls.endsSeeing, ls.allowed
	defer func() {
		ls.chain, ls.flip, ls.inChain, ls.isGroup = chain, flip, inChain, isGroup
		ls.buf, ls.endsAt, ls.endsSeeing, ls.allowed = buf, endsAt, endsSeeing, allowed
	}()
	// three strong links without groups: every rating found, nothing left.
	threeDone := func() bool {
		return all != nil && k == 3 && !grouped && all[rThreeSky] != nil && all[rThreeTurbot] != nil && all[rThreeKite] != nil
	}
	// The ratings (bits, see memoBit) still wanted.
	mk, m := linkMemo(k, grouped), b.memo()
	wanted := func() uint8 {
		if all == nil {
			return memoBit(want)
		}
		var p uint8
		for _, r := range [...]float64{rThreeSky, rThreeTurbot, rThreeKite} {
			if all[r] == nil {
				p |= memoBit(r)
			}
		}
		return p
	}
	for d := 1; d <= g.N; d++ {
		if threeDone() {
			return nil
		}
		pending := wanted()
		if mk >= 0 && m.known(b, mk, d)&pending == pending {
			continue
		}
		links, arena := groupedLinks(b, d, grouped, ls.links, ls.arena)
		ls.links, ls.arena = links, arena
		if len(links) < k || all == nil && (want == rGroupedTurbot || want == rThreeGrouped) && !anyGroup(links) {
			// Too few links, or none with a group end where the
			// rating wanted needs one (chainRating).
			if mk >= 0 {
				m.record(b, mk, d, pending)
			}
			continue
		}
		bit := dbit(d)
		clear(cands)
		for c, m := range b.cand {
			if m&bit != 0 {
				cands[c>>6] |= 1 << (uint(c) & 63)
			}
		}
		// Per link i, blocks of w words at 4*i+x: x = 0, 1 the cells of
		// end a, b; x = 2, 3 the cells seeing all of a, all of b.
		nl := len(links)
		ne := 2 * nl
		ew := (ne + 63) / 64
		buf = grow(buf, nl*4*w)
		endsAt = grow(endsAt, g.Cells*ew)
		endsSeeing = grow(endsSeeing, g.Cells*ew)
		allowed = grow(allowed, k*ew)
		inChain = growBool(inChain, nl)
		isGroup = growBool(isGroup, nl)
		clear(hasEnd)
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
				// Oriented link 2*i+e has u as its far end.
				x := u[0]
				oe := 2*i + e
				endsAt[x*ew+oe>>6] |= 1 << (uint(oe) & 63)
				hasEnd[x>>6] |= 1 << (uint(x) & 63)
			}
			isGroup[i] = len(l.a) > 1 || len(l.b) > 1
		}
		// endsSeeing[x]: the oriented links whose near end is seen by
		// cell x, a candidate (x could lose d if the chain ends there).
		for i := range links {
			for e := range 2 {
				com := buf[(4*i+2+e)*w : (4*i+3+e)*w] // end e is the near end of oriented link 2*i+1-e
				oe := 2*i + 1 - e
				for j := range com {
					for m := com[j] & cands[j]; m != 0; m &= m - 1 {
						x := j<<6 + bits.TrailingZeros64(m)
						endsSeeing[x*ew+oe>>6] |= 1 << (uint(oe) & 63)
					}
				}
			}
		}
		var found *Step
		foundBits := uint8(0)
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
				fc := linkBlock(buf, w, chain[0], flip[0], true, true)
				lc := linkBlock(buf, w, chain[k-1], flip[k-1], false, true)
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
				for _, c := range g.Peers[first[0]] {
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
					parts = append(parts, fmt.Sprintf("the %s of %s is in %s or %s", g.digit(d), houseName(g, links[chain[i]].h), unitName(g, f), unitName(g, n)))
				}
				found = &Step{Technique: name, Rating: rt, Cells: cells, Digits: []int{d}, Eliminations: elims}
				if b.verbose {
					found.Explanation = fmt.Sprintf("%s; each link's second end sees the next link's first end, so they are not both %s; so %s or %s is %s: remove it from %s, which sees both.",
						strings.Join(parts, "; "), g.digit(d), unitName(g, first), unitName(g, last), g.digit(d), cellList(g, elimCells(elims)))
				}
				if all != nil {
					all[rt] = found
					found = nil
					foundBits |= memoBit(rt)
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
			if all != nil && k == 3 && !grouped && depth == 2 {
				// Two links in a row and a column: every completion is a
				// three-string kite.
				k0, k1 := g.Kinds[links[chain[0]].h], g.Kinds[links[chain[1]].h]
				if ((k0 == kindRow && k1 == kindCol) || (k0 == kindCol && k1 == kindRow)) && all[rThreeKite] != nil {
					return false
				}
			}
			// try extends the chain with oriented link oe.
			var prevCom []uint64
			try := func(oe int) (stop bool) {
				li, fl := oe>>1, oe&1 == 1
				if inChain[li] {
					return false
				}
				if k == 2 && depth == 1 && !groupSoFar && !isGroup[li] {
					return false // two plain links: rated 0 (a turbot fish, found earlier)
				}
				far := linkBlock(buf, w, li, fl, true, false)
				near := linkBlock(buf, w, li, fl, false, false)
				if prevCom != nil {
					for j := range far {
						if far[j]&^prevCom[j] != 0 {
							return false
						}
					}
				}
				for j := range far {
					if (far[j]|near[j])&used[j] != 0 {
						return false
					}
				}
				if depth == 0 {
					// The first link: no cell with d outside it sees its
					// far end, no chain from it eliminates anything.
					fc := linkBlock(buf, w, li, fl, true, true)
					any := uint64(0)
					for j := range far {
						any |= fc[j] & cands[j] &^ (far[j] | near[j])
					}
					if any == 0 {
						return false
					}
				}
				if depth == k-1 {
					// The last link: no cell with d outside the chain sees
					// both far ends, the chain eliminates nothing.
					fc := linkBlock(buf, w, chain[0], flip[0], true, true)
					lc := linkBlock(buf, w, li, fl, false, true)
					any := uint64(0)
					for j := range far {
						any |= fc[j] & lc[j] & cands[j] &^ (used[j] | far[j] | near[j])
					}
					if any == 0 {
						return false
					}
				}
				for j := range far {
					used[j] |= far[j] | near[j]
				}
				chain = append(chain, li)
				flip = append(flip, fl)
				inChain[li] = true
				stop = rec()
				inChain[li] = false
				chain = chain[:len(chain)-1]
				flip = flip[:len(flip)-1]
				for j := range far {
					used[j] &^= far[j] | near[j]
				}
				return stop
			}
			if depth == 0 {
				for oe := range ne {
					if try(oe) {
						return true
					}
					if threeDone() {
						return false
					}
				}
				return false
			}
			prevCom = linkBlock(buf, w, chain[depth-1], flip[depth-1], false, true)
			al := allowed[depth*ew : (depth+1)*ew]
			clear(al)
			for j := range prevCom {
				for m := prevCom[j] & hasEnd[j]; m != 0; m &= m - 1 {
					x := j<<6 + bits.TrailingZeros64(m)
					row := endsAt[x*ew : (x+1)*ew]
					for t := range al {
						al[t] |= row[t]
					}
				}
			}
			if depth == k-1 {
				// The last link must end where some candidate outside
				// the chain seeing the first far end sees it.
				fc := linkBlock(buf, w, chain[0], flip[0], true, true)
				tm := allowed[0:ew] // depth 0 does not use its slot
				clear(tm)
				for j := range fc {
					for m := fc[j] & cands[j] &^ used[j]; m != 0; m &= m - 1 {
						x := j<<6 + bits.TrailingZeros64(m)
						row := endsSeeing[x*ew : (x+1)*ew]
						for t := range tm {
							tm[t] |= row[t]
						}
					}
				}
				for t := range al {
					al[t] &= tm[t]
				}
			}
			for t := range al {
				for m := al[t]; m != 0; m &= m - 1 {
					if try(t<<6 + bits.TrailingZeros64(m)) {
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
		if mk >= 0 {
			m.record(b, mk, d, pending&^foundBits)
		}
	}
	return nil
}

// linkBlock returns, from linkChains' table buf of w-word blocks, the
// cells (com false) or the cells seeing all (com true) of the far or near
// end of link i used with flip fl.
func linkBlock(buf []uint64, w, i int, fl, far, com bool) []uint64 {
	x := 0
	if fl == far {
		x = 1
	}
	if com {
		x += 2
	}
	o := (4*i + x) * w
	return buf[o : o+w]
}

// linkScratch is linkChains' scratch, kept on the board between calls.
type linkScratch struct {
	used, cands, elim, hasEnd        []uint64
	buf, endsAt, endsSeeing, allowed []uint64
	links                            []gLink
	arena                            []int
	chain                            []int
	flip, inChain, isGroup           []bool
}

// anyGroup reports whether some link has a group end.
func anyGroup(links []gLink) bool {
	for _, l := range links {
		if len(l.a) > 1 || len(l.b) > 1 {
			return true
		}
	}
	return false
}

// linkMemo returns the memo of linkChains with k links, grouped or not,
// or -1 for a search the ladder does not make.
func linkMemo(k int, grouped bool) memoKind {
	switch {
	case k == 2 && grouped:
		return memoGrouped2
	case k == 3 && grouped:
		return memoGrouped3
	case k == 3:
		return memoThreeLinks
	}
	return -1
}

// memoBit is the bit of a rating of linkChains in its memo.
func memoBit(r float64) uint8 {
	switch r {
	case rThreeTurbot:
		return 2
	case rThreeKite:
		return 4
	}
	return 1
}

// grow returns s with length n, zeroed, reusing its array when it can.
func grow(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	s = s[:n]
	clear(s)
	return s
}

func growBool(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// chainRating rates a chain of strong links the way Sudoku Explainer names
// its turbot fish family.
func chainRating(g *geom, links []gLink, chain []int, grouped bool) (float64, string) {
	hasRow, hasCol, hasBox, group := false, false, false, false
	for _, li := range chain {
		l := links[li]
		switch g.Kinds[l.h] {
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
		if grouped {
			return rThreeGrouped, "Grouped Three Strong Links"
		}
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
