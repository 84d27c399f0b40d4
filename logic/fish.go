package logic

import (
	"fmt"
	"math/bits"

	"github.com/dlxkit/dlx/sudoku"
)

var fishNames = [...]string{2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

// fish finds k rows (or columns) where a digit's places all lie in the same
// k columns (rows): the digit leaves those columns elsewhere. SE: X-wing
// 3.2, swordfish 3.8, jellyfish 5.2.
func fish(b *board, k int) *Step {
	g := b.g
	n := g.N
	var lines [sudoku.MaxN]int
	var pos [sudoku.MaxN]uint64
	var idx [8]int
	// As SE: columns as the base lines first, then rows; line
	// combinations (colexicographic) outside, digits inside; only digits
	// placed at most N-2k times.
	var placed [sudoku.MaxN + 1]int
	for _, v := range b.val {
		if v != 0 {
			placed[v]++
		}
	}
	for orient := 0; orient < 2; orient++ {
		base, cover := n, 0 // columns, then rows
		if orient == 1 {
			base, cover = 0, n
		}
		// all[l*n+d-1]: positions of d in line l.
		var abuf [81]uint64
		var all []uint64
		if n*n <= len(abuf) {
			all = abuf[:n*n]
		} else {
			all = make([]uint64, n*n)
		}
		for l := 0; l < n; l++ {
			for i, c := range g.Houses[base+l] {
				for m := b.cand[c]; m != 0; m &= m - 1 {
					all[l*n+bits.TrailingZeros64(m)] |= 1 << i
				}
			}
		}
		var found *Step
		combosColex(n, k, idx[:], func(lx []int) bool {
			for d := 1; d <= n; d++ {
				if placed[d]+2*k > n {
					continue
				}
				bit := dbit(d)
				nl := 0
				ok := true
				for _, l := range lx {
					p := all[l*n+d-1]
					if c := bits.OnesCount64(p); c < 2 || c > k {
						ok = false
						break
					}
					lines[nl] = l
					pos[nl] = p
					nl++
				}
				if !ok {
					continue
				}
				if st := fishStep(b, k, d, bit, base, cover, lines[:nl], pos[:nl]); st != nil {
					found = st
					return true
				}
			}
			return false
		})
		if found != nil {
			return found
		}
	}
	return nil
}

// fishStep builds the fish on digit d in the given base lines (with the
// digit's positions in each), or nil when the positions do not fit in k
// cover lines or nothing is removed.
func fishStep(b *board, k, d int, bit uint64, base, cover int, lines []int, pos []uint64) *Step {
	g := b.g
	var u, baseSet uint64
	for i := range lines {
		u |= pos[i]
		baseSet |= 1 << lines[i]
	}
	if bits.OnesCount64(u) != k {
		return nil
	}
	var elims []Candidate
	var cells []int
	for _, cl := range indices(u) {
		for l, c := range g.Houses[cover+cl] {
			if b.cand[c]&bit == 0 {
				continue
			}
			if baseSet&(1<<l) != 0 {
				cells = append(cells, c)
			} else {
				elims = append(elims, Candidate{c, d})
			}
		}
	}
	if len(elims) == 0 {
		return nil
	}
	r := [...]float64{2: rXWing, 3: rSwordfish, 4: rJellyfish}[k]
	st := &Step{Technique: fishNames[k], Rating: r, Cells: cells, Digits: []int{d}, Eliminations: elims}
	if b.verbose {
		var bl, cl []string
		for _, l := range lines {
			bl = append(bl, houseName(g, base+l))
		}
		for _, ci := range indices(u) {
			cl = append(cl, houseName(g, cover+ci))
		}
		st.Explanation = fmt.Sprintf("In %s the %s can only go in %s, so the %s of those %d lines fill %s: no other cell there can be %s; remove it from %s.",
			joinAnd(bl), g.digit(d), joinAnd(cl), g.digit(d), k, joinAnd(cl), g.digit(d), cellList(g, elimCells(elims)))
	}
	return st
}
