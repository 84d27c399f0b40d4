package sudoku

import (
	"context"
	"slices"
	"strconv"

	"github.com/dlxkit/dlx/exactcover"
)

// The reduction of the variant constraints (see Variant), appended to the
// items of reduce.go. Each encoding was chosen by measurement
// (docs/variants.md has the figures):
//
//	kK     cage K takes one of its digit sets         primary, 1 per cage
//	kK=D   digit D of cage K                          primary, N per cage
//	nA,B=D cells A and B, a knight's move apart,      secondary
//	       do not both hold D
//	wR,C=D the 2x2 window with top-left cell (R, C)   secondary
//	       holds D at most once (anti-king)
//	cA,B~K orthogonal neighbours A, B do not hold      secondary
//	       K and K+1
//	tT,I>J the I-th cell of thermometer T holds J or   secondary
//	       more and the next cell J or less: never both
//	gR     renban R takes one run of digits           primary, 1 per renban
//	gR=D   digit D of renban R                        primary, N per renban
//	sK=D   cage K without a sum holds D at most once  secondary
//	pA,B=X cell A holds X, and cell B one of the      secondary
//	       digits a pair rule forbids with it
//
// (reduce_rules.go describes the last four.)
// Killer cages follow Knuth's encoding: an option per digit set S that
// reaches the cage's sum covers kK and kK=D for every D not in S; "digit
// D in cell C" covers kK=D of C's cage. Every kK=D is then covered once,
// by the set or by one cell, so the cage's cells hold exactly the digits
// of one set. Cells of a cage keep only the digits of its sets, cells of
// a thermometer only the digits that leave room for the cells before and
// after them; the other placements are left out of the matrix. Pairs
// already in one house (row, column, box, extra region) need no item.

// conLayout is the reduction of a variant's constraints.
type conLayout struct {
	sec       []secItem   // the secondary items, after the group items
	groups    []groupName // the digit-set groups (l.groups): items G and G=D each
	extra     [][]int32   // per placement (cell·N + d-1): its constraint items
	dead      []bool      // per placement: left out of the matrix
	aux       []int32     // the cage options, one after the other
	auxStart  []int       // cage option j is aux[auxStart[j]:auxStart[j+1]]
	nPlain    int         // items of the region reduction
	anyPruned bool
}

// secItem names a secondary item, made only when the name is wanted:
// prefix, a, ",", b, sep, d ("n12,31=4"), or without ",", b when b is
// negative ("s3=4").
type secItem struct {
	prefix, sep byte
	a, b, d     int32
}

func (it secItem) String() string {
	b := make([]byte, 0, 24)
	b = append(b, it.prefix)
	b = strconv.AppendInt(b, int64(it.a), 10)
	if it.b >= 0 {
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(it.b), 10)
	}
	b = append(b, it.sep)
	b = strconv.AppendInt(b, int64(it.d), 10)
	return string(b)
}

