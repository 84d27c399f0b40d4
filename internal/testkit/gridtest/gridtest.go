// Package gridtest makes grids for tests: random valid 9x9 grids for the
// solvers, grids of any size whose lack of a solution is hard to see
// (Confined), and their text (Letters); it reads 9x9 puzzles (Parse81,
// ReadPuzzles81) and is the brute-force reference of the Sudoku solvers
// (Regions, Count, Solves), written from the rules alone.
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

// BrokenUnits reports which kinds of unit of the full 9x9 grid g (values
// 1-9, row-major) miss a digit: some row, some column, some box. It
// checks unit by unit, independently of any solver.
func BrokenUnits(g *[81]uint8) (rows, cols, boxes bool) {
	for u := range 9 {
		var row, col, box uint16
		for k := range 9 {
			row |= 1 << g[9*u+k]
			col |= 1 << g[9*k+u]
			box |= 1 << g[9*(3*(u/3)+k/3)+3*(u%3)+k%3]
		}
		rows, cols, boxes = rows || row != 0x3FE, cols || col != 0x3FE, boxes || box != 0x3FE
	}
	return rows, cols, boxes
}

// Confined returns the cells (row-major, 0 for a blank) of a grid with
// boxes of boxRows×boxCols cells and no solution: digits 1..k are placed
// in the other rows of box 1's band and in the other columns of its stack
// so that, in box 1, they fit only in the first k-1 cells of its top row
// (k at most both box sides, at least 2). Naked and hidden singles do not
// see it; with 4x4 boxes and k = 3 it is the 16x16 of issue 10 whose
// rating ran for hours.
func Confined(boxRows, boxCols, k int) []uint8 {
	n := boxRows * boxCols
	g := make([]uint8, n*n)
	for r := 1; r < boxRows; r++ { // row r: 1..k in box r of the band
		for j := 1; j <= k; j++ {
			g[r*n+r*boxCols+j-1] = uint8(j)
		}
	}
	for c := k - 1; c < boxCols; c++ { // column c: 1..k in band c-k+2
		band := c - k + 2
		for j := 1; j <= k; j++ {
			g[(band*boxRows+j-1)*n+c] = uint8(j)
		}
	}
	return g
}

// Letters writes cells (row-major, 0 for a blank, digits up to 26) as one
// line, digit d as the letter 'A'+d-1 and a blank as '.': the way the
// 16x16 and 25x25 grids of the tests are given to parsers, commands and
// the service.
func Letters(cells []uint8) string {
	b := make([]byte, len(cells))
	for i, d := range cells {
		b[i] = '.'
		if d > 0 {
			b[i] = 'A' + d - 1
		}
	}
	return string(b)
}
