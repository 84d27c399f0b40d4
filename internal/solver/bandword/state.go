package bandword

import (
	"encoding/binary"
	"math/bits"
)

// State is the candidates of a grid and its unplaced cells: everything a
// search saves before a guess (124 bytes).
type State struct {
	C        [27]uint32 // candidates: C[3*d+b] is digit d+1 in band b
	Unsolved [3]uint32  // cells not yet placed, per band
}

// Work is the state being searched, with Seen: the candidates as the
// digit rules last left them, to tell which digits changed since.
type Work struct {
	State
	Seen [27]uint32
	// Triads turns on the triad rules (see triads) in Propagate.
	Triads bool
	// Clash makes the naked singles check that the singles of each digit
	// found in a round do not see each other, and report a contradiction
	// at once when they do. Without it, such singles are placed and the
	// contradiction shows later (an empty cell, a digit missing from a
	// row, or the final check), rounds later. The check costs most on
	// puzzles that naked singles solve alone, so the fast solver turns it
	// on after the first propagation.
	Clash bool
	// Light makes Propagate's digit rules hidden singles in rows only
	// (see digit), without locked candidates, boxes or columns.
	Light bool
	// open: the propagation under way opened with the digit rules and
	// has not run the naked singles yet (see Propagate).
	open bool
	// T: the triads each digit may occupy, and N their counts (bit k of
	// the number of digits that may occupy a triad is in N[k]), as the
	// triad rules last saw them (see triads).
	T [9]uint64
	N [4]uint64
	// F: the forced triads of T; TC: the words T and F were computed
	// from (T[d] and F[d] depend on C[3d..3d+2] alone, and are computed
	// again only when those changed).
	F  [9]uint64
	TC [27]uint32
}

// Frame is one guess on a search's explicit stack: the state before it
// and the candidate tried (index K into State.C, cell bit X).
type Frame struct {
	St State
	K  int
	X  uint32
}

// Guess saves the state in f and places candidate x of C[k].
func (s *Work) Guess(f *Frame, k int, x uint32) {
	f.St, f.K, f.X = s.State, k, x
	s.Place(k/3, k%3, x)
}

// Back restores the state saved in f with the guessed candidate removed.
func (s *Work) Back(f *Frame) {
	s.State = f.St
	s.Seen = s.C
	s.C[f.K] &^= f.X
}

