package exactcover

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sync/atomic"
	"unsafe"
)

// Solver holds the dancing-links memory of one Problem. It is reusable
// across searches and cheap to reset; it is not safe for concurrent use
// (use one Solver per goroutine, or Options.Workers).
//
// All of its memory is allocated by NewSolver: searches do not allocate,
// except for the slice Solve returns.
//
// Make a Solver with NewSolver (or use Problem.Solve and Problem.Count).
// The zero value has no problem: its searches, Choose, ChoosePiece and
// Estimate return an error wrapping ErrZeroSolver, Split and SplitDepth
// return nil, and NumOptions is 0.
type Solver struct {
	nd  []node
	it  []item
	col []int32 // live node colors; nil when the problem has none
	// ocol holds the colors as given, per node; nil when there are none.
	ocol []int32

	nItems   int32   // N: item headers are nodes 1..N
	nPrim    int32   // primary items are 1..nPrim
	optStart []int32 // the problem's option starts (shared, read-only)
	extOf    []int32 // internal item id -> the problem's item index

	// Choose's state.
	chosen    []int32 // options chosen, in order
	usedBy    []int32 // per internal item: the 1-based Choose depth that took it, or 0
	usedColor []int32 // per internal item: the color it was taken with, -1 for none
	chooseUpd int64   // the updates made by the Choose calls since the full problem

	// The links of the full problem (nothing chosen), saved at the first
	// Choose, so that Reset can restore them at once when that is cheaper
	// than undoing the choices one by one; read-only once saved, and
	// shared by clones.
	baseND  []node
	baseIT  []item
	baseCol []int32
	// resetAfter: the next search ends with Reset (see ResetAfterSearch);
	// keep: run may leave its levels applied when it stops, and unwound
	// tells whether it undid them.
	resetAfter, keep, unwound bool

	// Search state.
	choice []int32  // the node chosen at each level
	rbuf   []int32  // randomized searches: the options of each level, shuffled
	rbase  []int32  // randomized searches: where each level's options start in rbuf
	rpos   []int32  // randomized searches: the index of the option tried at each level
	act    []int32  // the primary items not covered, as a sparse set (see removeActive)
	pos    []int32  // pos[c]: the index of primary item c in act
	cnt    []int32  // counted search: active primary items by option count; nil for the other search
	active []uint64 // counted search: the active primary items as a bitmap
	rng    uint64
	budget budget // the node budget of the next run

	sol   []int
	stats Stats
	err   error

	// Multiplicities (see multiplicity.go); nil bound for exact cover.
	bound, slack []int32 // per primary item
	ftweak       []int32 // per level: the item's first option when the level began
	// The units of a parallel search with multiplicities (see runM).
	unitDepth         int
	unitTarget, units int64
	unitDeep          bool

	// The cells engine (see cells.go): built at its first search.
	cs     *cells
	bs     *bitset // the bits engine (see bits.go): built at its first search
	engine Engine  // the engine of the current search
	auto   Engine  // the engine EngineAuto picks, once known
}

// noOptions is the option starts of a problem without options (read-only).
var noOptions = []int32{0}

// NewSolver builds the links for p. Later changes to p do not affect it.
func NewSolver(p *Problem) *Solver {
	s, _ := NewSolverContext(context.Background(), p)
	return s
}

