package logic

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/dlxkit/dlx/sudoku"
)

// houseKind tells what a house is, for ratings and explanations.
type houseKind = sudoku.HouseKind

const (
	kindRow   = sudoku.RowHouse
	kindCol   = sudoku.ColumnHouse
	kindBox   = sudoku.BoxHouse
	kindExtra = sudoku.ExtraHouse
)

// geom is the rater's view of a sudoku.Geometry: the geometry itself
// (houses, cells' houses, peers), a bitset of the peers, and the names of
// the digits for explanations. The geometry part is shared
// between goroutines and read-only; each solver has its own copy of the
// struct (see newSolver) to carry its digit names.
type geom struct {
	*sudoku.Geometry
	peerSet []uint64 // Cells*words bitset: peerSet[a*words+b/64] bit b%64 when a and b see each other
	words   int
	// fast: the fast 9x9 solver counts solutions (sudoku.AutoMethod picks
	// it for the shape and variant).
	fast bool
	// seOrder lists the houses in the order Sudoku Explainer scans them:
	// boxes, columns, rows, then the extra regions.
	seOrder []int
	// names[d] names digit d in explanations ("A" for 1 on a 16x16 in
	// letters); nil or too short: decimal numbers.
	names []string
	// crossing[k][a] lists the houses of kind k (box, row or column)
	// that house a crosses, in increasing order, each with the mask of
	// a's cells (by index in a) that lie in it (locked candidates).
	crossing [3][][]crossing
}

// crossing is a house crossed by another and the crossing cells.
type crossing struct {
	h    int
	mask uint64
}

// crossIndex returns the index in geom.crossing of a box, row or column
// kind.
func crossIndex(k houseKind) int {
	switch k {
	case kindBox:
		return 0
	case kindRow:
		return 1
	}
	return 2
}

func (g *geom) sees(a, b int) bool {
	return g.peerSet[a*g.words+b>>6]&(1<<(uint(b)&63)) != 0
}

// constraintNames names the constraints of v in setters' words ("killer
// cages, arrows"), for the error of a variant the rater does not know.
func constraintNames(v *sudoku.Variant) string {
	var out []string
	for _, c := range []struct {
		on   bool
		name string
	}{
		{len(v.Cages) > 0, "killer cages"},
		{v.AntiKnight, "anti-knight"},
		{v.AntiKing, "anti-king"},
		{v.NonConsecutive, "non-consecutive"},
		{len(v.Thermos) > 0, "thermometers"},
	} {
		if c.on {
			out = append(out, c.name)
		}
	}
	return strings.Join(append(out, v.Rules.RuleNames()...), ", ")
}

// geomCache keeps the rater's geometry of each shape without variant
// constraints (at most one per box shape of side up to sudoku.MaxN: a
// bounded set). Grids with a variant (extra or jigsaw regions, which requests may
// vary at will) get a geometry of their own on each call.
var geomCache sync.Map // sudoku.Shape -> *geom

// geomOf returns the geometry of g's shape and variant, checking them
// first: a shape the rater cannot handle fails with an error wrapping
// sudoku.ErrShape, a variant that does not fit with one wrapping
// sudoku.ErrVariant, cells that do not fit with sudoku.ErrGrid.
func geomOf(gr *sudoku.Grid) (*geom, error) {
	s := gr.Shape
	if s.BoxRows == 0 && s.BoxCols == 0 {
		s = sudoku.Standard
	}
	if gr.Variant.Constrained() {
		return nil, fmt.Errorf("the rater and its hints know region variants only, not %s: %w", constraintNames(gr.Variant), sudoku.ErrVariant)
	}
	sg, err := sudoku.NewGeometry(s, gr.Variant)
	if err != nil {
		return nil, err
	}
	if len(gr.Cells) != sg.Cells {
		return nil, fmt.Errorf("grid has %d cells, want %d: %w", len(gr.Cells), sg.Cells, sudoku.ErrGrid)
	}
	if !sg.Plain() {
		return buildGeom(sg, gr.Variant), nil
	}
	if g, ok := geomCache.Load(sg.Shape); ok {
		return g.(*geom), nil
	}
	actual, _ := geomCache.LoadOrStore(sg.Shape, buildGeom(sg, gr.Variant))
	return actual.(*geom), nil
}

// named returns a copy of g whose explanations name digits as f writes
// them.
func (g *geom) named(f sudoku.Format) *geom {
	c := *g
	c.names = make([]string, g.N+1)
	for d := 1; d <= g.N; d++ {
		c.names[d] = f.DigitName(d, g.N)
	}
	return &c
}

// buildGeom returns the rater's geometry of sg, made for variant v.
func buildGeom(sg *sudoku.Geometry, v *sudoku.Variant) *geom {
	g := &geom{Geometry: sg, fast: sudoku.AutoMethod(sg.Shape, v, 0) == sudoku.Fast}
	for _, k := range []houseKind{kindBox, kindCol, kindRow, kindExtra} {
		for h, hk := range sg.Kinds {
			if hk == k {
				g.seOrder = append(g.seOrder, h)
			}
		}
	}
	for k, of := range [3][]int{sg.Box, sg.Row, sg.Col} {
		g.crossing[k] = make([][]crossing, len(sg.Houses))
		for a, hc := range sg.Houses {
			var cr []crossing
			for i, c := range hc {
				j := 0
				for j < len(cr) && cr[j].h != of[c] {
					j++
				}
				if j == len(cr) {
					cr = append(cr, crossing{h: of[c]})
				}
				cr[j].mask |= 1 << i
			}
			slices.SortFunc(cr, func(x, y crossing) int { return x.h - y.h })
			g.crossing[k][a] = cr
		}
	}
	g.words = (g.Cells + 63) / 64
	g.peerSet = make([]uint64, g.Cells*g.words)
	for a, ps := range g.Peers {
		for _, b := range ps {
			g.peerSet[a*g.words+b>>6] |= 1 << (uint(b) & 63)
		}
	}
	return g
}