// Init sets up the candidates of puzzle. It reports false when givens
// clash or a value is above 9. It is not inlined: with the profile
// (cmd/sudoku/default.pgo) it fits the budget of a hot call, and inlined
// it lengthens bitboard's search loop.
//
//go:noinline
func (s *Work) Init(puzzle *[81]uint8) bool {
	// Eight cells at a time: every byte at most 9, and the four bit
	// planes of the values as 81-bit sets (bit j of each cell's value in
	// loj for cells 0-63, hij for cells 64-80), from which each
	// value's cells are found without a loop over the givens; a given is
	// a cell with a bit in some plane. Written out (addPlanes), without
	// the loops' control and spilled temporaries.
	var bad, lo0, lo1, lo2, lo3, hi0, hi1, hi2, hi3 uint64
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[0:]), 0)
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[8:]), 8)
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[16:]), 16)
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[24:]), 24)
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[32:]), 32)
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[40:]), 40)
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[48:]), 48)
	lo0, lo1, lo2, lo3, bad = addPlanes(lo0, lo1, lo2, lo3, bad, binary.LittleEndian.Uint64(puzzle[56:]), 56)
	hi0, hi1, hi2, hi3, bad = addPlanes(hi0, hi1, hi2, hi3, bad, binary.LittleEndian.Uint64(puzzle[64:]), 0)
	hi0, hi1, hi2, hi3, bad = addPlanes(hi0, hi1, hi2, hi3, bad, binary.LittleEndian.Uint64(puzzle[72:]), 8)
	x := uint64(puzzle[80])
	if x > 9 || bad&0x8080808080808080 != 0 {
		return false
	}
	hi0 |= x & 1 << 16
	hi1 |= x >> 1 & 1 << 16
	hi2 |= x >> 2 & 1 << 16
	hi3 |= x >> 3 & 1 << 16
	lo, hi := lo0|lo1|lo2|lo3, hi0|hi1|hi2|hi3
	given := [3]uint32{uint32(lo) & All, uint32(lo>>27) & All, uint32(lo>>54) | uint32(hi)<<10}
	// The cells of each value (1-9) from the planes: p0..p3 the cells
	// whose bits 0 and 1 are 00, 01, 10, 11, q0..q2 those whose bits 2
	// and 3 are 00, 01, 10 (a blank matches no value: every value has
	// a bit); P0..Q2 the same for cells 64-80.
	var g [30]uint32 // givens: g[3*v+b] is value v in band b
	p0, p1, p2, p3 := ^lo0&^lo1, lo0&^lo1, lo1&^lo0, lo0&lo1
	q0, q1, q2 := ^lo2&^lo3, lo2&^lo3, lo3&^lo2
	P0, P1, P2, P3 := ^hi0&^hi1, hi0&^hi1, hi1&^hi0, hi0&hi1
	Q0, Q1, Q2 := ^hi2&^hi3, hi2&^hi3, hi3&^hi2
	value(&g, 1, p1&q0, P1&Q0)
	value(&g, 2, p2&q0, P2&Q0)
	value(&g, 3, p3&q0, P3&Q0)
	value(&g, 4, p0&q1, P0&Q1)
	value(&g, 5, p1&q1, P1&Q1)
	value(&g, 6, p2&q1, P2&Q1)
	value(&g, 7, p3&q1, P3&Q1)
	value(&g, 8, p0&q2, P0&Q2)
	value(&g, 9, p1&q2, P1&Q2)
	g[0], g[1], g[2] = All&^given[0], All&^given[1], All&^given[2]
	// No two givens of a digit share a row, a box or a column: the
	// givens of each digit touch as many rows, boxes (Distinct: 0x11
	// times the rows, or 0) and columns as they are. Each count is at
	// most the number of givens, so the sums over all digits equal the
	// number of givens exactly when every count does: one test, after
	// the loop, for the nine digits (the columns of seven digits in one
	// 64-bit word, nine bits each, the other two in another).
	var dist int
	var cols [9]uint32
	for d := 0; d < 27; d += 3 {
		g0, g1, g2 := g[d+3], g[d+4], g[d+5]
		m0, m1, m2 := BoxMatrix(g0), BoxMatrix(g1), BoxMatrix(g2)
		f := Fold(g0 | g1 | g2)
		dist += int(Distinct[m0]) + int(Distinct[m1]) + int(Distinct[m2])
		cols[d/3] = f
		f *= Spread
		s.C[d] = g[0]&^(Reach[m0]|f) | g0
		s.C[d+1] = g[1]&^(Reach[m1]|f) | g1
		s.C[d+2] = g[2]&^(Reach[m2]|f) | g2
	}
	n := bits.OnesCount64(lo) + bits.OnesCount64(hi)
	c7 := uint64(cols[0]) | uint64(cols[1])<<9 | uint64(cols[2])<<18 | uint64(cols[3])<<27 |
		uint64(cols[4])<<36 | uint64(cols[5])<<45 | uint64(cols[6])<<54
	if dist != n*0x11 || bits.OnesCount64(c7)+bits.OnesCount32(cols[7]|cols[8]<<9) != n {
		return false
	}
	s.Unsolved = [3]uint32{g[0], g[1], g[2]}
	s.Seen = allNew
	return true
}

// allNew marks every digit new for Propagate: a bit that no word has, so
// that C^Seen stays under 1<<31 (Propagate tests it by the carry into bit
// 31). Init copies it, cheaper than a loop storing the words.
var allNew = func() (a [27]uint32) {
	for k := range a {
		a[k] = 1 << 30
	}
	return a
}()

// value stores in g the cells of value v given as an 81-bit set (l: cells
// 0-63, h: cells 64-80) by band.
func value(g *[30]uint32, v int, l, h uint64) {
	g[3*v] = uint32(l) & All
	g[3*v+1] = uint32(l>>27) & All
	g[3*v+2] = uint32(l>>54) | uint32(h)<<10
}

// addPlanes adds to the planes p0..p3 those of the eight cells x, shifted
// by i, and to bad the bytes of x above 9 (as Init).
func addPlanes(p0, p1, p2, p3, bad, x uint64, i uint) (uint64, uint64, uint64, uint64, uint64) {
	q0, q1, q2, q3 := planes(x)
	return p0 | q0<<i, p1 | q1<<i, p2 | q2<<i, p3 | q3<<i, bad | x | (x + 0x7676767676767676)
}

