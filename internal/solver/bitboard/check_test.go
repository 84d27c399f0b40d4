package bitboard_test

import ()

// validSolution reports whether sol is a full valid grid that keeps the
// givens of puzzle. It checks every row, column and box directly, without
// any table shared with the solvers.
func validSolution(puzzle, sol *[81]uint8) bool {
	for i := range 81 {
		if sol[i] < 1 || sol[i] > 9 || (puzzle[i] != 0 && puzzle[i] != sol[i]) {
			return false
		}
	}
	for u := range 9 {
		var row, col, box [10]bool
		for k := range 9 {
			r := sol[u*9+k]
			c := sol[k*9+u]
			b := sol[(u/3*3+k/3)*9+u%3*3+k%3]
			if row[r] || col[c] || box[b] {
				return false
			}
			row[r], col[c], box[b] = true, true, true
		}
	}
	return true
}
