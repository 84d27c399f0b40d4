package logic

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// Chains and cycles of Sudoku Explainer's first chaining rung (see
// docs/rating.md): from each candidate of each empty cell (row by row,
// digits in increasing order) it follows strong and weak links, on one
// digit only (X: house links), between the digits of a cell only (Y: cell
// links, cycles only) or both (XY):
//   - a cycle back to the first candidate: every candidate that sees two
//     consecutive candidates of the loop goes (X or Y cycle 6.5, XY 7.0);
//   - a forcing chain from "the candidate is true" to "it is false"
//     removes it, one from "false" to "true" places it (X 6.6, XY 7.0).
// Each gets the length adjustment lengthBonus. The step is the easiest:
// lowest rating, then fewest links, then X before Y before XY.

// pot is a candidate assumed true (on) or false: ((cell*n + d-1) << 1) | on.
type pot int32

func mkPot(n, c, d int, on bool) pot {
	p := pot((c*n + d - 1) << 1)
	if on {
		p |= 1
	}
	return p
}

func (p pot) cell(n int) int  { return int(p>>1) / n }
func (p pot) digit(n int) int { return int(p>>1)%n + 1 }
func (p pot) on() bool        { return p&1 != 0 }

// chainNode is a potential reached by a chain; parent indexes the node it
// follows from (-1 for the start).
type chainNode struct {
	p      pot
	parent int32
	depth  int32
}

// unary holds the scratch state of the first rung's search.
type unary struct {
	b     *board
	n     int
	nodes []chainNode
	at    []potMark // per potential: its node in the current search
	gen   int32
	best  *chainHint
	hpos  []uint64 // newUnary's scratch
	// cycleHint's scratch
	cyc    []uint8
	order  []int
	inLoop []uint64
	chain  []chainNode // chainOf's
	cycles []int32     // fromCandidate's
	// reach's last two results
	reached [2]reached
	// Links per slot c*n+d-1 (see newUnary): peers[peerStart[s]:
	// peerStart[s+1]] "off" from "on", xOn[xStart[s]:xStart[s+1]] and
	// yOn[s] (-1: none) "on" from "off".
	peers, xOn        []pot
	peerStart, xStart []int32
	yOn               []pot

	qOn, qOff []int32 // scratch queues of fromCandidate, kept between calls
	buf       []pot
	sol       []uint8 // the solution, when the board keeps it (see unaryChains)
}

type chainHint struct {
	st         *Step
	complexity int
	key        int
}

// newUnary returns the board's first-rung search state (kept between
// steps: its arrays are stamped by a generation that keeps counting), with
// no best step and the links of the board as it is now.
func newUnary(b *board) *unary {
	g, n := b.g, b.g.N
	u := b.un
	if u == nil {
		np := g.Cells * n * 2
		u = &unary{b: b, n: n, at: make([]potMark, np)}
		b.un = u
	}
	u.best, u.sol = nil, nil
	u.peers, u.xOn = u.peers[:0], u.xOn[:0]
	u.hpos = b.housePositions(u.hpos)
	hpos := u.hpos // places of digit d in house h: hpos[h*n+d-1]
	// The links of every candidate, read from the board once (it does
	// not change during the search): per slot c*n+d-1, the peers of c
	// that have d (what "on" turns off besides the cell's other digits),
	// the other digit of a bivalue cell and the other places of d in the
	// box, row and column of c where it has two (what "off" turns on).
	slots := g.Cells * n
	if u.peerStart == nil {
		u.peerStart = make([]int32, slots+1)
		u.xStart = make([]int32, slots+1)
		u.yOn = make([]pot, slots)
	}
	for c := 0; c < g.Cells; c++ {
		m := b.cand[c]
		for d := 1; d <= n; d++ {
			slot := c*n + d - 1
			u.peerStart[slot] = int32(len(u.peers))
			u.xStart[slot] = int32(len(u.xOn))
			u.yOn[slot] = -1
			bit := dbit(d)
			if m&bit == 0 {
				continue
			}
			for _, x := range g.Peers[c] {
				if b.cand[x]&bit != 0 {
					u.peers = append(u.peers, mkPot(n, x, d, false))
				}
			}
			if popcount(m) == 2 {
				u.yOn[slot] = mkPot(n, c, lowDigit(m&^bit), true)
			}
			from := len(u.xOn)
			for k := 0; k < 3; k++ {
				h := loopHouse(g, k, c)
				pos := hpos[h*n+d-1]
				if popcount(pos) != 2 {
					continue
				}
				for ; pos != 0; pos &= pos - 1 {
					if o := g.Houses[h][bits.TrailingZeros64(pos)]; o != c {
						if q := mkPot(n, o, d, true); !slices.Contains(u.xOn[from:], q) {
							u.xOn = append(u.xOn, q)
						}
					}
				}
			}
		}
	}
	u.peerStart[slots] = int32(len(u.peers))
	u.xStart[slots] = int32(len(u.xOn))
	return u
}

