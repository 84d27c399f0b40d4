package logic

import "fmt"

// uniqueRect finds a unique rectangle: four cells in two rows, two columns
// and two boxes that could all hold only the same two digits a and b would
// let a and b swap, giving two solutions. Since the puzzle has one, the
// pattern must be broken (SE 4.5; type 2 4.6):
//   - type 1: three cells are exactly {a,b}: the fourth is not a nor b;
//   - type 2: the two other cells are both {a,b,x}: one of them is x, so x
//     leaves the cells that see both;
//   - type 4: the two other cells share a house where a only fits in them:
//     one of them is a, so neither is b.
//
// Only grids without extra regions are searched.
func uniqueRect(b *board) *Step {
	g := b.g
	if len(g.Houses) != 3*g.N {
		return nil
	}
	n := g.N
	var best *Step
	for r1 := 0; r1 < n; r1++ {
		for r2 := r1 + 1; r2 < n; r2++ {
			for c1 := 0; c1 < n; c1++ {
				A, C := r1*n+c1, r2*n+c1
				if b.cand[A] == 0 || b.cand[C] == 0 {
					continue
				}
				for c2 := c1 + 1; c2 < n; c2++ {
					B, D := r1*n+c2, r2*n+c2
					common := b.cand[A] & b.cand[B] & b.cand[C] & b.cand[D]
					if popcount(common) < 2 {
						continue
					}
					if !((g.Box[A] == g.Box[B] && g.Box[C] == g.Box[D] && g.Box[A] != g.Box[C]) ||
						(g.Box[A] == g.Box[C] && g.Box[B] == g.Box[D] && g.Box[A] != g.Box[B])) {
						continue
					}
					cells := [4]int{A, B, D, C} // around the rectangle
					for _, pair := range pairsOf(common) {
						if s := urTypes(b, cells, pair); s != nil && (best == nil || s.Rating < best.Rating) {
							best = s
							if best.Rating == rUniqueRect {
								return best
							}
						}
					}
				}
			}
		}
	}
	return best
}

func pairsOf(m uint64) []uint64 {
	ds := digits(m)
	var ps []uint64
	for i := range ds {
		for j := i + 1; j < len(ds); j++ {
			ps = append(ps, dbit(ds[i])|dbit(ds[j]))
		}
	}
	return ps
}

func urTypes(b *board, cells [4]int, ab uint64) *Step {
	g := b.g
	var extra []int // indices into cells with more than {a,b}
	for i, c := range cells {
		if b.cand[c] != ab {
			extra = append(extra, i)
		}
	}
	ds := digits(ab)
	all := cells[:]
	mk := func(name string, r float64, elims []Candidate, why string) *Step {
		s := &Step{Technique: name, Rating: r, Cells: append([]int(nil), all...), Digits: ds, Eliminations: elims}
		if b.verbose {
			s.Explanation = fmt.Sprintf("If %s held only %s and %s, the two digits could swap and the puzzle would have two solutions; %s: remove %s.",
				cellList(g, all), g.digit(ds[0]), g.digit(ds[1]), why, candList(g, elims))
		}
		return s
	}
	switch len(extra) {
	case 1:
		c := cells[extra[0]]
		var elims []Candidate
		for _, d := range ds {
			elims = append(elims, Candidate{c, d})
		}
		return mk("Unique Rectangle Type 1", rUniqueRect, elims, fmt.Sprintf("so %s is neither", cellName(g, c)))
	case 2:
		i, j := extra[0], extra[1]
		if (i+2)%4 == j || (j+2)%4 == i { // diagonal: types 1-4 need the extra cells side by side
			return nil
		}
		x, y := cells[i], cells[j]
		// Type 4: a locked in a house of both roof cells.
		for _, h := range g.CellHouses[x] {
			if !allIn(g, []int{y}, h) {
				continue
			}
			for k, d := range ds {
				other := ds[1-k]
				if popcount(b.positions(h, d)) == 2 {
					elims := []Candidate{{x, other}, {y, other}}
					return mk("Unique Rectangle Type 4", rUniqueRect, elims,
						fmt.Sprintf("in %s the %s must go in %s or %s, so neither can be %s", houseName(g, h), g.digit(d), cellName(g, x), cellName(g, y), g.digit(other)))
				}
			}
		}
		// Type 2: both roof cells are {a,b,x}.
		if b.cand[x] == b.cand[y] && popcount(b.cand[x]) == 3 {
			z := b.cand[x] &^ ab
			zd := lowDigit(z)
			var elims []Candidate
			for _, e := range g.Peers[x] {
				if e != y && b.cand[e]&z != 0 && g.sees(e, y) {
					elims = append(elims, Candidate{e, zd})
				}
			}
			if len(elims) > 0 {
				return mk("Unique Rectangle Type 2", rUniqueRect+0.1, elims,
					fmt.Sprintf("so one of %s and %s is %s", cellName(g, x), cellName(g, y), g.digit(zd)))
			}
		}
	}
	return nil
}

// bug finds a BUG+1: every empty cell has two candidates except one with
// three, and every digit appears twice in each house except one digit
// three times around that cell. Were that digit removed the grid would be
// a "bivalue universal grave" with two solutions, so the cell holds it (SE
// 5.6).
func bug(b *board) *Step {
	g := b.g
	tri := -1
	for c, m := range b.cand {
		switch popcount(m) {
		case 0, 2:
		case 3:
			if tri >= 0 {
				return nil
			}
			tri = c
		default:
			return nil
		}
	}
	if tri < 0 {
		return nil
	}
	want := -1
	for h, hc := range g.Houses {
		in := contains(hc, tri)
		for d := 1; d <= g.N; d++ {
			k := popcount(b.positions(h, d))
			switch {
			case k == 0 || k == 2:
			case k == 3 && in && b.cand[tri]&dbit(d) != 0 && (want < 0 || want == d):
				want = d
			default:
				return nil
			}
		}
	}
	if want < 0 {
		return nil
	}
	s := &Step{Technique: "BUG+1", Rating: rBUG, Cells: []int{tri}, Digits: []int{want}, Placements: []Placement{{tri, want}}}
	if b.verbose {
		s.Explanation = fmt.Sprintf("Every empty cell but %s has two candidates and each digit appears twice per house except %s around %s; without %s the grid would have two solutions, so %s is %s.",
			cellName(g, tri), g.digit(want), cellName(g, tri), g.digit(want), cellName(g, tri), g.digit(want))
	}
	return s
}
