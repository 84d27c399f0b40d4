package exactcover

import "unsafe"

// The dancing cells (the sparse-set exact cover of Knuth's SSXCC, after
// Christine Solnon's dancing cells) keep, for every item, the set of the
// options that can still cover it, as a segment of one array of cells.
//
// cells.set holds, per item, two header words and then one cell per
// option of the item. An item is named by the index b of its first cell
// (its base): set[b-1] is the size of its set (the options left, in
// set[b:b+size]) and set[b-2] its position in the active list. The
// primary items come first, so an item is primary when its base is below
// cells.second.
//
// cells.nd holds the options' nodes, each option as consecutive nodes
// followed by a spacer: a node's itm is its item's base, loc the index
// of its cell in that item's segment (set[loc] is the node), clr its color
// (0 for none) and opt its option. A spacer's itm is minus the length of
// the option before it, so that adding it to the spacer's index goes back
// to the option's first node.
//
// cells.act lists the items still to be dealt with: act[:active] are the
// active ones (primary items not covered, secondary items neither covered
// nor given a color). Removing an item swaps it to the end of the active
// part and shortens it; removing an option from an item's set does the
// same in the item's segment. Backtracking restores the sizes saved when
// the level began (the save stack), which brings back every removed
// element at once, in some order.

// cnode is one node of the cells.
type cnode struct {
	itm, loc, clr, opt int32
}

// cells is the dancing-cells memory of a problem.
type cells struct {
	nd     []cnode
	set    []int32
	act    []int32
	second int32 // the base of the first secondary item (len(set)+2 when none)
	nPrim  int32
	first  []int32 // per option: the index of its first node
	base   []int32 // per internal item id (1-based, as the links'): its base

	// Search state.
	save   []int32 // the save stack: pairs (item, size)
	saved  []int32 // per level: where its saves start in save
	choice []int32 // per level: the cell chosen (an index into set)
	force  []int32 // items found with one option left
	rng    rng
}

// newCells builds the dancing cells of m.
func newCells(m *spec) *cells {
	n, nPrim := m.nItems, m.nPrim
	nOpt := m.numOptions()
	length := m.length
	c := &cells{
		nPrim: nPrim,
		base:  make([]int32, n+1),
		act:   make([]int32, n),
		first: make([]int32, nOpt),
	}
	b := int32(0)
	for i := int32(1); i <= n; i++ {
		if i == nPrim+1 {
			c.second = b + 2
		}
		b += 2
		c.base[i] = b
		b += length[i]
	}
	if nPrim == n {
		c.second = b + 2
	}
	c.set = make([]int32, b)
	for i := int32(1); i <= n; i++ {
		x := c.base[i]
		c.act[i-1] = x
		c.set[x-2] = i - 1
	}
	c.nd = make([]cnode, 1+m.numEntries()+nOpt) // node 0 is a spacer
	q := int32(1)
	for k := range nOpt {
		a, b := m.optStart[k], m.optStart[k+1]
		c.first[k] = q
		for j := a; j < b; j++ {
			x := c.base[m.item(j)]
			loc := x + c.set[x-1]
			c.set[x-1]++
			c.set[loc] = q
			c.nd[q] = cnode{itm: x, loc: loc, clr: m.color(j), opt: k}
			q++
		}
		c.nd[q] = cnode{itm: -(b - a), opt: k}
		q++
	}
	c.force = make([]int32, 0, n+1)
	c.saved = make([]int32, nPrim+3)
	c.choice = make([]int32, nPrim+2)
	// The save stack: the full problem's sizes, then at most the active
	// items of each level; it grows on demand beyond this.
	c.save = make([]int32, 0, 2*int(n)*min(int(nPrim)+2, 64))
	return c
}

// clone returns a copy of c with its own search state, padded as the
// links' clones are (see padded).
func (c *cells) clone() engine {
	d := *c
	d.set = padded(c.set, len(c.set))
	d.act = padded(c.act, len(c.act))
	nd := padded[cnode](nil, len(c.nd))
	copy(nd, c.nd)
	d.nd = nd
	d.save = padded[int32](nil, cap(c.save))[:0]
	d.saved = padded[int32](nil, len(c.saved))
	d.choice = padded[int32](nil, len(c.choice))
	d.force = padded[int32](nil, cap(c.force))[:0]
	return &d
}

// bytes returns the memory of the cells.
func (c *cells) bytes() int64 {
	return bytesOf(c.nd) + bytesOf(c.set) + bytesOf(c.act) + bytesOf(c.first) +
		bytesOf(c.base) + bytesOf(c.save) + bytesOf(c.saved) + bytesOf(c.choice) +
		bytesOf(c.force)
}

// cnodeAt returns &nd[i] without a bounds check.
func cnodeAt(nd unsafe.Pointer, i int32) *cnode {
	return (*cnode)(unsafe.Add(nd, uintptr(i)*unsafe.Sizeof(cnode{})))
}
