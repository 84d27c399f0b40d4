package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
)

// ErrNoSolution is returned by Solve for a puzzle whose givens do not clash
// but that no grid completes.
var ErrNoSolution = errors.New("no solution")

// ErrNodeBudget ends a search that spent Options.MaxNodes nodes (the
// exact-cover solver's own sentinel: one for the concept).
var ErrNodeBudget = exactcover.ErrNodeBudget

// Options configures a Solver. The zero value uses Auto and counts up to 2.
type Options struct {
	Method Method
	// Limit is the default limit of Count when its limit argument is 0;
	// 0 means 2 (enough to tell a unique solution).
	Limit int
	// Seed, when nonzero, randomizes the order in which the exact-cover
	// and propagation searches try digits, so that Solve on an empty or
	// sparse grid returns a random solution, the same for the same seed.
	// Auto then does not use the fast solver (AutoMethod).
	Seed uint64
	// MaxBytes bounds the memory of an exact-cover matrix, as
	// EstimateMatrix figures it before building anything: a puzzle whose
	// matrix would take more gives an error wrapping ErrTooLarge, at once.
	// 0 means DefaultMaxBytes (2 GiB); a negative value, no limit.
	MaxBytes int64
	// MaxNodes, when positive, bounds the search nodes of each Solve and
	// Count (and Check with the propagation solver) of the propagation
	// and exact-cover solvers: past
	// it the call stops with an error wrapping ErrNodeBudget (a Count
	// returns the solutions found so far). The fast 9x9 solver, whose
	// searches are short, ignores it. A generator digging holes uses it
	// to give up on a uniqueness check that would take long.
	MaxNodes int64
	// CacheBytes bounds the memory of the matrices the Solver keeps
	// between calls (at most 8, each counted at what it holds: the
	// exactcover.Solver's Bytes and the map of placements): after each
	// call, the most recently used that fit in it are kept and the others
	// dropped. 0 means DefaultCacheBytes (256 MiB); a negative value keeps
	// none.
	CacheBytes int64
}

// DefaultCacheBytes is the bound on the matrices a Solver keeps when
// Options.CacheBytes is 0.
const DefaultCacheBytes = 256 << 20

// Solver solves, counts and checks puzzles of every shape and variant. It
// keeps the exact-cover matrix of the last few shapes and variants it met
// (variants are compared by content) and applies each puzzle's givens to
// it, so that solving many puzzles of one kind builds the matrix once. A
// Solver is reusable but not safe for concurrent use: use one per
// goroutine. Make one with NewSolver; the zero value is ready too, and
// works as NewSolver(Options{}).
type Solver struct {
	opt     Options
	cache   []*entry // most recently used first
	guesses int
	fast    bitboard.Solver
	puz     [81]uint8
	sol     [81]uint8
	buf     []int        // the exact-cover solution, reused
	props   []*propEntry // compiled propagation models, most recently used first
}

// cacheID identifies the shape and variant a cached solver was made for
// (the matrices of matrix, the propagation solvers of propagator).
type cacheID struct {
	shape   Shape
	variant *Variant // the pointer last seen with this content
	key     string   // variantKey(shape, variant)
}

func (c *cacheID) id() *cacheID { return c }

// findCached returns the entry of list made for shape and variant v,
// moved to the front, or ok false; and the key of (shape, v), computed
// only when the first entry is not for the same pointer.
func findCached[E interface{ id() *cacheID }](list []E, shape Shape, v *Variant) (e E, key string, ok bool) {
	if len(list) > 0 {
		if c := list[0].id(); c.shape == shape && c.variant == v {
			return list[0], c.key, true
		}
	}
	key = variantKey(shape, v)
	for i, e := range list {
		if c := e.id(); c.key == key {
			copy(list[1:i+1], list[:i])
			list[0] = e
			c.variant = v
			return e, key, true
		}
	}
	return e, key, false
}

// pushCached puts e at the front of list, dropping the last entry when
// list holds max.
func pushCached[E any](list []E, e E, max int) []E {
	if len(list) < max {
		var zero E
		list = append(list, zero)
	}
	copy(list[1:], list)
	list[0] = e
	return list
}

// entry is the matrix of one shape and variant.
type entry struct {
	cacheID
	n      int
	xs     *exactcover.Solver
	pm     *placements // with constraints: placements to options and back
	chosen bool        // Choose was called since the last Reset
}

// bytes returns the memory e holds: its exact-cover solver and map of
// placements.
func (e *entry) bytes() int64 {
	b := e.xs.Bytes()
	if e.pm != nil {
		b += int64(cap(e.pm.opt)+cap(e.pm.place)) * 4
	}
	return b
}

