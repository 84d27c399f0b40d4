package sudoku

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// The reduction of the rules of Rules the exact-cover solver encodes
// (ExactCoverRules names the others), and of killer cages without a sum.
// Three encodings, all exact:
//
//   - Unary rules (even and odd cells) leave the placements they forbid
//     out of the matrix.
//   - Rules on pairs of cells (kropki dots and their negative, XV and its
//     negative, minimum and maximum cells, clones, palindromes, whispers,
//     entropic, modular and nabner lines, slow thermometers, indexers)
//     collect, for each pair of cells A < B and each digit x of A, the
//     digits of B they rule out; one secondary item "pA,B=x" is then
//     covered by "x in A" and by "y in B" for every ruled-out y, so that
//     no solution holds both. A digit of A that rules out every digit of
//     B is left out of the matrix (and the other way round).
//   - Renban lines use the encoding of killer cages with the runs of
//     consecutive digits as their digit sets: a primary item "gR" taken
//     by one option per run, which covers "gR=D" for the digits D outside
//     the run, the cells' placements covering "gR=D" for their digit.
//     Killer cages without a sum hold distinct digits: a secondary item
//     "sK=D" per digit, covered by D in each of the cage's cells.
//
// A rule gives, for each digit x of its first cell, the mask of the
// digits of the second it rules out (and, unless the rule is symmetric,
// the same for each digit of the second cell): a pair costs O(N) however
// many digits it rules out. The masks take memory in proportion to the
// pairs of cells the rules name, which a few kilobytes of rules can make
// millions: ruleBytes counts it, and newRuleEncoder stops as soon as it is
// over the budget.

// ruleEncoder collects the pair rules of a variant.
type ruleEncoder struct {
	n      int
	all    uint64              // the mask of every digit
	forbid map[[2]int][]uint64 // (A, B), A < B: per digit x of A (index x-1), the digits of B ruled out; nil after finish
	pairs  []rulePair          // the pairs of forbid, sorted (finish)
	dead   []bool              // per placement: ruled out alone
	peers  [][]int
	// The budget: the bytes taken so far (ruleBytes), the limit
	// (negative: none), the calls since the context was last polled, and
	// the first error (the budget's or the context's).
	bytes, limit int64
	calls        int
	ctx          context.Context
	err          error
	// dry: only count the calls of pair (pairCalls), listing nothing.
	dry       bool
	pairCalls int64
}

// rulePair is a pair of cells A < B and, per digit x of A (index x-1),
// the digits of B the rules rule out with it.
type rulePair struct {
	a, b int
	m    []uint64
}

// ruleBytes bounds what the encoder of side n allocates: base for the
// dead placements, perPair for each pair of cells (its masks, its entry in
// the map with the map's growth, its rulePair).
func ruleBytes(n int) (base, perPair int64) {
	n64 := int64(n)
	return n64*n64*n64 + 256, n64*8*5/4 + 16 + 192 + 40
}

// digits returns the mask of the digits lo..hi (clipped to 1..n).
func (e *ruleEncoder) digits(lo, hi int) uint64 {
	lo, hi = max(lo, 1), min(hi, e.n)
	if lo > hi {
		return 0
	}
	return (uint64(1)<<(hi-lo+1) - 1) << (lo - 1)
}

// digit returns the mask of digit d, 0 when d is not in 1..n.
func (e *ruleEncoder) digit(d int) uint64 {
	if d < 1 || d > e.n {
		return 0
	}
	return 1 << (d - 1)
}

