package bitboard

// Solver solves standard 9x9 puzzles. The zero value is ready to use; a
// Solver is reusable and not safe for concurrent use.
type Solver struct {
	// TODO(fast): state.
}

// Count counts the solutions of puzzle (81 cells, row-major, 0 blank, 1-9
// digits), stopping at limit (limit <= 0 means 1). When at least one
// solution exists and solution is not nil, the first one found is stored
// there. Givens that clash give 0. guesses is the number of guesses made.
func (s *Solver) Count(puzzle *[81]uint8, limit int, solution *[81]uint8) (count, guesses int) {
	panic("TODO(fast)")
}
