package grids

import (
	"context"
	"fmt"
	"math/big"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// MaxSymmetryN is the largest side EssentiallyDifferent handles: it
// counts the grids fixed by each class of moves by a search over the
// cells tied together by the move.
const MaxSymmetryN = 9

// maxCells is the number of cells of the largest grid EssentiallyDifferent
// handles.
const maxCells = MaxSymmetryN * MaxSymmetryN

// A move is a permutation of the cells (row-major) that takes Sudoku
// grids to Sudoku grids: cell i of the moved grid is cell m[i] of the
// grid.
type move []uint8

// Class is one conjugacy class of the group of moves (band, stack, row
// and column permutations, transposition for square boxes).
type Class struct {
	// Size is the number of moves in the class; Rep one of them, as
	// the cell each cell of the moved grid comes from (row-major).
	Size int
	Rep  []uint8
	// Fixed is the number of grids G whose moved grid is G relabelled
	// (the sum over the relabellings of the grids the move and the
	// relabelling together fix).
	Fixed *big.Int
}

// Symmetry is the result of EssentiallyDifferent.
type Symmetry struct {
	// Grids is the number of grids up to the symmetries.
	Grids *big.Int
	// Order is the group's order: N! relabellings times the moves.
	Order *big.Int
	// Moves is the number of moves; Classes their conjugacy classes.
	Moves   int
	Classes []Class
}

// EssentiallyDifferent returns the number of grids with r x c boxes up to
// relabelling and the moves (band and stack permutations, row and column
// permutations within them, and transposition when r == c), by
// Burnside's lemma over the conjugacy classes of the moves: the number of
// orbits is the sum over the classes of the class size times the grids
// each move fixes up to relabelling, over N! times the number of moves.
// total is the number of grids (Count), used for the identity's class.
// The other classes are counted by opt.Workers searches at once;
// opt.Progress, when set, is called with the search tasks done and their
// total. Sides up to MaxSymmetryN only.
func EssentiallyDifferent(ctx context.Context, r, c int, total *big.Int, opt Options) (*Symmetry, error) {
	n := r * c
	if r < 2 || c < 2 || n > MaxSymmetryN {
		return nil, fmt.Errorf("essentially different %dx%d grids: the count of fixed grids is by search, for sides up to %d: %w", r, c, MaxSymmetryN, ErrShape)
	}
	grp := newMoveGroup(r, c)
	classes := grp.classes()
	fixed, err := countClasses(ctx, r, c, grp, classes, opt)
	if err != nil {
		return nil, err
	}
	nf := new(big.Int).MulRange(1, int64(n))
	sum := new(big.Int)
	out := &Symmetry{Moves: grp.size(), Order: new(big.Int).Mul(nf, big.NewInt(int64(grp.size())))}
	for k, cl := range classes {
		rep := grp.cells(cl.rep)
		f := new(big.Int).Mul(new(big.Int).SetUint64(fixed[k]), nf)
		if isIdentity(rep) {
			f = new(big.Int).Set(total)
		}
		out.Classes = append(out.Classes, Class{Size: cl.size, Rep: rep, Fixed: f})
		sum.Add(sum, new(big.Int).Mul(f, big.NewInt(int64(cl.size))))
	}
	q, m := new(big.Int).QuoRem(sum, out.Order, new(big.Int))
	if m.Sign() != 0 {
		return nil, fmt.Errorf("essentially different %dx%d grids: Burnside's sum %v is not a multiple of the group order %v (a wrong count)", r, c, sum, out.Order)
	}
	out.Grids = q
	return out, nil
}

func isIdentity(m move) bool {
	for i, x := range m {
		if int(x) != i {
			return false
		}
	}
	return true
}

// moveGroup is the group of moves of the grids with r x c boxes, each
// move a number: a row order (band permutation and row permutations
// within the bands), a column order, and for square boxes whether the
// grid is also transposed. Move e is row order (e / len(cols)) mod
// len(rows) and column order e mod len(cols), transposed when e is at
// least len(rows)*len(cols).
type moveGroup struct {
	r, c, n    int
	rows, cols [][]uint8
	transpose  bool
	// The generators (involutions, see wreathGens) act by conjugation
	// on the row orders p as h∘p∘h, h∘p and p∘h: the indices of those
	// orders, per generator and order (rowConj[k][i] ...).
	rowConj, rowLeft, rowRight [][]int32
	colConj, colLeft, colRight [][]int32
}

func newMoveGroup(r, c int) *moveGroup {
	g := &moveGroup{r: r, c: c, n: r * c, rows: wreath(r, c), cols: wreath(c, r), transpose: r == c}
	g.rowConj, g.rowLeft, g.rowRight = conjTables(g.rows, wreathGens(r, c))
	g.colConj, g.colLeft, g.colRight = conjTables(g.cols, wreathGens(c, r))
	return g
}

// conjTables returns, for each generator h and each order p of orders,
// the indices of h∘p∘h, h∘p and p∘h (as arrays: x[i] = h[p[h[i]]] ...).
func conjTables(orders, gens [][]uint8) (conj, left, right [][]int32) {
	index := make(map[string]int32, len(orders))
	for i, p := range orders {
		index[string(p)] = int32(i)
	}
	x := make([]uint8, len(orders[0]))
	for _, h := range gens {
		cj, l, rt := make([]int32, len(orders)), make([]int32, len(orders)), make([]int32, len(orders))
		for i, p := range orders {
			for k := range x {
				x[k] = h[p[h[k]]]
			}
			cj[i] = index[string(x)]
			for k := range x {
				x[k] = h[p[k]]
			}
			l[i] = index[string(x)]
			for k := range x {
				x[k] = p[h[k]]
			}
			rt[i] = index[string(x)]
		}
		conj, left, right = append(conj, cj), append(left, l), append(right, rt)
	}
	return conj, left, right
}

// size returns the number of moves.
func (g *moveGroup) size() int {
	k := len(g.rows) * len(g.cols)
	if g.transpose {
		k *= 2
	}
	return k
}

// split returns move e's row order, column order and whether it
// transposes.
func (g *moveGroup) split(e int) (ro, co int, t bool) {
	k := len(g.rows) * len(g.cols)
	t = e >= k
	e %= k
	return e / len(g.cols), e % len(g.cols), t
}

func (g *moveGroup) join(ro, co int32, t bool) int {
	e := int(ro)*len(g.cols) + int(co)
	if t {
		e += len(g.rows) * len(g.cols)
	}
	return e
}

// cells returns move e as a permutation of the cells: without
// transposition cell (i, j) of the moved grid is cell (ro[i], co[j]) of
// the grid; with it, cell (ro[j], co[i]).
func (g *moveGroup) cells(e int) move {
	ri, ci, t := g.split(e)
	ro, co := g.rows[ri], g.cols[ci]
	n := g.n
	m := make(move, n*n)
	for i := range n {
		for j := range n {
			if t {
				m[i*n+j] = uint8(int(ro[j])*n + int(co[i]))
			} else {
				m[i*n+j] = uint8(int(ro[i])*n + int(co[j]))
			}
		}
	}
	return m
}

// generators returns moves that generate the group, as cell
// permutations: swaps of adjacent rows within a band, of adjacent bands,
// the same for columns, and transposition.
func (g *moveGroup) generators() []move {
	n := g.n
	id := make([]uint8, n)
	for i := range id {
		id[i] = uint8(i)
	}
	lift := func(ro, co []uint8, transpose bool) move {
		m := make(move, n*n)
		for i := range n {
			for j := range n {
				if transpose {
					m[i*n+j] = uint8(int(ro[j])*n + int(co[i]))
				} else {
					m[i*n+j] = uint8(int(ro[i])*n + int(co[j]))
				}
			}
		}
		return m
	}
	var gens []move
	for _, h := range wreathGens(g.r, g.c) {
		gens = append(gens, lift(h, id, false))
	}
	for _, h := range wreathGens(g.c, g.r) {
		gens = append(gens, lift(id, h, false))
	}
	if g.transpose {
		gens = append(gens, lift(id, id, true))
	}
	return gens
}

// wreath returns the orders of k blocks of s lines each: the blocks
// permuted and the lines within each block permuted.
func wreath(s, k int) [][]uint8 {
	var out [][]uint8
	within := permutations(s)
	for _, b := range permutations(k) {
		cur := make([]uint8, s*k)
		var rec func(j int)
		rec = func(j int) {
			if j == k {
				out = append(out, slices.Clone(cur))
				return
			}
			for _, w := range within {
				for t := range s {
					cur[j*s+t] = b[j]*uint8(s) + w[t]
				}
				rec(j + 1)
			}
		}
		rec(0)
	}
	return out
}

// wreathGens returns line orders that generate wreath(s, k), each an
// involution.
func wreathGens(s, k int) [][]uint8 {
	n := s * k
	swap := func(a, b int) []uint8 {
		p := make([]uint8, n)
		for i := range p {
			p[i] = uint8(i)
		}
		p[a], p[b] = p[b], p[a]
		return p
	}
	var out [][]uint8
	for j := range k {
		for t := range s - 1 {
			out = append(out, swap(j*s+t, j*s+t+1))
		}
	}
	for j := range k - 1 {
		p := make([]uint8, n)
		for i := range p {
			p[i] = uint8(i)
		}
		for t := range s {
			p[j*s+t], p[(j+1)*s+t] = uint8((j+1)*s+t), uint8(j*s+t)
		}
		out = append(out, p)
	}
	return out
}

type classInfo struct{ rep, size int }

// classes splits the moves into conjugacy classes: g and h*g*h for each
// generator h (an involution) are in one class. As cell maps, with h a
// row generator (cell (i, j) from (h[i], j)), h*g*h takes the row order
// ro to h∘ro∘h when g does not transpose, and to (h∘ro, co∘h) when it
// does; a column generator likewise; transposition swaps the row and
// column orders.
func (g *moveGroup) classes() []classInfo {
	total := g.size()
	parent := make([]int32, total)
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	union := func(a int, b int) {
		x, y := find(int32(a)), find(int32(b))
		if x != y {
			parent[x] = y
		}
	}
	for e := range total {
		ri, ci, t := g.split(e)
		for k := range g.rowConj {
			if t {
				// Transposition needs square boxes: the row and column
				// orders are the same list, the generators too.
				union(e, g.join(g.rowLeft[k][ri], g.colRight[k][ci], true))
			} else {
				union(e, g.join(g.rowConj[k][ri], int32(ci), false))
			}
		}
		for k := range g.colConj {
			if t {
				union(e, g.join(g.rowRight[k][ri], g.colLeft[k][ci], true))
			} else {
				union(e, g.join(int32(ri), g.colConj[k][ci], false))
			}
		}
		if g.transpose {
			union(e, g.join(int32(ci), int32(ri), t))
		}
	}
	sizes := make(map[int32]int)
	reps := make(map[int32]int)
	var order []int32
	for i := range total {
		root := find(int32(i))
		if _, ok := reps[root]; !ok {
			reps[root] = i
			order = append(order, root)
		}
		sizes[root]++
	}
	out := make([]classInfo, len(order))
	for k, root := range order {
		out[k] = classInfo{rep: reps[root], size: sizes[root]}
	}
	return out
}

// fixTask is one part of a class's fixed-grid count: the class's search
// with the choices path made first.
type fixTask struct {
	class int
	path  []choice
}

// choice is a cell and its digit, or (cell < 0) σ(-1-cell) = digit.
type choice struct{ cell, digit int8 }

// splitDepth is the number of choices the tasks of one class fix: the
// search of each class is split into the subtrees below them.
const splitDepth = 2

// countClasses returns, for each class but the identity's, the number of
// grids with first row 1..N whose moved grid is a relabelling of them
// (see fixer). The searches are split into tasks (the subtrees below the
// first splitDepth choices) that opt.Workers goroutines share.
func countClasses(ctx context.Context, r, c int, grp *moveGroup, classes []classInfo, opt Options) ([]uint64, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var tasks []fixTask
	fixers := make([]*fixer, len(classes))
	for k, cl := range classes {
		m := grp.cells(cl.rep)
		if isIdentity(m) {
			continue
		}
		f := newFixer(ctx, r, c, m)
		fixers[k] = f
		for _, p := range f.paths(splitDepth) {
			tasks = append(tasks, fixTask{class: k, path: p})
		}
	}
	counts := make([]uint64, len(classes))
	var next atomic.Int64
	var mu sync.Mutex
	var done int
	var firstErr error
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range min(workers, max(len(tasks), 1)) {
		wg.Go(func() {
			var f fixer
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				t := &tasks[i]
				f = *fixers[t.class]
				f.ctx = ctx
				v, err := f.countPath(t.path)
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				counts[t.class] += v
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(tasks))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return counts, nil
}

// A fixer counts the grids G with first row 1..N (every grid is the
// relabelling of exactly one of them) whose moved grid G∘m is a
// relabelling σ∘G of G: G(m(x)) = σ(G(x)) for every cell x. Times N!
// that is the sum over σ of the grids the pair (m, σ) fixes. Each digit
// placed in a cell x ties its neighbours in the cycle of m through x:
// the cell m(x) gets σ(d) and the cell m⁻¹(x) gets σ⁻¹(d) when σ is known
// there, and a cell already filled fixes σ on d; each new value of σ
// fills the cycles of the cells that hold it. The search fills the cell
// with the fewest digits left, and counts the grids one by one.
//
// A fixer is a value: copying it copies the search state (the start).
type fixer struct {
	n, r, c int
	m, inv  [maxCells]uint8
	row     [maxCells]uint8
	col     [maxCells]uint8
	box     [maxCells]uint8
	val     [maxCells]int8
	rowM    [MaxSymmetryN]uint16
	colM    [MaxSymmetryN]uint16
	boxM    [MaxSymmetryN]uint16
	sig     [MaxSymmetryN]int8
	sigInv  [MaxSymmetryN]int8
	filled  [maxCells]uint8 // the cells filled, in order
	nFilled int
	// empty[:nEmpty] are the empty cells, cell x at index at[x].
	empty  [maxCells]uint8
	at     [maxCells]uint8
	nEmpty int
	sigSet [MaxSymmetryN]int8 // the digits σ was set on, in order
	nSig   int
	dead   bool // the first row contradicts the move
	// lens[x]: bit l when a digit in a cycle of σ of length l can be in
	// cell x: l divides the length of x's cycle under m, and no
	// m^k(x) with k < that length in x's row, column or box has l
	// dividing k (it would hold the same digit).
	lens [maxCells]uint16
	// cyc[x]: the length of x's cycle under m.
	cyc [maxCells]uint8
	// allow[x]: the digits lens[x] admits, once σ is complete.
	allow [maxCells]uint16
	ctx   context.Context
	tick  int
	err   error
}

func newFixer(ctx context.Context, r, c int, m move) *fixer {
	n := r * c
	f := &fixer{n: n, r: r, c: c, ctx: ctx}
	for i := range n * n {
		f.m[i] = m[i]
		f.inv[m[i]] = uint8(i)
		f.row[i], f.col[i] = uint8(i/n), uint8(i%n)
		f.box[i] = uint8((i/n)/r*r + (i%n)/c)
		f.val[i] = -1
		f.empty[i], f.at[i] = uint8(i), uint8(i)
	}
	f.nEmpty = n * n
	for d := range n {
		f.sig[d], f.sigInv[d] = -1, -1
	}
	for x := range n * n {
		var steps []int // k with m^k(x) a peer of x
		y, l := int(m[x]), 1
		for ; y != x; y, l = int(m[y]), l+1 {
			if f.row[y] == f.row[x] || f.col[y] == f.col[x] || f.box[y] == f.box[x] {
				steps = append(steps, l)
			}
		}
		f.cyc[x] = uint8(l)
		for ln := 1; ln <= n; ln++ {
			ok := l%ln == 0
			for _, k := range steps {
				if k%ln == 0 {
					ok = false
				}
			}
			if ok {
				f.lens[x] |= 1 << ln
			}
		}
	}
	for j := range n {
		if !f.place(j, int8(j)) {
			f.dead = true
			return f
		}
	}
	if f.nSig == n && !f.setAllow() {
		f.dead = true
	}
	return f
}

// place puts digit d in cell x and what it forces; false on a
// contradiction (the state is then to be undone).
func (f *fixer) place(x int, d int8) bool {
	switch v := f.val[x]; {
	case v == d:
		return true
	case v >= 0:
		return false
	}
	bit := uint16(1) << d
	rw, cl, bx := f.row[x], f.col[x], f.box[x]
	if (f.rowM[rw]|f.colM[cl]|f.boxM[bx])&bit != 0 {
		return false
	}
	f.val[x] = d
	f.rowM[rw] |= bit
	f.colM[cl] |= bit
	f.boxM[bx] |= bit
	f.filled[f.nFilled] = uint8(x)
	f.nFilled++
	f.nEmpty--
	last := f.empty[f.nEmpty]
	f.empty[f.at[x]], f.at[last] = last, f.at[x]
	y := int(f.m[x])
	if s := f.sig[d]; s >= 0 {
		if !f.place(y, s) {
			return false
		}
	} else if v := f.val[y]; v >= 0 {
		if !f.link(d, v) {
			return false
		}
	}
	w := int(f.inv[x])
	if v := f.val[w]; v >= 0 {
		return f.link(v, d)
	}
	if s := f.sigInv[d]; s >= 0 {
		return f.place(w, s)
	}
	return true
}

// link sets σ(a) = b and fills what that forces; false on a
// contradiction.
func (f *fixer) link(a, b int8) bool {
	switch {
	case f.sig[a] == b:
		return true
	case f.sig[a] >= 0 || f.sigInv[b] >= 0:
		return false
	}
	f.sig[a], f.sigInv[b] = b, a
	f.sigSet[f.nSig] = a
	f.nSig++
	for k := 0; k < f.nFilled; k++ {
		x := int(f.filled[k])
		switch f.val[x] {
		case a:
			if !f.place(int(f.m[x]), b) {
				return false
			}
		case b:
			if !f.place(int(f.inv[x]), a) {
				return false
			}
		}
	}
	return true
}

// undo takes back the cells and σ values set after the marks.
func (f *fixer) undo(cells, sigs int) {
	for f.nFilled > cells {
		f.nFilled--
		x := f.filled[f.nFilled]
		bit := ^(uint16(1) << f.val[x])
		f.rowM[f.row[x]] &= bit
		f.colM[f.col[x]] &= bit
		f.boxM[f.box[x]] &= bit
		f.val[x] = -1
		f.empty[f.nEmpty], f.at[x] = x, uint8(f.nEmpty)
		f.nEmpty++
	}
	for f.nSig > sigs {
		f.nSig--
		a := f.sigSet[f.nSig]
		f.sigInv[f.sig[a]], f.sig[a] = -1, -1
	}
}

// pick returns the empty cell with the fewest digits left and those
// digits; cell -1 when the grid is full.
func (f *fixer) pick() (cell int, free uint16) {
	cell, best := -1, 99
	for _, e := range f.empty[:f.nEmpty] {
		x := int(e)
		m := f.allow[x] &^ (f.rowM[f.row[x]] | f.colM[f.col[x]] | f.boxM[f.box[x]])
		if k := bits.OnesCount16(m); k < best {
			cell, best, free = x, k, m
			if k <= 1 {
				break
			}
		}
	}
	return cell, free
}

// paths returns the choices of the first depth levels of the search
// (shorter where the grid is full or forced): the roots of the subtrees
// that together make the search.
func (f *fixer) paths(depth int) [][]choice {
	if f.dead {
		return nil
	}
	g := *f
	var out [][]choice
	var cur []choice
	var rec func(level int)
	rec = func(level int) {
		if level == depth {
			out = append(out, slices.Clone(cur))
			return
		}
		if g.nSig < g.n {
			a := int8(0)
			for g.sig[a] >= 0 {
				a++
			}
			for b := range int8(g.n) {
				if g.sigInv[b] >= 0 {
					continue
				}
				mc, ms := g.nFilled, g.nSig
				if g.link(a, b) && (g.nSig < g.n || g.setAllow()) {
					cur = append(cur, choice{-1 - a, b})
					rec(level + 1)
					cur = cur[:len(cur)-1]
				}
				g.undo(mc, ms)
			}
			return
		}
		x, free := g.pick()
		if x < 0 {
			out = append(out, slices.Clone(cur))
			return
		}
		for free != 0 {
			d := int8(bits.TrailingZeros16(free))
			free &= free - 1
			mc, ms := g.nFilled, g.nSig
			if g.place(x, d) {
				cur = append(cur, choice{int8(x), d})
				rec(level + 1)
				cur = cur[:len(cur)-1]
			}
			g.undo(mc, ms)
		}
	}
	rec(0)
	return out
}

// countPath returns the number of grids below the choices path.
func (f *fixer) countPath(path []choice) (uint64, error) {
	if f.dead {
		return 0, nil
	}
	for _, ch := range path {
		if ch.cell < 0 {
			// σ(-1-cell) = digit
			if !f.link(-1-ch.cell, ch.digit) || (f.nSig == f.n && !f.setAllow()) {
				return 0, nil
			}
		} else if !f.place(int(ch.cell), ch.digit) {
			return 0, nil
		}
	}
	var count uint64
	f.search(&count)
	return count, f.err
}

func (f *fixer) search(count *uint64) {
	f.tick++
	if f.tick&0x3FFF == 0 && f.err == nil {
		f.err = f.ctx.Err()
	}
	if f.err != nil {
		return
	}
	if f.nSig < f.n {
		f.branchSigma(func() { f.search(count) })
		return
	}
	x, free := f.pick()
	if x < 0 {
		*count++
		return
	}
	if f.nEmpty == int(f.cyc[x]) {
		// x's cycle is all that is left: count the digits whose
		// images along it fit, without filling it.
		for free != 0 {
			d := int8(bits.TrailingZeros16(free))
			free &= free - 1
			ok := true
			for y, e := int(f.m[x]), f.sig[d]; y != x; y, e = int(f.m[y]), f.sig[e] {
				if (f.rowM[f.row[y]]|f.colM[f.col[y]]|f.boxM[f.box[y]])&(1<<e) != 0 {
					ok = false
					break
				}
			}
			if ok {
				*count++
			}
		}
		return
	}
	for free != 0 {
		d := int8(bits.TrailingZeros16(free))
		free &= free - 1
		mc, ms := f.nFilled, f.nSig
		if f.place(x, d) {
			f.search(count)
		}
		f.undo(mc, ms)
	}
}

// branchSigma tries each value of σ on the first digit it is not known
// on, and calls next after each that holds; when σ is complete it sets
// allow first.
func (f *fixer) branchSigma(next func()) {
	a := int8(0)
	for f.sig[a] >= 0 {
		a++
	}
	for b := range int8(f.n) {
		if f.sigInv[b] >= 0 {
			continue
		}
		mc, ms := f.nFilled, f.nSig
		if f.link(a, b) && (f.nSig < f.n || f.setAllow()) {
			next()
		}
		f.undo(mc, ms)
	}
}

// setAllow fills allow from the complete σ; false when a cell admits no
// digit.
func (f *fixer) setAllow() bool {
	var byLen [MaxSymmetryN + 1]uint16
	for d := range f.n {
		l, e := 1, f.sig[d]
		for ; e != int8(d); e = f.sig[e] {
			l++
		}
		byLen[l] |= 1 << d
	}
	for x := range f.n * f.n {
		var m uint16
		for ls := f.lens[x]; ls != 0; ls &= ls - 1 {
			m |= byLen[bits.TrailingZeros16(ls)]
		}
		if m == 0 {
			return false
		}
		f.allow[x] = m
	}
	return true
}
