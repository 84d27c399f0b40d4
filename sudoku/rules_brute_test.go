package sudoku

// The differential test of the exact-cover encoding of Rules
// (reduce_rules.go) against a brute force whose only knowledge of the
// rules is CheckRules: it backtracks over the blank cells in row-major
// order, keeps a digit while CheckRules reports nothing (sound on partial
// grids, so no solution is pruned), and counts the full grids CheckRules
// accepts (exact on full grids). CheckRules itself is tested against
// published solutions and hand-made breaks in rules_check_test.go.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"
)

// bruteByCheck counts the solutions of g up to limit, by CheckRules.
func bruteByCheck(g *Grid, limit int) int {
	h := g.Clone()
	// CheckRules, with the geometry and the validation done once.
	rc := newRuleChecker(h)
	broken := func() bool {
		rc.out = rc.out[:0]
		rc.constraints()
		return len(rc.out) > 0
	}
	if rc.geo == nil || !rc.fit || len(CheckRules(h)) > 0 {
		return 0
	}
	count := 0
	var rec func(c int)
	rec = func(c int) {
		for c < len(h.Cells) && h.Cells[c] != 0 {
			c++
		}
		if c == len(h.Cells) {
			count++
			return
		}
		for v := 1; v <= h.N() && count < limit; v++ {
			if slices.ContainsFunc(rc.geo.Peers[c], func(p int) bool { return int(h.Cells[p]) == v }) {
				continue // CheckRules would report the house
			}
			h.Cells[c] = uint8(v)
			if !broken() {
				rec(c + 1)
			}
		}
		h.Cells[c] = 0
	}
	rec(0)
	return count
}

// randomPath returns a path of up to length cells from a random cell,
// each an orthogonal or (when diag) diagonal neighbour of the one before,
// no cell twice.
func randomPath(n, length int, diag bool, rng *rand.Rand) []int {
	c := rng.IntN(n * n)
	path := []int{c}
	for len(path) < length {
		var nb []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				if (dr == 0 && dc == 0) || (!diag && dr != 0 && dc != 0) {
					continue
				}
				r2, c2 := c/n+dr, c%n+dc
				x := r2*n + c2
				if r2 >= 0 && r2 < n && c2 >= 0 && c2 < n && !slices.Contains(path, x) {
					nb = append(nb, x)
				}
			}
		}
		if len(nb) == 0 {
			break
		}
		c = nb[rng.IntN(len(nb))]
		path = append(path, c)
	}
	return path
}

