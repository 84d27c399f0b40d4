package bandword

import "math/bits"

// Triads. A minirow is the three cells a row shares with a box, a
// minicolumn the three a column shares with a box; a digit's triad is the
// minirow (minicolumn) of a row (column) that holds it. Each minirow and
// minicolumn holds exactly three digits, and a digit's triads in a band
// (stack) are one of six configurations: one per row (column) and per box.
// The triad rules (triads) reason on those, and Choose guesses on them.

// Triad is a guess on a digit's triad: digit D occupies a minirow or
// minicolumn, or not. The first branch clears In from the digit's three
// band words (the rest of its row or column and box), the second, on
// backtracking, Out (the minirow or minicolumn itself). A cell guess
// (internal/solver/bitboard) uses a TriadFrame too: it places the digit
// with State.Place and sets only D and Out (the cell), which is all that
// BackTriad reads.
type Triad struct {
	D       int
	In, Out [3]uint32
}

// TriadFrame is one triad guess on a search's explicit stack: the state
// before it and the guess.
type TriadFrame struct {
	St State
	Tr Triad
}

// MaxTriadDepth bounds the depth of a search that guesses with Choose:
// each guess, on either branch, removes at least one of the digits'
// minirows and minicolumns, which number at most 2*9*27 at the start and
// 2*9*9 when solved.
const MaxTriadDepth = 2*9*27 - 2*9*9

// GuessTriad saves the state in f and takes the first branch of br.
func (s *Work) GuessTriad(f *TriadFrame, br *Triad) {
	f.St, f.Tr = s.State, *br
	c := s.C[3*br.D : 3*br.D+3 : 3*br.D+3]
	c[0] &^= br.In[0]
	c[1] &^= br.In[1]
	c[2] &^= br.In[2]
}

// BackTriad restores the state saved in f and takes the second branch.
func (s *Work) BackTriad(f *TriadFrame) {
	s.State = f.St
	s.Seen = s.C
	d := f.Tr.D
	c := s.C[3*d : 3*d+3 : 3*d+3]
	c[0] &^= f.Tr.Out[0]
	c[1] &^= f.Tr.Out[1]
	c[2] &^= f.Tr.Out[2]
}

const (
	lo3  = 0x1249249 // bit 0 of each 3-bit group of 27 bits
	all3 = 1<<27 - 1
)

// The triads of a digit as one 64-bit word (Work.T): the minirows it may
// occupy in the low half, bit 3(3r+k)+b for row r of band b and box k of
// the band, and the minicolumns in the high half, bit 32+9b+c for column
// c in band b.
const (
	tHi   = 32
	tAll  = all3 | all3<<tHi
	rowsM = 0x1C0E07 // in the low half: bit b of each row's first minirow
)

// count9 returns, for each bit, the number of the 9 words that have it:
// bit k of the count in n[k].
// Written out (the compiler does not unroll the loop, whose exit was
// mispredicted at every call).
func count9(x *[9]uint64) (n [4]uint64) {
	a1, a2 := x[0]^x[1], x[0]&x[1]
	a1, a2, a4 := add2(a1, a2, x[2])
	a1, a2, a4 = add4(a1, a2, a4, x[3])
	a1, a2, a4 = add4(a1, a2, a4, x[4])
	a1, a2, a4 = add4(a1, a2, a4, x[5])
	a1, a2, a4 = add4(a1, a2, a4, x[6])
	// Seven words so far (at most 7): the last two may carry into 8.
	c1 := a1 & x[7]
	c2 := a2 & c1
	a1, a2, a4, a8 := a1^x[7], a2^c1, a4^c2, a4&c2
	c1 = a1 & x[8]
	c2 = a2 & c1
	return [4]uint64{a1 ^ x[8], a2 ^ c1, a4 ^ c2, a8 | a4&c2}
}

// add2 adds the bits of v to a two-bit count (a1, a2) that stays under 4.
func add2(a1, a2, v uint64) (n1, n2, n4 uint64) {
	c1 := a1 & v
	return a1 ^ v, a2 ^ c1, a2 & c1
}

// add4 adds the bits of v to a three-bit count (a1, a2, a4) that stays
// under 8.
func add4(a1, a2, a4, v uint64) (n1, n2, n4 uint64) {
	c1 := a1 & v
	c2 := a2 & c1
	return a1 ^ v, a2 ^ c1, a4 ^ c2
}

// exactly3 returns the bits whose count (as count9 gives it) is 3.
func exactly3(n *[4]uint64) uint64 { return n[0] & n[1] &^ (n[2] | n[3]) }

