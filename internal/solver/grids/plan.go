package grids

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"sync"
)

// ErrShape reports a box shape the counter does not handle.
var ErrShape = errors.New("grids: unsupported box shape")

// ErrTooLarge reports a count whose intermediate figures do not fit the
// counter's fixed-width arithmetic.
var ErrTooLarge = errors.New("grids: count too large for the counter's arithmetic")

// MaxN is the largest side the counter accepts.
const MaxN = 12

// layout is the geometry of the grid as the counter sees it: bands of h
// rows, stacks of w columns, nb bands and ns stacks, n = h*w digits.
// A band's column c holds h digits (its column set); the w column sets
// of a stack split the n digits.
type layout struct {
	n, h, w, nb, ns int
	// transposed: the grid was turned (rows for columns) so that it has
	// the fewer bands; the count is the same.
	transposed bool
}

// newLayout returns the layout of grids with r x c boxes: bands of r rows
// (c of them) and stacks of c columns (r of them), turned when that gives
// fewer bands, unless turn is -1 (never) or 1 (always).
func newLayout(r, c, turn int) (layout, error) {
	if r < 2 || c < 2 || r*c > MaxN {
		return layout{}, fmt.Errorf("%dx%d boxes: want R and C at least 2 and a side R*C up to %d: %w", r, c, MaxN, ErrShape)
	}
	t := turn == 1 || (turn == 0 && c > r)
	if t {
		r, c = c, r
	}
	return layout{n: r * c, h: r, w: c, nb: c, ns: r, transposed: t}, nil
}

// A plan is the layout with what the search needs: the h-subsets of the
// digits, the unordered splits of the digits into w column sets, the
// relabellings that keep the first stack's column sets, and the pieces.
//
// The first band's column sets are put in a standard form: a relabelling
// of the digits takes the first stack's column sets to {0..h-1},
// {h..2h-1}, ... in order (every ordered split of the first stack is
// reached the same number of times), and permuting the columns within
// each other stack sorts its column sets (each unordered split is reached
// w! times). What is left are the tuples (u_2 .. u_ns) of unordered
// splits, one per other stack, which the relabellings that keep the first
// stack's split (combined with permuting its columns back) act on, and
// the number of completions is the same along an orbit. The pieces are
// orbit representatives, stack by stack, with the product of the orbit
// sizes as weight.
type plan struct {
	layout
	subsets []uint16   // the h-subsets of the n digits, increasing
	splits  [][]uint16 // unordered splits: w column sets each, sorted
	splitOf map[[MaxN]uint16]int32
	group   []perm // relabellings keeping the first stack's split
	// factor multiplies the weighted sum of the pieces: the ordered
	// splits of the first stack times (w!)^(ns-1).
	factor *big.Int
	pieces []Piece
	// table: see fillTable (nil: band counts are memoized per worker).
	table []uint64
	mu    sync.Mutex // held while the table is filled
	// st: the stack method's data (nil for the band method).
	st *stackData
}

// perm is a relabelling of the digits.
type perm [MaxN]uint8

// Piece is one part of the count: the first band's column sets with the
// first stack in standard form and Stacks (indices into the plan's
// unordered splits) in the other stacks, counted Weight times.
type Piece struct {
	Stacks []int32
	Weight uint64
}

func newPlan(l layout) (*plan, error) {
	p := &plan{layout: l, splitOf: make(map[[MaxN]uint16]int32)}
	for m := range uint16(1) << l.n {
		if bits.OnesCount16(m) == l.h {
			p.subsets = append(p.subsets, m)
		}
	}
	p.enumSplits()
	p.enumGroup()
	p.factor = firstBandFactor(l)
	if err := p.enumPieces(); err != nil {
		return nil, err
	}
	return p, nil
}

// enumSplits lists the unordered splits of the digits into w sets of h,
// each with its sets in increasing order.
func (p *plan) enumSplits() {
	all := uint16(1)<<p.n - 1
	var cur [MaxN]uint16
	var rec func(k int, left uint16)
	rec = func(k int, left uint16) {
		if left == 0 {
			s := slices.Clone(cur[:p.w])
			slices.Sort(s)
			var k [MaxN]uint16
			copy(k[:], s)
			p.splitOf[k] = int32(len(p.splits))
			p.splits = append(p.splits, s)
			return
		}
		low := left & -left // the next set holds the lowest digit left: sets increase
		for _, m := range p.subsets {
			if m&low != 0 && m&^left == 0 {
				cur[k] = m
				rec(k+1, left&^m)
			}
		}
		cur[k] = 0
	}
	rec(0, all)
}

