package slots

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// take acquires without waiting and fails the test on a refusal.
func take(t *testing.T, p *Pool[string], key string) func() {
	t.Helper()
	rel, err := p.Acquire(context.Background(), key, 0)
	if err != nil {
		t.Fatalf("Acquire(%q): %v, want a slot", key, err)
	}
	return rel
}

// waitFor polls cond until it holds, failing the test after a generous
// deadline.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestCaps: the caps in all and per key, and which refusal each gives.
func TestCaps(t *testing.T) {
	tests := []struct {
		name            string
		max, perKey     int
		held            []string // keys holding a slot, in order
		key             string   // then this one asks without waiting
		want            error
		wantMax, wantPK int
	}{
		{"free", 3, 2, []string{"a"}, "a", nil, 3, 2},
		{"key at its share", 3, 2, []string{"a", "a"}, "a", ErrKeyBusy, 3, 2},
		{"other key while one holds its share", 3, 2, []string{"a", "a"}, "b", nil, 3, 2},
		{"all in use", 3, 2, []string{"a", "a", "b"}, "c", ErrBusy, 3, 2},
		{"all in use, key at its share", 3, 2, []string{"a", "a", "b"}, "a", ErrKeyBusy, 3, 2},
		{"per key above max", 2, 5, []string{"a", "a"}, "a", ErrBusy, 2, 2},
		{"zero caps are one", 0, 0, []string{"a"}, "b", ErrBusy, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := New[string](tc.max, tc.perKey, 4)
			if p.Max() != tc.wantMax || p.PerKey() != tc.wantPK {
				t.Fatalf("Max, PerKey = %d, %d, want %d, %d", p.Max(), p.PerKey(), tc.wantMax, tc.wantPK)
			}
			var rels []func()
			for _, k := range tc.held {
				rels = append(rels, take(t, p, k))
			}
			rel, err := p.Acquire(context.Background(), tc.key, 0)
			if !errors.Is(err, tc.want) || (err == nil) != (rel != nil) {
				t.Fatalf("Acquire(%q) = %v, want %v", tc.key, err, tc.want)
			}
			if rel != nil {
				rels = append(rels, rel)
			}
			for _, r := range rels {
				r()
				r() // a second call does nothing
			}
			if p.InUse() != 0 || p.Waiting() != 0 || len(p.keys) != 0 {
				t.Errorf("after every release: %d in use, %d waiting, %d keys", p.InUse(), p.Waiting(), len(p.keys))
			}
		})
	}
}

type result struct {
	rel func()
	err error
}

// acquireAsync asks for a slot in a goroutine and waits until it is
// queued (or answered).
func acquireAsync(t *testing.T, p *Pool[string], ctx context.Context, key string, wait time.Duration) chan result {
	t.Helper()
	before := p.Waiting()
	ch := make(chan result, 1)
	go func() {
		rel, err := p.Acquire(ctx, key, wait)
		ch <- result{rel, err}
	}()
	waitFor(t, key+" queued", func() bool { return p.Waiting() > before || len(ch) > 0 })
	return ch
}

// TestFairHandOver: a slot given back goes to the waiting key with the
// fewest slots in use, not to the key that has waited longest, and a key
// at its share is passed over.
func TestFairHandOver(t *testing.T) {
	p := New[string](2, 2, 8)
	a1, a2 := take(t, p, "a"), take(t, p, "a")
	a3 := acquireAsync(t, p, context.Background(), "a", time.Minute) // first in the queue
	b1 := acquireAsync(t, p, context.Background(), "b", time.Minute)
	a1()
	r := <-b1
	if r.err != nil {
		t.Fatalf("b: %v, want the slot a gave back", r.err)
	}
	select {
	case r := <-a3:
		t.Fatalf("a's third request got %v while b waited with no slot", r.err)
	default:
	}
	// Now a holds 1, b 1; a's waiter is next when b gives back.
	c1 := acquireAsync(t, p, context.Background(), "c", time.Minute)
	r.rel()
	// c holds none, a holds one: c first.
	rc := <-c1
	if rc.err != nil {
		t.Fatalf("c: %v", rc.err)
	}
	rc.rel()
	ra := <-a3
	if ra.err != nil {
		t.Fatalf("a's third request: %v", ra.err)
	}
	a2()
	ra.rel()
	if p.InUse() != 0 || p.Waiting() != 0 || len(p.keys) != 0 {
		t.Errorf("after every release: %d in use, %d waiting, %d keys", p.InUse(), p.Waiting(), len(p.keys))
	}
}

// TestFIFOWithinKey: the requests of one key get slots in arrival order,
// and a key at its share does not take a free slot from its own queue.
func TestFIFOWithinKey(t *testing.T) {
	p := New[string](4, 2, 8)
	rel, rel2 := take(t, p, "a"), take(t, p, "a")
	first := acquireAsync(t, p, context.Background(), "a", time.Minute)
	second := acquireAsync(t, p, context.Background(), "a", time.Minute)
	if r, err := p.Acquire(context.Background(), "b", 0); err != nil {
		t.Errorf("b with 2 slots free: %v", err)
	} else {
		r()
	}
	rel()
	r1 := <-first
	if r1.err != nil {
		t.Fatal(r1.err)
	}
	select {
	case <-second:
		t.Fatal("a's second waiter got a slot while a held its share")
	default:
	}
	r1.rel()
	r2 := <-second
	if r2.err != nil {
		t.Fatal(r2.err)
	}
	r2.rel()
	rel2()
	if p.InUse() != 0 || p.Waiting() != 0 || len(p.keys) != 0 {
		t.Errorf("after every release: %d in use, %d waiting, %d keys", p.InUse(), p.Waiting(), len(p.keys))
	}
}

