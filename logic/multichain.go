package logic

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/dlxkit/dlx/sudoku"
)

// Sudoku Explainer's multiple and dynamic forcing chains (docs/rating.md):
// from each candidate of each empty cell, assumed true and false, SE
// propagates with cell (Y) and house (X) links, statically (multiple
// chains, 8.0) or dynamically (a candidate turned off is gone for the rest
// of the chain, 8.5), stopping at the first contradiction. Steps: a
// contradiction (dynamic only), a conclusion common to "true" and "false"
// (double forcing chain, dynamic, cells of three or more candidates), a
// conclusion common to every candidate of a cell (cell forcing chains) or
// to every place of the digit in a box, row or column (region forcing
// chains). Rating: base + lengthBonus(complexity), the complexity adding
// the distinct potentials each branch depends on. The easiest is taken
// (rating, then complexity, then SE's kind order).

// chainSet is the outcome of one propagation: its nodes and where each
// potential was reached (node index + 1, 0: not reached).
type chainSet struct {
	nodes []csNode
	par   []int32 // the parents of every node, node by node
	at    []int32 // by potential
	bad   [2]int32
}

// csNode is a potential reached by a chainSet's propagation; its parents
// are par[po:po+pn].
type csNode struct {
	p      pot
	po, pn int32
}

func (cs *chainSet) get(p pot) int32 { return cs.at[p] - 1 }

// seChainer propagates SE's way on a board.
type seChainer struct {
	b       *board
	n       int
	dynamic bool
	cur     []uint64
	pool    []*chainSet
	used    int
	seen    []int32
	sgen    int32
	stack   []int32
	// cache holds the runs of this step by start potential, those of
	// generation cgen.
	cache []cachedSet
	cgen  int32

	// Scratch of run, kept between runs.
	pendOn, pendOff, ons, parents []int32
	// hpos: the places of every digit in every house on the board of
	// this step (board.housePositions); hcur: the same for cur during a
	// dynamic run; inHouse[k*Cells+c]: the index of cell c in its house
	// of kind k (loopHouse).
	hpos, hcur []uint64
	inHouse    []uint8
	// seMultiChains' lists of sets, kept between calls.
	sets, vOn []*chainSet
}

func newSEChainer(b *board, dynamic bool) *seChainer {
	return &seChainer{b: b, n: b.g.N, dynamic: dynamic, cur: make([]uint64, len(b.cand)), seen: make([]int32, b.g.Cells*b.g.N*2),
		cache: make([]cachedSet, b.g.Cells*b.g.N*2), cgen: 1}
}

// result returns the propagation from start, run once per step.
func (sc *seChainer) result(start pot) *chainSet {
	if e := sc.cache[start]; e.gen == sc.cgen {
		return e.cs
	}
	cs := sc.run(start)
	sc.cache[start] = cachedSet{sc.cgen, cs}
	return cs
}

// cachedSet is a run kept in seChainer.cache.
type cachedSet struct {
	gen int32
	cs  *chainSet
}

func (sc *seChainer) newSet() *chainSet {
	if sc.used < len(sc.pool) {
		cs := sc.pool[sc.used]
		sc.used++
		cs.nodes, cs.par = cs.nodes[:0], cs.par[:0]
		clear(cs.at)
		return cs
	}
	cs := &chainSet{at: make([]int32, sc.b.g.Cells*sc.b.g.N*2)}
	sc.pool = append(sc.pool, cs)
	sc.used++
	return cs
}

func (cs *chainSet) add(p pot, parents ...int32) int32 {
	cs.nodes = append(cs.nodes, csNode{p, int32(len(cs.par)), int32(len(parents))})
	cs.par = append(cs.par, parents...)
	return int32(len(cs.nodes) - 1)
}

