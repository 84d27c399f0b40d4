package sudoku

import (
	"context"
	"errors"
	"testing"
)

// TestMaxNodes: Options.MaxNodes stops the propagation and exact-cover
// searches with ErrNodeBudget, and a budget large enough changes nothing.
// The empty non-consecutive 9x9 grid takes tens of thousands of nodes of
// either solver to count to 2.
func TestMaxNodes(t *testing.T) {
	ctx := context.Background()
	g := NewGrid(Standard, &Variant{NonConsecutive: true})
	for _, m := range []Method{Propagate, DLX} {
		s := NewSolver(Options{Method: m, MaxNodes: 50})
		if _, err := s.Count(ctx, g, 2); !errors.Is(err, ErrNodeBudget) {
			t.Errorf("%v: Count: %v, want ErrNodeBudget", m, err)
		}
		if _, _, err := s.SolveIntoCount(ctx, g, nil, 2); !errors.Is(err, ErrNodeBudget) {
			t.Errorf("%v: SolveIntoCount: %v, want ErrNodeBudget", m, err)
		}
		// A puzzle solved by propagation alone needs a node or two.
		sol, err := NewSolver(Options{Method: m}).Solve(ctx, g)
		if err != nil {
			t.Fatal(err)
		}
		if n, err := s.Count(ctx, sol, 2); n != 1 || err != nil {
			t.Errorf("%v: a full grid within 50 nodes: %d, %v", m, n, err)
		}
	}
}