// planes returns the bit planes 0-3 of the eight bytes of x (each at
// most 15), bit i of plane j the bit j of byte i.
func planes(x uint64) (q0, q1, q2, q3 uint64) {
	const ones = 0x0101010101010101
	const gather = 0x0102040810204080 // times bytes of 0 or 1: byte i to bit 56+i
	return x & ones * gather >> 56, x >> 1 & ones * gather >> 56, x >> 2 & ones * gather >> 56, x >> 3 & ones * gather >> 56
}

// Place places digit d in cell x (one bit) of band b, which must still
// have d as a candidate: the cell loses the other digits, and the cells
// that see it lose d (Peers). It takes one cell, so that nothing
// branches on the cell's band or position (Guess and GuessTriad place
// one cell).
func (s *State) Place(d, b int, x uint32) {
	c := &s.C
	a := c[b : b+25 : b+25] // the band's nine words, unrolled
	a[0] &^= x
	a[3] &^= x
	a[6] &^= x
	a[9] &^= x
	a[12] &^= x
	a[15] &^= x
	a[18] &^= x
	a[21] &^= x
	a[24] &^= x
	p := &Peers[27*b+bits.TrailingZeros32(x)&31]
	w := c[3*d : 3*d+3 : 3*d+3]
	w[0] &^= p[0]
	w[1] &^= p[1]
	w[2] &^= p[2]
	c[3*d+b] |= x
	s.Unsolved[b] &^= x
}

// twice returns the columns that band word w holds in two rows or more.
func twice(w uint32) uint32 {
	r0, r1, r2 := w&0x1FF, w>>9&0x1FF, w>>18
	return r0&r1 | r2&(r0|r1)
}

// columns returns the columns that a digit's band words w0, w1, w2 hold
// at least once and exactly once, from o = w0|w1|w2 and t =
// w0&w1|w2&(w0|w1) (the cells of the band held by two words or more: as
// arguments, so that columns stays within the inlining budget). A column
// holds two cells or more when two words have a cell in the same row of
// the band (Fold(t)) or the words together have cells in two of its rows
// (twice(o)): fewer operations than twice of each word.
func columns(o, t uint32) (once, lone uint32) {
	once = Fold(o)
	return once, once &^ (Fold(t) | twice(o))
}

// stackIndex gathers the column-by-band matrix of stack 0 from the band
// columns g (band b's columns in bits 9b..9b+8) as MatchStack indexes
// it (bit 3b+j: band b has column j): the three groups
// of three bits at 0, 9 and 18, multiplied by 1+1<<6+1<<12, land side by
// side in bits 12-20 without a carry (g>>3 and g>>6 give stacks 1 and 2).
func stackIndex(g uint32) uint32 {
	return (g & 0x1C0E07) * 0x1041 >> 12 & 0x1FF
}

// stacks returns the matchings of the three stacks' column-by-band
// matrices of g (band b's columns in bits 9b..9b+8) in g's layout: the
// columns each band keeps (MatchStack, stack k's table at 512k, already
// shifted by 3k).
func stacks(g uint32) uint32 {
	return MatchStack[stackIndex(g)] | MatchStack[512+int(stackIndex(g>>3))] | MatchStack[1024+int(stackIndex(g>>6))]
}

