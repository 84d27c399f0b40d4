package exactcover

import (
	"context"
	"fmt"
	"math/bits"
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
	// links). On a problem without colors whose items each have at most
	// 64 options (Sudoku-shaped problems), it keeps each item's set as a
	// bitmask instead (the mask layout, masks.go): the same search, a
	// third faster there, which also ends a count at a node where every
	// item left has one option, so that its node and update counts are
	// a little smaller than SSXCC's.
	EngineCells
	// EngineBits is Algorithm X on bitsets of options, for problems with
	// at most 8192 options (larger ones are searched with cells): DLX1's
	// search tree and node count, with a level's work a few hundred
	// word operations. Primary and secondary items, colors, and item
	// bounds (multiplicities: Algorithm M on bitsets, its own tree).
	// Larger problems with bounds are searched with links.
	EngineBits

	// engineSparseCells is EngineCells in its sparse-set layout on every
	// problem (EngineCells takes the mask layout where masksFit): for the
	// tests and benchmarks that compare the two layouts.
	engineSparseCells Engine = 255
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
	case engineSparseCells:
		return "cells-sparse"
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

// engine is one search engine: the links (links.go), the cells (cells.go)
// or the bits (bits.go). Each is built from the solver's spec, holds its
// own memory and search state, and searches below the options a job has
// chosen, which it applies first. A Solver keeps the problem-level state
// (the options chosen, the statistics) and hands each search to one
// engine; a parallel search (parallel.go) gives each worker a clone.
type engine interface {
	// run searches as j says, recording its statistics (and with units
	// the units it met) in j.
	run(ctx context.Context, j *job) error
	// path appends to dst the options of the first depth levels of the
	// search, as they are when run calls j.visit(depth).
	path(dst []int, depth int) []int
	// clone returns a copy of the engine in its current state, with its
	// own search state, for a worker of a parallel search.
	clone() engine
	// bytes returns the memory the engine holds, as its arrays' capacities.
	bytes() int64
}

// job is one search of an engine: the state it starts from, when it stops,
// and what it found.
type job struct {
	chosen   []int32 // the options chosen (Choose), applied before the search and not counted
	limit    int64   // stop after this many solutions (0: no limit)
	seed     uint64  // nonzero: try the options in random order
	progress func(Stats)
	// visit, when not nil, is called for each solution with its number of
	// levels; the search stops when it returns false.
	visit  func(depth int) bool
	budget budget
	// keep: the solver resets after the search (ResetAfterSearch), so
	// the links may leave their levels applied when the search stops at a
	// solution or a limit, and restore the saved full problem at once.
	keep  bool
	units units // the units of a parallel search (see parallel)

	stats Stats
}

// units number the pieces of a parallel search in an engine's own tree:
// the nodes at depth and the solutions above it, in the order of the
// search. A search with target >= 0 walks the levels above depth and
// searches below unit target only, counting the nodes and updates of that
// unit alone; with target < 0 it only numbers the units (in n), counting
// the nodes and updates above them, so that the pieces' statistics add up
// to the sequential search's. The links take units with item bounds
// (runM: the branches are then not all options, Split does not apply),
// the bits engine always.
type units struct {
	depth  int   // 0: no units, a whole search
	target int64 // the unit to search, or -1
	n      int64 // the units met so far
	deep   bool  // some unit is a node at depth, not a solution above it
}

// meet numbers the unit the search meets (a node at depth, deep set, or a
// solution above it) and reports whether to search it; past the target,
// stop tells the search that it is done.
func (u *units) meet(deep bool) (search, stop bool) {
	if deep {
		u.deep = true
	}
	i := u.n
	u.n++
	if i == u.target {
		return true, false
	}
	return false, u.target >= 0 && i > u.target
}

// rng is the splitmix64 generator of the randomized searches (Options.Seed)
// and of Estimate.
type rng uint64

// intn returns a pseudo-random number in [0, n), scaled by multiplication.
func (r *rng) intn(n uint64) uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	hi, _ := bits.Mul64(z, n)
	return hi
}

