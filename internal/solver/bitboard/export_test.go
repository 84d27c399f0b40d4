package bitboard

// ForceMode makes s search every puzzle with the triads (cells false) or
// with cell guesses (cells true), whatever cellMode would choose, so that
// the tests cover both modes on the same puzzles.
func ForceMode(s *Solver, cells bool) {
	s.force = 1
	if cells {
		s.force = 2
	}
}