// digit applies the digit-wise rules to digit d, whose words changed:
// locked candidates inside bands and stacks to a fixed point, then hidden
// singles in rows, boxes and columns; with s.Light, the light rules
// instead (hidden singles in rows only, see below). It reports whether it
// changed any candidate, and false in ok on a contradiction. The rules
// run on all three bands and the branches are few: a branch per band
// is mispredicted more often than the table lookups it would save.
func (s *Work) digit(d int) (changed, ok bool) {
	c := s.C[3*d : 3*d+3 : 3*d+3]
	seen := s.Seen[3*d : 3*d+3 : 3*d+3]
	w0, w1, w2 := c[0], c[1], c[2]
	var s0, s1, s2 uint32 // the hidden singles
	if s.Light {
		// The light rules check that every row, column and box keeps d:
		// LoneUnits gives with the lone cells the boxes each band word
		// touches (bits 27-29, ANDed over the bands), an empty row (bit
		// 31) and the columns (bits 32-40), both ORed. Without that
		// check, a search in the light mode finds out that a box has
		// lost a digit only when its cells run out, after a huge tree.
		// Bits 27-31 go with Unsolved (below).
		seen[0], seen[1], seen[2] = w0, w1, w2
		e0, e1, e2 := LoneUnits(w0), LoneUnits(w1), LoneUnits(w2)
		if (e0&e1&e2)>>27&7^7|((e0|e1|e2)>>31^0x3FE) != 0 { // one branch
			return false, false
		}
		s0, s1, s2 = uint32(e0), uint32(e1), uint32(e2)
	} else {
		w0 &= MatchCells[BoxMatrix(w0)]
		w1 &= MatchCells[BoxMatrix(w1)]
		w2 &= MatchCells[BoxMatrix(w2)]
		for {
			// g: the columns of each band (band b in bits 9b..9b+8). The
			// stacks' column-by-band matrices are gathered from it by a
			// multiplication each (see stackIndex), and MatchStack gives
			// their matchings back in g's layout: a, the columns each
			// band keeps.
			g := Fold(w0) | Fold(w1)<<9 | Fold(w2)<<18
			a := stacks(g)
			n0 := w0 & (a & 0x1FF * Spread)
			n1 := w1 & (a >> 9 & 0x1FF * Spread)
			n2 := w2 & (a >> 18 * Spread)
			if (n0^w0)|(n1^w1)|(n2^w2) == 0 {
				break
			}
			// The bands matched again; when that removes nothing the
			// stacks, just matched, are too (a matching is its own fixed
			// point and keeps every column it leaves a band).
			w0 = n0 & MatchCells[BoxMatrix(n0)]
			w1 = n1 & MatchCells[BoxMatrix(n1)]
			w2 = n2 & MatchCells[BoxMatrix(n2)]
			if (n0^w0)|(n1^w1)|(n2^w2) == 0 {
				break
			}
		}
		changed = (w0^c[0])|(w1^c[1])|(w2^c[2]) != 0 // one branch, not three
		c[0], c[1], c[2] = w0, w1, w2
		seen[0], seen[1], seen[2] = w0, w1, w2

		// Hidden singles. After the band matching a row with one cell is
		// also a box with one cell, and the other way round. A
		// contradiction: a column without a cell, or a band word emptied
		// (w-1 then has bit 31 set: the words are under 1<<31), one test
		// for both.
		s0, s1, s2 = LoneRows(w0), LoneRows(w1), LoneRows(w2)
		once, lone := columns(w0|w1|w2, w0&w1|w2&(w0|w1))
		if once^0x1FF|((w0-1)|(w1-1)|(w2-1))>>31 != 0 {
			return false, false
		}
		cols := lone * Spread
		s0 |= w0 & cols
		s1 |= w1 & cols
		s2 |= w2 & cols
	}
	s0 &= s.Unsolved[0]
	s1 &= s.Unsolved[1]
	s2 &= s.Unsolved[2]
	if s0|s1|s2 == 0 {
		return changed, true
	}
	if s.Clash {
		// In the search, a lone hidden single is placed by its Peers
		// entry, and only its band's words lose the cell (the cell
		// found as in nakedSingles: t is 64 when s0 and s1 are 0, and
		// t>>5 is the band).
		p := uint64(s0) | uint64(s1)<<32
		both := (p | -p) >> 63 & uint64((s2|-s2)>>31)
		if p&(p-1)|uint64(s2&(s2-1))|both == 0 {
			t := bits.TrailingZeros64(p)
			b, x := t>>5, s0|s1|s2
			a := s.C[b : b+25 : b+25] // the nine digits' words of band b, written out
			a[0] &^= x
			a[3] &^= x
			a[6] &^= x
			a[9] &^= x
			a[12] &^= x
			a[15] &^= x
			a[18] &^= x
			a[21] &^= x
			a[24] &^= x
			pe := &Peers[t-5*(t>>5)+t>>6*bits.TrailingZeros32(s2)]
			c[0] = w0&^pe[0] | s0
			c[1] = w1&^pe[1] | s1
			c[2] = w2&^pe[2] | s2
			s.Unsolved[b&3] &^= x
			return true, true
		}
	}
	// Place them: the rows, boxes and columns they see lose d, the cells
	// lose the other digits. (Two that see each other leave an
	// inconsistent state, as in nakedSingles.)
	cols := Fold(s0|s1|s2) * Spread
	// The cells lose every digit, written out (as in Place).
	a := &s.C
	a[0], a[1], a[2] = a[0]&^s0, a[1]&^s1, a[2]&^s2
	a[3], a[4], a[5] = a[3]&^s0, a[4]&^s1, a[5]&^s2
	a[6], a[7], a[8] = a[6]&^s0, a[7]&^s1, a[8]&^s2
	a[9], a[10], a[11] = a[9]&^s0, a[10]&^s1, a[11]&^s2
	a[12], a[13], a[14] = a[12]&^s0, a[13]&^s1, a[14]&^s2
	a[15], a[16], a[17] = a[15]&^s0, a[16]&^s1, a[17]&^s2
	a[18], a[19], a[20] = a[18]&^s0, a[19]&^s1, a[20]&^s2
	a[21], a[22], a[23] = a[21]&^s0, a[22]&^s1, a[23]&^s2
	a[24], a[25], a[26] = a[24]&^s0, a[25]&^s1, a[26]&^s2
	c[0] = w0&^(cols|Reach[BoxMatrix(s0)]) | s0
	c[1] = w1&^(cols|Reach[BoxMatrix(s1)]) | s1
	c[2] = w2&^(cols|Reach[BoxMatrix(s2)]) | s2
	s.Unsolved[0] &^= s0
	s.Unsolved[1] &^= s1
	s.Unsolved[2] &^= s2
	return true, true
}

