package grids

import (
	"math/bits"
)

// bandCount returns the number of bands (h rows of the n digits) whose
// column c holds the digits cols[c] (h of them; each digit in h columns):
// the ordered ways to split the h-regular bipartite graph of digits and
// columns into h perfect matchings, one per row. With two rows left it is
// 2 to the number of cycles of the graph; with more, the sum over the
// first row's matchings. ok is false when the count does not fit 64 bits.
func bandCount(cols [MaxN]uint16, n, h int) (c uint64, ok bool) {
	switch h {
	case 1:
		return 1, true
	case 2:
		k := cycles(&cols, n)
		if k >= 64 {
			return 0, false
		}
		return 1 << k, true
	}
	ok = true
	var rec func(left int, used uint16)
	rec = func(left int, used uint16) {
		if !ok {
			return
		}
		if left == 0 {
			next := cols
			for i := range n {
				next[i] &= 0x7FFF
			}
			v, good := bandCount(next, n, h-1)
			var carry uint64
			c, carry = bits.Add64(c, v, 0)
			if !good || carry != 0 {
				ok = false
			}
			return
		}
		// The column with the fewest digits still free.
		best, bestN := -1, 99
		for i := range n {
			if cols[i]&0x8000 != 0 { // matched this row
				continue
			}
			k := bits.OnesCount16(cols[i] &^ used)
			if k < bestN {
				best, bestN = i, k
			}
		}
		if bestN == 0 {
			return
		}
		m := cols[best] &^ used
		old := cols[best]
		for m != 0 {
			d := m & -m
			m &^= d
			cols[best] = (old &^ d) | 0x8000
			rec(left-1, used|d)
		}
		cols[best] = old
	}
	rec(n, 0)
	if !ok {
		return 0, false
	}
	return c, true
}

// cycles returns the number of cycles of the 2-regular bipartite graph of
// digits and columns (cols[c] holds two digits, each digit is in two
// columns).
func cycles(cols *[MaxN]uint16, n int) int {
	var first [MaxN]int8 // a column of each digit, -1 before
	var parent [MaxN]int8
	for i := range n {
		first[i] = -1
		parent[i] = int8(i)
	}
	find := func(x int8) int8 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	comps := n
	for c := range n {
		m := cols[c] & 0x7FFF
		for m != 0 {
			d := bits.TrailingZeros16(m)
			m &= m - 1
			if first[d] < 0 {
				first[d] = int8(c)
				continue
			}
			a, b := find(first[d]), find(int8(c))
			if a != b {
				parent[a] = b
				comps--
			}
		}
	}
	return comps
}
