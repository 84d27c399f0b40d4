package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// newEngines are the engines other than links, and the cells engine's
// sparse-set layout (EngineCells takes the mask layout where it can).
var newEngines = []Engine{EngineCells, engineSparseCells, EngineBits}

// checkEngine compares every search mode of engine e on p with the brute
// force's solutions want.
func checkEngine(t *testing.T, e Engine, r *rand.Rand, p *Problem, want [][]int, label string) {
	t.Helper()
	cellsOpt := Options{Engine: e}
	withCells := func(opt Options) Options {
		opt.Engine = e
		return opt
	}
	label = e.String() + ": " + label
	ctx := context.Background()
	s := NewSolver(p)
	describe := func() string {
		var b strings.Builder
		b.WriteString(label)
		for o := range p.NumOptions() {
			fmt.Fprintf(&b, "\n  %d: %s", o, p.OptionString(o))
		}
		return b.String()
	}
	got := collect(t, s, withCells(Options{}))
	for _, sol := range got {
		if err := validSolution(p, sol); err != nil {
			t.Fatalf("solution %v: %v%s", sol, err, describe())
		}
	}
	if !slices.EqualFunc(sortedSols(got), want, slices.Equal) {
		t.Fatalf("got %v, brute force %v%s", sortedSols(got), want, describe())
	}
	if c, err := s.Count(ctx, withCells(Options{})); err != nil || c != int64(len(want)) {
		t.Fatalf("Count = %d, %v; want %d%s", c, err, len(want), describe())
	}
	if st := s.Stats(); st.Solutions != int64(len(want)) || st.Nodes < st.Solutions {
		t.Fatalf("stats %+v%s", st, describe())
	}
	if got := sortedSols(collect(t, s, withCells(Options{Seed: r.Uint64() | 1}))); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("seeded search got %v, want %v%s", got, want, describe())
	}
	if got := sortedSols(collect(t, s, withCells(Options{Workers: 2}))); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("parallel search got %v, want %v%s", got, want, describe())
	}
	if c, err := s.Count(ctx, withCells(Options{Workers: 3})); err != nil || c != int64(len(want)) {
		t.Fatalf("parallel Count = %d, %v; want %d%s", c, err, len(want), describe())
	}
	if len(want) > 1 {
		if c, _ := s.Count(ctx, withCells(Options{Limit: 1})); c != 1 {
			t.Fatalf("Count with Limit 1 = %d%s", c, describe())
		}
	}
	sol, err := s.Solve(ctx, cellsOpt)
	switch {
	case len(want) == 0 && !errors.Is(err, ErrNoSolution):
		t.Fatalf("Solve = %v, %v; want ErrNoSolution%s", sol, err, describe())
	case len(want) > 0 && (err != nil || validSolution(p, sol) != nil):
		t.Fatalf("Solve = %v, %v%s", sol, err, describe())
	}
	// Choosing part of a solution leaves the solutions that contain it.
	if len(want) > 0 {
		sol := want[r.IntN(len(want))]
		part := sol[:r.IntN(len(sol)+1)]
		for _, o := range part {
			if err := s.Choose(o); err != nil {
				t.Fatalf("Choose(%d) of solution %v: %v%s", o, sol, err, describe())
			}
		}
		var sub [][]int
		for _, w := range want {
			if containsAll(w, part) {
				sub = append(sub, w)
			}
		}
		if got := sortedSols(collect(t, s, withCells(Options{}))); !slices.EqualFunc(got, sub, slices.Equal) {
			t.Fatalf("after choosing %v: solutions %v, want %v%s", part, got, sub, describe())
		}
		s.Reset()
	}
	// The cells are intact after all that.
	if c, err := s.Count(ctx, cellsOpt); err != nil || c != int64(len(want)) {
		t.Fatalf("last Count = %d, %v; want %d%s", c, err, len(want), describe())
	}
}

