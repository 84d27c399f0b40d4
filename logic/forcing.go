package logic

import (
	"fmt"
	"slices"
)

// Ratings of chains (before the length increment).
const (
	rXChain      = 6.6 // forcing chain on one digit
	rChain       = 7.0 // forcing chain with cell and house links
	rMultiple    = 8.0 // cell and region forcing chains
	rDynamic     = 8.5 // dynamic forcing chains
	rDynamicPlus = 9.0 // dynamic forcing chains using basic techniques
	rTrial       = 9.5 // trial and error
)

type chainFound struct {
	rating     float64
	complexity int
	ok         bool
}

func (f *chainFound) better(r float64, c int) bool {
	return !f.ok || r < f.rating-1e-9 || (r < f.rating+1e-9 && c < f.complexity)
}

// unaryChain finds the easiest forcing chain from one assumption back to
// its own negation: on one digit (X-chain, SE 6.6+) or with cell links too
// (7.0+). With limit > 0 the chains with cell links (7.0+) are not
// searched when their base rating is above limit: the step they would give
// is above limit anyway. skipped is then their base rating when they would
// have been searched (no X-chain rated 7.0 or less), 0 otherwise.
func (ch *chainer) unaryChain(limit float64) (st *Step, skipped float64) {
	b := ch.b
	var best chainFound
	var bestStart, bestTarget int32
	var bestMode chainMode
	modes := []struct {
		m    chainMode
		base float64
	}{{chainMode{x: true}, rXChain}, {chainMode{x: true, y: true}, rChain}}
	r := &ch.tmp
	ch.linkTable()
	for _, md := range modes {
		if best.ok && best.rating <= md.base {
			break
		}
		if limit > 0 && md.base > limit+1e-9 {
			skipped = md.base
			break
		}
		// Under a cap, a chain found more than maxExpand+1 links from its
		// start has a complexity above maxComplexity, so a rating above
		// the cap: propagation need not go that deep. Chains rated within
		// the cap are found as without the bound (the search is breadth
		// first and stops at its first find), and a start whose first
		// find is deeper would only give a step above the cap.
		ch.maxExpand = 0
		if limit > 0 && limit < md.base+1 {
			ch.maxExpand = max(maxComplexity(md.base, limit)-2, 1)
		}
		for c, m := range b.cand {
			if popcount(m) < 2 {
				continue
			}
			for o := m; o != 0; o &= o - 1 {
				d := lowDigit(o)
				for _, on := range []bool{true, false} {
					start := ch.node(c, d, on)
					ch.propagate(r, start, md.m, start^1)
					var cx int
					switch {
					case r.target >= 0:
						cx = ch.ancestors(r, r.target)
					case r.bad[0] >= 0:
						cx = ch.ancestors(r, r.bad[0], r.bad[1])
					default:
						continue
					}
					rt := md.base + lengthBonus(cx)
					if best.better(rt, cx) {
						best = chainFound{rt, cx, true}
						bestStart, bestTarget, bestMode = start, start^1, md.m
					}
				}
			}
		}
	}
	// The best chain's propagation again, without the bound: the same
	// breadth-first search up to its find.
	ch.maxExpand = 0
	if !best.ok {
		return nil, skipped
	}
	ch.propagate(r, bestStart, bestMode, bestTarget)
	var path, other []int32
	if r.target >= 0 {
		path = ch.chainPath(r, r.target)
	} else {
		// a contradiction: two chains to a candidate, one making it
		// true and one false
		path = ch.chainPath(r, r.bad[0])
		other = ch.chainPath(r, r.bad[1])
	}
	c, d, on := ch.split(bestStart)
	s := &Step{Rating: best.rating}
	s.Cells, s.Digits = ch.pathCells(append(append([]int32(nil), path...), other...))
	s.Technique = ch.chainName(path, bestMode)
	if other != nil {
		s.Technique = "Forcing Chain"
		if !bestMode.y {
			s.Technique = "Forcing X-Chain"
		}
	}
	if on {
		s.Eliminations = []Candidate{{c, d}}
	} else {
		s.Placements = []Placement{{c, d}}
	}
	if b.verbose && other != nil {
		what := "were"
		res := "is not"
		if !on {
			what, res = "were not", "is"
		}
		s.Explanation = fmt.Sprintf("If %s %s %s, then %s, but also %s, which cannot both hold, so %s %s %s.",
			cellName(ch.g, c), what, ch.g.digit(d), ch.pathText(path[1:]), ch.pathText(other[1:]), cellName(ch.g, c), res, ch.g.digit(d))
	} else if b.verbose {
		if on {
			s.Explanation = fmt.Sprintf("If %s were %s, then %s: it would not be %s after all, so %s is not %s.",
				cellName(ch.g, c), ch.g.digit(d), ch.pathText(path[1:]), ch.g.digit(d), cellName(ch.g, c), ch.g.digit(d))
		} else {
			s.Explanation = fmt.Sprintf("If %s were not %s, then %s: it would be %s after all, so %s is %s.",
				cellName(ch.g, c), ch.g.digit(d), ch.pathText(path[1:]), ch.g.digit(d), cellName(ch.g, c), ch.g.digit(d))
		}
	}
	return s, skipped
}