// nakedSingles places the cells left with one candidate and reports
// whether it placed any, and false in ok on a contradiction (a cell with
// no candidate, or with s.Clash two equal singles that see each other).
// Without s.Clash such singles are placed: the state is then
// inconsistent, later rules find a contradiction or the final check
// (Valid) rejects the grid. With s.open it does nothing (see Propagate).
func (s *Work) nakedSingles() (placed, ok bool) {
	if s.open {
		return false, true
	}
	c := &s.C
	// Cells with at least one and at least two candidates, as three
	// independent chains over digits 1-3, 4-6 and 7-9, merged: bands 0
	// and 1 together in 64-bit words (band 1 in the high half), band 2
	// alone.
	ab := func(k int) uint64 { return uint64(c[k]) | uint64(c[k+1])<<32 }
	x0, x1, x2 := ab(0), ab(3), ab(6)
	y0, y1, y2 := ab(9), ab(12), ab(15)
	z0, z1, z2 := ab(18), ab(21), ab(24)
	ox, oy, oz := x0|x1|x2, y0|y1|y2, z0|z1|z2
	two := x0&x1 | x2&(x0|x1) | y0&y1 | y2&(y0|y1) | z0&z1 | z2&(z0|z1) | ox&oy | oz&(ox|oy)
	one := ox | oy | oz
	u0, u1, u2 := c[2], c[5], c[8]
	v0, v1, v2 := c[11], c[14], c[17]
	r0, r1, r2 := c[20], c[23], c[26]
	ou, ov, or := u0|u1|u2, v0|v1|v2, r0|r1|r2
	two2 := u0&u1 | u2&(u0|u1) | v0&v1 | v2&(v0|v1) | r0&r1 | r2&(r0|r1) | ou&ov | or&(ou|ov)
	if uint32(one)&uint32(one>>32)&(ou|ov|or) != All {
		return false, false
	}
	// The singles: bands 0 and 1 in s01 (as in two), band 2 in s2.
	u := &s.Unsolved
	u01 := uint64(u[0]) | uint64(u[1])<<32
	s01, s2 := u01&^two, u[2]&^two2
	if s01|uint64(s2) == 0 {
		return false, true
	}
	u01 &^= s01
	u[0], u[1], u[2] = uint32(u01), uint32(u01>>32), u[2]&^s2
	if s.Clash {
		return true, s.placeCells(s01, s2)
	}
	s.placeSingles(s01, s2)
	return true, true
}

