package exactcover

import (
	"fmt"
	"unsafe"
)

// Engine selects the search engine of a Solver (Options.Engine).
type Engine uint8

const (
	// EngineAuto lets the solver choose the engine for the problem (see
	// Solver.EngineFor).
	EngineAuto Engine = iota
	// EngineLinks is dancing links (Knuth's DLX1, DLX2 and DLX3): the
	// engine whose node and update counts equal Knuth's programs'.
	EngineLinks
	// EngineCells is dancing cells: sparse sets instead of doubly linked
	// lists, the sizes of the sets saved per level and restored on
	// backtracking, and forced moves (items left with one option) taken
	// at once. Exact cover with primary and secondary items and colors;
	// with item bounds (multiplicities) the links engine searches. Its
	// save stack takes 8 bytes per active item at each level: up to
	// gigabytes on deep problems with many items (EngineAuto then picks
	// links).
	EngineCells
	// EngineBits is Algorithm X on bitsets of options, for problems with
	// at most 8192 options (larger ones are searched with cells): DLX1's
	// search tree and node count, with a level's work a few hundred
	// word operations. Primary and secondary items, colors, and item
	// bounds (multiplicities: Algorithm M on bitsets, its own tree).
	// Larger problems with bounds are searched with links.
	EngineBits
)

// String returns the engine's name: auto, links, cells or bits.
func (e Engine) String() string {
	switch e {
	case EngineAuto:
		return "auto"
	case EngineLinks:
		return "links"
	case EngineCells:
		return "cells"
	case EngineBits:
		return "bits"
	}
	return fmt.Sprintf("Engine(%d)", uint8(e))
}

// ParseEngine returns the engine named auto, links, cells or bits.
func ParseEngine(name string) (Engine, error) {
	switch name {
	case "auto", "":
		return EngineAuto, nil
	case "links":
		return EngineLinks, nil
	case "cells":
		return EngineCells, nil
	case "bits":
		return EngineBits, nil
	}
	return EngineAuto, fmt.Errorf("unknown engine %q (want auto, links, cells or bits): %w", name, ErrSyntax)
}

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
	sol    []int
}

// newCells builds the cells of the solver's problem from its links (the
// items of the nodes and the colors as given, which searches do not
// change).
func newCells(sv *Solver) *cells {
	n, nPrim := sv.nItems, sv.nPrim
	nOpt := len(sv.optStart) - 1
	length := make([]int32, n+1)
	for k := range nOpt {
		f := sv.firstNode(int32(k))
		for q := f; q < f+sv.optStart[k+1]-sv.optStart[k]; q++ {
			length[sv.nd[q].top]++
		}
	}
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
	nNodes := int32(1) // node 0 is a spacer
	for k := range nOpt {
		nNodes += sv.optStart[k+1] - sv.optStart[k] + 1
	}
	c.nd = make([]cnode, nNodes)
	q := int32(1)
	for k := range nOpt {
		f := sv.firstNode(int32(k))
		l := sv.optStart[k+1] - sv.optStart[k]
		c.first[k] = q
		for r := f; r < f+l; r++ {
			x := c.base[sv.nd[r].top]
			loc := x + c.set[x-1]
			c.set[x-1]++
			c.set[loc] = q
			col := int32(0)
			if sv.ocol != nil {
				col = sv.ocol[r]
			}
			c.nd[q] = cnode{itm: x, loc: loc, clr: col, opt: int32(k)}
			q++
		}
		c.nd[q] = cnode{itm: -l, opt: int32(k)}
		q++
	}
	c.force = make([]int32, 0, n+1)
	c.saved = make([]int32, nPrim+3)
	c.choice = make([]int32, nPrim+2)
	c.sol = make([]int, 0, nPrim+8)
	// The save stack: the full problem's sizes, then at most the active
	// items of each level; it grows on demand beyond this.
	c.save = make([]int32, 0, 2*int(n)*min(int(nPrim)+2, 64))
	return c
}

// clone returns a copy of c with its own search state, padded as the
// links' clones are (see Solver.clone).
func (c *cells) clone() *cells {
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
	d.sol = make([]int, 0, cap(c.sol))
	return &d
}

// cnodeAt returns &nd[i] without a bounds check.
func cnodeAt(nd unsafe.Pointer, i int32) *cnode {
	return (*cnode)(unsafe.Add(nd, uintptr(i)*unsafe.Sizeof(cnode{})))
}

