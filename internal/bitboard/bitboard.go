package bitboard

import "math/bits"

// state is everything the search saves before a guess: 124 bytes.
type state struct {
	c        [27]uint32 // candidates: c[3*d+b] is digit d+1 in band b
	unsolved [3]uint32  // cells not yet placed, per band
	dirty    uint32     // digits (bit d) whose candidates changed
}

// frame is one guess on the explicit stack: the state before it and the
// candidate tried, removed when the search comes back.
type frame struct {
	st state
	d  int
	b  int
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
	var st state
	for i := range st.c {
		st.c[i] = bandAll
	}
	st.unsolved = [3]uint32{bandAll, bandAll, bandAll}
	for i, v := range puzzle {
		if v == 0 {
			continue
		}
		if v > 9 || !st.place(int(v-1), i/27, 1<<(i%27)) {
			return 0, 0
		}
	}
	sp := 0
	for {
		if st.propagate() {
			if st.unsolved == [3]uint32{} {
				if count == 0 && solution != nil {
					st.write(solution)
				}
				count++
				if count >= limit {
					return count, guesses
				}
			} else {
				d, b, x := st.choose()
				f := &s.stack[sp]
				f.st, f.d, f.b, f.x = st, d, b, x
				sp++
				guesses++
				st.place(d, b, x)
				continue
			}
		}
		if sp == 0 {
			return count, guesses
		}
		sp--
		f := &s.stack[sp]
		st = f.st
		st.c[3*f.d+f.b] &^= f.x
		st.dirty = 1 << f.d
	}
}

// place puts digit d in cell x (a single bit) of band b. It reports false
// when d is no longer a candidate there.
func (s *state) place(d, b int, x uint32) bool {
	c := s.c[3*d : 3*d+3 : 3*d+3]
	if c[b]&x == 0 {
		return false
	}
	p := &peers[27*b+bits.TrailingZeros32(x)]
	for k := b; k < 27; k += 3 {
		s.c[k] &^= x
	}
	c[0] &^= p[0]
	c[1] &^= p[1]
	c[2] &^= p[2]
	c[b] |= x
	s.unsolved[b] &^= x
	s.dirty = 0x1FF
	return true
}

// twice returns the columns that band word w holds in two rows or more.
func twice(w uint32) uint32 {
	r0, r1, r2 := w&0x1FF, w>>9&0x1FF, w>>18
	return r0&r1 | r2&(r0|r1)
}

// digit applies the digit-wise rules to digit d: locked candidates inside
// bands and stacks to a fixed point, then hidden singles in rows, boxes
// and columns. It reports false on a contradiction.
func (s *state) digit(d int) bool {
	c := s.c[3*d : 3*d+3 : 3*d+3]
	w0, w1, w2 := c[0], c[1], c[2]
	for {
		n0 := w0 & matchCells[boxMatrix(w0)]
		n1 := w1 & matchCells[boxMatrix(w1)]
		n2 := w2 & matchCells[boxMatrix(w2)]
		f0, f1, f2 := fold(n0), fold(n1), fold(n2)
		var a0, a1, a2 uint32
		for k := 0; k < 9; k += 3 {
			p := uint32(matchPairs[(f0>>k&7|(f1>>k&7)<<3|(f2>>k&7)<<6)&0x1FF])
			a0 |= p & 7 << k
			a1 |= p >> 3 & 7 << k
			a2 |= p >> 6 & 7 << k
		}
		n0 &= a0 * spread
		n1 &= a1 * spread
		n2 &= a2 * spread
		if n0 == w0 && n1 == w1 && n2 == w2 {
			break
		}
		w0, w1, w2 = n0, n1, n2
	}
	if w0 == 0 || w1 == 0 || w2 == 0 {
		return false
	}
	c[0], c[1], c[2] = w0, w1, w2

	// Hidden singles. After the band matching a row with one cell is also
	// a box with one cell, and the other way round.
	var single [3]uint32
	for b, w := range [3]uint32{w0, w1, w2} {
		for r := 0; r < 27; r += 9 {
			if x := w >> r & 0x1FF; x&(x-1) == 0 {
				single[b] |= x << r
			}
		}
	}
	f0, f1, f2 := fold(w0), fold(w1), fold(w2)
	once := f0 | f1 | f2
	if once != 0x1FF {
		return false
	}
	cols := once &^ (twice(w0) | twice(w1) | twice(w2) | f0&f1 | f2&(f0|f1))
	if cols != 0 {
		single[0] |= w0 & ((cols & f0) * spread)
		single[1] |= w1 & ((cols & f1) * spread)
		single[2] |= w2 & ((cols & f2) * spread)
	}
	for b := range 3 {
		for x := single[b] & s.unsolved[b]; x != 0; x &= x - 1 {
			if !s.place(d, b, x&-x) {
				return false
			}
		}
	}
	return true
}

// propagate applies the rules until nothing changes. It reports false on a
// contradiction.
func (s *state) propagate() bool {
	for {
		for s.dirty != 0 {
			d := bits.TrailingZeros32(s.dirty)
			s.dirty &= s.dirty - 1
			if !s.digit(d) {
				return false
			}
		}
		// Naked singles, and cells left with no candidate.
		for b := range 3 {
			var one, two uint32
			for k := b; k < 27; k += 3 {
				x := s.c[k]
				two |= one & x
				one |= x
			}
			if one != bandAll {
				return false
			}
			for x := s.unsolved[b] &^ two; x != 0; x &= x - 1 {
				bit := x & -x
				k := b
				for s.c[k]&bit == 0 {
					k += 3
					if k >= 27 {
						return false
					}
				}
				s.place(k/3, b, bit)
			}
		}
		if s.dirty == 0 {
			return true
		}
	}
}

// choose picks the guess: the first candidate of the first cell with two
// candidates, or else of a cell with the fewest.
func (s *state) choose() (d, b int, x uint32) {
	for b := range 3 {
		var one, two, three uint32
		for k := b; k < 27; k += 3 {
			x := s.c[k]
			three |= two & x
			two |= one & x
			one |= x
		}
		if bi := s.unsolved[b] & two &^ three; bi != 0 {
			x := bi & -bi
			k := b
			for s.c[k]&x == 0 {
				k += 3
			}
			return k / 3, b, x
		}
	}
	best := 10
	for bb := range 3 {
		for u := s.unsolved[bb]; u != 0; u &= u - 1 {
			bit := u & -u
			n, first := 0, -1
			for k := bb; k < 27; k += 3 {
				if s.c[k]&bit != 0 {
					if first < 0 {
						first = k / 3
					}
					n++
				}
			}
			if n < best {
				best, d, b, x = n, first, bb, bit
			}
		}
	}
	return d, b, x
}

// write stores the solved grid.
func (s *state) write(out *[81]uint8) {
	for k, w := range s.c {
		base := 27 * (k % 3)
		for ; w != 0; w &= w - 1 {
			out[base+bits.TrailingZeros32(w)] = uint8(k/3 + 1)
		}
	}
}
