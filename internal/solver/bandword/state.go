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
	// row, or the final check): on the hardest file, counting to 2, 46
	// rounds per puzzle place such singles, against 57 contradictions. The
	// check costs up to 10% on puzzles that naked singles solve alone, so
	// the fast solver turns it on after the first propagation.
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
// clash or a value is above 9.
func (s *Work) Init(puzzle *[81]uint8) bool {
	// Eight cells at a time: every byte at most 9, the givens as an
	// 81-bit set (lo: cells 0-63, hi: cells 64-80) and the four bit
	// planes of the values the same way (bit j of each cell's value in
	// plo[j], phi[j]), from which each value's cells are found without a
	// loop over the givens.
	const ones = 0x0101010101010101
	const gather = 0x0102040810204080 // times bytes of 0 or 1: byte i to bit 56+i
	var lo, hi, bad uint64
	var plo, phi [4]uint64
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(puzzle[i:])
		bad |= x | (x + 0x7676767676767676)
		nz := (x + 0x7F7F7F7F7F7F7F7F) & 0x8080808080808080
		m := nz >> 7 * gather >> 56
		q0, q1 := x&ones*gather>>56, x>>1&ones*gather>>56
		q2, q3 := x>>2&ones*gather>>56, x>>3&ones*gather>>56
		if i < 64 {
			lo |= m << i
			plo[0] |= q0 << i
			plo[1] |= q1 << i
			plo[2] |= q2 << i
			plo[3] |= q3 << i
		} else {
			hi |= m << (i - 64)
			phi[0] |= q0 << (i - 64)
			phi[1] |= q1 << (i - 64)
			phi[2] |= q2 << (i - 64)
			phi[3] |= q3 << (i - 64)
		}
	}
	if x := uint64(puzzle[80]); x > 9 || bad&0x8080808080808080 != 0 {
		return false
	} else if x != 0 {
		hi |= 1 << 16
		phi[0] |= x & 1 << 16
		phi[1] |= x >> 1 & 1 << 16
		phi[2] |= x >> 2 & 1 << 16
		phi[3] |= x >> 3 & 1 << 16
	}
	given := [3]uint32{uint32(lo) & All, uint32(lo>>27) & All, uint32(lo>>54) | uint32(hi)<<10}
	var g [30]uint32 // givens: g[3*v+b] is value v in band b
	for v := 1; v <= 9; v++ {
		// The cells whose planes match v's bits: m0..m3 all ones where
		// v has the bit, so that ^(p^m) is p or ^p.
		m0, m1 := -uint64(v&1), -uint64(v>>1&1)
		m2, m3 := -uint64(v>>2&1), -uint64(v>>3&1)
		l := lo &^ (plo[0] ^ m0) &^ (plo[1] ^ m1) &^ (plo[2] ^ m2) &^ (plo[3] ^ m3)
		h := hi &^ (phi[0] ^ m0) &^ (phi[1] ^ m1) &^ (phi[2] ^ m2) &^ (phi[3] ^ m3)
		g[3*v] = uint32(l) & All
		g[3*v+1] = uint32(l>>27) & All
		g[3*v+2] = uint32(l>>54) | uint32(h)<<10
	}
	g[0], g[1], g[2] = All&^given[0], All&^given[1], All&^given[2]
	for d := 0; d < 27; d += 3 {
		g0, g1, g2 := g[d+3], g[d+4], g[d+5]
		m0, m1, m2 := BoxMatrix(g0), BoxMatrix(g1), BoxMatrix(g2)
		cols := Fold(g0) | Fold(g1) | Fold(g2)
		// No two givens of the digit share a row, a box or a column.
		n := bits.OnesCount32(g0) + bits.OnesCount32(g1) + bits.OnesCount32(g2)
		if int(Distinct[m0])+int(Distinct[m1])+int(Distinct[m2]) != n*0x11 || bits.OnesCount32(cols) != n {
			return false
		}
		cols *= Spread
		s.C[d] = g[0]&^(Reach[m0]|cols) | g0
		s.C[d+1] = g[1]&^(Reach[m1]|cols) | g1
		s.C[d+2] = g[2]&^(Reach[m2]|cols) | g2
	}
	s.Unsolved = [3]uint32{g[0], g[1], g[2]}
	for k := range s.Seen {
		// Every digit is new: a bit that no word has, so that C^Seen
		// stays under 1<<31 (Propagate tests it by the carry into bit 31).
		s.Seen[k] = 1 << 30
	}
	return true
}

