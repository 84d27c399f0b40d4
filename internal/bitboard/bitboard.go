package bitboard

import (
	"encoding/binary"
	"math/bits"

	"github.com/dlxkit/dlx/internal/bandword"
)

// state is everything the search saves before a guess: 124 bytes.
type state struct {
	c        [27]uint32 // candidates: c[3*d+b] is digit d+1 in band b
	unsolved [3]uint32  // cells not yet placed, per band
}

// work is the state being searched, with seen: the candidates as the
// digit rules last left them, to tell which digits changed since.
type work struct {
	state
	seen [27]uint32
}

// frame is one guess on the explicit stack: the state before it and the
// candidate tried, removed when the search comes back.
type frame struct {
	st state
	k  int // index into state.c
	x  uint32
}

// Solver solves standard 9x9 puzzles. The zero value is ready to use; a
// Solver is reusable and not safe for concurrent use.
type Solver struct {
	stack [81]frame // each guess places an unsolved cell: 81 is enough
}

// Count counts the solutions of puzzle (81 cells, row-major, 0 blank, 1-9
// digits), stopping at limit (limit <= 0 means 1). When at least one
// solution exists and solution is not nil, the first one found is stored
// there. Givens that clash (or values above 9) give 0. guesses is the
// number of guesses made: each time the search places a candidate that
// propagation did not force.
func (s *Solver) Count(puzzle *[81]uint8, limit int, solution *[81]uint8) (count, guesses int) {
	if limit <= 0 {
		limit = 1
	}
	var st work
	if !st.init(puzzle) {
		return 0, 0
	}
	sp := 0
	for {
		if st.propagate() {
			if st.unsolved != [3]uint32{} {
				k, x := st.choose()
				f := &s.stack[sp]
				f.st, f.k, f.x = st.state, k, x
				sp++
				guesses++
				var cell [3]uint32
				cell[k%3] = x
				st.assign(k/3, cell[0], cell[1], cell[2])
				continue
			}
			if st.valid() {
				if count == 0 && solution != nil {
					st.write(solution)
				}
				count++
				if count >= limit {
					return count, guesses
				}
			}
		}
		if sp == 0 {
			return count, guesses
		}
		sp--
		f := &s.stack[sp]
		st.state = f.st
		st.seen = st.c
		st.c[f.k] &^= f.x
	}
}

// init sets up the candidates of puzzle. It reports false when givens
// clash or a value is above 9.
func (s *work) init(puzzle *[81]uint8) bool {
	// Eight cells at a time: every byte at most 9, and the givens as an
	// 81-bit set (lo: cells 0-63, hi: cells 64-80).
	var lo, hi, bad uint64
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(puzzle[i:])
		bad |= x | (x + 0x7676767676767676)
		nz := (x + 0x7F7F7F7F7F7F7F7F) & 0x8080808080808080
		m := nz >> 7 * 0x0102040810204080 >> 56
		if i < 64 {
			lo |= m << i
		} else {
			hi |= m << (i - 64)
		}
	}
	if bad&0x8080808080808080 != 0 || puzzle[80] > 9 {
		return false
	}
	if puzzle[80] != 0 {
		hi |= 1 << 16
	}
	given := [3]uint32{uint32(lo) & bandword.All, uint32(lo>>27) & bandword.All, uint32(lo>>54) | uint32(hi)<<10}
	var g [30]uint32 // givens: g[3*v+b] is value v in band b
	for b := range 3 {
		cells := (*[27]uint8)(puzzle[27*b : 27*b+27])
		for x := given[b]; x != 0; x &= x - 1 {
			p := bits.TrailingZeros32(x)
			g[3*int(cells[p&31]&15)+b] |= 1 << p
		}
	}
	g[0], g[1], g[2] = bandword.All&^given[0], bandword.All&^given[1], bandword.All&^given[2]
	for d := 0; d < 27; d += 3 {
		g0, g1, g2 := g[d+3], g[d+4], g[d+5]
		m0, m1, m2 := bandword.BoxMatrix(g0), bandword.BoxMatrix(g1), bandword.BoxMatrix(g2)
		cols := bandword.Fold(g0) | bandword.Fold(g1) | bandword.Fold(g2)
		// No two givens of the digit share a row, a box or a column.
		n := bits.OnesCount32(g0) + bits.OnesCount32(g1) + bits.OnesCount32(g2)
		if int(bandword.Distinct[m0])+int(bandword.Distinct[m1])+int(bandword.Distinct[m2]) != n*0x11 || bits.OnesCount32(cols) != n {
			return false
		}
		cols *= bandword.Spread
		s.c[d] = g[0]&^(bandword.Reach[m0]|cols) | g0
		s.c[d+1] = g[1]&^(bandword.Reach[m1]|cols) | g1
		s.c[d+2] = g[2]&^(bandword.Reach[m2]|cols) | g2
	}
	s.unsolved = [3]uint32{g[0], g[1], g[2]}
	for k := range s.seen {
		s.seen[k] = ^uint32(0) // every digit is new
	}
	return true
}

