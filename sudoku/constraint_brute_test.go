package sudoku

// A brute-force oracle for the variant constraints that shares no code
// with their reduction (reduce_constraint.go) or their validation
// (constraint.go): every rule is checked from its definition on the
// cells, and the differential test compares its counts with the exact-
// cover solver's on random small instances.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// bruteRules holds the variant constraints of g in the oracle's form.
type bruteRules struct {
	n       int
	regs    [][]int
	cageOf  []int // cage index of each cell, -1 for none
	cages   []Cage
	knight  bool
	king    bool
	noncons bool
	thermos [][]int
}

func newBruteRules(g *Grid) *bruteRules {
	n := 0
	for n*n < len(g.Cells) {
		n++
	}
	br := &bruteRules{n: n, regs: testRegions(g), cageOf: make([]int, n*n)}
	for i := range br.cageOf {
		br.cageOf[i] = -1
	}
	if v := g.Variant; v != nil {
		br.cages, br.thermos = v.Cages, v.Thermos
		br.knight, br.king, br.noncons = v.AntiKnight, v.AntiKing, v.NonConsecutive
		for k, cg := range v.Cages {
			for _, c := range cg.Cells {
				br.cageOf[c] = k
			}
		}
	}
	return br
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ok reports whether digit v at cell c agrees with every other filled cell
// of cells under every rule (cells[c] itself is ignored).
func (br *bruteRules) ok(cells []uint8, c int, v uint8) bool {
	n := br.n
	for _, reg := range br.regs {
		in := false
		for _, x := range reg {
			in = in || x == c
		}
		if !in {
			continue
		}
		for _, x := range reg {
			if x != c && cells[x] == v {
				return false
			}
		}
	}
	r, col := c/n, c%n
	for x, w := range cells {
		if x == c || w == 0 {
			continue
		}
		dr, dc := absInt(x/n-r), absInt(x%n-col)
		if br.knight && w == v && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1)) {
			return false
		}
		if br.king && w == v && dr <= 1 && dc <= 1 {
			return false
		}
		if br.noncons && dr+dc == 1 && absInt(int(w)-int(v)) == 1 {
			return false
		}
	}
	if k := br.cageOf[c]; k >= 0 {
		sum, blank := int(v), 0
		for _, x := range br.cages[k].Cells {
			if x == c {
				continue
			}
			if cells[x] == v {
				return false
			}
			if cells[x] == 0 {
				blank++
			}
			sum += int(cells[x])
		}
		// A cage without a sum (0) wants distinct digits only.
		if want := br.cages[k].Sum; want != 0 && (sum > want || (blank == 0 && sum != want)) {
			return false
		}
	}
	for _, th := range br.thermos {
		at := -1
		for i, x := range th {
			if x == c {
				at = i
			}
		}
		if at < 0 {
			continue
		}
		// Every filled cell before c is smaller, every one after larger,
		// with room for the cells between.
		for i, x := range th {
			w := int(cells[x])
			if i == at || w == 0 {
				continue
			}
			if i < at && int(v)-w < at-i {
				return false
			}
			if i > at && w-int(v) < i-at {
				return false
			}
		}
		if int(v) < at+1 || int(v) > n-(len(th)-1-at) {
			return false
		}
	}
	return true
}

// bruteConstrained counts the solutions of g under all its rules, up to
// limit, by backtracking over the cells in row-major order.
func bruteConstrained(g *Grid, limit int) int {
	br := newBruteRules(g)
	cells := append([]uint8(nil), g.Cells...)
	for c, v := range cells {
		if v != 0 && !br.ok(cells, c, v) {
			return 0
		}
	}
	count := 0
	var rec func(c int)
	rec = func(c int) {
		for c < len(cells) && cells[c] != 0 {
			c++
		}
		if c == len(cells) {
			count++
			return
		}
		for v := uint8(1); int(v) <= br.n && count < limit; v++ {
			if br.ok(cells, c, v) {
				cells[c] = v
				rec(c + 1)
				cells[c] = 0
			}
		}
	}
	rec(0)
	return count
}

// bruteValid reports whether the full grid cells obeys every rule of g.
func bruteValid(g *Grid, cells []uint8) bool {
	br := newBruteRules(g)
	for c, v := range cells {
		if v == 0 || !br.ok(cells, c, v) {
			return false
		}
	}
	return true
}