// errRuledOut is apply's report of a given that the variant's constraints
// rule out by themselves (a 9 on a thermometer's bulb): no solution.
var errRuledOut = errors.New("given ruled out by the constraints")

// maxCached is the number of matrices a Solver keeps.
const maxCached = 8

// NewSolver returns a Solver with options opt.
func NewSolver(opt Options) *Solver {
	return &Solver{opt: opt}
}

// Guesses returns the work of the last call: for the fast solver the
// number of guesses, for the exact-cover solver the number of search nodes
// (levels entered, as exactcover.Stats.Nodes counts them), for the
// propagation solver its search nodes.
func (s *Solver) Guesses() int { return s.guesses }

// matrix returns the cached exact-cover solver for g's shape and variant,
// building it on first use: an error wrapping ErrTooLarge when its
// estimate is over the budget, ctx's error when ctx ends while building.
func (s *Solver) matrix(ctx context.Context, g *Grid) (*entry, error) {
	shape := g.Shape.norm()
	e, key, ok := findCached(s.cache, shape, g.Variant)
	if ok {
		return e, nil
	}
	l, err := newLayout(ctx, shape, g.Variant)
	if err != nil {
		return nil, err
	}
	limit := s.opt.MaxBytes
	if limit == 0 {
		limit = DefaultMaxBytes
	}
	mc, err := l.count(ctx, limit)
	if err != nil {
		return nil, err
	}
	if limit >= 0 {
		if err := mc.Within(limit); err != nil {
			return nil, err
		}
	}
	p, pm, err := l.fullProblem(ctx)
	if err != nil {
		return nil, err
	}
	xs, err := exactcover.NewSolverContext(ctx, p)
	if err != nil {
		return nil, err
	}
	e = &entry{cacheID: cacheID{shape, g.Variant, key}, n: l.n, xs: xs, pm: pm}
	s.cache = pushCached(s.cache, e, maxCached)
	return e, nil
}

// trim keeps, after a call, the most recently used matrices that fit in
// the cache's budget (Options.CacheBytes), and drops the others.
func (s *Solver) trim() {
	limit := s.opt.CacheBytes
	if limit == 0 {
		limit = DefaultCacheBytes
	}
	kept, total := 0, int64(0)
	for _, e := range s.cache {
		if b := e.bytes(); limit >= 0 && total+b <= limit {
			total += b
			s.cache[kept] = e
			kept++
		}
	}
	clear(s.cache[kept:])
	s.cache = s.cache[:kept]
}

// CachedBytes returns the memory of the matrices the Solver keeps (see
// Options.CacheBytes).
func (s *Solver) CachedBytes() int64 {
	var total int64
	for _, e := range s.cache {
		total += e.bytes()
	}
	return total
}

// apply returns the matrix of g with g's givens chosen, an *InvalidError
// when they clash or break a constraint, or errRuledOut when the
// constraints alone rule a given out.
func (s *Solver) apply(ctx context.Context, g *Grid) (*entry, error) {
	if err := checkCells(g); err != nil {
		return nil, err
	}
	e, err := s.matrix(ctx, g)
	if err != nil {
		return nil, err
	}
	if e.chosen {
		e.xs.Reset()
		e.chosen = false
	}
	n := e.n
	xs := e.xs
	for i, d := range g.Cells {
		if d == 0 {
			continue
		}
		o := i*n + int(d) - 1
		if e.pm != nil {
			o = int(e.pm.opt[o])
		}
		var err error
		if o < 0 {
			err = errRuledOut
		} else {
			e.chosen = true
			err = xs.Choose(o)
		}
		if err != nil {
			xs.Reset()
			e.chosen = false
			if ie := invalid(g); ie != nil {
				return nil, ie
			}
			if err == errRuledOut || e.pm != nil {
				// With constraints, givens that do not break a rule
				// between themselves may still exclude each other
				// through a cage's digit sets: no solution.
				return nil, errRuledOut
			}
			return nil, fmt.Errorf("applying the givens: %w", err)
		}
	}
	return e, nil
}

// fill writes the placements of solution options sol into out.
func (e *entry) fill(out *Grid, sol []int) {
	n := e.n
	for _, o := range sol {
		if e.pm != nil {
			if o = int(e.pm.place[o]); o < 0 {
				continue
			}
		}
		out.Cells[o/n] = uint8(o%n + 1)
	}
}

func (s *Solver) packFast(g *Grid) {
	copy(s.puz[:], g.Cells)
}

