package logic

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/sudoku"
)

// confined returns the grid of shape s with digits 1..k confined to k-1
// cells of box 1 (gridtest.Confined): no solution.
func confined(s sudoku.Shape, k int) *sudoku.Grid {
	return &sudoku.Grid{Shape: s, Cells: gridtest.Confined(s.BoxRows, s.BoxCols, k)}
}

func TestConfinedFixture(t *testing.T) {
	const issue10 = "....................ABC.................ABC.................ABC...A...............B...............C................................A...............B...............C............................................................................................"
	if got := confined(sudoku.Shape{BoxRows: 4, BoxCols: 4}, 3).String(); got != issue10 {
		t.Fatalf("16x16 fixture\n%s\nwant\n%s", got, issue10)
	}
	for _, tc := range []struct {
		s sudoku.Shape
		k int
	}{{sudoku.Shape{BoxRows: 4, BoxCols: 4}, 3}, {sudoku.Shape{BoxRows: 4, BoxCols: 4}, 4}, {sudoku.Shape{BoxRows: 5, BoxCols: 5}, 3}, {sudoku.Shape{BoxRows: 5, BoxCols: 5}, 4}} {
		// The exact-cover solver settles them at once.
		v, err := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX}).Check(context.Background(), confined(tc.s, tc.k))
		if err != nil || v.Kind != sudoku.NoSolution {
			t.Errorf("%v k=%d: %v, %v; want no solution", tc.s, tc.k, v.Kind, err)
		}
	}
}

// TestRateHonoursContext: Rate, RateWith and Hint on grids larger than 9x9
// without a solution stop with the context's error when it is cancelled
// or its deadline passes (their uniqueness check used to ignore it and ran
// for hours), or find out at once that there is no solution.
func TestRateHonoursContext(t *testing.T) {
	calls := []struct {
		name string
		f    func(ctx context.Context, g *sudoku.Grid) error
	}{
		{"Rate", func(ctx context.Context, g *sudoku.Grid) error { _, err := Rate(ctx, g); return err }},
		{"RateWith", func(ctx context.Context, g *sudoku.Grid) error {
			_, err := RateWith(ctx, g, Options{Max: 4})
			return err
		}},
		{"Hint", func(ctx context.Context, g *sudoku.Grid) error { _, err := Hint(ctx, g, nil, nil); return err }},
	}
	// run calls f and fails when it does not return within limit; it
	// leaves the goroutine behind then (the old code never returned).
	run := func(t *testing.T, f func(context.Context, *sudoku.Grid) error, ctx context.Context, g *sudoku.Grid, limit time.Duration) (time.Duration, error) {
		t.Helper()
		start := time.Now()
		done := make(chan error, 1)
		go func() { done <- f(ctx, g) }()
		select {
		case err := <-done:
			return time.Since(start), err
		case <-time.After(limit):
			t.Fatalf("still running after %v", limit)
			return 0, nil
		}
	}
	const deadline = 200 * time.Millisecond
	for _, tc := range []struct {
		s sudoku.Shape
		k int
	}{{sudoku.Shape{BoxRows: 4, BoxCols: 4}, 3}, {sudoku.Shape{BoxRows: 5, BoxCols: 5}, 3}, {sudoku.Shape{BoxRows: 4, BoxCols: 4}, 4}, {sudoku.Shape{BoxRows: 5, BoxCols: 5}, 4}} {
		g := confined(tc.s, tc.k)
		for _, c := range calls {
			t.Run(fmt.Sprintf("%dx%d/k=%d/%s", tc.s.N(), tc.s.N(), tc.k, c.name), func(t *testing.T) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				// A search that ignored the context would end with its own
				// verdict (or run into the hang guard), not context.Canceled.
				took, err := run(t, c.f, ctx, g, 10*time.Second)
				if !errors.Is(err, context.Canceled) {
					t.Errorf("cancelled: %v after %v, want context.Canceled", err, took)
				}
				ctx, cancel = context.WithTimeout(context.Background(), deadline)
				defer cancel()
				// The hang guard is far beyond the deadline: on a loaded
				// machine the search may be scheduled late, and what the
				// test checks is that it stops, not how soon.
				took, err = run(t, c.f, ctx, g, deadline+10*time.Second)
				if !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, sudoku.ErrNoSolution) {
					t.Errorf("deadline: %v after %v, want the deadline or no solution", err, took)
				}
				t.Logf("deadline %v: %v after %v", deadline, err, took)
			})
		}
	}
}

// TestConfinedNoSolutionFast: the uniqueness check branches on a digit's
// two places in a house, so the fixtures where three digits share two
// cells are found to have no solution at once, as the exact-cover solver
// finds.
func TestConfinedNoSolutionFast(t *testing.T) {
	for _, s := range []sudoku.Shape{{BoxRows: 4, BoxCols: 4}, {BoxRows: 5, BoxCols: 5}} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		start := time.Now()
		_, err := Rate(ctx, confined(s, 3))
		cancel()
		if !errors.Is(err, sudoku.ErrNoSolution) {
			t.Errorf("%v: %v after %v, want no solution", s, err, time.Since(start))
		}
	}
}
