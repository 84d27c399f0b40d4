package propagate

import (
	"fmt"
	"math/bits"
)

// rule describes a clue read along a line of cells as a finite automaton
// over small integer keys: start is the key before the first cell, step
// the key after one more digit (false: the digit breaks the rule), accept
// whether a key at the end of the line satisfies the clue.
type rule struct {
	start  int
	step   func(key, d int) (int, bool)
	accept func(key int) bool
}

// sandwichRule: phase 0 before both crusts, 1 after the digit 1, 2 after
// the digit n, 3 after the second crust; in phases 1 and 2 the key holds
// the sum so far.
func sandwichRule(n, sum int) rule {
	const phases = 4
	enc := func(phase, s int) int { return s*phases + phase }
	return rule{
		start: enc(0, 0),
		step: func(key, d int) (int, bool) {
			phase, s := key%phases, key/phases
			lo, hi := d == 1, d == n
			switch phase {
			case 0:
				switch {
				case lo:
					return enc(1, 0), true
				case hi:
					return enc(2, 0), true
				}
				return key, true
			case 1, 2:
				closing := phase == 1 && hi || phase == 2 && lo
				if closing {
					return enc(3, 0), s == sum
				}
				if lo || hi || s+d > sum {
					return 0, false
				}
				return enc(phase, s+d), true
			}
			return key, !lo && !hi
		},
		accept: func(key int) bool { return key%phases == 3 },
	}
}

// xsumRule: key 0 before the first cell, 1 once the first X cells are
// summed and match, else 2 + (cells left)*(sum+1) + (sum left).
func xsumRule(sum int) rule {
	enc := func(left, need int) int {
		if left == 0 {
			return 1
		}
		return 2 + left*(sum+1) + need
	}
	return rule{
		start: 0,
		step: func(key, d int) (int, bool) {
			var left, need int
			switch key {
			case 0:
				left, need = d, sum
			case 1:
				return 1, true
			default:
				left, need = (key-2)/(sum+1), (key-2)%(sum+1)
			}
			left--
			need -= d
			if need < 0 || left == 0 && need != 0 {
				return 0, false
			}
			return enc(left, need), true
		},
		accept: func(key int) bool { return key == 1 },
	}
}

// skyscraperRule: the key is (largest digit so far)*(visible+1) + (digits
// seen so far).
func skyscraperRule(visible int) rule {
	return rule{
		start: 0,
		step: func(key, d int) (int, bool) {
			top, seen := key/(visible+1), key%(visible+1)
			if d > top {
				if seen == visible {
					return 0, false
				}
				return d*(visible+1) + seen + 1, true
			}
			return key, true
		},
		accept: func(key int) bool { return key%(visible+1) == visible },
	}
}

// automaton builds the states of r reachable along cells and adds its
// propagator.
func (b *builder) automaton(cells []int, r rule) error {
	n := b.s.n
	index := map[int]int{r.start: 0}
	keys := []int{r.start}
	var trans []int32
	for i := 0; i < len(keys); i++ {
		for d := 1; d <= n; d++ {
			next, ok := r.step(keys[i], d)
			if !ok {
				trans = append(trans, -1)
				continue
			}
			j, seen := index[next]
			if !seen {
				if len(keys) == maxStates {
					return fmt.Errorf("clue needs more than %d states: %w", maxStates, ErrModel)
				}
				j = len(keys)
				index[next] = j
				keys = append(keys, next)
			}
			trans = append(trans, int32(j))
		}
	}
	ns := len(keys)
	words := (ns + 63) / 64
	p := &autoProp{cells: toInt32(cells), n: n, trans: trans, words: words,
		accept: make([]uint64, words)}
	for j, k := range keys {
		if r.accept(k) {
			p.accept[j>>6] |= 1 << uint(j&63)
		}
	}
	p.f = make([][]uint64, len(cells)+1)
	p.b = make([][]uint64, len(cells)+1)
	for i := range p.f {
		p.f[i] = make([]uint64, words)
		p.b[i] = make([]uint64, words)
	}
	b.prop(p, cells)
	return nil
}

// autoProp is exact on its line: forward, the states reachable from the
// start; backward, those from which an accepting state is reachable; a
// digit stays in a cell when it links the two.
type autoProp struct {
	cells  []int32
	n      int
	trans  []int32 // state*n + d-1 -> next state, -1 for none
	words  int
	accept []uint64
	f, b   [][]uint64
}

func (p *autoProp) idempotent() bool { return true }

func (p *autoProp) propagate(s *Solver) bool {
	k := len(p.cells)
	clear(p.f[0])
	p.f[0][0] = 1
	for i, c := range p.cells {
		cur, next := p.f[i], p.f[i+1]
		clear(next)
		m := s.cand[c]
		for w, word := range cur {
			for ; word != 0; word &= word - 1 {
				st := w<<6 | bits.TrailingZeros64(word)
				row := p.trans[st*p.n : st*p.n+p.n]
				for x := m; x != 0; x &= x - 1 {
					if t := row[bits.TrailingZeros32(x)]; t >= 0 {
						next[t>>6] |= 1 << uint(t&63)
					}
				}
			}
		}
	}
	copy(p.b[k], p.f[k])
	if !andInto(p.b[k], p.accept) {
		return false
	}
	for i := k - 1; i >= 0; i-- {
		c := p.cells[i]
		cur, later, dst := p.f[i], p.b[i+1], p.b[i]
		clear(dst)
		m := s.cand[c]
		var keep uint32
		for w, word := range cur {
			for ; word != 0; word &= word - 1 {
				bit := bits.TrailingZeros64(word)
				st := w<<6 | bit
				row := p.trans[st*p.n : st*p.n+p.n]
				for x := m; x != 0; x &= x - 1 {
					d := bits.TrailingZeros32(x)
					if t := row[d]; t >= 0 && later[t>>6]&(1<<uint(t&63)) != 0 {
						keep |= 1 << d
						dst[w] |= 1 << uint(bit)
					}
				}
			}
		}
		if !s.narrow(c, m&keep) {
			return false
		}
	}
	return true
}
