package propagate

import "math/bits"

// maxClique is the most cells of a sum's term: a term's cells see each
// other (they share a house, or a Distinct), so their digits are
// distinct, and the tables enumerate their assignments (up to 16*15*14).
const maxClique = 3

// sumProp propagates weighted sums: one group with its total in
// [lo, hi] (Sum, and cages too large for a table), or several groups
// whose totals are equal (EqualSums). Each group is a sequence of terms,
// a term being one cell or up to maxClique cells that must hold distinct
// digits. For every cell it keeps the digits that some choice of the
// group's other candidates, distinct within each term, completes to an
// allowed total, found with tables of the reachable partial sums forward
// and backward, as bit sets; with one-cell terms this is exact on the
// group.
type sumProp struct {
	n      int
	groups []sumGroup
	words  int
	target []uint64 // allowed totals, bit t-gmin
	t      []uint64 // scratch: totals every group reaches
}

type sumGroup struct {
	cells  []int32    // the group's cells, as given
	w      []int      // their weights
	single []sumTerm  // a term for each cell alone
	multi  []sumTerm  // the cliques of two cells or more
	alone  []int      // the cells in no clique (indices into single)
	act    []*sumTerm // scratch: the terms of one propagation
	start  int        // bit of the empty prefix: the group's smallest total - gmin
	f, b   [][]uint64
}

// sumTerm is a set of cells with distinct digits within a group.
type sumTerm struct {
	cells []int32
	w     []int
	mc    int // smallest contribution: sum of min(w, w*n)
	// scratch for one propagation: the assignments (digits as bit
	// indices, and contribution - mc), which contributions some
	// assignment gives and which of those are supported
	asg  []sumAsg
	give []uint64
	ok   []uint64
	keep []uint32
}

type sumAsg struct {
	d [maxClique]uint8
	c int32
}

func newSumProp(n int, groups [][]int, weights [][]int, lo, hi int, equal bool) *sumProp {
	p := &sumProp{n: n}
	gmin, gmax := 0, 0
	for g, cells := range groups {
		var w []int
		if weights != nil {
			w = weights[g]
		}
		l, h := sumSpan(w, len(cells), n)
		if g == 0 || l < gmin {
			gmin = l
		}
		if g == 0 || h > gmax {
			gmax = h
		}
	}
	width := gmax - gmin + 1
	p.words = (width + 63) / 64
	for g, cells := range groups {
		k := len(cells)
		sg := sumGroup{cells: toInt32(cells), w: make([]int, k)}
		smin := 0
		for i := range k {
			w := 1
			if weights != nil && weights[g] != nil {
				w = weights[g][i]
			}
			sg.w[i] = w
			smin += min(w, w*n)
		}
		sg.start = smin - gmin
		p.groups = append(p.groups, sg)
	}
	p.target = make([]uint64, p.words)
	p.t = make([]uint64, p.words)
	if equal {
		lo, hi = gmin, gmax
	}
	for t := max(lo, gmin); t <= min(hi, gmax); t++ {
		p.target[(t-gmin)>>6] |= 1 << uint((t-gmin)&63)
	}
	p.cliques(nil)
	return p
}

// cliqueWork is the most assignments a clique is enumerated with; a
// clique whose candidates make more is taken cell by cell (its digits
// then free to repeat in that propagation).
const cliqueWork = 512

