package exactcover

import (
	"context"
	"math/bits"
	"unsafe"
)

// The mask layout of the cells engine (EngineCells on a problem that
// masksFit): the search of the dancing cells (cells_search.go), with each
// item's set of options kept as a mask instead of a segment of cells (16,
// 32 or 64 bits, the fewest that hold the most options of an item), and
// the active items as a bitset instead of a list. Sudoku-shaped problems
// (many items, each in a few options, no colors) spend their time removing
// options from sets and items from the active list: in the cells that is
// six words touched (the item's position and size, two cells, two nodes'
// locations) and four more, here one word read and written each. A set's
// size is its mask's population count; a branching level saves all the
// masks and the active bitset by one copy each (see docs/exactcover.md,
// "Sudoku-shaped problems", for what each choice gave).
//
// Item x (an internal id, 1..nItems, primary first as in the spec) has
// the options of its list (in option order) as the bits of live[x]:
// bit b of x stands for its b-th option, opt[off[x]+b], whose entry for x
// is node self[off[x]+b]. An option's entries are consecutive nodes
// followed by a spacer, a node of item 0 whose bit is minus the option's
// length (the spacer's index plus it is the option's first node); a node
// holds its item and the option's bit in that item. first[k] is the
// first node of option k.
//
// on has bit x set when item x is active (a primary item not covered, a
// secondary item not covered).

// mnode is one entry of an option in the mask layout.
type mnode struct {
	itm int32 // the item (an internal id); 0 for a spacer
	bit int32 // the option's bit in the item's mask; a spacer's: minus the option's length
}

// maskWord is the type of an item's mask.
type maskWord interface{ ~uint16 | ~uint32 | ~uint64 }

// maskCells is the cells engine's memory in the mask layout.
type maskCells[W maskWord] struct {
	nd    []mnode  // the options' entries, each option followed by a spacer
	self  []int32  // per item and bit: the option's node of the item
	opt   []int32  // per item and bit: the option
	off   []int32  // per internal item id: where its bits start in self and opt
	first []int32  // per option: its first node
	nPrim int32    // items 1..nPrim are primary
	live  []W      // per internal item id: its options left
	on    []uint64 // the active items, bit x of word x/64 for item x

	// Search state.
	saveLive []W      // the live masks saved: the full problem's, then one per branching level
	saveOn   []uint64 // the active bitsets saved with them
	saved    []int32  // per level: the index of the state it saves (the full problem's is 0)
	best     []int32  // per level: the item branched on
	left     []W      // per level: the options of best not tried yet
	takenAt  []int32  // per level: the options in taken before the one it takes
	levels   int      // the levels of the search when it last called visit or progress
	taken    []int32  // the options taken, forced or not, in order
	force    []int32  // items found with one option left
	low      []int32  // the items left with one option or none by hiding the items branched on
	lowAt    []int32  // per level: where its items start in low
	// multi counts the active primary items with two options or more;
	// multiAt saves it per level. When it is 0 and no item on the force
	// stack has no option left, the items left are covered by their one
	// option each: a solution (on problems without secondary items, see
	// run).
	multi   int32
	multiAt []int32
	exact   bool // no secondary items
	rng     rng
}

// masksMaxDegree is the most options an item may have in the mask layout.
const masksMaxDegree = 64

// masksFit reports whether the cells engine takes the mask layout for m:
// no colors, no item bounds, and every item in at most 64 options.
func masksFit(m *spec) bool {
	return m.optColors == nil && !m.bounded() && m.maxLength <= masksMaxDegree
}

// newMaskCells builds the mask layout of m, which masksFit, with the
// narrowest masks that hold its items' options.
func newMaskCells(m *spec) engine {
	switch maskBytes(m.maxLength) {
	case 2:
		return newMasks[uint16](m)
	case 4:
		return newMasks[uint32](m)
	}
	return newMasks[uint64](m)
}

// maskBytes returns the size of the masks of items with at most n options.
func maskBytes(n int32) int {
	switch {
	case n <= 16:
		return 2
	case n <= 32:
		return 4
	}
	return 8
}