// newConLayout returns the constraint reduction of v for layout l (whose
// cages, given and derived, are l.cages, and whose digit-set groups are
// l.groups) with geometry geo, or nil when v has no constraints. It
// stops with ctx's error when ctx ends.
func newConLayout(ctx context.Context, l *layout, v *Variant, geo *Geometry) (*conLayout, error) {
	if !v.Constrained() {
		return nil, nil
	}
	peers := geo.Peers
	n := l.n
	nn := n * n
	mc, err := l.count(ctx, -1) // counted already by the Solver, with its budget
	if err != nil {
		return nil, err
	}
	cl := &conLayout{extra: make([][]int32, nn*n), dead: make([]bool, nn*n), groups: make([]groupName, len(l.groups))}
	cl.nPlain = 4*nn + l.nxtra*n
	next := cl.nPlain + len(l.groups)*(n+1)
	cl.aux = make([]int32, 0, mc.auxEntries)
	cl.auxStart = make([]int, 1, mc.auxOptions+1)
	cl.sec = make([]secItem, 0, mc.Secondary)
	for k, g := range l.groups {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		cl.groups[k] = g.name
		head := cl.nPlain + k*(n+1)
		first := head + 1
		combos := g.sets(n)
		var union uint64
		for _, m := range combos {
			union |= m
			cl.aux = append(cl.aux, int32(head))
			for d := 1; d <= n; d++ {
				if m&(1<<(d-1)) == 0 {
					cl.aux = append(cl.aux, int32(first+d-1))
				}
			}
			cl.auxStart = append(cl.auxStart, len(cl.aux))
		}
		for _, c := range g.cells {
			for d := 1; d <= n; d++ {
				cl.extra[c*n+d-1] = append(cl.extra[c*n+d-1], int32(first+d-1))
				if union&(1<<(d-1)) == 0 && encoding.prune {
					cl.dead[c*n+d-1] = true
				}
			}
		}
	}
	sec := func(prefix byte, a, b int, sep byte, d int) int32 {
		cl.sec = append(cl.sec, secItem{prefix, sep, int32(a), int32(b), int32(d)})
		next++
		return int32(next - 1)
	}
	isPeer := func(a, b int) bool {
		for _, p := range peers[a] {
			if p == b {
				return true
			}
		}
		return false
	}
	add := func(cell, d int, item int32) {
		cl.extra[cell*n+d-1] = append(cl.extra[cell*n+d-1], item)
	}
	if v.AntiKnight {
		for i, p := range knightPairs(n) {
			if i%n == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			if isPeer(p[0], p[1]) {
				continue
			}
			for d := 1; d <= n; d++ {
				it := sec('n', p[0], p[1], '=', d)
				add(p[0], d, it)
				add(p[1], d, it)
			}
		}
	}
	if v.AntiKing && encoding.kingPairs {
		for _, p := range kingDiagonals(n) {
			if isPeer(p[0], p[1]) {
				continue
			}
			for d := 1; d <= n; d++ {
				it := sec('d', p[0], p[1], '=', d)
				add(p[0], d, it)
				add(p[1], d, it)
			}
		}
	}
	if v.AntiKing && !encoding.kingPairs {
		for r := 0; r+1 < n; r++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for c := 0; c+1 < n; c++ {
				a := r*n + c
				w := [4]int{a, a + 1, a + n, a + n + 1}
				if isPeer(w[0], w[3]) && isPeer(w[1], w[2]) {
					continue
				}
				for d := 1; d <= n; d++ {
					it := sec('w', r+1, c+1, '=', d)
					for _, x := range w {
						add(x, d, it)
					}
				}
			}
		}
	}
	if v.NonConsecutive {
		dotted := dottedPairs(v)
		for i, p := range orthogonalPairs(n) {
			if i%n == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			if dotted[p] {
				continue // the dot's rule replaces non-consecutive
			}
			for k := 1; k < n; k++ {
				it := sec('c', p[0], p[1], '~', k)
				for _, x := range p {
					add(x, k, it)
					add(x, k+1, it)
				}
			}
		}
	}
	if rng := thermoRange(n, v); rng != nil {
		for c, m := range rng {
			for d := 1; d <= n; d++ {
				if m&(1<<(d-1)) == 0 && encoding.prune {
					cl.dead[c*n+d-1] = true
				}
			}
		}
		for t, th := range v.Thermos {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			for i := 0; i+1 < len(th); i++ {
				a, b := th[i], th[i+1]
				// Item j: a holds j or more, b j or less. Only the j
				// both cells can reach need an item.
				for j := 1; j <= n; j++ {
					if encoding.prune && (rng[a]>>(j-1) == 0 || rng[b]&(1<<j-1) == 0) {
						continue
					}
					it := sec('t', t+1, i+1, '>', j)
					for x := j; x <= n; x++ {
						add(a, x, it)
					}
					for y := 1; y <= j; y++ {
						add(b, y, it)
					}
				}
			}
		}
	}
	if l.rules != nil {
		if err := l.rules.addRuleItems(ctx, cl, v, sec, add); err != nil {
			return nil, err
		}
	}
	for _, d := range cl.dead {
		cl.anyPruned = cl.anyPruned || d
	}
	return cl, nil
}