// assign places digit d in the cells s0, s1, s2 of bands 0, 1, 2, all of
// which must still have d as a candidate. It reports false when two of
// them see each other.
func (s *state) assign(d int, s0, s1, s2 uint32) bool {
	var e0, e1, e2 uint32
	for x := s0; x != 0; x &= x - 1 {
		p := &bandword.Peers[bits.TrailingZeros32(x)&31]
		e0 |= p[0]
		e1 |= p[1]
		e2 |= p[2]
	}
	for x := s1; x != 0; x &= x - 1 {
		p := &bandword.Peers[27+bits.TrailingZeros32(x)&31]
		e0 |= p[0]
		e1 |= p[1]
		e2 |= p[2]
	}
	for x := s2; x != 0; x &= x - 1 {
		p := &bandword.Peers[54+bits.TrailingZeros32(x)&31]
		e0 |= p[0]
		e1 |= p[1]
		e2 |= p[2]
	}
	if e0&s0|e1&s1|e2&s2 != 0 {
		return false
	}
	c := &s.c
	for k := 0; k < 27; k += 3 {
		c[k] &^= s0
		c[k+1] &^= s1
		c[k+2] &^= s2
	}
	k := 3 * d
	c[k] = c[k]&^e0 | s0
	c[k+1] = c[k+1]&^e1 | s1
	c[k+2] = c[k+2]&^e2 | s2
	s.unsolved[0] &^= s0
	s.unsolved[1] &^= s1
	s.unsolved[2] &^= s2
	return true
}

// twice returns the columns that band word w holds in two rows or more.
func twice(w uint32) uint32 {
	r0, r1, r2 := w&0x1FF, w>>9&0x1FF, w>>18
	return r0&r1 | r2&(r0|r1)
}

