// Package pipeline runs an ordered parallel pipeline: a reader produces
// jobs in order, workers process them in chunks, and the results come
// back in input order. A window of chunks in flight bounds how far the
// reader runs ahead of the results, so that memory stays flat on any
// input and the first results come at once. With one worker the calling
// goroutine reads, processes and takes the results itself: handing work
// to another thread would cost more than it saves on short jobs.
package pipeline

import (
	"context"
	"sync"
)

// Stages are the parts of a pipeline of jobs J and results R.
type Stages[J, R any] struct {
	// Read produces the jobs with Feeder.Add, calling Feeder.Flush when
	// it would wait for input and at the end of the input, and returns
	// then or as soon as Add or Flush report false (the run is
	// cancelled: the jobs not yet sent are dropped). It runs in a
	// goroutine of its own, or in the caller's with one worker.
	Read func(f *Feeder[J])
	// Recycle, if not nil, gets back the jobs of each processed chunk, in
	// the reader's goroutine (when it next sends a chunk, or as they are
	// processed with one worker), before their slice is reused.
	Recycle func(chunk []J)
	// NewWorker returns the function of one worker: the results of a
	// chunk of jobs, one per job in order. inline is true with one worker,
	// when Take gets the results before the next call.
	NewWorker func() func(ctx context.Context, chunk []J, inline bool) []R
	// Take gets the results of each chunk in input order, in the caller's
	// goroutine. The chunk's place in the window is freed when it returns.
	Take func(res []R)
	// Flush, if not nil, is called when no more results are ready, so
	// that output streams and a fast run writes in large blocks.
	Flush func()
}

// Config sizes a pipeline.
type Config struct {
	// Workers process chunks in parallel; 1 (or less) runs everything in
	// the calling goroutine.
	Workers int
	// Chunk is the most jobs a chunk holds (at least 1).
	Chunk int
	// Window is the most chunks in flight between the reader and Take
	// (at least 1).
	Window int
}

// Feeder takes the reader's jobs and sends them in chunks.
type Feeder[J any] struct {
	ctx   context.Context
	cfg   Config
	chunk []J
	slots chan struct{}
	// With one worker: the work is done in Flush.
	inline func(chunk []J)
	// With several: the chunks to the workers, numbered, and back.
	jobs    chan<- numbered[J]
	seq     int
	done    <-chan []J
	recycle func([]J)
}

// Len returns the number of jobs waiting for the next Flush.
func (f *Feeder[J]) Len() int { return len(f.chunk) }

// Add queues job j, sending the chunk when it is full. It reports false
// when the run is cancelled: the reader should stop.
func (f *Feeder[J]) Add(j J) bool {
	f.chunk = append(f.chunk, j)
	return len(f.chunk) < f.cfg.Chunk || f.Flush()
}

// Flush sends the jobs queued so far as a chunk, once the window has room
// for it. It reports false when the run is cancelled.
func (f *Feeder[J]) Flush() bool {
	if len(f.chunk) == 0 {
		return true
	}
	if f.ctx.Err() != nil {
		return false
	}
	select {
	case f.slots <- struct{}{}:
	case <-f.ctx.Done():
		return false
	}
	if f.inline != nil {
		f.inline(f.chunk)
		f.chunk = f.recycled(f.chunk)
		return true
	}
	f.jobs <- numbered[J]{f.seq, f.chunk}
	f.seq++
	f.chunk = nil
	for {
		select {
		case c := <-f.done:
			if c = f.recycled(c); f.chunk == nil {
				f.chunk = c
			}
		default:
			return true
		}
	}
}

// recycled hands the jobs of chunk c to Recycle and returns c emptied.
func (f *Feeder[J]) recycled(c []J) []J {
	if f.recycle != nil {
		f.recycle(c)
	}
	clear(c)
	return c[:0]
}

// numbered is the chunk of rank seq.
type numbered[J any] struct {
	seq   int
	chunk []J
}

// result is the results of the chunk of rank seq.
type result[R any] struct {
	seq int
	res []R
}

// Run runs the pipeline until the reader is done and every chunk it sent
// is taken. Cancelling ctx stops the reader at its next Add or Flush; the
// chunks already sent are still processed (the workers see ctx) and taken.
func Run[J, R any](ctx context.Context, cfg Config, st Stages[J, R]) {
	cfg.Chunk = max(cfg.Chunk, 1)
	cfg.Window = max(cfg.Window, 1)
	f := &Feeder[J]{ctx: ctx, cfg: cfg, slots: make(chan struct{}, cfg.Window), recycle: st.Recycle}
	if cfg.Workers <= 1 {
		work := st.NewWorker()
		f.inline = func(chunk []J) {
			st.Take(work(ctx, chunk, true))
			<-f.slots
			if st.Flush != nil {
				st.Flush()
			}
		}
		st.Read(f)
		return
	}
	// jobs holds every chunk the window lets in: sending never waits.
	jobs := make(chan numbered[J], cfg.Window)
	done := make(chan []J, cfg.Window+cfg.Workers+1)
	f.jobs, f.done = jobs, done
	go func() {
		defer close(jobs)
		st.Read(f)
	}()
	results := make(chan result[R], 2*cfg.Workers+2)
	var wg sync.WaitGroup
	for range cfg.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work := st.NewWorker()
			for j := range jobs {
				results <- result[R]{j.seq, work(ctx, j.chunk, false)}
				select {
				case done <- j.chunk:
				default:
				}
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	// The chunks that came before their turn wait in a ring of the
	// window's size: no more than Window chunks are in flight.
	ring := make([]result[R], cfg.Window)
	ready := make([]bool, cfg.Window)
	next := 0
	for r := range results {
		ring[r.seq%cfg.Window], ready[r.seq%cfg.Window] = r, true
		for ready[next%cfg.Window] {
			k := next % cfg.Window
			res := ring[k].res
			ring[k], ready[k] = result[R]{}, false
			next++
			st.Take(res)
			<-f.slots
		}
		if len(results) == 0 && st.Flush != nil {
			st.Flush()
		}
	}
}
