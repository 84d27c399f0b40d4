package sudoku

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/exactcover"
)

// The reduction of Sudoku to exact cover. Items, all primary, in this order:
//
//	rRcC   cell (R, C) holds a digit                 N² items
//	rR=D   row R holds digit D                       N² items
//	cC=D   column C holds digit D                    N² items
//	bB=D   box B (or jigsaw region B) holds digit D  N² items
//	xX=D   extra region X holds digit D              N items per extra region
//
// Rows, columns, boxes and regions are counted from 1, boxes in row-major
// order of their top-left cells (jigsaw regions in the order the variant
// lists them). The option "digit D in cell (R, C)" covers the cell item,
// the row, column and box items for D, and the item for D of every extra
// region holding the cell. In the full matrix (every option, as the Solver
// keeps it) option cell·N + D-1 places digit D in cell index cell.

// layout is the item numbering of one shape and variant.
type layout struct {
	n      int
	box    []int        // box (or jigsaw region) index of each cell
	extra  [][]int      // extra regions holding each cell
	nxtra  int          // number of extra regions
	units  [][]int      // rows, columns, boxes, extra regions
	geo    *Geometry    // the shape with the variant
	v      *Variant     // the variant, or nil
	cages  []Cage       // the variant's cages, then the derived ones (see DerivedCages)
	groups []digitGroup // the cages with a sum, then the renbans (digitGroups)
	rules  *ruleEncoder // the rules on single cells and pairs (reduce_rules.go), made by count
	con    *conLayout   // the constraints (reduce_constraint.go), nil until built or without constraints
	mc     *matrixCount
}

// count returns the size of l's matrix (l.size), computed once: an
// error wrapping ErrTooLarge as soon as the count shows it over limit
// bytes (negative: no limit), ctx's error when ctx ends.
func (l *layout) count(ctx context.Context, limit int64) (*matrixCount, error) {
	if l.mc == nil {
		mc, err := l.size(ctx, limit)
		if err != nil {
			return nil, err
		}
		l.mc = &mc
	}
	return l.mc, nil
}

// newLayout returns the layout of shape s with variant v: the geometry,
// checked, and the cages; nothing in proportion to the matrix, which
// build makes. It stops with ctx's error when ctx ends.
func newLayout(ctx context.Context, s Shape, v *Variant) (*layout, error) {
	geo, err := NewGeometry(s, v)
	if err != nil {
		return nil, err
	}
	if err := CheckConstraints(geo.N, v); err != nil {
		return nil, err
	}
	if err := ExactCoverRules(v); err != nil {
		return nil, err
	}
	n := geo.N
	l := &layout{n: n, box: make([]int, n*n), extra: make([][]int, n*n), units: geo.Houses, geo: geo, v: v}
	for c := range l.box {
		l.box[c] = geo.Box[c] - 2*n
	}
	l.nxtra = len(geo.Houses) - 3*n
	for c, hs := range geo.CellHouses {
		for _, h := range hs[3:] {
			l.extra[c] = append(l.extra[c], h-3*n)
		}
	}
	if v != nil && len(v.Cages) > 0 {
		l.cages = v.Cages
		if encoding.derived {
			d, err := derivedCages(ctx, geo, v.Cages)
			if err != nil {
				return nil, err
			}
			l.cages = append(slices.Clip(l.cages), d...)
		}
	}
	l.groups = digitGroups(l.cages, v)
	return l, nil
}

// build makes the constraint reduction (l.con), once.
func (l *layout) build(ctx context.Context) error {
	if l.con != nil || !l.v.Constrained() {
		return nil
	}
	con, err := newConLayout(ctx, l, l.v, l.geo)
	l.con = con
	l.rules = nil // read by newConLayout only
	return err
}

// option appends the items of "digit d (1-based) in cell" to buf.
func (l *layout) option(buf []int, cell, d int) []int {
	n := l.n
	nn := n * n
	r, c := cell/n, cell%n
	buf = append(buf[:0], cell, nn+r*n+d-1, 2*nn+c*n+d-1, 3*nn+l.box[cell]*n+d-1)
	for _, x := range l.extra[cell] {
		buf = append(buf, 4*nn+x*n+d-1)
	}
	if l.con != nil {
		for _, it := range l.con.extra[cell*n+d-1] {
			buf = append(buf, int(it))
		}
	}
	return buf
}

// dead reports whether the constraints leave placement p (cell·N + d-1)
// out of the matrix.
func (l *layout) dead(p int) bool {
	return l.con != nil && l.con.dead[p]
}