// maxComplexity returns the largest chain complexity whose rating, base
// plus lengthBonus, is at most limit (at least 2).
func maxComplexity(base, limit float64) int {
	cx := 2
	for cx < 1<<20 && base+lengthBonus(cx+1) <= limit+1e-9 {
		cx++
	}
	return cx
}

// chainName names a unary chain by its strong links: only house links
// (X-Chain), only cell links (XY-Chain), cell-house-cell (W-Wing), or
// both (Alternating Inference Chain).
func (ch *chainer) chainName(path []int32, mode chainMode) string {
	if !mode.y {
		if len(path) <= 6 {
			return "X-Chain (Turbot Fish)"
		}
		return "X-Chain"
	}
	var kinds []byte // 'y' cell strong link, 'x' house strong link
	for i := 1; i < len(path); i++ {
		c0, _, on0 := ch.split(path[i-1])
		c1, _, on1 := ch.split(path[i])
		if !on0 && on1 {
			if c0 == c1 {
				kinds = append(kinds, 'y')
			} else {
				kinds = append(kinds, 'x')
			}
		}
	}
	k := string(kinds)
	switch {
	case !slices.Contains([]int{}, 0) && k == "yxy":
		return "W-Wing"
	case len(k) > 0 && !containsByte(k, 'x'):
		return "XY-Chain"
	case len(k) > 0 && !containsByte(k, 'y'):
		return "X-Chain"
	}
	return "Alternating Inference Chain"
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// multiChain finds the easiest conclusion of several forcing chains: all
// candidates of a cell, or all places of a digit in a house, imply the same
// thing (static: SE 8.0+; dynamic 8.5+, with contradiction and double
// forcing chains; plus: 9.0+).
func (ch *chainer) multiChain(mode chainMode, base float64) *Step {
	b := ch.b
	g := ch.g
	mode.x, mode.y = true, true
	var best chainFound
	var bestStep func() *Step
	if ch.res == nil {
		ch.res = make([]propResult, 2*ch.nn)
	}
	ch.linkTable()
	consider := func(rt float64, cx int, mk func() *Step) {
		if best.better(rt, cx) {
			best = chainFound{rt, cx, true}
			bestStep = mk
		}
	}
	// On results for every candidate.
	for c, m := range b.cand {
		if popcount(m) < 2 {
			continue
		}
		for o := m; o != 0; o &= o - 1 {
			d := lowDigit(o)
			st := ch.node(c, d, true)
			ch.propagate(&ch.res[st], st, mode, -1)
		}
	}
	worth := func(x int32) bool {
		c, d, on := ch.split(x)
		if on {
			return b.val[c] == 0 && b.cand[c]&dbit(d) != 0
		}
		return b.cand[c]&dbit(d) != 0
	}
	conclude := func(x int32) ([]Placement, []Candidate) {
		c, d, on := ch.split(x)
		if on {
			return []Placement{{c, d}}, nil
		}
		return nil, []Candidate{{c, d}}
	}
	if mode.dynamic {
		for c, m := range b.cand {
			if popcount(m) < 2 {
				continue
			}
			for o := m; o != 0; o &= o - 1 {
				d := lowDigit(o)
				on := ch.node(c, d, true)
				ron := &ch.res[on]
				if ron.bad[0] >= 0 {
					cx := ch.ancestors(ron, ron.bad[0]) + ch.ancestors(ron, ron.bad[1])
					rt := base + lengthBonus(cx)
					cc, dd := c, d
					consider(rt, cx, func() *Step {
						return ch.multiStep("Contradiction Forcing Chain", rt, nil, []Candidate{{cc, dd}},
							fmt.Sprintf("If %s were %s, some candidate would have to be both true and false, so %s is not %s.", cellName(g, cc), g.digit(dd), cellName(g, cc), g.digit(dd)))
					})
				}
				off := on ^ 1
				roff := &ch.tmp
				ch.propagate(roff, off, mode, -1)
				if roff.bad[0] >= 0 {
					cx := ch.ancestors(roff, roff.bad[0]) + ch.ancestors(roff, roff.bad[1])
					rt := base + lengthBonus(cx)
					cc, dd := c, d
					consider(rt, cx, func() *Step {
						return ch.multiStep("Contradiction Forcing Chain", rt, []Placement{{cc, dd}}, nil,
							fmt.Sprintf("If %s were not %s, some candidate would have to be both true and false, so %s is %s.", cellName(g, cc), g.digit(dd), cellName(g, cc), g.digit(dd)))
					})
				}
				if popcount(m) >= 3 && roff.bad[0] < 0 && ron.bad[0] < 0 {
					for i, x := range roff.nodes {
						if x == off || !ron.has(x) || !worth(x) {
							continue
						}
						cx := ch.ancestors(roff, int32(i)) + ch.ancestors(ron, entryOf(ron, x))
						rt := base + lengthBonus(cx)
						if !best.better(rt, cx) {
							continue
						}
						xx, cc, dd := x, c, d
						consider(rt, cx, func() *Step {
							p, e := conclude(xx)
							return ch.multiStep("Double Forcing Chain", rt, p, e,
								fmt.Sprintf("Whether %s is %s or not, %s follows, so it is true.", cellName(g, cc), g.digit(dd), ch.nodeText(xx)))
						})
					}
				}
			}
		}
	}
	minCell := 3
	if mode.dynamic {
		minCell = 2
	}
	var branches []*propResult
	// Cell forcing chains.
	for c, m := range b.cand {
		if popcount(m) < minCell {
			continue
		}
		branches = branches[:0]
		for o := m; o != 0; o &= o - 1 {
			branches = append(branches, &ch.res[ch.node(c, lowDigit(o), true)])
		}
		cc := c
		ch.intersect(branches, worth, base, &best, func(x int32, rt float64, cx int) {
			consider(rt, cx, func() *Step {
				p, e := conclude(x)
				return ch.multiStep("Cell Forcing Chains", rt, p, e,
					fmt.Sprintf("Whichever digit %s holds (%s), %s follows, so it is true.", cellName(g, cc), digitList(g, digits(b.cand[cc])), ch.nodeText(x)))
			})
		})
	}
	// Region forcing chains.
	for h, hc := range g.Houses {
		placed := b.placedIn(h)
		for d := 1; d <= g.N; d++ {
			if placed&dbit(d) != 0 {
				continue
			}
			branches = branches[:0]
			first := -1
			var cells []int
			for _, c := range hc {
				if b.cand[c]&dbit(d) != 0 {
					if first < 0 {
						first = c
					}
					cells = append(cells, c)
					branches = append(branches, &ch.res[ch.node(c, d, true)])
				}
			}
			if len(branches) < 2 || (!mode.dynamic && popcount(b.cand[first]) < 3) {
				continue
			}
			hh, dd := h, d
			ch.intersect(branches, worth, base, &best, func(x int32, rt float64, cx int) {
				consider(rt, cx, func() *Step {
					p, e := conclude(x)
					return ch.multiStep("Region Forcing Chains", rt, p, e,
						fmt.Sprintf("The %s of %s goes in one of %s, and each of them leads to %s, so it is true.", g.digit(dd), houseName(g, hh), cellList(g, cells), ch.nodeText(x)))
				})
			})
		}
	}
	if !best.ok {
		return nil
	}
	s := bestStep()
	switch {
	case mode.plus:
		s.Technique = "Dynamic " + s.Technique + " (+)"
	case mode.dynamic:
		s.Technique = "Dynamic " + s.Technique
	}
	return s
}

// intersect reports (through found) every worthwhile node that all branches
// imply, with the rating of the combined chains.
func (ch *chainer) intersect(branches []*propResult, worth func(int32) bool, base float64, best *chainFound, found func(x int32, rt float64, cx int)) {
	r0 := branches[0]
	for i, x := range r0.nodes {
		if r0.bad[0] >= 0 && int32(i) == r0.bad[0] {
			continue
		}
		all := true
		for _, r := range branches[1:] {
			if !r.has(x) {
				all = false
				break
			}
		}
		if !all || !worth(x) {
			continue
		}
		cx := ch.ancestors(r0, int32(i))
		for _, r := range branches[1:] {
			cx += ch.ancestors(r, entryOf(r, x))
		}
		rt := base + lengthBonus(cx)
		if best.better(rt, cx) {
			found(x, rt, cx)
		}
	}
}

func (ch *chainer) multiStep(name string, rt float64, p []Placement, e []Candidate, why string) *Step {
	s := &Step{Technique: name, Rating: rt, Placements: p, Eliminations: e}
	for _, x := range p {
		s.Cells = append(s.Cells, x.Cell)
		s.Digits = append(s.Digits, x.Digit)
	}
	for _, x := range e {
		s.Cells = append(s.Cells, x.Cell)
		s.Digits = append(s.Digits, x.Digit)
	}
	if ch.b.verbose {
		s.Explanation = why
	}
	return s
}

// plusStep applies the first basic technique that works on the grid the
// assumptions have left; its removals join the chain, their parents being
// the removals in the houses of the pattern. It reports whether it added
// anything and whether propagation may go on.
func (ch *chainer) plusStep(r *propResult, mode chainMode, target int32) (added, ok bool) {
	b := ch.b
	if ch.wb == nil {
		ch.wb = &board{g: ch.g}
	}
	wb := ch.wb
	wb.val, wb.vmask, wb.cand, wb.empty = b.val, b.vmask, ch.work, b.empty
	var s *Step
	for _, f := range plusTechniques {
		if s = f(wb); s != nil {
			break
		}
	}
	if s == nil || len(s.Eliminations) == 0 {
		return false, true
	}
	// Parents: removed candidates of the pattern's digits in the houses
	// that hold its cells.
	ps := ch.parbuf[:0]
	g := ch.g
	for _, c := range s.Cells {
		for _, h := range g.CellHouses[c] {
			for _, q := range g.Houses[h] {
				for _, d := range s.Digits {
					x := ch.node(q, d, false)
					if b.cand[q]&dbit(d) != 0 && r.has(x) && !containsNode(ps, x) {
						ps = append(ps, x)
					}
				}
			}
		}
	}
	ch.parbuf = ps
	for _, e := range s.Eliminations {
		if !ch.add(r, ch.node(e.Cell, e.Digit, false), ps, mode, target) {
			return true, false
		}
	}
	return true, true
}

func containsNode(s []int32, x int32) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

var plusTechniques = []func(*board) *Step{
	func(b *board) *Step { return lockedCandidates(b, true, false) },
	func(b *board) *Step { return lockedCandidates(b, false, false) },
	func(b *board) *Step { return hiddenSubset(b, 2, false) },
	func(b *board) *Step { return nakedSubset(b, 2) },
	func(b *board) *Step { return fish(b, 2) },
	func(b *board) *Step { return hiddenSubset(b, 3, false) },
	func(b *board) *Step { return nakedSubset(b, 3) },
}
