package logic

import (
	"slices"
	"strings"
)

// Chains work on "potentials": a candidate (cell, digit) assumed true (on)
// or false (off). A node is slot<<1|on, slot = cell*(N+1)+digit.
//
// Links, as in Sudoku Explainer's chaining:
//   - on -> off: the other candidates of the cell (y-links, when enabled),
//     the same digit in the cell's peers (always);
//   - off -> on: the last candidate of a cell (y), the last place of a digit
//     in a house (x). Static chains read these from the grid as it is
//     (bivalue cells, bilocal digits); dynamic chains from the grid as the
//     assumptions so far have left it.

type chainMode struct {
	x, y    bool // link kinds
	dynamic bool
	plus    bool // dynamic chains that also use basic techniques (SE "+")
	strict  bool // only the negation of the start counts as a contradiction
}

// propResult is what one assumption implies.
type propResult struct {
	start  int32
	nodes  []int32 // nodes set, in order
	pst    []int32 // per entry: first parent in pool
	pln    []int32 // per entry: parent count
	pool   []int32
	set    []uint64 // bitset over nodes
	bad    [2]int32 // a node found both on and off (entries), or -1
	target int32    // entry index of the unary target, or -1
}

func (r *propResult) has(node int32) bool { return r.set[node>>6]&(1<<(uint(node)&63)) != 0 }

type chainer struct {
	b      *board
	g      *geom
	n1     int
	nn     int // slots
	work   []uint64
	wb     *board // scratch board over work (for "plus")
	res    []propResult
	tmp    propResult
	idx    []int32 // node -> entry, valid when stamp matches
	stamp  []uint32
	gen    uint32
	seen   []uint32
	sgen   uint32
	todo   []int32
	parbuf []int32
	// partners[pstart[slot]:pstart[slot+1]] are the other places of the
	// digit in the houses of the cell where it has exactly two (static
	// x-links), built by linkTable for the board as it is.
	partners []int32
	pstart   []int32
	// maxExpand, when positive, stops propagate before expanding a node
	// more than maxExpand links from the start (unary chains under a
	// cap: anything found deeper is rated above it).
	maxExpand int
}

// linkTable builds the static x-link table for the current board.
func (ch *chainer) linkTable() {
	g, b := ch.g, ch.b
	if ch.pstart == nil {
		ch.pstart = make([]int32, ch.nn+1)
	}
	ch.partners = ch.partners[:0]
	for c := 0; c < g.Cells; c++ {
		for d := 0; d < ch.n1; d++ {
			slot := c*ch.n1 + d
			ch.pstart[slot] = int32(len(ch.partners))
			if d == 0 {
				continue
			}
			bit := dbit(d)
			if b.cand[c]&bit == 0 {
				continue
			}
			for _, h := range g.CellHouses[c] {
				at, cnt := -1, 0
				for _, q := range g.Houses[h] {
					if b.cand[q]&bit != 0 {
						cnt++
						if q != c {
							at = q
						}
					}
				}
				if cnt == 2 && !containsNode(ch.partners[ch.pstart[slot]:], int32(at)) {
					ch.partners = append(ch.partners, int32(at))
				}
			}
		}
	}
	ch.pstart[ch.nn] = int32(len(ch.partners))
}

func newChainer(b *board) *chainer {
	g := b.g
	n1 := g.N + 1
	nn := g.Cells * n1
	ch := &chainer{b: b, g: g, n1: n1, nn: nn, work: make([]uint64, g.Cells),
		idx: make([]int32, 2*nn), stamp: make([]uint32, 2*nn), seen: make([]uint32, 2*nn)}
	return ch // ch.res is made by multiChain, the only user
}

func (ch *chainer) node(c, d int, on bool) int32 {
	n := int32(c*ch.n1+d) << 1
	if on {
		n |= 1
	}
	return n
}

func (ch *chainer) split(node int32) (c, d int, on bool) {
	s := int(node >> 1)
	return s / ch.n1, s % ch.n1, node&1 == 1
}

