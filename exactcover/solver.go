package exactcover

import (
	"context"
	"iter"
)

// Solver holds the dancing-links memory of one Problem. It is reusable
// across searches and cheap to reset; it is not safe for concurrent use
// (use one Solver per goroutine, or Options.Workers).
type Solver struct {
	// TODO(engine)
}

// NewSolver builds the links for p. Later changes to p do not affect it.
func NewSolver(p *Problem) *Solver { panic("TODO(engine)") }

// Choose fixes option i as part of every solution, covering its items, as
// a puzzle's givens are applied before the search. It returns an error
// wrapping ErrConflict if the option clashes with options already chosen.
func (s *Solver) Choose(i int) error { panic("TODO(engine)") }

// Reset undoes every Choose, returning the solver to the full problem.
func (s *Solver) Reset() { panic("TODO(engine)") }

// Solve returns the first solution as option indices (the chosen ones
// included), or ErrNoSolution. On cancellation it returns ctx.Err().
func (s *Solver) Solve(ctx context.Context, opt Options) ([]int, error) { panic("TODO(engine)") }

// Count returns the number of solutions, at most opt.Limit when it is
// nonzero. On cancellation it returns the count so far and ctx.Err().
func (s *Solver) Count(ctx context.Context, opt Options) (int64, error) { panic("TODO(engine)") }

// Solutions returns an iterator over the solutions as option indices. The
// yielded slice is owned by the solver and overwritten by the next
// iteration: copy it to keep it. After the loop, Err reports cancellation.
func (s *Solver) Solutions(ctx context.Context, opt Options) iter.Seq[[]int] { panic("TODO(engine)") }

// Err returns the error that ended the last Solutions iteration, if any.
func (s *Solver) Err() error { panic("TODO(engine)") }

// Stats returns the statistics of the last search.
func (s *Solver) Stats() Stats { panic("TODO(engine)") }

// Split returns at least n subproblems (when the tree has that many
// branches) that together cover the search below the current state once.
func (s *Solver) Split(n int) []Subproblem { panic("TODO(engine)") }

// Solve is a shorthand for NewSolver(p).Solve.
func (p *Problem) Solve(ctx context.Context, opt Options) ([]int, Stats, error) {
	panic("TODO(engine)")
}

// Count is a shorthand for NewSolver(p).Count.
func (p *Problem) Count(ctx context.Context, opt Options) (int64, Stats, error) {
	panic("TODO(engine)")
}