// digit applies the digit-wise rules to digit d, whose bands m (bit b)
// changed: locked candidates inside bands and stacks to a fixed point,
// then hidden singles in rows, boxes and columns. It reports false on a
// contradiction.
func (s *work) digit(d int, m uint32) bool {
	c := s.c[3*d : 3*d+3 : 3*d+3]
	w0, w1, w2 := c[0], c[1], c[2]
	if m&1 != 0 {
		w0 &= bandword.MatchCells[bandword.BoxMatrix(w0)]
	}
	if m&2 != 0 {
		w1 &= bandword.MatchCells[bandword.BoxMatrix(w1)]
	}
	if m&4 != 0 {
		w2 &= bandword.MatchCells[bandword.BoxMatrix(w2)]
	}
	for {
		f0, f1, f2 := bandword.Fold(w0), bandword.Fold(w1), bandword.Fold(w2)
		// The stacks, unrolled: pa, pb, pc are the matchings of the
		// column-by-band matrices of stacks 0, 1, 2.
		pa := uint32(bandword.MatchPairs[f0&7|f1&7<<3|f2&7<<6])
		pb := uint32(bandword.MatchPairs[f0>>3&7|f1>>3&7<<3|f2>>3&7<<6])
		pc := uint32(bandword.MatchPairs[f0>>6&7|f1>>6&7<<3|f2>>6&7<<6])
		a0 := pa&7 | pb&7<<3 | pc&7<<6
		a1 := pa>>3&7 | pb>>3&7<<3 | pc>>3&7<<6
		a2 := pa>>6 | pb>>6<<3 | pc>>6<<6
		n0 := w0 & (a0 * bandword.Spread)
		n1 := w1 & (a1 * bandword.Spread)
		n2 := w2 & (a2 * bandword.Spread)
		if n0 == w0 && n1 == w1 && n2 == w2 {
			break
		}
		if n0 != w0 {
			n0 &= bandword.MatchCells[bandword.BoxMatrix(n0)]
		}
		if n1 != w1 {
			n1 &= bandword.MatchCells[bandword.BoxMatrix(n1)]
		}
		if n2 != w2 {
			n2 &= bandword.MatchCells[bandword.BoxMatrix(n2)]
		}
		w0, w1, w2 = n0, n1, n2
	}
	if w0 == 0 || w1 == 0 || w2 == 0 {
		return false
	}
	c[0], c[1], c[2] = w0, w1, w2
	seen := s.seen[3*d : 3*d+3 : 3*d+3]
	seen[0], seen[1], seen[2] = w0, w1, w2

	// Hidden singles. After the band matching a row with one cell is also
	// a box with one cell, and the other way round.
	s0, s1, s2 := bandword.LoneRows(w0), bandword.LoneRows(w1), bandword.LoneRows(w2)
	f0, f1, f2 := bandword.Fold(w0), bandword.Fold(w1), bandword.Fold(w2)
	once := f0 | f1 | f2
	if once != 0x1FF {
		return false
	}
	if cols := once &^ (twice(w0) | twice(w1) | twice(w2) | f0&f1 | f2&(f0|f1)); cols != 0 {
		s0 |= w0 & ((cols & f0) * bandword.Spread)
		s1 |= w1 & ((cols & f1) * bandword.Spread)
		s2 |= w2 & ((cols & f2) * bandword.Spread)
	}
	s0 &= s.unsolved[0]
	s1 &= s.unsolved[1]
	s2 &= s.unsolved[2]
	if s0|s1|s2 == 0 {
		return true
	}
	return s.assign(d, s0, s1, s2)
}

// nakedSingles places the cells left with one candidate and reports
// whether it placed any, and false in ok on a contradiction (a cell with
// no candidate). Two equal singles that see each other are not detected
// here: the state is then inconsistent, later rules find a contradiction
// or the final check (valid) rejects the grid.
func (s *state) nakedSingles() (placed, ok bool) {
	c := &s.c
	// Cells with at least one and at least two candidates, per band, as
	// three independent chains over digits 1-3, 4-6 and 7-9, merged.
	var one, sg [3]uint32
	for b := range 3 {
		x0, x1, x2 := c[b], c[b+3], c[b+6]
		y0, y1, y2 := c[b+9], c[b+12], c[b+15]
		z0, z1, z2 := c[b+18], c[b+21], c[b+24]
		ox, oy, oz := x0|x1|x2, y0|y1|y2, z0|z1|z2
		tx := x0&x1 | x2&(x0|x1)
		ty := y0&y1 | y2&(y0|y1)
		tz := z0&z1 | z2&(z0|z1)
		one[b] = ox | oy | oz
		sg[b] = s.unsolved[b] &^ (tx | ty | tz | ox&oy | oz&(ox|oy))
	}
	if one[0]&one[1]&one[2] != bandword.All {
		return false, false
	}
	s0, s1, s2 := sg[0], sg[1], sg[2]
	if s0|s1|s2 == 0 {
		return false, true
	}
	s.unsolved[0] &^= s0
	s.unsolved[1] &^= s1
	s.unsolved[2] &^= s2
	for k := 0; k < 27; k += 3 {
		w0, w1, w2 := c[k], c[k+1], c[k+2]
		p0, p1, p2 := w0&s0, w1&s1, w2&s2
		if p0|p1|p2 == 0 {
			c[k], c[k+1], c[k+2] = w0&^s0, w1&^s1, w2&^s2
			continue
		}
		cols := (bandword.Fold(p0) | bandword.Fold(p1) | bandword.Fold(p2)) * bandword.Spread
		c[k] = w0&^(s0|cols|bandword.Reach[bandword.BoxMatrix(p0)]) | p0
		c[k+1] = w1&^(s1|cols|bandword.Reach[bandword.BoxMatrix(p1)]) | p1
		c[k+2] = w2&^(s2|cols|bandword.Reach[bandword.BoxMatrix(p2)]) | p2
	}
	return true, true
}

