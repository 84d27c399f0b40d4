package generate

import (
	"fmt"

	"github.com/dlxkit/dlx/sudoku"
)

// maxSide is the largest side the package's own search handles: candidate
// sets are 64-bit masks.
const maxSide = 64

// geom is the constraint structure of a shape and variant: the units
// (rows, columns, boxes or jigsaw regions, extra regions) that must each
// hold every digit once, and the units of every cell.
type geom struct {
	n, ncell  int
	full      uint64 // digits 1..n as bits 0..n-1
	units     [][]int
	cellUnits [][]int
	peers     [][]int // cells sharing a unit with each cell, without itself
}

// newGeom builds the geometry of shape s with variant v (nil: standard).
func newGeom(s sudoku.Shape, v *sudoku.Variant) (*geom, error) {
	if s.BoxRows == 0 && s.BoxCols == 0 {
		s = sudoku.Standard
	}
	if s.BoxRows <= 0 || s.BoxCols <= 0 {
		return nil, fmt.Errorf("generate: bad shape %dx%d", s.BoxRows, s.BoxCols)
	}
	n := s.BoxRows * s.BoxCols
	if n < 1 || n > maxSide {
		return nil, fmt.Errorf("generate: side %d out of range 1..%d", n, maxSide)
	}
	g := &geom{n: n, ncell: n * n}
	if n == 64 {
		g.full = ^uint64(0)
	} else {
		g.full = 1<<uint(n) - 1
	}
	for r := 0; r < n; r++ {
		u := make([]int, n)
		for c := range u {
			u[c] = r*n + c
		}
		g.units = append(g.units, u)
	}
	for c := 0; c < n; c++ {
		u := make([]int, n)
		for r := range u {
			u[r] = r*n + c
		}
		g.units = append(g.units, u)
	}
	if v != nil && v.Boxes != nil {
		for _, b := range v.Boxes {
			g.units = append(g.units, append([]int(nil), b...))
		}
	} else {
		for br := 0; br < s.BoxCols; br++ { // s.BoxCols bands of BoxRows rows
			for bc := 0; bc < s.BoxRows; bc++ {
				u := make([]int, 0, n)
				for r := 0; r < s.BoxRows; r++ {
					for c := 0; c < s.BoxCols; c++ {
						u = append(u, (br*s.BoxRows+r)*n+bc*s.BoxCols+c)
					}
				}
				g.units = append(g.units, u)
			}
		}
	}
	if v != nil {
		for _, e := range v.Extra {
			g.units = append(g.units, append([]int(nil), e...))
		}
	}
	g.cellUnits = make([][]int, g.ncell)
	for ui, u := range g.units {
		if len(u) != n {
			return nil, fmt.Errorf("generate: region %d has %d cells, want %d", ui, len(u), n)
		}
		for _, c := range u {
			if c < 0 || c >= g.ncell {
				return nil, fmt.Errorf("generate: region %d names cell %d outside the grid", ui, c)
			}
			for _, x := range g.cellUnits[c] {
				if x == ui {
					return nil, fmt.Errorf("generate: region %d repeats cell %d", ui, c)
				}
			}
			g.cellUnits[c] = append(g.cellUnits[c], ui)
		}
	}
	g.peers = make([][]int, g.ncell)
	seen := make([]int, g.ncell)
	for c := range seen {
		seen[c] = -1
	}
	for c := 0; c < g.ncell; c++ {
		seen[c] = c
		for _, ui := range g.cellUnits[c] {
			for _, p := range g.units[ui] {
				if seen[p] != c {
					seen[p] = c
					g.peers[c] = append(g.peers[c], p)
				}
			}
		}
	}
	return g, nil
}

// forced reports whether digit d is forced at the blank cell c of p by the
// givens alone: every other digit appears among c's peers (naked single),
// or in some unit of c every other blank cell sees a d (hidden single).
// Then p, if p with c = d has a unique solution, still has it.
func (g *geom) forced(p []uint8, c int, d uint8) bool {
	var seen uint64
	for _, q := range g.peers[c] {
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
	for _, u := range g.cellUnits[c] {
		ok := true
		for _, e := range g.units[u] {
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
	for _, q := range g.peers[c] {
		if p[q] == d {
			return true
		}
	}
	return false
}
