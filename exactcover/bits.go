package exactcover

import (
	"math/bits"
	"unsafe"
)

// The bits engine (EngineBits) is Algorithm X on bitsets, for problems with
// few options: the options still possible are a bitset (one bit per
// option), and so are, per item, the options that contain it. Choosing an
// option clears, from a copy of the live set, the options that clash with
// it (the masks of its items: for a primary or an uncolored secondary item
// every option containing the item, for a colored one the options giving
// the item another color or none); the number of options left to an item
// is the population count of its mask and the live set. Backtracking is
// returning to the live set of the level above, so nothing is undone.
//
// It branches as DLX1 does, on the first primary item (in item order)
// with the fewest options, trying them in option order, so that its search
// tree is DLX1's and its Stats.Nodes equals DLX1's node count (and the
// links engine's). Its Stats.Updates counts the 64-bit words of live sets
// written: a level's copy of the live set and the words its option clears.

// maxBitsOptions is the largest number of options the bits engine takes.
const maxBitsOptions = 1 << 13

// maxBitsWords bounds the memory of the bits engine's masks and live sets
// (in 64-bit words).
const maxBitsWords = 1 << 22

// bitset is the bits engine's memory of a problem.
type bitset struct {
	words int32 // W: words per set of options
	pw    int32 // words per set of primary items
	nPrim int32
	// Mask m holds the bits of words mlo[m]..mhi[m]-1 of a set of
	// options, in mw[moff[m]:]. Masks 0..nPrim-1 are the primary items'.
	mlo, mhi, moff []int32
	md             []maskDesc // the same, packed, for the hot loops
	// With at most 256 options (W = 4), full holds every mask as 4
	// words (mask m in full[4m:4m+4]), for loops without branches.
	full []uint64
	// With 257 to 4096 options and no bounds, sum[l] has bit w set when
	// word w of level l's live set is not zero, and rmask[m] the bits of
	// the words of mask m: counting and clearing skip the empty words
	// (options die by whole words, as a piece's placements do).
	sum, rmask []uint64
	mw         []uint64
	// Option k, when chosen, clears the masks kill[kstart[k]:kstart[k+1]]
	// and covers the primary items prim[pstart[k]:pstart[k+1]] (0-based).
	kstart, kill []int32
	pstart, prim []int32
	live0, act0  []uint64 // the full problem: the options with a primary item, every primary item
	// Item bounds (see searchM): per primary item, the bounds lo and hi
	// and, per level, how many times each is covered (cov); bounded is
	// false for exact cover.
	bounded bool
	lo, hi  []int32
	cov     []int32
	maxLen  int32 // the most options of a primary item
	// The units of a parallel search with bounds (see units and searchM).
	un units

	// Search state: per level, the live options and the active primary
	// items; the option tried, its index and the number of options.
	live, act       []uint64
	opt, idx, deg   []int32
	rbuf            []int32 // randomized searches: the options of the levels, shuffled, as a stack
	rtop            int     // the top of that stack
	nodes, upd, cnt int64
	limit           int64
	visit           func(depth int) bool
	clk             clock
	err             error
	progress        func(Stats)
	random          bool
	rng             rng
}

// bitsFits reports whether the bits engine takes the problem m.
func bitsFits(m *spec) bool {
	nOpt := int64(m.numOptions())
	if nOpt > maxBitsOptions {
		return false
	}
	w := (nOpt + 63) / 64
	// Masks: at most one per node; live sets (and with bounds the counts
	// of the primary items, in words of 32 bits): one per level.
	per := w
	if m.bounded() {
		per += (int64(m.nPrim) + 1) / 2
	}
	// The links' nodes: one per item and entry, one per option, two heads.
	nodes := int64(m.nItems) + 2 + int64(m.numEntries()) + nOpt
	return nodes*w+int64(bitsLevels(m))*per <= maxBitsWords
}

// bitsLevels returns the most levels of a search of the bits engine: each
// level covers a primary item, or with item bounds takes an option or
// leaves an item.
func bitsLevels(m *spec) int {
	if m.bounded() {
		return int(m.nPrim) + len(m.optStart) + 1
	}
	return int(m.nPrim) + 2
}

