package sudoku

import (
	"cmp"
	"slices"
	"strconv"
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

// ruleEncoder collects the pair rules of a variant.
type ruleEncoder struct {
	n      int
	forbid map[[2]int][]uint64 // (A, B), A < B: per digit x of A (index x-1), the digits of B ruled out
	dead   []bool              // per placement: ruled out alone
	peers  [][]int
}

// pair rules out, for cells a and b, the digits (x in a, y in b) for
// which out(x, y) holds.
func (e *ruleEncoder) pair(a, b int, out func(x, y int) bool) {
	n := e.n
	if a == b {
		for x := 1; x <= n; x++ {
			if out(x, x) {
				e.dead[a*n+x-1] = true
			}
		}
		return
	}
	if a > b {
		a, b = b, a
		o := out
		out = func(x, y int) bool { return o(y, x) }
	}
	m := e.forbid[[2]int{a, b}]
	if m == nil {
		m = make([]uint64, n)
		e.forbid[[2]int{a, b}] = m
	}
	for x := 1; x <= n; x++ {
		for y := 1; y <= n; y++ {
			if out(x, y) {
				m[x-1] |= 1 << (y - 1)
			}
		}
	}
}

// newRuleEncoder collects the rules of v that act on single cells and
// pairs of cells.
func newRuleEncoder(v *Variant, geo *Geometry) *ruleEncoder {
	n := geo.N
	e := &ruleEncoder{n: n, forbid: map[[2]int][]uint64{}, dead: make([]bool, n*n*n), peers: geo.Peers}
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
		e.pair(d.Cells[0], d.Cells[1], func(x, y int) bool { return x-y != v && y-x != v })
		kropki[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
	}
	ratios := map[int]bool{}
	for _, d := range r.Ratios {
		v := dotValue(d, 2)
		ratios[v] = true
		e.pair(d.Cells[0], d.Cells[1], func(x, y int) bool { return x*v != y && y*v != x })
		kropki[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
	}
	if len(ratios) == 0 {
		ratios[2] = true
	}
	xv := map[[2]int]bool{}
	for _, d := range r.XV {
		v := d.Value
		e.pair(d.Cells[0], d.Cells[1], func(x, y int) bool { return x+y != v })
		xv[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
	}
	if r.NegativeRatio || r.NegativeXV {
		for _, p := range orthogonalPairs(n) {
			if r.NegativeRatio && !kropki[p] {
				e.pair(p[0], p[1], func(x, y int) bool {
					for v := range ratios {
						if x*v == y || y*v == x {
							return true
						}
					}
					return false
				})
			}
			if r.NegativeXV && !xv[p] {
				e.pair(p[0], p[1], func(x, y int) bool { return x+y == 5 || x+y == 10 })
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
				if less {
					e.pair(c, nb, func(x, y int) bool { return x >= y })
				} else {
					e.pair(c, nb, func(x, y int) bool { return x <= y })
				}
			}
		}
	}
	extreme(r.Minimums, true)
	extreme(r.Maximums, false)
	equal := func(a, b int) {
		if a != b {
			e.pair(a, b, func(x, y int) bool { return x != y })
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
		for i := 0; i+1 < len(w.Cells); i++ {
			e.pair(w.Cells[i], w.Cells[i+1], func(x, y int) bool { return x-y < v && y-x < v })
		}
	}
	classes := func(list [][]int, class func(d int) int) {
		for _, l := range list {
			for i := range l {
				for j := i + 1; j < len(l) && j <= i+2; j++ {
					e.pair(l[i], l[j], func(x, y int) bool { return class(x) == class(y) })
				}
			}
		}
	}
	classes(r.EntropicLines, func(d int) int { return entropicRank(d, n) })
	classes(r.ModularLines, func(d int) int { return d % 3 })
	for _, l := range r.Nabners {
		for i := range l {
			for j := i + 1; j < len(l); j++ {
				e.pair(l[i], l[j], func(x, y int) bool { return x-y <= 1 && y-x <= 1 })
			}
		}
	}
	for _, l := range r.SlowThermos {
		for i := 0; i+1 < len(l); i++ {
			e.pair(l[i], l[i+1], func(x, y int) bool { return x > y })
		}
	}
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
				e.pair(c, t, func(x, y int) bool { return x == d && y != want })
			}
		}
	}
	indexer(r.RowIndexers, func(c, d int) (int, int) { return (d-1)*n + c%n, c/n + 1 })
	indexer(r.ColumnIndexers, func(c, d int) (int, int) { return c/n*n + d - 1, c%n + 1 })
	indexer(r.BoxIndexers, func(c, d int) (int, int) {
		b := slices.Sorted(slices.Values(geo.Houses[geo.Box[c]]))
		return b[d-1], slices.Index(b, c) + 1
	})
	return e
}

// addRuleItems adds the secondary items of the pair rules and of the
// cages without a sum, and the dead placements, to cl. sec makes a
// secondary item; add lists an item in a placement's options.
func (e *ruleEncoder) addRuleItems(cl *conLayout, v *Variant, sec func(string) int32, add func(cell, d int, item int32)) {
	n := e.n
	for k, cg := range v.Cages {
		if cg.Sum != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			it := sec("s" + strconv.Itoa(k+1) + "=" + strconv.Itoa(d))
			for _, c := range cg.Cells {
				add(c, d, it)
			}
		}
	}
	keys := make([][2]int, 0, len(e.forbid))
	for k := range e.forbid {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(p, q [2]int) int { return cmp.Or(cmp.Compare(p[0], q[0]), cmp.Compare(p[1], q[1])) })
	all := uint64(1)<<n - 1
	for _, k := range keys {
		a, b := k[0], k[1]
		m := e.forbid[k]
		peer := slices.Contains(e.peers[a], b)
		if peer {
			// Peers never hold the same digit: no item needed for it.
			for x := 1; x <= n; x++ {
				m[x-1] &^= 1 << (x - 1)
			}
		}
		// A digit of a (of b) that leaves b (a) no digit is impossible.
		for x := 1; x <= n; x++ {
			if peer {
				m[x-1] |= 1 << (x - 1)
			}
			if m[x-1] == all {
				e.dead[a*n+x-1] = true
			}
		}
		for y := 1; y <= n; y++ {
			out := true
			for x := 1; x <= n && out; x++ {
				out = m[x-1]&(1<<(y-1)) != 0
			}
			if out {
				e.dead[b*n+y-1] = true
			}
		}
		if peer {
			for x := 1; x <= n; x++ {
				m[x-1] &^= 1 << (x - 1)
			}
		}
		ps := "p" + strconv.Itoa(a) + "," + strconv.Itoa(b) + "="
		for x := 1; x <= n; x++ {
			if m[x-1] == 0 || e.dead[a*n+x-1] {
				continue
			}
			it := sec(ps + strconv.Itoa(x))
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