// into prepares dst (a new grid when nil) to take a solution of g: its
// shape and variant, and cells as many as g's.
func into(dst, g *Grid) *Grid {
	if dst == nil {
		dst = &Grid{}
	}
	dst.Shape, dst.Variant = g.Shape.norm(), g.Variant
	if cap(dst.Cells) >= len(g.Cells) {
		dst.Cells = dst.Cells[:len(g.Cells)]
	} else {
		dst.Cells = make([]uint8, len(g.Cells))
	}
	return dst
}

// Solve returns a solution of g (the first one found: with a zero Seed the
// same every time). It returns ErrNoSolution when there is none, an
// *InvalidError (wrapping ErrInvalid) when givens clash, an error wrapping
// ErrGrid, ErrShape or ErrVariant for a malformed grid, and ctx.Err() when
// cancelled.
func (s *Solver) Solve(ctx context.Context, g *Grid) (*Grid, error) {
	return s.SolveInto(ctx, g, nil)
}

// SolveInto is Solve storing the solution in dst, whose cells are reused
// when they are enough, and returning it; dst may be g itself, and a nil
// dst is a new grid. On an error dst is left as it was.
func (s *Solver) SolveInto(ctx context.Context, g, dst *Grid) (*Grid, error) {
	sol, _, err := s.SolveIntoCount(ctx, g, dst, 1)
	return sol, err
}

// SolveIntoCount is SolveInto that goes on looking for more solutions,
// up to limit (1 when smaller): n is the number found, so that with limit
// 2 a puzzle with several solutions says so (n == 2) along with the
// first solution found. Looking for a second solution costs the rest of
// the search (for a unique 17-clue 9x9 puzzle, a few percent more).
func (s *Solver) SolveIntoCount(ctx context.Context, g, dst *Grid, limit int) (sol *Grid, n int, err error) {
	limit = max(limit, 1)
	s.guesses = 0
	m, err := s.MethodFor(g)
	if err != nil {
		return nil, 0, err
	}
	if m == Propagate {
		return s.solvePropagate(ctx, g, dst, limit)
	}
	if m == Fast {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		s.packFast(g)
		n, guesses := s.fast.Count(&s.puz, limit, &s.sol)
		s.guesses = guesses
		if n == 0 {
			// The fast solver finds no solution for cells over 9 as well:
			// checked here, off the path of the puzzles it solves.
			if err := checkCells(g); err != nil {
				return nil, 0, err
			}
			if ie := invalid(g); ie != nil {
				return nil, 0, ie
			}
			return nil, 0, ErrNoSolution
		}
		out := into(dst, g)
		copy(out.Cells, s.sol[:])
		return out, n, nil
	}
	defer s.trim()
	e, err := s.apply(ctx, g)
	if err == errRuledOut {
		return nil, 0, ErrNoSolution
	}
	if err != nil {
		return nil, 0, err
	}
	e.xs.ResetAfterSearch()
	var first []int
	if limit == 1 {
		first, err = e.xs.SolveInto(ctx, exactcover.Options{Limit: 1, Seed: s.opt.Seed, MaxNodes: s.opt.MaxNodes}, s.buf[:0])
		if err == nil {
			n = 1
		}
	} else {
		// found, not the result n, goes to the loop's closure: the
		// result stays off the heap on every path.
		first = s.buf[:0]
		found := 0
		for sol := range e.xs.Solutions(ctx, exactcover.Options{Limit: int64(limit), Seed: s.opt.Seed, MaxNodes: s.opt.MaxNodes}) {
			if found == 0 {
				first = append(first, sol...)
			}
			found++
		}
		n = found
		if err = e.xs.Err(); err == nil && n == 0 {
			err = exactcover.ErrNoSolution
		}
	}
	e.chosen = false
	s.buf = first
	s.guesses = int(e.xs.Stats().Nodes)
	if err != nil {
		if errors.Is(err, exactcover.ErrNoSolution) {
			return nil, 0, ErrNoSolution
		}
		return nil, 0, err
	}
	out := into(dst, g)
	copy(out.Cells, g.Cells)
	e.fill(out, first)
	return out, n, nil
}

func (s *Solver) limit(limit int) int {
	switch {
	case limit < 0:
		return math.MaxInt
	case limit == 0:
		if s.opt.Limit > 0 {
			return s.opt.Limit
		}
		return 2
	}
	return limit
}

