package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
)

// ErrNoSolution is returned by Solve for a puzzle whose givens do not clash
// but that no grid completes.
var ErrNoSolution = errors.New("no solution")

// Method selects the solving algorithm.
type Method int

const (
	// Auto uses the fast solver for standard 9x9 grids (when Options.Seed
	// is zero) and the exact-cover solver for everything else.
	Auto Method = iota
	// DLX always uses the exact-cover reduction on dancing links.
	DLX
	// Fast uses the specialised 9x9 solver (internal/solver/bitboard); other grids
	// give an error wrapping ErrShape.
	Fast
)

// String returns "auto", "dlx" or "fast".
func (m Method) String() string {
	switch m {
	case Auto:
		return "auto"
	case DLX:
		return "dlx"
	case Fast:
		return "fast"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod returns the Method named "auto", "dlx" or "fast".
func ParseMethod(s string) (Method, error) {
	switch s {
	case "auto", "":
		return Auto, nil
	case "dlx":
		return DLX, nil
	case "fast":
		return Fast, nil
	}
	return Auto, fmt.Errorf("unknown solver %s (want auto, dlx or fast)", quote.Short(s))
}

// Options configures a Solver. The zero value uses Auto and counts up to 2.
type Options struct {
	Method Method
	// Limit is the default limit of Count when its limit argument is 0;
	// 0 means 2 (enough to tell a unique solution).
	Limit int
	// Seed, when nonzero, randomizes the order in which the exact-cover
	// search tries digits, so that Solve on an empty or sparse grid returns
	// a random solution, the same for the same seed. Auto then uses the
	// exact-cover solver.
	Seed uint64
}

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
	buf     []int // the exact-cover solution, reused
}

// entry is the matrix of one shape and variant.
type entry struct {
	shape   Shape
	variant *Variant // the pointer last seen with this content
	key     string
	n       int
	xs      *exactcover.Solver
	pm      *placements // with constraints: placements to options and back
	chosen  bool        // Choose was called since the last Reset
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
// (levels entered, as exactcover.Stats.Nodes counts them).
func (s *Solver) Guesses() int { return s.guesses }

func (s *Solver) useFast(g *Grid) (bool, error) {
	switch s.opt.Method {
	case DLX:
		return false, nil
	case Fast:
		if !g.IsStandard9() {
			return false, fmt.Errorf("the fast solver handles standard 9x9 grids only: %w", ErrShape)
		}
		return true, nil
	}
	return s.opt.Seed == 0 && g.IsStandard9() && len(g.Cells) == 81, nil
}

// matrix returns the cached exact-cover solver for g's shape and variant,
// building it on first use.
func (s *Solver) matrix(g *Grid) (*entry, error) {
	shape := g.Shape.norm()
	if len(s.cache) > 0 {
		if e := s.cache[0]; e.shape == shape && e.variant == g.Variant {
			return e, nil
		}
	}
	key := variantKey(shape, g.Variant)
	for i, e := range s.cache {
		if e.key == key {
			copy(s.cache[1:i+1], s.cache[:i])
			s.cache[0] = e
			e.variant = g.Variant
			return e, nil
		}
	}
	l, err := newLayout(shape, g.Variant)
	if err != nil {
		return nil, err
	}
	p, pm, err := l.fullProblem()
	if err != nil {
		return nil, err
	}
	e := &entry{shape: shape, variant: g.Variant, key: key, n: l.n, xs: exactcover.NewSolver(p), pm: pm}
	if len(s.cache) < maxCached {
		s.cache = append(s.cache, nil)
	}
	copy(s.cache[1:], s.cache)
	s.cache[0] = e
	return e, nil
}

// apply returns the matrix of g with g's givens chosen, an *InvalidError
// when they clash or break a constraint, or errRuledOut when the
// constraints alone rule a given out.
func (s *Solver) apply(g *Grid) (*entry, error) {
	if err := checkCells(g); err != nil {
		return nil, err
	}
	e, err := s.matrix(g)
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
	fast, err := s.useFast(g)
	if err != nil {
		return nil, 0, err
	}
	if fast {
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
	e, err := s.apply(g)
	if err == errRuledOut {
		return nil, 0, ErrNoSolution
	}
	if err != nil {
		return nil, 0, err
	}
	e.xs.ResetAfterSearch()
	var first []int
	if limit == 1 {
		first, err = e.xs.SolveInto(ctx, exactcover.Options{Limit: 1, Seed: s.opt.Seed}, s.buf[:0])
		if err == nil {
			n = 1
		}
	} else {
		first = s.buf[:0]
		for sol := range e.xs.Solutions(ctx, exactcover.Options{Limit: int64(limit), Seed: s.opt.Seed}) {
			if n == 0 {
				first = append(first, sol...)
			}
			n++
		}
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
	fast, err := s.useFast(g)
	if err != nil {
		return 0, err
	}
	if fast {
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
	e, err := s.apply(g)
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
	n, err := e.xs.Count(ctx, exactcover.Options{Limit: lim})
	e.chosen = false
	s.guesses = int(e.xs.Stats().Nodes)
	return int(n), err
}

// Check returns the verdict on g: Invalid (with the clashing cells),
// NoSolution, Unique (with the solution) or Multiple. The error is for a
// malformed grid or cancellation only.
func (s *Solver) Check(ctx context.Context, g *Grid) (Verdict, error) {
	s.guesses = 0
	fast, err := s.useFast(g)
	if err != nil {
		return Verdict{}, err
	}
	if fast {
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
			return Verdict{Kind: NoSolution, N: 9}, nil
		case 1:
			sol := into(nil, g)
			copy(sol.Cells, s.sol[:])
			return Verdict{Kind: Unique, Solution: sol, N: 9}, nil
		}
		return Verdict{Kind: Multiple, N: 9}, nil
	}
	e, err := s.apply(g)
	if err == errRuledOut {
		return Verdict{Kind: NoSolution, N: g.N()}, nil
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
		return Verdict{Kind: NoSolution, N: e.n}, nil
	case 1:
		return Verdict{Kind: Unique, Solution: first, N: e.n}, nil
	}
	return Verdict{Kind: Multiple, N: e.n}, nil
}

func invalidVerdict(ie *InvalidError) Verdict {
	return Verdict{Kind: Invalid, Clashes: ie.Clashes, Digits: ie.Digits, N: ie.N, Broken: ie.Broken}
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