// TestCellsAgainstBruteForce checks the cells and bits engines' solutions,
// in every mode, against a brute force on small random problems with secondary
// items and colors.
func TestCellsAgainstBruteForce(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range n {
		p := randomProblem(r, trial%2 == 1)
		want := bruteForce(p)
		for _, e := range newEngines {
			checkEngine(t, e, r, p, want, fmt.Sprintf("trial %d", trial))
		}
	}
}

// FuzzCells builds a small problem from the fuzzer's seed and compares the
// cells and bits engines with the brute force (one seed in three: a problem
// with item bounds, for the bits engine).
func FuzzCells(f *testing.F) {
	for _, seed := range []uint64{1, 2, 3, 42, 1 << 40} {
		f.Add(seed, true)
		f.Add(seed, false)
	}
	f.Fuzz(func(t *testing.T, seed uint64, colors bool) {
		r := rand.New(rand.NewPCG(seed, seed>>7))
		if seed%3 == 0 { // item bounds: the bits engine
			p := randomBoundsProblem(r, colors)
			want := bruteForceBounds(p)
			s := NewSolver(p)
			for _, opt := range []Options{{Engine: EngineBits}, {Engine: EngineBits, Seed: seed | 1}, {Engine: EngineBits, Workers: 2}} {
				if got := sortedSols(collect(t, s, opt)); !slices.EqualFunc(got, want, slices.Equal) {
					t.Fatalf("seed %d, %+v: solutions %v, brute force %v\n%s", seed, opt, got, want, knuthText(t, p))
				}
			}
			return
		}
		p := randomProblem(r, colors)
		want := bruteForce(p)
		for _, e := range newEngines {
			checkEngine(t, e, r, p, want, fmt.Sprintf("seed %d", seed))
		}
	})
}