// run propagates from start; on a contradiction cs.bad holds its on and
// off nodes (else -1, -1). The sets reached so far stay in cs.
func (sc *seChainer) run(start pot) *chainSet {
	b, g, n := sc.b, sc.b.g, sc.n
	cs := sc.newSet()
	cs.bad = [2]int32{-1, -1}
	copy(sc.cur, b.cand)
	if sc.dynamic {
		sc.hcur = append(sc.hcur[:0], sc.hpos...)
	}
	root := cs.add(start)
	cs.at[start] = root + 1
	// Queues of node indices, read from hOn and hOff.
	pendOn, pendOff, ons := sc.pendOn[:0], sc.pendOff[:0], sc.ons[:0]
	hOn, hOff := 0, 0
	defer func() { sc.pendOn, sc.pendOff, sc.ons = pendOn, pendOff, ons }()
	if start.on() {
		pendOn = append(pendOn, root)
	} else {
		pendOff = append(pendOff, root)
	}
	for hOn < len(pendOn) || hOff < len(pendOff) {
		if hOn < len(pendOn) {
			i := pendOn[hOn]
			hOn++
			p := cs.nodes[i].p
			c, d := p.cell(n), p.digit(n)
			try := func(q pot) bool {
				if j := cs.get(q | 1); j >= 0 {
					cs.bad = [2]int32{j, cs.add(q, i)}
					return true
				}
				if cs.get(q) < 0 {
					j := cs.add(q, i)
					cs.at[q] = j + 1
					pendOff = append(pendOff, j)
				}
				return false
			}
			for r := sc.cur[c] &^ dbit(d); r != 0; r &= r - 1 {
				if try(mkPot(n, c, lowDigit(r), false)) {
					return cs
				}
			}
			for _, x := range g.Peers[c] {
				if sc.cur[x]&dbit(d) != 0 && try(mkPot(n, x, d, false)) {
					return cs
				}
			}
			continue
		}
		i := pendOff[hOff]
		hOff++
		p := cs.nodes[i].p
		c, d := p.cell(n), p.digit(n)
		ons = ons[:0]
		addOn := func(q pot, parents []int32) {
			for _, o := range ons {
				if cs.nodes[o].p == q {
					return
				}
			}
			ons = append(ons, cs.add(q, parents...))
		}
		if !sc.dynamic {
			// Static: the candidates are the board's, so a link has
			// no parent besides i, and the places of d in each house
			// are read from the step's table.
			parents := append(sc.parents[:0], i)
			if m := b.cand[c]; popcount(m) == 2 {
				addOn(mkPot(n, c, lowDigit(m&^dbit(d)), true), parents)
			}
			for k := 0; k < 3; k++ {
				h := loopHouse(g, k, c)
				pos := sc.hpos[h*n+d-1]
				if popcount(pos) != 2 {
					continue
				}
				other := g.Houses[h][bits.TrailingZeros64(pos)]
				if other == c {
					other = g.Houses[h][63-bits.LeadingZeros64(pos)]
				}
				addOn(mkPot(n, other, d, true), parents)
			}
			sc.parents = parents
		} else {
			if m := sc.cur[c]; popcount(m) == 2 {
				parents := append(sc.parents[:0], i)
				for r := b.cand[c] &^ m; r != 0; r &= r - 1 {
					if j := cs.get(mkPot(n, c, lowDigit(r), false)); j >= 0 {
						parents = append(parents, j)
					}
				}
				addOn(mkPot(n, c, lowDigit(m&^dbit(d)), true), parents)
				sc.parents = parents
			}
			for k := 0; k < 3; k++ {
				// The places of d in the house now (hcur) and on the
				// board (hpos): the one other than c when there are
				// two, and the removed ones for the parents.
				h := loopHouse(g, k, c)
				now := sc.hcur[h*n+d-1]
				if popcount(now) != 2 {
					continue
				}
				other := -1
				for r := now; r != 0; r &= r - 1 {
					if x := g.Houses[h][bits.TrailingZeros64(r)]; x != c {
						other = x
					}
				}
				if other < 0 {
					continue
				}
				parents := append(sc.parents[:0], i)
				for r := sc.hpos[h*n+d-1] &^ now; r != 0; r &= r - 1 {
					x := g.Houses[h][bits.TrailingZeros64(r)]
					if j := cs.get(mkPot(n, x, d, false)); j >= 0 {
						parents = append(parents, j)
					}
				}
				addOn(mkPot(n, other, d, true), parents)
				sc.parents = parents
			}
		}
		if sc.dynamic {
			sc.cur[c] &^= dbit(d)
			for k := 0; k < 3; k++ {
				sc.hcur[loopHouse(g, k, c)*n+d-1] &^= 1 << sc.inHouse[k*len(b.cand)+c]
			}
		}
		for _, j := range ons {
			q := cs.nodes[j].p
			if k := cs.get(q &^ 1); k >= 0 {
				cs.bad = [2]int32{j, k}
				return cs
			}
			if cs.get(q) < 0 {
				cs.at[q] = j + 1
				pendOn = append(pendOn, j)
			}
		}
	}
	return cs
}

