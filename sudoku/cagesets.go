package sudoku

import "sync/atomic"

// setTable counts the sets of distinct digits 1..n by size and sum: w[k]
// [s] sets of k digits add up to s, exactly (at most C(64, 32) < 2^63),
// for k up to n/2; larger sets are the complements of smaller ones.
type setTable struct {
	n, total int // total: the sum of all n digits
	w        [][]int64
}

// setTables caches the table of each side: about 0.5 MB for n = 64,
// 9 MB for every side together.
var setTables [MaxN + 1]atomic.Pointer[setTable]

// setsOf returns the table of side n (1..MaxN).
func setsOf(n int) *setTable {
	if t := setTables[n].Load(); t != nil {
		return t
	}
	t := &setTable{n: n, total: n * (n + 1) / 2}
	half := n / 2
	t.w = make([][]int64, half+1)
	for k := range t.w {
		t.w[k] = make([]int64, t.total+1)
	}
	t.w[0][0] = 1
	for d := 1; d <= n; d++ {
		for k := min(d, half); k >= 1; k-- {
			wk, wk1 := t.w[k], t.w[k-1]
			for s := t.total; s >= d; s-- {
				wk[s] += wk1[s-d]
			}
		}
	}
	setTables[n].Store(t)
	return t
}

// count returns the number of sets of size distinct digits adding up to
// sum (0 outside the possible sizes and sums).
func (t *setTable) count(size, sum int) int64 {
	if size < 0 || size > t.n || sum < 0 || sum > t.total {
		return 0
	}
	if size > t.n/2 {
		size, sum = t.n-size, t.total-sum
	}
	return t.w[size][sum]
}

// comboCount returns the number of sets of size distinct digits 1..n
// adding up to sum, or MaxCageSets+1 when it is more than MaxCageSets.
func comboCount(n, size, sum int) int {
	if n < 1 || n > MaxN {
		return 0
	}
	return int(min(setsOf(n).count(size, sum), MaxCageSets+1))
}

// cageUnion returns the digits (bit d-1 for digit d) that some set of
// size distinct digits 1..n adding up to sum holds: the digits that the
// cells of such a cage may take. The sets holding d are as many as the
// sets of size-1 digits other than d adding up to sum-d, which number, by
// inclusion-exclusion on d, the sum over i = 0..size-1 of (-1)^i times the
// sets of size-1-i digits adding up to sum-(i+1)d.
func cageUnion(n, size, sum int) uint64 {
	if n < 1 || n > MaxN || size < 1 {
		return 0
	}
	t := setsOf(n)
	var u uint64
	for d := 1; d <= n; d++ {
		var x int64
		for i := 0; i < size; i++ {
			c := t.count(size-1-i, sum-d-i*d)
			if i%2 == 0 {
				x += c
			} else {
				x -= c
			}
		}
		if x > 0 {
			u |= 1 << (d - 1)
		}
	}
	return u
}
