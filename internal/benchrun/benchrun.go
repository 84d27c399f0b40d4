// Package benchrun times a set of jobs run in parallel: workers take the
// jobs in chunks, in order, until every one is run, the time budget is
// spent or the context ends. sudoku bench times its solvers with it.
package benchrun

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/measure/cputime"
)

// Config sizes a run.
type Config struct {
	// Jobs is the number of jobs, numbered 0 to Jobs-1.
	Jobs int
	// Workers run jobs in parallel, each with a worker of its own (at
	// least 1).
	Workers int
	// Chunk is the number of jobs a worker takes at once (at least 1).
	Chunk int
	// Budget, when positive, stops the run once it has lasted that long:
	// the chunks already taken are finished.
	Budget time.Duration
	// Warmup is the number of first jobs run once before the timed run,
	// on a worker of their own, untimed (code, tables and caches).
	Warmup int
}

// Result is what a run measured.
type Result struct {
	// Done is the number of jobs run: jobs 0 to Done-1.
	Done    int
	Elapsed time.Duration
	// CPU is the process's CPU time during the run (all threads, the
	// runtime included), 0 where the platform does not report it.
	CPU time.Duration
	// Work is the sum of what the jobs returned (guesses, nodes).
	Work   int64
	Errors int
	// Stopped is "" for a complete run, jsonfmt.StoppedDeadline after the
	// budget, jsonfmt.StoppedInterrupted when ctx ended.
	Stopped string
}

// Run runs the jobs. newWorker returns the function of one worker: it
// runs job i and returns its work, or an error (counted, the run goes on).
func Run(ctx context.Context, cfg Config, newWorker func() func(ctx context.Context, i int) (work int, err error)) Result {
	workers, chunk := max(cfg.Workers, 1), max(cfg.Chunk, 1)
	warm := newWorker()
	for i := range min(cfg.Warmup, cfg.Jobs) {
		warm(ctx, i)
	}
	var (
		next       atomic.Int64 // the next job to take; every chunk taken is run
		stop       atomic.Bool
		work, errs atomic.Int64
		wg         sync.WaitGroup
	)
	cpu0 := cputime.Process()
	start := time.Now()
	for range workers {
		run := newWorker()
		wg.Go(func() {
			var w, nerr int64
			for !stop.Load() {
				lo := int(next.Add(int64(chunk))) - chunk
				if lo >= cfg.Jobs {
					break
				}
				for i := lo; i < min(lo+chunk, cfg.Jobs); i++ {
					n, err := run(ctx, i)
					w += int64(n)
					if err != nil {
						nerr++
					}
				}
				if ctx.Err() != nil || (cfg.Budget > 0 && time.Since(start) > cfg.Budget) {
					stop.Store(true)
				}
			}
			work.Add(w)
			errs.Add(nerr)
		})
	}
	wg.Wait()
	r := Result{Elapsed: time.Since(start), Work: work.Load(), Errors: int(errs.Load())}
	if cpu0 > 0 {
		r.CPU = cputime.Process() - cpu0
	}
	r.Done = min(int(next.Load()), cfg.Jobs)
	switch {
	case r.Done == cfg.Jobs:
	case ctx.Err() != nil:
		r.Stopped = jsonfmt.StoppedInterrupted
	default:
		r.Stopped = jsonfmt.StoppedDeadline
	}
	return r
}