// ancestors counts the distinct potentials node i of cs depends on.
func (sc *seChainer) ancestors(cs *chainSet, i int32) int {
	sc.sgen++
	count := 0
	stack := append(sc.stack[:0], i)
	defer func() { sc.stack = stack }()
	for len(stack) > 0 {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p := cs.nodes[j].p
		if sc.seen[p] == sc.sgen {
			continue
		}
		sc.seen[p] = sc.sgen
		count++
		nd := cs.nodes[j]
		stack = append(stack, cs.par[nd.po:nd.po+nd.pn]...)
	}
	return count
}

// common calls f with every potential reached by all the sets (in the
// first set's order, those assumed true first), and the summed
// complexity of its branches.
//
// limit(key) is the largest complexity that could still win with that
// kind; sums that exceed it are abandoned.
func (sc *seChainer) common(sets []*chainSet, limit int, f func(p pot, cx int)) {
	first := sets[0]
	for _, wantOn := range []bool{true, false} {
	next:
		for i, nd := range first.nodes {
			if nd.p.on() != wantOn || first.get(nd.p) != int32(i) {
				continue
			}
			for _, s := range sets[1:] {
				if s.get(nd.p) < 0 {
					continue next
				}
			}
			cx := 0
			for k, s := range sets {
				cx += sc.ancestors(s, s.get(nd.p))
				if cx+len(sets)-1-k > limit {
					continue next
				}
			}
			f(nd.p, cx)
		}
	}
}