// TestWaitEnds: a wait ends with the refusal that applies, or the
// context's error; a refused waiter leaves the queue.
func TestWaitEnds(t *testing.T) {
	p := New[string](2, 1, 8)
	a, b := take(t, p, "a"), take(t, p, "b")
	if _, err := p.Acquire(context.Background(), "a", 20*time.Millisecond); !errors.Is(err, ErrKeyBusy) {
		t.Errorf("a at its share, after the wait: %v, want ErrKeyBusy", err)
	}
	b() // a free slot, but a holds its share
	if _, err := p.Acquire(context.Background(), "a", 20*time.Millisecond); !errors.Is(err, ErrKeyBusy) {
		t.Errorf("a at its share with a slot free: %v, want ErrKeyBusy", err)
	}
	b = take(t, p, "b")
	if _, err := p.Acquire(context.Background(), "c", 20*time.Millisecond); !errors.Is(err, ErrBusy) {
		t.Errorf("c with every slot in use: %v, want ErrBusy", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ch := acquireAsync(t, p, ctx, "c", time.Minute)
	cancel()
	if r := <-ch; !errors.Is(r.err, context.Canceled) {
		t.Errorf("canceled wait: %v, want context.Canceled", r.err)
	}
	if p.Waiting() != 0 {
		t.Errorf("%d still waiting", p.Waiting())
	}
	a()
	b()
	if p.InUse() != 0 || len(p.keys) != 0 {
		t.Errorf("after every release: %d in use, %d keys", p.InUse(), len(p.keys))
	}
}

// TestQueueBounds: at most perKey waiters of one key, maxWaiting in all.
func TestQueueBounds(t *testing.T) {
	p := New[string](1, 1, 3)
	rel := take(t, p, "x")
	ctx, cancel := context.WithCancel(context.Background())
	var chans []chan result
	for _, k := range []string{"a", "b", "c"} {
		chans = append(chans, acquireAsync(t, p, ctx, k, time.Minute))
	}
	if _, err := p.Acquire(ctx, "a", time.Minute); !errors.Is(err, ErrBusy) {
		t.Errorf("a second waiter of a: %v, want ErrBusy at once", err)
	}
	if _, err := p.Acquire(ctx, "d", time.Minute); !errors.Is(err, ErrBusy) {
		t.Errorf("a fourth waiter: %v, want ErrBusy at once", err)
	}
	cancel()
	for _, ch := range chans {
		if r := <-ch; !errors.Is(r.err, context.Canceled) {
			t.Errorf("waiter: %v, want context.Canceled", r.err)
		}
	}
	rel()
	if p.InUse() != 0 || p.Waiting() != 0 || len(p.keys) != 0 {
		t.Errorf("after every release: %d in use, %d waiting, %d keys", p.InUse(), p.Waiting(), len(p.keys))
	}
}

// TestStress: many goroutines on a few keys, with waits, cancellations
// and refusals: the caps always hold, every slot comes back, and the
// pool ends empty. Run it with -race.
func TestStress(t *testing.T) {
	const maxSlots, perKey, keys = 5, 2, 4
	iters := 400
	if testing.Short() {
		iters = 100
	}
	p := New[int](maxSlots, perKey, 6)
	var total atomic.Int64
	var byKey [keys]atomic.Int64
	var granted, refused atomic.Int64
	var wg sync.WaitGroup
	for g := range 32 {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 1))
			for range iters {
				key := rng.IntN(keys)
				ctx, cancel := context.WithCancel(context.Background())
				if rng.IntN(8) == 0 {
					go cancel()
				}
				wait := time.Duration(rng.IntN(3)) * time.Millisecond
				rel, err := p.Acquire(ctx, key, wait)
				if err != nil {
					cancel()
					if !errors.Is(err, ErrBusy) && !errors.Is(err, ErrKeyBusy) && !errors.Is(err, context.Canceled) {
						t.Errorf("Acquire: %v", err)
					}
					refused.Add(1)
					continue
				}
				granted.Add(1)
				if n := total.Add(1); n > maxSlots {
					t.Errorf("%d slots in use, cap %d", n, maxSlots)
				}
				if n := byKey[key].Add(1); n > perKey {
					t.Errorf("key %d holds %d slots, share %d", key, n, perKey)
				}
				if rng.IntN(2) == 0 {
					time.Sleep(time.Duration(rng.IntN(200)) * time.Microsecond)
				}
				byKey[key].Add(-1)
				total.Add(-1)
				rel()
				cancel()
			}
		})
	}
	wg.Wait()
	if p.InUse() != 0 || p.Waiting() != 0 || len(p.keys) != 0 {
		t.Errorf("at the end: %d in use, %d waiting, %d keys", p.InUse(), p.Waiting(), len(p.keys))
	}
	if granted.Load() == 0 || refused.Load() == 0 {
		t.Errorf("%d granted, %d refused: the stress did not reach the caps", granted.Load(), refused.Load())
	}
	t.Logf("%d granted, %d refused", granted.Load(), refused.Load())
}
