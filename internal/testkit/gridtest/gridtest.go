// Package gridtest makes random valid 9x9 Sudoku grids for the tests of
// the solvers.
package gridtest

import "math/rand/v2"

// Solution is a valid 9x9 grid, row by row.
const Solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// Random returns a valid grid (values 1-9, row-major): Solution with its
// digits relabelled, bands, stacks, rows in bands and columns in stacks
// permuted, and maybe transposed. All of these keep a grid valid.
func Random(r *rand.Rand) [81]uint8 {
	var g [81]uint8
	digits := r.Perm(9)
	var rows, cols [9]int
	bands, stacks := r.Perm(3), r.Perm(3)
	for b := range 3 {
		rp, cp := r.Perm(3), r.Perm(3)
		for k := range 3 {
			rows[3*b+k] = 3*bands[b] + rp[k]
			cols[3*b+k] = 3*stacks[b] + cp[k]
		}
	}
	transpose := r.IntN(2) == 1
	for i := range 81 {
		rr, cc := rows[i/9], cols[i%9]
		if transpose {
			rr, cc = cc, rr
		}
		g[i] = uint8(digits[Solution[9*rr+cc]-'1'] + 1)
	}
	return g
}
