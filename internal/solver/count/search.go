package count

import "github.com/dlxkit/dlx/internal/solver/bandword"

// The whole-grid search: the candidates and propagation of
// internal/solver/bandword, shared with internal/solver/bitboard, with the guess chosen
// in a given band.

// choose picks the guess among the unsolved cells of band b of s: the
// first candidate of the first cell with two candidates, or else of a
// cell with the fewest. It returns the index into s.C and the cell's bit.
func choose(s *bandword.State, b int) (k int, x uint32) {
	var one, two, three uint32
	for j := b; j < 27; j += 3 {
		w := s.C[j]
		three |= two & w
		two |= one & w
		one |= w
	}
	if bi := s.Unsolved[b] & two &^ three; bi != 0 {
		x := bi & -bi
		j := b
		for s.C[j]&x == 0 {
			j += 3
		}
		return j, x
	}
	best := 10
	for u := s.Unsolved[b]; u != 0; u &= u - 1 {
		bit := u & -u
		n, first := 0, -1
		for j := b; j < 27; j += 3 {
			if s.C[j]&bit != 0 {
				if first < 0 {
					first = j
				}
				n++
			}
		}
		if n < best {
			best, k, x = n, first, bit
		}
	}
	return k, x
}
