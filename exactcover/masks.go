package exactcover

import (
	"context"
	"math/bits"
	"unsafe"
)

// The mask layout of the cells engine (EngineCells on a problem that
// masksFit): the same search as the dancing cells (cells_search.go), with
// each item's set of options kept as a 64-bit mask instead of a segment of
// cells. Sudoku-shaped problems (many items, each in a few options, no
// colors) spend their time removing options from sets: in the cells that
// is nine memory accesses (the item's position and size, two cells, two
// nodes' locations), here it is one word read and written. A set's size is
// the mask's population count, and saving a level saves the active
// items' masks.
//
// Item x (an internal id, 1..nItems, primary first as in the spec) has
// the options of its list (its entries in option order) as bits 0..63 of
// live[x]: bit b of x stands for its b-th option, whose entries start at
// node start[off[x]+b] and whose index is opt[off[x]+b]. An option's
// entries are consecutive nodes followed by a node whose item is 0; a
// node holds its item and the option's bit in that item.
//
// act lists the items still to be dealt with, act[:active] the active
// ones (primary items not covered, secondary items not covered), as in
// the cells; pos[x] is x's place in act.

// mnode is one entry of an option in the mask layout.
type mnode struct {
	itm int32 // the item (an internal id); 0 ends the option
	bit int32 // the option's bit in the item's mask
}

// msave is one entry of the mask layout's save stack.
type msave struct {
	live uint64
	itm  int32
}

// maskCells is the cells engine's memory in the mask layout.
type maskCells struct {
	nd    []mnode  // the options' entries, each option ended by a node of item 0
	start []int32  // per item and bit: the option's first node
	opt   []int32  // per item and bit: the option
	off   []int32  // per internal item id: where its bits start in start and opt
	first []int32  // per option: its first node
	nPrim int32    // items 1..nPrim are primary
	live  []uint64 // per internal item id: its options left
	pos   []int32  // per internal item id: its place in act
	act   []int32  // the items, act[:active] the active ones

	// Search state.
	save  []msave
	saved []int32  // per level: where its saves start in save
	best  []int32  // per level: the item branched on
	left  []uint64 // per level: the options of best not tried yet
	taken []int32  // per level: the option taken
	force []int32  // items found with one option left
	rng   rng
}

// masksMaxDegree is the most options an item may have in the mask layout.
const masksMaxDegree = 64

// masksFit reports whether the cells engine takes the mask layout for m:
// no colors, no item bounds, and every item in at most 64 options.
func masksFit(m *spec) bool {
	if m.optColors != nil || m.bounded() {
		return false
	}
	for _, n := range m.length {
		if n > masksMaxDegree {
			return false
		}
	}
	return true
}

// newMaskCells builds the mask layout of m, which masksFit.
func newMaskCells(m *spec) *maskCells {
	n, nPrim := m.nItems, m.nPrim
	nOpt := m.numOptions()
	c := &maskCells{
		nd:    make([]mnode, m.numEntries()+nOpt),
		start: make([]int32, m.numEntries()),
		opt:   make([]int32, m.numEntries()),
		off:   make([]int32, n+2),
		first: make([]int32, nOpt),
		nPrim: nPrim,
		live:  make([]uint64, n+1),
		pos:   make([]int32, n+1),
		act:   make([]int32, n),
		force: make([]int32, 0, n+1),
		saved: make([]int32, nPrim+3),
		best:  make([]int32, nPrim+2),
		left:  make([]uint64, nPrim+2),
		taken: make([]int32, nPrim+2),
		// The full problem's masks, then at most the active items of
		// each level; it grows on demand beyond this.
		save: make([]msave, 0, int(n)*min(int(nPrim)+2, 64)),
	}
	for x := int32(1); x <= n; x++ {
		c.off[x+1] = c.off[x] + m.length[x]
		c.act[x-1] = x
		c.pos[x] = x - 1
	}
	q := int32(0)
	for k := range nOpt {
		c.first[k] = q
		for j := m.optStart[k]; j < m.optStart[k+1]; j++ {
			x := m.item(j)
			b := int32(bits.OnesCount64(c.live[x]))
			c.live[x] |= 1 << b
			c.start[c.off[x]+b] = c.first[k]
			c.opt[c.off[x]+b] = k
			c.nd[q] = mnode{itm: x, bit: b}
			q++
		}
		q++ // nd[q] is {0, 0}: the end of the option
	}
	return c
}

