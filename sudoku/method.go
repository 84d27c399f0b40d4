package sudoku

import (
	"fmt"

	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/solver/propagate"
)

// Method selects the solving algorithm.
type Method int

const (
	// Auto lets AutoMethod pick the solver for each grid.
	Auto Method = iota
	// DLX always uses the exact-cover reduction on dancing links.
	DLX
	// Fast uses the specialised 9x9 solver (internal/solver/bitboard); other grids
	// give an error wrapping ErrShape.
	Fast
	// Propagate uses the constraint-propagation solver
	// (internal/solver/propagate), which takes every rule of every
	// variant on grids up to 16x16 (MaxPropagateN); larger grids give an
	// error wrapping ErrShape. Options.Seed randomizes its digit order
	// as it does the exact-cover search's.
	Propagate
)

// String returns "auto", "dlx", "fast" or "propagate".
func (m Method) String() string {
	switch m {
	case Auto:
		return "auto"
	case DLX:
		return "dlx"
	case Fast:
		return "fast"
	case Propagate:
		return "propagate"
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// ParseMethod returns the Method named "auto", "dlx", "fast" or
// "propagate".
func ParseMethod(s string) (Method, error) {
	switch s {
	case "auto", "":
		return Auto, nil
	case "dlx":
		return DLX, nil
	case "fast":
		return Fast, nil
	case "propagate":
		return Propagate, nil
	}
	return Auto, fmt.Errorf("unknown solver %s (want auto, dlx, fast or propagate)", quote.Short(s))
}

// AutoMethod returns the solver Auto uses for puzzles of shape s (the zero
// Shape is Standard) and variant v (nil: the standard rules), for a Solver
// whose Options.Seed is seed. It is the one place that decides; the rule:
//
//   - Fast, the bitboard solver, for the standard 9x9 grid whose variant
//     has no region and no constraint (Grid.IsStandard9), unless seed is
//     nonzero: it has no random order;
//   - Propagate, the constraint-propagation solver, for a grid of side up
//     to 16 (MaxPropagateN) whose variant has constraints (cages,
//     thermometers, the chess and non-consecutive rules, any of Rules;
//     Variant.Constrained), seeded or not (its random order found a
//     seeded empty 9x9 anti-knight grid's solution in 1 ms at worst over
//     20 seeds, where the exact-cover solver took up to 3 s);
//   - DLX, the exact-cover solver, for everything else.
//
// Code with searches of its own for the fast solver's grids and for the
// others (the rater, the generator, the band counter of analyze) asks
// AutoMethod(s, v, 0) == Fast.
func AutoMethod(s Shape, v *Variant, seed uint64) Method {
	switch {
	case seed == 0 && fastFits(s, v):
		return Fast
	case s.norm().N() <= propagate.MaxN && v.Constrained():
		return Propagate
	}
	return DLX
}

// fastFits reports whether the fast solver takes puzzles of shape s and
// variant v: the standard 9x9 grid, no region and no constraint.
func fastFits(s Shape, v *Variant) bool {
	return s.norm() == Standard && (v == nil || (v.Boxes == nil && len(v.Extra) == 0 && !v.Constrained()))
}

// MethodFor returns the method Solve, Count and Check use for g with the
// Solver's options: the forced Options.Method, or with Auto the one
// AutoMethod picks (a grid without its 81 cells goes to the exact-cover
// solver, which reports it). It is Fast, DLX or Propagate, never Auto; the
// error wraps ErrShape when the options force the fast solver on another
// grid.
func (s *Solver) MethodFor(g *Grid) (Method, error) {
	switch s.opt.Method {
	case DLX, Propagate:
		return s.opt.Method, nil
	case Fast:
		if !g.IsStandard9() {
			return Fast, fmt.Errorf("the fast solver handles standard 9x9 grids only: %w", ErrShape)
		}
		return Fast, nil
	}
	m := AutoMethod(g.Shape, g.Variant, s.opt.Seed)
	if m == Fast && len(g.Cells) != 81 {
		return DLX, nil
	}
	return m, nil
}