// NewSolverContext is NewSolver stopping with ctx's error when ctx ends
// while it builds (it looks every 65,536 options): a problem of tens of
// millions of nodes takes a second to link.
func NewSolverContext(ctx context.Context, p *Problem) (*Solver, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := int32(len(p.names))
	nOpt := p.NumOptions()
	nNodes := int(n) + 2 + len(p.optItems) + nOpt
	starts := noOptions // the zero Problem has no optStart
	if len(p.optStart) > 0 {
		starts = p.optStart[: nOpt+1 : nOpt+1]
	}
	s := &Solver{
		nd:       make([]node, nNodes),
		it:       make([]item, n+2),
		nItems:   n,
		nPrim:    int32(p.nPrimary),
		optStart: starts,
		extOf:    make([]int32, n+1),
	}
	// Internal ids: primary items first, then secondary, each in order.
	intOf := make([]int32, n)
	np, ns := int32(0), int32(p.nPrimary)
	for i, sec := range p.secondary {
		if sec {
			ns++
			intOf[i] = ns
		} else {
			np++
			intOf[i] = np
		}
		s.extOf[intOf[i]] = int32(i)
	}
	// Item lists: 0 heads the primary items, n+1 the secondary ones.
	link := func(head, first, last int32) {
		prev := head
		for i := first; i <= last; i++ {
			s.it[i].prev = prev
			s.it[prev].next = i
			prev = i
		}
		s.it[prev].next = head
		s.it[head].prev = prev
	}
	link(0, 1, s.nPrim)
	link(n+1, s.nPrim+1, n)
	nd := s.nd
	for i := int32(1); i <= n; i++ {
		nd[i] = node{up: i, down: i}
	}
	mult := p.HasBounds()
	if p.optColors != nil {
		s.col = make([]int32, nNodes)
		s.ocol = make([]int32, nNodes)
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
		a, b := p.optStart[k], p.optStart[k+1]
		first := q + 1
		for j := a; j < b; j++ {
			q++
			c := intOf[p.optItems[j]]
			u := nd[c].up
			nd[q] = node{up: u, down: c, top: c}
			nd[u].down = q
			nd[c].up = q
			s.it[c].len++
			if p.optColors != nil {
				s.col[q] = p.optColors[j]
				s.ocol[q] = p.optColors[j]
			}
		}
		nd[first-1].down = q // the previous spacer points to this option's last node
		q++
		nd[q] = node{up: first, top: -int32(k + 1)}
	}
	if mult {
		s.bound = make([]int32, s.nPrim+1)
		s.slack = make([]int32, s.nPrim+1)
		for c := int32(1); c <= s.nPrim; c++ {
			lo, hi := p.ItemBounds(int(s.extOf[c]))
			s.bound[c], s.slack[c] = int32(hi), int32(hi-lo)
		}
		// Each level takes an option or leaves an item for good.
		s.ftweak = make([]int32, int(s.nPrim)+nOpt+2)
	}
	s.usedBy = make([]int32, n+2)
	s.usedColor = make([]int32, n+2)
	s.choice = make([]int32, max(int(s.nPrim)+2, len(s.ftweak)))
	s.rbase = make([]int32, s.nPrim+2)
	s.rpos = make([]int32, s.nPrim+2)
	s.rbuf = make([]int32, nOpt+1)
	s.act = make([]int32, s.nPrim+1)
	s.pos = make([]int32, s.nPrim+1)
	maxLen := int32(0)
	for i := int32(1); i <= s.nPrim; i++ {
		maxLen = max(maxLen, s.it[i].len)
	}
	if useCounted(s, maxLen) {
		s.cnt = make([]int32, maxLen+1)
		s.active = make([]uint64, s.nPrim>>6+1)
	}
	s.sol = make([]int, 0, s.nPrim+8)
	return s, nil
}

// useCounted tells whether the search of s keeps its items counted by
// option count (see coverN), given the largest number of options of a
// primary item: for problems without colors or secondary items that have
// many items with short lists, as Sudoku has (324 items of 9 options),
// where finding the branching item is most of the work of a node. Where
// the lists are long, the updates are (pentominoes on 6x10: 20% slower
// when counted).
func useCounted(s *Solver, maxLen int32) bool {
	return s.col == nil && s.nPrim == s.nItems && s.nPrim >= 8*maxLen
}

