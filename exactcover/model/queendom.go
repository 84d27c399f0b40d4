package model

import (
	"fmt"
	"strconv"

	"github.com/dlxkit/dlx/exactcover"
)

// MaxQueendom is the largest board Queendom accepts.
const MaxQueendom = 100

// Queendom returns the queens domination problem on an n×n board as a
// repeat cover problem: place as few queens as possible so that every cell
// holds a queen or is attacked by one (OEIS A075458 gives the minimum).
//
// The primary items are the cells "R_C" (row and column from 0, in
// decimal), row by row; the option of the queen on row r and column c
// names the cells it covers (its own, its row, its column and its two
// diagonals) in the same order. Options come row by row.
func Queendom(n int) (*exactcover.Problem, error) {
	if n < 1 || n > MaxQueendom {
		return nil, fmt.Errorf("queendom: board size %d out of range 1 to %d", n, MaxQueendom)
	}
	p := exactcover.NewProblem()
	for r := range n {
		for c := range n {
			if _, err := p.AddItem(strconv.Itoa(r)+"_"+strconv.Itoa(c), false); err != nil {
				return nil, err
			}
		}
	}
	items := make([]int, 0, 4*n)
	for r := range n {
		for c := range n {
			items = items[:0]
			for r2 := range n {
				for c2 := range n {
					if r2 == r || c2 == c || r2-c2 == r-c || r2+c2 == r+c {
						items = append(items, r2*n+c2)
					}
				}
			}
			if _, err := p.AddOptionIndex(items, nil); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}
