package exactcover

import (
	"context"
	"math/bits"
	"unsafe"
)

// run is the bits engine's search, below the options j.chosen, with the
// same limit, seed, progress, visit, budget and cancellation as the links'
// runX, and with units (see units) as their runM, with or without item
// bounds (see bits.go).
func (b *bitset) run(ctx context.Context, j *job) error {
	b.random = j.seed != 0
	if b.random {
		b.rng = rng(j.seed)
		if b.rbuf == nil {
			// Without bounds the options of the branching items of a
			// path are disjoint: at most all of them; with bounds the
			// stack grows when it must.
			b.rbuf = make([]int32, len(b.kstart)+int(b.maxLen))
		}
		b.rtop = 0
	}
	b.nodes, b.upd, b.cnt, b.limit = 0, 0, 0, j.limit
	b.visit, b.progress = j.visit, j.progress
	b.clk = newClock(ctx, pollMask, j.budget)
	b.err = nil
	W, PW := b.words, b.pw
	live, act := b.live[:W], b.act[:PW]
	copy(live, b.live0)
	copy(act, b.act0)
	for _, k := range j.chosen {
		for _, m := range b.kill[b.kstart[k]:b.kstart[k+1]] {
			lo, hi := b.mlo[m], b.mhi[m]
			mw := b.mw[b.moff[m] : b.moff[m]+hi-lo]
			for i, x := range mw {
				live[int(lo)+i] &^= x
			}
		}
		for _, i := range b.prim[b.pstart[k]:b.pstart[k+1]] {
			act[i/64] &^= 1 << (i % 64)
		}
	}
	if b.sum != nil {
		b.sum[0] = 0
		for w, x := range live {
			if x != 0 {
				b.sum[0] |= 1 << w
			}
		}
	}
	b.un = units{depth: j.units.depth, target: j.units.target}
	switch err := ctx.Err(); {
	case err != nil:
		b.err = err
	case b.bounded:
		clear(b.cov[:b.nPrim])
		b.searchM(0)
	default:
		b.search(0)
	}
	j.units.n, j.units.deep = b.un.n, b.un.deep
	b.un = units{}
	b.clk.flush(b.nodes)
	j.stats = Stats{Nodes: b.nodes, Updates: b.upd, Solutions: b.cnt}
	b.visit, b.progress, b.clk = nil, nil, clock{}
	return b.err
}

// poll checks the context and the budget and calls progress; it reports
// false when the search must stop (b.err set).
func (b *bitset) poll(level int) bool {
	report, err := b.clk.tick(b.nodes)
	if err != nil {
		if err == ErrNodeBudget {
			b.nodes--
		}
		b.err = err
		return false
	}
	if report && b.progress != nil {
		b.progress(Stats{Nodes: b.nodes, Updates: b.upd, Solutions: b.cnt, Fraction: b.fraction(level)})
	}
	return true
}

