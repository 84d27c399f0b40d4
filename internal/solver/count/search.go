package count

import "github.com/dlxkit/dlx/internal/solver/bandword"

// The whole-grid search: the candidates and propagation of
// internal/solver/bandword, shared with internal/solver/bitboard, with the guess chosen
// in a given band.

// choose picks the guess among the unsolved cells of band b of s (see
// bandword.State.ChooseInBand). It returns the index into s.C and the
// cell's bit.
func choose(s *bandword.State, b int) (k int, x uint32) {
	k, x, _ = s.ChooseInBand(b)
	return k, x
}
