package grids

import (
	"cmp"
	"math"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// The stack method counts the shapes of three bands of w = 3 columns per
// stack (boxes of h x 3 counted as h-row bands: 2x3, 3x3 and 12x12's
// 3x4 turned to 4x3) with a stronger reduction of the first band and a
// table of every band count (docs/sudoku.md, "12x12 by stacks").
//
// Pieces: the first band's column sets up to relabelling, column moves
// within stacks and stack moves (the plan's pieces, orbits under the
// relabellings that keep the first stack, are merged when a stack move
// and a relabelling take one to the other; their weights add up).
//
// Table: a band's count depends on its stacks' splits up to relabelling.
// With the first stack standard and the second relabelled to its orbit's
// representative under the relabellings that keep the first (the
// intersection pattern of the two), the count is a table entry indexed
// by that representative, the splits of stacks 3..h-1 and the last
// stack's split: one row (every last split) per prefix. A row is
// counted as follows: fill the first h-1 stacks (each digit gets a row in
// each, distinct, and the digits of a column distinct rows); the rows
// the digits miss form a partition Q of the digits into h triples; the last stack's split y
// fits exactly when each triple of Q takes one digit from each of y's
// column sets, and then in one way. So a row is the count of fills per
// partition Q, summed over the (h!)^2 partitions that fit each y.
//
// Loop: a piece's completions are the sum over band 2's column sets,
// stack by stack (band 3 takes what is left), of the two band counts;
// band 2 and band 3 swap (each first-stack choice is paired with the one
// band 3 then has, counted twice), the first two stacks' choices give
// each band's relabelling to table form, the third's its row, and the
// last stack's choices are read from the two rows.

// stackW is the stack width of the stack method.
const stackW = 3

// stackData is what the stack method adds to a plan.
type stackData struct {
	// pow3[m]: the sum of 3^d over the digits d of m; dense[key]: the
	// split with that key (see idx), -1 for none.
	pow3  []uint32
	dense []int32
	root  *orbitNode
	// bIndex: a root orbit representative's number (-1 for the other
	// splits), bReps the representatives in order.
	bIndex []int32
	bReps  []int32
	// table: the band counts, a row of len(splits) per prefix (see
	// tableRows and rowAt).
	table []uint32
	mu    sync.Mutex // held while the table is filled
	// lazy returns row k when there is no table (tests: a few rows of
	// the 12x12 table, counted when asked for).
	lazy func(k int) []uint32
}

// orbitNode is the orbits of the splits of one stack under the
// relabellings that keep the stacks chosen before it (the first one
// standard): the representative of every split, an element of the
// group that takes it there (not at the last level), and a child node
// per representative for the next stack.
type orbitNode struct {
	rep   []int32
	to    []perm
	reps  []int32  // the representatives, increasing
	sizes []uint64 // their orbits' sizes
	child map[int32]*orbitNode
}

// stackLayout returns the layout of r x c boxes for the stack method:
// three bands of h rows (one side of the box is 3), or ErrShape.
func stackLayout(r, c int) (layout, error) {
	switch {
	case c == stackW:
		return newLayout(r, c, -1)
	case r == stackW:
		return newLayout(r, c, 1)
	}
	return layout{}, ErrShape
}

// newStackPlan returns the plan of the stack method for layout l (w = 3).
func newStackPlan(l layout) (*plan, error) {
	if l.w != stackW || l.nb != 3 || l.ns < 2 || l.ns > 4 {
		return nil, ErrShape
	}
	p := &plan{layout: l, splitOf: make(map[[MaxN]uint16]int32)}
	for m := range uint16(1) << l.n {
		if bits.OnesCount16(m) == l.h {
			p.subsets = append(p.subsets, m)
		}
	}
	p.enumSplits()
	p.enumGroup()
	p.factor = firstBandFactor(l)
	st := &stackData{}
	p.st = st
	st.pow3 = make([]uint32, 1<<l.n)
	for m := 1; m < len(st.pow3); m++ {
		d := bits.TrailingZeros(uint(m))
		st.pow3[m] = st.pow3[m&(m-1)] + uint32(math.Pow(3, float64(d)))
	}
	size := 1
	for range l.n {
		size *= 3
	}
	st.dense = make([]int32, size)
	for i := range st.dense {
		st.dense[i] = -1
	}
	for i, s := range p.splits {
		st.dense[p.splitKey(s[0], s[1], s[2])] = int32(i)
	}
	root, err := p.orbitTree(p.group, 2)
	if err != nil {
		return nil, err
	}
	st.root = root
	st.bIndex = make([]int32, len(p.splits))
	for i := range st.bIndex {
		st.bIndex[i] = -1
	}
	for k, r := range root.reps {
		st.bIndex[r] = int32(k)
	}
	st.bReps = root.reps
	if err := p.mergePieces(); err != nil {
		return nil, err
	}
	return p, nil
}

// firstBandFactor is the ordered splits of the first stack times
// (w!)^(ns-1).
func firstBandFactor(l layout) *big.Int {
	f := new(big.Int).MulRange(1, int64(l.n))
	hf := new(big.Int).MulRange(1, int64(l.h))
	for range l.w {
		f.Quo(f, hf)
	}
	wf := new(big.Int).MulRange(1, int64(l.w))
	for range l.ns - 1 {
		f.Mul(f, wf)
	}
	return f
}

// splitKey returns the key of the split of three sets (any order): the
// digits labelled 0, 1, 2 by their set, the sets ordered by their least
// digit, read in base 3.
func (p *plan) splitKey(a, b, c uint16) uint32 {
	// a holds digit 0 after this; b's least digit below c's.
	if b&1 != 0 {
		a, b = b, a
	} else if c&1 != 0 {
		a, c = c, a
	}
	_ = a
	if c&-c < b&-b {
		b, c = c, b
	}
	return p.st.pow3[b] + 2*p.st.pow3[c]
}

// nibbles is a relabelling as three tables of 16 (digits 0-3, 4-7, 8-11).
type nibbles [3][16]uint16

func (g *perm) nibbles() (t nibbles) {
	for k := range 3 {
		for m := 1; m < 16; m++ {
			d := bits.TrailingZeros(uint(m))
			t[k][m] = t[k][m&(m-1)] | 1<<g[4*k+d]
		}
	}
	return t
}

func (t *nibbles) of(m uint16) uint16 {
	return t[0][m&15] | t[1][m>>4&15] | t[2][m>>8&15]
}

// idx returns the index of the split of the sets a, b, c relabelled by t.
func (p *plan) idx(t *nibbles, a, b, c uint16) int32 {
	return p.st.dense[p.splitKey(t.of(a), t.of(b), t.of(c))]
}

// then returns the relabelling g followed by q.
func (g *perm) then(q *perm) (r perm) {
	for d := range g {
		r[d] = q[g[d]]
	}
	return r
}

// inverse returns the inverse of g on digits 0..n-1.
func (g *perm) inverse(n int) (r perm) {
	for d, x := range g[:n] {
		r[x] = uint8(d)
	}
	return r
}

// orbitTree returns the orbits of the splits of stack level (2..ns) under
// group, and below them the next stack's for each representative.
func (p *plan) orbitTree(group []perm, level int) (*orbitNode, error) {
	u := len(p.splits)
	last := level == p.ns
	nd := &orbitNode{rep: make([]int32, u)}
	if !last {
		nd.to = make([]perm, u)
		nd.child = make(map[int32]*orbitNode)
	}
	for i := range nd.rep {
		nd.rep[i] = -1
	}
	ts := make([]nibbles, len(group))
	for k := range group {
		ts[k] = group[k].nibbles()
	}
	for i := range u {
		if nd.rep[i] >= 0 {
			continue
		}
		s := p.splits[i]
		var size uint64
		var stab []perm
		for k := range group {
			j := p.idx(&ts[k], s[0], s[1], s[2])
			if j < 0 {
				return nil, errInternal
			}
			if j == int32(i) && !last {
				stab = append(stab, group[k])
			}
			if nd.rep[j] < 0 {
				nd.rep[j] = int32(i)
				size++
				if !last {
					nd.to[j] = group[k].inverse(p.n)
				}
			}
		}
		nd.reps = append(nd.reps, int32(i))
		nd.sizes = append(nd.sizes, size)
		if !last {
			c, err := p.orbitTree(stab, level+1)
			if err != nil {
				return nil, err
			}
			nd.child[int32(i)] = c
		}
	}
	return nd, nil
}

// canonical returns the key of the first band whose stacks have the
// splits st (stack 1's any): the least, over the orders of the stacks,
// of the representatives (r_2, ..., r_ns) the orbit tree gives once the
// first stack is standard, read in base (number of splits). Only the
// orders whose first two stacks give the least r_2 are followed.
func (p *plan) canonical(st []int32, orders [][]uint8) uint64 {
	u := uint64(len(p.splits))
	root := p.st.root
	var std [4]perm
	for s := range p.ns {
		std[s] = p.standardize(p.splits[st[s]])
	}
	// r2[a][b]: stack b's representative once stack a is standard.
	var r2 [4][4]int32
	least := int32(math.MaxInt32)
	for a := range p.ns {
		for b := range p.ns {
			if a != b {
				r2[a][b] = root.rep[p.idxPerm(&std[a], p.splits[st[b]])]
				least = min(least, r2[a][b])
			}
		}
	}
	best := uint64(math.MaxUint64)
	for _, o := range orders {
		if r2[o[0]][o[1]] != least {
			continue
		}
		g := std[o[0]]
		nd := root
		var key uint64
		for lvl := 1; lvl < p.ns; lvl++ {
			i := p.idxPerm(&g, p.splits[st[o[lvl]]])
			r := nd.rep[i]
			key = key*u + uint64(r)
			if lvl < p.ns-1 {
				g = g.then(&nd.to[i])
				nd = nd.child[r]
			}
		}
		best = min(best, key)
	}
	return best
}

// idxPerm returns the index of the split sets relabelled by g.
func (p *plan) idxPerm(g *perm, sets []uint16) int32 {
	return p.st.dense[p.splitKey(relabel(g, sets[0]), relabel(g, sets[1]), relabel(g, sets[2]))]
}

// mergePieces sets p.pieces: the leaves of the orbit tree (first stack
// standard, the others representatives, weighted by their orbit sizes)
// merged by their canonical key, with their weights summed.
func (p *plan) mergePieces() error {
	type leaf struct {
		key    uint64
		weight uint64
	}
	var leaves []leaf
	var tuples []int32 // the leaves' splits, ns per leaf
	var k [MaxN]uint16
	for j := range p.w {
		k[j] = (uint16(1)<<p.h - 1) << (j * p.h)
	}
	st := make([]int32, p.ns)
	st[0] = p.splitOf[k]
	var rec func(nd *orbitNode, lvl int, weight uint64) error
	rec = func(nd *orbitNode, lvl int, weight uint64) error {
		for k, r := range nd.reps {
			hi, w := bits.Mul64(weight, nd.sizes[k])
			if hi != 0 {
				return ErrTooLarge
			}
			st[lvl] = r
			if lvl == p.ns-1 {
				leaves = append(leaves, leaf{0, w})
				tuples = append(tuples, st...)
				continue
			}
			if err := rec(nd.child[r], lvl+1, w); err != nil {
				return err
			}
		}
		return nil
	}
	if err := rec(p.st.root, 1, 1); err != nil {
		return err
	}
	orders := permutations(p.ns)
	var next atomic.Int64
	var wg sync.WaitGroup
	const chunk = 1024
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for {
				i := int(next.Add(chunk) - chunk)
				if i >= len(leaves) {
					return
				}
				for k := i; k < min(i+chunk, len(leaves)); k++ {
					leaves[k].key = p.canonical(tuples[k*p.ns:(k+1)*p.ns], orders)
				}
			}
		})
	}
	wg.Wait()
	slices.SortFunc(leaves, func(a, b leaf) int { return cmp.Compare(a.key, b.key) })
	u := uint64(len(p.splits))
	for i := 0; i < len(leaves); {
		j, w := i, uint64(0)
		for ; j < len(leaves) && leaves[j].key == leaves[i].key; j++ {
			var c uint64
			w, c = bits.Add64(w, leaves[j].weight, 0)
			if c != 0 {
				return ErrTooLarge
			}
		}
		stacks := make([]int32, p.ns-1)
		k := leaves[i].key
		for s := p.ns - 2; s >= 0; s-- {
			stacks[s] = int32(k % u)
			k /= u
		}
		p.pieces = append(p.pieces, Piece{Stacks: stacks, Weight: w})
		i = j
	}
	return nil
}