// clone returns a copy of s with its own links, in the same state. The
// copy's arrays (and the copy itself) are padded so that no cache line is
// shared with another clone's: parallel workers write their links on
// every node, and clones made one after the other would otherwise sit side
// by side in memory, the end of one worker's array on the same line as the
// start of the next one's.
func (s *Solver) clone() *Solver {
	c := &new(paddedSolver).s
	*c = *s
	c.nd = padded(s.nd, len(s.nd))
	c.it = padded(s.it, len(s.it))
	if s.col != nil {
		c.col = padded(s.col, len(s.col))
	}
	c.chosen = append([]int32(nil), s.chosen...)
	c.usedBy = padded(s.usedBy, len(s.usedBy))
	c.usedColor = padded(s.usedColor, len(s.usedColor))
	c.choice = padded[int32](nil, len(s.choice))
	c.rbase = padded[int32](nil, len(s.rbase))
	c.rpos = padded[int32](nil, len(s.rpos))
	c.rbuf = padded[int32](nil, len(s.rbuf))
	c.act = padded[int32](nil, len(s.act))
	c.pos = padded[int32](nil, len(s.pos))
	if s.cnt != nil {
		c.cnt = padded[int32](nil, len(s.cnt))
		c.active = padded[uint64](nil, len(s.active))
	}
	if s.bound != nil {
		c.bound = padded(s.bound, len(s.bound)) // slack is read-only: shared
		c.ftweak = padded[int32](nil, len(s.ftweak))
	}
	c.sol = make([]int, 0, cap(s.sol))
	if s.cs != nil {
		c.cs = s.cs.clone()
	}
	if s.bs != nil {
		c.bs = s.bs.clone()
	}
	return c
}

// budget is the node budget of a search: at most max nodes in all (0: no
// budget); in a parallel search, spent counts the nodes its workers have
// entered, shared by them.
type budget struct {
	max   int64
	spent *atomic.Int64
}

// cacheGuard is the space, in bytes, kept free on each side of a clone's
// arrays: two cache lines, as adjacent lines are fetched in pairs.
const cacheGuard = 128

// paddedSolver keeps a clone's fields off its neighbours' cache lines.
type paddedSolver struct {
	_ [cacheGuard]byte
	s Solver
	_ [cacheGuard]byte
}

// padded returns a slice of length and capacity n holding a copy of src (n
// >= len(src)), with cacheGuard bytes of unused memory on each side.
func padded[T any](src []T, n int) []T {
	var zero T
	pad := (cacheGuard + int(unsafe.Sizeof(zero)) - 1) / int(unsafe.Sizeof(zero))
	buf := make([]T, n+2*pad)
	out := buf[pad : pad+n : pad+n]
	copy(out, src)
	return out
}

// NumOptions returns the number of options of the solver's problem.
func (s *Solver) NumOptions() int { return max(len(s.optStart)-1, 0) }

// zero reports whether s is a zero Solver, not made by NewSolver, which
// has at least the two list heads in nd.
func (s *Solver) zero() bool { return s.nd == nil }

// errZero is the error of a zero Solver's searches.
func errZero(what string) error {
	return fmt.Errorf("%s: %w", what, ErrZeroSolver)
}

// firstNode returns the first node of option k.
func (s *Solver) firstNode(k int32) int32 {
	return s.nItems + 2 + s.optStart[k] + k
}

// optionOf returns the option of node q.
func (s *Solver) optionOf(q int32) int32 {
	nd := s.nd
	for nd[q].top > 0 {
		q--
	}
	return -nd[q].top
}

// Choose fixes option i as part of every solution, covering its items, as
// a puzzle's givens are applied before the search. It returns an error
// wrapping ErrConflict if the option clashes with options already chosen.
// The work Choose does is not counted in Stats.
//
// Choose is for exact cover: with multiplicities (Problem.HasBounds) it
// returns an error wrapping errors.ErrUnsupported.
func (s *Solver) Choose(i int) error {
	if s.zero() {
		return errZero(fmt.Sprintf("choose option %d", i))
	}
	if i < 0 || i >= len(s.optStart)-1 {
		return fmt.Errorf("option %d: %w", i, ErrNoOption)
	}
	if s.bound != nil {
		return fmt.Errorf("choose option %d of a problem with item bounds: %w", i, errors.ErrUnsupported)
	}
	k := int32(i)
	first := s.firstNode(k)
	last := first + s.optStart[k+1] - s.optStart[k]
	nd := s.nd
	exclusive := false // does the option take some item exclusively?
	for q := first; q < last; q++ {
		c := nd[q].top
		oc := int32(0)
		if s.ocol != nil {
			oc = s.ocol[q]
		}
		if oc == 0 {
			exclusive = true
		}
		if s.usedBy[c] != 0 && (oc == 0 || s.usedColor[c] != oc) {
			return fmt.Errorf("option %d: %w", i, ErrConflict)
		}
	}
	if !exclusive {
		for _, o := range s.chosen {
			if o == k {
				return fmt.Errorf("option %d chosen twice: %w", i, ErrConflict)
			}
		}
	}
	if len(s.chosen) == 0 {
		s.saveBase()
	}
	depth := int32(len(s.chosen) + 1)
	u := int64(0)
	for q := first; q < last; q++ {
		c := nd[q].top
		switch {
		case s.ocol == nil:
			u += cover(nd, s.it, c)
			s.usedBy[c], s.usedColor[c] = depth, -1
		case s.ocol[q] == 0:
			u += coverC(nd, s.col, s.it, c)
			s.usedBy[c], s.usedColor[c] = depth, -1
		case s.usedBy[c] == 0:
			u += purify(nd, s.col, s.it, q)
			s.usedBy[c], s.usedColor[c] = depth, s.ocol[q]
		}
	}
	s.chooseUpd += u
	s.chosen = append(s.chosen, k)
	return nil
}

