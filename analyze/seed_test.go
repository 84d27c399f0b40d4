package analyze

// This file is the correctness reference: seed 004's brute force, written
// plainly. Remove every pair of givens in turn, count all the solutions
// of what is left with a bitmask depth-first search that fills the blank
// cell with the fewest candidates, and keep the pair with the most. (The
// seed's inner loop stops one given early, j < len-1; here every pair is
// tried.) Standard 9x9 only.

type seedSearch struct {
	row, col, box [9]int
	grid          [81]int
	count         int
}

func (s *seedSearch) init(g []uint8) int {
	for i := range 9 {
		s.row[i], s.col[i], s.box[i] = 511, 511, 511
	}
	blanks := 0
	for i, d := range g {
		s.grid[i] = int(d)
		if d == 0 {
			blanks++
			continue
		}
		b := 1 << (d - 1)
		s.row[i/9] &^= b
		s.col[i%9] &^= b
		s.box[i/27*3+i%9/3] &^= b
	}
	return blanks
}

func (s *seedSearch) dfs(blanks int) {
	if blanks == 0 {
		s.count++
		return
	}
	best, bestN := -1, 10
	for i := range 81 {
		if s.grid[i] != 0 {
			continue
		}
		m := s.row[i/9] & s.col[i%9] & s.box[i/27*3+i%9/3]
		n := 0
		for x := m; x != 0; x &= x - 1 {
			n++
		}
		if n < bestN {
			best, bestN = i, n
		}
	}
	i := best
	m := s.row[i/9] & s.col[i%9] & s.box[i/27*3+i%9/3]
	for d := 1; d <= 9; d++ {
		b := 1 << (d - 1)
		if m&b == 0 {
			continue
		}
		s.grid[i] = d
		s.row[i/9] &^= b
		s.col[i%9] &^= b
		s.box[i/27*3+i%9/3] &^= b
		s.dfs(blanks - 1)
		s.grid[i] = 0
		s.row[i/9] |= b
		s.col[i%9] |= b
		s.box[i/27*3+i%9/3] |= b
	}
}

// seedCount counts every solution of a standard 9x9 puzzle whose givens do
// not clash.
func seedCount(g []uint8) int {
	var s seedSearch
	s.dfs(s.init(g))
	return s.count
}

// seedPairs returns, over all pairs of givens, the first pair (in the
// order of the givens) leaving the most solutions, the first leaving the
// fewest above one, and their counts.
func seedPairs(puzzle []uint8) (most [2]int, mostN int, fewest [2]int, fewestN int) {
	var givens []int
	for i, d := range puzzle {
		if d != 0 {
			givens = append(givens, i)
		}
	}
	tmp := append([]uint8(nil), puzzle...)
	for i := 0; i < len(givens); i++ {
		for j := i + 1; j < len(givens); j++ {
			a, b := givens[i], givens[j]
			tmp[a], tmp[b] = 0, 0
			n := seedCount(tmp)
			tmp[a], tmp[b] = puzzle[a], puzzle[b]
			if n > mostN {
				most, mostN = [2]int{a, b}, n
			}
			if n > 1 && (fewestN == 0 || n < fewestN) {
				fewest, fewestN = [2]int{a, b}, n
			}
		}
	}
	return
}

// seedSubsets generalises seedPairs to sets of k givens, taken in
// lexicographic order of the givens' cell indices: the first set leaving
// the most solutions, the first leaving the fewest above one, and their
// counts.
func seedSubsets(puzzle []uint8, k int) (most []int, mostN int, fewest []int, fewestN int) {
	var givens []int
	for i, d := range puzzle {
		if d != 0 {
			givens = append(givens, i)
		}
	}
	tmp := append([]uint8(nil), puzzle...)
	set := make([]int, 0, k)
	var walk func(from int)
	walk = func(from int) {
		if len(set) == k {
			for _, c := range set {
				tmp[c] = 0
			}
			n := seedCount(tmp)
			for _, c := range set {
				tmp[c] = puzzle[c]
			}
			if n > mostN {
				most, mostN = append([]int(nil), set...), n
			}
			if n > 1 && (fewestN == 0 || n < fewestN) {
				fewest, fewestN = append([]int(nil), set...), n
			}
			return
		}
		for i := from; i < len(givens); i++ {
			set = append(set, givens[i])
			walk(i + 1)
			set = set[:len(set)-1]
		}
	}
	walk(0)
	return
}
