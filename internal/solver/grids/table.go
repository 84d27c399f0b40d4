package grids

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
)

// maxTable is the largest number of entries of the dense table of band
// counts (8 bytes each).
const maxTable = 1 << 22

// fillTable fills p.table, the band count of every band whose first
// stack is in standard form, indexed by the splits of the other stacks
// (split index of stack s+1 times len(splits)^s, summed), for every order
// of the stacks; it leaves it nil when that would be over maxTable
// entries. The workers share the first stack's split indices.
func (p *plan) fillTable(ctx context.Context, workers int) error {
	u := len(p.splits)
	size := 1
	for range p.ns - 1 {
		size *= u
		if size > maxTable {
			return nil
		}
	}
	t := make([]uint64, size)
	var next atomic.Int32
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for wi := range workers {
		wg.Go(func() {
			idx := make([]int32, p.ns-1)
			perm := make([]int32, p.ns-1)
			var rec func(s int, from int32) error
			rec = func(s int, from int32) error {
				if s == p.ns-1 {
					v, ok := bandCount(p.firstBand(&Piece{Stacks: idx}), p.n, p.h)
					if !ok {
						return ErrTooLarge
					}
					// Every order of the stacks has the same count; the
					// entries are disjoint between workers.
					copy(perm, idx)
					for {
						t[p.tableIndex(perm)] = v
						if !nextPermutation(perm) {
							break
						}
					}
					return nil
				}
				for i := from; i < int32(u); i++ {
					idx[s] = i
					if err := rec(s+1, i); err != nil {
						return err
					}
				}
				return nil
			}
			for {
				i := next.Add(1) - 1
				if int(i) >= u {
					return
				}
				if err := ctx.Err(); err != nil {
					errs[wi] = err
					return
				}
				idx[0] = i
				if err := rec(1, i); err != nil {
					errs[wi] = err
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	p.table = t
	return nil
}

// tableIndex returns the index in the table of the splits idx of stacks
// 2..ns.
func (p *plan) tableIndex(idx []int32) int {
	k := 0
	for s := len(idx) - 1; s >= 0; s-- {
		k = k*len(p.splits) + int(idx[s])
	}
	return k
}

// nextPermutation turns a into the next permutation in lexicographic
// order (equal values kept together) and reports false after the last.
func nextPermutation(a []int32) bool {
	i := len(a) - 2
	for i >= 0 && a[i] >= a[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(a) - 1
	for a[j] <= a[i] {
		j--
	}
	a[i], a[j] = a[j], a[i]
	slices.Reverse(a[i+1:])
	return true
}

// standardize returns the relabelling that puts the stack's column sets
// sets (an ordered split of the digits) in standard form.
func (p *plan) standardize(sets []uint16) (g perm) {
	for j, m := range sets {
		t := uint8(j * p.h)
		for m != 0 {
			g[trailing(m)] = t
			t++
			m &= m - 1
		}
	}
	return g
}

// splitIndex returns the index of the split made of sets relabelled by g.
func (p *plan) splitIndex(g *perm, sets []uint16) int32 {
	var k [MaxN]uint16
	for j, m := range sets {
		k[j] = relabel(g, m)
	}
	slices.Sort(k[:p.w])
	return p.splitOf[k]
}

// threeBands returns the completions of the first band cols (bands 2 and
// 3) from the table: for each choice of band 2's column sets, stack by
// stack, the count of band 2 times the count of band 3 (the column sets
// left). The relabelling that puts band 2's (and band 3's) first stack
// in standard form is fixed by the choice in the first stack; the other
// stacks' choices are turned into split indices once for each.
func (wk *worker) threeBands(cols *[MaxN]uint16) (u128, bool) {
	p := wk.p
	w, u := p.w, len(p.splits)
	all := uint16(1)<<p.n - 1
	opts := make([][][]uint16, p.ns)
	for s := range p.ns {
		opts[s] = p.stackOptions(cols[s*w : (s+1)*w])
	}
	// For stacks 2..ns: the index contributions of each option in band 2
	// and band 3, for the current first-stack choice.
	mul := make([]int, p.ns)
	mul[1] = 1
	for s := 2; s < p.ns; s++ {
		mul[s] = mul[s-1] * u
	}
	in2 := make([][]int, p.ns)
	in3 := make([][]int, p.ns)
	for s := 1; s < p.ns; s++ {
		in2[s] = make([]int, len(opts[s]))
		in3[s] = make([]int, len(opts[s]))
	}
	var total u128
	rest := make([]uint16, w)
	ok := true
	var rec func(s, i2, i3 int)
	rec = func(s, i2, i3 int) {
		if s == p.ns {
			total, ok = total.addMul(p.table[i2], p.table[i3])
			if !ok {
				wk.fail(ErrTooLarge)
			}
			return
		}
		for k := range opts[s] {
			if !ok {
				return
			}
			rec(s+1, i2+in2[s][k], i3+in3[s][k])
		}
	}
	for _, o := range opts[0] {
		if wk.stopped() {
			return u128{}, false
		}
		for j := range w {
			rest[j] = all &^ (cols[j] | o[j])
		}
		g2, g3 := p.standardize(o), p.standardize(rest)
		for s := 1; s < p.ns; s++ {
			for k, x := range opts[s] {
				for j := range w {
					rest[j] = all &^ (cols[s*w+j] | x[j])
				}
				in2[s][k] = mul[s] * int(p.splitIndex(&g2, x))
				in3[s][k] = mul[s] * int(p.splitIndex(&g3, rest))
			}
		}
		rec(1, 0, 0)
		if !ok {
			return u128{}, false
		}
	}
	return total, true
}
