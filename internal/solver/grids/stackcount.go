package grids

import (
	"context"
	"math/big"
	"math/bits"
)

// stackWorker counts pieces by the stack method; not safe for concurrent
// use (its buffers).
type stackWorker struct {
	p   *plan
	ctx context.Context
	// keep, when not nil, restricts band 2's choices (tests): choice k of
	// stack s is tried only when keep(s, k). The sum is the restricted
	// one when, in every stack, a choice and the one band 3 then has are
	// kept together (band 2 and band 3 are swapped once for both).
	keep func(s, k int) bool
	// i2, i3: per choice of the last stack, band 2's and band 3's split
	// indices (their relabellings applied).
	i2, i3 []int32
}

// setLast sets sw.i2 and sw.i3 to the split indices of the last stack's
// choices (those kept) relabelled by h2 for band 2 and h3 for band 3,
// and returns their number.
func (sw *stackWorker) setLast(last []stackChoice, h2, h3 perm) int {
	p := sw.p
	t2, t3 := h2.nibbles(), h3.nibbles()
	n := 0
	for k, x := range last {
		if sw.keep != nil && !sw.keep(p.ns-1, k) {
			continue
		}
		sw.i2[n] = p.idx(&t2, x.sets[0], x.sets[1], x.sets[2])
		sw.i3[n] = p.idx(&t3, x.rest[0], x.rest[1], x.rest[2])
		n++
	}
	return n
}

// lastSum returns acc plus the sum over k of r2[i2[k]] * r3[i3[k]]: the
// last stack's choices read from band 2's and band 3's table rows. It
// does not overflow: the entries are below 2^32 and a piece has fewer
// than 2^33 choices of band 2.
func lastSum(acc u128, r2, r3 []uint32, i2, i3 []int32) u128 {
	var hi, lo, cr uint64
	i3 = i3[:len(i2)]
	for k, x := range i2 {
		lo, cr = bits.Add64(lo, uint64(r2[x])*uint64(r3[i3[k]]), 0)
		hi += cr
	}
	acc.lo, cr = bits.Add64(acc.lo, lo, 0)
	acc.hi += hi + cr
	return acc
}

// stackChoice is a choice of band 2's column sets in one stack, with the
// column sets band 3 then has.
type stackChoice struct {
	sets, rest [stackW]uint16
}

// stackChoices returns the choices of stack s under the first band cols.
func (p *plan) stackChoices(cols *[MaxN]uint16, s int) []stackChoice {
	all := uint16(1)<<p.n - 1
	used := cols[s*p.w : (s+1)*p.w]
	opts := p.stackOptions(used)
	out := make([]stackChoice, len(opts))
	for k, o := range opts {
		for j := range stackW {
			out[k].sets[j] = o[j]
			out[k].rest[j] = all &^ (used[j] | o[j])
		}
	}
	return out
}

// piece returns the piece's part: its weight times its first band's
// count times the completions of that band.
func (sw *stackWorker) piece(pc *Piece) (*big.Int, error) {
	p := sw.p
	first := p.firstBand(pc)
	n1 := p.tableCount(&first)
	rest, err := sw.completions(&first)
	if err != nil {
		return nil, err
	}
	v := rest.big()
	v.Mul(v, new(big.Int).SetUint64(uint64(n1)))
	return v.Mul(v, new(big.Int).SetUint64(pc.Weight)), nil
}

// completions returns the sum over band 2's column sets of the counts of
// band 2 and band 3 (from the table).
func (sw *stackWorker) completions(first *[MaxN]uint16) (u128, error) {
	p := sw.p
	ch := make([][]stackChoice, p.ns)
	for s := range p.ns {
		ch[s] = p.stackChoices(first, s)
	}
	// Pair each first-stack choice with band 3's (its rest), and keep the
	// first of each pair.
	pos := make(map[[stackW]uint16]int, len(ch[0]))
	for k, c := range ch[0] {
		pos[c.sets] = k
	}
	last := ch[p.ns-1]
	if cap(sw.i2) < len(last) {
		sw.i2, sw.i3 = make([]int32, len(last)), make([]int32, len(last))
	}
	var mid []stackChoice
	if p.ns == 4 {
		mid = ch[2]
	}
	u := len(p.splits)
	var total u128
	for k, c := range ch[0] {
		if pos[c.rest] < k || (sw.keep != nil && !sw.keep(0, k)) {
			continue
		}
		if err := sw.ctx.Err(); err != nil {
			return u128{}, err
		}
		g2, g3 := p.standardize(c.sets[:]), p.standardize(c.rest[:])
		if p.ns == 2 {
			// Two stacks: the second is the last, one row.
			n := sw.setLast(last, g2, g3)
			total = lastSum(total, p.rowAt(0), p.rowAt(0), sw.i2[:n], sw.i3[:n])
			continue
		}
		for k1, x := range ch[1] {
			if sw.keep != nil && !sw.keep(1, k1) {
				continue
			}
			bi2, h2 := p.normalise2(g2, x.sets)
			bi3, h3 := p.normalise2(g3, x.rest)
			n := sw.setLast(last, h2, h3)
			i2, i3 := sw.i2[:n], sw.i3[:n]
			if p.ns == 3 {
				total = lastSum(total, p.rowAt(bi2), p.rowAt(bi3), i2, i3)
				continue
			}
			// Four stacks: the third stack's choice picks the rows.
			t2, t3 := h2.nibbles(), h3.nibbles()
			for k2, y := range mid {
				if sw.keep != nil && !sw.keep(2, k2) {
					continue
				}
				a := bi2*u + int(p.idx(&t2, y.sets[0], y.sets[1], y.sets[2]))
				b := bi3*u + int(p.idx(&t3, y.rest[0], y.rest[1], y.rest[2]))
				total = lastSum(total, p.rowAt(a), p.rowAt(b), i2, i3)
			}
		}
	}
	// Every pair counted once: twice.
	if total.hi>>63 != 0 {
		return u128{}, ErrTooLarge
	}
	total.hi = total.hi<<1 | total.lo>>63
	total.lo <<= 1
	return total, nil
}

// normalise2 returns the number of the root representative of the
// second stack's split sets relabelled by g, and g followed by the
// relabelling that takes it there.
func (p *plan) normalise2(g perm, sets [stackW]uint16) (int, perm) {
	st := p.st
	t := g.nibbles()
	i := p.idx(&t, sets[0], sets[1], sets[2])
	return int(st.bIndex[st.root.rep[i]]), g.then(&st.root.to[i])
}