// board is the solving state: placed digits and the candidates of every
// empty cell as a digit mask.
type board struct {
	g       *geom
	val     []uint8
	vmask   []uint64 // dbit of each cell's value, 0 for an empty cell
	cand    []uint64
	empty   int
	verbose bool // build explanations

	se    [2]*seChainer // SE's multiple and dynamic forcing chains (multichain.go), kept between steps
	dm    *digitMemo    // per-digit searches found empty (memo.go), kept between steps
	un    *unary        // the first chaining rung's search state (cycles.go), kept between steps
	links *linkScratch  // linkChains' scratch (grouped.go), kept between steps
	dyn   *dynamic      // Nishio's search state (nishio.go), kept between steps
}

// Digit masks (candidates, pencil marks, digits placed in a house) hold
// digit d (1..sudoku.MaxN, that is 1..64) in bit d-1: dbit(d) is its mask
// and lowDigit the smallest digit of a mask. Masks over the cells of a
// house (see positions) hold the cell at index i in bit i.

// dbit returns the mask of digit d, 1 <= d <= 64.
func dbit(d int) uint64 { return 1 << (uint(d-1) & 63) }

// lowDigit returns the smallest digit of the non-empty mask m.
func lowDigit(m uint64) int { return bits.TrailingZeros64(m) + 1 }

// full returns the mask of every digit 1..n.
func (g *geom) full() uint64 { return g.Digits() }

// newBoard builds a board from the grid's digits. It reports an error when
// two givens clash.
func newBoard(g *geom, cells []uint8) (*board, error) {
	b := &board{g: g, val: make([]uint8, g.Cells), vmask: make([]uint64, g.Cells), cand: make([]uint64, g.Cells)}
	full := g.full()
	for c := range b.cand {
		b.cand[c] = full
	}
	b.empty = g.Cells
	for c, d := range cells {
		if d == 0 {
			continue
		}
		if int(d) > g.N {
			return nil, fmt.Errorf("cell %s holds %d, more than %d: %w", cellName(g, c), d, g.N, sudoku.ErrGrid)
		}
		if b.cand[c]&dbit(int(d)) == 0 {
			return nil, fmt.Errorf("%w: %s at %s clashes with a peer", sudoku.ErrInvalid, g.digit(int(d)), cellName(g, c))
		}
		b.place(c, int(d))
	}
	return b, nil
}

// place puts d in cell c and removes d from the candidates of its peers.
func (b *board) place(c, d int) {
	b.val[c] = uint8(d)
	b.vmask[c] = dbit(d)
	b.cand[c] = 0
	b.empty--
	m := ^dbit(d)
	for _, p := range b.g.Peers[c] {
		b.cand[p] &= m
	}
}

// positions returns the cells of house h where d is a candidate, as a bit
// mask over the house's indices.
func (b *board) positions(h, d int) uint64 {
	var m uint64
	bit := dbit(d)
	for i, c := range b.g.Houses[h] {
		if b.cand[c]&bit != 0 {
			m |= 1 << i
		}
	}
	return m
}

// housePositions fills out (len(Houses)*N words, made when too short)
// with the places of every digit in every house: out[h*N+d-1] is
// positions(h, d).
func (b *board) housePositions(out []uint64) []uint64 {
	g := b.g
	n := len(g.Houses) * g.N
	if cap(out) < n {
		out = make([]uint64, n)
	}
	out = out[:n]
	clear(out)
	for h, hc := range g.Houses {
		row := out[h*g.N : (h+1)*g.N]
		for i, c := range hc {
			for m := b.cand[c]; m != 0; m &= m - 1 {
				row[bits.TrailingZeros64(m)] |= 1 << i
			}
		}
	}
	return out
}

// placedIn returns the digits already placed in house h.
func (b *board) placedIn(h int) uint64 {
	var m uint64
	for _, c := range b.g.Houses[h] {
		m |= b.vmask[c]
	}
	return m
}

// keeps reports whether every empty cell still has its digit of sol as a
// candidate (true on any board rating or hints have led to: their steps
// are checked against the solution).
func (b *board) keeps(sol []uint8) bool {
	for c, m := range b.cand {
		if b.val[c] == 0 && m&dbit(int(sol[c])) == 0 {
			return false
		}
	}
	return true
}

// wrongStep reports whether st contradicts sol, the puzzle's unique
// solution: it places another digit than the solution's or removes the
// solution's digit from a cell. A sound step never does; a step that does
// leads to a board with no solution. (Checking the step is cheaper than
// checking the whole board after it, and catches every such step at
// once.)
func wrongStep(st *Step, sol []uint8) bool {
	for _, p := range st.Placements {
		if p.Cell < 0 || p.Cell >= len(sol) || int(sol[p.Cell]) != p.Digit {
			return true
		}
	}
	for _, e := range st.Eliminations {
		if e.Cell < 0 || e.Cell >= len(sol) || int(sol[e.Cell]) == e.Digit {
			return true
		}
	}
	return false
}

func popcount(m uint64) int { return bits.OnesCount64(m) }

// digits lists the digits of a digit mask in increasing order.
func digits(m uint64) []int {
	var ds []int
	for m != 0 {
		d := lowDigit(m)
		ds = append(ds, d)
		m &= m - 1
	}
	return ds
}

// indices lists the set bits of a mask over a house's cells (bit i for
// the cell at index i) in increasing order.
func indices(m uint64) []int {
	var is []int
	for m != 0 {
		is = append(is, bits.TrailingZeros64(m))
		m &= m - 1
	}
	return is
}
