package lineproto

// Solver solves one standard 9x9 puzzle: cells row-major, 0 blank, 1-9
// given. Solve stores the first solution found in solution and reports
// whether there is one; clashing givens have none. A Solver is used by one
// goroutine at a time.
type Solver interface {
	Solve(puzzle, solution *[81]uint8) bool
}
