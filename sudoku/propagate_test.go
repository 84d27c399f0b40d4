package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// withSolverRules returns v with random rules of the kinds the
// exact-cover solver does not encode (arrows, little killers,
// sandwiches, X-sums, skyscrapers, quadruples, between, region-sum and
// zipper lines, double arrows) added: most kept by sol, one in five
// random, so that some instances have no solution.
func withSolverRules(sol *Grid, v *Variant, rng *rand.Rand) *Variant {
	n := sol.N()
	out := *v
	d := func(c int) int { return int(sol.Cells[c]) }
	sum := func(cs []int) int {
		s := 0
		for _, c := range cs {
			s += d(c)
		}
		return s
	}
	// fudge shifts a clue now and then, so that sol need not keep it.
	fudge := func(x int) int {
		if rng.IntN(5) == 0 {
			return max(1, x+rng.IntN(5)-2)
		}
		return x
	}
	outside := func() OutsideClue {
		o := OutsideClue{Row: -1, Col: rng.IntN(n)}
		switch rng.IntN(4) {
		case 1:
			o.Row = n
		case 2:
			o.Row, o.Col = rng.IntN(n), -1
		case 3:
			o.Row, o.Col = rng.IntN(n), n
		}
		return o
	}
	path := func(k int) []int { return randomPath(n, k, true, rng) }
	makers := []func() Rules{
		func() Rules {
			p := path(2 + rng.IntN(4))
			if len(p) < 2 {
				return Rules{}
			}
			k := 1
			if len(p) > 3 && rng.IntN(3) == 0 {
				k = 2 // a pill
			}
			return Rules{Arrows: []Arrow{{Circle: p[:k], Shaft: p[k:]}}}
		},
		func() Rules {
			dirs := []string{"UL", "UR", "DL", "DR"}
			lk := LittleKiller{Row: -1, Col: rng.IntN(n), Direction: dirs[rng.IntN(4)]}
			if rng.IntN(2) == 0 {
				lk.Row, lk.Col = rng.IntN(n), []int{-1, n}[rng.IntN(2)]
			}
			cs := lk.Cells(n)
			if len(cs) == 0 {
				return Rules{}
			}
			lk.Sum = fudge(sum(cs))
			return Rules{LittleKillers: []LittleKiller{lk}}
		},
		func() Rules {
			o := outside()
			cs := o.Cells(n)
			i1 := slices.IndexFunc(cs, func(c int) bool { return d(c) == 1 })
			iN := slices.IndexFunc(cs, func(c int) bool { return d(c) == n })
			o.Value = sum(cs[min(i1, iN)+1 : max(i1, iN)])
			if rng.IntN(5) == 0 {
				o.Value = rng.IntN(n*(n+1)/2 - n)
			}
			return Rules{Sandwiches: []OutsideClue{o}}
		},
		func() Rules {
			o := outside()
			cs := o.Cells(n)
			o.Value = fudge(sum(cs[:d(cs[0])]))
			return Rules{XSums: []OutsideClue{o}}
		},
		func() Rules {
			o := outside()
			seen, top := 0, 0
			for _, c := range o.Cells(n) {
				if d(c) > top {
					seen, top = seen+1, d(c)
				}
			}
			o.Value = min(n, fudge(seen))
			return Rules{Skyscrapers: []OutsideClue{o}}
		},
		func() Rules {
			c := rng.IntN(n-1)*n + rng.IntN(n-1)
			cs := []int{c, c + 1, c + n, c + n + 1}
			ds := []int{d(cs[rng.IntN(4)])}
			for range rng.IntN(3) {
				ds = append(ds, d(cs[rng.IntN(4)]))
			}
			if rng.IntN(5) == 0 {
				ds[0] = 1 + rng.IntN(n)
			}
			return Rules{Quadruples: []Quadruple{{Cells: cs, Digits: ds}}}
		},
		func() Rules { return Rules{BetweenLines: [][]int{path(2 + rng.IntN(4))}} },
		func() Rules { return Rules{RegionSumLines: [][]int{path(2 + rng.IntN(5))}} },
		func() Rules { return Rules{ZipperLines: [][]int{path(2 + rng.IntN(5))}} },
		func() Rules { return Rules{DoubleArrows: [][]int{path(3 + rng.IntN(3))}} },
	}
	for range 1 + rng.IntN(4) {
		w := makers[rng.IntN(len(makers))]()
		g := &Grid{Shape: sol.Shape, Cells: sol.Cells, Variant: &Variant{Boxes: v.Boxes, Rules: w}}
		if CheckConstraints(n, g.Variant) != nil {
			continue
		}
		if rng.IntN(5) == 0 || len(CheckRules(g)) == 0 {
			out.Rules = out.Rules.merge(w)
		}
	}
	if CheckConstraints(n, &out) != nil {
		return v
	}
	return &out
}