// randomRules returns base with random rules of the kinds the exact-cover
// solver encodes, most of them kept by sol (so that many instances have
// solutions), some random.
func randomRules(sol *Grid, base *Variant, rng *rand.Rand) *Variant {
	n := sol.N()
	v := &Variant{Name: "random"}
	if base != nil {
		*v = *base
	}
	r := &v.Rules
	// keeps reports whether sol obeys rules w, or (one time in six)
	// lets a rule through regardless.
	keeps := func(w Rules) bool {
		if rng.IntN(6) == 0 {
			return true
		}
		g := sol.Clone()
		g.Variant = &Variant{Boxes: v.Boxes, Rules: w}
		return len(CheckRules(g)) == 0
	}
	try := func(times int, make func() Rules) {
		for range times {
			if w := make(); keeps(w) {
				*r = r.merge(w)
			}
		}
	}
	pair := func() []int {
		c := rng.IntN(n * n)
		nb := orthogonalNeighbours(c, n)
		return []int{c, nb[rng.IntN(len(nb))]}
	}
	d := func(c int) int { return int(sol.Cells[c]) }
	kinds := rng.Perm(16)[:2+rng.IntN(4)]
	for _, k := range kinds {
		switch k {
		case 0:
			try(4, func() Rules {
				c := rng.IntN(n * n)
				if rng.IntN(2) == 0 {
					return Rules{Even: []int{c}}
				}
				return Rules{Odd: []int{c}}
			})
		case 1:
			try(6, func() Rules {
				p := pair()
				val := max(1, absInt(d(p[0])-d(p[1])))
				if rng.IntN(3) == 0 {
					val = 0
				}
				return Rules{Differences: []Dot{{Cells: p, Value: val}}}
			})
		case 2:
			try(6, func() Rules {
				p := pair()
				a, b := min(d(p[0]), d(p[1])), max(d(p[0]), d(p[1]))
				val := 2
				if b%a == 0 && b/a > 1 && rng.IntN(2) == 0 {
					val = b / a
				}
				return Rules{Ratios: []Dot{{Cells: p, Value: val}}}
			})
		case 3:
			try(6, func() Rules {
				p := pair()
				return Rules{XV: []Dot{{Cells: p, Value: d(p[0]) + d(p[1])}}}
			})
		case 4:
			r.NegativeRatio = rng.IntN(2) == 0
			r.NegativeXV = !r.NegativeRatio
			v.NonConsecutive = rng.IntN(3) == 0
		case 5:
			try(3, func() Rules {
				c := rng.IntN(n * n)
				if rng.IntN(2) == 0 {
					return Rules{Minimums: []int{c}}
				}
				return Rules{Maximums: []int{c}}
			})
		case 6:
			try(4, func() Rules {
				a, b := rng.IntN(n*n), rng.IntN(n*n)
				if a == b {
					return Rules{}
				}
				return Rules{Clones: []Clone{{Cells: []int{a}, Copy: []int{b}}}}
			})
		case 7:
			try(3, func() Rules { return Rules{Palindromes: [][]int{randomPath(n, 2+rng.IntN(3), true, rng)}} })
		case 8:
			try(3, func() Rules { return Rules{Renbans: [][]int{randomPath(n, 2+rng.IntN(3), true, rng)}} })
		case 9:
			try(3, func() Rules {
				p := randomPath(n, 2+rng.IntN(3), true, rng)
				if len(p) < 2 {
					return Rules{}
				}
				return Rules{Whispers: []Whisper{{Cells: p, Value: 1 + rng.IntN(n/2)}}}
			})
		case 10:
			try(3, func() Rules { return Rules{EntropicLines: [][]int{randomPath(n, 2+rng.IntN(4), true, rng)}} })
		case 11:
			try(3, func() Rules { return Rules{ModularLines: [][]int{randomPath(n, 2+rng.IntN(4), true, rng)}} })
		case 12:
			try(3, func() Rules { return Rules{Nabners: [][]int{randomPath(n, 2+rng.IntN(2), true, rng)}} })
		case 13:
			try(3, func() Rules { return Rules{SlowThermos: [][]int{randomPath(n, 2+rng.IntN(3), true, rng)}} })
		case 14:
			try(3, func() Rules {
				c := rng.IntN(n * n)
				switch rng.IntN(3) {
				case 0:
					return Rules{RowIndexers: []int{c}}
				case 1:
					return Rules{ColumnIndexers: []int{c}}
				}
				return Rules{BoxIndexers: []int{c}}
			})
		case 15:
			// A cage without a sum, alone or beside cages with sums.
			for range 2 {
				p := randomPath(n, 2+rng.IntN(3), false, rng)
				sum := 0
				if rng.IntN(2) == 0 {
					for _, c := range p {
						sum += d(c)
					}
				}
				cg := Cage{Sum: sum, Cells: p}
				taken := slices.ContainsFunc(v.Cages, func(o Cage) bool {
					return slices.ContainsFunc(o.Cells, func(c int) bool { return slices.Contains(p, c) })
				})
				if !taken && (rng.IntN(4) == 0 || len(CheckRules(&Grid{Shape: sol.Shape, Cells: sol.Cells, Variant: &Variant{Cages: []Cage{cg}}})) == 0) {
					v.Cages = append(slices.Clip(v.Cages), cg)
				}
			}
		}
	}
	// Fix the lists CheckConstraints refuses (a repeated cell in a
	// list of cells) by dropping the rules.
	if CheckConstraints(n, v) != nil {
		v.Rules = Rules{}
		v.Cages = nil
	}
	return v
}