// search enters the given level; it reports false when the search must
// stop.
func (b *bitset) search(level int) bool {
	if b.un.depth != 0 {
		if on, ret := b.enterUnit(level); !on {
			return ret
		}
	} else {
		b.nodes++
		if b.nodes >= b.clk.next && !b.poll(level) {
			return false
		}
	}
	W, PW := int(b.words), int(b.pw)
	live := b.live[level*W : level*W+W]
	act := b.act[level*PW : level*PW+PW]
	best, t := int32(-1), int32(1<<31-1)
	lp := unsafe.Pointer(unsafe.SliceData(live))
	if b.full != nil {
		l0, l1, l2, l3 := live[0], live[1], live[2], live[3]
		full := unsafe.Pointer(unsafe.SliceData(b.full))
		for w, a := range act {
			for a != 0 {
				i := int32(w*64 + bits.TrailingZeros64(a))
				a &= a - 1
				m := (*[4]uint64)(unsafe.Add(full, uintptr(i)*32))
				c := int32(bits.OnesCount64(l0&m[0]) + bits.OnesCount64(l1&m[1]) + bits.OnesCount64(l2&m[2]) + bits.OnesCount64(l3&m[3]))
				if c < t {
					best, t = i, c
				}
			}
		}
		goto chosen
	}
	if b.sum != nil {
		sum := b.sum[level]
		for w, a := range act {
			for a != 0 {
				i := int32(w*64 + bits.TrailingZeros64(a))
				a &= a - 1
				if c := b.countSum(i, lp, sum, t); c < t {
					best, t = i, c
					if c == 0 {
						goto chosen
					}
				}
			}
		}
		goto chosen
	}
choose:
	for w, a := range act {
		for a != 0 {
			i := int32(w*64 + bits.TrailingZeros64(a))
			a &= a - 1
			if c := b.count(i, lp, t); c < t {
				best, t = i, c
				if c == 0 {
					break choose
				}
			}
		}
	}
chosen:
	if best < 0 { // no primary item left: a solution
		if b.un.depth != 0 && level < b.un.depth {
			if on, ret := b.solutionUnit(); !on {
				return ret
			}
		}
		b.cnt++
		return !((b.visit != nil && !b.visit(level)) || b.cnt == b.limit)
	}
	if t == 0 {
		return true
	}
	b.deg[level] = t
	lo, hi := b.mlo[best], b.mhi[best]
	mw := b.mw[b.moff[best] : b.moff[best]+hi-lo]
	if b.random {
		buf := b.shuffleBuf(int(t))
		defer b.popBuf(len(buf))
		j := 0
		for i, x := range mw {
			x &= live[int(lo)+i]
			for x != 0 {
				buf[j] = (lo+int32(i))*64 + int32(bits.TrailingZeros64(x))
				j++
				x &= x - 1
			}
		}
		for i := len(buf) - 1; i > 0; i-- {
			r := int(b.rng.intn(uint64(i + 1)))
			buf[i], buf[r] = buf[r], buf[i]
		}
		for i, k := range buf {
			b.idx[level] = int32(i)
			if !b.try(level, k) {
				return false
			}
		}
		return true
	}
	b.idx[level] = 0
	for i, x := range mw {
		x &= live[int(lo)+i]
		for x != 0 {
			k := (lo+int32(i))*64 + int32(bits.TrailingZeros64(x))
			x &= x - 1
			if !b.try(level, k) {
				return false
			}
			b.idx[level]++
		}
	}
	return true
}

// try chooses option k at the given level and searches below it.
func (b *bitset) try(level int, k int32) bool {
	W, PW := int(b.words), int(b.pw)
	src := b.live[level*W : level*W+W]
	dst := b.live[level*W+W : level*W+2*W]
	u := int64(W)
	if b.full != nil {
		full := unsafe.Pointer(unsafe.SliceData(b.full))
		x0, x1, x2, x3 := src[0], src[1], src[2], src[3]
		for _, m := range b.kill[b.kstart[k]:b.kstart[k+1]] {
			f := (*[4]uint64)(unsafe.Add(full, uintptr(m)*32))
			x0 &^= f[0]
			x1 &^= f[1]
			x2 &^= f[2]
			x3 &^= f[3]
			u += 4
		}
		dst[0], dst[1], dst[2], dst[3] = x0, x1, x2, x3
	} else if b.sum != nil {
		copy(dst, src)
		dp := unsafe.Pointer(unsafe.SliceData(dst))
		sum := b.sum[level]
		for _, m := range b.kill[b.kstart[k]:b.kstart[k+1]] {
			var n int64
			sum, n = b.clearSum(m, dp, sum)
			u += n
		}
		b.sum[level+1] = sum
	} else {
		copy(dst, src)
		dp := unsafe.Pointer(unsafe.SliceData(dst))
		for _, m := range b.kill[b.kstart[k]:b.kstart[k+1]] {
			u += b.clear(m, dp)
		}
	}
	if b.countsUpdates(level) {
		b.upd += u
	}
	asrc := b.act[level*PW : level*PW+PW]
	adst := b.act[level*PW+PW : level*PW+2*PW]
	copy(adst, asrc)
	for _, i := range b.prim[b.pstart[k]:b.pstart[k+1]] {
		adst[i/64] &^= 1 << (i % 64)
	}
	b.opt[level] = k
	return b.search(level + 1)
}

// fraction is links.fraction for the bits engine.
func (b *bitset) fraction(depth int) float64 {
	f, w := 0.0, 1.0
	for l := range depth {
		w /= float64(b.deg[l])
		f += float64(b.idx[l]) * w
	}
	return f + w/2
}

