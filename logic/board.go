package logic

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/dlxkit/dlx/sudoku"
)

// houseKind tells what a house is, for ratings and explanations.
type houseKind uint8

const (
	kindRow houseKind = iota
	kindCol
	kindBox
	kindExtra
)

// geom is the precomputed geometry of a shape and variant: houses, the
// houses of each cell and the peers of each cell. It is read-only and
// shared between goroutines.
type geom struct {
	n, nc  int
	houses [][]int // rows 0..n-1, columns n..2n-1, boxes 2n..3n-1, then extra regions
	kind   []houseKind
	// cellHouses lists the houses of each cell, boxes first, then rows,
	// columns and extra regions.
	cellHouses [][]int
	peers      [][]int
	peerSet    []uint64 // nc*words bitset: peerSet[a*words+b/64] bit b%64 when a and b see each other
	words      int
	row, col   []int
	box        []int
	standard9  bool
}

func (g *geom) sees(a, b int) bool {
	return g.peerSet[a*g.words+b>>6]&(1<<(uint(b)&63)) != 0
}

var geomCache sync.Map // key string -> *geom

func geomKey(s sudoku.Shape, v *sudoku.Variant) string {
	if v == nil || (v.Boxes == nil && len(v.Extra) == 0) {
		return fmt.Sprintf("%dx%d", s.BoxRows, s.BoxCols)
	}
	return fmt.Sprintf("%dx%d/%v/%v", s.BoxRows, s.BoxCols, v.Boxes, v.Extra)
}

// geomOf returns the geometry of g's shape and variant, building it once.
func geomOf(gr *sudoku.Grid) (*geom, error) {
	s := gr.Shape
	if s.BoxRows == 0 && s.BoxCols == 0 {
		s = sudoku.Standard
	}
	n := s.BoxRows * s.BoxCols
	if s.BoxRows <= 0 || s.BoxCols <= 0 || n > 31 {
		return nil, fmt.Errorf("logic: %w: %dx%d boxes (sides up to 31)", ErrShape, s.BoxRows, s.BoxCols)
	}
	if len(gr.Cells) != n*n {
		return nil, fmt.Errorf("logic: grid has %d cells, want %d", len(gr.Cells), n*n)
	}
	key := geomKey(s, gr.Variant)
	if g, ok := geomCache.Load(key); ok {
		return g.(*geom), nil
	}
	g, err := buildGeom(s, gr.Variant)
	if err != nil {
		return nil, err
	}
	actual, _ := geomCache.LoadOrStore(key, g)
	return actual.(*geom), nil
}

func buildGeom(s sudoku.Shape, v *sudoku.Variant) (*geom, error) {
	n := s.BoxRows * s.BoxCols
	nc := n * n
	g := &geom{n: n, nc: nc, row: make([]int, nc), col: make([]int, nc), box: make([]int, nc)}
	for r := 0; r < n; r++ {
		h := make([]int, n)
		for c := range n {
			h[c] = r*n + c
		}
		g.houses = append(g.houses, h)
		g.kind = append(g.kind, kindRow)
	}
	for c := 0; c < n; c++ {
		h := make([]int, n)
		for r := range n {
			h[r] = r*n + c
		}
		g.houses = append(g.houses, h)
		g.kind = append(g.kind, kindCol)
	}
	if v != nil && v.Boxes != nil {
		if len(v.Boxes) != n {
			return nil, fmt.Errorf("logic: variant has %d boxes, want %d", len(v.Boxes), n)
		}
		seen := make([]bool, nc)
		for _, b := range v.Boxes {
			if len(b) != n {
				return nil, fmt.Errorf("logic: variant box has %d cells, want %d", len(b), n)
			}
			for _, c := range b {
				if c < 0 || c >= nc || seen[c] {
					return nil, fmt.Errorf("logic: variant boxes do not partition the grid (cell %d)", c)
				}
				seen[c] = true
			}
			g.houses = append(g.houses, append([]int(nil), b...))
			g.kind = append(g.kind, kindBox)
		}
	} else {
		for br := 0; br < s.BoxCols; br++ { // n/BoxRows = BoxCols bands
			for bc := 0; bc < s.BoxRows; bc++ {
				var h []int
				for r := 0; r < s.BoxRows; r++ {
					for c := 0; c < s.BoxCols; c++ {
						h = append(h, (br*s.BoxRows+r)*n+bc*s.BoxCols+c)
					}
				}
				g.houses = append(g.houses, h)
				g.kind = append(g.kind, kindBox)
			}
		}
	}
	if v != nil {
		for _, e := range v.Extra {
			if len(e) != n {
				return nil, fmt.Errorf("logic: extra region has %d cells, want %d", len(e), n)
			}
			for _, c := range e {
				if c < 0 || c >= nc {
					return nil, fmt.Errorf("logic: extra region cell %d out of range", c)
				}
			}
			g.houses = append(g.houses, append([]int(nil), e...))
			g.kind = append(g.kind, kindExtra)
		}
	}
	g.cellHouses = make([][]int, nc)
	for _, k := range []houseKind{kindBox, kindRow, kindCol, kindExtra} {
		for h, cells := range g.houses {
			if g.kind[h] != k {
				continue
			}
			for _, c := range cells {
				g.cellHouses[c] = append(g.cellHouses[c], h)
				switch k {
				case kindRow:
					g.row[c] = h
				case kindCol:
					g.col[c] = h
				case kindBox:
					g.box[c] = h
				}
			}
		}
	}
	g.words = (nc + 63) / 64
	g.peerSet = make([]uint64, nc*g.words)
	g.peers = make([][]int, nc)
	for a := 0; a < nc; a++ {
		for _, h := range g.cellHouses[a] {
			for _, b := range g.houses[h] {
				if b != a && !g.sees(a, b) {
					g.peerSet[a*g.words+b>>6] |= 1 << (uint(b) & 63)
					g.peers[a] = append(g.peers[a], b)
				}
			}
		}
	}
	g.standard9 = n == 9 && (v == nil || (v.Boxes == nil && len(v.Extra) == 0))
	return g, nil
}