// TestRulesDifferential compares Count, Check and Solve with the brute
// force on random 4x4 and 6x6 instances combining the rules the
// exact-cover solver encodes with each other, with givens, with the old
// constraints and with region variants.
func TestRulesDifferential(t *testing.T) {
	const limit = 30
	rounds := 3000
	if testing.Short() {
		rounds = 600
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(29, 2026))
	s := NewSolver(Options{})
	kinds := map[string]int{}
	used := map[string]int{}
	for i := range rounds {
		shape := []Shape{{2, 2}, {2, 3}, {3, 2}}[i%3]
		var base *Variant
		switch rng.IntN(5) {
		case 0:
			base = Diagonal(shape)
		case 1:
			base = Disjoint(shape)
		}
		sol := randomSolution(shape, base, rng)
		if sol == nil {
			continue
		}
		v := randomRules(sol, base, rng)
		if rng.IntN(4) == 0 {
			w := WithConstraints(v, randomConstraints(sol, nil, rng))
			if CheckConstraints(shape.N(), w) == nil {
				v = w
			}
		}
		for _, name := range v.RuleNames() {
			used[name]++
		}
		// Blank 45% to 75% of a 6x6 (the brute force's time grows fast
		// beyond), any share of a 4x4.
		p := 0.45 + 0.3*rng.Float64()
		if shape.N() == 4 {
			p = 0.3 + 0.7*rng.Float64()
			if rng.IntN(3) == 0 {
				p = 1
			}
		}
		g := blank(sol, p, rng)
		g.Variant = v
		name := fmt.Sprintf("%d: %dx%d %+v givens %v", i, shape.BoxRows, shape.BoxCols, *v, g.Cells)
		want := bruteByCheck(g, limit)
		got, err := s.Count(ctx, g, limit)
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("%s: Count: %v", name, err)
		}
		if got != want {
			t.Fatalf("%s: Count = %d, brute force %d", name, got, want)
		}
		vd, err := s.Check(ctx, g)
		if err != nil {
			t.Fatalf("%s: Check: %v", name, err)
		}
		kinds[vd.Kind.String()]++
		switch {
		case want == 0 && vd.Kind != NoSolution && vd.Kind != Invalid,
			want == 1 && vd.Kind != Unique,
			want > 1 && vd.Kind != Multiple:
			t.Fatalf("%s: verdict %v, %d solutions", name, vd, want)
		}
		if vd.Kind == Invalid && len(CheckRules(g)) == 0 {
			t.Fatalf("%s: verdict invalid, but CheckRules finds nothing", name)
		}
		out, err := s.Solve(ctx, g)
		switch {
		case want == 0 && err == nil:
			t.Fatalf("%s: Solve found %v, no solution exists", name, out.Cells)
		case want > 0 && err != nil:
			t.Fatalf("%s: Solve: %v", name, err)
		case want > 0 && len(CheckRules(out)) > 0:
			t.Fatalf("%s: Solve returned %v, which breaks %v", name, out.Cells, CheckRules(out))
		}
	}
	t.Logf("verdicts: %v", kinds)
	t.Logf("rules: %v", used)
	for _, k := range []string{"unique", "multiple", "no solution"} {
		if kinds[k] == 0 {
			t.Errorf("no %s instance among %d: the generator needs tuning", k, rounds)
		}
	}
	for f, info := range ruleInfos {
		if info.exact && used[info.words] == 0 {
			t.Errorf("no instance with %s (%s)", info.words, f)
		}
	}
}

// TestRulesEmptyGrids counts every solution of empty 4x4 grids (and a
// 6x6 with a few givens) under single rules spread over the grid, with
// the solver and the brute force.
func TestRulesEmptyGrids(t *testing.T) {
	ctx := context.Background()
	sh := Shape{2, 2}
	all := make([]int, 16)
	for i := range all {
		all[i] = i
	}
	for name, r := range map[string]Rules{
		"white dots":           {Differences: []Dot{{Cells: []int{0, 1}}, {Cells: []int{5, 9}, Value: 2}}},
		"black dot":            {Ratios: []Dot{{Cells: []int{4, 0}}}},
		"negative ratio":       {NegativeRatio: true},
		"negative XV":          {NegativeXV: true},
		"black dots, negative": {Ratios: []Dot{{Cells: []int{0, 1}}, {Cells: []int{5, 6}, Value: 3}}, NegativeRatio: true},
		"XV, negative":         {XV: []Dot{{Cells: []int{0, 4}, Value: 5}}, NegativeXV: true},
		"even row":             {Even: []int{0, 1}},
		"minimum, maximum":     {Minimums: []int{5, 6}, Maximums: []int{0}},
		"entropic":             {EntropicLines: [][]int{{0, 1, 2, 3, 7}}},
		"modular":              {ModularLines: [][]int{{0, 5, 10, 15}}},
		"row indexers":         {RowIndexers: all[:4]},
		"column indexers":      {ColumnIndexers: []int{0, 4, 8, 12}},
		"box indexers":         {BoxIndexers: []int{0, 1, 4, 5}},
		"whispers loop":        {Whispers: []Whisper{{Cells: []int{0, 1, 5, 4, 0}, Value: 2}}},
		"slow thermo":          {SlowThermos: [][]int{{0, 5, 10, 15}}},
		"renban":               {Renbans: [][]int{{0, 5, 10}}},
		"nabner":               {Nabners: [][]int{{0, 5}}},
	} {
		for _, v := range []*Variant{{Rules: r}, {Rules: r, NonConsecutive: true}} {
			g := NewGrid(sh, v)
			want := bruteByCheck(g, 1000)
			got, err := Count(ctx, g, 1000)
			if err != nil || got != want {
				t.Errorf("%s (non-consecutive %v): Count = %d, %v; brute force %d", name, v.NonConsecutive, got, err, want)
			}
		}
	}
}