func (r *propResult) reset(words int) {
	r.nodes = r.nodes[:0]
	r.pst = r.pst[:0]
	r.pln = r.pln[:0]
	r.pool = r.pool[:0]
	if cap(r.set) < words {
		r.set = make([]uint64, words)
	}
	r.set = r.set[:words]
	clear(r.set)
	r.bad = [2]int32{-1, -1}
	r.target = -1
}

// add records node with parents; it reports false when propagation must
// stop (a contradiction, or the target reached).
func (ch *chainer) add(r *propResult, node int32, parents []int32, mode chainMode, target int32) bool {
	if r.has(node) {
		return true
	}
	if node == target {
		r.nodes = append(r.nodes, node)
		r.pst = append(r.pst, int32(len(r.pool)))
		r.pln = append(r.pln, int32(len(parents)))
		r.pool = append(r.pool, parents...)
		r.target = int32(len(r.nodes) - 1)
		return false
	}
	if r.has(node ^ 1) {
		if mode.strict { // strict unary chains ignore other contradictions
			return true
		}
		r.nodes = append(r.nodes, node)
		r.pst = append(r.pst, int32(len(r.pool)))
		r.pln = append(r.pln, int32(len(parents)))
		r.pool = append(r.pool, parents...)
		// entry of the opposite node
		opp := int32(-1)
		for i, x := range r.nodes {
			if x == node^1 {
				opp = int32(i)
				break
			}
		}
		r.bad = [2]int32{int32(len(r.nodes) - 1), opp}
		return false
	}
	r.set[node>>6] |= 1 << (uint(node) & 63)
	r.nodes = append(r.nodes, node)
	r.pst = append(r.pst, int32(len(r.pool)))
	r.pln = append(r.pln, int32(len(parents)))
	r.pool = append(r.pool, parents...)
	if node&1 == 0 && mode.dynamic {
		c, d, _ := ch.split(node)
		ch.work[c] &^= dbit(d)
	}
	return true
}

// propagate fills r with everything the start node implies.
func (ch *chainer) propagate(r *propResult, start int32, mode chainMode, target int32) {
	g := ch.g
	b := ch.b
	r.reset((2*ch.nn + 63) / 64)
	r.start = start
	copy(ch.work, b.cand)
	ch.add(r, start, nil, mode, target)
	var one [1]int32
	// Breadth first: r.nodes[:levelEnd] are at most depth links away.
	depth, levelEnd := 0, len(r.nodes)
	for qi := 0; ; qi++ {
		if qi == len(r.nodes) {
			if !mode.plus {
				return
			}
			added, ok := ch.plusStep(r, mode, target)
			if !ok || !added {
				return
			}
		}
		if qi == levelEnd {
			depth++
			levelEnd = len(r.nodes)
		}
		if ch.maxExpand > 0 && depth > ch.maxExpand {
			return
		}
		x := r.nodes[qi]
		c, d, on := ch.split(x)
		one[0] = x
		if on {
			m := b.cand[c]
			if mode.dynamic {
				m = ch.work[c]
			}
			if mode.y {
				for o := m &^ dbit(d); o != 0; o &= o - 1 {
					if !ch.add(r, ch.node(c, lowDigit(o), false), one[:], mode, target) {
						return
					}
				}
			}
			bit := dbit(d)
			for _, p := range g.Peers[c] {
				pm := b.cand[p]
				if mode.dynamic {
					pm = ch.work[p]
				}
				if pm&bit != 0 {
					if !ch.add(r, ch.node(p, d, false), one[:], mode, target) {
						return
					}
				}
			}
			continue
		}
		// off
		if mode.dynamic {
			if w := ch.work[c]; w != 0 && w&(w-1) == 0 && b.val[c] == 0 {
				ps := ch.parbuf[:0]
				for o := b.cand[c] &^ w; o != 0; o &= o - 1 {
					ps = append(ps, ch.node(c, lowDigit(o), false))
				}
				ch.parbuf = ps
				if !ch.add(r, ch.node(c, lowDigit(w), true), ps, mode, target) {
					return
				}
			}
			bit := dbit(d)
			for _, h := range g.CellHouses[c] {
				at, cnt := -1, 0
				for _, q := range g.Houses[h] {
					if ch.work[q]&bit != 0 {
						cnt++
						at = q
					}
				}
				if cnt != 1 {
					continue
				}
				ps := ch.parbuf[:0]
				for _, q := range g.Houses[h] {
					if b.cand[q]&bit != 0 && ch.work[q]&bit == 0 {
						ps = append(ps, ch.node(q, d, false))
					}
				}
				ch.parbuf = ps
				if !ch.add(r, ch.node(at, d, true), ps, mode, target) {
					return
				}
			}
			continue
		}
		if mode.y {
			if m := b.cand[c]; popcount(m) == 2 {
				if !ch.add(r, ch.node(c, lowDigit(m&^dbit(d)), true), one[:], mode, target) {
					return
				}
			}
		}
		if mode.x {
			slot := c*ch.n1 + d
			for _, at := range ch.partners[ch.pstart[slot]:ch.pstart[slot+1]] {
				if !ch.add(r, ch.node(int(at), d, true), one[:], mode, target) {
					return
				}
			}
		}
	}
}