// clone returns a copy of c with its own search state, padded as the
// links' clones are (see padded). The option tables are shared.
func (c *maskCells) clone() engine {
	d := *c
	d.live = padded(c.live, len(c.live))
	d.pos = padded(c.pos, len(c.pos))
	d.act = padded(c.act, len(c.act))
	d.save = padded[msave](nil, cap(c.save))[:0]
	d.saved = padded[int32](nil, len(c.saved))
	d.best = padded[int32](nil, len(c.best))
	d.left = padded[uint64](nil, len(c.left))
	d.taken = padded[int32](nil, len(c.taken))
	d.force = padded[int32](nil, cap(c.force))[:0]
	return &d
}

// bytes returns the memory of the mask layout.
func (c *maskCells) bytes() int64 {
	return bytesOf(c.nd) + bytesOf(c.start) + bytesOf(c.opt) + bytesOf(c.off) + bytesOf(c.first) +
		bytesOf(c.live) + bytesOf(c.pos) + bytesOf(c.act) + bytesOf(c.save) + bytesOf(c.saved) +
		bytesOf(c.best) + bytesOf(c.left) + bytesOf(c.taken) + bytesOf(c.force)
}

// mnodeAt returns &nd[i] without a bounds check.
func mnodeAt(nd unsafe.Pointer, i int32) *mnode {
	return (*mnode)(unsafe.Add(nd, uintptr(i)*unsafe.Sizeof(mnode{})))
}

// uint64At returns &a[i] without a bounds check.
func uint64At(a unsafe.Pointer, i int32) *uint64 {
	return (*uint64)(unsafe.Add(a, uintptr(i)*8))
}

// hide removes the options of the inactive item x's set from the sets of
// their other items. With check, it stops and reports false when a
// primary item still active (position below active) loses its last
// option, and pushes on c.force the primary items left with one. It
// returns the updates.
//
// Every option of x's set is still in the sets of its other items: those
// are active, or made inactive by the option being taken, whose other
// items' sets hide clears in turn (an option taken from a branching item
// left their sets when that item was hidden, and an option that shares
// two of them leaves the second's set with the first's). So each entry
// met is one update, as in the cells, where the test is the item's
// position.
func (c *maskCells) hide(x int32, check bool, active int32) (int64, bool) {
	live := unsafe.Pointer(unsafe.SliceData(c.live))
	nd := unsafe.Pointer(unsafe.SliceData(c.nd))
	start := unsafe.Pointer(unsafe.SliceData(c.start))
	nPrim := c.nPrim
	u := int64(0)
	off := c.off[x]
	for m := *uint64At(live, x); m != 0; m &= m - 1 {
		q := *int32At(start, off+int32(bits.TrailingZeros64(m)))
		for ; ; q++ {
			y := *mnodeAt(nd, q)
			if y.itm == x {
				continue
			}
			if y.itm == 0 {
				break
			}
			p := uint64At(live, y.itm)
			w := *p &^ (1 << uint(y.bit))
			*p = w
			u++
			if w&(w-1) == 0 && check && y.itm <= nPrim {
				if w != 0 {
					c.force = append(c.force, y.itm)
				} else if c.pos[y.itm] < active {
					return u, false
				}
			}
		}
	}
	return u, true
}

// deactivate removes the active item x from act[:n] and returns n-1.
func (c *maskCells) deactivate(x, n int32) int32 {
	n--
	p := c.pos[x]
	y := c.act[n]
	c.act[n], c.act[p] = x, y
	c.pos[x], c.pos[y] = n, p
	return n
}

// commit takes the option whose entries start at node q0: it removes its
// items other than skip (the item branched on, already inactive) from the
// active list act[:active] and hides their options (with check, as hide).
// It returns the new number of active items, the updates, and false when
// some primary item is left without options.
func (c *maskCells) commit(q0, skip, active int32, check bool) (int32, int64, bool) {
	nd := unsafe.Pointer(unsafe.SliceData(c.nd))
	u := int64(0)
	for q := q0; ; q++ {
		v := mnodeAt(nd, q).itm
		if v == 0 {
			break
		}
		if v != skip {
			active = c.deactivate(v, active)
			u++
		}
	}
	for q := q0; ; q++ {
		v := mnodeAt(nd, q).itm
		if v == 0 {
			break
		}
		if v != skip {
			w, ok := c.hide(v, check, active)
			u += w
			if !ok {
				return active, u, false
			}
		}
	}
	return active, u, true
}

// saveMasks pushes the items of act[:active] and their masks on the save
// stack.
func (c *maskCells) saveMasks(active int32) {
	for _, x := range c.act[:active] {
		c.save = append(c.save, msave{live: c.live[x], itm: x})
	}
}

