package lineproto

import "github.com/dlxkit/dlx/internal/solver/dfs"

// Solver solves one standard 9x9 puzzle: cells row-major, 0 blank, 1-9
// given. Solve stores the first solution found in solution and reports
// whether there is one; clashing givens have none. A Solver is used by one
// goroutine at a time.
type Solver interface {
	Solve(puzzle, solution *[81]uint8) bool
}

// dfsSolver is the default Solver: the project's baseline depth-first
// solver (internal/solver/dfs).
type dfsSolver struct{}

func (dfsSolver) Solve(puzzle, solution *[81]uint8) bool {
	n, _ := dfs.Count(puzzle, 1, solution)
	return n > 0
}
