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
	for d := 1; d <= n; d++ {
		bit := dbit(d)
		for orient := 0; orient < 2; orient++ {
			base, cover := 0, n // rows, then columns
			if orient == 1 {
				base, cover = n, 0
			}
			nl := 0
			for l := 0; l < n; l++ {
				p := b.positions(base+l, d)
				if c := bits.OnesCount64(p); c >= 2 && c <= k {
					lines[nl] = l
					pos[nl] = p
					nl++
				}
			}
			if nl < k {
				continue
			}
			var found *Step
			combos(nl, k, idx[:], func(ix []int) bool {
				var u uint64
				var baseSet uint64
				for _, i := range ix {
					u |= pos[i]
					baseSet |= 1 << lines[i]
				}
				if bits.OnesCount64(u) != k {
					return false
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
					return false
				}
				r := [...]float64{2: rXWing, 3: rSwordfish, 4: rJellyfish}[k]
				found = &Step{Technique: fishNames[k], Rating: r, Cells: cells, Digits: []int{d}, Eliminations: elims}
				if b.verbose {
					var bl, cl []string
					for _, i := range ix {
						bl = append(bl, houseName(g, base+lines[i]))
					}
					for _, ci := range indices(u) {
						cl = append(cl, houseName(g, cover+ci))
					}
					found.Explanation = fmt.Sprintf("In %s the %s can only go in %s, so the %s of those %d lines fill %s: no other cell there can be %s; remove it from %s.",
						joinAnd(bl), g.digit(d), joinAnd(cl), g.digit(d), k, joinAnd(cl), g.digit(d), cellList(g, elimCells(elims)))
				}
				return true
			})
			if found != nil {
				return found
			}
		}
	}
	return nil
}