// EngineFor returns the engine a search with Options.Engine e uses: e
// itself, except that EngineAuto picks one for the problem (autoEngine),
// that EngineBits on a problem too large for it gives cells (links with
// item bounds), and that EngineCells on a problem with item bounds
// (Problem.HasBounds) gives links. (A randomized parallel search with item
// bounds also searches with links.)
func (s *Solver) EngineFor(e Engine) Engine {
	m := s.spec
	if m == nil {
		m = &emptySpec
	}
	auto := func() Engine {
		if s.auto == EngineAuto {
			s.auto = autoEngine(m)
		}
		return s.auto
	}
	if m.bounded() { // bits or links
		switch {
		case e == EngineBits && bitsFits(m):
			return e
		case e == EngineAuto:
			return auto()
		}
		return EngineLinks
	}
	switch e {
	case EngineLinks, EngineCells, engineSparseCells:
		return e
	case EngineBits:
		if bitsFits(m) {
			return e
		}
		return EngineCells
	}
	return auto()
}

// autoEngine is the rule of EngineAuto, from the shape of the problem
// (measured on the shared instances; see docs/exactcover.md, "Choosing an
// engine"). A level of the links or cells engine costs about its
// updates, some L*L*D for options of L items whose items have D options;
// a level of the bits engine costs about the words of the primary items'
// masks that it counts, scan, plus the copy of the live set and the masks
// its option clears, at most W*(1+L) for W words of options. The bits
// engine is taken when it fits and its estimated time per node is at most
// the links engine's (queens, Langford pairs, pentominoes, Star Battle: 1.5
// to 4 times faster than links); otherwise cells in the mask layout when
// it fits (masksFit: Sudoku-shaped problems, 1.4 to 1.8 times faster than
// links on 9x9 and 16x16 Sudoku) and its save stack stays small
// (autoMasks: not a 25x25 Sudoku, where it is 2.5 times faster but may
// save 25 MB), else links; otherwise cells when D >= 64 (long lists,
// as pentominoes': cells 15% faster than links) and its save stack stays
// small (autoCells), and links.
func autoEngine(m *spec) Engine {
	nOpt := m.numOptions()
	if nOpt == 0 || m.nPrim == 0 {
		return EngineLinks
	}
	L := float64(m.optStart[nOpt]) / float64(nOpt)
	primEntries := 0.0
	for c := int32(1); c <= m.nPrim; c++ {
		primEntries += float64(m.length[c])
	}
	D := primEntries / float64(m.nPrim)
	W := float64(max(4, (nOpt+63)/64))
	// Nanoseconds per node, fitted on the benchmarks (BenchmarkEngines):
	// links 175 on sud_eastermon (L*L*D = 64) and 1,570 on pento6x10
	// (6,084); bits 63 on queens13 (cost 124) and 405 on sud_eastermon
	// (980). Both walk DLX1's tree: the cheaper node wins.
	if bitsFits(m) {
		linksNs := 160 + 0.23*L*L*D
		bitsNs := 13 + 0.4*(bitsScan(m)+W*(1+L))
		if bitsNs <= linksNs {
			return EngineBits
		}
	}
	if masksFit(m) {
		if autoMasks(int(m.nItems), int(m.nPrim), maskBytes(m.maxLength)) {
			return EngineCells
		}
		return EngineLinks
	}
	if D >= 64 && !m.bounded() && autoCells(int(m.nItems), int(m.nPrim)) {
		return EngineCells
	}
	return EngineLinks
}

// bitsScan returns the number of words of the primary items' masks in the
// bits engine: the span of each item's options, in 64-bit words (at least
// 4 per item with at most 256 options).
func bitsScan(m *spec) float64 {
	nOpt := m.numOptions()
	if nOpt <= 256 {
		return 4 * float64(m.nPrim)
	}
	lo := make([]int32, m.nPrim+1)
	hi := make([]int32, m.nPrim+1)
	for c := range lo {
		lo[c] = nOpt
	}
	for k := range nOpt {
		for j := m.optStart[k]; j < m.optStart[k+1]; j++ {
			if c := m.item(j); c <= m.nPrim {
				lo[c], hi[c] = min(lo[c], k/64), max(hi[c], k/64+1)
			}
		}
	}
	scan := 0.0
	for c := int32(1); c <= m.nPrim; c++ {
		scan += float64(max(0, hi[c]-lo[c]))
	}
	return scan
}