// restore restores the masks saved in save[from:to] and returns the
// number of items saved, which is the number of active items when they
// were.
func (c *maskCells) restore(from, to int32) int32 {
	live := c.live
	for _, e := range c.save[from:to] {
		live[e.itm] = e.live
	}
	return to - from
}

// run is the cells engine's search (cells.run) in the mask layout: the
// same choices (a forced item when there is one, otherwise the primary
// item with the fewest options, the first in item order on ties), the
// same statistics, the options of an item tried in the order of its list
// (or in random order when j.seed is nonzero). It leaves the masks as it
// found them.
func (c *maskCells) run(ctx context.Context, j *job) (err error) {
	limit, progress, visit := j.limit, j.progress, j.visit
	live := unsafe.Pointer(unsafe.SliceData(c.live))
	act := c.act
	saved, bestAt, left, taken := c.saved, c.best, c.left, c.taken
	nPrim := c.nPrim
	random := j.seed != 0
	if random {
		c.rng = rng(j.seed)
	}
	clk := newClock(ctx, cellsPollMask(len(c.act)), j.budget)
	next := clk.next
	var nodes, updates, count int64
	var level int
	var best, t int32

	// The full problem's masks, restored at the end; then the chosen
	// options, which are not counted.
	active := int32(len(c.act))
	c.save = c.save[:0]
	c.force = c.force[:0]
	c.saveMasks(active)
	base := int32(len(c.save))
	for _, k := range j.chosen {
		active, _, _ = c.commit(c.first[k], 0, active, false)
	}
	saved[0] = base

	if err = ctx.Err(); err != nil {
		goto finish
	}

forward:
	nodes++
	if nodes >= next {
		var report bool
		report, err = clk.tick(nodes)
		next = clk.next
		if err != nil {
			if err == ErrNodeBudget {
				nodes--
			}
			goto finish
		}
		if report && progress != nil {
			progress(Stats{Nodes: nodes, Updates: updates, Solutions: count, Fraction: c.fraction(level)})
		}
	}
	c.save = c.save[:saved[level]]
	best = 0
	for n := len(c.force); n > 0; {
		n--
		x := c.force[n]
		c.force = c.force[:n]
		if c.pos[x] < active {
			best, t = x, 1
			break
		}
	}
	if best == 0 {
		key := uint64(1<<63 - 1)
		for _, x := range act[:active] {
			if x <= nPrim {
				key = min(key, uint64(bits.OnesCount64(*uint64At(live, x)))<<32|uint64(x))
			}
		}
		if key == 1<<63-1 { // no primary item left: a solution
			count++
			if (visit != nil && !visit(level)) || count == limit {
				goto finish
			}
			goto backup
		}
		best, t = int32(uint32(key)), int32(key>>32)
		if t == 0 {
			goto backup
		}
	}
	active = c.deactivate(best, active)
	updates++
	{
		u, _ := c.hide(best, false, active)
		updates += u
	}
	if t > 1 {
		c.saveMasks(active)
	}
	saved[level+1] = int32(len(c.save))
	bestAt[level] = best
	left[level] = c.live[best]

advance:
	{
		m := left[level]
		if random {
			for i := c.rng.intn(uint64(bits.OnesCount64(m))); i > 0; i-- {
				m &= m - 1
			}
		}
		b := int32(bits.TrailingZeros64(m))
		left[level] &^= 1 << uint(b)
		i := c.off[best] + b
		taken[level] = c.opt[i]
		a, u, ok := c.commit(c.start[i], best, active, true)
		updates += u
		if !ok {
			c.force = c.force[:0]
			goto abort
		}
		active = a
	}
	level++
	goto forward

backup:
	if level == 0 {
		goto finish
	}
	level--
	best = bestAt[level]

abort:
	if left[level] == 0 {
		goto backup
	}
	active = c.restore(saved[level], saved[level+1])
	goto advance

finish:
	clk.flush(nodes)
	c.restore(0, base)
	c.save = c.save[:0]
	c.force = c.force[:0]
	j.stats = Stats{Nodes: nodes, Updates: updates, Solutions: count}
	return err
}

// fraction is links.fraction for the mask layout.
func (c *maskCells) fraction(depth int) float64 {
	f, w := 0.0, 1.0
	for l := range depth {
		all := c.live[c.best[l]]
		t := bits.OnesCount64(all)
		if t == 0 {
			break
		}
		w /= float64(t)
		f += float64(bits.OnesCount64(all&^c.left[l])-1) * w
	}
	return f + w/2
}

// path appends the options of the first depth levels of the search to dst.
func (c *maskCells) path(dst []int, depth int) []int {
	for _, k := range c.taken[:depth] {
		dst = append(dst, int(k))
	}
	return dst
}
