package sudoku

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/exactcover"
)

// builtSize returns the size of the matrix the Solver builds for shape s
// with variant v, counted on the built exactcover.Problem, and the
// estimate's count of it.
func builtSize(t *testing.T, s Shape, v *Variant) (built exactcover.Size, est matrixCount) {
	t.Helper()
	l, err := newLayout(context.Background(), s, v)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := l.fullProblem(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	mc, err := l.count(context.Background(), -1)
	if err != nil {
		t.Fatal(err)
	}
	return p.Size(), *mc
}

// checkSize compares the estimate of shape s with variant v with the
// built matrix.
func checkSize(t *testing.T, s Shape, v *Variant) {
	t.Helper()
	got, err := EstimateMatrix(s, v)
	if err != nil {
		t.Fatalf("%v %+v: %v", s, v, err)
	}
	b, mc := builtSize(t, s, v)
	if got != mc.MatrixSize {
		t.Fatalf("EstimateMatrix %+v, layout count %+v", got, mc.MatrixSize)
	}
	if got.Items != b.Items || got.Secondary != b.Items-b.Primary || got.Options != b.Options || got.Nodes != b.Entries || mc.primaryNodes != b.PrimaryEntries {
		t.Fatalf("%v, encoding %+v, variant %+v:\nestimate %d items (%d secondary), %d options, %d nodes (%d primary)\nbuilt    %d items (%d secondary), %d options, %d nodes (%d primary)",
			s, encoding, v, got.Items, got.Secondary, got.Options, got.Nodes, mc.primaryNodes, b.Items, b.Items-b.Primary, b.Options, b.Entries, b.PrimaryEntries)
	}
}

// TestEstimateMatrix checks that EstimateMatrix gives exactly the items,
// secondary items, options and nodes of the built matrix, on random
// variants of every size up to 16x16 with every constraint and every rule
// the exact-cover solver encodes, under each encoding the tests flip
// (derived cages, pruning, anti-king pairs).
func TestEstimateMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	shapes := []Shape{{1, 2}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {3, 4}, {4, 4}}
	rounds := 16
	if testing.Short() {
		rounds = 8
	}
	seen := map[string]int{} // the rules checked, in setters' words
	saved := encoding
	defer func() { encoding = saved }()
	checked := 0
	for _, sh := range shapes {
		for round := range rounds {
			sol := patternGrid(sh, rng)
			var base *Variant
			switch round % 3 {
			case 1:
				base = Diagonal(sh)
			case 2:
				base = Disjoint(sh)
			}
			v := randomConstraints(sol, base, rng)
			if round%4 == 0 {
				v.AntiKnight, v.AntiKing, v.NonConsecutive = true, true, true
			}
			switch round % 4 {
			case 1, 2: // rules the solution keeps (mostly)
				v = randomRules(sol, v, rng)
			case 3: // rules on any cells, peers and repeats included
				v = wildRules(sh.N(), v, rng)
			}
			for _, name := range v.RuleNames() {
				seen[name]++
			}
			if slices.ContainsFunc(v.Cages, func(c Cage) bool { return c.Sum == 0 }) {
				seen["cages without a sum"]++
			}
			if v.NonConsecutive && len(dottedPairs(v)) > 0 {
				seen["non-consecutive beside dots"]++
			}
			for enc := range 8 {
				encoding.derived, encoding.prune, encoding.kingPairs = enc&1 != 0, enc&2 != 0, enc&4 != 0
				checkSize(t, sh, v)
				checked++
			}
		}
	}
	encoding = saved
	for name, info := range ruleInfos {
		if info.exact && seen[info.words] == 0 {
			t.Errorf("no variant with %s (%s)", info.words, name)
		}
	}
	for _, name := range []string{"cages without a sum", "non-consecutive beside dots"} {
		if seen[name] == 0 {
			t.Errorf("no variant with %s", name)
		}
	}
	// The published killers, and a grid without constraints.
	for _, pk := range loadPublishedKillers(t) {
		g, _, err := pk.Puzzle.Grid(ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		checkSize(t, g.Shape, g.Variant)
		checked++
	}
	got, _ := EstimateMatrix(Shape{}, nil)
	if want := (MatrixSize{Items: 324, Options: 729, Nodes: 2916}); got.Items != want.Items || got.Options != want.Options || got.Nodes != want.Nodes || got.Secondary != 0 {
		t.Errorf("9x9: %+v, want %+v", got, want)
	}
	t.Logf("%d matrices; variants with each rule: %v", checked, seen)
}

// wildRules returns base with random rules of every kind the exact-cover
// solver encodes on random cells: pairs of peers, cells repeated on a
// line, the same cell twice, rules no grid keeps; and cages without a sum
// on cells no cage holds. Rules CheckConstraints refuses are dropped.
func wildRules(n int, base *Variant, rng *rand.Rand) *Variant {
	v := &Variant{}
	if base != nil {
		*v = *base
	}
	nc := n * n
	cell := func() int { return rng.IntN(nc) }
	cells := func(k int) []int { return rng.Perm(nc)[:min(k, nc)] }
	line := func(k int) []int { // cells may repeat
		out := make([]int, k)
		for i := range out {
			out[i] = cell()
			if i > 0 && rng.IntN(3) > 0 {
				nb := orthogonalNeighbours(out[i-1], n)
				out[i] = nb[rng.IntN(len(nb))]
			}
		}
		return out
	}
	dot := func(lo, hi int) Dot {
		c := cell()
		nb := orthogonalNeighbours(c, n)
		d := Dot{Cells: []int{c, nb[rng.IntN(len(nb))]}}
		if hi >= lo && rng.IntN(3) > 0 {
			d.Value = lo + rng.IntN(hi-lo+1)
		}
		return d
	}
	var w Rules
	for _, k := range rng.Perm(18)[:3+rng.IntN(5)] {
		switch k {
		case 0:
			w.Even, w.Odd = cells(rng.IntN(n)), cells(rng.IntN(n))
		case 1:
			for range 1 + rng.IntN(2*n) {
				w.Differences = append(w.Differences, dot(1, n-1))
			}
		case 2:
			for range 1 + rng.IntN(2*n) {
				w.Ratios = append(w.Ratios, dot(1, n))
			}
		case 3:
			for range 1 + rng.IntN(2*n) {
				d := dot(3, 2*n-1)
				if d.Value == 0 {
					d.Value = 3 + rng.IntN(2*n-3)
				}
				w.XV = append(w.XV, d)
			}
		case 4:
			w.NegativeRatio, w.NegativeXV = rng.IntN(2) == 0, rng.IntN(2) == 0
			v.NonConsecutive = v.NonConsecutive || rng.IntN(2) == 0
		case 5:
			w.Minimums, w.Maximums = cells(1+rng.IntN(n)), cells(rng.IntN(n))
		case 6:
			for range 1 + rng.IntN(3) {
				k := 1 + rng.IntN(3)
				w.Clones = append(w.Clones, Clone{Cells: cells(k), Copy: cells(k)})
			}
		case 7:
			w.Palindromes = append(w.Palindromes, line(2+rng.IntN(6)), line(2+rng.IntN(3)))
		case 8:
			w.Renbans = append(w.Renbans, cells(1+rng.IntN(n)), cells(1+rng.IntN(min(n, 3))))
		case 9:
			w.Whispers = append(w.Whispers, Whisper{Cells: line(2 + rng.IntN(6)), Value: rng.IntN(n)})
		case 10:
			w.EntropicLines = append(w.EntropicLines, line(2+rng.IntN(6)))
		case 11:
			w.ModularLines = append(w.ModularLines, line(2+rng.IntN(6)))
		case 12:
			w.Nabners = append(w.Nabners, cells(1+rng.IntN(n)))
		case 13:
			w.SlowThermos = append(w.SlowThermos, line(2+rng.IntN(6)))
		case 14:
			w.RowIndexers = cells(1 + rng.IntN(n))
		case 15:
			w.ColumnIndexers = cells(1 + rng.IntN(n))
		case 16:
			w.BoxIndexers = cells(1 + rng.IntN(n))
		case 17:
			taken := make([]bool, nc)
			for _, cg := range v.Cages {
				for _, c := range cg.Cells {
					taken[c] = true
				}
			}
			for range 1 + rng.IntN(3) {
				cg := Cage{}
				for _, c := range cells(1 + rng.IntN(n)) {
					if !taken[c] {
						taken[c] = true
						cg.Cells = append(cg.Cells, c)
					}
				}
				if len(cg.Cells) > 0 {
					v.Cages = append(slices.Clip(v.Cages), cg)
				}
			}
		}
	}
	v.Rules = v.Rules.merge(w)
	if CheckConstraints(n, v) != nil {
		v.Rules = Rules{}
	}
	return v
}

// TestEstimateRefused: EstimateMatrix refuses the rules the exact-cover
// solver does not encode as the Solver does, with an error wrapping
// ErrVariant; and EstimateMatrixWithin stops counting rules that relate
// more pairs of cells than its budget takes, at once, with ErrTooLarge,
// having allocated about the budget.
func TestEstimateRefused(t *testing.T) {
	// One of each rule the exact-cover solver lacks, on a 9x9 grid.
	lacks := Rules{
		Arrows:         []Arrow{{Circle: []int{0}, Shaft: []int{1, 2}}},
		LittleKillers:  []LittleKiller{{Row: -1, Col: 0, Direction: "DR", Sum: 20}},
		Sandwiches:     []OutsideClue{{Row: 0, Col: -1, Value: 10}},
		XSums:          []OutsideClue{{Row: 0, Col: -1, Value: 10}},
		Skyscrapers:    []OutsideClue{{Row: 0, Col: -1, Value: 3}},
		Quadruples:     []Quadruple{{Cells: []int{0, 1, 9, 10}, Digits: []int{1, 2}}},
		BetweenLines:   [][]int{{0, 1, 2}},
		RegionSumLines: [][]int{{0, 1, 2, 3}},
		ZipperLines:    [][]int{{0, 1, 2}},
		DoubleArrows:   [][]int{{0, 1, 2}},
	}
	rv := reflect.ValueOf(&lacks).Elem()
	for i := range rv.NumField() {
		name := rulesType.Field(i).Name
		if ruleInfos[name].exact {
			continue
		}
		if rv.Field(i).IsZero() {
			t.Errorf("%s: no example", name)
			continue
		}
		v := &Variant{AntiKnight: true}
		reflect.ValueOf(&v.Rules).Elem().Field(i).Set(rv.Field(i))
		_, err := EstimateMatrix(Standard, v)
		// The exact-cover solver refuses them as the estimate does (Auto
		// takes them to the propagation solver instead).
		_, serr := NewSolver(Options{Method: DLX}).Solve(context.Background(), NewGrid(Standard, v))
		if !errors.Is(err, ErrVariant) || !errors.Is(serr, ErrVariant) || err.Error() != serr.Error() {
			t.Errorf("%s: EstimateMatrix %v, Solve %v", name, err, serr)
		}
	}
	// Nabner lines of 64 cells on a 64x64 grid: 2,016 pairs each, most
	// of them not peers.
	n := 64
	v := &Variant{}
	for k := range 256 {
		l := make([]int, n)
		for i := range l {
			l[i] = (i*67 + k*131) % (n * n)
		}
		v.Nabners = append(v.Nabners, l)
	}
	if err := CheckConstraints(n, v); err != nil {
		t.Fatal(err)
	}
	const limit = 64 << 20
	var err error
	got := allocated(func() { _, err = EstimateMatrixWithin(context.Background(), Shape{8, 8}, v, limit) })
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over the limit of 64 MB") {
		t.Errorf("nabners: %v", err)
	}
	if got > limit+8<<20 {
		t.Errorf("nabners: refusing took %d MB", got>>20)
	}
	// EstimateWork counts the pairs without listing them: a bound above
	// the limit, in little memory.
	var work int64
	got = allocated(func() { work, err = EstimateWork(Shape{8, 8}, v) })
	if err != nil || work < limit || got > 8<<20 {
		t.Errorf("nabners: EstimateWork %d bytes (%v), allocating %d", work, err, got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := EstimateMatrixWithin(ctx, Shape{8, 8}, v, -1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc).
func allocated(f func()) int64 {
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	f()
	runtime.ReadMemStats(&m1)
	return int64(m1.TotalAlloc - m0.TotalAlloc)
}

// attackGrids are the bodies of issue 28 that made the server build huge
// matrices, and grids near them.
func attackGrids() map[string]*Grid {
	s8 := Shape{8, 8}
	grids := map[string]*Grid{
		"64x64 blank":                         NewGrid(s8, nil),
		"64x64 antiknight+antiking+nonconsec": NewGrid(s8, &Variant{AntiKnight: true, AntiKing: true, NonConsecutive: true}),
	}
	var c36 []Cage
	for k := range 216 {
		c36 = append(c36, Cage{Sum: 135, Cells: []int{6 * k, 6*k + 1, 6*k + 2, 6*k + 3, 6*k + 4, 6*k + 5}})
	}
	grids["36x36 216 cages"] = NewGrid(Shape{6, 6}, &Variant{Cages: c36})
	var c64 []Cage
	for k := range 50 {
		c64 = append(c64, Cage{Sum: 95, Cells: []int{5 * k, 5*k + 1, 5*k + 2, 5*k + 3, 5*k + 4}})
	}
	grids["64x64 50 cages"] = NewGrid(s8, &Variant{Cages: c64})
	return grids
}

// TestEstimateBytes checks that Bytes bounds the memory a Solver
// allocates to build a matrix and search it (the bytes allocated, garbage
// included), and is not far above it, on grids from 9x9 to 64x64; and
// that EstimateWork bounds what EstimateMatrix allocates.
func TestEstimateBytes(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector changes what the build allocates")
	}
	rng := rand.New(rand.NewPCG(28, 2))
	grids := map[string]*Grid{
		"9x9":          NewGrid(Standard, nil),
		"16x16 killer": nil,
		"25x25 chess":  NewGrid(Shape{5, 5}, &Variant{AntiKnight: true, AntiKing: true, NonConsecutive: true}),
		"12x12 thermo": nil,
	}
	sol := patternGrid(Shape{4, 4}, rng)
	grids["16x16 killer"] = NewGrid(Shape{4, 4}, randomConstraints(sol, nil, rng))
	sol = patternGrid(Shape{3, 4}, rng)
	v := randomConstraints(sol, Diagonal(Shape{3, 4}), rng)
	v.AntiKing = true
	grids["12x12 thermo"] = NewGrid(Shape{3, 4}, v)
	sol = patternGrid(Shape{4, 4}, rng)
	grids["16x16 rules"] = NewGrid(Shape{4, 4}, wildRules(16, randomRules(sol, nil, rng), rng))
	var line []int
	for c := range 25 * 25 {
		line = append(line, c)
	}
	grids["25x25 negative kropki and XV, whispers"] = NewGrid(Shape{5, 5}, &Variant{Rules: Rules{NegativeRatio: true, NegativeXV: true,
		Whispers: []Whisper{{Cells: line, Value: 3}}, Renbans: [][]int{line[:25], line[25:30]}}, Cages: []Cage{{Cells: line[50:60]}}})
	if !testing.Short() {
		for name, g := range attackGrids() {
			if name != "36x36 216 cages" { // 4 GB
				grids[name] = g
			}
		}
	}
	for name, g := range grids {
		z, err := EstimateMatrix(g.Shape, g.Variant)
		if err != nil {
			t.Fatal(err)
		}
		// The Solver's path: build, apply the givens, search (here a
		// thousand nodes, as the engine is built at the first search).
		s := NewSolver(Options{Method: DLX, MaxBytes: -1})
		got := allocated(func() {
			e, err := s.apply(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			e.xs.ResetAfterSearch()
			e.xs.Count(context.Background(), exactcover.Options{Limit: 1, MaxNodes: 1000})
		})
		work, err := EstimateWork(g.Shape, g.Variant)
		if err != nil {
			t.Fatal(err)
		}
		counting := allocated(func() { EstimateMatrix(g.Shape, g.Variant) })
		if counting > work {
			t.Errorf("%s: EstimateMatrix allocated %d bytes, over EstimateWork's %d", name, counting, work)
		}
		t.Logf("%s: %v; allocated %d MB; counting it %d KB of %d KB", name, z, got>>20, counting>>10, work>>10)
		if got > z.Bytes {
			t.Errorf("%s: allocated %d bytes, over the estimate %d (%v)", name, got, z.Bytes, z)
		}
		if z.Bytes > 4*got+16<<20 {
			t.Errorf("%s: estimate %d bytes, over 4 times the %d allocated", name, z.Bytes, got)
		}
	}
}

// TestMaxBytes: a Solver refuses, before building anything, a matrix over
// its budget, with an error wrapping ErrTooLarge that gives the figures;
// the default budget refuses the 216 cages of issue 28 on a 36x36 grid
// (4 GB), which took 26 s and 8 GB to build before.
func TestMaxBytes(t *testing.T) {
	ctx := context.Background()
	g := NewGrid(Shape{4, 4}, nil)
	z, _ := EstimateMatrix(g.Shape, nil)
	s := NewSolver(Options{MaxBytes: z.Bytes - 1})
	var err error
	got := allocated(func() { _, err = s.Solve(ctx, g) })
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "1,024 items, 4,096 options, 16,384 nodes") {
		t.Errorf("over the budget: %v", err)
	}
	if got > 1<<20 {
		t.Errorf("refusing took %d bytes", got)
	}
	if _, err := NewSolver(Options{MaxBytes: z.Bytes}).Solve(ctx, g); err != nil {
		t.Errorf("at the budget: %v", err)
	}
	big := attackGrids()["36x36 216 cages"]
	for _, f := range []func() error{
		func() error { _, err := NewSolver(Options{}).Solve(ctx, big); return err },
		func() error { _, err := NewSolver(Options{}).Count(ctx, big, 2); return err },
		func() error { _, err := NewSolver(Options{}).Check(ctx, big); return err },
		func() error { _, err := Solve(ctx, big); return err },
	} {
		var err error
		got := allocated(func() { err = f() })
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over the limit of 2,048 MB") {
			t.Errorf("216 cages: %v", err)
		}
		if got > 64<<20 {
			t.Errorf("216 cages: refusing took %d MB", got>>20)
		}
	}
}

// TestBuildCancel: a cancelled context stops the build of a large matrix
// at once (before, the anti-knight 64x64 matrix took seconds and 2 GB to
// build before the search looked at the context), and a context ending
// during the build stops it within a generous margin.
func TestBuildCancel(t *testing.T) {
	g := attackGrids()["64x64 antiknight+antiking+nonconsec"]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSolver(Options{MaxBytes: -1})
	for _, f := range []func() error{
		func() error { _, err := s.Solve(ctx, g); return err },
		func() error { _, err := s.Count(ctx, g, 1); return err },
		func() error { _, err := s.Check(ctx, g); return err },
	} {
		var err error
		got := allocated(func() { err = f() })
		if !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled: %v", err)
		}
		if got > 32<<20 {
			t.Errorf("cancelled: the build allocated %d MB", got>>20)
		}
	}
	if testing.Short() {
		return
	}
	// Cancelled 20 ms into the build.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	t0 := time.Now()
	_, err := NewSolver(Options{MaxBytes: -1}).Solve(ctx, g)
	if d := time.Since(t0); !errors.Is(err, context.DeadlineExceeded) || d > 2*time.Second {
		t.Errorf("deadline during the build: %v after %v", err, d)
	}
}

