package grids

import (
	"context"
	"fmt"
	"math/big"
	"slices"
)

// MaxSymmetryN is the largest side EssentiallyDifferent handles: it
// counts the grids fixed by each class of moves by search.
const MaxSymmetryN = 6

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
// Sides up to MaxSymmetryN only.
func EssentiallyDifferent(ctx context.Context, r, c int, total *big.Int) (*Symmetry, error) {
	n := r * c
	if r < 2 || c < 2 || n > MaxSymmetryN {
		return nil, fmt.Errorf("essentially different %dx%d grids: the count of fixed grids is by search, for sides up to %d: %w", r, c, MaxSymmetryN, ErrShape)
	}
	moves, gens := moveGroup(r, c)
	classes := conjugacyClasses(moves, gens)
	nf := new(big.Int).MulRange(1, int64(n))
	sum := new(big.Int)
	out := &Symmetry{Moves: len(moves), Order: new(big.Int).Mul(nf, big.NewInt(int64(len(moves))))}
	for _, cl := range classes {
		var fixed *big.Int
		if isIdentity(moves[cl.rep]) {
			fixed = total
		} else {
			k, err := countFixed(ctx, r, c, moves[cl.rep])
			if err != nil {
				return nil, err
			}
			fixed = new(big.Int).Mul(big.NewInt(k), nf)
		}
		out.Classes = append(out.Classes, Class{Size: cl.size, Rep: slices.Clone(moves[cl.rep]), Fixed: fixed})
		sum.Add(sum, new(big.Int).Mul(fixed, big.NewInt(int64(cl.size))))
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

// moveGroup returns every move of the grids with r x c boxes and a few
// that generate them.
func moveGroup(r, c int) (all []move, gens []move) {
	n := r * c
	// Row orders: bands of r rows (c of them) permuted, rows within each.
	rows := wreath(r, c)
	cols := wreath(c, r)
	for _, ro := range rows {
		for _, co := range cols {
			m := make(move, n*n)
			for i := range n {
				for j := range n {
					m[i*n+j] = uint8(int(ro[i])*n + int(co[j]))
				}
			}
			all = append(all, m)
		}
	}
	if r == c {
		k := len(all)
		for _, m := range all[:k] {
			t := make(move, n*n)
			for i := range n {
				for j := range n {
					t[i*n+j] = m[j*n+i]
				}
			}
			all = append(all, t)
		}
	}
	// Generators: swaps of adjacent rows within a band, of adjacent
	// bands, the same for columns, and transposition.
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
	for _, g := range wreathGens(r, c) {
		gens = append(gens, lift(g, id, false))
	}
	for _, g := range wreathGens(c, r) {
		gens = append(gens, lift(id, g, false))
	}
	if r == c {
		gens = append(gens, lift(id, id, true))
	}
	return all, gens
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

// wreathGens returns line orders that generate wreath(s, k).
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

// conjugacyClasses splits moves into classes: g and h*g*h^-1 for each
// generator h are in one class.
func conjugacyClasses(all, gens []move) []classInfo {
	index := make(map[string]int, len(all))
	for i, m := range all {
		index[string(m)] = i
	}
	parent := make([]int, len(all))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	conj := make(move, len(all[0]))
	for i, g := range all {
		for _, h := range gens {
			// h is an involution: h*g*h. As cell maps, (moved by g then
			// by h): cell i of the result comes from g[h[i]]; conjugate:
			// h[g[h[i]]].
			for k := range conj {
				conj[k] = h[g[h[k]]]
			}
			a, b := find(i), find(index[string(conj)])
			if a != b {
				parent[a] = b
			}
		}
	}
	sizes := make(map[int]int)
	reps := make(map[int]int)
	var order []int
	for i := range all {
		root := find(i)
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

// countFixed returns the number of grids G with first row 1..N (every
// grid is the relabelling of exactly one of them) whose moved grid G∘m
// is a relabelling σ∘G of G; times N! it is the sum over σ of the grids
// the pair (m, σ) fixes.
func countFixed(ctx context.Context, r, c int, m move) (int64, error) {
	n := r * c
	cells := n * n
	inv := make([]uint8, cells)
	for i, x := range m {
		inv[x] = uint8(i)
	}
	g := make([]int8, cells)
	for i := range g {
		g[i] = -1
	}
	var rowM, colM, boxM [MaxSymmetryN]uint16
	box := func(i int) int { return (i/n)/r*r + (i%n)/c }
	var sigma, sigmaInv [MaxSymmetryN]int8
	for i := range n {
		sigma[i], sigmaInv[i] = -1, -1
	}
	// link requires σ(a) = b; it returns false on a clash and whether it
	// set something new.
	type undo struct{ a int8 }
	var trail []undo
	link := func(a, b int8) bool {
		switch {
		case sigma[a] == b:
			return true
		case sigma[a] >= 0 || sigmaInv[b] >= 0:
			return false
		}
		sigma[a], sigmaInv[b] = b, a
		trail = append(trail, undo{a})
		return true
	}
	var count int64
	var steps int
	var err error
	var rec func(i int)
	rec = func(i int) {
		if err != nil {
			return
		}
		steps++
		if steps&0xFFFF == 0 {
			if err = ctx.Err(); err != nil {
				return
			}
		}
		if i == cells {
			count++
			return
		}
		row, col, b := i/n, i%n, box(i)
		free := ^(rowM[row] | colM[col] | boxM[b]) & (1<<n - 1)
		if row == 0 {
			free &= 1 << col // the first row is 1..N
		}
		for d := int8(0); int(d) < n; d++ {
			if free&(1<<d) == 0 {
				continue
			}
			mark := len(trail)
			g[i] = d
			// G∘m = σ∘G: G(m(x)) = σ(G(x)) for every cell x. The pairs
			// with cell i: x = i (G(m(i)) known) and m(x) = i.
			ok := true
			if y := m[i]; g[y] >= 0 {
				ok = link(d, g[y])
			}
			if x := inv[i]; ok && g[x] >= 0 {
				ok = link(g[x], d)
			}
			if ok {
				rowM[row] |= 1 << d
				colM[col] |= 1 << d
				boxM[b] |= 1 << d
				rec(i + 1)
				rowM[row] &^= 1 << d
				colM[col] &^= 1 << d
				boxM[b] &^= 1 << d
			}
			for len(trail) > mark {
				a := trail[len(trail)-1].a
				sigmaInv[sigma[a]], sigma[a] = -1, -1
				trail = trail[:len(trail)-1]
			}
			g[i] = -1
		}
	}
	rec(0)
	return count, err
}
