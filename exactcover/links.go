package exactcover

import (
	"math/bits"
	"unsafe"
)

// The dancing links live in two flat arrays, as in Knuth's DLX1.
//
// nd holds every node. Nodes 1..N are the item headers (internal item ids:
// the primary items first, in input order, then the secondary ones), node
// N+1 is the first spacer, and then come the options, each one stored as
// consecutive nodes followed by a spacer. An option node's top is its
// item (> 0); a spacer's top is -k, where k is the index of the option that
// follows it (0 for the first spacer). A spacer's up is the first node of
// the option before it and its down the last node of the option after it,
// so that an option can be walked cyclically with q++ and q--.
//
// it holds the item list: it[0] heads the circular list of active primary
// items, it[N+1] that of the secondary items, and it[i].len counts the
// options left in item i's vertical list.

// node is one node of the links.
type node struct {
	up, down, top int32
}

// item is an item's place in the active list and its option count.
type item struct {
	prev, next, len int32
}

// The hot loops index the links through unsafe pointers: every index in
// the links is a node or item number that NewSolver made in range, and the
// bounds checks cost about a fifth of the search time.

// nodeAt returns &nd[i] without a bounds check.
func nodeAt(nd unsafe.Pointer, i int32) *node {
	return (*node)(unsafe.Add(nd, uintptr(i)*unsafe.Sizeof(node{})))
}

// itemAt returns &it[i] without a bounds check.
func itemAt(it unsafe.Pointer, i int32) *item {
	return (*item)(unsafe.Add(it, uintptr(i)*unsafe.Sizeof(item{})))
}

// cover removes item c from the item list and hides every option in its
// vertical list from the other lists. It returns the number of updates
// (1 for the item plus 1 per node taken out of a vertical list).
func cover(nds []node, its []item, c int32) int64 {
	nd, it := unsafe.Pointer(unsafe.SliceData(nds)), unsafe.Pointer(unsafe.SliceData(its))
	ic := itemAt(it, c)
	l, r := ic.prev, ic.next
	itemAt(it, l).next = r
	itemAt(it, r).prev = l
	u := int64(1)
	for rr := nodeAt(nd, c).down; rr != c; rr = nodeAt(nd, rr).down {
		for nn := rr + 1; nn != rr; {
			x := nodeAt(nd, nn)
			up, down, top := x.up, x.down, x.top
			if top <= 0 {
				nn = up
				continue
			}
			nodeAt(nd, up).down = down
			nodeAt(nd, down).up = up
			itemAt(it, top).len--
			u++
			nn++
		}
	}
	return u
}

// uncover undoes cover(nd, it, c).
func uncover(nds []node, its []item, c int32) {
	nd, it := unsafe.Pointer(unsafe.SliceData(nds)), unsafe.Pointer(unsafe.SliceData(its))
	for rr := nodeAt(nd, c).up; rr != c; rr = nodeAt(nd, rr).up {
		for nn := rr - 1; nn != rr; {
			x := nodeAt(nd, nn)
			up, down, top := x.up, x.down, x.top
			if top <= 0 {
				nn = down
				continue
			}
			nodeAt(nd, up).down = nn
			nodeAt(nd, down).up = nn
			itemAt(it, top).len++
			nn--
		}
	}
	ic := itemAt(it, c)
	l, r := ic.prev, ic.next
	itemAt(it, l).next = c
	itemAt(it, r).prev = c
}

// coverOthers covers the items of the option of node p other than p's.
func coverOthers(nd []node, it []item, p int32) int64 {
	u := int64(0)
	for q := p + 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].up
			continue
		}
		u += cover(nd, it, c)
		q++
	}
	return u
}

// uncoverOthers undoes coverOthers(nd, it, p).
func uncoverOthers(nd []node, it []item, p int32) {
	for q := p - 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].down
			continue
		}
		uncover(nd, it, c)
		q--
	}
}

// The search also keeps the primary items that are not covered in a
// sparse set (act[:n], with pos[c] the index of item c in act), so that the
// branching item is found by a scan of a flat array, without chasing the
// item list's links and without a hard-to-predict branch per item (see
// minActive). Removing an item swaps it to the end of act[:n] and shortens
// the set; since items are restored in the reverse order of their
// removal, restoring one is lengthening the set again. The order of act
// is not the item order: ties are broken by the item id, which is the
// order of the item list.

// removeActive removes primary item c from the set act[:n] and returns the
// new size.
func removeActive(act, pos []int32, n, c int32) int32 {
	ap, pp := unsafe.Pointer(unsafe.SliceData(act)), unsafe.Pointer(unsafe.SliceData(pos))
	n--
	i := *int32At(pp, c)
	last := *int32At(ap, n)
	*int32At(ap, i) = last
	*int32At(pp, last) = i
	*int32At(ap, n) = c
	*int32At(pp, c) = n
	return n
}

// int32At returns &a[i] without a bounds check.
func int32At(a unsafe.Pointer, i int32) *int32 {
	return (*int32)(unsafe.Add(a, uintptr(i)*4))
}

// coverOthersA is coverOthers that also removes the primary items it
// covers (internal ids up to nPrim) from the set act[:n]. It returns the
// updates and the new size of the set.
func coverOthersA(nd []node, it []item, p, nPrim int32, act, pos []int32, n int32) (int64, int32) {
	u := int64(0)
	for q := p + 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].up
			continue
		}
		u += cover(nd, it, c)
		if c <= nPrim {
			n = removeActive(act, pos, n, c)
		}
		q++
	}
	return u, n
}