func (u *unary) reset() {
	u.gen++
	u.nodes = u.nodes[:0]
}

// potMark is the node of a potential in the search of generation gen
// (older generations: not reached).
type potMark struct {
	gen, node int32
}

// seen returns the node of p in the current search, or -1.
func (u *unary) seen(p pot) int32 {
	if m := u.at[p]; m.gen == u.gen {
		return m.node
	}
	return -1
}

func (u *unary) mark(p pot, i int32) {
	u.at[p] = potMark{u.gen, i}
}

func (u *unary) add(p pot, parent int32) int32 {
	var dep int32
	if parent >= 0 {
		dep = u.nodes[parent].depth + 1
	}
	u.nodes = append(u.nodes, chainNode{p, parent, dep})
	return int32(len(u.nodes) - 1)
}

// isAncestor reports whether p is on the chain leading to node i
// (excluding i itself).
func (u *unary) isAncestor(i int32, p pot) bool {
	for j := u.nodes[i].parent; j >= 0; j = u.nodes[j].parent {
		if u.nodes[j].p == p {
			return true
		}
	}
	return false
}

// offs lists the potentials that node i (on) turns off, in SE's order:
// the other digits of its cell (with y), then its digit in the cell's
// box, row and column, each once (g.Peers lists them in that order).
func (u *unary) offs(i int32, y bool, out []pot) []pot {
	return u.offsOf(u.nodes[i].p, y, out)
}

// offsOf is offs for potential p.
func (u *unary) offsOf(p pot, y bool, out []pot) []pot {
	b, n := u.b, u.n
	c, d := p.cell(n), p.digit(n)
	out = out[:0]
	if y {
		for r := b.cand[c] &^ dbit(d); r != 0; r &= r - 1 {
			out = append(out, mkPot(n, c, lowDigit(r), false))
		}
	}
	slot := int(p >> 1)
	return append(out, u.peers[u.peerStart[slot]:u.peerStart[slot+1]]...)
}

// ons lists the potentials that node i (off) turns on: the other digit of
// a bivalue cell (with y), the other place of its digit in a box, row or
// column where it has two (with x).
func (u *unary) ons(i int32, y, x bool, out []pot) []pot {
	return u.onsOf(u.nodes[i].p, y, x, out)
}

// onsOf is ons for potential p.
func (u *unary) onsOf(p pot, y, x bool, out []pot) []pot {
	slot := int(p >> 1)
	out = out[:0]
	if y && u.yOn[slot] >= 0 {
		out = append(out, u.yOn[slot])
	}
	if x {
		out = append(out, u.xOn[u.xStart[slot]:u.xStart[slot+1]]...)
	}
	return out
}

// live reports whether "off" potential q turns something on with these
// links (see ons): one that does not ends every chain that reaches it.
func (u *unary) live(q pot, y, x bool) bool {
	slot := int(q >> 1)
	return y && u.yOn[slot] >= 0 || x && u.xStart[slot] < u.xStart[slot+1]
}

// turnsOff reports whether "on" node i turns off one of ps (see offs)
// without listing what it turns off.
func (u *unary) turnsOff(i int32, y bool, ps []pot) bool {
	n, g := u.n, u.b.g
	p := u.nodes[i].p
	c, d := p.cell(n), p.digit(n)
	for _, t := range ps {
		tc, td := t.cell(n), t.digit(n)
		if t.on() {
			continue
		}
		if y && tc == c && td != d || td == d && g.sees(c, tc) {
			return true
		}
	}
	return false
}

// chainOf returns the potentials from the start to node i, in a scratch
// slice valid until the next call.
func (u *unary) chainOf(i int32) []chainNode {
	out := u.chain[:0]
	defer func() { u.chain = out }()
	for j := i; j >= 0; j = u.nodes[j].parent {
		out = append(out, u.nodes[j])
	}
	for l, r := 0, len(out)-1; l < r; l, r = l+1, r-1 {
		out[l], out[r] = out[r], out[l]
	}
	return out
}