// path appends the options of the first depth levels of the search to dst.
func (b *bitset) path(dst []int, depth int) []int {
	for _, k := range b.opt[:depth] {
		if k >= 0 { // with item bounds, -1 is leaving an item
			dst = append(dst, int(k))
		}
	}
	return dst
}

// searchM is search for problems with item bounds (Knuth's Algorithm M on
// bitsets): primary item i must be covered between lo[i] and hi[i] times.
// A level branches on the active item with the fewest branches left (its
// options, less the ones it still needs, plus one; the first such item):
// for each of its live options k in turn, take k, with the options tried
// before k excluded from the branch; then, when the item is covered lo
// times already, leave it (no option of it taken any more). An item
// covered hi times leaves at once. Every solution is reached once: by the
// first of its options in the item's order, or by leaving the item.
func (b *bitset) searchM(level int) bool {
	if b.un.depth != 0 {
		if on, ret := b.enterUnit(level); !on {
			return ret
		}
	} else {
		b.nodes++
		if b.nodes >= b.clk.next && !b.poll(level) {
			return false
		}
	}
	W, PW, P := int(b.words), int(b.pw), int(b.nPrim)
	live := b.live[level*W : level*W+W]
	act := b.act[level*PW : level*PW+PW]
	cnt := b.cov[level*P : level*P+P]
	lp := unsafe.Pointer(unsafe.SliceData(live))
	best, score := int32(-1), int32(1<<31-1)
	var bestSl, bestL int32
	full := unsafe.Pointer(unsafe.SliceData(b.full))
choose:
	for w, a := range act {
		for a != 0 {
			i := int32(w*64 + bits.TrailingZeros64(a))
			a &= a - 1
			var l int32
			if full != nil {
				m := (*[4]uint64)(unsafe.Add(full, uintptr(i)*32))
				l = int32(bits.OnesCount64(live[0]&m[0]) + bits.OnesCount64(live[1]&m[1]) + bits.OnesCount64(live[2]&m[2]) + bits.OnesCount64(live[3]&m[3]))
			} else {
				l = b.count(i, lp, 1<<31-1)
			}
			// As DLX3: the fewest branches, then the least slack left,
			// then the most options.
			c, hi := cnt[i], b.hi[i]
			sl := min(hi-b.lo[i], hi-c)
			t := l + 1 - max(b.lo[i]-c, 0)
			if t < score || (t == score && (sl < bestSl || (sl == bestSl && l > bestL))) {
				best, score, bestSl, bestL = i, t, sl, l
				if t <= 0 {
					break choose
				}
			}
		}
	}
	if best < 0 { // every item has left: a solution
		if b.un.depth != 0 && level < b.un.depth {
			if on, ret := b.solutionUnit(); !on {
				return ret
			}
		}
		b.cnt++
		return !((b.visit != nil && !b.visit(level)) || b.cnt == b.limit)
	}
	if score <= 0 { // fewer options left than the item needs
		return true
	}
	b.deg[level] = score
	d := b.md[best]
	mw := b.mw[d.off : d.off+d.hi-d.lo]
	n := int32(0)
	if b.random {
		l := b.count(best, lp, 1<<31-1)
		buf := b.shuffleBuf(int(l))
		defer b.popBuf(len(buf))
		j := 0
		for i, x := range mw {
			x &= live[int(d.lo)+i]
			for x != 0 {
				buf[j] = (d.lo+int32(i))*64 + int32(bits.TrailingZeros64(x))
				j++
				x &= x - 1
			}
		}
		for i := len(buf) - 1; i > 0; i-- {
			r := int(b.rng.intn(uint64(i + 1)))
			buf[i], buf[r] = buf[r], buf[i]
		}
		for _, k := range buf {
			b.idx[level] = n
			n++
			if !b.tryM(level, k) {
				return false
			}
			live[k/64] &^= 1 << (k % 64)
		}
	} else {
		for i, x := range mw {
			x &= live[int(d.lo)+i]
			for x != 0 {
				k := (d.lo+int32(i))*64 + int32(bits.TrailingZeros64(x))
				x &= x - 1
				b.idx[level] = n
				n++
				if !b.tryM(level, k) {
					return false
				}
				live[k/64] &^= 1 << (k % 64)
			}
		}
	}
	if cnt[best] < b.lo[best] {
		return true
	}
	// Leave the item: its options are all excluded by now.
	b.idx[level] = n
	copy(b.live[level*W+W:level*W+2*W], live)
	adst := b.act[level*PW+PW : level*PW+2*PW]
	copy(adst, act)
	adst[best/64] &^= 1 << (best % 64)
	copy(b.cov[level*P+P:level*P+2*P], cnt)
	if b.countsUpdates(level) {
		b.upd += int64(W)
	}
	b.opt[level] = -1
	return b.searchM(level + 1)
}

