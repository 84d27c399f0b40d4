package exactcover

import "unsafe"

// Size is the size of an exact cover problem: what its memory depends on.
type Size struct {
	Items   int // items, primary and secondary
	Primary int // primary items
	Options int
	// Entries is the sum of the options' lengths: the nodes of the links.
	Entries int
	// PrimaryEntries counts the entries of primary items; 0 stands for
	// unknown, as many as Entries.
	PrimaryEntries int
	// Colors: some option gives an item a color. Bounds: some primary
	// item has bounds other than 1:1 (Problem.HasBounds).
	Colors, Bounds bool
}

// Size returns the size of p.
func (p *Problem) Size() Size {
	z := Size{
		Items:   len(p.names),
		Primary: p.nPrimary,
		Options: max(len(p.optStart)-1, 0),
		Entries: len(p.optItems),
		Colors:  p.optColors != nil,
		Bounds:  p.HasBounds(),
	}
	for _, i := range p.optItems {
		if !p.secondary[i] {
			z.PrimaryEntries++
		}
	}
	return z
}

// Bytes returns an upper bound on the memory, in bytes, of a Problem of
// size z built with Grow and AddItems (the item names, which AddItem
// keeps, are not counted: about 50 bytes each and their text), together
// with a Solver of it searched as the Sudoku solver searches it (options
// chosen, then any search with EngineAuto): the links, the copy of them
// saved at the first Choose, and the memory of the engine EngineAuto may
// pick. It does not count item costs (AddOptionCost) nor the clones of a
// parallel search (Options.Workers), which each copy the links.
//
// Bytes is computed from the size alone, without building anything, so
// that a caller can refuse a problem too large before building it;
// TestSizeBytes checks it against the memory a build and a search
// allocate.
func (z Size) Bytes() int64 {
	I, P, O, E := int64(z.Items), int64(z.Primary), int64(z.Options), int64(z.Entries)
	// The problem: per item a name slot (16 bytes), the secondary flag
	// and the mark of addOption; per option its start; per entry its item
	// (and color).
	b := I*(16+1+4) + (O+1)*4 + E*4
	if z.Colors {
		b += E * 4
	}
	if z.Bounds {
		b += I * 8 // lo, hi
	}
	// The solver (NewSolver): nodes of 12 bytes (items, entries, a spacer
	// per option), item headers of 12 bytes, and the per-item and
	// per-level arrays (the spec's intOf and length, usedBy, usedColor,
	// the links' taken; chosen, the links' applied, choice, rbase, rpos,
	// act, pos, sol, the counted search's arrays).
	nodes := I + 2 + E + O + 1
	levels := P + 2
	if z.Bounds {
		levels += O
	}
	solver := nodes*12 + (I+2)*12 + (I+2)*4*5 + levels*4*3 + (P+1)*4*4 + (O+1)*4 + (P+8)*8
	solver += (O+1)*4 + P/8 + 8 // cnt, active
	if z.Colors {
		solver += nodes * 4 * 2 // col, ocol
	}
	if z.Bounds {
		solver += (P+1)*4*2 + levels*4 // bound, slack, ftweak
	}
	// The links of the full problem, saved at the first Choose.
	base := nodes*12 + (I+2)*12
	if z.Colors {
		base += nodes * 4
	}
	return b + solver + base + max(z.cellsBytes(), z.masksBytes(), z.bitsBytes())
}

// masksBytes is the memory of the cells engine's mask layout when
// EngineAuto may pick it (see autoEngine: no colors, no bounds, a small
// save stack), else 0. The size does not tell the items' degrees, so the
// save stack is counted with masks of 64 bits, but at most
// maxAutoMasksSave (the rule's bound with the masks it builds), twice for
// the copies append leaves behind; the stacks of items found with few
// options three times.
func (z Size) masksBytes() int64 {
	if z.Colors || z.Bounds || !autoMasks(z.Items, z.Primary, 2) {
		return 0
	}
	I, P, O, E := int64(z.Items), int64(z.Primary), int64(z.Options), int64(z.Entries)
	b := E*(8+4+4) + (I+2)*4 + (O+1)*4 + (I+1)*8 + (I/64+1)*8
	b += 3 * 2 * (4 * (I + 1) * 4) // force and low
	b += (P+3)*4*5 + (P+2)*(8*2+4)
	return b + 2*min(masksSave(z.Items, z.Primary, 8), maxAutoMasksSave)
}