// TestPropagateDifferential compares the propagation solver's Count,
// Check and Solve with the brute force that knows the rules only through
// CheckRules, on random 4x4 and 6x6 instances combining every kind of
// rule (those the exact-cover solver refuses too) with cages,
// thermometers, the chess and non-consecutive rules, region variants and
// givens; and its counts with the exact-cover solver's where that
// encodes the rules.
func TestPropagateDifferential(t *testing.T) {
	const limit = 30
	rounds := 2000
	if testing.Short() {
		rounds = 400
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(32, 29))
	prop := NewSolver(Options{Method: Propagate})
	dlx := NewSolver(Options{Method: DLX})
	kinds := map[string]int{}
	used := map[string]int{}
	compared := 0
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
		if rng.IntN(4) != 0 {
			v = withSolverRules(sol, v, rng)
		}
		if rng.IntN(3) == 0 {
			w := WithConstraints(v, randomConstraints(sol, nil, rng))
			if CheckConstraints(shape.N(), w) == nil {
				v = w
			}
		}
		for _, name := range v.RuleNames() {
			used[name]++
		}
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
		got, err := prop.Count(ctx, g, limit)
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("%s: Count: %v", name, err)
		}
		if got != want {
			t.Fatalf("%s: Count = %d, brute force %d", name, got, want)
		}
		if ExactCoverRules(v) == nil {
			compared++
			if n, err := dlx.Count(ctx, g, limit); n != want || (err != nil && !errors.Is(err, ErrInvalid)) {
				t.Fatalf("%s: DLX Count = %d, %v; brute force %d", name, n, err, want)
			}
		}
		vd, err := prop.Check(ctx, g)
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
		if vd.Kind == Unique && len(CheckRules(vd.Solution)) > 0 {
			t.Fatalf("%s: unique solution %v breaks %v", name, vd.Solution.Cells, CheckRules(vd.Solution))
		}
		if vd.Kind == Invalid && len(CheckRules(g)) == 0 {
			t.Fatalf("%s: verdict invalid, but CheckRules finds nothing", name)
		}
		out, err := prop.Solve(ctx, g)
		switch {
		case want == 0 && err == nil:
			t.Fatalf("%s: Solve found %v, no solution exists", name, out.Cells)
		case want > 0 && err != nil:
			t.Fatalf("%s: Solve: %v", name, err)
		case want > 0 && len(CheckRules(out)) > 0:
			t.Fatalf("%s: Solve returned %v, which breaks %v", name, out.Cells, CheckRules(out))
		}
		if want > 0 {
			for c, d := range g.Cells {
				if d != 0 && out.Cells[c] != d {
					t.Fatalf("%s: Solve changed the given at %s", name, CellName(c, g.N()))
				}
			}
		}
	}
	t.Logf("verdicts: %v; %d compared with DLX", kinds, compared)
	t.Logf("rules: %v", used)
	for _, k := range []string{"unique", "multiple", "no solution"} {
		if kinds[k] == 0 {
			t.Errorf("no %s instance among %d: the generator needs tuning", k, rounds)
		}
	}
	for f, info := range ruleInfos {
		if used[info.words] == 0 {
			t.Errorf("no instance with %s (%s)", info.words, f)
		}
	}
}

