// Package dfs is the baseline 9x9 Sudoku solver: a depth-first search over
// per-row, per-column and per-box bitmasks of the digits still free, that
// fills the empty cell with the fewest candidates first and tries its
// digits from the lowest bit up. It is kept simple on purpose, as the
// reference the fast solver (internal/solver/bitboard) is measured and checked
// against.
package dfs

import "math/bits"

// searcher holds the state of one search.
type searcher struct {
	grid          [81]uint8
	row, col, box [9]uint16 // bit d-1 set: digit d still free in that house
	empty         [81]uint8 // indices of the cells to fill
	nEmpty        int
	limit, count  int
	guesses       int
	solution      *[81]uint8
}

// boxOf maps a cell index to its box.
var boxOf = func() (b [81]uint8) {
	for i := range b {
		b[i] = uint8(i/27*3 + i%9/3)
	}
	return
}()

// Count counts the solutions of puzzle (81 cells, row-major, 0 blank, 1-9
// digits), stopping at limit (limit <= 0 means 1). When at least one
// solution exists and solution is not nil, the first one found is stored
// there. Givens that clash (or values above 9) give 0. guesses is the
// number of digits tried in cells that had two or more candidates.
func Count(puzzle *[81]uint8, limit int, solution *[81]uint8) (count, guesses int) {
	if limit <= 0 {
		limit = 1
	}
	var s searcher
	s.limit, s.solution = limit, solution
	for h := range 9 {
		s.row[h], s.col[h], s.box[h] = 0x1FF, 0x1FF, 0x1FF
	}
	for i, v := range puzzle {
		if v == 0 {
			s.empty[s.nEmpty] = uint8(i)
			s.nEmpty++
			continue
		}
		if v > 9 {
			return 0, 0
		}
		m := uint16(1) << (v - 1)
		r, c, b := i/9, i%9, boxOf[i]
		if s.row[r]&s.col[c]&s.box[b]&m == 0 {
			return 0, 0 // clashing givens
		}
		s.row[r] &^= m
		s.col[c] &^= m
		s.box[b] &^= m
		s.grid[i] = v
	}
	s.search(s.nEmpty)
	return s.count, s.guesses
}

// search fills the remaining left empty cells; it returns true when the
// limit is reached.
func (s *searcher) search(left int) bool {
	if left == 0 {
		if s.count == 0 && s.solution != nil {
			*s.solution = s.grid
		}
		s.count++
		return s.count >= s.limit
	}
	// The empty cell with the fewest candidates.
	best, bestN, bestMask := -1, 10, uint16(0)
	for k := range s.nEmpty {
		i := int(s.empty[k])
		if s.grid[i] != 0 {
			continue
		}
		m := s.row[i/9] & s.col[i%9] & s.box[boxOf[i]]
		n := bits.OnesCount16(m)
		if n < bestN {
			best, bestN, bestMask = i, n, m
			if n <= 1 {
				break
			}
		}
	}
	if bestN == 0 {
		return false
	}
	r, c, b := best/9, best%9, boxOf[best]
	for m := bestMask; m != 0; m &= m - 1 {
		low := m & -m
		if bestN > 1 {
			s.guesses++
		}
		s.grid[best] = uint8(bits.TrailingZeros16(low)) + 1
		s.row[r] &^= low
		s.col[c] &^= low
		s.box[b] &^= low
		done := s.search(left - 1)
		s.row[r] |= low
		s.col[c] |= low
		s.box[b] |= low
		s.grid[best] = 0
		if done {
			return true
		}
	}
	return false
}