// newMasks builds the mask layout of m with masks of type W.
func newMasks[W maskWord](m *spec) *maskCells[W] {
	n, nPrim := m.nItems, m.nPrim
	nOpt := m.numOptions()
	words := int(n)/64 + 1
	c := &maskCells[W]{
		nd:      make([]mnode, m.numEntries()+nOpt),
		self:    make([]int32, m.numEntries()),
		opt:     make([]int32, m.numEntries()),
		off:     make([]int32, n+2),
		first:   make([]int32, nOpt),
		nPrim:   nPrim,
		force:   make([]int32, 0, n+1),
		saved:   make([]int32, nPrim+3),
		low:     make([]int32, 0, n+1),
		lowAt:   make([]int32, nPrim+3),
		multiAt: make([]int32, nPrim+3),
		exact:   nPrim == n,
		best:    make([]int32, nPrim+2),
		left:    make([]W, nPrim+2),
		takenAt: make([]int32, nPrim+2),
		taken:   make([]int32, 0, nPrim+2),
		live:    make([]W, n+1),
		on:      make([]uint64, words),
	}
	// The full problem's state, then one per branching level; they grow
	// on demand beyond this.
	levels := min(int(nPrim)+3, 64)
	c.saveLive = make([]W, 0, len(c.live)*levels)
	c.saveOn = make([]uint64, 0, len(c.on)*levels)
	for x := int32(1); x <= n; x++ {
		c.off[x+1] = c.off[x] + m.length[x]
		c.on[x/64] |= 1 << (x % 64)
	}
	q := int32(0)
	for k := range nOpt {
		c.first[k] = q
		for j := m.optStart[k]; j < m.optStart[k+1]; j++ {
			x := m.item(j)
			b := int32(bits.OnesCount64(uint64(c.live[x])))
			c.live[x] |= 1 << b
			c.self[c.off[x]+b] = q
			c.opt[c.off[x]+b] = k
			c.nd[q] = mnode{itm: x, bit: b}
			q++
		}
		c.nd[q] = mnode{bit: c.first[k] - q}
		q++
	}
	return c
}

// clone returns a copy of c with its own search state, padded as the
// links' clones are (see padded). The option tables are shared.
func (c *maskCells[W]) clone() engine {
	d := *c
	d.live = padded(c.live, len(c.live))
	d.on = padded(c.on, len(c.on))
	d.saveLive = padded[W](nil, cap(c.saveLive))[:0]
	d.saveOn = padded[uint64](nil, cap(c.saveOn))[:0]
	d.saved = padded[int32](nil, len(c.saved))
	d.low = padded[int32](nil, cap(c.low))[:0]
	d.lowAt = padded[int32](nil, len(c.lowAt))
	d.multiAt = padded[int32](nil, len(c.multiAt))
	d.best = padded[int32](nil, len(c.best))
	d.left = padded[W](nil, len(c.left))
	d.takenAt = padded[int32](nil, len(c.takenAt))
	d.taken = padded[int32](nil, cap(c.taken))[:0]
	d.force = padded[int32](nil, cap(c.force))[:0]
	return &d
}

// bytes returns the memory of the mask layout.
func (c *maskCells[W]) bytes() int64 {
	return bytesOf(c.nd) + bytesOf(c.self) + bytesOf(c.opt) + bytesOf(c.off) + bytesOf(c.first) +
		bytesOf(c.live) + bytesOf(c.on) + bytesOf(c.saveLive) + bytesOf(c.saveOn) + bytesOf(c.saved) +
		bytesOf(c.best) + bytesOf(c.left) + bytesOf(c.takenAt) + bytesOf(c.taken) + bytesOf(c.force) + bytesOf(c.low) + bytesOf(c.lowAt) + bytesOf(c.multiAt)
}

// mnodeAt returns &nd[i] without a bounds check.
func mnodeAt(nd unsafe.Pointer, i int32) *mnode {
	return (*mnode)(unsafe.Add(nd, uintptr(i)*unsafe.Sizeof(mnode{})))
}

// uint64At returns &a[i] without a bounds check.
func uint64At(a unsafe.Pointer, i int32) *uint64 {
	return (*uint64)(unsafe.Add(a, uintptr(i)*8))
}

