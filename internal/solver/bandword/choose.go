package bandword

// ChooseInBand picks a guess among the unsolved cells of band b: the first
// candidate of the first cell with exactly two candidates, or else of the
// first cell with the fewest. It returns the index into s.C of that
// candidate's digit word, the cell's bit, and the cell's number of
// candidates (10 when the band has no unsolved cell). Both 9x9 solvers
// branch with it: internal/solver/bitboard over the bands in turn,
// internal/solver/count in the band it is filling.
func (s *State) ChooseInBand(b int) (k int, x uint32, n int) {
	// The cells with at least one, two and three candidates.
	// Unrolled: the compiler does not unroll the loop.
	c := s.C[b : b+25 : b+25]
	one, two, three := c[0], uint32(0), uint32(0)
	two, one = one&c[3], one|c[3]
	three, two, one = two&c[6], two|one&c[6], one|c[6]
	three, two, one = three|two&c[9], two|one&c[9], one|c[9]
	three, two, one = three|two&c[12], two|one&c[12], one|c[12]
	three, two, one = three|two&c[15], two|one&c[15], one|c[15]
	three, two, one = three|two&c[18], two|one&c[18], one|c[18]
	three, two, one = three|two&c[21], two|one&c[21], one|c[21]
	three, two = three|two&c[24], two|one&c[24]
	one |= c[24]
	if bi := s.Unsolved[b] & two &^ three; bi != 0 {
		x := bi & -bi
		j := b
		for s.C[j]&x == 0 {
			j += 3
		}
		return j, x, 2
	}
	n = 10
	for u := s.Unsolved[b]; u != 0; u &= u - 1 {
		bit := u & -u
		c, first := 0, -1
		for j := b; j < 27; j += 3 {
			if s.C[j]&bit != 0 {
				if first < 0 {
					first = j
				}
				c++
			}
		}
		if c < n {
			n, k, x = c, first, bit
		}
	}
	return k, x, n
}