// saveBase saves the links of the full problem, the solver's state when
// nothing is chosen, once.
func (s *Solver) saveBase() {
	if s.baseND != nil {
		return
	}
	s.baseND = append([]node(nil), s.nd...)
	s.baseIT = append([]item(nil), s.it...)
	if s.col != nil {
		s.baseCol = append([]int32(nil), s.col...)
	}
}

// restoreBase returns the solver to the full problem by restoring the
// saved links, whatever Choose calls and search levels are still applied.
func (s *Solver) restoreBase() {
	copy(s.nd, s.baseND)
	copy(s.it, s.baseIT)
	if s.col != nil {
		copy(s.col, s.baseCol)
	}
	clear(s.usedBy)
	clear(s.usedColor)
	s.chosen = s.chosen[:0]
	s.chooseUpd = 0
}

// unchoose undoes the last Choose.
func (s *Solver) unchoose() {
	depth := int32(len(s.chosen))
	k := s.chosen[depth-1]
	s.chosen = s.chosen[:depth-1]
	first := s.firstNode(k)
	last := first + s.optStart[k+1] - s.optStart[k]
	nd := s.nd
	for q := last - 1; q >= first; q-- {
		c := nd[q].top
		switch {
		case s.ocol == nil:
			uncover(nd, s.it, c)
			s.usedBy[c], s.usedColor[c] = 0, 0
		case s.ocol[q] == 0:
			uncoverC(nd, s.col, s.it, c)
			s.usedBy[c], s.usedColor[c] = 0, 0
		case s.usedBy[c] == depth:
			unpurify(nd, s.col, s.it, q)
			s.usedBy[c], s.usedColor[c] = 0, 0
		}
	}
}

// Reset undoes every Choose, returning the solver to the full problem.
func (s *Solver) Reset() {
	if len(s.chosen) == 0 {
		return
	}
	// Undoing an update costs several times as much as restoring a node
	// (12 bytes copied): restore the saved links when the choices made
	// more than a quarter as many updates as there are nodes.
	if s.baseND != nil && s.chooseUpd*4 > int64(len(s.nd)) {
		s.restoreBase()
		return
	}
	for len(s.chosen) > 0 {
		s.unchoose()
	}
	s.chooseUpd = 0
}

// ResetAfterSearch makes the next search (Solve, SolveInto, Count or
// Solutions) end with Reset, as when Reset is called after it, but faster:
// when the search stops at a solution or a limit, the links of the full
// problem are restored at once instead of undoing the search's levels and
// then the choices. It is for callers that choose options, search and
// start afresh, as a Sudoku solver applying each puzzle's givens does.
func (s *Solver) ResetAfterSearch() {
	s.resetAfter = true
}

// Chosen returns the options chosen with Choose, in order, appended to dst.
func (s *Solver) Chosen(dst []int) []int {
	for _, o := range s.chosen {
		dst = append(dst, int(o))
	}
	return dst
}

// Solve returns the first solution as option indices (the chosen ones
// included, first, in the order chosen), or ErrNoSolution. On
// cancellation it returns ctx.Err(). The returned slice is new.
func (s *Solver) Solve(ctx context.Context, opt Options) ([]int, error) {
	sol, err := s.SolveInto(ctx, opt, nil)
	if err != nil {
		return nil, err
	}
	return sol, nil
}