// wordAt returns &a[i] without a bounds check.
func wordAt[W maskWord](a unsafe.Pointer, i int32) *W {
	var w W
	return (*W)(unsafe.Add(a, uintptr(i)*unsafe.Sizeof(w)))
}

// isOn reports whether item x is active.
func (c *maskCells[W]) isOn(x int32) bool {
	return c.on[x>>6]&(1<<uint(x&63)) != 0
}

// hide removes the options of the inactive item x's set from the sets of
// their other items, each entry met one update (see below), and pushes on
// c.low the primary items it leaves with one option or none. It returns
// the updates.
//
// Every option of x's set is still in the sets of its other items: those
// are active, or made inactive by the option being taken (take), whose
// sets were not cleared of it yet (an option that shares two of them
// leaves the second's set when the first's options are hidden, and the
// option taken left their sets when the item branched on was hidden). So
// a bit cleared is always a bit set, as an entry the cells meet at an
// item they test active is an update.
func (c *maskCells[W]) hide(x int32) int64 {
	live := unsafe.Pointer(unsafe.SliceData(c.live))
	nd := unsafe.Pointer(unsafe.SliceData(c.nd))
	self := unsafe.Pointer(unsafe.SliceData(c.self))
	nPrim := c.nPrim
	u := int64(0)
	off := c.off[x]
	for m := *wordAt[W](live, x); m != 0; m &= m - 1 {
		s := *int32At(self, off+int32(bits.TrailingZeros64(uint64(m))))
		for q := s + 1; q != s; q++ {
			y := *mnodeAt(nd, q)
			if y.itm == 0 {
				q += y.bit - 1
				continue
			}
			p := wordAt[W](live, y.itm)
			w := *p &^ (1 << uint(y.bit))
			*p = w
			u++
			if w&(w-1) == 0 && y.itm <= nPrim {
				c.low = append(c.low, y.itm)
				if w != 0 {
					c.multi--
				}
			}
		}
	}
	return u
}

// take takes the option of node t, whose item is inactive and hidden:
// it makes the option's other items inactive and hides them. With check,
// it stops and reports false when a primary item still active loses its
// last option, pushes on c.force the primary items left with one, and
// keeps c.multi. It returns the updates.
func (c *maskCells[W]) take(t int32, check bool) (int64, bool) {
	nd := unsafe.Pointer(unsafe.SliceData(c.nd))
	on := unsafe.Pointer(unsafe.SliceData(c.on))
	live := unsafe.Pointer(unsafe.SliceData(c.live))
	nPrim := c.nPrim
	u := int64(0)
	for q := t + 1; q != t; q++ {
		v := mnodeAt(nd, q).itm
		if v == 0 {
			q += mnodeAt(nd, q).bit - 1
			continue
		}
		*uint64At(on, v>>6) &^= 1 << uint(v&63)
		if w := *wordAt[W](live, v); w&(w-1) != 0 && v <= nPrim {
			c.multi--
		}
		u++
	}
	// hide(v) for each, written out.
	self := unsafe.Pointer(unsafe.SliceData(c.self))
	off := unsafe.Pointer(unsafe.SliceData(c.off))
	for r := t + 1; r != t; r++ {
		v := mnodeAt(nd, r).itm
		if v == 0 {
			r += mnodeAt(nd, r).bit - 1
			continue
		}
		o := *int32At(off, v)
		for m := *wordAt[W](live, v); m != 0; m &= m - 1 {
			s := *int32At(self, o+int32(bits.TrailingZeros64(uint64(m))))
			for q := s + 1; q != s; q++ {
				y := *mnodeAt(nd, q)
				if y.itm == 0 {
					q += y.bit - 1
					continue
				}
				p := wordAt[W](live, y.itm)
				w := *p &^ (1 << uint(y.bit))
				*p = w
				u++
				if w&(w-1) == 0 && check && y.itm <= nPrim {
					isOn := *uint64At(on, y.itm>>6)&(1<<uint(y.itm&63)) != 0
					if w != 0 {
						c.force = append(c.force, y.itm)
						if isOn {
							c.multi--
						}
					} else if isOn {
						return u, false
					}
				}
			}
		}
	}
	return u, true
}