// complexity counts the distinct potentials of the chain to node i.
func (u *unary) complexity(i int32) int {
	var buf [64]pot
	ps := buf[:0]
	for j := i; j >= 0; j = u.nodes[j].parent {
		p := u.nodes[j].p
		dup := false
		for _, q := range ps {
			if q == p {
				dup = true
				break
			}
		}
		if !dup {
			ps = append(ps, p)
		}
	}
	return len(ps)
}

// unaryChains returns SE's first chaining rung's easiest step, or nil.
// max > 0 (a cap below 7.0) skips the XY pass, whose steps are all rated
// 7.0 or more: they could not be taken without exceeding the cap. min > 0
// (a floor up to 7.0) skips it too when the X and Y passes found nothing
// below min: the step is then rated min or more, which atLeast reports.
//
// Only the best step so far is kept, and a search stops expanding a
// chain once every step it could still reach would rate above the best,
// or the same with at least as many potentials (SE sorts its steps by
// rating, then complexity, then X, Y, XY, then the order found, which is
// the order searched here): the result is the one SE's sort puts first.
//
// sol, when not nil, is the puzzle's solution: a forcing chain proves its
// start false (from "on") or true (from "off"), so while every empty cell
// keeps its solution digit only one of the two can find anything, and the
// other is not searched.
func unaryChains(b *board, sol []uint8, max, min float64) (st *Step, atLeast bool) {
	if !b.g.Plain() {
		return nil, false
	}
	u := newUnary(b)
	if sol != nil && b.keeps(sol) {
		u.sol = sol
	}
	for _, mode := range [3][2]bool{{false, true}, {true, false}, {true, true}} {
		y, x := mode[0], mode[1]
		if x && y && max > 0 && max < 7.0-1e-9 {
			continue
		}
		if x && y && min > 0 && min <= 7.0+1e-9 && (u.best == nil || u.best.st.Rating >= min-1e-9) {
			return nil, true
		}
		// The X pass follows one digit from each start: the digits
		// whose places have not changed since it last found nothing
		// are skipped (memo.go). It searches with no best step to
		// prune against until it finds one, so a pass that finds
		// nothing proves it for every digit.
		var skip uint64
		if !y {
			for d := 1; d <= u.n; d++ {
				if b.memo().known(b, memoXPass, d) != 0 {
					skip |= dbit(d)
				}
			}
		}
		for c, m := range b.cand {
			if b.val[c] != 0 || popcount(m) < 2 {
				continue
			}
			for r := m &^ skip; r != 0; r &= r - 1 {
				u.fromCandidate(c, lowDigit(r), y, x)
			}
		}
		if !y && u.best == nil {
			for d := 1; d <= u.n; d++ {
				b.memo().record(b, memoXPass, d, 1)
			}
		}
	}
	if u.best == nil {
		return nil, false
	}
	return u.best.st, false
}

func chainKey(y, x bool) int {
	switch {
	case y && x:
		return 4
	case y:
		return 3
	}
	return 2
}

// offer keeps h if SE's sort puts it before the best so far.
func (u *unary) offer(h chainHint) {
	if u.beats(h.st.Rating, h.complexity, h.key) {
		u.best = &h
	}
}

// hopeless reports whether every step of a search with this base rating
// and key reaching complexity cx or more loses to the best so far.
func (u *unary) hopeless(base float64, cx, key int) bool {
	b := u.best
	if b == nil {
		return false
	}
	r := round1(base + lengthBonus(cx))
	if r > b.st.Rating+1e-9 {
		return true
	}
	if r < b.st.Rating-1e-9 {
		return false
	}
	return cx > b.complexity || cx == b.complexity && key >= b.key
}

// reach returns the largest complexity a step of a search with this base
// rating and key can have without being hopeless (hopeless grows with the
// complexity); math.MaxInt32 with no best step. The best step changes only
// between searches, so a search computes it once.
func (u *unary) reach(base float64, key int) int {
	if u.best == nil {
		return math.MaxInt32
	}
	b := u.best
	for _, r := range u.reached {
		if r.ok && r.rating == b.st.Rating && r.complexity == b.complexity && r.bestKey == b.key && r.base == base && r.key == key {
			return r.lim
		}
	}
	cx := 0
	for !u.hopeless(base, cx+1, key) {
		cx++
	}
	u.reached[1] = u.reached[0]
	u.reached[0] = reached{true, b.st.Rating, b.complexity, b.key, base, key, cx}
	return cx
}

