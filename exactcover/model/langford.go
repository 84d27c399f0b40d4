package model

import (
	"fmt"
	"strconv"

	"github.com/dlxkit/dlx/exactcover"
)

// MaxLangford is the largest n Langford accepts.
const MaxLangford = 1000

// Langford returns the problem of Langford pairs: arrange two copies of
// each of 1, ..., n in a row of 2n slots so that the two k's have exactly
// k numbers between them.
//
// The items, all primary, are v1 ... vn (the values) and s1 ... s2n (the
// slots); the option "vK sI sJ" puts the two k's in slots i and j = i+k+1.
// No symmetry is broken: every arrangement and its mirror image are both
// solutions.
func Langford(n int) (*exactcover.Problem, error) {
	if n < 1 || n > MaxLangford {
		return nil, fmt.Errorf("langford: n = %d out of range 1 to %d", n, MaxLangford)
	}
	p := exactcover.NewProblem()
	for k := 1; k <= n; k++ {
		if _, err := p.AddItem("v"+strconv.Itoa(k), false); err != nil {
			return nil, err
		}
	}
	for i := 1; i <= 2*n; i++ {
		if _, err := p.AddItem("s"+strconv.Itoa(i), false); err != nil {
			return nil, err
		}
	}
	slot := func(i int) int { return n + i - 1 }
	items := make([]int, 3)
	for k := 1; k <= n; k++ {
		for i := 1; i+k+1 <= 2*n; i++ {
			items[0], items[1], items[2] = k-1, slot(i), slot(i+k+1)
			if _, err := p.AddOptionIndex(items, nil); err != nil {
				return nil, err
			}
		}
	}
	return p, nil
}