// EngineFor returns the engine a search with Options.Engine e uses: e
// itself, except that EngineAuto picks one for the problem (autoEngine),
// that EngineBits on a problem too large for it gives cells (links with
// item bounds), and that EngineCells on a problem with item bounds
// (Problem.HasBounds) gives links. (A randomized parallel search with item
// bounds also searches with links.)
func (s *Solver) EngineFor(e Engine) Engine {
	if s.bound != nil {
		// Item bounds: bits or links.
		switch {
		case e == EngineBits && bitsFits(s):
			return e
		case e == EngineAuto:
			if s.auto == EngineAuto {
				s.auto = autoEngine(s)
			}
			return s.auto
		}
		return EngineLinks
	}
	switch e {
	case EngineLinks, EngineCells:
		return e
	case EngineBits:
		if bitsFits(s) {
			return e
		}
		return EngineCells
	}
	if s.auto == EngineAuto {
		s.auto = autoEngine(s)
	}
	return s.auto
}

// autoEngine is the rule of EngineAuto, from the shape of the problem
// (measured on the shared instances; see docs/exactcover.md, "Two
// engines"). A level of the links or cells engine costs about its
// updates, some L*L*D for options of L items whose items have D options;
// a level of the bits engine costs about the words of the primary items'
// masks that it counts, scan, plus the copy of the live set and the masks
// its option clears, at most W*(1+L) for W words of options. The bits
// engine is taken when it fits and its estimated time per node is at most
// the links engine's (queens, Langford pairs, pentominoes, Star Battle: 1.5
// to 4 times faster than links); otherwise cells when D >= 64 (long lists, as pentominoes':
// cells 15% faster than links) and its save stack stays small (autoCells),
// and links (Sudoku: the two are even).
func autoEngine(s *Solver) Engine {
	nOpt := len(s.optStart) - 1
	if nOpt == 0 || s.nPrim == 0 {
		return EngineLinks
	}
	entries := float64(s.optStart[nOpt])
	L := entries / float64(nOpt)
	primEntries := 0.0
	for c := int32(1); c <= s.nPrim; c++ {
		primEntries += float64(s.it[c].len)
	}
	if len(s.chosen) > 0 && s.baseIT != nil {
		primEntries = 0
		for c := int32(1); c <= s.nPrim; c++ {
			primEntries += float64(s.baseIT[c].len)
		}
	}
	D := primEntries / float64(s.nPrim)
	W := float64(max(4, (nOpt+63)/64))
	// Nanoseconds per node, fitted on the benchmarks (BenchmarkEngines):
	// links 175 on sud_eastermon (L*L*D = 64) and 1,570 on pento6x10
	// (6,084); bits 63 on queens13 (cost 124) and 405 on sud_eastermon
	// (980). Both walk DLX1's tree: the cheaper node wins.
	if bitsFits(s) {
		linksNs := 160 + 0.23*L*L*D
		bitsNs := 13 + 0.4*(bitsScan(s)+W*(1+L))
		if bitsNs <= linksNs {
			return EngineBits
		}
	}
	if D >= 64 && s.bound == nil && autoCells(int(s.nItems), int(s.nPrim)) {
		return EngineCells
	}
	return EngineLinks
}

// bitsScan returns the number of words of the primary items' masks in the
// bits engine: the span of each item's options, in 64-bit words (at least
// 4 per item with at most 256 options).
func bitsScan(s *Solver) float64 {
	nOpt := int32(len(s.optStart) - 1)
	if nOpt <= 256 {
		return 4 * float64(s.nPrim)
	}
	lo := make([]int32, s.nPrim+1)
	hi := make([]int32, s.nPrim+1)
	for c := range lo {
		lo[c] = nOpt
	}
	for k := range nOpt {
		f := s.firstNode(k)
		for q := f; q < f+s.optStart[k+1]-s.optStart[k]; q++ {
			if c := s.nd[q].top; c <= s.nPrim {
				lo[c], hi[c] = min(lo[c], k/64), max(hi[c], k/64+1)
			}
		}
	}
	scan := 0.0
	for c := int32(1); c <= s.nPrim; c++ {
		scan += float64(max(0, hi[c]-lo[c]))
	}
	return scan
}
