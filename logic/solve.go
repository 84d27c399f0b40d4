package logic

import (
	"math/bits"
)

// solveCount counts the solutions of b (up to limit) by depth-first search
// with naked and hidden singles propagation, branching on the cell with the
// fewest candidates. The first solution found is stored in sol when not
// nil. b is not changed.
func solveCount(b *board, limit int, sol []uint8) int {
	w := b.clone()
	return dfsCount(w, limit, sol, 0)
}

func dfsCount(b *board, limit int, sol []uint8, found int) int {
	if !propagate(b) {
		return found
	}
	best, bestN := -1, 99
	for c, m := range b.cand {
		if b.val[c] == 0 {
			if k := bits.OnesCount32(m); k < bestN {
				best, bestN = c, k
				if k == 2 {
					break
				}
			}
		}
	}
	if best < 0 {
		if found == 0 && sol != nil {
			copy(sol, b.val)
		}
		return found + 1
	}
	m := b.cand[best]
	saveVal := append([]uint8(nil), b.val...)
	saveCand := append([]uint32(nil), b.cand...)
	saveEmpty := b.empty
	for m != 0 {
		d := bits.TrailingZeros32(m)
		m &= m - 1
		b.place(best, d)
		found = dfsCount(b, limit, sol, found)
		if found >= limit {
			return found
		}
		copy(b.val, saveVal)
		copy(b.cand, saveCand)
		b.empty = saveEmpty
	}
	return found
}

// propagate applies naked and hidden singles until none is left. It
// reports false on a contradiction.
func propagate(b *board) bool {
	g := b.g
	for {
		changed := false
		for c, m := range b.cand {
			if b.val[c] != 0 {
				continue
			}
			if m == 0 {
				return false
			}
			if m&(m-1) == 0 {
				b.place(c, bits.TrailingZeros32(m))
				changed = true
			}
		}
		full := g.full()
		for _, hc := range g.houses {
			var ones, twos, placed uint32
			for _, c := range hc {
				m := b.cand[c]
				twos |= ones & m
				ones |= m
				placed |= 1 << b.val[c]
			}
			if (ones|placed)&full != full {
				return false
			}
			single := ones &^ twos &^ placed
			for single != 0 {
				d := bits.TrailingZeros32(single)
				single &= single - 1
				for _, c := range hc {
					if b.cand[c]&(1<<d) != 0 {
						b.place(c, d)
						changed = true
						break
					}
				}
			}
		}
		if !changed {
			return true
		}
	}
}
