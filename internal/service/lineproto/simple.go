package lineproto

import "math/bits"

// SimpleSolver is a small backtracking solver (row, column and box masks,
// most constrained cell first). It is independent of the other solvers of
// the project, which makes it a cross-check for them in tests.
type SimpleSolver struct {
	rows, cols, boxes [9]uint16
	cells             [81]uint8
}

// Solve implements Solver.
func (s *SimpleSolver) Solve(puzzle, solution *[81]uint8) bool {
	s.rows, s.cols, s.boxes = [9]uint16{}, [9]uint16{}, [9]uint16{}
	s.cells = *puzzle
	for i, v := range puzzle {
		if v == 0 {
			continue
		}
		if v > 9 {
			return false
		}
		r, c := i/9, i%9
		b := r/3*3 + c/3
		m := uint16(1) << v
		if (s.rows[r]|s.cols[c]|s.boxes[b])&m != 0 {
			return false
		}
		s.rows[r] |= m
		s.cols[c] |= m
		s.boxes[b] |= m
	}
	if !s.search() {
		return false
	}
	*solution = s.cells
	return true
}

func (s *SimpleSolver) search() bool {
	best, bestN := -1, 10
	var bestFree uint16
	for i, v := range s.cells {
		if v != 0 {
			continue
		}
		r, c := i/9, i%9
		free := ^(s.rows[r] | s.cols[c] | s.boxes[r/3*3+c/3]) & 0x3fe
		n := bits.OnesCount16(free)
		if n < bestN {
			best, bestN, bestFree = i, n, free
			if n <= 1 {
				break
			}
		}
	}
	if best < 0 {
		return true
	}
	r, c := best/9, best%9
	b := r/3*3 + c/3
	for free := bestFree; free != 0; free &= free - 1 {
		d := bits.TrailingZeros16(free)
		m := uint16(1) << d
		s.rows[r] |= m
		s.cols[c] |= m
		s.boxes[b] |= m
		s.cells[best] = uint8(d)
		if s.search() {
			return true
		}
		s.rows[r] &^= m
		s.cols[c] &^= m
		s.boxes[b] &^= m
	}
	s.cells[best] = 0
	return false
}