// newBitset builds the bits engine's memory for m.
func newBitset(m *spec) *bitset {
	n, nPrim := m.nItems, m.nPrim
	nOpt := m.numOptions()
	W := (nOpt + 63) / 64
	if W <= 4 {
		W = 4 // the small layout: see full
	}
	b := &bitset{words: W, pw: (nPrim + 63) / 64, nPrim: nPrim}
	type use struct{ opt, col int32 }
	uses := make([][]use, n+1)
	for k := range nOpt {
		for j := m.optStart[k]; j < m.optStart[k+1]; j++ {
			v := m.item(j)
			uses[v] = append(uses[v], use{k, m.color(j)})
		}
	}
	addMask := func(opts []int32) int32 {
		id := int32(len(b.mlo))
		lo, hi := W, int32(0)
		for _, k := range opts {
			lo, hi = min(lo, k/64), max(hi, k/64+1)
		}
		if hi < lo {
			lo, hi = 0, 0
		}
		b.mlo, b.mhi, b.moff = append(b.mlo, lo), append(b.mhi, hi), append(b.moff, int32(len(b.mw)))
		start := len(b.mw)
		b.mw = append(b.mw, make([]uint64, hi-lo)...)
		for _, k := range opts {
			b.mw[start+int(k/64-lo)] |= 1 << (k % 64)
		}
		return id
	}
	var opts []int32
	for i := int32(1); i <= nPrim; i++ {
		opts = opts[:0]
		for _, u := range uses[i] {
			opts = append(opts, u.opt)
		}
		addMask(opts)
		b.maxLen = max(b.maxLen, int32(len(opts)))
	}
	// Secondary masks, made when an option needs them.
	all := make(map[int32]int32)        // item -> mask of all its options
	byColor := make(map[[2]int32]int32) // (item, color) -> mask of the options giving it another color or none
	b.kstart = make([]int32, nOpt+1)
	b.pstart = make([]int32, nOpt+1)
	b.live0 = make([]uint64, W)
	for k := range nOpt {
		hasPrim := false
		for j := m.optStart[k]; j < m.optStart[k+1]; j++ {
			v, c := m.item(j), m.color(j)
			switch {
			case v <= nPrim:
				hasPrim = true
				b.kill = append(b.kill, v-1)
				b.prim = append(b.prim, v-1)
			case c == 0:
				m, ok := all[v]
				if !ok {
					opts = opts[:0]
					for _, u := range uses[v] {
						opts = append(opts, u.opt)
					}
					m = addMask(opts)
					all[v] = m
				}
				b.kill = append(b.kill, m)
			default:
				m, ok := byColor[[2]int32{v, c}]
				if !ok {
					opts = opts[:0]
					for _, u := range uses[v] {
						if u.col != c {
							opts = append(opts, u.opt)
						}
					}
					m = addMask(opts)
					byColor[[2]int32{v, c}] = m
				}
				b.kill = append(b.kill, m)
			}
		}
		b.kstart[k+1] = int32(len(b.kill))
		b.pstart[k+1] = int32(len(b.prim))
		if hasPrim {
			b.live0[k/64] |= 1 << (k % 64)
		}
	}
	b.act0 = make([]uint64, b.pw)
	for i := range nPrim {
		b.act0[i/64] |= 1 << (i % 64)
	}
	if W == 4 {
		b.full = make([]uint64, 4*len(b.mlo))
		for m := range b.mlo {
			copy(b.full[4*m+int(b.mlo[m]):4*m+int(b.mhi[m])], b.mw[b.moff[m]:])
		}
	}
	levels := bitsLevels(m)
	if W > 4 && W <= 64 && !m.bounded() {
		b.rmask = make([]uint64, len(b.mlo))
		for m := range b.mlo {
			for w := b.mlo[m]; w < b.mhi[m]; w++ {
				b.rmask[m] |= 1 << w
			}
		}
		b.sum = make([]uint64, levels)
	}
	b.md = make([]maskDesc, len(b.mlo))
	for m := range b.md {
		b.md[m] = maskDesc{b.mlo[m], b.mhi[m], b.moff[m]}
	}
	if m.bounded() {
		b.bounded = true
		b.lo, b.hi = make([]int32, nPrim), make([]int32, nPrim)
		for c := int32(1); c <= nPrim; c++ {
			b.lo[c-1], b.hi[c-1] = m.lo[c], m.hi[c]
		}
		b.cov = make([]int32, levels*int(nPrim))
	}
	b.live = make([]uint64, levels*int(W))
	b.act = make([]uint64, levels*int(b.pw))
	b.opt = make([]int32, levels)
	b.idx = make([]int32, levels)
	b.deg = make([]int32, levels)
	return b
}

// maskDesc describes mask m: words lo..hi-1, stored from mw[off].
type maskDesc struct{ lo, hi, off int32 }