// reached is a result of reach for a best step of that rating,
// complexity and key (hopeless depends on nothing else).
type reached struct {
	ok                  bool
	rating              float64
	complexity, bestKey int
	base                float64
	key, lim            int
}

// beats reports whether a step rated r with complexity cx and key would
// replace the best so far (see offer).
func (u *unary) beats(r float64, cx, key int) bool {
	b := u.best
	return b == nil || r < b.st.Rating-1e-9 ||
		r < b.st.Rating+1e-9 && (cx < b.complexity || cx == b.complexity && key < b.key)
}

func (u *unary) fromCandidate(c, d int, y, x bool) {
	b, n := u.b, u.n
	if popcount(b.cand[c]) > 2 && !x {
		return
	}
	key := chainKey(y, x)
	cycleBase, forceBase := 6.5, 6.6
	if x && y {
		cycleBase, forceBase = 7.0, 7.0
	}
	start := mkPot(n, c, d, true)
	// Cycles. A cycle closing at a node of depth k (the start at depth 0)
	// has complexity k: its potentials are distinct but for the last,
	// which is the start.
	u.reset()
	cycles := u.cycles[:0]
	// For a candidate the solution rules out, the forcing chain from
	// "on" (to "off") comes from this search too: it reaches the same
	// potentials through the same first parents (the potentials it
	// queues again reach nothing new), prunes no more than the forcing
	// search would (same or lower base rating), and a chain it finds
	// deeper than that search would go is rated after the best step and
	// so not taken. target is the first node of the start turned off.
	merged := x && u.sol != nil && int(u.sol[c]) != d
	offStart, target := start&^1, int32(-1)
	// closers are the "off" potentials that turn the start on: the only
	// ones that can close a cycle, or end a forcing chain from "off".
	// (They are among the potentials the start turns off.)
	// The links are symmetric: the cell's other digit when it has two
	// (Y), the other place of d in a house where it has two (X), which
	// are the potentials the start turns on from "off".
	var cbuf [8]pot
	closers := u.onsOf(start&^1, y, x, cbuf[:0])
	for k, q := range closers {
		closers[k] = q &^ 1
	}
	// ends: what the cycle search looks for among the potentials it
	// turns off (a closer, or the start turned off when merged).
	var tbuf [9]pot
	ends := append(tbuf[:0], closers...)
	if merged {
		ends = append(ends, offStart)
	}
	// Without closers there is no cycle, and only the merged forcing
	// chain to look for: the search stops once it is found.
	if len(ends) > 0 {
		alone := len(closers) == 0
		root := u.add(start, -1)
		u.mark(start, root)
		pendOn := append(u.qOn[:0], root)
		pendOff := u.qOff[:0]
		buf := u.buf[:0]
		length := 0
		lim := u.reach(cycleBase, key)
	cycle:
		for len(pendOn) > 0 || len(pendOff) > 0 {
			length++
			for qi := 0; qi < len(pendOn); qi++ {
				i := pendOn[qi]
				if int(u.nodes[i].depth)+2 > lim {
					continue
				}
				if int(u.nodes[i].depth)+4 > lim && !u.turnsOff(i, y, ends) {
					// The next layer only checks for closers (see
					// below): a node that turns off none of the ends
					// adds nothing. The first node to reach each end
					// is still the same.
					continue
				}
				buf = u.offs(i, y, buf)
				for _, q := range buf {
					if q != offStart && !u.live(q, y, x) {
						// A dead end (it turns nothing on) and not
						// the merged target: no chain goes through it.
						continue
					}
					// Every potential of a chain is marked: one not
					// seen yet is no ancestor. A potential seen before
					// is reached again (by another path) only when it
					// can close a cycle: its other "on" potentials
					// are all seen by then (its first node, earlier in
					// the queue, turns them on).
					fresh := u.seen(q) < 0
					if !fresh && (!slices.Contains(closers, q) || u.isAncestor(i, q)) {
						continue
					}
					j := u.add(q, i)
					pendOff = append(pendOff, j)
					if fresh {
						u.mark(q, j)
						if merged && q == offStart {
							target = j
							if alone {
								break cycle
							}
						}
					}
				}
			}
			pendOn = pendOn[:0]
			length++
			for qi := 0; qi < len(pendOff); qi++ {
				i := pendOff[qi]
				if int(u.nodes[i].depth)+1 > lim {
					continue
				}
				if int(u.nodes[i].depth)+3 > lim {
					// The potentials this node turns on would not be
					// followed (the next layer is hopeless): only a
					// cycle closing here counts.
					if length >= 4 && slices.Contains(closers, u.nodes[i].p) {
						cycles = append(cycles, u.add(start, i))
					}
					continue
				}
				buf = u.ons(i, y, x, buf)
				for _, q := range buf {
					j := int32(-1)
					if length >= 4 && q == start {
						j = u.add(q, i)
						cycles = append(cycles, j)
					}
					if u.seen(q) < 0 {
						if j < 0 {
							j = u.add(q, i)
						}
						u.mark(q, j)
						pendOn = append(pendOn, j)
					}
				}
			}
			pendOff = pendOff[:0]
		}
		u.qOn, u.qOff, u.buf = pendOn, pendOff, buf
	}
	u.cycles = cycles
	for _, ci := range cycles {
		// Rate the cycle before collecting its eliminations: most
		// cannot beat the best so far.
		if cx := u.complexity(ci); !u.beats(round1(cycleBase+lengthBonus(cx)), cx, key) {
			continue
		}
		if h, ok := u.cycleHint(ci, y, x); ok {
			u.offer(h)
		}
	}
	if !x {
		return
	}
	if merged {
		// The chain from "off" would prove the start true.
		if target >= 0 {
			if h, ok := u.forcingHint(target, y, x); ok {
				u.offer(h)
			}
		}
		return
	}
	// Forcing chains from "on" then from "off". A target at depth k has
	// complexity k+1 (all its potentials are distinct).
	for _, from := range []pot{start, start &^ 1} {
		if u.sol != nil && from.on() == (int(u.sol[c]) == d) {
			// A chain from "on" would prove d false in c, one from
			// "off" would prove it true: neither can be found when
			// the solution says otherwise.
			continue
		}
		if !from.on() && len(closers) == 0 {
			// Only a closer turns the start on.
			continue
		}
		u.reset()
		root := u.add(from, -1)
		u.mark(from, root)
		pendOn, pendOff := u.qOn[:0], u.qOff[:0]
		if from.on() {
			pendOn = append(pendOn, root)
		} else {
			pendOff = append(pendOff, root)
		}
		buf := u.buf[:0]
		lim := u.reach(forceBase, key)
		// The only target is the start's opposite (from^1): the search
		// stops at its first node, ft.
		ft := int32(-1)
	force:
		for len(pendOn) > 0 || len(pendOff) > 0 {
			for qi := 0; qi < len(pendOn); qi++ {
				i := pendOn[qi]
				if int(u.nodes[i].depth)+2 > lim {
					continue
				}
				if !from.on() && int(u.nodes[i].depth)+3 > lim {
					// What this node turns off would not be followed,
					// and a chain from "off" ends turning the start on.
					continue
				}
				if !from.on() && int(u.nodes[i].depth)+5 > lim && !u.turnsOff(i, y, closers) {
					// The next layer only checks for closers.
					continue
				}
				buf = u.offs(i, y, buf)
				for _, q := range buf {
					if q^1 == from {
						ft = u.add(q, i)
						break force
					}
					if !u.live(q, y, true) {
						continue // a dead end
					}
					if u.seen(q) < 0 { // unseen: no ancestor either
						j := u.add(q, i)
						u.mark(q, j)
						pendOff = append(pendOff, j)
					}
				}
			}
			pendOn = pendOn[:0]
			for qi := 0; qi < len(pendOff); qi++ {
				i := pendOff[qi]
				if int(u.nodes[i].depth)+2 > lim {
					continue
				}
				if int(u.nodes[i].depth)+3 > lim ||
					!from.on() && int(u.nodes[i].depth)+4 > lim {
					// What this node turns on would not be followed
					// (from "off", the layer after it would do
					// nothing: see the "on" layer): only the end of a
					// chain from "off" (the start turned on) counts.
					if !from.on() && slices.Contains(closers, u.nodes[i].p) {
						ft = u.add(start, i)
						break force
					}
					continue
				}
				buf = u.ons(i, y, true, buf)
				for _, q := range buf {
					if q^1 == from {
						ft = u.add(q, i)
						break force
					}
					if u.seen(q) < 0 {
						j := u.add(q, i)
						u.mark(q, j)
						pendOn = append(pendOn, j)
					}
				}
			}
			pendOff = pendOff[:0]
		}
		u.qOn, u.qOff, u.buf = pendOn, pendOff, buf
		if ft >= 0 {
			if h, ok := u.forcingHint(ft, y, x); ok {
				u.offer(h)
			}
		}
	}
}

