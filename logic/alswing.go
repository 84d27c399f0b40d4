package logic

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
)

// Larger wings of SukakuExplainer (docs/rating.md): k cells that all see
// each other (an almost locked set: k+1 digits in k cells) and a bivalue
// cell {x,z} outside it whose digits are both in the set. If every cell of
// the set holding x sees the bivalue cell, x is "restricted": the bivalue
// cell and the set cannot both lack z, so z leaves every cell that sees
// the bivalue cell and all the set's cells holding z. If z is restricted
// too (doubly linked), x goes the same way and each other digit of the set
// leaves the cells that see all its places in the set.
//
// VWXYZ-wing (k=4): 6.2 + 0.1*(2-|3-c|), c the most candidates of a set
// cell (6.2-6.4); UVWXYZ-wing (k=5): 6.6; TUVWXYZ-wing (k=6): 7.5. Of all
// such steps the easiest is taken, then the one with most eliminations,
// then doubly linked ones, larger cells, larger sets first.

// Base ratings of the larger wings and of SE's cycles.
const (
	rVWXYZWing   = 6.2
	rUVWXYZWing  = 6.6
	rTUVWXYZWing = 7.5
	rCycle       = 6.5
)

var alsWingNames = map[int]string{4: "VWXYZ-Wing", 5: "UVWXYZ-Wing", 6: "TUVWXYZ-Wing"}

func alsWingRating(k, biggest int) float64 {
	switch k {
	case 4:
		return round1(6.2 + float64(2-int(math.Abs(float64(3-biggest))))*0.1)
	case 5:
		return 6.6
	}
	return 7.5
}

type alsWingHint struct {
	st      *Step
	elims   int
	double  bool
	biggest int
	size    int
}

// alsWing returns the easiest wing of k+1 cells (see above), or nil.
func alsWing(b *board, k int) *Step {
	g := b.g
	if !g.Plain() || g.N != 9 {
		return nil
	}
	var hints []alsWingHint
	set := make([]int, 0, k)
	// The bivalue cells, in order: the only candidates for the wing's
	// last cell.
	var bvBuf [81]int
	bivalue := bvBuf[:0]
	for c, m := range b.cand {
		if popcount(m) == 2 {
			bivalue = append(bivalue, c)
		}
	}
	if len(bivalue) == 0 {
		return nil
	}
	// seen: the cells that see every cell of the set (9x9: two words),
	// the only ones that can join it, taken in increasing order.
	var grow func(union uint64, biggest, size int, seen [2]uint64)
	grow = func(union uint64, biggest, size int, seen [2]uint64) {
		if len(set) == k {
			if popcount(union) == k+1 {
				hints = alsWingBivalue(b, set, bivalue, union, biggest, size, k, hints)
			}
			return
		}
		last := set[len(set)-1]
		for w := last >> 6; w < 2; w++ {
			free := seen[w]
			if w == last>>6 {
				free &^= (uint64(2) << (uint(last) & 63)) - 1 // cells after last
			}
			for ; free != 0; free &= free - 1 {
				c := w<<6 + bits.TrailingZeros64(free)
				m := b.cand[c]
				if popcount(m) < 2 {
					continue
				}
				u := union | m
				if popcount(u) > k+1 {
					continue
				}
				row := g.peerSet[c*g.words : (c+1)*g.words]
				set = append(set, c)
				grow(u, max(biggest, popcount(m)), size+popcount(m), [2]uint64{seen[0] & row[0], seen[1] & row[1]})
				set = set[:len(set)-1]
			}
		}
	}
	for c, m := range b.cand {
		if n := popcount(m); n < 2 || n > k+1 {
			continue
		}
		set = append(set[:0], c)
		row := g.peerSet[c*g.words : (c+1)*g.words]
		grow(m, popcount(m), popcount(m), [2]uint64{row[0], row[1]})
	}
	if len(hints) == 0 {
		return nil
	}
	sort.SliceStable(hints, func(i, j int) bool {
		a, c := hints[i], hints[j]
		if a.st.Rating != c.st.Rating {
			return a.st.Rating < c.st.Rating
		}
		if a.elims != c.elims {
			return a.elims > c.elims
		}
		if a.double != c.double {
			return a.double
		}
		if a.biggest != c.biggest {
			return a.biggest > c.biggest
		}
		return a.size > c.size
	})
	return hints[0].st
}

// alsWingBivalue adds the wings of the set with every bivalue cell (the
// list bivalue, in increasing order).
func alsWingBivalue(b *board, set, bivalue []int, union uint64, biggest, size, k int, hints []alsWingHint) []alsWingHint {
	g := b.g
	restricted := func(d, yz int) bool {
		for _, s := range set {
			if b.cand[s]&dbit(d) != 0 && !g.sees(s, yz) {
				return false
			}
		}
		return true
	}
	var setMask [2]uint64
	for _, s := range set {
		setMask[s>>6] |= 1 << (uint(s) & 63)
	}
	for _, yz := range bivalue {
		m := b.cand[yz]
		if m&union != m || slices.Contains(set, yz) {
			continue
		}
		near := false
		for _, s := range set {
			if g.sees(s, yz) {
				near = true
				break
			}
		}
		if !near {
			continue
		}
		x := lowDigit(m)
		z := lowDigit(m &^ dbit(x))
		rx, rz := restricted(x, yz), restricted(z, yz)
		if !rx && !rz {
			continue
		}
		if !rx {
			x, z = z, x
		}
		double := rx && rz
		var elim []Candidate
		// remove d from the cells that see every set cell holding d (and
		// the bivalue cell, withYZ).
		// (9x9: cell sets are two words; the digits removed are all
		// different, so no candidate comes twice.)
		remove := func(d int, withYZ bool) {
			see := [2]uint64{^uint64(0), ^uint64(0)}
			for _, s := range set {
				if b.cand[s]&dbit(d) != 0 {
					row := g.peerSet[s*2 : s*2+2]
					see[0] &= row[0]
					see[1] &= row[1]
				}
			}
			if withYZ {
				row := g.peerSet[yz*2 : yz*2+2]
				see[0] &= row[0]
				see[1] &= row[1]
			}
			see[0] &^= setMask[0]
			see[1] &^= setMask[1]
			see[yz>>6] &^= 1 << (uint(yz) & 63)
			for w := range see {
				for r := see[w]; r != 0; r &= r - 1 {
					if c := w<<6 + bits.TrailingZeros64(r); c < len(b.cand) && b.cand[c]&dbit(d) != 0 {
						elim = append(elim, Candidate{c, d})
					}
				}
			}
		}
		if double {
			for r := union &^ m; r != 0; r &= r - 1 {
				remove(lowDigit(r), false)
			}
			remove(x, true)
		}
		remove(z, true)
		if len(elim) == 0 {
			continue
		}
		cells := append(append([]int(nil), set...), yz)
		st := &Step{Technique: alsWingNames[k], Rating: alsWingRating(k, biggest), Cells: cells,
			Digits: digits(union), Eliminations: elim}
		if b.verbose {
			st.Explanation = fmt.Sprintf("%s hold %d digits in %d cells that see each other, and %s is {%s,%s} with every %s of them seeing it: if %s were not %s, %s would be, so one of them is %s: %s.",
				cellList(g, set), k+1, k, cellName(g, yz), g.digit(x), g.digit(z), g.digit(x), cellName(g, yz), g.digit(z),
				g.digit(x), g.digit(z), conclusion(g, st))
		}
		hints = append(hints, alsWingHint{st, len(elim), double, biggest, size})
	}
	return hints
}