// cliques cuts each group into terms: cells are taken in order, each
// joining the first clique whose cells all see it (see[a][b]: a and b
// hold distinct digits) while it has room, else starting one. With see
// nil every cell is alone.
func (p *sumProp) cliques(see [][]bool) {
	n := p.n
	newTerm := func(sg *sumGroup, idx []int) sumTerm {
		st := sumTerm{}
		span := 0
		maxAsg := 1
		for k, i := range idx {
			w := sg.w[i]
			st.cells = append(st.cells, sg.cells[i])
			st.w = append(st.w, w)
			st.mc += min(w, w*n)
			span += abs(w) * (n - 1)
			maxAsg *= n - k
		}
		st.asg = make([]sumAsg, 0, min(maxAsg, cliqueWork))
		st.give = make([]uint64, span/64+1)
		st.ok = make([]uint64, span/64+1)
		st.keep = make([]uint32, len(idx))
		return st
	}
	for g := range p.groups {
		sg := &p.groups[g]
		var terms [][]int
		for i, c := range sg.cells {
			placed := false
			for t, term := range terms {
				if len(term) == maxClique || see == nil {
					continue
				}
				all := true
				for _, j := range term {
					o := sg.cells[j]
					if see[c] == nil || !see[c][o] {
						all = false
						break
					}
				}
				if all {
					terms[t] = append(terms[t], i)
					placed = true
					break
				}
			}
			if !placed {
				terms = append(terms, []int{i})
			}
		}
		sg.single = sg.single[:0]
		for i := range sg.cells {
			sg.single = append(sg.single, newTerm(sg, []int{i}))
		}
		sg.multi, sg.alone = sg.multi[:0], sg.alone[:0]
		for _, term := range terms {
			if len(term) == 1 {
				sg.alone = append(sg.alone, term[0])
			} else {
				sg.multi = append(sg.multi, newTerm(sg, term))
			}
		}
		sg.act = make([]*sumTerm, 0, len(sg.cells))
		sg.f = make([][]uint64, len(sg.cells)+1)
		sg.b = make([][]uint64, len(sg.cells)+1)
		for i := range sg.f {
			sg.f[i] = make([]uint64, p.words)
			sg.b[i] = make([]uint64, p.words)
		}
	}
}