// clone returns a copy of b with its own search state; the masks are
// shared (read-only).
func (b *bitset) clone() engine {
	c := *b
	c.live = padded[uint64](nil, len(b.live))
	c.act = padded[uint64](nil, len(b.act))
	c.opt = padded[int32](nil, len(b.opt))
	c.idx = padded[int32](nil, len(b.idx))
	c.deg = padded[int32](nil, len(b.deg))
	if b.sum != nil {
		c.sum = padded[uint64](nil, len(b.sum))
	}
	if b.cov != nil {
		c.cov = padded[int32](nil, len(b.cov))
	}
	c.rbuf = nil
	c.visit, c.progress = nil, nil
	return &c
}

// bytes returns the memory of the bits engine.
func (b *bitset) bytes() int64 {
	return 3*bytesOf(b.mlo) + bytesOf(b.md) + bytesOf(b.full) + bytesOf(b.sum) +
		bytesOf(b.rmask) + bytesOf(b.mw) + bytesOf(b.kstart) + bytesOf(b.kill) +
		bytesOf(b.pstart) + bytesOf(b.prim) + bytesOf(b.live0) + bytesOf(b.act0) +
		bytesOf(b.lo) + bytesOf(b.hi) + bytesOf(b.cov) + bytesOf(b.live) +
		bytesOf(b.act) + 3*bytesOf(b.opt) + bytesOf(b.rbuf)
}

// count returns the number of options of the live set that mask m holds,
// or some number >= t when that is at least t.
// The hot loops index the masks and live sets through unsafe pointers:
// every mask's words are in range of mw, and its word range in range of a
// live set, by construction (newBitset).
func (b *bitset) count(m int32, live unsafe.Pointer, t int32) int32 {
	d := (*maskDesc)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.md)), uintptr(m)*unsafe.Sizeof(maskDesc{})))
	if d.hi == d.lo { // an empty mask, which may start past the end of mw
		return 0
	}
	mw := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.mw)), uintptr(d.off)*8)
	lv := unsafe.Add(live, uintptr(d.lo)*8)
	c := int32(0)
	for i := uintptr(0); i < uintptr(d.hi-d.lo); i++ {
		c += int32(bits.OnesCount64(*(*uint64)(unsafe.Add(lv, i*8)) & *(*uint64)(unsafe.Add(mw, i*8))))
		if c >= t {
			return c
		}
	}
	return c
}

// clear clears the bits of mask m from the live set dst and returns the
// number of words it wrote.
func (b *bitset) clear(m int32, dst unsafe.Pointer) int64 {
	d := (*maskDesc)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.md)), uintptr(m)*unsafe.Sizeof(maskDesc{})))
	if d.hi == d.lo {
		return 0
	}
	mw := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.mw)), uintptr(d.off)*8)
	lv := unsafe.Add(dst, uintptr(d.lo)*8)
	n := uintptr(d.hi - d.lo)
	for i := uintptr(0); i < n; i++ {
		*(*uint64)(unsafe.Add(lv, i*8)) &^= *(*uint64)(unsafe.Add(mw, i*8))
	}
	return int64(n)
}

// countSum is count using the summary of the nonzero words of the live
// set (see sum).
func (b *bitset) countSum(m int32, live unsafe.Pointer, sum uint64, t int32) int32 {
	d := (*maskDesc)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.md)), uintptr(m)*unsafe.Sizeof(maskDesc{})))
	s := sum & *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.rmask)), uintptr(m)*8))
	if s == 0 {
		return 0
	}
	mw := unsafe.Pointer(unsafe.SliceData(b.mw))
	c := int32(0)
	for s != 0 {
		w := uintptr(bits.TrailingZeros64(s))
		s &= s - 1
		c += int32(bits.OnesCount64(*(*uint64)(unsafe.Add(live, w*8)) & *(*uint64)(unsafe.Add(mw, (uintptr(d.off)+w-uintptr(d.lo))*8))))
		if c >= t {
			return c
		}
	}
	return c
}

// clearSum is clear using and updating the summary of the nonzero words
// of the live set dst; it returns the new summary and the words written.
func (b *bitset) clearSum(m int32, dst unsafe.Pointer, sum uint64) (uint64, int64) {
	d := (*maskDesc)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.md)), uintptr(m)*unsafe.Sizeof(maskDesc{})))
	s := sum & *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(b.rmask)), uintptr(m)*8))
	mw := unsafe.Pointer(unsafe.SliceData(b.mw))
	n := int64(0)
	for s != 0 {
		w := uintptr(bits.TrailingZeros64(s))
		s &= s - 1
		p := (*uint64)(unsafe.Add(dst, w*8))
		v := *p &^ *(*uint64)(unsafe.Add(mw, (uintptr(d.off)+w-uintptr(d.lo))*8))
		*p = v
		if v == 0 {
			sum &^= 1 << w
		}
		n++
	}
	return sum, n
}
