// Package slots shares a fixed number of slots (searches allowed to run at
// once) fairly among keys (client addresses): at most Max slots in use in
// all, at most PerKey by one key, and a short queue before a refusal.
//
// A request that finds no slot free for it waits up to the time it is
// given. When a slot comes back it goes to a waiting key that may take it
// (below PerKey) with the fewest slots in use, and within one key to the
// request that has waited longest; so a key that holds its share cannot
// take the slots another key waits for. The queue is bounded: at most
// PerKey requests of one key and MaxWaiting in all wait; beyond them, and
// at the end of the wait, Acquire refuses with ErrKeyBusy when the key
// holds its share (less than every slot), else ErrBusy.
package slots

import (
	"context"
	"errors"
	"sync"
	"time"
)

// The refusals of Acquire: every slot is in use (ErrBusy), or the key
// holds its share (ErrKeyBusy).
var (
	ErrBusy    = errors.New("slots: every slot is in use")
	ErrKeyBusy = errors.New("slots: the key holds its share of the slots")
)

// Pool shares Max slots among keys of type K. Create it with New.
type Pool[K comparable] struct {
	max, perKey, maxWaiting int

	mu      sync.Mutex
	inUse   int
	waiting int
	seq     uint64
	keys    map[K]*keyState
}

type keyState struct {
	inUse int
	queue []*waiter // oldest first
}

type waiter struct {
	seq     uint64
	ready   chan struct{} // closed when granted
	granted bool          // under Pool.mu
}

// New returns a pool of maxSlots slots, at most perKey of them held by one key,
// and at most maxWaiting requests waiting in all (and perKey of one key).
// Values below 1 are taken as 1 (maxWaiting: 0).
func New[K comparable](maxSlots, perKey, maxWaiting int) *Pool[K] {
	total := max(maxSlots, 1)
	return &Pool[K]{
		max:        total,
		perKey:     min(max(perKey, 1), total),
		maxWaiting: max(maxWaiting, 0),
		keys:       map[K]*keyState{},
	}
}

// Max and PerKey return the pool's caps.
func (p *Pool[K]) Max() int    { return p.max }
func (p *Pool[K]) PerKey() int { return p.perKey }

// InUse returns the slots in use now.
func (p *Pool[K]) InUse() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.inUse
}

// Waiting returns the requests waiting now.
func (p *Pool[K]) Waiting() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.waiting
}

// Acquire takes a slot for key, waiting up to wait (none if wait <= 0) or
// until ctx ends. It returns the function that gives the slot back (call
// it once; later calls do nothing), or ErrBusy, ErrKeyBusy or ctx's error.
func (p *Pool[K]) Acquire(ctx context.Context, key K, wait time.Duration) (release func(), err error) {
	p.mu.Lock()
	k := p.keys[key]
	if k == nil {
		k = &keyState{}
		p.keys[key] = k
	}
	// A free slot never has an eligible waiter (release hands slots over
	// at once), so taking it does not jump a queue.
	if p.inUse < p.max && k.inUse < p.perKey {
		p.grant(k)
		p.mu.Unlock()
		return p.releaser(key), nil
	}
	if wait <= 0 || p.waiting >= p.maxWaiting || len(k.queue) >= p.perKey {
		err := p.refusal(k)
		p.forget(key, k)
		p.mu.Unlock()
		return nil, err
	}
	p.seq++
	w := &waiter{seq: p.seq, ready: make(chan struct{})}
	k.queue = append(k.queue, w)
	p.waiting++
	p.mu.Unlock()

	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-w.ready:
		return p.releaser(key), nil
	case <-t.C:
		err = nil
	case <-ctx.Done():
		err = ctx.Err()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if w.granted { // granted as the wait ended
		return p.releaser(key), nil
	}
	for i, q := range k.queue {
		if q == w {
			k.queue = append(k.queue[:i], k.queue[i+1:]...)
			break
		}
	}
	p.waiting--
	if err == nil {
		err = p.refusal(k)
	}
	p.forget(key, k)
	return nil, err
}

// refusal says why key k gets no slot now: its share, unless the share
// is every slot.
func (p *Pool[K]) refusal(k *keyState) error {
	if k.inUse >= p.perKey && p.perKey < p.max {
		return ErrKeyBusy
	}
	return ErrBusy
}

// grant gives a slot to key k (under mu).
func (p *Pool[K]) grant(k *keyState) {
	p.inUse++
	k.inUse++
}

// forget drops the state of a key with nothing in use or waiting.
func (p *Pool[K]) forget(key K, k *keyState) {
	if k.inUse == 0 && len(k.queue) == 0 {
		delete(p.keys, key)
	}
}

func (p *Pool[K]) releaser(key K) func() {
	var once sync.Once
	return func() { once.Do(func() { p.release(key) }) }
}

func (p *Pool[K]) release(key K) {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := p.keys[key]
	p.inUse--
	k.inUse--
	for p.inUse < p.max && p.waiting > 0 {
		var best *keyState
		for _, c := range p.keys {
			if len(c.queue) == 0 || c.inUse >= p.perKey {
				continue
			}
			if best == nil || c.inUse < best.inUse || c.inUse == best.inUse && c.queue[0].seq < best.queue[0].seq {
				best = c
			}
		}
		if best == nil {
			break
		}
		w := best.queue[0]
		best.queue[0] = nil
		best.queue = best.queue[1:]
		p.waiting--
		p.grant(best)
		w.granted = true
		close(w.ready)
	}
	p.forget(key, k)
}
