package sudoku

import (
	"fmt"
	"sync"
)

// HouseKind tells what a house of a Geometry is.
type HouseKind uint8

// The kinds of houses.
const (
	RowHouse HouseKind = iota
	ColumnHouse
	BoxHouse   // a box of the shape, or a jigsaw region replacing it
	ExtraHouse // an extra region of the variant (diagonal, hyper, ...)
)

// Geometry is the validated structure of a shape with a variant: its
// houses (rows, columns, boxes or jigsaw regions, extra regions), the
// houses of each cell and the peers of each cell. NewGeometry checks the
// shape and the variant once; everything that solves, rates or generates
// works from a Geometry. It is read-only after construction and may be
// shared between goroutines.
type Geometry struct {
	Shape Shape // normalised: never the zero Shape
	N     int   // side: digits, rows, columns
	Cells int   // N²
	// Houses lists the cells of every house: rows 0..N-1, columns
	// N..2N-1, boxes (or jigsaw regions) 2N..3N-1 with boxes in row-major
	// order of their top-left cells, then the extra regions in the
	// variant's order. Cells are listed in row-major order within rows,
	// columns and boxes, in the variant's order within regions.
	Houses [][]int
	// Kinds gives the kind of each house.
	Kinds []HouseKind
	// CellHouses lists the houses of each cell: its box first, then its
	// row, its column and its extra regions in house order.
	CellHouses [][]int
	// Row, Col and Box give the house index of each cell's row, column
	// and box (Box is 2N plus the box number).
	Row, Col, Box []int
	// Peers lists the cells that share a house with each cell, without
	// the cell itself, each once: the cells of its box, then of its row,
	// column and extra regions not listed before, each house in order.
	Peers [][]int

	variant bool // jigsaw boxes or extra regions
}

// standardGeoms caches the geometries of shapes without a variant: one
// per shape, and only for shapes whose cells number at most
// maxCachedCells, so that the cache stays bounded (a few megabytes)
// whatever the requests. Variant geometries are built each time.
var standardGeoms sync.Map // Shape -> *Geometry

// maxCachedCells bounds the geometries kept in standardGeoms: up to 36x36
// grids. Larger grids are built on each call (a 64x64 geometry takes a
// few milliseconds, nothing next to solving it).
const maxCachedCells = 36 * 36

// NewGeometry returns the geometry of shape s (the zero Shape is 9x9)
// with variant v (nil: standard rules). It fails with an error wrapping
// ErrShape for a shape outside 1..MaxN, and ErrVariant for a variant that
// does not fit the shape (regions of the wrong size, cells outside the
// grid or repeated, jigsaw regions that do not partition the grid).
// Geometries of shapes without a variant constraint are cached.
func NewGeometry(s Shape, v *Variant) (*Geometry, error) {
	s = s.norm()
	if s.BoxRows < 1 || s.BoxCols < 1 {
		return nil, fmt.Errorf("box shape %dx%d: %w", s.BoxRows, s.BoxCols, ErrShape)
	}
	n := s.N()
	if n > MaxN {
		return nil, fmt.Errorf("side %d over the limit of %d: %w", n, MaxN, ErrShape)
	}
	plain := v == nil || (v.Boxes == nil && len(v.Extra) == 0)
	if plain {
		if g, ok := standardGeoms.Load(s); ok {
			return g.(*Geometry), nil
		}
	}
	g, err := buildGeometry(s, v)
	if err != nil {
		return nil, err
	}
	if plain && g.Cells <= maxCachedCells {
		actual, _ := standardGeoms.LoadOrStore(s, g)
		g = actual.(*Geometry)
	}
	return g, nil
}

