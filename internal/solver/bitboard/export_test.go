package bitboard

// Modes for ForceMode.
const (
	ModeTriads     = modeTriads
	ModeCells      = modeCells
	ModeCellsLight = modeCellsLight
)

// ForceMode makes s search every puzzle in mode m (ModeTriads, ModeCells
// or ModeCellsLight), whatever Solver.mode would choose, so that the
// tests cover every mode on the same puzzles.
func ForceMode(s *Solver, m uint8) {
	s.force = m
}
