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
// backtracking, Out (the minirow or minicolumn itself).
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

// lone returns the bits of x alone in their 3-bit group.
func lone(x uint32) uint32 {
	b0, b1, b2 := x&lo3, x>>1&lo3, x>>2&lo3
	return b0&^(b1|b2) | (b1&^(b0|b2))<<1 | (b2&^(b0|b1))<<2
}

// count9 returns, for 9 words, the bits set in exactly three of them (eq3)
// and the bits set in fewer than three (lt3) and more than three (gt3).
func count9(x *[9]uint32) (eq3, lt3, gt3 uint32) {
	var a1, a2, a4 uint32 // saturating at 4: a4 set once the count reaches 4
	for _, v := range x {
		c1 := a1 & v
		a1 ^= v
		c2 := a2 & c1
		a2 ^= c1
		a4 |= c2
	}
	eq3 = a1 & a2 &^ a4
	gt3 = a4
	lt3 = all3 &^ (a4 | a1&a2)
	return
}

// loneH returns the bits of x alone among the bits 3 and 6 places away
// in their block of nine (x in the layout of Work.H).
func loneH(x uint32) uint32 {
	const m = 0x1C0E07
	b0, b1, b2 := x&m, x>>3&m, x>>6&m
	return b0&^(b1|b2) | (b1&^(b0|b2))<<3 | (b2&^(b0|b1))<<6
}

// count9n is count9 keeping the full count of each bit in n (n[k]: bit
// k of the count), and returning only eq3 and lt3.
func count9n(x *[9]uint32, n *[4]uint32) (eq3, lt3 uint32) {
	var a1, a2, a4, a8 uint32
	for _, v := range x {
		c1 := a1 & v
		a1 ^= v
		c2 := a2 & c1
		a2 ^= c1
		a8 |= a4 & c2
		a4 ^= c2
	}
	*n = [4]uint32{a1, a2, a4, a8}
	big := a4 | a8
	return a1 & a2 &^ big, all3 &^ (big | a1&a2)
}

// triads applies the cardinality rules of minirows and minicolumns: each
// holds exactly three digits. Where only three digits remain possible,
// each of them is confined to it in its row (column) and box; where three
// digits are confined to it, the others are removed from it. It reports
// whether any candidate was removed, and false in ok on a contradiction.
// It leaves in s.H and s.V the minirows and minicolumns of each digit
// as they were before its removals.
func (s *Work) triads() (changed, ok bool) {
	var hf, vf [9]uint32
	h, v := &s.H, &s.V
	c := &s.C
	for d := range 9 {
		w0, w1, w2 := c[3*d], c[3*d+1], c[3*d+2]
		h[d] = (w0|w0>>1|w0>>2)&lo3 | (w1|w1>>1|w1>>2)&lo3<<1 | (w2|w2>>1|w2>>2)&lo3<<2
		hf[d] = loneH(h[d])
		v[d] = Fold(w0) | Fold(w1)<<9 | Fold(w2)<<18
		vf[d] = lone(v[d])
	}
	heq, hlt := count9n(h, &s.HN)
	veq, vlt := count9n(v, &s.VN)
	hfeq, _, hfgt := count9(&hf)
	vfeq, _, vfgt := count9(&vf)
	if hlt|vlt|hfgt|vfgt != 0 {
		return false, false
	}
	if heq|veq|hfeq|vfeq == 0 {
		return false, true
	}
	const (
		rows  = 1 | 1<<9 | 1<<18
		boxes = 1 | 1<<3 | 1<<6
	)
	for d := range 9 {
		in := heq & h[d] &^ hf[d]
		out := hfeq & h[d] &^ hf[d]
		vin := veq & v[d] &^ vf[d]
		vout := vfeq & v[d] &^ vf[d]
		if in|out|vin|vout == 0 {
			continue
		}
		changed = true
		w := c[3*d : 3*d+3 : 3*d+3]
		if in|out != 0 {
			for b := range 3 {
				// x: the first cell of each minirow confined to.
				x := in >> b & lo3
				e := ((x|x>>3|x>>6)&rows*0x1FF | (x|x>>9|x>>18)&boxes*(7*Spread)) &^ (x * 7)
				w[b] &^= e | (out>>b&lo3)*7
			}
		}
		if vin|vout != 0 {
			y0, y1, y2 := vin&0x1FF, vin>>9&0x1FF, vin>>18
			g0, g1, g2 := (y0|y0>>1|y0>>2)&0x49*7, (y1|y1>>1|y1>>2)&0x49*7, (y2|y2>>1|y2>>2)&0x49*7
			w[0] &^= (g0&^y0 | y1 | y2 | vout&0x1FF) * Spread
			w[1] &^= (g1&^y1 | y0 | y2 | vout>>9&0x1FF) * Spread
			w[2] &^= (g2&^y2 | y0 | y1 | vout>>18) * Spread
		}
	}
	return changed, true
}

// Choose picks a triad guess in the state left by Propagate with
// s.Triads, from s.H, s.V and their counts: in the band or stack with the
// fewest possible triads over all digits, the digit with the fewest above
// three (four: exactly two configurations), and of that digit the first
// triad that is not forced. It reports false when no band or stack has a
// digit with a choice.
func (s *Work) Choose(br *Triad) bool {
	const stack0 = 7 * Spread
	best, bestN := -1, 1<<30
	for b := range 3 {
		m := uint32(lo3) << b
		n := bits.OnesCount32(s.HN[0]&m) + 2*bits.OnesCount32(s.HN[1]&m) + 4*bits.OnesCount32(s.HN[2]&m) + 8*bits.OnesCount32(s.HN[3]&m)
		if n > 27 && n < bestN {
			best, bestN = b, n
		}
	}
	for st := range 3 {
		m := uint32(stack0) << (3 * st)
		n := bits.OnesCount32(s.VN[0]&m) + 2*bits.OnesCount32(s.VN[1]&m) + 4*bits.OnesCount32(s.VN[2]&m) + 8*bits.OnesCount32(s.VN[3]&m)
		if n > 27 && n < bestN {
			best, bestN = 3+st, n
		}
	}
	if best < 0 {
		return false
	}
	var m uint32
	if best < 3 {
		m = uint32(lo3) << best
	} else {
		m = uint32(stack0) << (3 * (best - 3))
	}
	bd, bn := -1, 10
	for d := range 9 {
		var x uint32
		if best < 3 {
			x = s.H[d] & m
		} else {
			x = s.V[d] & m
		}
		if n := bits.OnesCount32(x); n > 3 && n < bn {
			bd, bn = d, n
			if n == 4 {
				break
			}
		}
	}
	*br = Triad{D: bd}
	if best < 3 {
		b := best
		x := s.H[bd] & m &^ loneH(s.H[bd])
		p := bits.TrailingZeros32(x) / 3 // 3r+k
		r, k := p/3, p%3
		mini := uint32(7) << (9*r + 3*k)
		br.In[b] = (0x1FF<<(9*r) | (7<<(3*k))*Spread) &^ mini
		br.Out[b] = mini
	} else {
		x := s.V[bd] & m &^ lone(s.V[bd])
		p := bits.TrailingZeros32(x)
		r, c := p/9, uint32(1)<<(p%9)
		col := c * Spread
		for b := range 3 {
			if b == r {
				br.In[b] = ((7 << (3 * (best - 3))) &^ c) * Spread
				br.Out[b] = col
			} else {
				br.In[b] = col
			}
		}
	}
	return true
}
