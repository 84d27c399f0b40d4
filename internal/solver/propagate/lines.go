package propagate

import "math/bits"

// When the cells of a sandwich or an X-sum clue hold distinct digits (a
// row or a column: they see each other), the clue's sum is a cage's: a
// set of distinct digits. These propagators add that reasoning to the
// clue's automaton (which takes the digits one by one, free to repeat):
// for each place of the crusts (or each first digit X), the digit sets
// of the right size and sum that the cells in between can hold.

// combos lists, for each size k and total t, the sets of k distinct
// digits of pool adding up to t.
type combos map[[2]int][]uint32

func newCombos(pool uint32) combos {
	out := combos{}
	var walk func(rest uint32, m uint32, k, t int)
	walk = func(rest uint32, m uint32, k, t int) {
		out[[2]int{k, t}] = append(out[[2]int{k, t}], m)
		for x := rest; x != 0; x &= x - 1 {
			d := bits.TrailingZeros32(x)
			// digits in increasing order: the next ones above d
			walk(x&^(1<<d)&^(1<<d-1), m|1<<d, k+1, t+d+1)
		}
	}
	walk(pool, 0, 0, 0)
	return out
}

// fits reports whether cells can hold exactly the digits of m, one each
// (as far as each cell meeting m and their union covering m tell).
func fits(s *Solver, cells []int32, m uint32) bool {
	var cov uint32
	for _, c := range cells {
		x := s.cand[c] & m
		if x == 0 {
			return false
		}
		cov |= x
	}
	return cov == m
}

// sandwichSets propagates a sandwich whose cells see each other.
type sandwichSets struct {
	cells []int32
	sum   int
	lo    uint32 // the digit 1
	hi    uint32 // the digit n
	sets  combos // over the digits 2..n-1
	sup   []uint32
}

func (p *sandwichSets) idempotent() bool { return false }

func (p *sandwichSets) propagate(s *Solver) bool {
	clear(p.sup)
	k := len(p.cells)
	for i := range k {
		ci := s.cand[p.cells[i]]
		for j := i + 1; j < k; j++ {
			cj := s.cand[p.cells[j]]
			// the digits the two ends may take, as crusts
			var ei, ej uint32
			if ci&p.lo != 0 && cj&p.hi != 0 {
				ei, ej = ei|p.lo, ej|p.hi
			}
			if ci&p.hi != 0 && cj&p.lo != 0 {
				ei, ej = ei|p.hi, ej|p.lo
			}
			if ei == 0 {
				continue
			}
			inner := p.cells[i+1 : j]
			for _, m := range p.sets[[2]int{len(inner), p.sum}] {
				if !fits(s, inner, m) {
					continue
				}
				p.sup[i] |= ei
				p.sup[j] |= ej
				for x := range inner {
					p.sup[i+1+x] |= s.cand[inner[x]] & m
				}
				out := ^(m | p.lo | p.hi)
				for x := range k {
					if x < i || x > j {
						p.sup[x] |= s.cand[p.cells[x]] & out
					}
				}
			}
		}
	}
	for i, c := range p.cells {
		if !s.narrow(c, s.cand[c]&p.sup[i]) {
			return false
		}
	}
	return true
}

// xsumSets propagates an X-sum whose cells see each other.
type xsumSets struct {
	cells []int32
	sum   int
	sets  combos // over all the digits
	sup   []uint32
}

func (p *xsumSets) idempotent() bool { return false }

func (p *xsumSets) propagate(s *Solver) bool {
	clear(p.sup)
	k := len(p.cells)
	for f := s.cand[p.cells[0]]; f != 0; f &= f - 1 {
		x := bits.TrailingZeros32(f) + 1
		if x > k || p.sum-x < 0 {
			continue
		}
		bx := uint32(1) << (x - 1)
		inner := p.cells[1:x]
		for _, m := range p.sets[[2]int{x - 1, p.sum - x}] {
			if m&bx != 0 || !fits(s, inner, m) {
				continue
			}
			p.sup[0] |= bx
			for i := range inner {
				p.sup[1+i] |= s.cand[inner[i]] & m
			}
			out := ^(m | bx)
			for i := x; i < k; i++ {
				p.sup[i] |= s.cand[p.cells[i]] & out
			}
		}
	}
	for i, c := range p.cells {
		if !s.narrow(c, s.cand[c]&p.sup[i]) {
			return false
		}
	}
	return true
}

// allSee reports whether every two of cells see each other.
func allSee(see [][]bool, cells []int) bool {
	for i, a := range cells {
		for _, b := range cells[:i] {
			if see[a] == nil || !see[a][b] {
				return false
			}
		}
	}
	return true
}
