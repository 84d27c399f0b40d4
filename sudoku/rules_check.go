package sudoku

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// RuleBreak is a rule a grid breaks (see CheckRules).
type RuleBreak struct {
	// Rule names the kind of rule: "row", "column", "box", "region" (an
	// extra region), "anti-knight", "anti-king", "cage", "thermometer",
	// "non-consecutive", or a kind of Rules in setters' words ("arrow",
	// "white dot", "black dot", "negative kropki", "XV mark", "negative
	// XV", "little killer", ...).
	Rule string `json:"rule"`
	// Index is the rule's place in its list (0-based: cage 0 is
	// Variant.Cages[0], arrow 2 is Rules.Arrows[2], row 0 is the first
	// row), -1 for a rule of the whole grid (anti-knight, negative
	// constraints, even cells, ...).
	Index int `json:"index"`
	// Cells are the cells that break it.
	Cells []int `json:"cells"`
	// Same: two cells hold the same digit where the rule wants them
	// different (a row, a cage, a renban, ...).
	Same bool `json:"same,omitempty"`
	// Msg says what is wrong: "arrow 3: circle r1c1 reads 5, shaft adds
	// up to 7".
	Msg string `json:"msg"`
}

// CheckRules lists the rules g breaks: every house (row, column, box or
// jigsaw region, extra region) and every constraint of its variant
// (cages, thermometers, the chess and non-consecutive rules, and each
// rule of Rules), in that order. On a full grid it is exact: it returns
// nothing exactly when g obeys every rule. On a partly filled grid it is
// sound: it reports a rule only when no digits in its blank cells could
// satisfy it, the rule taken alone (rows, columns and the other rules
// ignored), so a completion of g that keeps the rule never exists for a
// reported rule, and a rule it does not report may still be doomed by
// the others. docs/variants.md gives each rule's check. Cell values above
// N count as blank. A variant that does not fit g's shape is checked for
// rows and columns only.
func CheckRules(g *Grid) []RuleBreak {
	n := g.N()
	if len(g.Cells) != n*n {
		return nil
	}
	c := newRuleChecker(g)
	if c.geo == nil {
		geo, err := NewGeometry(g.Shape, nil)
		if err != nil {
			return nil
		}
		c.houses(geo.Houses[:2*n], geo.Kinds[:2*n])
		return c.out
	}
	c.houses(c.geo.Houses, c.geo.Kinds)
	if c.fit {
		c.constraints()
	}
	return c.out
}

// ruleChecker collects the rules a grid breaks.
type ruleChecker struct {
	g   *Grid
	v   *Variant
	n   int
	geo *Geometry // nil when the regions do not fit the shape
	fit bool      // the constraints fit the grid (CheckConstraints)
	out []RuleBreak
}

func newRuleChecker(g *Grid) *ruleChecker {
	c := &ruleChecker{g: g, v: g.Variant, n: g.N()}
	if g.Variant == nil {
		c.v = &Variant{}
	}
	if geo, err := NewGeometry(g.Shape, g.Variant); err == nil {
		c.geo = geo
	}
	c.fit = CheckConstraints(c.n, g.Variant) == nil
	return c
}

// d returns the digit in cell i, 0 for a blank (or a value above N).
func (c *ruleChecker) d(i int) int {
	v := int(c.g.Cells[i])
	if v > c.n {
		return 0
	}
	return v
}

func (c *ruleChecker) name(i int) string { return CellName(i, c.n) }

// is names a filled cell with its digit: "r1c1=5".
func (c *ruleChecker) is(i int) string { return c.name(i) + "=" + strconv.Itoa(c.d(i)) }

func (c *ruleChecker) add(rule string, index int, cells []int, format string, args ...any) {
	c.out = append(c.out, RuleBreak{Rule: rule, Index: index, Cells: slices.Clone(cells), Msg: fmt.Sprintf(format, args...)})
}

// same adds a pair of cells holding the same digit against a rule.
func (c *ruleChecker) same(rule string, index int, a, b int, format string, args ...any) {
	c.out = append(c.out, RuleBreak{Rule: rule, Index: index, Cells: []int{min(a, b), max(a, b)}, Same: true, Msg: fmt.Sprintf(format, args...)})
}