// TestCellsInstances counts the solutions of every shared instance with
// the cells and bits engines: the counts must equal DLX1's (knuthDLX1),
// the bits engine's nodes too (it walks DLX1's tree), and the cells
// engine's nodes Knuth's SSXCC's (knuthSSXCC), where known.
func TestCellsInstances(t *testing.T) {
	dir := shareddata.Path(t, "instances")
	files, err := filepath.Glob(filepath.Join(dir, "*.dlx"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Skipf("shared data: no .dlx files in %s", dir)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			want, ok := knuthDLX1[name]
			if !ok {
				t.Fatalf("no DLX1 figures for %s: add them to knuthDLX1", name)
			}
			if longInstances[name] && testing.Short() {
				t.Skip("long instance: skipped with -short")
			}
			if testing.Short() && want.nodes > 200000 {
				t.Skip("more than 200,000 DLX1 nodes in -short mode")
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			p, err := ReadKnuth(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range newEngines {
				n, st, err := p.Count(context.Background(), Options{Engine: e})
				if err != nil {
					t.Fatal(err)
				}
				t.Logf("%s: %v: %d solutions, %d nodes, %d updates", name, e, n, st.Nodes, st.Updates)
				if n != want.solutions || st.Solutions != want.solutions {
					t.Errorf("%v: %d solutions (Stats %d), DLX1 counts %d", e, n, st.Solutions, want.solutions)
				}
				if e == EngineBits && st.Nodes != want.nodes {
					t.Errorf("bits: %d nodes, DLX1 %d", st.Nodes, want.nodes)
				}
				if ss, ok := knuthSSXCC[name]; ok && e == engineSparseCells && st.Nodes != ss {
					t.Errorf("cells (sparse sets): %d nodes, SSXCC %d", st.Nodes, ss)
				}
			}
		})
	}
}

// knuthSSXCC is the node count of Knuth's SSXCC (counting all solutions,
// /tmp/anchors/ssxcc < file): the cells engine in its sparse-set layout
// branches by the same rule and makes the same forced moves (the mask
// layout takes them in another order, and stops a count where every item
// left has one option).
var knuthSSXCC = map[string]int64{
	"queens13.dlx":      859365,
	"langford11.dlx":    345410,
	"sud_eastermon.dlx": 4911,
	"pento6x10.dlx":     1210925,
}

// TestCellsCancelAndBudget checks cancellation, the node budget and
// breaking out of the iteration with the cells engine, and that the
// solver still counts right afterwards.
func TestCellsCancelAndBudget(t *testing.T) {
	for _, e := range newEngines {
		t.Run(e.String(), func(t *testing.T) { testCancelAndBudget(t, e) })
	}
}

func testCancelAndBudget(t *testing.T, e Engine) {
	cellsOpt := Options{Engine: e}
	withCells := func(opt Options) Options {
		opt.Engine = e
		return opt
	}
	p := queensProblem(t, 11)
	s := NewSolver(p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if n, err := s.Count(ctx, cellsOpt); !errors.Is(err, context.Canceled) || n >= 2680 {
		t.Errorf("cancelled Count = %d, %v", n, err)
	}
	if _, err := s.Solve(ctx, withCells(Options{Workers: 2})); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled parallel Solve: %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	k := 0
	for range s.Solutions(ctx, cellsOpt) {
		k++
		if k == 10 {
			cancel()
		}
	}
	if !errors.Is(s.Err(), context.Canceled) || k < 10 || k >= 2680 {
		t.Errorf("iteration cancelled after 10: %d solutions, %v", k, s.Err())
	}
	k = 0
	for range s.Solutions(context.Background(), cellsOpt) {
		k++
		if k == 3 {
			break
		}
	}
	if s.Err() != nil || k != 3 {
		t.Errorf("break: %d, %v", k, s.Err())
	}
	for _, budget := range []int64{1, 100, 5000} {
		_, err := s.Count(context.Background(), withCells(Options{MaxNodes: budget}))
		if st := s.Stats(); !errors.Is(err, ErrNodeBudget) || st.Nodes != budget {
			t.Errorf("budget %d: %v, %d nodes", budget, err, st.Nodes)
		}
	}
	if n, err := s.Count(context.Background(), cellsOpt); n != 2680 || err != nil {
		t.Errorf("after cancellations: %d, %v; want 2680", n, err)
	}
	if got := s.Stats().Nodes; got <= 2680 {
		t.Errorf("full count: %d nodes", got)
	}
}

// TestCellsNoAlloc checks that a search with the cells engine, once the
// cells are built, does not allocate: Count and SolveInto make the same
// few allocations per call (their closures) as with the links engine,
// whatever the size of the search.
func TestCellsNoAlloc(t *testing.T) {
	ctx := context.Background()
	var dst []int
	allocs := func(s *Solver, opt Options, want int64) float64 {
		return testing.AllocsPerRun(5, func() {
			if n, err := s.Count(ctx, opt); n != want || err != nil {
				t.Fatalf("Count = %d, %v", n, err)
			}
			var err error
			dst, err = s.SolveInto(ctx, opt, dst[:0])
			if err != nil {
				t.Fatal(err)
			}
		})
	}
	for _, e := range newEngines {
		for _, seed := range []uint64{0, 7} {
			small, large := NewSolver(queensProblem(t, 6)), NewSolver(queensProblem(t, 9))
			links := allocs(small, Options{Engine: EngineLinks, Seed: seed}, 4)
			a := allocs(small, Options{Engine: e, Seed: seed}, 4)
			b := allocs(large, Options{Engine: e, Seed: seed}, 352)
			if a != links || b != links {
				t.Errorf("%v, seed %d: %v allocations (6 queens), %v (9 queens); links: %v", e, seed, a, b, links)
			}
		}
	}
}

// TestCellsFraction: the cells and bits engines' progress estimate grows
// from solution to solution and stays below 1, in order and at random.
func TestCellsFraction(t *testing.T) {
	q := queensProblem(t, 8)
	for _, e := range newEngines {
		for _, seed := range []uint64{0, 5} {
			s := NewSolver(q)
			last, n := 0.0, 0
			for sol := range s.Solutions(context.Background(), Options{Seed: seed, Engine: e}) {
				f := s.eng.(interface{ fraction(int) float64 }).fraction(len(sol))
				if f <= last || f >= 1 {
					t.Errorf("%v, seed %d: solution %d at %v after %v", e, seed, n, f, last)
				}
				last = f
				n++
			}
			if n != 92 || last < 0.9 {
				t.Errorf("%v, seed %d: %d solutions, the last at %v", e, seed, n, last)
			}
		}
	}
}

// TestBitsBoundsAgainstBruteForce checks the bits engine on problems with
// item bounds (multiplicities) against a brute force, in every mode.
func TestBitsBoundsAgainstBruteForce(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(13, 14))
	ctx := context.Background()
	for k := range n {
		p := randomBoundsProblem(r, k%2 == 1)
		want := bruteForceBounds(p)
		s := NewSolver(p)
		if e := s.EngineFor(EngineBits); e != EngineBits {
			t.Fatalf("problem %d: EngineFor(EngineBits) = %v", k, e)
		}
		for _, opt := range []Options{{}, {Seed: uint64(k + 1)}, {Workers: 2}, {Workers: 3}, {Workers: 2, Seed: uint64(k + 1)}} {
			opt.Engine = EngineBits
			got := sortedSols(collect(t, s, opt))
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("problem %d, %+v: solutions\n%v\nbrute force\n%v\nproblem:\n%s", k, opt, got, want, knuthText(t, p))
			}
			c, err := s.Count(ctx, opt)
			if err != nil || c != int64(len(want)) {
				t.Fatalf("problem %d, %+v: Count = %d, %v; want %d", k, opt, c, err, len(want))
			}
		}
		if len(want) > 1 {
			lim := int64(1 + r.IntN(len(want)-1))
			if c, err := s.Count(ctx, Options{Limit: lim, Engine: EngineBits}); err != nil || c != lim {
				t.Fatalf("problem %d, limit %d: Count = %d, %v", k, lim, c, err)
			}
		}
		sol, err := s.Solve(ctx, Options{Engine: EngineBits})
		switch {
		case len(want) == 0 && !errors.Is(err, ErrNoSolution):
			t.Fatalf("problem %d: Solve = %v, %v; want ErrNoSolution", k, sol, err)
		case len(want) > 0 && (err != nil || checkBounds(p, sol) != nil):
			t.Fatalf("problem %d: Solve = %v, %v: not a solution", k, sol, err)
		}
	}
}