// save pushes the state (the masks and the active bitset) as the i-th
// saved.
func (c *maskCells[W]) save(i int32) {
	c.saveLive = append(c.saveLive[:int(i)*len(c.live)], c.live...)
	c.saveOn = append(c.saveOn[:int(i)*len(c.on)], c.on...)
}

// restore restores the i-th state saved.
func (c *maskCells[W]) restore(i int32) {
	copy(c.live, c.saveLive[int(i)*len(c.live):])
	copy(c.on, c.saveOn[int(i)*len(c.on):])
}

// run is the cells engine's search (cells.run) in the mask layout: the
// same choices (a forced item when there is one, otherwise the primary
// item with the fewest options, the first in item order on ties), the
// same statistics (but a count without secondary items ends at a node
// where every item left has one option), the options of an item tried in
// the order of its list (or in random order when j.seed is nonzero). It
// leaves the masks as it found them.
//
// A level here is a branching item with two options or more; the forced
// moves that follow the option it takes are made in a loop of their own,
// each counted as a node as in the cells, and need no level: backtracking
// restores the state saved by the branching level above them. taken holds
// the options taken, forced or not, in order: visit gets its length.
func (c *maskCells[W]) run(ctx context.Context, j *job) (err error) {
	limit, progress, visit := j.limit, j.progress, j.visit
	live := unsafe.Pointer(unsafe.SliceData(c.live))
	on := c.on
	saved, bestAt, left, takenAt, lowAt := c.saved, c.best, c.left, c.takenAt, c.lowAt
	// The words of on that hold primary items, the last one masked.
	primWords := int(c.nPrim)/64 + 1
	lastPrim := uint64(1)<<(uint(c.nPrim)%64+1) - 1
	random := j.seed != 0
	if random {
		c.rng = rng(j.seed)
	}
	clk := newClock(ctx, cellsPollMask(len(c.live)), j.budget)
	next := clk.next
	var nodes, updates, count int64
	var level int
	var best, t int32
	// The full problem's state, restored at the end; then the chosen
	// options, which are not counted.
	c.save(0)
	c.force = c.force[:0]
	c.taken = c.taken[:0]
	for _, k := range j.chosen {
		f := c.first[k]
		x := c.nd[f].itm
		c.on[x>>6] &^= 1 << uint(x&63)
		c.hide(x)
		c.take(f, false)
	}
	saved[0] = 1
	// The active primary items left with one option or none, for the
	// first forced moves, and those with more (multi).
	c.multi = 0
	for i, w := range on[:primWords] {
		if i == primWords-1 {
			w &= lastPrim
		}
		for ; w != 0; w &= w - 1 {
			x := int32(i*64 + bits.TrailingZeros64(w))
			if m := c.live[x]; m&(m-1) == 0 {
				c.force = append(c.force, x)
			} else {
				c.multi++
			}
		}
	}
	c.low = c.low[:0]
	lowAt[0] = 0
	// Counting without the path of each solution, on a problem without
	// secondary items, the search stops at a node where every item left
	// has one option (multi is 0).
	shortcut := visit == nil && c.exact

	if err = ctx.Err(); err != nil {
		goto finish
	}

forward:
	// The forced moves: each a node.
	for n := len(c.force); n > 0; {
		n--
		x := c.force[n]
		if !c.isOn(x) {
			continue
		}
		c.force = c.force[:n]
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
				c.levels = level
				progress(Stats{Nodes: nodes, Updates: updates, Solutions: count, Fraction: c.fraction(len(c.taken))})
			}
		}
		w := c.live[x]
		if w == 0 {
			goto backup
		}
		if shortcut && c.multi == 0 {
			// Every active item has one option or none, and those with
			// none are on the force stack. Each option left is in the
			// sets of all its items (hiding an option takes it out of
			// all of them at once), so when none is empty the options
			// left cover each item once: a solution.
			for _, y := range c.force[:n] {
				if c.isOn(y) && c.live[y] == 0 {
					goto backup
				}
			}
			count++
			if count == limit {
				goto finish
			}
			goto backup
		}
		// Take its option: take clears it from its items' sets (and
		// from x's), as hiding x would, with as many updates.
		on[x>>6] &^= 1 << uint(x&63)
		updates++
		i := c.off[x] + int32(bits.TrailingZeros64(uint64(w)))
		c.taken = append(c.taken, c.opt[i])
		u, ok := c.take(c.self[i], true)
		updates += u
		if !ok {
			goto backup
		}
		n = len(c.force)
	}
	c.force = c.force[:0]
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
			c.levels = level
			progress(Stats{Nodes: nodes, Updates: updates, Solutions: count, Fraction: c.fraction(len(c.taken))})
		}
	}
	{
		// Every active primary item has two options or more (those
		// left with fewer went on the force stack): the first with two
		// is the first smallest.
		key := uint64(1<<63 - 1)
	scan:
		for i, w := range on[:primWords] {
			if i == primWords-1 {
				w &= lastPrim
			}
			for ; w != 0; w &= w - 1 {
				x := i*64 + bits.TrailingZeros64(w)
				k := uint64(bits.OnesCount64(uint64(*wordAt[W](live, int32(x)))))<<32 | uint64(x)
				if k < 3<<32 {
					key = k
					break scan
				}
				key = min(key, k)
			}
		}
		if key == 1<<63-1 { // no primary item left: a solution
			count++
			c.levels = level
			if (visit != nil && !visit(len(c.taken))) || count == limit {
				goto finish
			}
			goto backup
		}
		best, t = int32(uint32(key)), int32(key>>32)
	}
	if t == 0 {
		goto backup
	}
	on[best>>6] &^= 1 << uint(best&63)
	c.multi--
	updates++
	c.low = c.low[:lowAt[level]]
	updates += c.hide(best)
	lowAt[level+1] = int32(len(c.low))
	c.save(saved[level])
	saved[level+1] = saved[level] + 1
	c.multiAt[level] = c.multi
	bestAt[level] = best
	left[level] = c.live[best]
	takenAt[level] = int32(len(c.taken))

