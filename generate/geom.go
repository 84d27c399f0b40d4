package generate

import (
	"fmt"

	"github.com/dlxkit/dlx/sudoku"
)

// geom is the generator's view of a sudoku.Geometry: the geometry and the
// mask of all digits (digit d as bit d-1).
type geom struct {
	*sudoku.Geometry
	full uint64
	// fast: the grids the fast solver takes (sudoku.AutoMethod picks it),
	// so digging checks uniqueness with it.
	fast bool
}

// newGeom returns the geometry of shape s with variant v (nil: standard).
// Its errors wrap sudoku.ErrShape or sudoku.ErrVariant.
func newGeom(s sudoku.Shape, v *sudoku.Variant) (*geom, error) {
	if v.Constrained() {
		return nil, fmt.Errorf("classic generation knows region variants only (a variant with constraints makes puzzles that keep them): %w", sudoku.ErrVariant)
	}
	sg, err := sudoku.NewGeometry(s, v)
	if err != nil {
		return nil, err
	}
	return &geom{Geometry: sg, full: sg.Digits(), fast: sudoku.AutoMethod(s, v, 0) == sudoku.Fast}, nil
}

// forced reports whether digit d is forced at the blank cell c of p by the
// givens alone: every other digit appears among c's peers (naked single),
// or in some house of c every other blank cell sees a d (hidden single).
// Then p, if p with c = d has a unique solution, still has it.
func (g *geom) forced(p []uint8, c int, d uint8) bool {
	var seen uint64
	for _, q := range g.Peers[c] {
		if v := p[q]; v != 0 {
			seen |= 1 << (v - 1)
		}
	}
	b := uint64(1) << (d - 1)
	if seen&b != 0 {
		return false // d itself is excluded: p is not consistent with d at c
	}
	if seen|b == g.full {
		return true
	}
	for _, u := range g.CellHouses[c] {
		ok := true
		for _, e := range g.Houses[u] {
			if e == c || p[e] != 0 {
				continue
			}
			if !g.sees(p, e, d) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// sees reports whether a peer of cell c holds digit d in p.
func (g *geom) sees(p []uint8, c int, d uint8) bool {
	for _, q := range g.Peers[c] {
		if p[q] == d {
			return true
		}
	}
	return false
}
