package exactcover

import (
	"context"
	"errors"
	"testing"
)

// TestNodeBudget: a sequential search stops after exactly MaxNodes nodes
// with ErrNodeBudget, leaves the solver as it was, and a budget at least
// the tree's size changes nothing.
func TestNodeBudget(t *testing.T) {
	p := queensProblem(t, 10)
	s := NewSolver(p)
	want, err := s.Count(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	full := s.Stats()
	if full.Nodes < 10000 {
		t.Fatalf("queens 10: %d nodes, want a tree of more than 10000", full.Nodes)
	}
	for _, b := range []int64{1, 2, 100, 4095, 4096, 4097, 10000, full.Nodes - 1, full.Nodes, full.Nodes + 1} {
		n, err := s.Count(context.Background(), Options{MaxNodes: b})
		st := s.Stats()
		if b >= full.Nodes {
			if err != nil || n != want || st.Nodes != full.Nodes {
				t.Errorf("budget %d >= %d nodes: %d solutions, %d nodes, %v", b, full.Nodes, n, st.Nodes, err)
			}
			continue
		}
		if !errors.Is(err, ErrNodeBudget) || st.Nodes != b || n > want {
			t.Errorf("budget %d: %d solutions, %d nodes, err %v; want %d nodes and ErrNodeBudget", b, n, st.Nodes, err, b)
		}
		k := 0
		for range s.Solutions(context.Background(), Options{MaxNodes: b}) {
			k++
		}
		if !errors.Is(s.Err(), ErrNodeBudget) || int64(k) > want || s.Stats().Nodes != b {
			t.Errorf("budget %d, iterating: %d solutions, %d nodes, err %v", b, k, s.Stats().Nodes, s.Err())
		}
	}
	if n, err := s.Count(context.Background(), Options{}); n != want || err != nil {
		t.Errorf("after budgeted searches: %d, %v; want %d", n, err, want)
	}
}

// TestNodeBudgetParallel: the workers share one budget, overrunning it by
// at most 4096 nodes each.
func TestNodeBudgetParallel(t *testing.T) {
	p := queensProblem(t, 10)
	s := NewSolver(p)
	want, _ := s.Count(context.Background(), Options{})
	full := s.Stats()
	for _, w := range []int{2, 4} {
		for _, b := range []int64{1, 1000, 10000} {
			for range 20 {
				n, err := s.Count(context.Background(), Options{MaxNodes: b, Workers: w})
				st := s.Stats()
				if !errors.Is(err, ErrNodeBudget) || n > want || st.Nodes > b+int64(w)*(pollMask+1) {
					t.Fatalf("workers %d, budget %d: %d solutions, %d nodes (tree %d), err %v", w, b, n, st.Nodes, full.Nodes, err)
				}
			}
		}
		n, err := s.Count(context.Background(), Options{MaxNodes: 10 * full.Nodes, Workers: w})
		if n != want || err != nil {
			t.Errorf("workers %d, ample budget: %d, %v; want %d", w, n, err, want)
		}
	}
}
