package sudoku

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
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
	return p.Size(), *l.count()
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
// variants of every size up to 16x16 with every constraint, under each
// encoding the tests flip (derived cages, pruning, anti-king pairs).
func TestEstimateMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(28, 1))
	shapes := []Shape{{1, 2}, {2, 2}, {2, 3}, {3, 2}, {3, 3}, {2, 4}, {3, 4}, {4, 4}}
	rounds := 12
	if testing.Short() {
		rounds = 4
	}
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
			for enc := range 8 {
				encoding.derived, encoding.prune, encoding.kingPairs = enc&1 != 0, enc&2 != 0, enc&4 != 0
				checkSize(t, sh, v)
				checked++
			}
		}
	}
	encoding = saved
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
	t.Logf("%d matrices", checked)
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
// included), and is not far above it, on grids from 9x9 to 64x64.
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
		t.Logf("%s: %v; allocated %d MB", name, z, got>>20)
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
