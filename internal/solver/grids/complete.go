package grids

import (
	"context"
	"slices"
)

// A worker counts the completions of first bands. It keeps a memo of
// band counts; it is not safe for concurrent use.
type worker struct {
	p    *plan
	memo map[[MaxN]uint16]uint64
	ctx  context.Context
	tick int
	err  error
	// generic: sum without the table (tests).
	generic bool
}

func newWorker(ctx context.Context, p *plan) *worker {
	return &worker{p: p, memo: make(map[[MaxN]uint16]uint64), ctx: ctx}
}

// fail records err (the first one) and returns false.
func (wk *worker) fail(err error) bool {
	if wk.err == nil {
		wk.err = err
	}
	return false
}

// stopped polls the context every few thousand calls.
func (wk *worker) stopped() bool {
	if wk.err != nil {
		return true
	}
	wk.tick++
	if wk.tick&0xFFF == 0 {
		if err := wk.ctx.Err(); err != nil {
			wk.err = err
			return true
		}
	}
	return false
}

// key returns the memo key of the band with column sets cols: the digits
// relabelled so that the first stack's sets are {0..h-1}, {h..2h-1}, ...
// in order, each other stack's sets sorted, and those stacks sorted. The
// band count is the same for every band with the same key.
func (p *plan) key(cols *[MaxN]uint16) (k [MaxN]uint16) {
	g := p.standardize(cols[:p.w])
	w := p.w
	for s := 1; s < p.ns; s++ {
		st := k[(s-1)*w : s*w]
		for j := range w {
			st[j] = relabel(&g, cols[s*w+j])
		}
		slices.Sort(st)
	}
	// Sort the stacks (insertion sort on w-tuples).
	for s := 1; s < p.ns-1; s++ {
		for t := s; t > 0 && slices.Compare(k[t*w:(t+1)*w], k[(t-1)*w:t*w]) < 0; t-- {
			for j := range w {
				k[t*w+j], k[(t-1)*w+j] = k[(t-1)*w+j], k[t*w+j]
			}
		}
	}
	return k
}

// bands returns the number of bands with column sets cols.
func (wk *worker) bands(cols *[MaxN]uint16) (uint64, bool) {
	k := wk.p.key(cols)
	if v, ok := wk.memo[k]; ok {
		return v, true
	}
	v, ok := bandCount(*cols, wk.p.n, wk.p.h)
	if !ok {
		return 0, wk.fail(ErrTooLarge)
	}
	wk.memo[k] = v
	return v, true
}

// completions returns the number of ways to fill bands b..nb-1 when the
// bands above hold the digits used[c] in column c.
func (wk *worker) completions(used *[MaxN]uint16, b int) (u128, bool) {
	p := wk.p
	all := uint16(1)<<p.n - 1
	if b == p.nb-1 {
		var last [MaxN]uint16
		for c := range p.n {
			last[c] = all &^ used[c]
		}
		v, ok := wk.bands(&last)
		return u128{lo: v}, ok
	}
	// The choices of each stack's column sets in band b.
	opts := make([][][]uint16, p.ns)
	for s := range p.ns {
		opts[s] = p.stackOptions(used[s*p.w : (s+1)*p.w])
		if len(opts[s]) == 0 {
			return u128{}, true
		}
	}
	var total u128
	var cur [MaxN]uint16
	ok := true
	var rec func(s int)
	rec = func(s int) {
		if !ok {
			return
		}
		if s == p.ns {
			if wk.stopped() {
				ok = false
				return
			}
			f, good := wk.bands(&cur)
			if !good || f == 0 {
				ok = good
				return
			}
			next := *used
			for c := range p.n {
				next[c] |= cur[c]
			}
			rest, good := wk.completions(&next, b+1)
			if !good {
				ok = false
				return
			}
			if total, ok = total.addMul128(rest, f); !ok {
				wk.fail(ErrTooLarge)
			}
			return
		}
		for _, o := range opts[s] {
			copy(cur[s*p.w:], o)
			rec(s + 1)
		}
	}
	rec(0)
	return total, ok && wk.err == nil
}

// stackOptions lists the ordered choices of a stack's column sets in the
// next band: w disjoint h-sets, set j avoiding used[j].
func (p *plan) stackOptions(used []uint16) [][]uint16 {
	var out [][]uint16
	cur := make([]uint16, p.w)
	var rec func(j int, taken uint16)
	rec = func(j int, taken uint16) {
		if j == p.w {
			out = append(out, slices.Clone(cur))
			return
		}
		for _, m := range p.subsets {
			if m&(taken|used[j]) == 0 {
				cur[j] = m
				rec(j+1, taken|m)
			}
		}
	}
	rec(0, 0)
	return out
}