func (u *unary) cycleHint(i int32, y, x bool) (chainHint, bool) {
	b, g, n := u.b, u.b.g, u.n
	chain := u.chainOf(i)
	// The cells of the loop, as a bitset.
	if len(u.inLoop) < g.words {
		u.inLoop = make([]uint64, g.words)
	}
	inLoop := u.inLoop[:g.words]
	clear(inLoop)
	for _, nd := range chain[1:] {
		c := nd.p.cell(n)
		inLoop[c>>6] |= 1 << (uint(c) & 63)
	}
	// Candidates seen by an "on" potential of the loop (in the order
	// met) and by an "off" one, marked per slot c*n+d-1 with a fresh
	// generation: bit 1 forward, bit 2 backward.
	if u.cyc == nil {
		u.cyc = make([]uint8, g.Cells*n)
	}
	clear(u.cyc)
	order := u.order[:0]
	for _, nd := range chain[1:] {
		c, d := nd.p.cell(n), nd.p.digit(n)
		for _, o := range g.Peers[c] {
			if b.cand[o]&dbit(d) == 0 || inLoop[o>>6]&(1<<(uint(o)&63)) != 0 {
				continue
			}
			k := o*n + d - 1
			if nd.p.on() {
				if u.cyc[k]&1 == 0 {
					order = append(order, k)
				}
				u.cyc[k] |= 1
			} else {
				u.cyc[k] |= 2
			}
		}
	}
	u.order = order
	var elim []Candidate
	for _, k := range order {
		if u.cyc[k]&2 != 0 {
			elim = append(elim, Candidate{k / n, k%n + 1})
		}
	}
	if len(elim) == 0 {
		return chainHint{}, false
	}
	cx := u.complexity(i)
	r := 6.5
	name := "Bidirectional X-Cycle"
	switch {
	case x && y:
		r, name = 7.0, "Bidirectional Cycle"
	case y:
		name = "Bidirectional Y-Cycle"
	}
	st := &Step{Technique: name, Rating: round1(r + lengthBonus(cx)), Eliminations: elim}
	u.describe(st, chain)
	return chainHint{st, cx, chainKey(y, x)}, true
}