func (c *ruleChecker) houses(houses [][]int, kinds []HouseKind) {
	var count [4]int
	for h, cells := range houses {
		kind := kinds[h]
		index := count[kind]
		count[kind]++
		what := [...]string{"row", "column", "box", "region"}[kind]
		for i, a := range cells {
			da := c.d(a)
			if da == 0 {
				continue
			}
			for _, b := range cells[i+1:] {
				if c.d(b) == da {
					c.same(what, index, a, b, "%s %d: %s and %s both %d", what, index+1, c.name(a), c.name(b), da)
				}
			}
		}
	}
}

// constraints checks the variant's constraints: the cages, thermometers
// and flags of Variant, then Rules.
func (c *ruleChecker) constraints() {
	v, n := c.v, c.n
	pairs := func(rule string, ps [][2]int) {
		for _, p := range ps {
			if d := c.d(p[0]); d != 0 && d == c.d(p[1]) {
				c.same(rule, -1, p[0], p[1], "%s: %s and %s both %d", rule, c.name(p[0]), c.name(p[1]), d)
			}
		}
	}
	if v.AntiKnight {
		pairs("anti-knight", knightPairs(n))
	}
	if v.AntiKing {
		pairs("anti-king", kingDiagonals(n))
	}
	dotted := c.kropkiPairs()
	if v.NonConsecutive {
		for _, p := range orthogonalPairs(n) {
			a, b := c.d(p[0]), c.d(p[1])
			if a != 0 && b != 0 && (a-b == 1 || b-a == 1) && !dotted[p] {
				c.add("non-consecutive", -1, p[:], "non-consecutive: %s=%d beside %s=%d", c.name(p[0]), a, c.name(p[1]), b)
			}
		}
	}
	for t, th := range v.Thermos {
		// Each filled cell must exceed the last filled one by at least
		// the number of steps between them.
		last, at := 0, -1
		for i, x := range th {
			d := c.d(x)
			if d == 0 {
				continue
			}
			if at >= 0 && d-last < i-at {
				c.add("thermometer", t, []int{th[at], x}, "thermometer %d: %s=%d after %s=%d", t+1, c.name(x), d, c.name(th[at]), last)
			}
			last, at = d, i
		}
	}
	for k, cg := range v.Cages {
		sum, filled := 0, 0
		for i, a := range cg.Cells {
			da := c.d(a)
			if da == 0 {
				continue
			}
			sum += da
			filled++
			for _, b := range cg.Cells[:i] {
				if c.d(b) == da {
					c.same("cage", k, a, b, "cage %d: %s and %s both %d", k+1, c.name(a), c.name(b), da)
				}
			}
		}
		switch {
		case cg.Sum == 0:
		case filled == len(cg.Cells) && sum != cg.Sum:
			c.add("cage", k, cg.Cells, "cage %d: digits add up to %d, want %d", k+1, sum, cg.Sum)
		case filled < len(cg.Cells) && sum >= cg.Sum:
			c.add("cage", k, cg.Cells, "cage %d: digits add up to %d with cells still blank, want %d", k+1, sum, cg.Sum)
		}
	}
	c.rules(dotted)
}

