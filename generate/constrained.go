package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/dlxkit/dlx/sudoku"
)

// Puzzles with givens for a variant with constraints (Options.Variant
// with cages, thermometers, the chess or non-consecutive rules, or any
// rule of sudoku.Rules). Every solve and count goes through a
// sudoku.Solver with Method Auto, which picks the propagation solver for
// such grids up to 16x16 (sudoku.Solver.MethodFor) and the exact-cover
// solver beyond, where it encodes the rules.

// constrainedDigNodes bounds each uniqueness check while digging: a given
// whose removal cannot be proven harmless within it stays, so that the
// puzzle may keep a given or two more than a minimal one. Without the
// bound a 9x9 non-consecutive puzzle took 9 s (checks of up to 70,000
// nodes of the propagation solver, 1.6 s).
const constrainedDigNodes = 5000

// puzzleSeed is the seed of puzzle index of a sequence seeded with seed,
// for killers and puzzles with constraints: puzzle 0 has the sequence's
// seed, so that Options.Seed set to a Result.Seed makes that puzzle again.
func puzzleSeed(seed uint64, index int) uint64 {
	return seed + uint64(index)*0x9e3779b97f4a7c15
}

// constrained makes puzzle index of the sequence: a random grid that
// keeps the rules (fillRules), then its givens removed in random order
// while the solution stays unique, each tried once, so that no given left
// can go: the puzzle is minimal. The logic rater does not know the
// constraints, so the difficulty is the givens and the search nodes of
// the uniqueness proof (Result.Nodes).
func (g *Generator) constrained(ctx context.Context, index int) (Result, error) {
	seed := puzzleSeed(g.seed(), index)
	rng := rand.New(rand.NewPCG(seed, seed^0x636f6e73))
	sol, checks, err := g.fillRules(ctx, rng)
	if err != nil {
		return Result{}, err
	}
	p := sol.Clone()
	givens := len(p.Cells)
	for _, c := range rng.Perm(len(p.Cells)) {
		d := p.Cells[c]
		p.Cells[c] = 0
		n, err := g.digSolver.Count(ctx, p, 2)
		checks++
		if errors.Is(err, sudoku.ErrNodeBudget) {
			n, err = 0, nil // not proven unique: the given stays
		}
		if err != nil {
			return Result{}, err
		}
		if n != 1 {
			p.Cells[c] = d
			continue
		}
		givens--
	}
	// The proof of the puzzle as it is, for its difficulty.
	if n, err := g.solver.Count(ctx, p, 2); err != nil || n != 1 {
		return Result{}, fmt.Errorf("generate: final check: %d solutions, %w", n, err)
	}
	return Result{Index: index, Puzzle: p, Solution: sol, Givens: givens, Seed: seed,
		Nodes: g.solver.Guesses(), Checks: checks + 1, Grids: 1}, nil
}

// Filling a grid with the rules: up to fillTries searches with the
// digits in random order, each bounded by fillNodes nodes, before the
// slower fill by givens. On an empty 9x9 grid (300 seeds) a random order
// ended within 100 nodes with anti-king, 2,900 in 90% of the searches
// with anti-knight and non-consecutive together, and, heavy-tailed, 6,300
// in half the searches, 35,000 in 90% with non-consecutive alone: so
// several short searches rather than one long one.
const (
	fillTries = 8
	fillNodes = 10000
)

// fillRules returns a random grid that keeps every rule of the
// generator's variant, and the number of solver calls it made: the
// first of fillTries searches with a random digit order (Options.Seed)
// that ends within fillNodes nodes. When none does, the grid is made
// random by its givens: cells in random order each get the first
// digit, in random order, with which the grid still has a solution,
// until the givens leave one solution only. A digit that the rules rule
// out costs a search that finds nothing, bounded like the digging's; the
// digit of the last solution found always fits, so each cell takes at
// most N searches.
func (g *Generator) fillRules(ctx context.Context, rng *rand.Rand) (*sudoku.Grid, int, error) {
	p := sudoku.NewGrid(g.shape, g.opt.Variant)
	noGrid := func(err error) error {
		return fmt.Errorf("%w: no %dx%d grid keeps all its rules (%v)", ErrNoPuzzle, g.shape.N(), g.shape.N(), err)
	}
	calls := 0
	for range fillTries {
		rs := sudoku.NewSolver(sudoku.Options{Method: sudoku.Propagate, Seed: rng.Uint64() | 1, MaxNodes: fillNodes})
		sol, err := rs.Solve(ctx, p)
		calls++
		switch {
		case err == nil:
			return sol, calls, nil
		case errors.Is(err, sudoku.ErrNoSolution) || errors.Is(err, sudoku.ErrInvalid):
			return nil, calls, noGrid(err)
		case !errors.Is(err, sudoku.ErrNodeBudget):
			return nil, calls, err
		}
	}
	sol, n, err := g.solver.SolveIntoCount(ctx, p, nil, 2)
	calls++
	if errors.Is(err, sudoku.ErrNoSolution) || errors.Is(err, sudoku.ErrInvalid) {
		return nil, calls, noGrid(err)
	}
	if err != nil {
		return nil, calls, err
	}
	nd := g.shape.N()
	for _, c := range rng.Perm(len(p.Cells)) {
		if n == 1 {
			break
		}
		for _, d := range rng.Perm(nd) {
			p.Cells[c] = uint8(d + 1)
			s, m, err := g.digSolver.SolveIntoCount(ctx, p, nil, 2)
			calls++
			if errors.Is(err, sudoku.ErrNoSolution) || errors.Is(err, sudoku.ErrInvalid) || errors.Is(err, sudoku.ErrNodeBudget) {
				continue
			}
			if err != nil {
				return nil, calls, err
			}
			sol, n = s, m
			break
		}
		// A digit whose search runs out of nodes (digSolver) counts as
		// not fitting; if every digit did, c takes the last solution's,
		// which it keeps.
		p.Cells[c] = sol.Cells[c]
	}
	return sol, calls, nil
}

// newConstrainedGenerator checks the options of puzzles with constraints
// (Options.Variant.Constrained).
func newConstrainedGenerator(opt Options, shape sudoku.Shape) (*Generator, error) {
	if err := classicOnly(opt, "puzzles with constraints"); err != nil {
		return nil, err
	}
	if opt.MaxCage != 0 {
		return nil, fmt.Errorf("%w: a cage size is for killer puzzles", ErrOptions)
	}
	n := shape.N()
	if n > sudoku.MaxPropagateN {
		return nil, fmt.Errorf("%w: puzzles with constraints have sides up to %d, not %d: %w", ErrOptions, sudoku.MaxPropagateN, n, sudoku.ErrShape)
	}
	if _, err := sudoku.NewGeometry(shape, opt.Variant); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOptions, err)
	}
	if err := sudoku.CheckConstraints(n, opt.Variant); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOptions, err)
	}
	return &Generator{opt: opt, kind: constrainedKind, ready: true, shape: shape,
		solver:    sudoku.NewSolver(sudoku.Options{}),
		digSolver: sudoku.NewSolver(sudoku.Options{MaxNodes: constrainedDigNodes})}, nil
}