// board is the solving state: placed digits and the candidates of every
// empty cell as a bitmask (bit d for digit d).
type board struct {
	g       *geom
	val     []uint8
	cand    []uint32
	empty   int
	verbose bool // build explanations
}

func (g *geom) full() uint32 { return uint32(1)<<(g.n+1) - 2 }

// newBoard builds a board from the grid's digits. It reports an error when
// two givens clash.
func newBoard(g *geom, cells []uint8) (*board, error) {
	b := &board{g: g, val: make([]uint8, g.nc), cand: make([]uint32, g.nc)}
	full := g.full()
	for c := range b.cand {
		b.cand[c] = full
	}
	b.empty = g.nc
	for c, d := range cells {
		if d == 0 {
			continue
		}
		if int(d) > g.n {
			return nil, fmt.Errorf("logic: cell %s holds %d, more than %d", cellName(g, c), d, g.n)
		}
		if b.cand[c]&(1<<d) == 0 {
			return nil, fmt.Errorf("logic: %w: %d at %s clashes with a peer", ErrInvalid, d, cellName(g, c))
		}
		b.place(c, int(d))
	}
	return b, nil
}

func (b *board) clone() *board {
	c := *b
	c.val = append([]uint8(nil), b.val...)
	c.cand = append([]uint32(nil), b.cand...)
	return &c
}

func (b *board) copyFrom(o *board) {
	copy(b.val, o.val)
	copy(b.cand, o.cand)
	b.empty = o.empty
}

// place puts d in cell c and removes d from the candidates of its peers.
func (b *board) place(c, d int) {
	b.val[c] = uint8(d)
	b.cand[c] = 0
	b.empty--
	m := ^(uint32(1) << d)
	for _, p := range b.g.peers[c] {
		b.cand[p] &= m
	}
}

// positions returns the cells of house h where d is a candidate, as a bit
// mask over the house's indices.
func (b *board) positions(h, d int) uint32 {
	var m uint32
	bit := uint32(1) << d
	for i, c := range b.g.houses[h] {
		if b.cand[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

// placedIn returns the digits already placed in house h.
func (b *board) placedIn(h int) uint32 {
	var m uint32
	for _, c := range b.g.houses[h] {
		if v := b.val[c]; v != 0 {
			m |= 1 << v
		}
	}
	return m
}

// broken reports whether some empty cell has no candidate or some house
// has a digit with no place: the state has no solution.
func (b *board) broken() bool {
	for c, m := range b.cand {
		if m == 0 && b.val[c] == 0 {
			return true
		}
	}
	full := b.g.full()
	for _, h := range b.g.houses {
		var m uint32
		for _, c := range h {
			m |= b.cand[c] | 1<<b.val[c]
		}
		if m&full != full {
			return true
		}
	}
	return false
}

func popcount(m uint32) int { return bits.OnesCount32(m) }

// digits lists the digits of a mask in increasing order.
func digits(m uint32) []int {
	var ds []int
	for m != 0 {
		d := bits.TrailingZeros32(m)
		ds = append(ds, d)
		m &= m - 1
	}
	return ds
}