// TestPickMethod: Auto's choice of solver, and the errors of the forced
// ones.
func TestPickMethod(t *testing.T) {
	arrows := &Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{0}, Shaft: []int{10}}}}}
	even := &Variant{Rules: Rules{Even: []int{3}}}
	for _, tc := range []struct {
		name   string
		opt    Options
		g      *Grid
		want   Method
		errIs  error
		errMsg string
	}{
		{"standard 9x9", Options{}, NewGrid(Standard, nil), Fast, nil, ""},
		{"standard 9x9, seed", Options{Seed: 1}, NewGrid(Standard, nil), DLX, nil, ""},
		{"4x4", Options{}, NewGrid(Shape{2, 2}, nil), DLX, nil, ""},
		{"diagonal", Options{}, NewGrid(Standard, Diagonal(Standard)), DLX, nil, ""},
		{"9x9 arrows", Options{}, NewGrid(Standard, arrows), Propagate, nil, ""},
		{"9x9 even", Options{}, NewGrid(Standard, even), Propagate, nil, ""},
		{"9x9 even, seed", Options{Seed: 1}, NewGrid(Standard, even), Propagate, nil, ""},
		{"anti-knight 9x9, seed", Options{Seed: 3}, NewGrid(Standard, &Variant{AntiKnight: true}), Propagate, nil, ""},
		{"9x9 arrows, seed", Options{Seed: 1}, NewGrid(Standard, arrows), Propagate, nil, ""},
		{"anti-knight 16x16", Options{}, NewGrid(Shape{4, 4}, &Variant{AntiKnight: true}), Propagate, nil, ""},
		{"anti-knight 25x25", Options{}, NewGrid(Shape{5, 5}, &Variant{AntiKnight: true}), DLX, nil, ""},
		{"forced dlx", Options{Method: DLX}, NewGrid(Standard, arrows), DLX, nil, ""},
		{"forced propagate", Options{Method: Propagate}, NewGrid(Standard, nil), Propagate, nil, ""},
		{"fast on 4x4", Options{Method: Fast}, NewGrid(Shape{2, 2}, nil), Fast, ErrShape, ""},
	} {
		got, err := NewSolver(tc.opt).MethodFor(tc.g)
		if tc.errIs != nil {
			if !errors.Is(err, tc.errIs) {
				t.Errorf("%s: %v, want %v", tc.name, err, tc.errIs)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s: %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
	ctx := context.Background()
	big := NewGrid(Shape{5, 5}, nil)
	if _, err := NewSolver(Options{Method: Propagate}).Count(ctx, big, 1); !errors.Is(err, ErrShape) {
		t.Errorf("propagate on 25x25: %v, want ErrShape", err)
	}
	for _, s := range []string{"auto", "dlx", "fast", "propagate"} {
		m, err := ParseMethod(s)
		if err != nil || m.String() != s {
			t.Errorf("ParseMethod(%q) = %v, %v", s, m, err)
		}
	}
}

// TestPropagateCache: two variants that differ only in a rule of Rules
// (or a flag) do not share the compiled model.
func TestPropagateCache(t *testing.T) {
	ctx := context.Background()
	s := NewSolver(Options{Method: Propagate})
	g := NewGrid(Shape{2, 2}, &Variant{Rules: Rules{Even: []int{0}}})
	h := NewGrid(Shape{2, 2}, &Variant{Rules: Rules{Odd: []int{0}}})
	for range 2 {
		for _, x := range []*Grid{g, h} {
			want := bruteByCheck(x, 1000)
			n, err := s.Count(ctx, x, 1000)
			if err != nil || n != want {
				t.Fatalf("%v: %d, %v; want %d", x.Variant.RuleNames(), n, err, want)
			}
		}
	}
}