// uncoverOthersA undoes coverOthersA: it returns the number of primary
// items it uncovered, by which the set grows back.
func uncoverOthersA(nd []node, it []item, p, nPrim int32) int32 {
	k := int32(0)
	for q := p - 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].down
			continue
		}
		uncover(nd, it, c)
		if c <= nPrim {
			k++
		}
		q--
	}
	return k
}

// minActive returns the item of the nonempty set act with the fewest
// options, the one with the lowest id among ties (the first in the item
// list, as DLX1 chooses), and its option count. It takes the minimum of
// (count, id) keys without a branch per item, in two running minima that
// halve the chain of dependent comparisons.
func minActive(its []item, act []int32) (best, t int32) {
	it := unsafe.Pointer(unsafe.SliceData(its))
	m0, m1 := uint64(1<<63), uint64(1<<63)
	i := 0
	for ; i+1 < len(act); i += 2 {
		k0, k1 := act[i], act[i+1]
		m0 = min(m0, uint64(itemAt(it, k0).len)<<32|uint64(k0))
		m1 = min(m1, uint64(itemAt(it, k1).len)<<32|uint64(k1))
	}
	if i < len(act) {
		k := act[i]
		m0 = min(m0, uint64(itemAt(it, k).len)<<32|uint64(k))
	}
	m := min(m0, m1)
	return int32(uint32(m)), int32(m >> 32)
}

// The counted search, for problems without secondary items or colors,
// also keeps cnt[l], the number of primary items not covered that have l
// options, and the same items as a bitmap (bit c of active for item c).
// The fewest options left is then the first l with cnt[l] > 0, and the
// branching item the first set bit whose item has that many: a walk of
// the bitmap in item order that stops there, instead of a scan of every
// active item. Without secondary items every item in an option is
// primary, and an item's count does not change while it is covered.

// coverN is cover for the counted search.
func coverN(nds []node, its []item, c int32, cnt []int32, active []uint64) int64 {
	nd, it := unsafe.Pointer(unsafe.SliceData(nds)), unsafe.Pointer(unsafe.SliceData(its))
	cp := unsafe.Pointer(unsafe.SliceData(cnt))
	ic := itemAt(it, c)
	l, r := ic.prev, ic.next
	itemAt(it, l).next = r
	itemAt(it, r).prev = l
	*int32At(cp, ic.len)--
	active[c>>6] &^= 1 << (c & 63)
	u := int64(1)
	for rr := nodeAt(nd, c).down; rr != c; rr = nodeAt(nd, rr).down {
		for nn := rr + 1; nn != rr; {
			x := nodeAt(nd, nn)
			up, down, top := x.up, x.down, x.top
			if top <= 0 {
				nn = up
				continue
			}
			nodeAt(nd, up).down = down
			nodeAt(nd, down).up = up
			y := itemAt(it, top)
			n := y.len - 1
			y.len = n
			*int32At(cp, n+1)--
			*int32At(cp, n)++
			u++
			nn++
		}
	}
	return u
}

// uncoverN undoes coverN(nd, it, c, cnt, active).
func uncoverN(nds []node, its []item, c int32, cnt []int32, active []uint64) {
	nd, it := unsafe.Pointer(unsafe.SliceData(nds)), unsafe.Pointer(unsafe.SliceData(its))
	cp := unsafe.Pointer(unsafe.SliceData(cnt))
	for rr := nodeAt(nd, c).up; rr != c; rr = nodeAt(nd, rr).up {
		for nn := rr - 1; nn != rr; {
			x := nodeAt(nd, nn)
			up, down, top := x.up, x.down, x.top
			if top <= 0 {
				nn = down
				continue
			}
			nodeAt(nd, up).down = nn
			nodeAt(nd, down).up = nn
			y := itemAt(it, top)
			n := y.len
			y.len = n + 1
			*int32At(cp, n)--
			*int32At(cp, n+1)++
			nn--
		}
	}
	ic := itemAt(it, c)
	l, r := ic.prev, ic.next
	itemAt(it, l).next = c
	itemAt(it, r).prev = c
	*int32At(cp, ic.len)++
	active[c>>6] |= 1 << (c & 63)
}

// coverOthersN is coverOthers for the counted search.
func coverOthersN(nd []node, it []item, p int32, cnt []int32, active []uint64) int64 {
	u := int64(0)
	for q := p + 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].up
			continue
		}
		u += coverN(nd, it, c, cnt, active)
		q++
	}
	return u
}

// uncoverOthersN undoes coverOthersN(nd, it, p, cnt, active).
func uncoverOthersN(nd []node, it []item, p int32, cnt []int32, active []uint64) {
	for q := p - 1; q != p; {
		c := nd[q].top
		if c <= 0 {
			q = nd[q].down
			continue
		}
		uncoverN(nd, it, c, cnt, active)
		q--
	}
}

// firstWithLen returns the first item of the bitmap active, in item order,
// that has l options; there must be one.
func firstWithLen(its []item, active []uint64, l int32) int32 {
	it := unsafe.Pointer(unsafe.SliceData(its))
	for w, word := range active {
		for word != 0 {
			k := int32(w<<6 | bits.TrailingZeros64(word))
			if itemAt(it, k).len == l {
				return k
			}
			word &= word - 1
		}
	}
	return 0
}
