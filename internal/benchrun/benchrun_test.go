package benchrun

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// counted runs a Run whose jobs count their runs (the warm-up's apart)
// and return their index as work; every seventh fails.
func counted(ctx context.Context, cfg Config, job func(i int)) (Result, []int32, []int32) {
	runs, warm := make([]int32, cfg.Jobs), make([]int32, cfg.Jobs)
	var workers atomic.Int32
	r := Run(ctx, cfg, func() func(context.Context, int) (int, error) {
		first := workers.Add(1) == 1 // the warm-up's worker is made first
		return func(_ context.Context, i int) (int, error) {
			if first {
				atomic.AddInt32(&warm[i], 1)
			} else {
				atomic.AddInt32(&runs[i], 1)
			}
			if job != nil {
				job(i)
			}
			if i%7 == 6 {
				return i, errors.New("failed")
			}
			return i, nil
		}
	})
	return r, runs, warm
}

// TestRunAll: every job runs exactly once, whatever the workers and
// chunks; the warm-up runs the first jobs once more, apart; the work and
// errors add up.
func TestRunAll(t *testing.T) {
	for _, cfg := range []Config{
		{Jobs: 0, Workers: 1, Chunk: 1},
		{Jobs: 1, Workers: 3, Chunk: 64, Warmup: 16},
		{Jobs: 1000, Workers: 1, Chunk: 1},
		{Jobs: 1000, Workers: 4, Chunk: 64, Warmup: 16},
		{Jobs: 999, Workers: 7, Chunk: 10, Warmup: 3},
		{Jobs: 50, Workers: 0, Chunk: 0}, // the minimums: 1
	} {
		t.Run(fmt.Sprintf("%+v", cfg), func(t *testing.T) {
			r, runs, warm := counted(context.Background(), cfg, nil)
			if r.Done != cfg.Jobs || r.Stopped != "" {
				t.Fatalf("done %d of %d, stopped %q", r.Done, cfg.Jobs, r.Stopped)
			}
			var work, errs int
			for i := range cfg.Jobs {
				if runs[i] != 1 {
					t.Fatalf("job %d ran %d times", i, runs[i])
				}
				if w := int32(0); i < cfg.Warmup {
					w = 1
					if warm[i] != w {
						t.Fatalf("job %d warmed up %d times", i, warm[i])
					}
				} else if warm[i] != 0 {
					t.Fatalf("job %d warmed up though past Warmup", i)
				}
				work += i
				if i%7 == 6 {
					errs++
				}
			}
			if r.Work != int64(work) || r.Errors != errs {
				t.Errorf("work %d, errors %d; want %d and %d", r.Work, r.Errors, work, errs)
			}
			if r.Elapsed <= 0 || r.CPU < 0 {
				t.Errorf("elapsed %v, CPU %v", r.Elapsed, r.CPU)
			}
		})
	}
}

// TestBudget: a run past its budget stops taking chunks: the jobs run are
// exactly those below Done, and Stopped says why.
func TestBudget(t *testing.T) {
	const jobs = 100000
	r, runs, _ := counted(context.Background(), Config{Jobs: jobs, Workers: 2, Chunk: 8, Budget: 20 * time.Millisecond},
		func(int) { time.Sleep(50 * time.Microsecond) })
	if r.Done >= jobs || r.Stopped != jsonfmt.StoppedDeadline {
		t.Fatalf("done %d of %d, stopped %q: want a deadline stop", r.Done, jobs, r.Stopped)
	}
	for i, n := range runs {
		if want := int32(0); i < r.Done {
			if n != 1 {
				t.Fatalf("job %d below Done ran %d times", i, n)
			}
		} else if n != want {
			t.Fatalf("job %d at or past Done %d ran", i, r.Done)
		}
	}
}

// TestCancel: a cancelled context stops the run as the budget does, and
// says it was interrupted.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	const jobs = 100000
	r, _, _ := counted(ctx, Config{Jobs: jobs, Workers: 3, Chunk: 4}, func(i int) {
		if i == 100 {
			cancel()
		}
	})
	if r.Done >= jobs || r.Stopped != jsonfmt.StoppedInterrupted {
		t.Fatalf("done %d of %d, stopped %q: want an interrupted run", r.Done, jobs, r.Stopped)
	}
}