func (u *unary) forcingHint(i int32, y, x bool) (chainHint, bool) {
	b, n := u.b, u.n
	t := u.nodes[i].p
	c, d := t.cell(n), t.digit(n)
	st := &Step{}
	if !t.on() {
		st.Eliminations = []Candidate{{c, d}}
	} else {
		for r := b.cand[c] &^ dbit(d); r != 0; r &= r - 1 {
			st.Eliminations = append(st.Eliminations, Candidate{c, lowDigit(r)})
		}
		if len(st.Eliminations) == 0 {
			return chainHint{}, false
		}
	}
	cx := u.complexity(i)
	r := 6.6
	st.Technique = "Forcing X-Chain"
	if x && y {
		r, st.Technique = 7.0, "Forcing Chain"
	}
	st.Rating = round1(r + lengthBonus(cx))
	u.describe(st, u.chainOf(i))
	return chainHint{st, cx, chainKey(y, x)}, true
}

// describe fills the step's cells, digits and explanation from a chain.
func (u *unary) describe(st *Step, chain []chainNode) {
	b, g, n := u.b, u.b.g, u.n
	var ds uint64
	for _, nd := range chain {
		c := nd.p.cell(n)
		if !slices.Contains(st.Cells, c) {
			st.Cells = append(st.Cells, c)
		}
		ds |= dbit(nd.p.digit(n))
	}
	st.Digits = digits(ds)
	if b.verbose {
		parts := make([]string, len(chain))
		for i, nd := range chain {
			eq := "="
			if !nd.p.on() {
				eq = "<>"
			}
			parts[i] = cellName(g, nd.p.cell(n)) + eq + g.digit(nd.p.digit(n))
		}
		st.Explanation = fmt.Sprintf("%s; so %s.", strings.Join(parts, " => "), conclusion(g, st))
	}
}

func round1(r float64) float64 {
	return float64(int(r*10+0.5)) / 10
}
