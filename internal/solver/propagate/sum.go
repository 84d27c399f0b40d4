package propagate

import "math/bits"

// sumProp propagates weighted sums: one group with its total in
// [lo, hi] (Sum, and cages too large for a table), or several groups
// whose totals are equal (EqualSums). It is exact on each group: for
// every cell it keeps the digits that some choice of the group's other
// candidates completes to an allowed total, found with a table of the
// reachable partial sums forward and backward, as bit sets.
type sumProp struct {
	n      int
	groups []sumGroup
	words  int
	target []uint64 // allowed totals, bit t-gmin
	t      []uint64 // scratch: totals every group reaches
}

type sumGroup struct {
	cells []int32
	w     []int
	mc    []int // smallest contribution of each term: min(w, w*n)
	start int   // bit of the empty prefix: the group's smallest total - gmin
	f, b  [][]uint64
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
		sg := sumGroup{cells: toInt32(cells), w: make([]int, k), mc: make([]int, k)}
		smin := 0
		for i := range k {
			w := 1
			if weights != nil && weights[g] != nil {
				w = weights[g][i]
			}
			sg.w[i] = w
			sg.mc[i] = min(w, w*n)
			smin += sg.mc[i]
		}
		sg.start = smin - gmin
		sg.f = make([][]uint64, k+1)
		sg.b = make([][]uint64, k+1)
		for i := range k + 1 {
			sg.f[i] = make([]uint64, p.words)
			sg.b[i] = make([]uint64, p.words)
		}
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
	return p
}

func (p *sumProp) propagate(s *Solver) bool {
	copy(p.t, p.target)
	for g := range p.groups {
		sg := &p.groups[g]
		clear(sg.f[0])
		sg.f[0][sg.start>>6] = 1 << uint(sg.start&63)
		for i, c := range sg.cells {
			dst := sg.f[i+1]
			clear(dst)
			for x := s.cand[c]; x != 0; x &= x - 1 {
				v := bits.TrailingZeros32(x) + 1
				orShl(dst, sg.f[i], sg.w[i]*v-sg.mc[i])
			}
		}
		if !andInto(p.t, sg.f[len(sg.cells)]) {
			return false
		}
	}
	for g := range p.groups {
		sg := &p.groups[g]
		k := len(sg.cells)
		copy(sg.b[k], p.t)
		for i := k - 1; i >= 0; i-- {
			c := sg.cells[i]
			dst := sg.b[i]
			clear(dst)
			var keep uint32
			for x := s.cand[c]; x != 0; x &= x - 1 {
				v := bits.TrailingZeros32(x) + 1
				d := sg.w[i]*v - sg.mc[i]
				if meetsShl(sg.f[i], d, sg.b[i+1]) {
					keep |= x & -x
					orShr(dst, sg.b[i+1], d)
				}
			}
			if !s.narrow(c, s.cand[c]&keep) {
				return false
			}
			andInto(dst, sg.f[i])
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