// forced returns the triads of t that are alone in their row (minirows)
// or in their band of a stack (minicolumns): when the words are matched
// (after the digit rules) those are the triads the digit must occupy.
// The three triads of each group are a, b, c at the group's first bit
// (rows: bits 3 apart, minicolumns: adjacent); a group with exactly one
// is spread back over its three bits, with no test of each triad against
// the other two, which kept forced over the inlining budget.
func forced(t uint64) uint64 {
	const (
		mh = rowsM
		mv = lo3 << tHi
	)
	a, b, c := t&(mh|mv), t>>3&mh|t>>1&mv, t>>6&mh|t>>2&mv
	one := (a | b | c) &^ (a&b | c&(a|b))
	return t & (one&mh*0x49 | one&mv*7)
}

// nz returns 1 when x is not 0, else 0.
func nz(x uint64) uint32 { return uint32((x | -x) >> 63) }

// triads applies the cardinality rules of minirows and minicolumns: each
// holds exactly three digits. Where only three digits remain possible,
// each of them is confined to it in its row (column) and box; where three
// digits are confined to it, the others are removed from it. It reports
// whether any candidate was removed, and false in ok on a contradiction.
// It leaves in s.T and s.N the triads of each digit and their counts as
// they were before its removals.
func (s *Work) triads() (changed, ok bool) {
	t, f := &s.T, &s.F
	c, tc := &s.C, &s.TC
	m := changed3(c, tc, 0)>>31 | changed3(c, tc, 3)>>31<<1 | changed3(c, tc, 6)>>31<<2 | changed3(c, tc, 9)>>31<<3 | changed3(c, tc, 12)>>31<<4 | changed3(c, tc, 15)>>31<<5 | changed3(c, tc, 18)>>31<<6 | changed3(c, tc, 21)>>31<<7 | changed3(c, tc, 24)>>31<<8
	for ; m != 0; m &= m - 1 {
		d := bits.TrailingZeros32(m)
		// m: the digits whose words differ from TC (t[d] and f[d] are
		// those of TC's words), found without a branch per digit.
		w0, w1, w2 := c[3*d], c[3*d+1], c[3*d+2]
		// The line of forced's call below is named by the profile.
		tc[3*d], tc[3*d+1], tc[3*d+2] = w0, w1, w2
		h := (w0|w0>>1|w0>>2)&lo3 | (w1|w1>>1|w1>>2)&lo3<<1 | (w2|w2>>1|w2>>2)&lo3<<2
		v := Fold(w0) | Fold(w1)<<9 | Fold(w2)<<18
		t[d] = uint64(h) | uint64(v)<<tHi
		f[d] = forced(t[d])
	}
	s.N = count9(t)
	fn := count9(f)
	eq, feq := exactly3(&s.N), exactly3(&fn)
	// Fewer than three digits may occupy a triad, or more than three
	// are confined to it.
	lt := tAll &^ (s.N[0]&s.N[1] | s.N[2] | s.N[3])
	fgt := fn[2] | fn[3]
	if lt|fgt != 0 {
		return false, false
	}
	if eq|feq == 0 {
		return false, true
	}
	const (
		rows  = 1 | 1<<9 | 1<<18
		boxes = 1 | 1<<3 | 1<<6
	)
	// dm: the digits with a free triad in eq or feq, written out without
	// a branch per digit (the loop's test and exit were mispredicted).
	x := eq | feq
	dm := nz(t[0]&^f[0]&x) | nz(t[1]&^f[1]&x)<<1 | nz(t[2]&^f[2]&x)<<2 |
		nz(t[3]&^f[3]&x)<<3 | nz(t[4]&^f[4]&x)<<4 | nz(t[5]&^f[5]&x)<<5 |
		nz(t[6]&^f[6]&x)<<6 | nz(t[7]&^f[7]&x)<<7 | nz(t[8]&^f[8]&x)<<8
	changed = dm != 0
	for ; dm != 0; dm &= dm - 1 {
		d := bits.TrailingZeros32(dm)
		free := t[d] &^ f[d]
		in, out := eq&free, feq&free
		w := c[3*d : 3*d+3 : 3*d+3]
		if hin, hout := uint32(in)&all3, uint32(out)&all3; hin|hout != 0 {
			for b := range 3 {
				// x: the first cell of each minirow confined to.
				x := hin >> b & lo3
				e := ((x|x>>3|x>>6)&rows*0x1FF | (x|x>>9|x>>18)&boxes*(7*Spread)) &^ (x * 7)
				w[b] &^= e | (hout>>b&lo3)*7
			}
		}
		if vin, vout := uint32(in>>tHi), uint32(out>>tHi); vin|vout != 0 {
			y0, y1, y2 := vin&0x1FF, vin>>9&0x1FF, vin>>18
			g0, g1, g2 := (y0|y0>>1|y0>>2)&0x49*7, (y1|y1>>1|y1>>2)&0x49*7, (y2|y2>>1|y2>>2)&0x49*7
			w[0] &^= (g0&^y0 | y1 | y2 | vout&0x1FF) * Spread
			w[1] &^= (g1&^y1 | y0 | y2 | vout>>9&0x1FF) * Spread
			w[2] &^= (g2&^y2 | y0 | y1 | vout>>18) * Spread
		}
	}
	return changed, true
}

