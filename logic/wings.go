package logic

import "fmt"

// xyWing finds a pivot cell {x,y} seeing two pincers {x,z} and {y,z}:
// whichever the pivot is, one pincer is z, so z leaves every cell that sees
// both pincers (SE 4.2). With xyz, the pivot is {x,y,z} and z leaves the
// cells that see all three (XYZ-wing, SE 4.4).
func xyWing(b *board, xyz bool) *Step {
	g := b.g
	want := 2
	if xyz {
		want = 3
	}
	for p, pm := range b.cand {
		if popcount(pm) != want {
			continue
		}
		peers := g.Peers[p]
		for i, a := range peers {
			am := b.cand[a]
			if popcount(am) != 2 || am&pm == 0 || (!xyz && am == pm) || (xyz && am&pm != am) {
				continue
			}
			for _, c := range peers[i+1:] {
				cm := b.cand[c]
				if popcount(cm) != 2 || cm == am || (xyz && cm&pm != cm) {
					continue
				}
				var z uint64
				if xyz {
					if am|cm != pm {
						continue
					}
					z = am & cm
				} else {
					if cm&pm == 0 || am&cm == 0 || (am|cm)&^pm == 0 {
						continue
					}
					// pivot {x,y}, a {x,z}, c {y,z}
					z = am & cm
					if z&pm != 0 || am&pm == cm&pm {
						continue
					}
				}
				if popcount(z) != 1 {
					continue
				}
				zd := lowDigit(z)
				var elims []Candidate
				for _, e := range g.Peers[a] {
					if e == c || e == p || b.cand[e]&z == 0 || !g.sees(e, c) || (xyz && !g.sees(e, p)) {
						continue
					}
					elims = append(elims, Candidate{e, zd})
				}
				if len(elims) == 0 {
					continue
				}
				name, r := "XY-Wing", rXYWing
				if xyz {
					name, r = "XYZ-Wing", rXYZWing
				}
				s := &Step{Technique: name, Rating: r, Cells: []int{p, a, c}, Digits: digits(pm | am | cm), Eliminations: elims}
				if b.verbose {
					if xyz {
						s.Explanation = fmt.Sprintf("%s holds %s and sees %s (%s) and %s (%s): whatever %s is, one of the three cells is %s, so %s leaves %s, which sees all three.",
							cellName(g, p), digitList(g, digits(pm)), cellName(g, a), digitList(g, digits(am)), cellName(g, c), digitList(g, digits(cm)), cellName(g, p), g.digit(zd), g.digit(zd), cellList(g, elimCells(elims)))
					} else {
						s.Explanation = fmt.Sprintf("%s holds %s and sees %s (%s) and %s (%s): whatever %s is, one of those two cells is %s, so %s leaves %s, which sees both.",
							cellName(g, p), digitList(g, digits(pm)), cellName(g, a), digitList(g, digits(am)), cellName(g, c), digitList(g, digits(cm)), cellName(g, p), g.digit(zd), g.digit(zd), cellList(g, elimCells(elims)))
					}
				}
				return s
			}
		}
	}
	return nil
}