advance:
	{
		m := left[level]
		if random {
			for i := c.rng.intn(uint64(bits.OnesCount64(uint64(m)))); i > 0; i-- {
				m &= m - 1
			}
		}
		b := int32(bits.TrailingZeros64(uint64(m)))
		left[level] &^= 1 << uint(b)
		i := c.off[best] + b
		c.taken = append(c.taken[:takenAt[level]], c.opt[i])
		// The items that hiding best left with one option or none.
		if lo, hi := lowAt[level], lowAt[level+1]; lo < hi {
			c.force = append(c.force, c.low[lo:hi]...)
		}
		u, ok := c.take(c.self[i], true)
		updates += u
		if !ok {
			c.force = c.force[:0]
			goto retry
		}
	}
	level++
	goto forward

backup:
	c.force = c.force[:0]
	if level == 0 {
		goto finish
	}
	level--
	best = bestAt[level]

retry:
	if left[level] == 0 {
		goto backup
	}
	c.restore(saved[level])
	c.multi = c.multiAt[level]
	goto advance

finish:
	clk.flush(nodes)
	c.restore(0)
	c.force = c.force[:0]
	j.stats = Stats{Nodes: nodes, Updates: updates, Solutions: count}
	return err
}

// fraction is links.fraction for the mask layout, at the first depth
// options taken (its branching levels among them), as the search is when
// it calls visit or progress.
func (c *maskCells[W]) fraction(depth int) float64 {
	f, w := 0.0, 1.0
	for l := 0; l < c.levels && int(c.takenAt[l]) < depth; l++ {
		all := c.live[c.best[l]]
		t := bits.OnesCount64(uint64(all))
		if t <= 1 { // not a branching level
			continue
		}
		w /= float64(t)
		f += float64(bits.OnesCount64(uint64(all&^c.left[l]))-1) * w
	}
	return f + w/2
}

// path appends the first depth options taken to dst (run calls visit
// with their number).
func (c *maskCells[W]) path(dst []int, depth int) []int {
	for _, k := range c.taken[:depth] {
		dst = append(dst, int(k))
	}
	return dst
}