// placeCells places the naked singles s01 (bands 0 and 1, band 1 in the
// high half, as nakedSingles computes them) and s2 (band 2) one cell at
// a time, in the search (s.Clash), and reports false when two singles of
// a digit see each other. A single's cell has no other candidate, so
// only its digit changes: the cells it sees (PeersAt) lose the digit.
// The digit comes from four bit planes of the digits' index (bit j of
// plane j set in the words of the digits whose index has bit j), which
// at a cell with one candidate spell out that candidate's index. The
// singles of bands 0 and 1 are taken first, in one loop over s01 with
// their planes in 64-bit words, then those of band 2, whose planes are
// computed only when it has singles. A single that
// an earlier one of its digit sees has lost its digit by the time it is
// taken: that is the clash test, exact (two singles of different digits
// never remove each other's digit).
//
// In the search most rounds place one or two singles, and a branch per
// digit with singles, as placeSingles has, is mispredicted often: this
// loop over the cells has no such branch.
func (s *Work) placeCells(s01 uint64, s2 uint32) bool {
	c := &s.C
	ab := func(k int) uint64 { return uint64(c[k]) | uint64(c[k+1])<<32 }
	p0 := ab(3) | ab(9) | ab(15) | ab(21)   // index 1, 3, 5, 7
	p1 := ab(6) | ab(9) | ab(18) | ab(21)   // 2, 3, 6, 7
	p2 := ab(12) | ab(15) | ab(18) | ab(21) // 4, 5, 6, 7
	p3 := ab(24)                            // 8
	for ; s01 != 0; s01 &= s01 - 1 {
		t := bits.TrailingZeros64(s01) & 63
		k := 3 * int(p0>>t&1|p1>>t&1<<1|p2>>t&1<<2|p3>>t&1<<3)
		if k > 24 || c[k+t>>5]>>(t&31)&1 == 0 {
			return false // an earlier single of its digit saw it
		}
		pe := &PeersAt[t]
		w := c[k : k+3 : k+3]
		w[0] &^= pe[0]
		w[1] &^= pe[1]
		w[2] &^= pe[2]
	}
	if s2 == 0 {
		return true
	}
	q0 := c[5] | c[11] | c[17] | c[23]
	q1 := c[8] | c[11] | c[20] | c[23]
	q2 := c[14] | c[17] | c[20] | c[23]
	q3 := c[26]
	for ; s2 != 0; s2 &= s2 - 1 {
		t := bits.TrailingZeros32(s2) & 31
		k := 3 * int(q0>>t&1|q1>>t&1<<1|q2>>t&1<<2|q3>>t&1<<3)
		if k > 24 || c[k+2]>>t&1 == 0 {
			return false
		}
		pe := &PeersAt[64+t]
		w := c[k : k+3 : k+3]
		w[0] &^= pe[0]
		w[1] &^= pe[1]
		w[2] &^= pe[2]
	}
	return true
}

// placeSingles places the naked singles s01 (bands 0 and 1, band 1 in
// the high half, as nakedSingles computes them) and s2 (band 2) digit by
// digit, at the root (without s.Clash: two singles of a digit that see
// each other are placed, see nakedSingles). Each digit with singles
// loses the rows, boxes and columns they see; the other digits need no
// change, a single's cell has no other candidate. At the root a digit
// often has several singles (the small file is solved there), which one
// pass per digit places together; placeCells, one cell at a time, made
// the small file's root rounds longer.
//
// A digit's words of bands 0 and 1 are read, tested and written as one
// 64-bit word (w01; the compiler merges the two loads and the two
// stores). The nine digits are written out, the same block with the
// words of digit 1, 2, ... 9 (c[0:3], c[3:6], ... c[24:27]): the
// compiler does not unroll the loop. It is a function of its own so
// that nakedSingles, inlined into Propagate, stays within the profile's
// budget.
func (s *Work) placeSingles(s01 uint64, s2 uint32) {
	c := &s.C
	if w01, w2 := uint64(c[0])|uint64(c[1])<<32, c[2]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[0], c[1], c[2] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[3])|uint64(c[4])<<32, c[5]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[3], c[4], c[5] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[6])|uint64(c[7])<<32, c[8]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[6], c[7], c[8] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[9])|uint64(c[10])<<32, c[11]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[9], c[10], c[11] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[12])|uint64(c[13])<<32, c[14]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[12], c[13], c[14] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[15])|uint64(c[16])<<32, c[17]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[15], c[16], c[17] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[18])|uint64(c[19])<<32, c[20]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[18], c[19], c[20] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[21])|uint64(c[22])<<32, c[23]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[21], c[22], c[23] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
	if w01, w2 := uint64(c[24])|uint64(c[25])<<32, c[26]; w01&s01|uint64(w2&s2) != 0 {
		p, p2 := w01&s01, w2&s2
		p0, p1 := uint32(p), uint32(p>>32)
		cols := (Fold(p0) | Fold(p1) | Fold(p2)) * Spread
		c[24], c[25], c[26] = uint32(w01)&^(cols|Reach[BoxMatrix(p0)])|p0, uint32(w01>>32)&^(cols|Reach[BoxMatrix(p1)])|p1, w2&^(cols|Reach[BoxMatrix(p2)])|p2
	}
}