// ancestors counts the distinct nodes from which entry e of r follows,
// itself included (Sudoku Explainer's chain complexity).
func (ch *chainer) ancestors(r *propResult, entries ...int32) int {
	ch.gen++
	for i, x := range r.nodes {
		ch.idx[x] = int32(i)
		ch.stamp[x] = ch.gen
	}
	ch.sgen++
	todo := ch.todo[:0]
	n := 0
	for _, e := range entries {
		if e >= 0 && ch.seen[r.nodes[e]] != ch.sgen {
			ch.seen[r.nodes[e]] = ch.sgen
			todo = append(todo, e)
		}
	}
	for len(todo) > 0 {
		e := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		n++
		for _, p := range r.pool[r.pst[e] : r.pst[e]+r.pln[e]] {
			if ch.seen[p] == ch.sgen || ch.stamp[p] != ch.gen {
				continue
			}
			ch.seen[p] = ch.sgen
			todo = append(todo, ch.idx[p])
		}
	}
	ch.todo = todo
	return n
}

// entryOf returns the entry of node in r, or -1.
func entryOf(r *propResult, node int32) int32 {
	for i, x := range r.nodes {
		if x == node {
			return int32(i)
		}
	}
	return -1
}

// lengthBonus is Sudoku Explainer's rating increment for a chain of the
// given complexity: 0.1 each time the length passes 4, 6, 8, 12, 16, 24...
func lengthBonus(complexity int) float64 {
	added := 0.0
	ceil := 4
	length := complexity - 2
	odd := false
	for length > ceil {
		added += 0.1
		if !odd {
			ceil = ceil * 3 / 2
		} else {
			ceil = ceil * 4 / 3
		}
		odd = !odd
	}
	return added
}

// chainPath returns the chain from the start to entry e, following first
// parents.
func (ch *chainer) chainPath(r *propResult, e int32) []int32 {
	ch.gen++
	for i, x := range r.nodes {
		ch.idx[x] = int32(i)
		ch.stamp[x] = ch.gen
	}
	var path []int32
	for e >= 0 {
		path = append(path, r.nodes[e])
		if r.pln[e] == 0 {
			break
		}
		p := r.pool[r.pst[e]]
		if ch.stamp[p] != ch.gen {
			break
		}
		e = ch.idx[p]
		if len(path) > 4*ch.nn {
			break
		}
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}

func (ch *chainer) nodeText(x int32) string {
	c, d, on := ch.split(x)
	if on {
		return cellName(ch.g, c) + "=" + ch.g.digit(d)
	}
	return cellName(ch.g, c) + "≠" + ch.g.digit(d)
}

func (ch *chainer) pathText(path []int32) string {
	parts := make([]string, len(path))
	for i, x := range path {
		parts[i] = ch.nodeText(x)
	}
	return strings.Join(parts, " → ")
}

func (ch *chainer) pathCells(path []int32) ([]int, []int) {
	var cells, ds []int
	for _, x := range path {
		c, d, _ := ch.split(x)
		if !slices.Contains(cells, c) {
			cells = append(cells, c)
		}
		if !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	return cells, ds
}