// addAux adds the options of the constraints that place no digit (the
// cage options) to p.
func (l *layout) addAux(p *exactcover.Problem) error {
	if l.con == nil {
		return nil
	}
	st := l.con.auxStart
	var buf []int
	for j := range len(st) - 1 {
		buf = buf[:0]
		for _, it := range l.con.aux[st[j]:st[j+1]] {
			buf = append(buf, int(it))
		}
		if _, err := p.AddOptionIndex(buf, nil); err != nil {
			return err
		}
	}
	return nil
}

// addItems adds the items of the reduction to p. Their names are made
// only when asked for (exactcover.Problem.AddItems): the Solver's
// matrices, built by index, keep no string per item.
func (l *layout) addItems(p *exactcover.Problem) error {
	n := l.n
	nn := n * n
	cell := func(i int) string { return CellName(i, n) }
	if _, err := p.AddItems(nn, false, cell); err != nil {
		return err
	}
	for _, prefix := range []string{"r", "c", "b"} {
		digit := func(i int) string { return prefix + strconv.Itoa(i/n+1) + "=" + strconv.Itoa(i%n+1) }
		if _, err := p.AddItems(nn, false, digit); err != nil {
			return err
		}
	}
	extra := func(i int) string { return "x" + strconv.Itoa(i/n+1) + "=" + strconv.Itoa(i%n+1) }
	if _, err := p.AddItems(l.nxtra*n, false, extra); err != nil {
		return err
	}
	if l.con != nil {
		return l.con.addItems(p, n)
	}
	return nil
}

// fullProblem returns the full matrix: every digit in every cell, option
// cell·N + d-1 placing digit d. With constraints, the placements they
// rule out are left out and the cage options follow the placements: the
// returned placements then map placements to options and back (nil
// without constraints, where the mapping is the identity). Its arrays are
// sized by the count of the matrix (l.size). It stops with ctx's error
// when ctx ends.
func (l *layout) fullProblem(ctx context.Context) (*exactcover.Problem, *placements, error) {
	if err := l.build(ctx); err != nil {
		return nil, nil, err
	}
	z, err := l.count(ctx, -1)
	if err != nil {
		return nil, nil, err
	}
	p := exactcover.NewProblem()
	p.Grow(z.Items, z.Options, z.Nodes)
	if err := l.addItems(p); err != nil {
		return nil, nil, err
	}
	n := l.n
	var pm *placements
	if l.con != nil {
		pm = &placements{opt: make([]int32, n*n*n), place: make([]int32, 0, z.Options)}
	}
	buf := make([]int, 0, 4+len(l.units))
	for cell := range n * n {
		if cell%n == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		for d := 1; d <= n; d++ {
			pl := cell*n + d - 1
			if l.dead(pl) {
				pm.opt[pl] = -1
				continue
			}
			buf = l.option(buf, cell, d)
			o, err := p.AddOptionIndex(buf, nil)
			if err != nil {
				return nil, nil, err
			}
			if pm != nil {
				pm.opt[pl] = int32(o)
				pm.place = append(pm.place, int32(pl))
			}
		}
	}
	if pm != nil {
		for range len(l.con.auxStart) - 1 {
			pm.place = append(pm.place, -1)
		}
	}
	if err := l.addAux(p); err != nil {
		return nil, nil, err
	}
	return p, pm, nil
}

// ExactCover returns the reduction of puzzle g to exact cover, with the
// givens applied: a given cell keeps only the option of its digit, a blank
// cell only the digits that no given of its row, column, box or extra
// regions already holds. The items are those of the full reduction (see
// the package documentation of the numbering in reduce.go: "r3c4" for a
// cell, "r3=5", "c4=5", "b2=5", "x1=5" for a digit in a row, column, box or
// extra region); options list the cell item first, then the row item, so
// that GridFromCover can read a solution back. The solutions of the
// problem are exactly the solutions of the puzzle. The constraints of the
// variant (cages, anti-knight, ...) add the items and options described
// in reduce_constraint.go: the cage options, which place no digit, follow
// the placements and start with the cage's item "k1", "k2", ... Clashing
// givens, or givens that break a constraint, give an *InvalidError.
func ExactCover(g *Grid) (*exactcover.Problem, error) {
	ctx := context.Background()
	l, err := newLayout(ctx, g.Shape, g.Variant)
	if err != nil {
		return nil, err
	}
	if err := l.build(ctx); err != nil {
		return nil, err
	}
	if err := checkCells(g); err != nil {
		return nil, err
	}
	if ie := invalid(g); ie != nil {
		return nil, ie
	}
	n := l.n
	// used[u*(n+1)+d]: unit u already holds digit d.
	used := make([]bool, len(l.units)*(n+1))
	for ui, u := range l.units {
		for _, c := range u {
			used[ui*(n+1)+int(g.Cells[c])] = true
		}
	}
	p := exactcover.NewProblem()
	if err := l.addItems(p); err != nil {
		return nil, err
	}
	buf := make([]int, 0, 4+len(l.units))
	for cell, given := range g.Cells {
		r, c := cell/n, cell%n
		for d := 1; d <= n; d++ {
			if (given != 0 && int(given) != d) || l.dead(cell*n+d-1) {
				continue
			}
			if given == 0 {
				if used[r*(n+1)+d] || used[(n+c)*(n+1)+d] || used[(2*n+l.box[cell])*(n+1)+d] {
					continue
				}
				clash := false
				for _, x := range l.extra[cell] {
					clash = clash || used[(3*n+x)*(n+1)+d]
				}
				if clash {
					continue
				}
			}
			buf = l.option(buf, cell, d)
			if _, err := p.AddOptionIndex(buf, nil); err != nil {
				return nil, err
			}
		}
	}
	if err := l.addAux(p); err != nil {
		return nil, err
	}
	return p, nil
}