// seMultiChains returns the easiest step of SE's multiple (dynamic false,
// base 8.0) or dynamic (base 8.5) forcing chains, or nil. Only the best so
// far is kept: SE sorts by rating, then complexity, then kind (double 1,
// cell 5, region 6, contradiction 7), then order found, and the rating
// grows with the complexity, so a later step wins only with a lower
// complexity, or the same and a lower kind.
func seMultiChains(b *board, dynamic bool, base float64) *Step {
	g, n := b.g, b.g.N
	if !g.Plain() {
		return nil
	}
	sc := b.seChainer(dynamic)
	var best *Step
	bestCx, bestKey := 1<<30, 0
	limit := func(key int) int {
		if key < bestKey {
			return bestCx
		}
		return bestCx - 1
	}
	add := func(name string, cx, key int, target pot) {
		if cx > bestCx || cx == bestCx && key >= bestKey {
			return
		}
		c, d := target.cell(n), target.digit(n)
		st := &Step{Technique: name, Rating: round1(base + lengthBonus(cx)), Cells: []int{c}, Digits: []int{d}}
		if target.on() {
			for r := b.cand[c] &^ dbit(d); r != 0; r &= r - 1 {
				st.Eliminations = append(st.Eliminations, Candidate{c, lowDigit(r)})
			}
			if len(st.Eliminations) == 0 {
				return
			}
		} else {
			if b.cand[c]&dbit(d) == 0 {
				return
			}
			st.Eliminations = []Candidate{{c, d}}
		}
		if b.verbose {
			what := "is not " + g.digit(d)
			if target.on() {
				what = "is " + g.digit(d)
			}
			st.Explanation = fmt.Sprintf("%s: every branch leads to %s %s; so %s.", name, cellName(g, c), what, conclusion(g, st))
		}
		best, bestCx, bestKey = st, cx, key
	}
	prefix := ""
	if dynamic {
		prefix = "Dynamic "
	}
	for c, m := range b.cand {
		card := popcount(m)
		if b.val[c] != 0 || card < 2 || !dynamic && card < 3 {
			continue
		}
		vOn := sc.vOn[:0]
		for r := m; r != 0; r &= r - 1 {
			d := lowDigit(r)
			pOn := mkPot(n, c, d, true)
			on := sc.result(pOn)
			if dynamic && on.bad[0] >= 0 {
				add(prefix+"Contradiction Forcing Chain", sc.ancestors(on, on.bad[0])+sc.ancestors(on, on.bad[1]), 7, pOn&^1)
			}
			// "False" serves only the dynamic steps (contradiction,
			// double forcing): static chains do not propagate it.
			if dynamic {
				off := sc.result(pOn &^ 1)
				if off.bad[0] >= 0 {
					add(prefix+"Contradiction Forcing Chain", sc.ancestors(off, off.bad[0])+sc.ancestors(off, off.bad[1]), 7, pOn)
				}
				if card >= 3 {
					sc.common([]*chainSet{on, off}, limit(1), func(p pot, cx int) { add(prefix+"Double Forcing Chain", cx, 1, p) })
				}
			}
			// Region forcing chains from this cell (the first place of
			// the digit in the house).
			for k := 0; k < 3; k++ {
				h := loopHouse(g, k, c)
				var pbuf [sudoku.MaxN]int
				places := pbuf[:0]
				for _, x := range g.Houses[h] {
					if b.cand[x]&dbit(d) != 0 {
						places = append(places, x)
					}
				}
				if len(places) < 2 || places[0] != c {
					continue
				}
				sets := append(sc.sets[:0], on)
				for _, x := range places[1:] {
					sets = append(sets, sc.result(mkPot(n, x, d, true)))
				}
				sc.sets = sets
				sc.common(sets, limit(6), func(p pot, cx int) {
					if p != pOn {
						add(prefix+"Region Forcing Chains", cx, 6, p)
					}
				})
			}
			vOn = append(vOn, on)
		}
		sc.vOn = vOn
		// Cell forcing chains.
		sc.common(vOn, limit(5), func(p pot, cx int) { add(prefix+"Cell Forcing Chains", cx, 5, p) })
	}
	return best
}

// seChainer returns the board's chainer of that kind, emptied: its sets
// and scratch are kept from one step to the next (they were a new
// allocation of every set at each step).
func (b *board) seChainer(dynamic bool) *seChainer {
	k := 0
	if dynamic {
		k = 1
	}
	sc := b.se[k]
	if sc == nil {
		sc = newSEChainer(b, dynamic)
		b.se[k] = sc
	}
	sc.used = 0
	sc.cgen++
	sc.hpos = b.housePositions(sc.hpos)
	if dynamic && sc.inHouse == nil {
		g := b.g
		sc.inHouse = make([]uint8, 3*g.Cells)
		for k := 0; k < 3; k++ {
			for c := range g.Cells {
				sc.inHouse[k*g.Cells+c] = uint8(slices.Index(g.Houses[loopHouse(g, k, c)], c))
			}
		}
	}
	return sc
}

// conjugate returns, when digit d has exactly two places left in house
// (its cells) by the candidates cur, the one that is not cell c; else -1.
func conjugate(house []int, cur []uint64, c, d int) int {
	cnt, other := 0, -1
	for _, x := range house {
		if cur[x]&dbit(d) != 0 {
			cnt++
			if x != c {
				other = x
			}
		}
	}
	if cnt != 2 {
		return -1
	}
	return other
}