// pair rules out, for cells a and b, the digits y of b in out(x) when a
// holds x; outT(y) is the same seen from b (the digits x of a ruled out
// when b holds y), nil when the rule is symmetric (outT is out).
func (e *ruleEncoder) pair(a, b int, out, outT func(x int) uint64) {
	if e.err != nil {
		return
	}
	if e.calls++; e.calls >= 1024 {
		e.calls = 0
		if err := e.ctx.Err(); err != nil {
			e.err = err
			return
		}
	}
	if e.pairCalls++; e.dry {
		return
	}
	n := e.n
	if outT == nil {
		outT = out
	}
	if a == b {
		for x := 1; x <= n; x++ {
			if out(x)&(1<<(x-1)) != 0 {
				e.dead[a*n+x-1] = true
			}
		}
		return
	}
	if a > b {
		a, b = b, a
		out = outT
	}
	m := e.forbid[[2]int{a, b}]
	if m == nil {
		_, per := ruleBytes(n)
		if e.bytes += per; e.limit >= 0 && e.bytes > e.limit {
			e.err = fmt.Errorf("the rules of this puzzle relate %s pairs of cells or more: their encoding alone needs over %s, over the limit of %s: %w",
				group(int64(len(e.forbid)+1)), megabytes(e.bytes), megabytes(e.limit), ErrTooLarge)
			return
		}
		m = make([]uint64, n)
		e.forbid[[2]int{a, b}] = m
	}
	for x := 1; x <= n; x++ {
		m[x-1] |= out(x)
	}
}