// dottedPairs returns the orthogonal pairs (lower cell first) that hold a
// kropki dot, white or black: non-consecutive leaves them to the dot's
// rule.
func dottedPairs(v *Variant) map[[2]int]bool {
	dotted := map[[2]int]bool{}
	for _, list := range [][]Dot{v.Differences, v.Ratios} {
		for _, d := range list {
			dotted[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
		}
	}
	return dotted
}

// groupName names the items of a digit-set group: its prefix and number
// ("k3" for the third cage, "g1" for the first renban).
type groupName struct {
	prefix byte
	k      int32
}

func (g groupName) String() string { return string(g.prefix) + strconv.Itoa(int(g.k)) }

// digitGroup is a group of cells that holds exactly the digits of one of
// its digit sets: a cage with a sum, given or derived (its sets are the
// sets of distinct digits that add up to the sum), or a renban line (the
// runs of consecutive digits of its length).
type digitGroup struct {
	name  groupName
	cells []int
	sum   int // the cage's sum; 0 for a renban
}

// sets returns the digit sets of g on side n, as masks.
func (g digitGroup) sets(n int) []uint64 {
	if g.name.prefix == 'g' {
		return renbanSets(n, len(g.cells))
	}
	return cageCombos(n, len(g.cells), g.sum)
}

// digitGroups returns the digit-set groups of cages (the variant's, then
// the derived ones) and v's renbans: the cages with a sum, named by their
// place in cages, then the renbans. A cage without a sum is no group: it
// only holds distinct digits (reduce_rules.go).
func digitGroups(cages []Cage, v *Variant) []digitGroup {
	var out []digitGroup
	for k, cg := range cages {
		if cg.Sum != 0 {
			out = append(out, digitGroup{groupName{'k', int32(k + 1)}, cg.Cells, cg.Sum})
		}
	}
	if v != nil {
		for k, r := range v.Renbans {
			out = append(out, digitGroup{groupName{'g', int32(k + 1)}, r, 0})
		}
	}
	return out
}

// addItems adds the constraint items to p, after the region items: per
// digit-set group G (cage kK, renban gR) G and G=1..G=N (primary), then
// the secondary items.
func (cl *conLayout) addItems(p *exactcover.Problem, n int) error {
	groupItem := func(i int) string {
		k, d := i/(n+1), i%(n+1)
		gs := cl.groups[k].String()
		if d == 0 {
			return gs
		}
		return gs + "=" + strconv.Itoa(d)
	}
	if _, err := p.AddItems(len(cl.groups)*(n+1), false, groupItem); err != nil {
		return err
	}
	_, err := p.AddItems(len(cl.sec), true, func(i int) string { return cl.sec[i].String() })
	return err
}

// placements maps the placements (cell·N + d-1) of a constrained matrix
// to its options and back: opt[p] is the option of placement p (-1 when
// left out), place[o] the placement of option o (-1 for a cage option).
type placements struct {
	opt, place []int32
}

// encoding holds the choices between encodings that docs/variants.md
// measures; the tests flip them to repeat the measurement. The defaults
// are the measured best.
// maxRun is the most rows or columns in a run DerivedCages sums: longer
// runs make (almost) no cage the shorter ones and their complements do not
// (see docs/variants.md), and their number grows as N².
const maxRun = 4

var encoding = struct {
	derived   bool // add the cages the rule of 45 derives
	prune     bool // leave out placements the cages or thermometers rule out
	kingPairs bool // anti-king as an item per diagonal pair, not per 2x2 window
}{derived: true, prune: true}

// DerivedCages returns the cages that the rule of 45 derives from the
// given cages (those with a sum): a house, or a run of whole rows or
// columns, holds each digit once per house, so its digits add up to
// N(N+1)/2 per house.
// Subtracting the cages inside it leaves the sum of its other cells (the
// "innies"); subtracting it from the cages that cover it leaves the sum
// of their cells outside it (the "outies"). When those cells lie in one
// house their digits are distinct, and they form a cage like any other,
// which may overlap the given ones: the encoding takes each cage on its
// own. Cages equal to a given one or found before are left out.
func DerivedCages(geo *Geometry, given []Cage) []Cage {
	out, _ := derivedCages(context.Background(), geo, given)
	return out
}

// derivedCages is DerivedCages stopping with ctx's error when ctx ends.
func derivedCages(ctx context.Context, geo *Geometry, given []Cage) ([]Cage, error) {
	if slices.ContainsFunc(given, func(c Cage) bool { return c.Sum == 0 }) {
		// A cage without a sum tells nothing of the sum of its cells.
		given = slices.DeleteFunc(slices.Clone(given), func(c Cage) bool { return c.Sum == 0 })
	}
	if len(given) == 0 {
		return nil, nil // no cage inside or over any region
	}
	n := geo.N
	nc := n * n
	full := n * (n + 1) / 2
	cageOf := make([]int, nc)
	for i := range cageOf {
		cageOf[i] = -1
	}
	for k, cg := range given {
		for _, c := range cg.Cells {
			cageOf[c] = k
		}
	}
	// The regions: every house, and runs of 2..N-1 whole rows or columns.
	type region struct {
		cells  []int
		houses int
	}
	var regions []region
	for _, h := range geo.Houses {
		regions = append(regions, region{h, 1})
	}
	for _, first := range []int{0, n} { // rows, then columns
		for a := range n {
			for b := a + 2; b <= n && b-a < n && b-a <= maxRun; b++ {
				var cells []int
				for h := first + a; h < first+b; h++ {
					cells = append(cells, geo.Houses[h]...)
				}
				regions = append(regions, region{cells, b - a})
			}
		}
	}
	// oneHouse reports whether cells lie in one house.
	oneHouse := func(cells []int) bool {
		for _, h := range geo.CellHouses[cells[0]] {
			in := true
			for _, c := range cells[1:] {
				if !slices.Contains(geo.CellHouses[c], h) {
					in = false
					break
				}
			}
			if in {
				return true
			}
		}
		return false
	}
	seen := map[string]bool{}
	key := func(cells []int) string {
		s := slices.Sorted(slices.Values(cells))
		b := make([]byte, 0, 2*len(s))
		for _, c := range s {
			b = append(b, byte(c>>8), byte(c))
		}
		return string(b)
	}
	for _, cg := range given {
		seen[key(cg.Cells)] = true
	}
	var out []Cage
	add := func(cells []int, sum int) {
		if len(cells) == 0 || len(cells) > n || !oneHouse(cells) {
			return
		}
		if lo, hi := sumRange(n, len(cells)); sum >= lo && sum <= hi && comboCount(n, len(cells), sum) > MaxCageSets {
			return // too many sets to list: the cage is only a help
		}
		k := key(cells)
		if seen[k] {
			return
		}
		seen[k] = true
		out = append(out, Cage{Sum: sum, Cells: cells})
	}
	in := make([]bool, nc)
	for _, r := range regions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for _, c := range r.cells {
			in[c] = true
		}
		total := r.houses * full
		// Innies: the cells of r outside the cages inside r.
		inside := map[int]bool{}
		touch := map[int]bool{}
		allCaged := true
		for _, c := range r.cells {
			k := cageOf[c]
			if k < 0 {
				allCaged = false
				continue
			}
			touch[k] = true
			if _, done := inside[k]; done {
				continue
			}
			inside[k] = !slices.ContainsFunc(given[k].Cells, func(x int) bool { return !in[x] })
		}
		innies, sumIn := []int(nil), total
		for _, c := range r.cells {
			if k := cageOf[c]; k < 0 || !inside[k] {
				innies = append(innies, c)
			}
		}
		for k, ok := range inside {
			if ok {
				sumIn -= given[k].Sum
			}
		}
		if len(innies) < len(r.cells) {
			add(innies, sumIn) // else no cage inside r: nothing new
		}
		// Outies: the cells outside r of the cages covering r.
		if allCaged {
			var outies []int
			sumOut := -total
			for k := range touch {
				sumOut += given[k].Sum
				for _, c := range given[k].Cells {
					if !in[c] {
						outies = append(outies, c)
					}
				}
			}
			slices.Sort(outies)
			add(outies, sumOut)
		}
		for _, c := range r.cells {
			in[c] = false
		}
	}
	return out, nil
}