func buildGeometry(s Shape, v *Variant) (*Geometry, error) {
	n := s.N()
	nc := n * n
	g := &Geometry{Shape: s, N: n, Cells: nc}
	var boxes, extra [][]int
	if v != nil {
		boxes, extra = v.Boxes, v.Extra
	}
	g.variant = boxes != nil || len(extra) > 0
	// Validate the variant before allocating anything in proportion to it.
	if boxes != nil {
		if len(boxes) != n {
			return nil, fmt.Errorf("%d boxes, want %d: %w", len(boxes), n, ErrVariant)
		}
		seen := make([]bool, nc)
		for i, b := range boxes {
			if err := checkRegion(b, n); err != nil {
				return nil, fmt.Errorf("box %d: %w", i+1, err)
			}
			for _, c := range b {
				if seen[c] {
					return nil, fmt.Errorf("box %d: cell %s already in another box: %w", i+1, CellName(c, n), ErrVariant)
				}
				seen[c] = true
			}
		}
	}
	for i, e := range extra {
		if err := checkRegion(e, n); err != nil {
			return nil, fmt.Errorf("extra region %d: %w", i+1, err)
		}
	}
	nh := 3*n + len(extra)
	g.Houses = make([][]int, 0, nh)
	g.Kinds = make([]HouseKind, 0, nh)
	// One backing array for the rows, columns and boxes.
	flat := make([]int, 0, 3*nc+len(extra)*n)
	add := func(k HouseKind, cells []int) {
		start := len(flat)
		flat = append(flat, cells...)
		g.Houses = append(g.Houses, flat[start:len(flat):len(flat)])
		g.Kinds = append(g.Kinds, k)
	}
	line := make([]int, n)
	for r := range n {
		for c := range n {
			line[c] = r*n + c
		}
		add(RowHouse, line)
	}
	for c := range n {
		for r := range n {
			line[r] = r*n + c
		}
		add(ColumnHouse, line)
	}
	if boxes == nil {
		for br := 0; br < n; br += s.BoxRows {
			for bc := 0; bc < n; bc += s.BoxCols {
				line = line[:0]
				for r := br; r < br+s.BoxRows; r++ {
					for c := bc; c < bc+s.BoxCols; c++ {
						line = append(line, r*n+c)
					}
				}
				add(BoxHouse, line)
			}
		}
	} else {
		for _, b := range boxes {
			add(BoxHouse, b)
		}
	}
	for _, e := range extra {
		add(ExtraHouse, e)
	}
	g.Row, g.Col, g.Box = make([]int, nc), make([]int, nc), make([]int, nc)
	nx := make([]int, nc) // extra regions of each cell
	for h, cells := range g.Houses {
		for _, c := range cells {
			switch g.Kinds[h] {
			case RowHouse:
				g.Row[c] = h
			case ColumnHouse:
				g.Col[c] = h
			case BoxHouse:
				g.Box[c] = h
			default:
				nx[c]++
			}
		}
	}
	g.CellHouses = make([][]int, nc)
	chFlat := make([]int, 3*nc+len(extra)*n)
	at := 0
	for c := range nc {
		hs := chFlat[at : at+3 : at+3+nx[c]]
		hs[0], hs[1], hs[2] = g.Box[c], g.Row[c], g.Col[c]
		g.CellHouses[c] = hs
		at += 3 + nx[c]
	}
	for h := 3 * n; h < len(g.Houses); h++ {
		for _, c := range g.Houses[h] {
			g.CellHouses[c] = append(g.CellHouses[c], h)
		}
	}
	g.Peers = make([][]int, nc)
	mark := make([]int, nc)
	for c := range mark {
		mark[c] = -1
	}
	// A cell has at most 3(N-1) peers without extra regions.
	peerFlat := make([]int, 0, nc*(3*n-2-s.BoxRows-s.BoxCols+1))
	for a := range nc {
		mark[a] = a
		start := len(peerFlat)
		for _, h := range g.CellHouses[a] {
			for _, b := range g.Houses[h] {
				if mark[b] != a {
					mark[b] = a
					peerFlat = append(peerFlat, b)
				}
			}
		}
		g.Peers[a] = peerFlat[start:len(peerFlat):len(peerFlat)]
	}
	return g, nil
}

// Plain reports whether g has no variant constraint: the shape's own
// boxes and no extra region.
func (g *Geometry) Plain() bool { return !g.variant }

// Digits returns the mask of every digit 1..N, digit d as bit d-1: the
// candidates of an empty cell, in the digit masks of the solvers.
func (g *Geometry) Digits() uint64 { return ^uint64(0) >> (64 - uint(g.N)) }