// Count returns the number of solutions of g, stopping at limit: a limit of
// 0 means Options.Limit (2 when that is 0), a negative limit counts them
// all. Clashing givens give 0 and an *InvalidError. On cancellation it
// returns the count so far and ctx.Err().
func (s *Solver) Count(ctx context.Context, g *Grid, limit int) (int, error) {
	s.guesses = 0
	limit = s.limit(limit)
	m, err := s.MethodFor(g)
	if err != nil {
		return 0, err
	}
	if m == Propagate {
		_, n, err := s.propagateCount(ctx, g, limit)
		return n, err
	}
	if m == Fast {
		if err := checkCells(g); err != nil {
			return 0, err
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		s.packFast(g)
		n, guesses, err := s.fast.CountContext(ctx, &s.puz, limit, nil)
		s.guesses = guesses
		if err != nil {
			return n, err
		}
		if n == 0 {
			if ie := invalid(g); ie != nil {
				return 0, ie
			}
		}
		return n, nil
	}
	defer s.trim()
	e, err := s.apply(ctx, g)
	if err == errRuledOut {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	lim := int64(limit)
	if limit == math.MaxInt {
		lim = 0
	}
	e.xs.ResetAfterSearch()
	n, err := e.xs.Count(ctx, exactcover.Options{Limit: lim, MaxNodes: s.opt.MaxNodes})
	e.chosen = false
	s.guesses = int(e.xs.Stats().Nodes)
	return int(n), err
}

// Check returns the verdict on g: Invalid (with the clashing cells),
// NoSolution, Unique (with the solution) or Multiple. The error is for a
// malformed grid or cancellation only.
func (s *Solver) Check(ctx context.Context, g *Grid) (Verdict, error) {
	s.guesses = 0
	m, err := s.MethodFor(g)
	if err != nil {
		return Verdict{}, err
	}
	if m == Propagate {
		return s.checkPropagate(ctx, g)
	}
	if m == Fast {
		if err := checkCells(g); err != nil {
			return Verdict{}, err
		}
		if err := ctx.Err(); err != nil {
			return Verdict{}, err
		}
		s.packFast(g)
		n, guesses := s.fast.Count(&s.puz, 2, &s.sol)
		s.guesses = guesses
		switch n {
		case 0:
			if ie := invalid(g); ie != nil {
				return invalidVerdict(ie), nil
			}
			return Verdict{Kind: NoSolution}, nil
		case 1:
			sol := into(nil, g)
			copy(sol.Cells, s.sol[:])
			return Verdict{Kind: Unique, Solution: sol}, nil
		}
		return Verdict{Kind: Multiple}, nil
	}
	defer s.trim()
	e, err := s.apply(ctx, g)
	if err == errRuledOut {
		return Verdict{Kind: NoSolution}, nil
	}
	if err != nil {
		var ie *InvalidError
		if errors.As(err, &ie) {
			return invalidVerdict(ie), nil
		}
		return Verdict{}, err
	}
	var first *Grid
	count := 0
	e.xs.ResetAfterSearch()
	for sol := range e.xs.Solutions(ctx, exactcover.Options{Limit: 2}) {
		count++
		if count == 1 {
			first = g.Clone()
			e.fill(first, sol)
		}
	}
	e.chosen = false
	s.guesses = int(e.xs.Stats().Nodes)
	if err := e.xs.Err(); err != nil {
		return Verdict{}, err
	}
	switch count {
	case 0:
		return Verdict{Kind: NoSolution}, nil
	case 1:
		return Verdict{Kind: Unique, Solution: first}, nil
	}
	return Verdict{Kind: Multiple}, nil
}

func invalidVerdict(ie *InvalidError) Verdict {
	return Verdict{Kind: Invalid, Invalid: ie}
}

// solvers pools Solvers for the one-shot functions, so that their cached
// matrices are reused.
var solvers = sync.Pool{New: func() any { return NewSolver(Options{}) }}

// Solve solves g with a pooled Solver using Auto; see Solver.Solve.
func Solve(ctx context.Context, g *Grid) (*Grid, error) {
	s := solvers.Get().(*Solver)
	defer solvers.Put(s)
	return s.Solve(ctx, g)
}

// Count counts the solutions of g up to limit with a pooled Solver; see
// Solver.Count.
func Count(ctx context.Context, g *Grid, limit int) (int, error) {
	s := solvers.Get().(*Solver)
	defer solvers.Put(s)
	return s.Count(ctx, g, limit)
}

// Check returns the verdict on g with a pooled Solver; see Solver.Check.
func Check(ctx context.Context, g *Grid) (Verdict, error) {
	s := solvers.Get().(*Solver)
	defer solvers.Put(s)
	return s.Check(ctx, g)
}