// TestCacheBytes: a Solver keeps the matrices that fit in
// Options.CacheBytes, the most recently used first, and drops the others.
func TestCacheBytes(t *testing.T) {
	ctx := context.Background()
	small, large := NewGrid(Shape{2, 2}, nil), NewGrid(Shape{4, 4}, nil)
	s := NewSolver(Options{Method: DLX})
	s.Solve(ctx, small)
	bs := s.CachedBytes()
	s.Solve(ctx, large)
	bl := s.CachedBytes() - bs
	if bs <= 0 || bl <= bs {
		t.Fatalf("default: %d bytes cached for the 4x4, %d for the 16x16", bs, bl)
	}
	// Solving again from the cache gives the same solution.
	a, err := s.Solve(ctx, large)
	b, err2 := NewSolver(Options{Method: DLX, CacheBytes: -1}).Solve(ctx, large)
	if err != nil || err2 != nil || a.String() != b.String() {
		t.Errorf("cached %v %v, uncached %v %v", a, err, b, err2)
	}
	s = NewSolver(Options{Method: DLX, CacheBytes: bs + bl/2})
	s.Solve(ctx, small)
	if got := s.CachedBytes(); got != bs {
		t.Errorf("after the small grid: %d cached, want %d", got, bs)
	}
	s.Solve(ctx, large) // too large to keep
	if got := s.CachedBytes(); got != bs {
		t.Errorf("after the large grid: %d cached, want %d", got, bs)
	}
	s = NewSolver(Options{Method: DLX, CacheBytes: bl})
	s.Solve(ctx, small)
	s.Solve(ctx, large) // the small one is dropped, the large one kept
	if got := s.CachedBytes(); got != bl {
		t.Errorf("after both: %d cached, want %d", got, bl)
	}
	s = NewSolver(Options{Method: DLX, CacheBytes: -1})
	s.Solve(ctx, small)
	if got := s.CachedBytes(); got != 0 {
		t.Errorf("CacheBytes -1: %d cached", got)
	}
}