const (
	stack0 = uint64(7*Spread) << tHi // the minicolumns of stack 0
	none   = 1 << 30                 // added to the key of a unit without a choice (Choose)
)

// unitKey returns the key of unit b, whose triads are m (see Choose),
// at least none when the unit has 27 (all forced).
func unitKey(n *[4]uint64, m uint64, b int) int {
	k := bits.OnesCount64(n[0]&m) + 2*bits.OnesCount64(n[1]&m) + 4*bits.OnesCount64(n[2]&m) + 8*bits.OnesCount64(n[3]&m)
	return k<<3 | b | (k-28)>>63&none // without a branch: the compiler made the if one
}

// digitKey returns digit d's number of triads in m times 16 plus d, plus
// 256 when that number is at most 3 (see Choose).
func digitKey(t, m uint64, d int) int {
	k := bits.OnesCount64(t & m)
	return k<<4 | d | (k-4)>>63&256 // without a branch (see unitKey)
}

// unitMask[u] is the triads of unit u (see Choose): bands 0-2, stacks 0-2.
var unitMask = [8]uint64{lo3, lo3 << 1, lo3 << 2, stack0, stack0 << 3, stack0 << 6}

// minKey returns the lesser of keys a and b (under 1<<62) without a
// branch: the compiler made the builtin min a compare and a branch around
// a move here, mispredicted 1.4 times a call on the first 2,000 hardest
// puzzles.
func minKey(a, b int) int {
	d := a - b
	return b + d&(d>>63)
}

// Choose picks a triad guess in the state left by Propagate with
// s.Triads, from s.T and s.N: in the band or stack with the
// fewest possible triads over all digits, the digit with the fewest above
// three (four: exactly two configurations), and of that digit the first
// triad that is not forced. It reports false when no band or stack has a
// digit with a choice.
func (s *Work) Choose(br *Triad) bool {
	n := &s.N
	// key: the unit's number of triads times 8 plus the unit, or more
	// than any when the unit has no choice (27 triads: all forced). The
	// units and then the digits written out, each key a branch-free
	// minimum: the loops' tests were mispredicted.
	key := minKey(minKey(minKey(unitKey(n, lo3, 0), unitKey(n, lo3<<1, 1)), minKey(unitKey(n, lo3<<2, 2), unitKey(n, stack0, 3))),
		minKey(unitKey(n, stack0<<3, 4), unitKey(n, stack0<<6, 5)))
	if key >= none {
		return false
	}
	best := key & 7
	m := unitMask[best]
	t := &s.T
	// The digit with the fewest triads above three in the unit, the
	// first of those: its count times 16 plus the digit, minimal.
	bd := minKey(minKey(minKey(minKey(digitKey(t[0], m, 0), digitKey(t[1], m, 1)), minKey(digitKey(t[2], m, 2), digitKey(t[3], m, 3))),
		minKey(minKey(digitKey(t[4], m, 4), digitKey(t[5], m, 5)), minKey(digitKey(t[6], m, 6), digitKey(t[7], m, 7)))),
		digitKey(t[8], m, 8)) & 15
	*br = Triad{D: bd}
	x := s.T[bd] & m &^ s.F[bd] // F[bd]: forced(T[bd]), kept with it by triads
	if best < 3 {
		b := best
		p := bits.TrailingZeros64(x) / 3 // 3r+k
		r, k := p/3, p%3
		mini := uint32(7) << (9*r + 3*k)
		br.In[b] = (0x1FF<<(9*r) | (7<<(3*k))*Spread) &^ mini
		br.Out[b] = mini
	} else {
		p := bits.TrailingZeros64(x) - tHi
		r, c := p/9, uint32(1)<<(p%9)
		col := c * Spread
		// The column in the other bands, the stack's other columns in
		// band r: without a branch per band.
		br.In = [3]uint32{col, col, col}
		br.In[r] = ((7 << (3 * (best - 3))) &^ c) * Spread
		br.Out[r] = col
	}
	return true
}
