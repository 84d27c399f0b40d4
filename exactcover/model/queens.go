package model

import (
	"fmt"
	"strconv"

	"github.com/dlxkit/dlx/exactcover"
)

// MaxQueens is the largest board Queens accepts.
const MaxQueens = 1000

// Queens returns the n queens problem: place n queens on an n×n board, none
// attacking another.
//
// The primary items are the rows r0, r1, ... and columns c0, c1, ... in
// "organ-pipe" order, middle first (r4 c4 r3 c3 r5 c5 ... for n = 8), which
// makes the search branch near the centre first. The secondary items are
// the diagonals: aK for the cells with row+column = K and bK for those with
// column-row+n-1 = K, leaving out the one-cell diagonals in the corners. The
// option for the queen on row r and column c is "rR cC aK bK", for r and
// then c increasing. Numbers are written with one character 0-9a-z while
// n <= 19, in decimal beyond.
func Queens(n int) (*exactcover.Problem, error) {
	if n < 1 || n > MaxQueens {
		return nil, fmt.Errorf("queens: board size %d out of range 1 to %d", n, MaxQueens)
	}
	num := func(k int) string {
		if n <= 19 {
			return digit36[k : k+1]
		}
		return strconv.Itoa(k)
	}
	p := exactcover.NewProblem()
	row := make([]int, n)
	col := make([]int, n)
	for k := range n {
		// organ-pipe order: n/2, n/2-1, n/2+1, n/2-2, ...
		j := n/2 + (k+1)/2
		if k%2 == 1 {
			j = n/2 - (k+1)/2
		}
		var err error
		if row[j], err = p.AddItem("r"+num(j), false); err != nil {
			return nil, err
		}
		if col[j], err = p.AddItem("c"+num(j), false); err != nil {
			return nil, err
		}
	}
	a := make([]int, 2*n-1)
	b := make([]int, 2*n-1)
	for k := 1; k <= 2*n-3; k++ {
		var err error
		if a[k], err = p.AddItem("a"+num(k), true); err != nil {
			return nil, err
		}
		if b[k], err = p.AddItem("b"+num(k), true); err != nil {
			return nil, err
		}
	}
	items := make([]int, 0, 4)
	for r := range n {
		for c := range n {
			items = append(items[:0], row[r], col[c])
			if d := r + c; d > 0 && d < 2*n-2 {
				items = append(items, a[d])
			}
			if d := c - r + n - 1; d > 0 && d < 2*n-2 {
				items = append(items, b[d])
			}
			if _, err := p.AddOptionIndex(items, nil); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}