// GridFromCover returns the grid that solution sol (option indices) of
// p = ExactCover(g) describes: g with every cell filled.
func GridFromCover(g *Grid, p *exactcover.Problem, sol []int) (*Grid, error) {
	out := g.Clone()
	n := g.N()
	for _, o := range sol {
		f := strings.Fields(p.OptionString(o))
		if len(f) > 0 && strings.HasPrefix(f[0], "k") {
			continue // a cage's digit set, no placement
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("option %d: %q is not a Sudoku placement: %w", o, p.OptionString(o), ErrGrid)
		}
		var r, c, r2, d int
		if _, err := fmt.Sscanf(f[0], "r%dc%d", &r, &c); err != nil {
			return nil, fmt.Errorf("option %d: cell item %q: %w", o, f[0], ErrGrid)
		}
		if _, err := fmt.Sscanf(f[1], "r%d=%d", &r2, &d); err != nil || r2 != r {
			return nil, fmt.Errorf("option %d: row item %q: %w", o, f[1], ErrGrid)
		}
		if r < 1 || r > n || c < 1 || c > n || d < 1 || d > n {
			return nil, fmt.Errorf("option %d: %q out of range: %w", o, p.OptionString(o), ErrGrid)
		}
		out.Cells[(r-1)*n+c-1] = uint8(d)
	}
	return out, nil
}

// checkCells reports an error wrapping ErrGrid when g's cells do not fit
// its shape.
func checkCells(g *Grid) error {
	s := g.Shape.norm()
	if s.BoxRows < 1 || s.BoxCols < 1 {
		return fmt.Errorf("box shape %dx%d: %w", s.BoxRows, s.BoxCols, ErrShape)
	}
	n := s.N()
	if n > MaxN {
		return fmt.Errorf("side %d over the limit of %d: %w", n, MaxN, ErrShape)
	}
	if len(g.Cells) != n*n {
		return fmt.Errorf("%d cells for a %dx%d grid: %w", len(g.Cells), n, n, ErrGrid)
	}
	for i, v := range g.Cells {
		if int(v) > n {
			return fmt.Errorf("cell %s holds %d, over %d: %w", CellName(i, n), v, n, ErrGrid)
		}
	}
	return nil
}

// variantKey identifies shape s with variant v by content, so that equal
// variants built separately share one matrix.
func variantKey(s Shape, v *Variant) string {
	s = s.norm()
	b := make([]byte, 0, 64)
	b = binary.AppendUvarint(b, uint64(s.BoxRows))
	b = binary.AppendUvarint(b, uint64(s.BoxCols))
	if v == nil {
		return string(b)
	}
	var flags uint64
	for i, f := range []bool{v.AntiKnight, v.AntiKing, v.NonConsecutive} {
		if f {
			flags |= 1 << i
		}
	}
	b = binary.AppendUvarint(b, flags)
	b = binary.AppendUvarint(b, uint64(len(v.Cages)))
	for _, cg := range v.Cages {
		b = binary.AppendVarint(b, int64(cg.Sum))
		b = binary.AppendUvarint(b, uint64(len(cg.Cells)))
		for _, c := range cg.Cells {
			b = binary.AppendVarint(b, int64(c))
		}
	}
	for _, regs := range [][][]int{v.Boxes, v.Extra, v.Thermos} {
		b = binary.AppendUvarint(b, uint64(len(regs)))
		for _, r := range regs {
			b = binary.AppendUvarint(b, uint64(len(r)))
			for _, c := range r {
				b = binary.AppendVarint(b, int64(c))
			}
		}
	}
	b = v.Rules.appendKey(b)
	return string(b)
}
