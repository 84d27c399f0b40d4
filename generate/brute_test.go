package generate

import "github.com/dlxkit/dlx/sudoku"

// bruteCount counts the solutions of a standard grid of any box shape up
// to limit by plain backtracking over cells in order: the independent
// reference for the tests (no hidden singles, no candidate masks).
func bruteCount(g *sudoku.Grid, limit int) int {
	n := g.Shape.N()
	br, bc := g.Shape.BoxRows, g.Shape.BoxCols
	cells := append([]uint8(nil), g.Cells...)
	ok := func(i int, d uint8) bool {
		r, c := i/n, i%n
		for k := 0; k < n; k++ {
			if cells[r*n+k] == d || cells[k*n+c] == d {
				return false
			}
		}
		r0, c0 := r/br*br, c/bc*bc
		for y := r0; y < r0+br; y++ {
			for x := c0; x < c0+bc; x++ {
				if cells[y*n+x] == d {
					return false
				}
			}
		}
		return true
	}
	// Givens must not clash.
	for i, d := range cells {
		if d != 0 {
			cells[i] = 0
			if !ok(i, d) {
				return 0
			}
			cells[i] = d
		}
	}
	count := 0
	var rec func() bool
	rec = func() bool {
		// The blank cell with the fewest digits allowed; digits tried in order.
		best, bestN := -1, n+1
		for i, d := range cells {
			if d != 0 {
				continue
			}
			k := 0
			for d := uint8(1); int(d) <= n; d++ {
				if ok(i, d) {
					k++
				}
			}
			if k < bestN {
				best, bestN = i, k
			}
		}
		if best < 0 {
			count++
			return count >= limit
		}
		for d := uint8(1); int(d) <= n; d++ {
			if ok(best, d) {
				cells[best] = d
				stop := rec()
				cells[best] = 0
				if stop {
					return true
				}
			}
		}
		return false
	}
	rec()
	return count
}