func TestBruteConstrainedOracle(t *testing.T) {
	// The oracle can fail: the published solution of a killer obeys it,
	// and swapping two of its digits in a row (which keeps rows, and
	// here boxes, valid) breaks a cage.
	p := loadPublishedKillers(t)[2]
	g, _, err := p.Puzzle.Grid(ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sol := []byte(p.Solution)
	for i := range sol {
		sol[i] -= '0'
	}
	if !bruteValid(g, sol) {
		t.Fatal("published solution rejected by the oracle")
	}
	sol[0], sol[1] = sol[1], sol[0]
	if bruteValid(g, sol) {
		t.Fatal("broken solution accepted by the oracle")
	}
	// Known counts: 288 empty 4x4 grids; a 4x4 with a thermometer along
	// the whole first row has one first row, 1234, and 288/24 = 12
	// completions.
	four := &Grid{Shape: Shape{2, 2}, Cells: make([]uint8, 16)}
	if got := bruteConstrained(four, 1000); got != 288 {
		t.Errorf("empty 4x4: %d, want 288", got)
	}
	four.Variant = &Variant{Thermos: [][]int{{0, 1, 2, 3}}}
	if got := bruteConstrained(four, 1000); got != 12 {
		t.Errorf("4x4 with a row thermometer: %d, want 12", got)
	}
}

// randomConstraints returns a variant of region variant base with random
// constraints, built around the solution sol so that many instances have
// solutions: cage sums and thermometers mostly follow sol.
func randomConstraints(sol *Grid, base *Variant, rng *rand.Rand) *Variant {
	n := sol.N()
	v := &Variant{Name: "random"}
	if base != nil {
		*v = *base
	}
	if rng.IntN(10) < 7 {
		taken := make([]bool, n*n)
		ncages := 1 + rng.IntN(n*n/3)
		for range ncages {
			start := rng.IntN(n * n)
			if taken[start] {
				continue
			}
			cells := []int{start}
			taken[start] = true
			size := 1 + rng.IntN(min(n, 4))
			for len(cells) < size {
				c := cells[rng.IntN(len(cells))]
				nb := []int{c - n, c + n}
				if c%n > 0 {
					nb = append(nb, c-1)
				}
				if c%n < n-1 {
					nb = append(nb, c+1)
				}
				x := nb[rng.IntN(len(nb))]
				if x < 0 || x >= n*n || taken[x] {
					break
				}
				taken[x] = true
				cells = append(cells, x)
			}
			sum := 0
			for _, c := range cells {
				sum += int(sol.Cells[c])
			}
			if rng.IntN(5) == 0 {
				sum += rng.IntN(5) - 2
			}
			k := len(cells)
			if lo, hi := k*(k+1)/2, k*n-k*(k-1)/2; sum < lo || sum > hi {
				sum = lo + rng.IntN(hi-lo+1)
			}
			v.Cages = append(v.Cages, Cage{Sum: sum, Cells: cells})
		}
	}
	for range rng.IntN(3) {
		c := rng.IntN(n * n)
		th := []int{c}
		want := 2 + rng.IntN(min(n, 5)-1)
		for len(th) < want {
			var nb []int
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					r2, c2 := c/n+dr, c%n+dc
					x := r2*n + c2
					if r2 < 0 || r2 >= n || c2 < 0 || c2 >= n || x == c {
						continue
					}
					dup := false
					for _, y := range th {
						dup = dup || y == x
					}
					if !dup && (sol.Cells[x] > sol.Cells[c] || rng.IntN(5) == 0) {
						nb = append(nb, x)
					}
				}
			}
			if len(nb) == 0 {
				break
			}
			c = nb[rng.IntN(len(nb))]
			th = append(th, c)
		}
		v.Thermos = append(v.Thermos, th)
	}
	v.AntiKnight = rng.IntN(4) == 0
	v.AntiKing = rng.IntN(4) == 0
	v.NonConsecutive = rng.IntN(4) == 0
	return v
}