// SolveInto is Solve appending the solution to dst, so that a caller
// reusing dst[:0] does not allocate.
func (s *Solver) SolveInto(ctx context.Context, opt Options, dst []int) ([]int, error) {
	opt.Limit = 1
	found := false
	visit := func(sol []int) bool {
		dst = append(dst, sol...)
		found = true
		return false
	}
	err := s.search(ctx, opt, visit)
	if err != nil {
		return dst, err
	}
	if !found {
		return dst, ErrNoSolution
	}
	return dst, nil
}

// Count returns the number of solutions, at most opt.Limit when it is
// nonzero. On cancellation it returns the count so far and ctx.Err(); out
// of node budget (Options.MaxNodes), the count so far and ErrNodeBudget.
func (s *Solver) Count(ctx context.Context, opt Options) (int64, error) {
	err := s.search(ctx, opt, nil)
	return s.stats.Solutions, err
}

// Solutions returns an iterator over the solutions as option indices (the
// chosen ones first). The yielded slice is owned by the solver and
// overwritten by the next iteration: copy it to keep it. After the loop,
// Err reports cancellation. With Workers > 1 the solutions come in no
// particular order.
func (s *Solver) Solutions(ctx context.Context, opt Options) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		s.err = s.search(ctx, opt, yield)
	}
}

// Err returns the error that ended the last Solutions iteration, if any.
func (s *Solver) Err() error { return s.err }

// Stats returns the statistics of the last search.
func (s *Solver) Stats() Stats { return s.stats }

// search runs a sequential or parallel search, calling visit (when not
// nil) with each solution, until visit returns false.
func (s *Solver) search(ctx context.Context, opt Options, visit func([]int) bool) error {
	if s.zero() {
		return errZero("search")
	}
	s.err = nil
	s.engine = s.EngineFor(opt.Engine)
	if s.bound != nil && opt.Workers > 1 && opt.Seed != 0 {
		// A randomized parallel search with item bounds splits the
		// links' tree (runM's units, which shuffle the lists first).
		s.engine = EngineLinks
	}
	if opt.Workers > 1 { // built once, copied by the workers
		switch s.engine {
		case EngineCells:
			s.cells()
		case EngineBits:
			s.bitsEngine()
		}
	}
	reset := s.resetAfter
	s.resetAfter = false
	if opt.Workers > 1 {
		err := s.parallel(ctx, opt, visit)
		if reset {
			s.Reset()
		}
		return err
	}
	var v func(depth int) bool
	if visit != nil {
		v = func(depth int) bool { return visit(s.solution(depth)) }
	}
	if reset {
		// With nothing chosen the saved links may be missing: save them
		// now, while the links are those of the full problem.
		if len(s.chosen) == 0 {
			s.saveBase()
		}
	}
	s.keep = reset
	s.budget = budget{max: opt.MaxNodes}
	err := s.run(ctx, opt.Limit, opt.Seed, opt.Progress, v)
	s.keep, s.budget = false, budget{}
	if reset {
		if s.unwound {
			s.Reset()
		} else {
			s.restoreBase()
		}
	}
	return err
}

// solution returns the current solution, whose search part is the options
// of choice[:depth], in s.sol.
func (s *Solver) solution(depth int) []int {
	switch s.engine {
	case EngineCells:
		return s.cellsSolution(depth)
	case EngineBits:
		return s.bitsSolution(depth)
	}
	sol := s.sol[:0]
	for _, o := range s.chosen {
		sol = append(sol, int(o))
	}
	for _, q := range s.choice[:depth] {
		if q > s.nItems { // with multiplicities, a header is a null move
			sol = append(sol, int(s.optionOf(q)))
		}
	}
	s.sol = sol
	return sol
}

// Solve is a shorthand for NewSolver(p).Solve.
func (p *Problem) Solve(ctx context.Context, opt Options) ([]int, Stats, error) {
	s := NewSolver(p)
	sol, err := s.Solve(ctx, opt)
	return sol, s.Stats(), err
}

// Count is a shorthand for NewSolver(p).Count.
func (p *Problem) Count(ctx context.Context, opt Options) (int64, Stats, error) {
	s := NewSolver(p)
	n, err := s.Count(ctx, opt)
	return n, s.Stats(), err
}