// terms lists the terms of this propagation in sg.act: each clique whose
// candidates make at most cliqueWork assignments, and every other cell
// alone.
func (sg *sumGroup) terms(s *Solver) {
	sg.act = sg.act[:0]
	for i := range sg.multi {
		t := &sg.multi[i]
		work := 1
		for _, c := range t.cells {
			work *= bits.OnesCount32(s.cand[c])
		}
		if work <= cliqueWork {
			sg.act = append(sg.act, t)
			continue
		}
		for _, c := range t.cells {
			for j := range sg.single {
				if sg.single[j].cells[0] == c {
					sg.act = append(sg.act, &sg.single[j])
				}
			}
		}
	}
	for _, i := range sg.alone {
		sg.act = append(sg.act, &sg.single[i])
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// assignments lists the term's assignments of distinct candidates with
// their contributions, and marks the contributions in give.
func (t *sumTerm) assignments(s *Solver) {
	t.asg = t.asg[:0]
	clear(t.give)
	var a sumAsg
	k := len(t.cells)
	var ms [maxClique]uint32
	for i := range k {
		ms[i] = s.cand[t.cells[i]]
	}
	switch k {
	case 1:
		for x := ms[0]; x != 0; x &= x - 1 {
			d0 := bits.TrailingZeros32(x)
			a.d[0] = uint8(d0)
			a.c = int32(t.w[0]*(d0+1) - t.mc)
			t.add(a)
		}
	case 2:
		for x := ms[0]; x != 0; x &= x - 1 {
			d0 := bits.TrailingZeros32(x)
			for y := ms[1] &^ (1 << d0); y != 0; y &= y - 1 {
				d1 := bits.TrailingZeros32(y)
				a.d[0], a.d[1] = uint8(d0), uint8(d1)
				a.c = int32(t.w[0]*(d0+1) + t.w[1]*(d1+1) - t.mc)
				t.add(a)
			}
		}
	default:
		for x := ms[0]; x != 0; x &= x - 1 {
			d0 := bits.TrailingZeros32(x)
			for y := ms[1] &^ (1 << d0); y != 0; y &= y - 1 {
				d1 := bits.TrailingZeros32(y)
				for z := ms[2] &^ (1<<d0 | 1<<d1); z != 0; z &= z - 1 {
					d2 := bits.TrailingZeros32(z)
					a.d[0], a.d[1], a.d[2] = uint8(d0), uint8(d1), uint8(d2)
					a.c = int32(t.w[0]*(d0+1) + t.w[1]*(d1+1) + t.w[2]*(d2+1) - t.mc)
					t.add(a)
				}
			}
		}
	}
}

func (t *sumTerm) add(a sumAsg) {
	t.asg = append(t.asg, a)
	t.give[a.c>>6] |= 1 << uint(a.c&63)
}

// idempotent: with one group and no cliques (whose enumeration may start
// once their cells are narrowed) the propagation is exact on the group.
func (p *sumProp) idempotent() bool { return len(p.groups) == 1 && len(p.groups[0].multi) == 0 }

func (p *sumProp) propagate(s *Solver) bool {
	copy(p.t, p.target)
	for g := range p.groups {
		sg := &p.groups[g]
		sg.terms(s)
		clear(sg.f[0])
		sg.f[0][sg.start>>6] = 1 << uint(sg.start&63)
		for i, t := range sg.act {
			t.assignments(s)
			if len(t.asg) == 0 {
				return false
			}
			dst := sg.f[i+1]
			clear(dst)
			for w, word := range t.give {
				for ; word != 0; word &= word - 1 {
					orShl(dst, sg.f[i], w<<6|bits.TrailingZeros64(word))
				}
			}
		}
		if !andInto(p.t, sg.f[len(sg.act)]) {
			return false
		}
	}
	for g := range p.groups {
		sg := &p.groups[g]
		k := len(sg.act)
		copy(sg.b[k], p.t)
		for i := k - 1; i >= 0; i-- {
			t := sg.act[i]
			dst := sg.b[i]
			clear(dst)
			clear(t.ok)
			for w, word := range t.give {
				for ; word != 0; word &= word - 1 {
					c := w<<6 | bits.TrailingZeros64(word)
					if meetsShl(sg.f[i], c, sg.b[i+1]) {
						t.ok[w] |= 1 << uint(c&63)
						orShr(dst, sg.b[i+1], c)
					}
				}
			}
			andInto(dst, sg.f[i])
			clear(t.keep)
			for _, a := range t.asg {
				if t.ok[a.c>>6]&(1<<uint(a.c&63)) != 0 {
					for j := range t.keep {
						t.keep[j] |= 1 << a.d[j]
					}
				}
			}
			for j, c := range t.cells {
				if !s.narrow(c, s.cand[c]&t.keep[j]) {
					return false
				}
			}
		}
	}
	return true
}

// andInto sets dst to dst & src and reports whether the result is not
// empty.
func andInto(dst, src []uint64) bool {
	var any uint64
	for i := range dst {
		dst[i] &= src[i]
		any |= dst[i]
	}
	return any != 0
}

// orShl sets dst to dst | src<<k (k >= 0), dropping bits beyond the end.
func orShl(dst, src []uint64, k int) {
	ws, bs := k>>6, uint(k&63)
	if bs == 0 {
		for i := len(dst) - 1; i >= ws; i-- {
			dst[i] |= src[i-ws]
		}
		return
	}
	for i := len(dst) - 1; i >= ws; i-- {
		v := src[i-ws] << bs
		if i-ws > 0 {
			v |= src[i-ws-1] >> (64 - bs)
		}
		dst[i] |= v
	}
}

// orShr sets dst to dst | src>>k (k >= 0).
func orShr(dst, src []uint64, k int) {
	ws, bs := k>>6, uint(k&63)
	n := len(dst)
	for i := 0; i+ws < n; i++ {
		v := src[i+ws] >> bs
		if bs != 0 && i+ws+1 < n {
			v |= src[i+ws+1] << (64 - bs)
		}
		dst[i] |= v
	}
}

// meetsShl reports whether (a << k) & b is not empty.
func meetsShl(a []uint64, k int, b []uint64) bool {
	ws, bs := k>>6, uint(k&63)
	for i := len(b) - 1; i >= ws; i-- {
		v := a[i-ws] << bs
		if bs != 0 && i-ws > 0 {
			v |= a[i-ws-1] >> (64 - bs)
		}
		if v&b[i] != 0 {
			return true
		}
	}
	return false
}