// cellsBytes is the memory of the cells engine when EngineAuto may pick
// it (see autoEngine: no bounds, primary items in 64 options or more on
// average, a small save stack), else 0.
func (z Size) cellsBytes() int64 {
	pe := z.PrimaryEntries
	if pe == 0 {
		pe = z.Entries
	}
	if z.Bounds || pe < 64*z.Primary || !autoCells(z.Items, z.Primary) {
		return 0
	}
	I, P, O, E := int64(z.Items), int64(z.Primary), int64(z.Options), int64(z.Entries)
	b := (2*I+E)*4 + (E+O+1)*16 + O*4 + (I+1)*4*3 + (P+3)*4 + (P+2)*4 + (P+8)*8
	// The save stack: at most 8 bytes per item and level, and as much
	// again while append moves it.
	return b + 2*cellsSave(z.Items, z.Primary)
}

// bitsBytes is the memory of the bits engine when the problem may fit
// it, else 0 (see newBitset): its masks (one per primary item and per
// secondary item, or per secondary item and color: at most the span of
// the options, W words, each), the live sets of its levels and its
// tables. The arrays newBitset grows by append are counted five times,
// for the copies append leaves behind.
func (z Size) bitsBytes() int64 {
	if z.Options > maxBitsOptions {
		return 0
	}
	I, P, O, E := int64(z.Items), int64(z.Primary), int64(z.Options), int64(z.Entries)
	W := max(4, (O+63)/64)
	masks := I
	if z.Colors {
		masks += E
	}
	levels := P + 2
	pw := (P + 63) / 64
	if z.Bounds {
		levels += O + 1
	}
	b := 5*masks*W*8 + masks*(12*5+8+12+32)
	b += E*(24+40+40) + (I+1)*24 + (O+1)*8
	b += levels*(W+pw)*8 + levels*(12+8)
	if z.Bounds {
		b += levels*P*4 + P*8
	}
	return b
}

// maxAutoCellsSave bounds the save stack of the cells engine when
// EngineAuto picks it: beyond it, links (see autoCells).
const maxAutoCellsSave = 64 << 20

// maxAutoMasksSave bounds the save stack of the mask layout when EngineAuto
// picks it: beyond it, links (see autoMasks).
const maxAutoMasksSave = 8 << 20

// masksSave returns the most memory the save stack of the mask layout
// may take with masks of w bytes: the full problem's state and one per
// branching level (each takes a primary item), a state holding every
// item's mask and the active bitset.
func masksSave(items, primary, w int) int64 {
	return (int64(items+1)*int64(w) + int64(items/64+1)*8) * int64(primary+3)
}

// autoMasks reports whether EngineAuto may pick the mask layout for a
// problem of this many items with masks of w bytes: only when its save
// stack stays under maxAutoMasksSave. A 16x16 Sudoku saves at most 2 MB,
// a blank 25x25 one 25 MB (links take it, which save nothing).
func autoMasks(items, primary, w int) bool {
	return masksSave(items, primary, w) <= maxAutoMasksSave
}

// cellsSave returns the most memory the save stack of the cells engine
// may take: each branching level saves every active item (8 bytes), and a
// search has at most one level per primary item.
func cellsSave(items, primary int) int64 {
	return 8 * int64(items) * int64(primary+2)
}

// autoCells reports whether EngineAuto may pick the cells engine for a
// problem of this many items: only when its save stack stays under
// maxAutoCellsSave. A blank 64x64 Sudoku (16,384 items, each in 64
// options) would save up to 2 GB, and its anti-knight variant with
// 900,000 secondary items far more: links, which save nothing, take it at
// the same speed.
func autoCells(items, primary int) bool {
	return cellsSave(items, primary) <= maxAutoCellsSave
}

// Bytes returns the memory the solver holds now: its own arrays, the
// option starts it shares with its problem, and the engines built so far
// (links and their saved copy, cells in either layout, bits), as the
// capacities of their arrays.
func (s *Solver) Bytes() int64 {
	if s.zero() {
		return 0
	}
	b := s.spec.bytes() + bytesOf(s.spec.optStart) + bytesOf(s.chosen) + bytesOf(s.usedBy) +
		bytesOf(s.usedColor) + bytesOf(s.sol)
	if s.links != nil {
		b += s.links.bytes()
	}
	if s.cells != nil {
		b += s.cells.bytes()
	}
	if s.masks != nil {
		b += s.masks.bytes()
	}
	if s.bits != nil {
		b += s.bits.bytes()
	}
	return b
}

// bytesOf returns the memory of slice x's array.
func bytesOf[T any](x []T) int64 {
	var zero T
	return int64(cap(x)) * int64(unsafe.Sizeof(zero))
}