// TestBitsBoundsInstances counts the shared instances with item bounds
// with the bits engine: the counts must be DLX3's.
func TestBitsBoundsInstances(t *testing.T) {
	dir := shareddata.Path(t, "instances")
	for name, want := range knuthDLX3 {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open(filepath.Join(dir, "mcc", name))
			if err != nil {
				t.Skipf("shared data: %v", err)
			}
			defer f.Close()
			p, err := ReadKnuth(f)
			if err != nil {
				t.Fatal(err)
			}
			n, st, err := p.Count(context.Background(), Options{Engine: EngineBits})
			if err != nil || n != want.solutions {
				t.Errorf("bits: %d solutions, %v; DLX3 counts %d", n, err, want.solutions)
			}
			t.Logf("%s: bits: %d solutions, %d nodes, %d updates", name, n, st.Nodes, st.Updates)
			// In parallel: the same count, nodes and updates.
			n2, st2, err := p.Count(context.Background(), Options{Engine: EngineBits, Workers: 2})
			if err != nil || n2 != n || st2.Nodes != st.Nodes || st2.Updates != st.Updates {
				t.Errorf("bits, 2 workers: %d solutions, %+v, %v; sequential %d, %+v", n2, st2, err, n, st)
			}
		})
	}
}

// TestAutoEngine checks the engine the default picks on the shared
// instances (the rule of autoEngine, measured in docs/exactcover.md).
func TestAutoEngine(t *testing.T) {
	dir := shareddata.Path(t, "instances")
	for name, want := range map[string]Engine{
		"queens13.dlx":       EngineBits,
		"langford11.dlx":     EngineBits,
		"pento6x10.dlx":      EngineBits,
		"sud_eastermon.dlx":  EngineCells,
		"sud_inkala2012.dlx": EngineCells,
		"mcc/star2_10.dlx":   EngineBits,
	} {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Skipf("shared data: %v", err)
		}
		p, err := ReadKnuth(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if got := NewSolver(p).EngineFor(EngineAuto); got != want {
			t.Errorf("%s: auto picks %v, want %v", name, got, want)
		}
	}
	if got := NewSolver(sudokuProblem(t)).EngineFor(EngineAuto); got != EngineCells {
		t.Errorf("9x9 Sudoku: auto picks %v, want cells", got)
	}
}

