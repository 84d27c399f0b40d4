package gridtest

// Regions returns the houses of the grid of side boxRows*boxCols: its
// rows, its columns, its boxes (the boxRows x boxCols rectangles, or the
// given jigsaw boxes when boxes is not nil) and the extra regions, each a
// list of row-major cell indexes. It is written from the rules alone, for
// Count, independently of the solvers' geometries.
func Regions(boxRows, boxCols int, boxes, extra [][]int) [][]int {
	n := boxRows * boxCols
	var regs [][]int
	for i := range n {
		row, col := make([]int, n), make([]int, n)
		for j := range n {
			row[j], col[j] = i*n+j, j*n+i
		}
		regs = append(regs, row, col)
	}
	if boxes != nil {
		regs = append(regs, boxes...)
	} else {
		for b := range n {
			top, left := b/boxRows*boxRows, b%boxRows*boxCols // boxRows boxes across
			box := make([]int, n)
			for k := range n {
				box[k] = (top+k/boxCols)*n + left + k%boxCols
			}
			regs = append(regs, box)
		}
	}
	return append(regs, extra...)
}

// Count counts the solutions of cells (row-major, 0 blank, 1..n) in which
// every region (Regions) holds distinct digits, up to limit, by plain
// backtracking over the blank cells in order: the reference the solvers'
// tests compare with. Givens that clash give 0. When first is not nil the
// first solution found is copied into it. It does no propagation, so keep
// it to small grids or few blanks.
func Count(n int, regions [][]int, cells []uint8, limit int, first []uint8) int {
	cellRegs := make([][]int, len(cells))
	for r, reg := range regions {
		for _, c := range reg {
			cellRegs[c] = append(cellRegs[c], r)
		}
	}
	used := make([][]bool, len(regions))
	for r := range used {
		used[r] = make([]bool, n+1)
	}
	work := append([]uint8(nil), cells...)
	for c, v := range work {
		if v == 0 {
			continue
		}
		if int(v) > n {
			return 0
		}
		for _, r := range cellRegs[c] {
			if used[r][v] {
				return 0
			}
			used[r][v] = true
		}
	}
	count := 0
	var rec func(c int)
	rec = func(c int) {
		for c < len(work) && work[c] != 0 {
			c++
		}
		if c == len(work) {
			if count == 0 && first != nil {
				copy(first, work)
			}
			count++
			return
		}
		for v := uint8(1); int(v) <= n && count < limit; v++ {
			free := true
			for _, r := range cellRegs[c] {
				free = free && !used[r][v]
			}
			if !free {
				continue
			}
			for _, r := range cellRegs[c] {
				used[r][v] = true
			}
			work[c] = v
			rec(c + 1)
			work[c] = 0
			for _, r := range cellRegs[c] {
				used[r][v] = false
			}
		}
	}
	rec(0)
	return count
}

// Solves reports whether sol is a complete grid of digits 1..n that keeps
// the givens of puzzle and in which every region holds distinct digits.
func Solves(n int, regions [][]int, puzzle, sol []uint8) bool {
	if len(sol) != len(puzzle) {
		return false
	}
	for i, d := range sol {
		if d < 1 || int(d) > n || (puzzle[i] != 0 && puzzle[i] != d) {
			return false
		}
	}
	return Count(n, regions, sol, 1, nil) == 1
}
