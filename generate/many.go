package generate

import (
	"context"
	"iter"
	"runtime"
	"sync"
)

// Many generates n puzzles with opt on opt.Workers goroutines (0: one per
// CPU) and yields them in index order, each with its error (after an
// error the sequence stops). For a given opt.Seed the sequence is the same
// whatever the number of workers: puzzle i comes from a seed derived from
// (opt.Seed, i). A zero opt.Seed is replaced by a random one first.
// Stopping the iteration early, or cancelling ctx, stops the workers.
func Many(ctx context.Context, n int, opt Options) iter.Seq2[Result, error] {
	return func(yield func(Result, error) bool) {
		if n <= 0 {
			return
		}
		if opt.Seed == 0 {
			opt.Seed = RandomSeed()
		}
		workers := opt.Workers
		if workers <= 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		workers = min(workers, n)
		gens := make([]*Generator, workers)
		for i := range gens {
			g, err := NewGenerator(opt)
			if err != nil {
				yield(Result{}, err)
				return
			}
			gens[i] = g
		}
		if workers == 1 {
			for i := 0; i < n; i++ {
				r, err := gens[0].Generate(ctx, i)
				if !yield(r, err) || err != nil {
					return
				}
			}
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		type item struct {
			r   Result
			err error
		}
		// Workers take indices in order; a window of slots bounds how far
		// they may run ahead of the consumer.
		window := 4 * workers
		slots := make([]chan item, window)
		for i := range slots {
			slots[i] = make(chan item, 1)
		}
		tokens := make(chan struct{}, window)
		for range window {
			tokens <- struct{}{}
		}
		var (
			mu   sync.Mutex
			next int
			wg   sync.WaitGroup
		)
		for _, g := range gens {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-tokens:
					case <-ctx.Done():
						return
					}
					mu.Lock()
					i := next
					next++
					mu.Unlock()
					if i >= n {
						return
					}
					r, err := g.Generate(ctx, i)
					slots[i%window] <- item{r, err}
				}
			}()
		}
		// Stopping early, the workers waiting for a token see the
		// cancellation: cancel before waiting for them.
		defer func() {
			cancel()
			wg.Wait()
		}()
		for i := 0; i < n; i++ {
			var it item
			select {
			case it = <-slots[i%window]:
			case <-ctx.Done():
				yield(Result{}, ctx.Err())
				return
			}
			if !yield(it.r, it.err) || it.err != nil {
				return
			}
			tokens <- struct{}{}
		}
	}
}