// Valid reports whether a state with every cell placed is a valid grid.
//
// Every placed cell has at most one candidate. The givens lose every
// other digit in Init; a cell placed later loses the other digits as it
// is placed (Place, which Guess and the cell guesses of package bitboard
// use, and digit's hidden singles clear the cell from every digit's word
// before they set it in one) or has none left (nakedSingles places only
// cells with exactly one candidate, placeSingles sets a single's cell
// only in the word of its digit, placeCells only removes the digit from
// the cells the single sees); every other change (the rules, triads,
// GuessTriad, Back and BackTriad, which restore a saved state) only
// removes candidates. So a state with every cell placed holds at most 81
// candidates, and the grid is valid when:
//   - every digit covers the nine columns: then each holds at least nine
//     cells, so exactly nine, one per column, and every cell holds one
//     digit;
//   - digits 1-8 cover the nine rows: each has one cell per row, and the
//     ninth cell of each row is a 9;
//   - digits 1-8 cover the boxes of bands 0 and 1: in each of those bands
//     such a digit has three cells (one per row) in the three boxes, one
//     per stack; a stack holds three of its cells (one per column), which
//     leaves one for band 2's box in that stack. Each box then holds
//     digits 1-8 once, and its ninth cell is a 9.
//
// Each condition holds word by word (the rows and boxes of a band word,
// the columns of the union of a digit's three words), so the conditions
// are ANDed over the words without a table and tested once, two words per
// 64-bit word (the second in the high half: no shift below carries a bit
// of it into a bit tested in the low half), two digits at a time (pairs),
// written out (the compiler does not unroll the loop, whose exit is
// mispredicted). Each kind of unit needs eight digits: with the rows
// (boxes) of two digits left out in a band, a grid in which those two
// swap cells in a column (row) inside a box would pass (TestValidSwaps).
// The columns of all nine digits also reject a cell with two digits
// beside an empty one (TestValid), a state that the invariant above rules
// out.
//
// It is not inlined: inlined into bitboard's search loop, where the
// profile (cmd/sudoku/default.pgo) marks the call hot, it lengthens the
// loop.
//
//go:noinline
func (s *State) Valid() bool {
	c := &s.C
	y, z, f := ^uint64(0), ^uint64(0), ^uint64(0)
	u1, u2, r := pairs((*[6]uint32)(c[0:6]))
	y, z = rowsBoxes(y, z, u1)
	y, z = rowsBoxes(y, z, u2)
	y = rowsOf(y, r)
	f &= pairColumns(u1, u2, r)
	u1, u2, r = pairs((*[6]uint32)(c[6:12]))
	y, z = rowsBoxes(y, z, u1)
	y, z = rowsBoxes(y, z, u2)
	y = rowsOf(y, r)
	f &= pairColumns(u1, u2, r)
	u1, u2, r = pairs((*[6]uint32)(c[12:18]))
	y, z = rowsBoxes(y, z, u1)
	y, z = rowsBoxes(y, z, u2)
	y = rowsOf(y, r)
	f &= pairColumns(u1, u2, r)
	u1, u2, r = pairs((*[6]uint32)(c[18:24]))
	y, z = rowsBoxes(y, z, u1)
	y, z = rowsBoxes(y, z, u2)
	y = rowsOf(y, r)
	f &= pairColumns(u1, u2, r)
	t := uint64(c[24] | c[25] | c[26]) // digit 9's columns, in both halves
	f &= fold64(t | t<<32)
	const (
		rowBits = Spread | Spread<<32 // bit 9r of y: row r holds a cell
		boxBits = 0x49 | 0x49<<32     // bit 3k of z: box k holds a cell
		colBits = 0x1FF | 0x1FF<<32   // bit j of f: column j holds a cell
	)
	return ^y&rowBits|^z&boxBits|^f&colBits == 0
}

// pairs takes the words a of two digits (3d to 3d+5 of State.C) and
// returns the first digit's bands 0 and 1 in u1, the second's in u2, and
// their two words of band 2 in r (the first in the low half).
func pairs(a *[6]uint32) (u1, u2, r uint64) {
	return uint64(a[0]) | uint64(a[1])<<32, uint64(a[3]) | uint64(a[4])<<32, uint64(a[2]) | uint64(a[5])<<32
}

// rowsBoxes takes two band words (bits 0-26 and 32-58 of u) and returns
// y and z with these bits cleared: in y bit 9r (32+9r) when row r of the
// first (second) word holds no cell, in z bit 3k (32+3k) when box k holds
// none; the other bits, noise.
func rowsBoxes(y, z, u uint64) (uint64, uint64) {
	x := u | u>>1 | u>>2 // bit 9r+3k: the minirow of row r and box k
	return y & (x | x>>3 | x>>6), z & (x | x>>9 | x>>18)
}