// newRuleEncoder collects the rules of v that act on single cells and
// pairs of cells. It stops with an error wrapping ErrTooLarge when the
// pairs take more than limit bytes (ruleBytes; negative: no limit), and
// with ctx's error when ctx ends. A dry encoder only counts the calls of
// pair, each of which may add a pair of cells (ruleWork).
func newRuleEncoder(ctx context.Context, v *Variant, geo *Geometry, limit int64, dry bool) (*ruleEncoder, error) {
	n := geo.N
	base, _ := ruleBytes(n)
	e := &ruleEncoder{n: n, forbid: map[[2]int][]uint64{}, dead: make([]bool, n*n*n), peers: geo.Peers,
		bytes: base, limit: limit, ctx: ctx, dry: dry}
	e.all = e.digits(1, n)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r := &v.Rules
	for _, c := range r.Even {
		for d := 1; d <= n; d += 2 {
			e.dead[c*n+d-1] = true
		}
	}
	for _, c := range r.Odd {
		for d := 2; d <= n; d += 2 {
			e.dead[c*n+d-1] = true
		}
	}
	kropki := map[[2]int]bool{}
	for _, d := range r.Differences {
		v := dotValue(d, 1)
		e.pair(d.Cells[0], d.Cells[1], func(x int) uint64 { return e.all &^ (e.digit(x-v) | e.digit(x+v)) }, nil)
		kropki[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
	}
	// ratio returns the digits y with x·v = y or y·v = x.
	ratio := func(x, v int) uint64 {
		m := e.digit(x * v)
		if x%v == 0 {
			m |= e.digit(x / v)
		}
		return m
	}
	ratios := map[int]bool{}
	for _, d := range r.Ratios {
		v := dotValue(d, 2)
		ratios[v] = true
		e.pair(d.Cells[0], d.Cells[1], func(x int) uint64 { return e.all &^ ratio(x, v) }, nil)
		kropki[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
	}
	if len(ratios) == 0 {
		ratios[2] = true
	}
	xv := map[[2]int]bool{}
	for _, d := range r.XV {
		v := d.Value
		e.pair(d.Cells[0], d.Cells[1], func(x int) uint64 { return e.all &^ e.digit(v-x) }, nil)
		xv[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
	}
	if r.NegativeRatio || r.NegativeXV {
		// Per digit x (index x-1): the digits in a ratio with it, and
		// those adding up to 5 or 10 with it.
		negRatio, negXV := make([]uint64, n), make([]uint64, n)
		for x := 1; x <= n; x++ {
			for v := range ratios {
				negRatio[x-1] |= ratio(x, v)
			}
			negXV[x-1] = e.digit(5-x) | e.digit(10-x)
		}
		for _, p := range orthogonalPairs(n) {
			if r.NegativeRatio && !kropki[p] {
				e.pair(p[0], p[1], func(x int) uint64 { return negRatio[x-1] }, nil)
			}
			if r.NegativeXV && !xv[p] {
				e.pair(p[0], p[1], func(x int) uint64 { return negXV[x-1] }, nil)
			}
		}
	}
	extreme := func(list []int, less bool) {
		in := map[int]bool{}
		for _, c := range list {
			in[c] = true
		}
		for _, c := range list {
			for _, nb := range orthogonalNeighbours(c, n) {
				if in[nb] {
					continue
				}
				if less { // c's digit x is below nb's y: x >= y ruled out
					e.pair(c, nb, func(x int) uint64 { return e.digits(1, x) }, func(y int) uint64 { return e.digits(y, n) })
				} else {
					e.pair(c, nb, func(x int) uint64 { return e.digits(x, n) }, func(y int) uint64 { return e.digits(1, y) })
				}
			}
		}
	}
	extreme(r.Minimums, true)
	extreme(r.Maximums, false)
	other := func(x int) uint64 { return e.all &^ e.digit(x) }
	equal := func(a, b int) {
		if a != b {
			e.pair(a, b, other, nil)
		}
	}
	for _, cl := range r.Clones {
		for i, a := range cl.Cells {
			equal(a, cl.Copy[i])
		}
	}
	for _, l := range r.Palindromes {
		for i := 0; i < len(l)/2; i++ {
			equal(l[i], l[len(l)-1-i])
		}
	}
	for _, w := range r.Whispers {
		v := whisperDiff(w, n)
		near := func(x int) uint64 { return e.digits(x-v+1, x+v-1) }
		for i := 0; i+1 < len(w.Cells); i++ {
			e.pair(w.Cells[i], w.Cells[i+1], near, nil)
		}
	}
	classes := func(list [][]int, class func(d int) int) {
		// same[x-1]: the digits of x's class.
		same := make([]uint64, n)
		for x := 1; x <= n; x++ {
			for y := 1; y <= n; y++ {
				if class(x) == class(y) {
					same[x-1] |= 1 << (y - 1)
				}
			}
		}
		out := func(x int) uint64 { return same[x-1] }
		for _, l := range list {
			for i := range l {
				for j := i + 1; j < len(l) && j <= i+2; j++ {
					e.pair(l[i], l[j], out, nil)
				}
			}
		}
	}
	classes(r.EntropicLines, func(d int) int { return entropicRank(d, n) })
	classes(r.ModularLines, func(d int) int { return d % 3 })
	adjacent := func(x int) uint64 { return e.digits(x-1, x+1) }
	for _, l := range r.Nabners {
		for i := range l {
			for j := i + 1; j < len(l); j++ {
				e.pair(l[i], l[j], adjacent, nil)
			}
		}
	}
	for _, l := range r.SlowThermos {
		for i := 0; i+1 < len(l); i++ { // x > y ruled out
			e.pair(l[i], l[i+1], func(x int) uint64 { return e.digits(1, x-1) }, func(y int) uint64 { return e.digits(y+1, n) })
		}
	}
	// indexer: digit d in cell c puts want in cell t (target(c, d)).
	indexer := func(list []int, target func(cell, d int) (int, int)) {
		for _, c := range list {
			for d := 1; d <= n; d++ {
				t, want := target(c, d)
				if t == c {
					if d != want {
						e.dead[c*n+d-1] = true
					}
					continue
				}
				e.pair(c, t, func(x int) uint64 {
					if x == d {
						return e.all &^ e.digit(want)
					}
					return 0
				}, func(y int) uint64 {
					if y != want {
						return e.digit(d)
					}
					return 0
				})
			}
		}
	}
	indexer(r.RowIndexers, func(c, d int) (int, int) { return (d-1)*n + c%n, c/n + 1 })
	indexer(r.ColumnIndexers, func(c, d int) (int, int) { return c/n*n + d - 1, c%n + 1 })
	boxCells := map[int][]int{} // per box: its cells in reading order
	indexer(r.BoxIndexers, func(c, d int) (int, int) {
		b, ok := boxCells[geo.Box[c]]
		if !ok {
			b = slices.Sorted(slices.Values(geo.Houses[geo.Box[c]]))
			boxCells[geo.Box[c]] = b
		}
		return b[d-1], slices.Index(b, c) + 1
	})
	if e.err != nil {
		return nil, e.err
	}
	if !dry {
		e.finish()
	}
	return e, nil
}

// finish sorts the pairs and settles, pair by pair in that order, the
// placements they leave out and the items they need: after it, a digit x
// of A with m[x-1] (the digits of B it rules out) not 0 has an item
// "pA,B=x", which the matrix and its count (layout.size) read.
func (e *ruleEncoder) finish() {
	n := e.n
	e.pairs = make([]rulePair, 0, len(e.forbid))
	for k, m := range e.forbid {
		e.pairs = append(e.pairs, rulePair{k[0], k[1], m})
	}
	e.forbid = nil
	slices.SortFunc(e.pairs, func(p, q rulePair) int { return cmp.Or(cmp.Compare(p.a, q.a), cmp.Compare(p.b, q.b)) })
	for _, pr := range e.pairs {
		a, b, m := pr.a, pr.b, pr.m
		peer := slices.Contains(e.peers[a], b)
		// Peers never hold the same digit: ruled out already, so needing
		// no item, but counted in the digits left to the other cell.
		diag := func(x int) uint64 {
			if peer {
				return 1 << (x - 1)
			}
			return 0
		}
		// A digit of a (of b) that leaves b (a) no digit is impossible.
		outB := e.all // the digits of b every digit of a rules out
		for x := 1; x <= n; x++ {
			row := m[x-1] | diag(x)
			if row == e.all {
				e.dead[a*n+x-1] = true
			}
			outB &= row
		}
		for y := 1; y <= n; y++ {
			if outB&(1<<(y-1)) != 0 {
				e.dead[b*n+y-1] = true
			}
		}
		for x := 1; x <= n; x++ {
			m[x-1] &^= diag(x)
			if e.dead[a*n+x-1] {
				m[x-1] = 0 // no item: x is left out of a
			}
		}
	}
}

// addRuleItems adds the secondary items of the cages without a sum and of
// the pair rules, and the dead placements, to cl. sec makes a secondary
// item; add lists an item in a placement's options. It stops with ctx's
// error when ctx ends.
func (e *ruleEncoder) addRuleItems(ctx context.Context, cl *conLayout, v *Variant,
	sec func(prefix byte, a, b int, sep byte, d int) int32, add func(cell, d int, item int32)) error {
	n := e.n
	for k, cg := range v.Cages {
		if cg.Sum != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			it := sec('s', k+1, -1, '=', d)
			for _, c := range cg.Cells {
				add(c, d, it)
			}
		}
	}
	for i, pr := range e.pairs {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		a, b, m := pr.a, pr.b, pr.m
		for x := 1; x <= n; x++ {
			if m[x-1] == 0 {
				continue
			}
			it := sec('p', a, b, '=', x)
			add(a, x, it)
			for y := 1; y <= n; y++ {
				if m[x-1]&(1<<(y-1)) != 0 {
					add(b, y, it)
				}
			}
		}
	}
	for p, d := range e.dead {
		if d {
			cl.dead[p] = true
		}
	}
	return nil
}

// renbanSets returns the digit sets of a renban of length l on side n:
// the runs of l consecutive digits, as masks.
func renbanSets(n, l int) []uint64 {
	var out []uint64
	run := uint64(1)<<l - 1
	for lo := 0; lo+l <= n; lo++ {
		out = append(out, run<<lo)
	}
	return out
}
