package sudoku

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestCountHonoursContext: counting every solution of an almost empty
// grid never ends; the count must stop at the context's deadline, with
// every method, and return what it has counted.
func TestCountHonoursContext(t *testing.T) {
	for _, m := range []Method{Auto, Fast, DLX} {
		g := NewGrid(Standard, nil)
		s := NewSolver(Options{Method: m})
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		start := time.Now()
		n, err := s.Count(ctx, g, -1)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%v: %d solutions, err %v; want the deadline", m, n, err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%v: stopped %v after a 50 ms deadline", m, d)
		}
	}
}
