package exactcover

import (
	"context"
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

// links is the dancing-links engine (EngineLinks): the nodes and item
// lists above, the options it has applied (a prefix of the options its
// last job chose, see sync), and its search state.
type links struct {
	nd  []node
	it  []item
	col []int32 // live node colors; nil when the problem has none
	// ocol holds the colors as given, per node; nil when there are none.
	ocol []int32

	nItems   int32   // N: item headers are nodes 1..N
	nPrim    int32   // primary items are 1..nPrim
	optStart []int32 // the problem's option starts (shared, read-only)

	// The options applied (chosen), in order; per internal item the
	// 1-based place in applied of the option that took it, or 0; and the
	// updates they made.
	applied    []int32
	taken      []int32
	appliedUpd int64
	// The links of the full problem (nothing applied), saved at the
	// first option applied, so that reset can restore them at once when
	// that is cheaper than undoing the options one by one; read-only once
	// saved, and shared by clones. dirty: the last search stopped with its
	// levels applied (job.keep), which only a restore undoes.
	baseND  []node
	baseIT  []item
	baseCol []int32
	dirty   bool

	// Search state.
	choice []int32  // the node chosen at each level
	rbuf   []int32  // randomized searches: the options of each level, shuffled
	rbase  []int32  // randomized searches: where each level's options start in rbuf
	rpos   []int32  // randomized searches: the index of the option tried at each level
	act    []int32  // the primary items not covered, as a sparse set (see removeActive)
	pos    []int32  // pos[c]: the index of primary item c in act
	cnt    []int32  // counted search: active primary items by option count; nil for the other search
	active []uint64 // counted search: the active primary items as a bitmap
	rng    rng

	// Multiplicities (see multiplicity.go); nil bound for exact cover.
	bound, slack []int32 // per primary item
	ftweak       []int32 // per level: the item's first option when the level began
}

// newLinks builds the links of m, stopping with ctx's error when ctx ends
// (it looks every 65,536 options): a problem of tens of millions of nodes
// takes a second to link.
func newLinks(ctx context.Context, m *spec) (*links, error) {
	n := m.nItems
	nOpt := m.numOptions()
	nNodes := int(n) + 2 + int(m.numEntries()) + int(nOpt)
	l := &links{
		nd:       make([]node, nNodes),
		it:       make([]item, n+2),
		nItems:   n,
		nPrim:    m.nPrim,
		optStart: m.optStart,
	}
	// Item lists: 0 heads the primary items, n+1 the secondary ones.
	link := func(head, first, last int32) {
		prev := head
		for i := first; i <= last; i++ {
			l.it[i].prev = prev
			l.it[prev].next = i
			prev = i
		}
		l.it[prev].next = head
		l.it[head].prev = prev
	}
	link(0, 1, l.nPrim)
	link(n+1, l.nPrim+1, n)
	nd := l.nd
	for i := int32(1); i <= n; i++ {
		nd[i] = node{up: i, down: i}
	}
	if m.optColors != nil {
		l.col = make([]int32, nNodes)
		l.ocol = make([]int32, nNodes)
	}
	// Options, each followed by a spacer.
	q := n + 1 // the spacer before option k
	nd[q] = node{top: 0}
	for k := range nOpt {
		if k&0xffff == 0xffff {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		a, b := m.optStart[k], m.optStart[k+1]
		first := q + 1
		for j := a; j < b; j++ {
			q++
			c := m.item(j)
			u := nd[c].up
			nd[q] = node{up: u, down: c, top: c}
			nd[u].down = q
			nd[c].up = q
			l.it[c].len++
			if m.optColors != nil {
				l.col[q] = m.optColors[j]
				l.ocol[q] = m.optColors[j]
			}
		}
		nd[first-1].down = q // the previous spacer points to this option's last node
		q++
		nd[q] = node{up: first, top: -(k + 1)}
	}
	if m.bounded() {
		l.bound = make([]int32, l.nPrim+1)
		l.slack = make([]int32, l.nPrim+1)
		for c := int32(1); c <= l.nPrim; c++ {
			l.bound[c], l.slack[c] = m.hi[c], m.hi[c]-m.lo[c]
		}
		// Each level takes an option or leaves an item for good.
		l.ftweak = make([]int32, int(l.nPrim)+int(nOpt)+2)
	}
	l.applied = make([]int32, 0, l.nPrim+1) // grows beyond when options of secondary items only are chosen
	l.taken = make([]int32, n+2)
	l.choice = make([]int32, max(int(l.nPrim)+2, len(l.ftweak)))
	l.rbase = make([]int32, l.nPrim+2)
	l.rpos = make([]int32, l.nPrim+2)
	l.rbuf = make([]int32, nOpt+1)
	l.act = make([]int32, l.nPrim+1)
	l.pos = make([]int32, l.nPrim+1)
	maxLen := int32(0)
	for i := int32(1); i <= l.nPrim; i++ {
		maxLen = max(maxLen, l.it[i].len)
	}
	if useCounted(l, maxLen) {
		l.cnt = make([]int32, maxLen+1)
		l.active = make([]uint64, l.nPrim>>6+1)
	}
	return l, nil
}

// useCounted tells whether the search of l keeps its items counted by
// option count (see coverN), given the largest number of options of a
// primary item: for problems without colors or secondary items that have
// many items with short lists, as Sudoku has (324 items of 9 options),
// where finding the branching item is most of the work of a node. Where
// the lists are long, the updates are (pentominoes on 6x10: 20% slower
// when counted).
func useCounted(l *links, maxLen int32) bool {
	return l.col == nil && l.nPrim == l.nItems && l.nPrim >= 8*maxLen
}

// clone returns a copy of l with its own links, in the same state (see
// padded).
func (l *links) clone() engine {
	c := &new(paddedLinks).l
	*c = *l
	c.nd = padded(l.nd, len(l.nd))
	c.it = padded(l.it, len(l.it))
	if l.col != nil {
		c.col = padded(l.col, len(l.col))
	}
	c.applied = append([]int32(nil), l.applied...)
	c.taken = padded(l.taken, len(l.taken))
	c.choice = padded[int32](nil, len(l.choice))
	c.rbase = padded[int32](nil, len(l.rbase))
	c.rpos = padded[int32](nil, len(l.rpos))
	c.rbuf = padded[int32](nil, len(l.rbuf))
	c.act = padded[int32](nil, len(l.act))
	c.pos = padded[int32](nil, len(l.pos))
	if l.cnt != nil {
		c.cnt = padded[int32](nil, len(l.cnt))
		c.active = padded[uint64](nil, len(l.active))
	}
	if l.bound != nil {
		c.bound = padded(l.bound, len(l.bound)) // slack is read-only: shared
		c.ftweak = padded[int32](nil, len(l.ftweak))
	}
	return c
}

// paddedLinks keeps a clone's fields off its neighbours' cache lines.
type paddedLinks struct {
	_ [cacheGuard]byte
	l links
	_ [cacheGuard]byte
}

// bytes returns the memory of the links: the nodes and their saved copy,
// and the search state.
func (l *links) bytes() int64 {
	return bytesOf(l.nd) + bytesOf(l.it) + bytesOf(l.col) + bytesOf(l.ocol) +
		bytesOf(l.applied) + bytesOf(l.taken) + bytesOf(l.baseND) + bytesOf(l.baseIT) +
		bytesOf(l.baseCol) + bytesOf(l.choice) + bytesOf(l.rbuf) + bytesOf(l.rbase) +
		bytesOf(l.rpos) + bytesOf(l.act) + bytesOf(l.pos) + bytesOf(l.cnt) +
		bytesOf(l.active) + bytesOf(l.bound) + bytesOf(l.slack) + bytesOf(l.ftweak)
}

// firstNode returns the first node of option k.
func (l *links) firstNode(k int32) int32 {
	return l.nItems + 2 + l.optStart[k] + k
}

// optionOf returns the option of node q.
func (l *links) optionOf(q int32) int32 {
	nd := l.nd
	for nd[q].top > 0 {
		q--
	}
	return -nd[q].top
}

// sync makes the options applied those of chosen: it undoes the applied
// options that are not a prefix of chosen and applies the rest. The
// options were checked together by Choose (or chosen together by a
// split): they do not clash.
func (l *links) sync(chosen []int32) {
	n := 0
	for n < len(l.applied) && n < len(chosen) && l.applied[n] == chosen[n] {
		n++
	}
	for len(l.applied) > n {
		l.unapply()
	}
	for _, k := range chosen[n:] {
		l.apply(k)
	}
}

// apply covers the items of option k, as a search level covers those of
// the option it tries: a colored item that an applied option gave the
// same color already stays as it is.
func (l *links) apply(k int32) {
	if len(l.applied) == 0 {
		l.saveBase()
	}
	depth := int32(len(l.applied) + 1)
	first := l.firstNode(k)
	last := first + l.optStart[k+1] - l.optStart[k]
	nd := l.nd
	u := int64(0)
	for q := first; q < last; q++ {
		c := nd[q].top
		switch {
		case l.ocol == nil:
			u += cover(nd, l.it, c)
			l.taken[c] = depth
		case l.ocol[q] == 0:
			u += coverC(nd, l.col, l.it, c)
			l.taken[c] = depth
		case l.taken[c] == 0:
			u += purify(nd, l.col, l.it, q)
			l.taken[c] = depth
		}
	}
	l.appliedUpd += u
	l.applied = append(l.applied, k)
}

// unapply undoes the last apply.
func (l *links) unapply() {
	depth := int32(len(l.applied))
	k := l.applied[depth-1]
	l.applied = l.applied[:depth-1]
	first := l.firstNode(k)
	last := first + l.optStart[k+1] - l.optStart[k]
	nd := l.nd
	for q := last - 1; q >= first; q-- {
		c := nd[q].top
		switch {
		case l.ocol == nil:
			uncover(nd, l.it, c)
			l.taken[c] = 0
		case l.ocol[q] == 0:
			uncoverC(nd, l.col, l.it, c)
			l.taken[c] = 0
		case l.taken[c] == depth:
			unpurify(nd, l.col, l.it, q)
			l.taken[c] = 0
		}
	}
}

// saveBase saves the links of the full problem, with nothing applied,
// once.
func (l *links) saveBase() {
	if l.baseND != nil {
		return
	}
	l.baseND = append([]node(nil), l.nd...)
	l.baseIT = append([]item(nil), l.it...)
	if l.col != nil {
		l.baseCol = append([]int32(nil), l.col...)
	}
}

// restoreBase returns the links to the full problem by restoring the
// saved links, whatever options and search levels are still applied.
func (l *links) restoreBase() {
	copy(l.nd, l.baseND)
	copy(l.it, l.baseIT)
	if l.col != nil {
		copy(l.col, l.baseCol)
	}
	clear(l.taken)
	l.applied = l.applied[:0]
	l.appliedUpd = 0
	l.dirty = false
}

// reset returns the links to the full problem.
func (l *links) reset() {
	// Undoing an update costs several times as much as restoring a node
	// (12 bytes copied): restore the saved links when the options made
	// more than a quarter as many updates as there are nodes.
	if l.dirty || (l.baseND != nil && l.appliedUpd*4 > int64(len(l.nd))) {
		l.restoreBase()
		return
	}
	for len(l.applied) > 0 {
		l.unapply()
	}
	l.appliedUpd = 0
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