// enumGroup lists the relabellings that map the first stack's standard
// split ({0..h-1}, {h..2h-1}, ...) to itself: a permutation of its w sets
// and a permutation within each.
func (p *plan) enumGroup() {
	blocks := permutations(p.w)
	within := permutations(p.h)
	var cur perm
	var rec func(j int, b []uint8)
	rec = func(j int, b []uint8) {
		if j == p.w {
			p.group = append(p.group, cur)
			return
		}
		for _, s := range within {
			for t := range p.h {
				cur[j*p.h+t] = b[j]*uint8(p.h) + s[t]
			}
			rec(j+1, b)
		}
	}
	for _, b := range blocks {
		rec(0, b)
	}
}

// permutations returns the permutations of 0..k-1.
func permutations(k int) [][]uint8 {
	if k == 0 {
		return [][]uint8{{}}
	}
	var out [][]uint8
	for _, q := range permutations(k - 1) {
		for i := 0; i <= len(q); i++ {
			r := make([]uint8, 0, k)
			r = append(r, q[:i]...)
			r = append(r, uint8(k-1))
			r = append(r, q[i:]...)
			out = append(out, r)
		}
	}
	return out
}

func trailing(m uint16) int { return bits.TrailingZeros16(m) }

// relabel applies g to the digit set m.
func relabel(g *perm, m uint16) uint16 {
	var out uint16
	for m != 0 {
		out |= 1 << g[bits.TrailingZeros16(m)]
		m &= m - 1
	}
	return out
}

// errInternal reports a broken invariant of the plan (a bug).
var errInternal = errors.New("grids: internal error: a relabelled split is not a split")

// image returns the index of the split g(splits[i]), or -1 when it is
// not one (a bug: enumPieces reports it).
func (p *plan) image(g *perm, i int32) int32 {
	var k [MaxN]uint16
	for j, m := range p.splits[i] {
		k[j] = relabel(g, m)
	}
	slices.Sort(k[:p.w])
	j, ok := p.splitOf[k]
	if !ok {
		return -1
	}
	return j
}

// enumPieces chooses the other stacks' splits one stack at a time, up to
// the relabellings that keep what is chosen so far.
func (p *plan) enumPieces() error {
	seen := make([]bool, len(p.splits))
	var stacks []int32
	var rec func(s int, g []perm, weight uint64) error
	rec = func(s int, g []perm, weight uint64) error {
		if s == p.ns {
			p.pieces = append(p.pieces, Piece{Stacks: slices.Clone(stacks), Weight: weight})
			return nil
		}
		clear(seen)
		type orbit struct {
			rep  int32
			size uint64
		}
		var orbits []orbit
		for i := range p.splits {
			if seen[i] {
				continue
			}
			var size uint64
			for k := range g {
				j := p.image(&g[k], int32(i))
				if j < 0 {
					return errInternal
				}
				if !seen[j] {
					seen[j] = true
					size++
				}
			}
			orbits = append(orbits, orbit{int32(i), size})
		}
		for _, o := range orbits {
			var stab []perm
			for k := range g {
				if p.image(&g[k], o.rep) == o.rep {
					stab = append(stab, g[k])
				}
			}
			hi, w := bits.Mul64(weight, o.size)
			if hi != 0 {
				return ErrTooLarge
			}
			stacks = append(stacks, o.rep)
			if err := rec(s+1, stab, w); err != nil {
				return err
			}
			stacks = stacks[:len(stacks)-1]
		}
		return nil
	}
	return rec(1, p.group, 1)
}

// firstBand returns the column sets of the piece's first band.
func (p *plan) firstBand(pc *Piece) (cols [MaxN]uint16) {
	for j := range p.w {
		cols[j] = (uint16(1)<<p.h - 1) << (j * p.h)
	}
	for s, i := range pc.Stacks {
		copy(cols[(s+1)*p.w:], p.splits[i])
	}
	return cols
}