// valid reports whether a state with every cell placed is a valid grid.
// Every placed cell has at most one candidate; when each digit covers
// the nine columns, and the three rows and boxes of each band, each digit
// holds nine cells, once in each row, column and box.
func (s *state) valid() bool {
	c := &s.c
	for k := 0; k < 27; k += 3 {
		w0, w1, w2 := c[k], c[k+1], c[k+2]
		if bandword.Fold(w0)|bandword.Fold(w1)|bandword.Fold(w2) != 0x1FF ||
			bandword.Distinct[bandword.BoxMatrix(w0)]&bandword.Distinct[bandword.BoxMatrix(w1)]&bandword.Distinct[bandword.BoxMatrix(w2)] != 0x33 {
			return false
		}
	}
	return true
}

// propagate applies the rules until nothing changes. It reports false on a
// contradiction.
func (s *work) propagate() bool {
	for {
		placed, ok := s.nakedSingles()
		if !ok {
			return false
		}
		if placed {
			if s.unsolved == [3]uint32{} {
				return true
			}
			continue
		}
		any := false
		for d := 0; d < 9; d++ {
			var m uint32
			if s.c[3*d] != s.seen[3*d] {
				m = 1
			}
			if s.c[3*d+1] != s.seen[3*d+1] {
				m |= 2
			}
			if s.c[3*d+2] != s.seen[3*d+2] {
				m |= 4
			}
			if m != 0 {
				any = true
				if !s.digit(d, m) {
					return false
				}
			}
		}
		if !any {
			return true
		}
	}
}

// choose picks the guess: the first candidate of the first cell with two
// candidates, or else of a cell with the fewest. It returns the index
// into state.c and the cell's bit.
func (s *state) choose() (k int, x uint32) {
	for b := range 3 {
		var one, two, three uint32
		for j := b; j < 27; j += 3 {
			w := s.c[j]
			three |= two & w
			two |= one & w
			one |= w
		}
		if bi := s.unsolved[b] & two &^ three; bi != 0 {
			x := bi & -bi
			j := b
			for s.c[j]&x == 0 {
				j += 3
			}
			return j, x
		}
	}
	best := 10
	for b := range 3 {
		for u := s.unsolved[b]; u != 0; u &= u - 1 {
			bit := u & -u
			n, first := 0, -1
			for j := b; j < 27; j += 3 {
				if s.c[j]&bit != 0 {
					if first < 0 {
						first = j
					}
					n++
				}
			}
			if n < best {
				best, k, x = n, first, bit
			}
		}
	}
	return k, x
}

// write stores the solved grid, eight cells at a time: the digit of a
// cell is four bit planes over the digit words, each bit spread to a byte.
func (s *state) write(out *[81]uint8) {
	c := &s.c
	for b := range 3 {
		p0 := c[b] | c[b+6] | c[b+12] | c[b+18] | c[b+24] // digits 1, 3, 5, 7, 9
		p1 := c[b+3] | c[b+6] | c[b+15] | c[b+18]         // 2, 3, 6, 7
		p2 := c[b+9] | c[b+12] | c[b+15] | c[b+18]        // 4, 5, 6, 7
		p3 := c[b+21] | c[b+24]                           // 8, 9
		for _, o := range [4]uint{0, 8, 16, 19} {         // 19: the last 8 of 27
			v := bandword.ByteBits[p0>>o&255] | bandword.ByteBits[p1>>o&255]<<1 | bandword.ByteBits[p2>>o&255]<<2 | bandword.ByteBits[p3>>o&255]<<3
			binary.LittleEndian.PutUint64(out[27*b+int(o):], v)
		}
	}
}
