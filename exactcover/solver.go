package exactcover

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"sync/atomic"
	"unsafe"
)

// Solver searches one Problem. It is reusable across searches and cheap
// to reset; it is not safe for concurrent use (use one Solver per
// goroutine, or Options.Workers).
//
// A Solver keeps the problem-level state (the options chosen, the
// statistics of the last search) and hands each search to one of its
// engines (see Engine), each built at its first use and then reused; the
// links, when EngineAuto picks them, are built by NewSolver. Once its
// engine is built, a search does not allocate, except for the slice Solve
// returns.
//
// Make a Solver with NewSolver (or use Problem.Solve and Problem.Count).
// The zero value has no problem: its searches, Choose, ChoosePiece and
// Estimate return an error wrapping ErrZeroSolver, Split and SplitDepth
// return nil, and NumOptions is 0.
type Solver struct {
	spec *spec // the problem; nil for the zero Solver

	// Choose's state: the options chosen, in order, and per internal item
	// the 1-based place in chosen of the option that took it (or 0) and
	// the color it was taken with (-1 for none).
	chosen    []int32
	usedBy    []int32
	usedColor []int32
	// resetAfter: the next search ends with Reset (see ResetAfterSearch).
	resetAfter bool

	// The engines, each built at its first search (the links also for
	// Split, SplitDepth and Estimate), and the one EngineAuto picks.
	links *links
	cells *cells
	masks engine // the cells in the mask layout (newMaskCells)
	bits  *bitset
	auto  Engine
	eng   engine // the engine of the current search

	sol   []int
	job   job // the job of a sequential search, reused
	stats Stats
	err   error
}

// NewSolver makes a solver of p. Later changes to p do not affect it.
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
	m, err := newSpec(ctx, p)
	if err != nil {
		return nil, err
	}
	s := &Solver{
		spec:      m,
		chosen:    make([]int32, 0, m.nPrim+1),
		usedBy:    make([]int32, m.nItems+2),
		usedColor: make([]int32, m.nItems+2),
		sol:       make([]int, 0, m.nPrim+8),
	}
	if s.EngineFor(EngineAuto) == EngineLinks {
		if s.links, err = newLinks(ctx, m); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// engineOf returns the solver's engine e, building it the first time.
func (s *Solver) engineOf(e Engine) engine {
	switch e {
	case EngineCells:
		if masksFit(s.spec) {
			if s.masks == nil {
				s.masks = newMaskCells(s.spec)
			}
			return s.masks
		}
		fallthrough
	case engineSparseCells:
		if s.cells == nil {
			s.cells = newCells(s.spec)
		}
		return s.cells
	case EngineBits:
		if s.bits == nil {
			s.bits = newBitset(s.spec)
		}
		return s.bits
	}
	return s.linked()
}

// linked returns the links engine with the options chosen applied,
// building it the first time.
func (s *Solver) linked() *links {
	if s.links == nil {
		s.links, _ = newLinks(context.Background(), s.spec)
	}
	s.links.sync(s.chosen)
	return s.links
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
func (s *Solver) NumOptions() int {
	if s.zero() {
		return 0
	}
	return int(s.spec.numOptions())
}

// zero reports whether s is a zero Solver, not made by NewSolver.
func (s *Solver) zero() bool { return s.spec == nil }

// errZero is the error of a zero Solver's searches.
func errZero(what string) error {
	return fmt.Errorf("%s: %w", what, ErrZeroSolver)
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
	m := s.spec
	if i < 0 || i >= int(m.numOptions()) {
		return fmt.Errorf("option %d: %w", i, ErrNoOption)
	}
	if m.bounded() {
		return fmt.Errorf("choose option %d of a problem with item bounds: %w", i, errors.ErrUnsupported)
	}
	k := int32(i)
	first, last := m.optStart[k], m.optStart[k+1]
	exclusive := false // does the option take some item exclusively?
	for j := first; j < last; j++ {
		c, oc := m.item(j), m.color(j)
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
	depth := int32(len(s.chosen) + 1)
	for j := first; j < last; j++ {
		c, oc := m.item(j), m.color(j)
		switch {
		case oc == 0:
			s.usedBy[c], s.usedColor[c] = depth, -1
		case s.usedBy[c] == 0:
			s.usedBy[c], s.usedColor[c] = depth, oc
		}
	}
	s.chosen = append(s.chosen, k)
	return nil
}

// Reset undoes every Choose, returning the solver to the full problem.
func (s *Solver) Reset() {
	if s.zero() {
		return
	}
	m := s.spec
	for _, k := range s.chosen {
		for j := m.optStart[k]; j < m.optStart[k+1]; j++ {
			c := m.item(j)
			s.usedBy[c], s.usedColor[c] = 0, 0
		}
	}
	s.chosen = s.chosen[:0]
	if s.links != nil {
		s.links.reset()
	}
}

// ResetAfterSearch makes the next search (Solve, SolveInto, Count or
// Solutions) end with Reset, as when Reset is called after it, but faster:
// when the links engine stops at a solution or a limit, the links of the
// full problem are restored at once instead of undoing the search's
// levels and then the choices. It is for callers that choose options,
// search and start afresh, as a Sudoku solver applying each puzzle's
// givens does.
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
	e := s.EngineFor(opt.Engine)
	if s.spec.bounded() && opt.Workers > 1 && opt.Seed != 0 {
		// A randomized parallel search with item bounds splits the
		// links' tree (the units of runM, which shuffles the lists first).
		e = EngineLinks
	}
	eng := s.engineOf(e)
	s.eng = eng
	reset := s.resetAfter
	s.resetAfter = false
	var err error
	if opt.Workers > 1 {
		err = s.parallel(ctx, opt, e, eng, visit)
	} else {
		j := &s.job
		*j = job{chosen: s.chosen, limit: opt.Limit, seed: opt.Seed, progress: opt.Progress,
			budget: budget{max: opt.MaxNodes}, keep: reset}
		if visit != nil {
			j.visit = func(depth int) bool {
				s.sol = s.eng.path(appendOptions(s.sol[:0], s.chosen), depth)
				return visit(s.sol)
			}
		}
		err = eng.run(ctx, j)
		s.stats = j.stats
		*j = job{}
	}
	if reset {
		s.Reset()
	}
	return err
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