// rowsOf returns the y of rowsBoxes.
func rowsOf(y, u uint64) uint64 {
	x := u | u>>1 | u>>2
	return y & (x | x>>3 | x>>6)
}

// pairColumns returns, from the words of two digits as pairs gives them, the
// columns of the first digit in bits 0-8 and of the second in bits
// 32-40; the other bits are noise.
func pairColumns(u1, u2, r uint64) uint64 {
	return fold64(uint64(uint32(u1|u1>>32)) | (u2|u2>>32)<<32 | r)
}

// fold64 returns in bits 0-8 (32-40) the columns of the band word in bits
// 0-26 (32-58) of u; the other bits are noise.
func fold64(u uint64) uint64 {
	return u | u>>9 | u>>18
}

// Propagate applies the rules until nothing changes or every cell is
// placed. It reports false on a contradiction. With s.Triads the triad
// rules run at each fixed point of the others, and s.T and s.N then
// describe the state it returns (Choose reads them).
//
// The digit rules run on the digits whose words changed since the rules
// last saw them (C against Seen), found as a mask before the round
// (changed3). A digit changed during the round (by another's hidden
// singles) waits for the next round, which follows since that other
// digit changed something (the guesses per puzzle are the same). A test
// and a branch per digit would be mispredicted.
//
// With s.Triads (the triad search, after the root) a propagation opens
// with the digit rules (s.open: the first call of nakedSingles does
// nothing): a triad guess or its second branch changed one digit's
// words, so that a naked-single round opening the propagation would
// often find nothing. The rules reach the same fixed point in any
// order; the round after the opening one runs the naked singles whether
// or not the digit rules changed anything. (Not in the cell modes: a
// cell guess changes every digit of its cell.) s.open, set in the for statement and
// cleared by opened, keeps the calls on their lines (below).
//
// The calls of nakedSingles, digit and triads keep their lines in this
// function: the profile for PGO (cmd/sudoku/default.pgo) names them by
// line, and marks them hot for inlining.
func (s *Work) Propagate() bool {
	for s.open = s.Triads; ; {
		placed, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if placed {
			if s.Unsolved == [3]uint32{} {
				return true
			}
			continue
		}
		changed, w, n := false, &s.C, &s.Seen // m: the digits whose words changed since the digit rules saw them (written out: see changed3)
		m := changed3(w, n, 0)>>31 | changed3(w, n, 3)>>31<<1 | changed3(w, n, 6)>>31<<2 |
			changed3(w, n, 9)>>31<<3 | changed3(w, n, 12)>>31<<4 | changed3(w, n, 15)>>31<<5 |
			changed3(w, n, 18)>>31<<6 | changed3(w, n, 21)>>31<<7 | changed3(w, n, 24)>>31<<8
		for ; m != 0; m &= m - 1 {
			c, ok := s.digit(bits.TrailingZeros32(m))
			if !ok {
				return false
			}
			changed = changed || c
		}
		// changed: the digit rules removed a candidate (else: a fixed point).
		if s.opened() || changed {
			continue
		}
		if !s.Triads {
			return true
		}
		changed, ok = s.triads()
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// changed3 returns a word whose bit 31 is set when digit word k or one
// of the next two differs from Seen: x+(1<<31-1) carries into bit 31
// when x, under 1<<31, is not 0. Propagate writes the nine digits out:
// the compiler does not unroll a loop over them. The words are read one
// by one: they were just stored so, and a wide load over two narrow
// stores is not forwarded from the store buffer.
func changed3(w, seen *[27]uint32, k int) uint32 {
	return (w[k] ^ seen[k]) | (w[k+1] ^ seen[k+1]) | (w[k+2] ^ seen[k+2]) + 1<<31 - 1
}

// opened reports whether the propagation opened with the digit rules
// (s.open) and has yet to run the naked singles, and clears s.open.
func (s *Work) opened() bool {
	o := s.open
	s.open = false
	return o
}

// Unplaced returns the number of cells not yet placed.
func (s *State) Unplaced() int {
	return bits.OnesCount32(s.Unsolved[0]) + bits.OnesCount32(s.Unsolved[1]) + bits.OnesCount32(s.Unsolved[2])
}
