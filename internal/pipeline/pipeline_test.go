package pipeline

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// job is an input of the tests: its rank, and a delay for the worker.
type job struct {
	n     int
	spins int
}

// run runs a pipeline over n jobs with cfg and returns the results taken,
// in the order Take got them. The workers return each job's rank times
// two; the reader records how far it ran ahead of Take.
func run(t *testing.T, ctx context.Context, cfg Config, n int, rng *rand.Rand, take func(res []int)) (got []int, maxAhead int64) {
	t.Helper()
	spins := make([]int, n)
	for i := range spins {
		spins[i] = rng.IntN(200)
	}
	var sent, taken atomic.Int64
	var recycled sync.Map // chunk's first rank -> times recycled
	Run(ctx, cfg, Stages[job, int]{
		Read: func(f *Feeder[job]) {
			for i := range n {
				if ahead := int64(i) - taken.Load(); ahead > maxAhead {
					maxAhead = ahead
				}
				if !f.Add(job{i, spins[i]}) {
					return
				}
				sent.Add(1)
				if rng.IntN(50) == 0 && !f.Flush() { // a reader that would wait
					return
				}
			}
			f.Flush()
		},
		Recycle: func(c []job) {
			if len(c) == 0 {
				t.Error("an empty chunk recycled")
				return
			}
			if k, _ := recycled.LoadOrStore(c[0].n, 1); k.(int) != 1 {
				t.Errorf("chunk from %d recycled twice", c[0].n)
			}
			recycled.Store(c[0].n, 2)
		},
		NewWorker: func() func(context.Context, []job, bool) []int {
			return func(ctx context.Context, chunk []job, inline bool) []int {
				if inline != (cfg.Workers <= 1) {
					t.Errorf("inline %v with %d workers", inline, cfg.Workers)
				}
				out := make([]int, len(chunk))
				for i, j := range chunk {
					for range j.spins {
						runtime.Gosched()
					}
					out[i] = 2 * j.n
					if ctx.Err() != nil {
						out[i] = -1
					}
				}
				return out
			}
		},
		Take: func(res []int) {
			got = append(got, res...)
			taken.Add(int64(len(res)))
			if take != nil {
				take(res)
			}
		},
	})
	return got, maxAhead
}

// TestOrder: whatever the workers, chunk and window, and however long
// each job takes, Take gets every result once, in input order, and the
// reader runs at most the window ahead of it.
func TestOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 32))
	for _, cfg := range []Config{
		{Workers: 1, Chunk: 1, Window: 1},
		{Workers: 1, Chunk: 7, Window: 3},
		{Workers: 2, Chunk: 1, Window: 1},
		{Workers: 2, Chunk: 3, Window: 2},
		{Workers: 4, Chunk: 5, Window: 8},
		{Workers: 8, Chunk: 16, Window: 4},
		{Workers: 0, Chunk: 0, Window: 0}, // the minimums: 1
	} {
		t.Run(fmt.Sprintf("%d/%d/%d", cfg.Workers, cfg.Chunk, cfg.Window), func(t *testing.T) {
			const n = 700
			got, ahead := run(t, context.Background(), cfg, n, rng, nil)
			if len(got) != n {
				t.Fatalf("%d results, want %d", len(got), n)
			}
			for i, r := range got {
				if r != 2*i {
					t.Fatalf("result %d is %d, want %d", i, r, 2*i)
				}
			}
			// The reader may hold a partial chunk besides the window.
			if limit := int64(max(cfg.Chunk, 1) * (max(cfg.Window, 1) + 1)); ahead > limit {
				t.Errorf("the reader ran %d jobs ahead, more than the window allows (%d)", ahead, limit)
			}
		})
	}
}

// TestCancel: cancelling the run (from Take, as a write error does)
// stops the reader; Run returns with the results taken a prefix of the
// input, in order, and leaves no goroutine behind.
func TestCancel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2))
	base := runtime.NumGoroutine()
	for _, workers := range []int{1, 2, 4} {
		for _, stopAt := range []int{0, 1, 40, 299} {
			const n = 100000
			ctx, cancel := context.WithCancel(context.Background())
			taken, _ := run(t, ctx, Config{Workers: workers, Chunk: 4, Window: 4}, n, rng, func(res []int) {
				stopAt -= len(res)
				if stopAt < 0 {
					cancel()
				}
			})
			cancel()
			if len(taken) >= n {
				t.Fatalf("%d workers: all %d jobs taken after the cancel", workers, n)
			}
			for i, r := range taken {
				if r != 2*i && r != -1 {
					t.Fatalf("%d workers: result %d is %d, want %d (or -1 after the cancel)", workers, i, r, 2*i)
				}
			}
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines left, want %d", runtime.NumGoroutine(), base)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestCancelledBefore: a run whose context is already cancelled reads
// at most what the window lets in before the reader sees it.
func TestCancelledBefore(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, workers := range []int{1, 3} {
		got, _ := run(t, ctx, Config{Workers: workers, Chunk: 2, Window: 2}, 1000, rand.New(rand.NewPCG(1, 1)), nil)
		if len(got) > 4 {
			t.Errorf("%d workers: %d results of a cancelled run", workers, len(got))
		}
		for _, r := range got {
			if r != -1 {
				t.Errorf("%d workers: result %d of a cancelled run, want -1", workers, r)
			}
		}
	}
}

// TestStress runs many small pipelines at once (run it with -race).
func TestStress(t *testing.T) {
	var wg sync.WaitGroup
	for k := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(k), 9))
			for range 20 {
				cfg := Config{Workers: 1 + rng.IntN(4), Chunk: 1 + rng.IntN(6), Window: 1 + rng.IntN(4)}
				n := rng.IntN(300)
				got, _ := run(t, context.Background(), cfg, n, rng, nil)
				if len(got) != n {
					t.Errorf("%+v: %d results, want %d", cfg, len(got), n)
					return
				}
				for i, r := range got {
					if r != 2*i {
						t.Errorf("%+v: result %d is %d", cfg, i, r)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}
