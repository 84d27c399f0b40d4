package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/sudoku"
)

// ConstrainedResult is a puzzle with givens for a variant with
// constraints (see Constrained).
type ConstrainedResult struct {
	Puzzle   *sudoku.Grid
	Solution *sudoku.Grid
	Givens   int
	Seed     uint64
	// Nodes is the exact-cover search nodes of proving the puzzle unique
	// (a count to 2): its difficulty measure, with Givens.
	Nodes int
}

// constrainedDigNodes bounds each uniqueness check while digging: a given
// whose removal cannot be proven harmless within it stays. Without the
// bound a non-consecutive 9x9 took 30 s (checks of 300,000 nodes).
const constrainedDigNodes = 20000

// uniqueWithin reports whether g has exactly one solution, proven within
// budget search nodes (false when the budget runs out).
func uniqueWithin(ctx context.Context, g *sudoku.Grid, budget int64) (bool, error) {
	p, err := sudoku.ExactCover(g)
	if err != nil {
		return false, err
	}
	n, err := exactcover.NewSolver(p).Count(ctx, exactcover.Options{Limit: 2, MaxNodes: budget})
	if errors.Is(err, exactcover.ErrNodeBudget) {
		return false, nil
	}
	return n == 1, err
}

// Constrained makes a minimal puzzle with givens for shape and a variant
// with constraints (anti-knight, anti-king, non-consecutive,
// thermometers, cages, with or without regions): it fills a random grid
// that keeps the constraints, then removes givens in random order while
// the solution stays unique, trying each once, so no given left can go
// (except one whose removal a check of constrainedDigNodes search nodes
// could not prove harmless).
// The logic rater does not know the constraints, so the difficulty is
// the givens and the search nodes of the uniqueness proof. The same seed
// gives the same puzzle.
func Constrained(ctx context.Context, shape sudoku.Shape, v *sudoku.Variant, seed uint64) (*ConstrainedResult, error) {
	if shape == (sudoku.Shape{}) {
		shape = sudoku.Standard
	}
	if !v.Constrained() {
		return nil, fmt.Errorf("the variant has no constraints: use Puzzle: %w", ErrOptions)
	}
	if err := sudoku.CheckConstraints(shape.N(), v); err != nil {
		return nil, err
	}
	if seed == 0 {
		seed = RandomSeed()
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x636f6e73))
	sol, err := sudoku.NewSolver(sudoku.Options{Seed: rng.Uint64() | 1}).Solve(ctx, sudoku.NewGrid(shape, v))
	if err != nil {
		return nil, fmt.Errorf("filling a grid: %w", err)
	}
	p := sol.Clone()
	givens := len(p.Cells)
	for _, c := range rng.Perm(len(p.Cells)) {
		d := p.Cells[c]
		p.Cells[c] = 0
		unique, err := uniqueWithin(ctx, p, constrainedDigNodes)
		if err != nil {
			return nil, err
		}
		if !unique {
			p.Cells[c] = d
			continue
		}
		givens--
	}
	s := sudoku.NewSolver(sudoku.Options{})
	if _, err := s.Count(ctx, p, 2); err != nil {
		return nil, err
	}
	return &ConstrainedResult{Puzzle: p, Solution: sol, Givens: givens, Seed: seed, Nodes: s.Guesses()}, nil
}