// wideProblem makes a random problem with many options (nOpt) over few
// items, so that the bits engine's live sets span many words: items
// p0..p(nPrim-1) primary, s0..s3 secondary (colored when colors).
func wideProblem(r *rand.Rand, nOpt, nPrim int, colors bool) *Problem {
	p := NewProblem()
	for i := range nPrim {
		p.AddItem(fmt.Sprintf("p%d", i), false)
	}
	for i := range 4 {
		p.AddItem(fmt.Sprintf("s%d", i), true)
	}
	n := nPrim + 4
	for range nOpt {
		var items, cols []int
		for _, i := range r.Perm(n)[:1+r.IntN(4)] {
			items = append(items, i)
			c := 0
			if colors && i >= nPrim && r.IntN(2) > 0 {
				c = 1 + r.IntN(2)
			}
			cols = append(cols, c)
		}
		if _, err := p.AddOptionIndex(items, cols); err != nil {
			panic(err)
		}
	}
	return p
}

// TestBitsWideAgainstLinks compares the bits engine with the links engine
// (an independent search) on problems with 300 to 5,000 options, which
// take the bits engine's paths for more than 256 options (the summary of
// nonzero words up to 4,096, plain words beyond). Both walk DLX1's tree in
// the same order: the first 2,000 solutions must come in the same order,
// after the same number of nodes.
func TestBitsWideAgainstLinks(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	ctx := context.Background()
	trials := 40
	if testing.Short() {
		trials = 10
	}
	for trial := range trials {
		nOpt := 300 + r.IntN(1500)
		if trial%5 == 4 {
			nOpt = 4200 + r.IntN(800)
		}
		p := wideProblem(r, nOpt, 6+r.IntN(5), trial%2 == 1)
		s := NewSolver(p)
		opt := Options{Engine: EngineLinks, Limit: 2000}
		links := collect(t, s, opt)
		lst := s.Stats()
		opt.Engine = EngineBits
		bits := collect(t, s, opt)
		bst := s.Stats()
		if len(links) == 0 || !slices.EqualFunc(links, bits, slices.Equal) {
			t.Fatalf("trial %d (%d options): bits %d solutions, links %d, or in another order", trial, nOpt, len(bits), len(links))
		}
		if bst.Nodes != lst.Nodes {
			t.Errorf("trial %d: bits %d nodes, links (DLX1) %d", trial, bst.Nodes, lst.Nodes)
		}
		want := int64(len(links))
		if n, err := s.Count(ctx, Options{Engine: EngineBits, Workers: 2, Limit: 2000}); err != nil || n != want {
			t.Fatalf("trial %d: bits with 2 workers: %d, %v; want %d", trial, n, err, want)
		}
		if want < 2000 {
			if got := sortedSols(collect(t, s, Options{Engine: EngineBits, Seed: uint64(trial) + 1})); !slices.EqualFunc(got, sortedSols(links), slices.Equal) {
				t.Fatalf("trial %d: seeded bits search differs", trial)
			}
		}
	}
}