// kropkiPairs returns the orthogonal pairs (smaller cell first) that
// carry a kropki dot.
func (c *ruleChecker) kropkiPairs() map[[2]int]bool {
	m := map[[2]int]bool{}
	for _, list := range [][]Dot{c.v.Differences, c.v.Ratios} {
		for _, d := range list {
			m[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
		}
	}
	return m
}

// span returns the sum of the filled cells among cells and the number
// of blank ones.
func (c *ruleChecker) span(cells []int) (sum, blanks int) {
	for _, x := range cells {
		if d := c.d(x); d != 0 {
			sum += d
		} else {
			blanks++
		}
	}
	return sum, blanks
}

// names lists cells for messages: "r1c1 r1c2".
func (c *ruleChecker) names(cells []int) string {
	s := make([]string, len(cells))
	for i, x := range cells {
		s[i] = c.name(x)
	}
	return strings.Join(s, " ")
}

// sumText describes the sum of cells for a message: "7", or "7 plus
// 2 blank cells".
func sumText(sum, blanks int) string {
	if blanks == 0 {
		return strconv.Itoa(sum)
	}
	return fmt.Sprintf("%d plus %d blank cells", sum, blanks)
}

// rules checks the rules of Rules. dotted holds the pairs with a kropki
// dot.
func (c *ruleChecker) rules(dotted map[[2]int]bool) {
	r, n := &c.v.Rules, c.n
	for k, a := range r.Arrows {
		// The circle's number grows with each of its digits, so blanks
		// give the range 1.. to N..; the shaft's sum likewise.
		lo, hi := make([]int, len(a.Circle)), make([]int, len(a.Circle))
		for i, x := range a.Circle {
			if d := c.d(x); d != 0 {
				lo[i], hi[i] = d, d
			} else {
				lo[i], hi[i] = 1, n
			}
		}
		pLo, pHi := pillValue(lo), pillValue(hi)
		s, b := c.span(a.Shaft)
		if pHi < s+b || pLo > s+b*n {
			circle := strconv.Itoa(pLo)
			if pLo != pHi {
				circle = fmt.Sprintf("%d to %d", pLo, pHi)
			}
			c.add("arrow", k, append(slices.Clone(a.Circle), a.Shaft...), "arrow %d: circle %s reads %s, shaft adds up to %s", k+1, c.names(a.Circle), circle, sumText(s, b))
		}
	}
	dot := func(list []Dot, rule string, def int, ok func(x, y, v int) bool, what string) {
		for k, dt := range list {
			v := dotValue(dt, def)
			a, b := dt.Cells[0], dt.Cells[1]
			x, y := c.d(a), c.d(b)
			switch {
			case x != 0 && y != 0:
				if !ok(x, y, v) {
					c.add(rule, k, dt.Cells, "%s %d: %s and %s, want %s %d", rule, k+1, c.is(a), c.is(b), what, v)
				}
			case x != 0 || y != 0:
				f := a
				if x == 0 {
					f, x = b, y
				}
				any := false
				for w := 1; w <= n && !any; w++ {
					any = ok(x, w, v)
				}
				if !any {
					c.add(rule, k, dt.Cells, "%s %d: no digit beside %s makes %s %d", rule, k+1, c.is(f), what, v)
				}
			}
		}
	}
	diffOK := func(x, y, v int) bool { return x-y == v || y-x == v }
	ratioOK := func(x, y, v int) bool { return x*v == y || y*v == x }
	sumOK := func(x, y, v int) bool { return x+y == v }
	dot(r.Differences, "white dot", 1, diffOK, "a difference of")
	dot(r.Ratios, "black dot", 2, ratioOK, "a ratio of")
	dot(r.XV, "XV mark", 0, sumOK, "a sum of")
	if r.NegativeRatio || r.NegativeXV {
		ratios := map[int]bool{}
		for _, d := range r.Ratios {
			ratios[dotValue(d, 2)] = true
		}
		if len(ratios) == 0 {
			ratios[2] = true
		}
		marked := map[[2]int]bool{}
		for _, d := range r.XV {
			marked[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
		}
		for _, p := range orthogonalPairs(n) {
			x, y := c.d(p[0]), c.d(p[1])
			if x == 0 || y == 0 {
				continue
			}
			if r.NegativeRatio && !dotted[p] {
				for v := range ratios {
					if ratioOK(x, y, v) {
						c.add("negative kropki", -1, p[:], "negative kropki: %s beside %s have a ratio of %d without a black dot", c.is(p[0]), c.is(p[1]), v)
						break
					}
				}
			}
			if r.NegativeXV && !marked[p] && (x+y == 5 || x+y == 10) {
				c.add("negative XV", -1, p[:], "negative XV: %s beside %s add up to %d without a mark", c.is(p[0]), c.is(p[1]), x+y)
			}
		}
	}
	parity := func(list []int, rule string, rem int) {
		for _, x := range list {
			if d := c.d(x); d != 0 && d%2 != rem {
				c.add(rule, -1, []int{x}, "%s: %s", rule, c.is(x))
			}
		}
	}
	parity(r.Even, "even cell", 0)
	parity(r.Odd, "odd cell", 1)
	extreme := func(list []int, rule string, less bool) {
		in := map[int]bool{}
		for _, x := range list {
			in[x] = true
		}
		for _, x := range list {
			dx := c.d(x)
			if dx == 0 {
				continue
			}
			for _, y := range orthogonalNeighbours(x, n) {
				if in[y] {
					continue
				}
				dy := c.d(y)
				// A blank neighbour needs a digit above (below) dx.
				switch {
				case dy != 0 && less && dx >= dy, dy != 0 && !less && dx <= dy:
					c.add(rule, -1, []int{x, y}, "%s: %s beside %s", rule, c.is(x), c.is(y))
				case dy == 0 && less && dx == n:
					c.add(rule, -1, []int{x, y}, "%s: %s, and %s needs a digit above it", rule, c.is(x), c.name(y))
				case dy == 0 && !less && dx == 1:
					c.add(rule, -1, []int{x, y}, "%s: %s, and %s needs a digit below it", rule, c.is(x), c.name(y))
				}
			}
		}
	}
	extreme(r.Minimums, "minimum", true)
	extreme(r.Maximums, "maximum", false)
	for k, lk := range r.LittleKillers {
		cells := lk.Cells(n)
		s, b := c.span(cells)
		if s+b > lk.Sum || s+b*n < lk.Sum {
			c.add("little killer", k, cells, "little killer %d (%s, %s): digits add up to %s, want %d", k+1, outsideName(lk.Row, lk.Col, n), lk.Direction, sumText(s, b), lk.Sum)
		}
	}
	for k, o := range r.Sandwiches {
		cells := o.Cells(n)
		i1, iN := -1, -1
		for i, x := range cells {
			if d := c.d(x); d == 1 && i1 < 0 {
				i1 = i
			} else if d == n && iN < 0 {
				iN = i
			}
		}
		if i1 < 0 || iN < 0 {
			continue
		}
		between := cells[min(i1, iN)+1 : max(i1, iN)]
		s, b := c.span(between)
		if s+b > o.Value || s+b*n < o.Value {
			c.add("sandwich", k, cells, "sandwich %d (%s): digits between 1 and %d add up to %s, want %d", k+1, outsideName(o.Row, o.Col, n), n, sumText(s, b), o.Value)
		}
	}
	for k, o := range r.XSums {
		cells := o.Cells(n)
		x := c.d(cells[0])
		if x == 0 {
			continue
		}
		s, b := c.span(cells[:x])
		if s+b > o.Value || s+b*n < o.Value {
			c.add("X-sum", k, cells[:x], "X-sum %d (%s): the first %d digits add up to %s, want %d", k+1, outsideName(o.Row, o.Col, n), x, sumText(s, b), o.Value)
		}
	}
	for k, o := range r.Skyscrapers {
		cells := o.Cells(n)
		seen, top := 0, 0
		full := true
		for _, x := range cells {
			d := c.d(x)
			if d == 0 {
				full = false
				break
			}
			if d > top {
				seen, top = seen+1, d
			}
		}
		if full && seen != o.Value {
			c.add("skyscraper", k, cells, "skyscraper %d (%s): %d digits seen, want %d", k+1, outsideName(o.Row, o.Col, n), seen, o.Value)
		}
	}
	for k, q := range r.Quadruples {
		have := map[int]int{}
		blanks := 0
		for _, x := range q.Cells {
			if d := c.d(x); d != 0 {
				have[d]++
			} else {
				blanks++
			}
		}
		need := map[int]int{}
		for _, d := range q.Digits {
			need[d]++
		}
		missing := 0
		for d, m := range need {
			missing += max(0, m-have[d])
		}
		if missing > blanks {
			c.add("quadruple", k, q.Cells, "quadruple %d (%s): wants %v, %d missing for %d blank cells", k+1, c.names(q.Cells), q.Digits, missing, blanks)
		}
	}
	for k, cl := range r.Clones {
		for i, a := range cl.Cells {
			b := cl.Copy[i]
			if x, y := c.d(a), c.d(b); x != 0 && y != 0 && x != y {
				c.add("clone", k, []int{a, b}, "clone %d: %s and its copy %s", k+1, c.is(a), c.is(b))
			}
		}
	}
	for k, l := range r.Palindromes {
		for i := 0; i < len(l)/2; i++ {
			a, b := l[i], l[len(l)-1-i]
			if x, y := c.d(a), c.d(b); x != 0 && y != 0 && x != y {
				c.add("palindrome", k, []int{a, b}, "palindrome %d: %s and %s", k+1, c.is(a), c.is(b))
			}
		}
	}
	for k, l := range r.Renbans {
		lo, hi := n+1, 0
		for i, a := range l {
			x := c.d(a)
			if x == 0 {
				continue
			}
			lo, hi = min(lo, x), max(hi, x)
			for _, b := range l[:i] {
				if c.d(b) == x {
					c.same("renban", k, a, b, "renban %d: %s and %s both %d", k+1, c.name(a), c.name(b), x)
				}
			}
		}
		if hi-lo >= len(l) {
			c.add("renban", k, l, "renban %d: digits %d to %d do not fit a run of %d", k+1, lo, hi, len(l))
		}
	}
	for k, w := range r.Whispers {
		v := whisperDiff(w, n)
		for i := 0; i+1 < len(w.Cells); i++ {
			a, b := w.Cells[i], w.Cells[i+1]
			x, y := c.d(a), c.d(b)
			switch {
			case x != 0 && y != 0 && x-y < v && y-x < v:
				c.add("whispers", k, []int{a, b}, "whispers %d: %s beside %s, want a difference of %d or more", k+1, c.is(a), c.is(b), v)
			case (x == 0) != (y == 0):
				f := max(x, y)
				if f-v < 1 && f+v > n {
					c.add("whispers", k, []int{a, b}, "whispers %d: no digit differs from %d by %d or more", k+1, f, v)
				}
			}
		}
	}
	for k, l := range r.BetweenLines {
		if !c.betweenOK(l) {
			c.add("between line", k, l, "between line %d: %s", k+1, c.lineText(l))
		}
	}
	if c.geo != nil {
		for k, l := range r.RegionSumLines {
			c.regionSum(k, l)
		}
	}
	classLine := func(list [][]int, rule string, class func(d int) int) {
		// The rule is: cells a multiple of 3 apart share a class, other
		// pairs of cells differ. So the first filled cell at each place
		// mod 3 fixes that place's class; a later filled cell breaks the
		// rule when its class is not its place's, or is another place's.
		for k, l := range list {
			first := [3]int{-1, -1, -1} // first filled cell at each place mod 3
			for j, x := range l {
				y := c.d(x)
				if y == 0 {
					continue
				}
				for p := range 3 {
					if first[p] < 0 {
						continue
					}
					a := l[first[p]]
					if same := class(c.d(a)) == class(y); same != (p == j%3) {
						c.add(rule, k, []int{a, x}, "%s %d: %s and %s, %d apart", rule, k+1, c.is(a), c.is(x), j-first[p])
						break
					}
				}
				if first[j%3] < 0 {
					first[j%3] = j
				}
			}
		}
	}
	classLine(r.EntropicLines, "entropic line", func(d int) int { return entropicRank(d, n) })
	classLine(r.ModularLines, "modular line", func(d int) int { return d % 3 })
	for k, l := range r.Nabners {
		for j, b := range l {
			y := c.d(b)
			if y == 0 {
				continue
			}
			for _, a := range l[:j] {
				x := c.d(a)
				switch {
				case x == 0:
				case x == y:
					c.same("nabner", k, a, b, "nabner %d: %s and %s both %d", k+1, c.name(a), c.name(b), x)
				case x-y == 1 || y-x == 1:
					c.add("nabner", k, []int{a, b}, "nabner %d: %s and %s are consecutive", k+1, c.is(a), c.is(b))
				}
			}
		}
	}
	for k, l := range r.ZipperLines {
		c.zipper(k, l)
	}
	for k, l := range r.DoubleArrows {
		ends := []int{l[0], l[len(l)-1]}
		es, eb := c.span(ends)
		ms, mb := c.span(l[1 : len(l)-1])
		if es+eb*n < ms+mb || es+eb > ms+mb*n {
			c.add("double arrow", k, l, "double arrow %d: ends %s add up to %s, the cells between to %s", k+1, c.names(ends), sumText(es, eb), sumText(ms, mb))
		}
	}
	for k, l := range r.SlowThermos {
		top := -1 // the cell of the largest filled digit so far
		for _, x := range l {
			y := c.d(x)
			if y == 0 {
				continue
			}
			if top >= 0 && c.d(top) > y {
				c.add("slow thermometer", k, []int{top, x}, "slow thermometer %d: %s after %s", k+1, c.is(x), c.is(top))
			}
			if top < 0 || y > c.d(top) {
				top = x
			}
		}
	}
	c.indexers(r.RowIndexers, "row indexer", func(cell, d int) (int, int) { return (d-1)*n + cell%n, cell/n + 1 })
	c.indexers(r.ColumnIndexers, "column indexer", func(cell, d int) (int, int) { return cell/n*n + d - 1, cell%n + 1 })
	if len(r.BoxIndexers) > 0 && c.geo != nil {
		c.indexers(r.BoxIndexers, "box indexer", func(cell, d int) (int, int) {
			b := slices.Sorted(slices.Values(c.geo.Houses[c.geo.Box[cell]]))
			return b[d-1], slices.Index(b, cell) + 1
		})
	}
}

// indexers checks indexer cells: target(cell, d) gives the cell a digit
// d in cell points to and the digit it must hold.
func (c *ruleChecker) indexers(list []int, rule string, target func(cell, d int) (int, int)) {
	for _, x := range list {
		d := c.d(x)
		if d == 0 {
			continue
		}
		t, want := target(x, d)
		if got := c.d(t); got != 0 && got != want {
			c.add(rule, -1, []int{x, t}, "%s: %s puts %d in %s, which holds %d", rule, c.is(x), want, c.name(t), got)
		}
	}
}

// lineText lists a line's cells with their digits: "r1c1=3 r1c2 r1c3=5".
func (c *ruleChecker) lineText(l []int) string {
	s := make([]string, len(l))
	for i, x := range l {
		if c.d(x) != 0 {
			s[i] = c.is(x)
		} else {
			s[i] = c.name(x)
		}
	}
	return strings.Join(s, " ")
}

// betweenOK reports whether digits for the blank ends of between line l
// exist that put every filled middle cell strictly between the ends and
// leave room for the blank ones.
func (c *ruleChecker) betweenOK(l []int) bool {
	n := c.n
	mid := l[1 : len(l)-1]
	mlo, mhi, blanks := n+1, 0, 0
	for _, x := range mid {
		if d := c.d(x); d != 0 {
			mlo, mhi = min(mlo, d), max(mhi, d)
		} else {
			blanks++
		}
	}
	choices := func(x int) (int, int) {
		if d := c.d(x); d != 0 {
			return d, d
		}
		return 1, n
	}
	a0, a1 := choices(l[0])
	b0, b1 := choices(l[len(l)-1])
	for a := a0; a <= a1; a++ {
		for b := b0; b <= b1; b++ {
			lo, hi := min(a, b), max(a, b)
			if mhi > 0 && (mlo <= lo || mhi >= hi) {
				continue
			}
			if blanks > 0 && hi-lo < 2 {
				continue
			}
			return true
		}
	}
	return false
}

// regionSum checks region-sum line k: its runs within one box must be
// able to reach a common sum.
func (c *ruleChecker) regionSum(k int, l []int) {
	n := c.n
	type run struct{ lo, hi, start, end int }
	var runs []run
	for i := 0; i < len(l); {
		j := i
		for j < len(l) && c.geo.Box[l[j]] == c.geo.Box[l[i]] {
			j++
		}
		s, b := c.span(l[i:j])
		runs = append(runs, run{s + b, s + b*n, i, j})
		i = j
	}
	if len(runs) < 2 {
		return
	}
	lo, hi := runs[0].lo, runs[0].hi
	for _, r := range runs[1:] {
		lo, hi = max(lo, r.lo), min(hi, r.hi)
	}
	if lo <= hi {
		return
	}
	parts := make([]string, len(runs))
	for i, r := range runs {
		s, b := c.span(l[r.start:r.end])
		parts[i] = c.names(l[r.start:r.end]) + ": " + sumText(s, b)
	}
	c.add("region-sum line", k, l, "region-sum line %d: the runs in each box add up to different sums (%s)", k+1, strings.Join(parts, "; "))
}

// zipper checks zipper line k: the cells the same distance from the
// middle must be able to reach a common sum (the middle digit on a line
// of odd length).
func (c *ruleChecker) zipper(k int, l []int) {
	n := c.n
	lo, hi := 2, 2*n
	if len(l)%2 == 1 {
		if d := c.d(l[len(l)/2]); d != 0 {
			lo, hi = d, d
		} else {
			lo, hi = 1, n
		}
	}
	for i := 0; i < len(l)/2; i++ {
		s, b := c.span([]int{l[i], l[len(l)-1-i]})
		lo, hi = max(lo, s+b), min(hi, s+b*n)
	}
	if lo > hi {
		c.add("zipper line", k, l, "zipper line %d: no common sum for %s", k+1, c.lineText(l))
	}
}

// orthogonalNeighbours returns the orthogonal neighbours of cell x.
func orthogonalNeighbours(x, n int) []int {
	r, col := x/n, x%n
	out := make([]int, 0, 4)
	if r > 0 {
		out = append(out, x-n)
	}
	if col > 0 {
		out = append(out, x-1)
	}
	if col+1 < n {
		out = append(out, x+1)
	}
	if r+1 < n {
		out = append(out, x+n)
	}
	return out
}