// Place places digit d in cell x (one bit) of band b, which must still
// have d as a candidate: the cell loses the other digits, and the cells
// that see it lose d (Peers). It takes one cell, so that nothing
// branches on the cell's band or position (Guess and GuessTriad place
// one cell).
func (s *State) Place(d, b int, x uint32) {
	c := &s.C
	for j := b; j < 27; j += 3 {
		c[j] &^= x
	}
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

// digit applies the digit-wise rules to digit d, whose words changed:
// locked candidates inside bands and stacks to a fixed point, then hidden
// singles in rows, boxes and columns; with s.Light, the light rules
// instead (hidden singles in rows only, see below). It reports whether it
// changed any candidate, and false in ok on a contradiction. The rules
// run on all three bands and the branches are few: a branch per band,
// or per band whose word the stacks changed, cost 3% on the hardest
// file (mispredicted more than the table lookups they saved).
func (s *Work) digit(d int) (changed, ok bool) {
	c := s.C[3*d : 3*d+3 : 3*d+3]
	seen := s.Seen[3*d : 3*d+3 : 3*d+3]
	w0, w1, w2 := c[0], c[1], c[2]
	var s0, s1, s2 uint32 // the hidden singles
	if s.Light {
		// The light rules check that every row, column and box keeps d
		// (w0 and w1 together in a 64-bit word; bit 3j of x: minirow j
		// not empty, bit 9r of y: row r, bit 3k of z: box k). Without
		// that check, a search in the light mode found out that a box
		// had lost a digit only when its cells ran out: 70 million
		// guesses to count 60 solutions of a grid with 8 givens, against
		// 95 with the full rules.
		seen[0], seen[1], seen[2] = w0, w1, w2
		w01 := uint64(w0) | uint64(w1)<<32
		xa, x2 := w01|w01>>1|w01>>2, w2|w2>>1|w2>>2
		ya, y2 := xa|xa>>3|xa>>6, x2|x2>>3|x2>>6
		za, z2 := xa|xa>>9|xa>>18, x2|x2>>9|x2>>18
		rows := uint32(ya) & uint32(ya>>32) & y2 & Spread
		boxes := uint32(za) & uint32(za>>32) & z2 & 0x49
		if Fold(w0)|Fold(w1)|Fold(w2) != 0x1FF || rows|boxes<<1 != Spread|0x49<<1 {
			return false, false
		}
		s0, s1, s2 = LoneRows(w0), LoneRows(w1), LoneRows(w2)
	} else {
		w0 &= MatchCells[BoxMatrix(w0)]
		w1 &= MatchCells[BoxMatrix(w1)]
		w2 &= MatchCells[BoxMatrix(w2)]
		var f0, f1, f2 uint32 // the columns of w0, w1, w2 when the loop ends
		for {
			f0, f1, f2 = Fold(w0), Fold(w1), Fold(w2)
			// The stacks, unrolled: pa, pb, pc are the matchings of the
			// column-by-band matrices of stacks 0, 1, 2.
			pa := uint32(MatchPairs[f0&7|f1&7<<3|f2&7<<6])
			pb := uint32(MatchPairs[f0>>3&7|f1>>3&7<<3|f2>>3&7<<6])
			pc := uint32(MatchPairs[f0>>6&7|f1>>6&7<<3|f2>>6&7<<6])
			a0 := pa&7 | pb&7<<3 | pc&7<<6
			a1 := pa>>3&7 | pb>>3&7<<3 | pc>>3&7<<6
			a2 := pa>>6 | pb>>6<<3 | pc>>6<<6
			n0 := w0 & (a0 * Spread)
			n1 := w1 & (a1 * Spread)
			n2 := w2 & (a2 * Spread)
			if (n0^w0)|(n1^w1)|(n2^w2) == 0 {
				break
			}
			n0 &= MatchCells[BoxMatrix(n0)]
			n1 &= MatchCells[BoxMatrix(n1)]
			n2 &= MatchCells[BoxMatrix(n2)]
			w0, w1, w2 = n0, n1, n2
		}
		if w0 == 0 || w1 == 0 || w2 == 0 {
			return false, false
		}
		changed = (w0^c[0])|(w1^c[1])|(w2^c[2]) != 0 // one branch, not three
		c[0], c[1], c[2] = w0, w1, w2
		seen[0], seen[1], seen[2] = w0, w1, w2

		// Hidden singles. After the band matching a row with one cell is
		// also a box with one cell, and the other way round.
		s0, s1, s2 = LoneRows(w0), LoneRows(w1), LoneRows(w2)
		once := f0 | f1 | f2
		if once != 0x1FF {
			return false, false
		}
		cols := once &^ (twice(w0) | twice(w1) | twice(w2) | f0&f1 | f2&(f0|f1))
		s0 |= w0 & ((cols & f0) * Spread)
		s1 |= w1 & ((cols & f1) * Spread)
		s2 |= w2 & ((cols & f2) * Spread)
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
	cols := (Fold(s0) | Fold(s1) | Fold(s2)) * Spread
	a := s.C[:27:27]
	for k := 0; k < 27; k += 3 {
		a[k] &^= s0
		a[k+1] &^= s1
		a[k+2] &^= s2
	}
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
	sg := [3]uint32{s.Unsolved[0] &^ uint32(two), s.Unsolved[1] &^ uint32(two>>32), s.Unsolved[2] &^ two2}
	s0, s1, s2 := sg[0], sg[1], sg[2]
	if s0|s1|s2 == 0 {
		return false, true
	}
	s.Unsolved[0] &^= s0
	s.Unsolved[1] &^= s1
	s.Unsolved[2] &^= s2
	// Each digit with singles loses the rows, boxes and columns they
	// see. The other digits need no change: a single's cell has no other
	// candidate.
	for k := 0; k < 27; k += 3 {
		w0, w1, w2 := c[k], c[k+1], c[k+2]
		p0, p1, p2 := w0&s0, w1&s1, w2&s2
		if p0|p1|p2 == 0 {
			continue
		}
		if s.Clash {
			// In the search most digits with singles have one (on the
			// hardest file 192 of 383 rounds place a single cell): it
			// cannot clash, and its Peers entry gives what it sees.
			// The cell is the lowest single, found without a branch on
			// its band (t is 64 when p0 and p1 are 0). At the root,
			// where the singles of a digit are often several, this
			// test made the small file 11% slower: hence only with
			// s.Clash, which the solver turns on after the root.
			p := uint64(p0) | uint64(p1)<<32
			both := (p | -p) >> 63 & uint64((p2|-p2)>>31)
			if p&(p-1)|uint64(p2&(p2-1))|both == 0 {
				t := bits.TrailingZeros64(p)
				pe := &Peers[t-5*(t>>5)+t>>6*bits.TrailingZeros32(p2)]
				c[k] = w0 &^ pe[0]
				c[k+1] = w1 &^ pe[1]
				c[k+2] = w2 &^ pe[2]
				continue
			}
		}
		f := Fold(p0) | Fold(p1) | Fold(p2)
		m0, m1, m2 := BoxMatrix(p0), BoxMatrix(p1), BoxMatrix(p2)
		// The singles of the digit see each other (two in a row, box
		// or column) unless they are in as many columns, rows and boxes
		// as they are (see Distinct).
		if s.Clash {
			n := bits.OnesCount32(p0) + bits.OnesCount32(p1) + bits.OnesCount32(p2)
			if int(Distinct[m0])+int(Distinct[m1])+int(Distinct[m2]) != n*0x11 || bits.OnesCount32(f) != n {
				return false, false
			}
		}
		cols := f * Spread
		c[k] = w0&^(cols|Reach[m0]) | p0
		c[k+1] = w1&^(cols|Reach[m1]) | p1
		c[k+2] = w2&^(cols|Reach[m2]) | p2
	}
	return true, true
}

// Valid reports whether a state with every cell placed is a valid grid.
// Every placed cell has at most one candidate; when each digit covers
// the nine columns, and the three rows and boxes of each band, each digit
// holds nine cells, once in each row, column and box.
func (s *State) Valid() bool {
	c := &s.C
	for k := 0; k < 27; k += 3 {
		w0, w1, w2 := c[k], c[k+1], c[k+2]
		if Fold(w0)|Fold(w1)|Fold(w2) != 0x1FF ||
			Distinct[BoxMatrix(w0)]&Distinct[BoxMatrix(w1)]&Distinct[BoxMatrix(w2)] != 0x33 {
			return false
		}
	}
	return true
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
// digit changed something (the guesses per puzzle did not change). A
// test and a branch per digit cost 2.5% on the hardest file
// (mispredicted).
//
// With s.Triads (the triad search, after the root) a propagation opens
// with the digit rules (s.open: the first call of nakedSingles does
// nothing): a triad guess or its second branch changed one digit's
// words, and on the hardest file half of the naked-single rounds that
// would open the propagation found nothing. The rules reach the same
// fixed point in any order; the round after the opening one runs the
// naked singles whether or not the digit rules changed anything. (Not
// in the cell modes: a cell guess changes every digit of its cell, and
// Serg's file went 4% slower.) s.open, set in the for statement and
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
// the compiler does not unroll a loop over them (on the first 2,000
// puzzles of the hardest file, the loop took 4% more instructions).
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