// TestConstraintsDifferential compares Count, Check and Solve with the
// brute-force oracle on random 4x4 and 6x6 instances combining random
// constraints with each other, with givens and with region variants.
func TestConstraintsDifferential(t *testing.T) {
	const limit = 50
	rounds := 250
	if testing.Short() {
		rounds = 120
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(16, 2026))
	s := NewSolver(Options{})
	kinds := map[string]int{}
	for i := range rounds {
		shape := []Shape{{2, 2}, {2, 3}, {3, 2}}[i%3]
		var base *Variant
		switch rng.IntN(4) {
		case 0:
			base = Diagonal(shape)
		case 1:
			base = Disjoint(shape)
		}
		sol := randomSolution(shape, base, rng)
		if sol == nil {
			continue
		}
		v := randomConstraints(sol, base, rng)
		g := blank(sol, 0.55+0.45*rng.Float64(), rng)
		g.Variant = v
		name := fmt.Sprintf("%d: %dx%d %+v givens %v", i, shape.BoxRows, shape.BoxCols, *v, g.Cells)
		want := bruteConstrained(g, limit)
		got, err := s.Count(ctx, g, limit)
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("%s: Count: %v", name, err)
		}
		if got != want {
			t.Fatalf("%s: Count = %d, brute force %d", name, got, want)
		}
		if err != nil && want != 0 {
			t.Fatalf("%s: invalid (%v) but %d solutions", name, err, want)
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
		out, err := s.Solve(ctx, g)
		switch {
		case want == 0 && err == nil:
			t.Fatalf("%s: Solve found %v, no solution exists", name, out.Cells)
		case want > 0 && err != nil:
			t.Fatalf("%s: Solve: %v", name, err)
		case want > 0 && !bruteValid(g, out.Cells):
			t.Fatalf("%s: Solve returned %v, which breaks a rule", name, out.Cells)
		}
		if vd.Kind == Unique && !bruteValid(g, vd.Solution.Cells) {
			t.Fatalf("%s: Check's solution %v breaks a rule", name, vd.Solution.Cells)
		}
	}
	t.Logf("verdicts: %v", kinds)
	for _, k := range []string{"unique", "multiple", "no solution"} {
		if kinds[k] == 0 {
			t.Errorf("no %s instance among %d: the generator needs tuning", k, rounds)
		}
	}
}

// TestConstraintsEmptyGrids counts every solution of empty 4x4 and 6x6
// grids under each chess and adjacency constraint, alone and with the
// diagonal or disjoint regions, with the solver and the brute force: the
// random instances seldom combine a region variant with these
// constraints on a grid that has solutions.
func TestConstraintsEmptyGrids(t *testing.T) {
	ctx := context.Background()
	const limit = 1000
	for _, sh := range []Shape{{2, 2}, {2, 3}, {3, 2}} {
		for _, base := range []*Variant{nil, Diagonal(sh), Disjoint(sh)} {
			for _, c := range []Variant{{AntiKing: true}, {AntiKnight: true}, {NonConsecutive: true}, {AntiKnight: true, NonConsecutive: true}} {
				v := WithConstraints(base, &c)
				g := NewGrid(sh, v)
				want := bruteConstrained(g, limit)
				got, err := Count(ctx, g, limit)
				if err != nil || got != want {
					t.Errorf("%dx%d %+v: Count = %d, %v; brute force %d", sh.BoxRows, sh.BoxCols, *v, got, err, want)
				}
			}
		}
	}
}

// TestConstraints9x9Regions compares counts on 9x9 puzzles combining the
// chess and adjacency constraints with the diagonal, hyper and disjoint
// regions, where windows and pairs meet the extra regions in ways the
// small grids do not: seeded solutions with 50 cells blanked.
func TestConstraints9x9Regions(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 16))
	rounds := 3
	if testing.Short() {
		rounds = 1
	}
	// The combinations whose seeded fills come in milliseconds: anti-
	// knight and non-consecutive fills with the diagonal or hyper regions
	// run for seconds.
	combos := []struct {
		base *Variant
		c    Variant
	}{
		{Diagonal(Standard), Variant{AntiKing: true}},
		{Hyper(), Variant{AntiKing: true}},
		{Disjoint(Standard), Variant{AntiKing: true}},
		{Disjoint(Standard), Variant{AntiKnight: true}},
		{Disjoint(Standard), Variant{NonConsecutive: true}},
	}
	for _, cb := range combos {
		base, c := cb.base, cb.c
		{
			v := WithConstraints(base, &c)
			for seed := uint64(1); seed <= uint64(rounds); seed++ {
				// A seeded fill can run for seconds (docs/variants.md):
				// such a seed is skipped.
				fctx, cancel := context.WithTimeout(ctx, time.Second)
				sol, err := NewSolver(Options{Seed: seed}).Solve(fctx, NewGrid(Standard, v))
				cancel()
				if errors.Is(err, ErrNoSolution) {
					break
				}
				if errors.Is(err, context.DeadlineExceeded) {
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if !bruteValid(sol, sol.Cells) {
					t.Fatalf("%s %+v: solution %v breaks a rule", base.Name, c, sol.Cells)
				}
				g := sol.Clone()
				for _, cell := range rng.Perm(81)[:45] {
					g.Cells[cell] = 0
				}
				want := bruteConstrained(g, 50)
				got, err := Count(ctx, g, 50)
				if err != nil || got != want {
					t.Fatalf("%s %+v %v: Count = %d, %v; brute force %d", base.Name, c, g.Cells, got, err, want)
				}
			}
		}
	}
}