// TestRulesNonConsecutiveDots: non-consecutive with a kropki dot on every
// consecutive pair of a 6x6 solution (white dots) or on some of them
// (black dots on the 1-2 pairs): the dotted pairs are exempt, the
// solution keeps the rules, and the counts of partial grids agree with
// the brute force.
func TestRulesNonConsecutiveDots(t *testing.T) {
	ctx := context.Background()
	sol := &Grid{Shape: Shape{2, 3}, Cells: cellsOf(grid6)}
	var white, black []Dot
	for _, p := range orthogonalPairs(6) {
		a, b := int(sol.Cells[p[0]]), int(sol.Cells[p[1]])
		switch {
		case a*2 == b || b*2 == a:
			black = append(black, Dot{Cells: p[:]})
		case a-b == 1 || b-a == 1:
			white = append(white, Dot{Cells: p[:]})
		}
	}
	v := &Variant{NonConsecutive: true, Rules: Rules{Differences: white, Ratios: black}}
	sol.Variant = v
	if b := CheckRules(sol); len(b) > 0 {
		t.Fatalf("the solution breaks %v", b)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	for range 20 {
		g := blank(sol, 0.5+0.3*rng.Float64(), rng)
		want := bruteByCheck(g, 50)
		got, err := Count(ctx, g, 50)
		if err != nil || got != want || want == 0 {
			t.Fatalf("%v: Count = %d, %v; brute force %d", g.Cells, got, err, want)
		}
	}
}

// TestRulesSizes solves puzzles with the rules the exact-cover solver
// encodes on every size from 4x4 to 16x16: rules a pattern solution keeps,
// half its cells given; the solution found keeps every rule and the
// givens.
func TestRulesSizes(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(4, 16))
	for _, sh := range []Shape{{2, 2}, {2, 3}, {2, 4}, {3, 3}, {3, 4}, {4, 4}} {
		sol := patternGrid(sh, rng)
		v := rulesFromSolution(sol, rng)
		// Keep the rules the exact-cover solver encodes.
		rv := reflect.ValueOf(&v.Rules).Elem()
		for i := range rv.NumField() {
			if !ruleInfos[rulesType.Field(i).Name].exact {
				rv.Field(i).SetZero()
			}
		}
		g := blank(sol, 0.5, rng)
		g.Variant = v
		cctx, cancel := context.WithTimeout(ctx, time.Minute)
		out, err := Solve(cctx, g)
		cancel()
		if err != nil {
			t.Errorf("%dx%d %v: %v", sh.N(), sh.N(), v.RuleNames(), err)
			continue
		}
		if b := CheckRules(out); len(b) > 0 {
			t.Errorf("%dx%d: the solution breaks %v", sh.N(), sh.N(), b)
		}
		for i, d := range g.Cells {
			if d != 0 && out.Cells[i] != d {
				t.Fatalf("%dx%d: given %d at %d changed", sh.N(), sh.N(), d, i)
			}
		}
		t.Logf("%dx%d: %d kinds of rules", sh.N(), sh.N(), len(v.RuleNames()))
	}
}