// tryM takes option k at the given level of searchM and searches below.
func (b *bitset) tryM(level int, k int32) bool {
	W, PW, P := int(b.words), int(b.pw), int(b.nPrim)
	dst := b.live[level*W+W : level*W+2*W]
	copy(dst, b.live[level*W:level*W+W])
	dp := unsafe.Pointer(unsafe.SliceData(dst))
	u := int64(W)
	for _, m := range b.kill[b.kstart[k]:b.kstart[k+1]] {
		if m >= b.nPrim { // a secondary item's; the primary ones follow
			u += b.clear(m, dp)
		}
	}
	dst[k/64] &^= 1 << (k % 64)
	adst := b.act[level*PW+PW : level*PW+2*PW]
	copy(adst, b.act[level*PW:level*PW+PW])
	cdst := b.cov[level*P+P : level*P+2*P]
	copy(cdst, b.cov[level*P:level*P+P])
	for _, i := range b.prim[b.pstart[k]:b.pstart[k+1]] {
		c := cdst[i] + 1
		cdst[i] = c
		if c == b.hi[i] { // covered hi times: the item leaves
			u += b.clear(i, dp)
			adst[i/64] &^= 1 << (i % 64)
		}
	}
	if b.countsUpdates(level) {
		b.upd += u
	}
	b.opt[level] = k
	return b.searchM(level + 1)
}

// With units (a parallel search, see units): a node at the units' depth
// is a unit, and so is a solution above it. Numbering the units (target
// < 0), the nodes and updates above that depth are counted; searching a
// unit, those of the unit alone.

// enterUnit is the start of a level of search or searchM with units: it
// meets the unit at the units' depth and counts the node when it belongs
// to the search. It reports whether to go on with the level, and if not,
// what the level returns.
func (b *bitset) enterUnit(level int) (on, ret bool) {
	ud := b.un.depth
	if level == ud {
		if search, stop := b.un.meet(true); !search {
			return false, !stop
		}
	}
	if (b.un.target < 0) == (level < ud) {
		b.nodes++
		if b.nodes >= b.clk.next && !b.poll(level) {
			return false, false
		}
	}
	return true, true
}

// solutionUnit meets the unit that a solution above the units' depth is;
// it reports whether the solution is the unit searched (then counted as
// a node of it), and if not, what its level returns.
func (b *bitset) solutionUnit() (on, ret bool) {
	if search, stop := b.un.meet(false); !search {
		if stop {
			return false, false
		}
		if b.un.target < 0 {
			b.nodes-- // counted with the unit
		}
		return false, true
	}
	b.nodes++
	return true, true
}

// countsUpdates tells whether the updates made at level belong to the
// search: always, but in a parallel search with units.
func (b *bitset) countsUpdates(level int) bool {
	return b.un.depth == 0 || (b.un.target < 0) == (level < b.un.depth)
}

// shuffleBuf returns room for n options on the stack b.rbuf, growing it
// when it is full (with item bounds only).
func (b *bitset) shuffleBuf(n int) []int32 {
	base := b.rtop
	if base+n > len(b.rbuf) {
		nb := make([]int32, 2*(base+n))
		copy(nb, b.rbuf[:base])
		b.rbuf = nb
	}
	b.rtop = base + n
	return b.rbuf[base : base+n : base+n]
}

// popBuf frees the last n options of the stack b.rbuf.
func (b *bitset) popBuf(n int) { b.rtop -= n }
