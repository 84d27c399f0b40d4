package grids

import (
	"context"
	"errors"
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
)

// triples is the partitions of the digits into h triples (the rows a fill
// of the first h-1 stacks misses), with, for each split, the partitions
// that fit it (each triple one digit from each of its sets).
type triples struct {
	index map[uint32]int32 // by tripleKey
	fits  []int32          // (h!)^2 per split
	per   int              // (h!)^2
	powh  []uint32         // powh[m]: the sum of h^d over the digits of m
}

// tripleKey returns the key of a partition into triples given in any
// order: the triples ordered by least digit, labelled 0..h-1, and the
// labels of the digits read in base h.
func (t *triples) key(m []uint16) uint32 {
	var s [4]uint16
	copy(s[:], m)
	k := len(m)
	for i := 1; i < k; i++ {
		for j := i; j > 0 && s[j]&-s[j] < s[j-1]&-s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	var key uint32
	for j := 1; j < k; j++ {
		key += uint32(j) * t.powh[s[j]]
	}
	return key
}

// newTriples lists the partitions into triples and which fit each split.
func (p *plan) newTriples() (*triples, error) {
	h, n := p.h, p.n
	t := &triples{index: make(map[uint32]int32), powh: make([]uint32, 1<<n)}
	for m := 1; m < len(t.powh); m++ {
		d := bits.TrailingZeros(uint(m))
		t.powh[m] = t.powh[m&(m-1)] + uint32(math.Pow(float64(h), float64(d)))
	}
	// Every partition: the triple of the least digit left, in turn.
	all := uint16(1)<<n - 1
	cur := make([]uint16, 0, h)
	var rec func(left uint16)
	rec = func(left uint16) {
		if left == 0 {
			t.index[t.key(cur)] = int32(len(t.index))
			return
		}
		low := left & -left
		rest := left &^ low
		for a := rest; a != 0; a &= a - 1 {
			da := a & -a
			for b := a &^ da; b != 0; b &= b - 1 {
				db := b & -b
				cur = append(cur, low|da|db)
				rec(rest &^ (da | db))
				cur = cur[:len(cur)-1]
			}
		}
	}
	rec(all)
	perms := permutations(h)
	t.per = len(perms) * len(perms)
	t.fits = make([]int32, 0, len(p.splits)*t.per)
	m := make([]uint16, h)
	for _, s := range p.splits {
		var d [stackW][]int
		for j := range stackW {
			for x := s[j]; x != 0; x &= x - 1 {
				d[j] = append(d[j], bits.TrailingZeros16(x))
			}
		}
		for _, a := range perms {
			for _, b := range perms {
				for r := range h {
					m[r] = 1<<d[0][r] | 1<<d[1][a[r]] | 1<<d[2][b[r]]
				}
				q, ok := t.index[t.key(m)]
				if !ok {
					return nil, errInternal
				}
				t.fits = append(t.fits, q)
			}
		}
	}
	return t, nil
}

// rowFiller counts the fills of the first h-1 stacks of a band by the
// partition into triples of the rows they miss.
type rowFiller struct {
	h, n  int
	t     *triples
	set   [4][MaxN]uint8 // set[s][d]: the column set of digit d in stack s
	used  [4][stackW]uint8
	miss  [4]uint16 // the digits each row misses so far
	count []uint64  // per partition
	ctx   context.Context
	tick  int
	err   error
}

// fill counts the fills of the stacks (stack 0 standard), with digit d
// of stack 0's first set in row d (every fill is one of those up to a
// move of the rows: h! of them, same partition).
func (f *rowFiller) fill(stacks [][]uint16) error {
	for s, sets := range stacks {
		for j, m := range sets {
			for x := m; x != 0; x &= x - 1 {
				f.set[s][bits.TrailingZeros16(x)] = uint8(j)
			}
		}
	}
	clear(f.count)
	f.digit(0)
	return f.err
}

func (f *rowFiller) digit(d int) {
	if d == f.n {
		f.count[f.t.index[f.t.key(f.miss[:f.h])]]++
		return
	}
	f.tick++
	if f.tick&0xFFFF == 0 && f.err == nil {
		f.err = f.ctx.Err()
	}
	if f.err != nil {
		return
	}
	f.choose(d, 0, 0)
}

// choose gives digit d a row in stack s and the next, then the row it
// misses.
func (f *rowFiller) choose(d, s int, taken uint8) {
	all := uint8(1)<<f.h - 1
	if s == f.h-1 {
		r := bits.TrailingZeros8(all &^ taken)
		if bits.OnesCount16(f.miss[r]) == stackW {
			return
		}
		f.miss[r] |= 1 << d
		f.digit(d + 1)
		f.miss[r] &^= 1 << d
		return
	}
	c := f.set[s][d]
	free := all &^ (taken | f.used[s][c])
	if s == 0 && c == 0 {
		free &= 1 << d // the rows' order: digit d (< h) in row d
	}
	for free != 0 {
		r := free & -free
		free ^= r
		f.used[s][c] |= r
		f.choose(d, s+1, taken|r)
		f.used[s][c] ^= r
	}
}

// row returns the band counts of the first h-1 stacks' splits (stack 0
// standard) with every last split, in split order.
func (p *plan) row(f *rowFiller, stacks [][]uint16, out []uint32) error {
	if err := f.fill(stacks); err != nil {
		return err
	}
	hf := uint64(1)
	for k := 2; k <= p.h; k++ {
		hf *= uint64(k)
	}
	t := f.t
	for y := range p.splits {
		var s uint64
		for _, q := range t.fits[y*t.per : (y+1)*t.per] {
			s += f.count[q]
		}
		hi, v := bits.Mul64(s, hf)
		if hi != 0 || v > math.MaxUint32 {
			return ErrTooLarge
		}
		out[y] = uint32(v)
	}
	return nil
}

func (p *plan) newRowFiller(ctx context.Context, t *triples) *rowFiller {
	return &rowFiller{h: p.h, n: p.n, t: t, count: make([]uint64, len(t.index)), ctx: ctx}
}

// stdSplit returns the sets of the standard split.
func (p *plan) stdSplit() []uint16 {
	s := make([]uint16, p.w)
	for j := range s {
		s[j] = (uint16(1)<<p.h - 1) << (j * p.h)
	}
	return s
}

// tableRows returns the number of rows of the table: one per prefix
// (stack 2's root representative, stacks 3..h-1's splits).
func (p *plan) tableRows() int {
	rows := 1
	if p.ns >= 3 {
		rows = len(p.st.bReps)
		for range p.ns - 3 {
			rows *= len(p.splits)
		}
	}
	return rows
}

// fillStackTable fills the table of the stack method: a row per prefix,
// counted for one prefix per orbit of the relabellings that keep stack
// 1 and 2 and copied, relabelled, to the others.
func (p *plan) fillStackTable(ctx context.Context, workers int) error {
	st := p.st
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.table != nil {
		return nil
	}
	t, err := p.newTriples()
	if err != nil {
		return err
	}
	u := len(p.splits)
	table := make([]uint32, p.tableRows()*u)
	// The prefixes counted: (std), (std, b), (std, b, r3).
	type job struct {
		b, r3 int32 // -1 when absent
	}
	var jobs []job
	switch p.ns {
	case 2:
		jobs = append(jobs, job{-1, -1})
	case 3:
		for _, b := range st.bReps {
			jobs = append(jobs, job{b, -1})
		}
	case 4:
		for _, b := range st.bReps {
			for _, r := range st.root.child[b].reps {
				jobs = append(jobs, job{b, r})
			}
		}
	}
	var next atomic.Int64
	errs := make([]error, max(workers, 1))
	var wg sync.WaitGroup
	for wi := range errs {
		wg.Go(func() {
			f := p.newRowFiller(ctx, t)
			rep := make([]uint32, u)
			for {
				k := int(next.Add(1) - 1)
				if k >= len(jobs) {
					return
				}
				jb := jobs[k]
				stacks := [][]uint16{p.stdSplit()}
				if jb.b >= 0 {
					stacks = append(stacks, p.splits[jb.b])
				}
				if jb.r3 >= 0 {
					stacks = append(stacks, p.splits[jb.r3])
				}
				if p.ns < 4 {
					row := 0
					if jb.b >= 0 {
						row = int(st.bIndex[jb.b])
					}
					if err := p.row(f, stacks, table[row*u:(row+1)*u]); err != nil {
						errs[wi] = err
						return
					}
					continue
				}
				if err := p.row(f, stacks, rep); err != nil {
					errs[wi] = err
					return
				}
				// Every stack-3 split x of the orbit.
				nd := st.root.child[jb.b]
				bi := int(st.bIndex[jb.b])
				for x := range u {
					if nd.rep[x] == jb.r3 {
						p.relabelRow(rep, nd.to[x], table[(bi*u+x)*u:(bi*u+x+1)*u])
					}
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	st.table = table
	return nil
}

// relabelRow sets out to the row of a prefix that g takes to the prefix
// of row rep, keeping the stacks before: N(.., x, y) = N(.., g(x), g(y)).
func (p *plan) relabelRow(rep []uint32, g perm, out []uint32) {
	t := g.nibbles()
	for y, s := range p.splits {
		out[y] = rep[p.idx(&t, s[0], s[1], s[2])]
	}
}

// prefix returns the stacks of table row k: the standard split, stack
// 2's representative and stack 3's split (as the stacks apply).
func (p *plan) prefix(k int) [][]uint16 {
	stacks := [][]uint16{p.stdSplit()}
	u := len(p.splits)
	switch p.ns {
	case 3:
		stacks = append(stacks, p.splits[p.st.bReps[k]])
	case 4:
		stacks = append(stacks, p.splits[p.st.bReps[k/u]], p.splits[k%u])
	}
	return stacks
}

// rowAt returns table row k (without a table, from st.lazy: tests).
func (p *plan) rowAt(k int) []uint32 {
	u := len(p.splits)
	if p.st.table != nil {
		return p.st.table[k*u : (k+1)*u]
	}
	return p.st.lazy(k)
}

// tableCount returns the band count of the band with column sets cols
// from the table.
func (p *plan) tableCount(cols *[MaxN]uint16) uint32 {
	u, w := len(p.splits), p.w
	g := p.standardize(cols[:w])
	k := 0
	if p.ns >= 3 {
		k, g = p.normalise2(g, [stackW]uint16(cols[w:2*w]))
	}
	t := g.nibbles()
	if p.ns == 4 {
		k = k*u + int(p.idx(&t, cols[2*w], cols[2*w+1], cols[2*w+2]))
	}
	o := (p.ns - 1) * w
	return p.rowAt(k)[p.idx(&t, cols[o], cols[o+1], cols[o+2])]
}
