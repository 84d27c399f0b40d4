package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randomProblem makes a small random problem with primary, secondary and
// (when colors) colored secondary items.
func randomProblem(r *rand.Rand, colors bool) *Problem {
	p := NewProblem()
	nPrim, nSec := 1+r.IntN(5), r.IntN(4)
	for i := range nPrim {
		p.AddItem(fmt.Sprintf("p%d", i), false)
	}
	for i := range nSec {
		p.AddItem(fmt.Sprintf("s%d", i), true)
	}
	n := nPrim + nSec
	nOpt := 1 + r.IntN(13)
	for range nOpt {
		var items, cols []int
		for _, i := range r.Perm(n)[:1+r.IntN(min(n, 4))] {
			items = append(items, i)
			c := 0
			if colors && i >= nPrim && r.IntN(3) > 0 {
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

// validSolution reports whether the options sol solve p: every primary
// item covered once, every secondary item at most once or only by options
// giving it one and the same color.
func validSolution(p *Problem, sol []int) error {
	return checkOptions(p, sol, false)
}

// validPartial reports whether options can be in one solution.
func validPartial(p *Problem, sol []int) bool {
	return checkOptions(p, sol, true) == nil
}

// checkOptions checks that the options sol do not clash and, unless
// partial, that they cover every primary item.
func checkOptions(p *Problem, sol []int, partial bool) error {
	type use struct {
		n     int
		color int // -1: uncolored use, or mixed colors
	}
	uses := make([]use, p.NumItems())
	var items, colors []int
	for _, o := range sol {
		items, colors = p.Option(o, items[:0], colors[:0])
		for k, i := range items {
			u := &uses[i]
			c := colors[k]
			switch {
			case u.n == 0 && c != 0:
				u.color = c
			case u.n == 0 || c == 0 || u.color != c:
				u.color = -1
			}
			u.n++
		}
	}
	for i, u := range uses {
		if !p.IsSecondary(i) && (u.n > 1 || u.n == 0 && !partial) {
			return fmt.Errorf("primary item %s covered %d times", p.ItemName(i), u.n)
		}
		if p.IsSecondary(i) && u.n > 1 && u.color < 0 {
			return fmt.Errorf("secondary item %s used %d times with clashing colors", p.ItemName(i), u.n)
		}
	}
	return nil
}

// bruteForce returns every solution of p, as sorted option lists in
// lexicographic order, by trying every subset of the options that have a
// primary item (the search never chooses an option without one).
func bruteForce(p *Problem) [][]int {
	var cand []int
	var items, colors []int
	for o := range p.NumOptions() {
		items, _ = p.Option(o, items[:0], colors[:0])
		if slices.ContainsFunc(items, func(i int) bool { return !p.IsSecondary(i) }) {
			cand = append(cand, o)
		}
	}
	var sols [][]int
	for mask := 0; mask < 1<<len(cand); mask++ {
		var sol []int
		for k, o := range cand {
			if mask&(1<<k) != 0 {
				sol = append(sol, o)
			}
		}
		if validSolution(p, sol) == nil {
			sols = append(sols, sol)
		}
	}
	slices.SortFunc(sols, slices.Compare)
	return sols
}

// collect returns the solutions of s, each sorted, in the order found.
func collect(t *testing.T, s *Solver, opt Options) [][]int {
	t.Helper()
	var sols [][]int
	for sol := range s.Solutions(context.Background(), opt) {
		sols = append(sols, slices.Sorted(slices.Values(sol)))
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return sols
}

func sortedSols(sols [][]int) [][]int {
	sols = slices.Clone(sols)
	slices.SortFunc(sols, slices.Compare)
	return sols
}

func TestRandomAgainstBruteForce(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(1, 2))
	ctx := context.Background()
	for trial := range n {
		p := randomProblem(r, trial%2 == 1)
		want := bruteForce(p)
		s := NewSolver(p)
		describe := func() string {
			var b strings.Builder
			for o := range p.NumOptions() {
				fmt.Fprintf(&b, "\n  %d: %s", o, p.OptionString(o))
			}
			return b.String()
		}
		got := collect(t, s, Options{})
		for _, sol := range got {
			if err := validSolution(p, sol); err != nil {
				t.Fatalf("trial %d: solution %v: %v%s", trial, sol, err, describe())
			}
		}
		if !slices.EqualFunc(sortedSols(got), want, slices.Equal) {
			t.Fatalf("trial %d: got %v, brute force %v%s", trial, sortedSols(got), want, describe())
		}
		if c, err := s.Count(ctx, Options{}); err != nil || c != int64(len(want)) {
			t.Fatalf("trial %d: Count = %d, %v; want %d%s", trial, c, err, len(want), describe())
		}
		if st := s.Stats(); st.Solutions != int64(len(want)) || st.Nodes < st.Solutions {
			t.Fatalf("trial %d: stats %+v", trial, st)
		}
		// Seeded order: the same set.
		if got := sortedSols(collect(t, s, Options{Seed: uint64(trial) + 1})); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("trial %d: seeded search got %v, want %v%s", trial, got, want, describe())
		}
		// Parallel: the same set and count.
		if got := sortedSols(collect(t, s, Options{Workers: 2})); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("trial %d: parallel search got %v, want %v%s", trial, got, want, describe())
		}
		if c, err := s.Count(ctx, Options{Workers: 3}); err != nil || c != int64(len(want)) {
			t.Fatalf("trial %d: parallel Count = %d, %v; want %d%s", trial, c, err, len(want), describe())
		}
		// Limit.
		if len(want) > 1 {
			if c, _ := s.Count(ctx, Options{Limit: 1}); c != 1 {
				t.Fatalf("trial %d: Count with Limit 1 = %d", trial, c)
			}
		}
		// Choosing the options of a solution leaves exactly that solution.
		if len(want) > 0 {
			sol := want[r.IntN(len(want))]
			for _, o := range sol {
				if err := s.Choose(o); err != nil {
					t.Fatalf("trial %d: Choose(%d) of solution %v: %v%s", trial, o, sol, err, describe())
				}
			}
			if got := collect(t, s, Options{}); len(got) != 1 || !slices.Equal(got[0], sol) {
				t.Fatalf("trial %d: after choosing %v: solutions %v%s", trial, sol, got, describe())
			}
			s.Reset()
		}
		// Splitting: the subproblems' counts add up, and the solver's state
		// is unchanged.
		subs := s.Split(1 + r.IntN(6))
		total := int64(0)
		for _, sub := range subs {
			for _, o := range sub {
				if err := s.Choose(o); err != nil {
					t.Fatalf("trial %d: subproblem %v: %v", trial, sub, err)
				}
			}
			c, err := s.Count(ctx, Options{})
			if err != nil {
				t.Fatal(err)
			}
			total += c
			s.Reset()
		}
		if total != int64(len(want)) {
			t.Fatalf("trial %d: subproblems %v count %d, want %d%s", trial, subs, total, len(want), describe())
		}
		if got := sortedSols(collect(t, s, Options{})); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("trial %d: after Split and Reset got %v, want %v", trial, got, want)
		}
	}
}

// TestChooseConflict checks Choose against a brute-force notion of
// compatibility on random problems.
func TestChooseConflict(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 500
	if testing.Short() {
		n = 100
	}
	for trial := range n {
		p := randomProblem(r, true)
		s := NewSolver(p)
		var chosen []int
		for range 4 {
			o := r.IntN(p.NumOptions())
			compatible := !slices.Contains(chosen, o) && validPartial(p, append(slices.Clone(chosen), o))
			err := s.Choose(o)
			if compatible != (err == nil) {
				t.Fatalf("trial %d: Choose(%d) after %v: %v, compatible %v", trial, o, chosen, err, compatible)
			}
			if err != nil && !errors.Is(err, ErrConflict) {
				t.Fatalf("trial %d: error %v does not wrap ErrConflict", trial, err)
			}
			if err == nil {
				chosen = append(chosen, o)
			}
		}
		// Every solution now extends the chosen options.
		want := 0
		for _, sol := range bruteForce(p) {
			if containsAll(sol, chosen) {
				want++
			}
		}
		// Options without a primary item are not in bruteForce's solutions.
		if c, _ := s.Count(context.Background(), Options{}); !hasSecondaryOnly(p, chosen) && c != int64(want) {
			t.Fatalf("trial %d: after choosing %v: %d solutions, want %d", trial, chosen, c, want)
		}
		s.Reset()
		if c, _ := s.Count(context.Background(), Options{}); c != int64(len(bruteForce(p))) {
			t.Fatalf("trial %d: after Reset: %d solutions", trial, c)
		}
	}
	p := queensProblem(t, 4)
	s := NewSolver(p)
	if err := s.Choose(p.NumOptions()); !errors.Is(err, ErrNoOption) {
		t.Errorf("Choose out of range: %v", err)
	}
}

func containsAll(sol, sub []int) bool {
	for _, o := range sub {
		if !slices.Contains(sol, o) {
			return false
		}
	}
	return true
}

func hasSecondaryOnly(p *Problem, opts []int) bool {
	var items, colors []int
	for _, o := range opts {
		items, _ = p.Option(o, items[:0], colors[:0])
		if !slices.ContainsFunc(items, func(i int) bool { return !p.IsSecondary(i) }) {
			return true
		}
	}
	return false
}

func TestSeededOrder(t *testing.T) {
	p := queensProblem(t, 8)
	s := NewSolver(p)
	base := collect(t, s, Options{})
	if len(base) != 92 {
		t.Fatalf("%d solutions of 8 queens", len(base))
	}
	a := collect(t, s, Options{Seed: 1})
	b := collect(t, s, Options{Seed: 1})
	c := collect(t, s, Options{Seed: 2})
	if !slices.EqualFunc(a, b, slices.Equal) {
		t.Error("the same seed gave different orders")
	}
	if slices.EqualFunc(a, c, slices.Equal) || slices.EqualFunc(a, base, slices.Equal) {
		t.Error("different seeds gave the same order")
	}
	for _, x := range [][][]int{a, c} {
		if !slices.EqualFunc(sortedSols(x), sortedSols(base), slices.Equal) {
			t.Error("a seeded search found other solutions")
		}
	}
	// The first solutions of many seeds are spread out: with 92 solutions,
	// 200 seeds should find well over 40 different first solutions.
	firsts := map[string]bool{}
	for seed := range uint64(200) {
		sol, err := s.Solve(context.Background(), Options{Seed: seed + 1})
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(sol)
		firsts[fmt.Sprint(sol)] = true
	}
	if len(firsts) < 40 {
		t.Errorf("200 seeds found only %d different first solutions", len(firsts))
	}
}

func TestCancel(t *testing.T) {
	p := queensProblem(t, 11)
	s := NewSolver(p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n, err := s.Count(ctx, Options{})
	if !errors.Is(err, context.Canceled) || n >= 2680 {
		t.Errorf("cancelled Count = %d, %v", n, err)
	}
	if _, err := s.Solve(ctx, Options{Workers: 2}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled parallel Solve: %v", err)
	}
	// Cancelled in the middle of an iteration.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	k := 0
	for range s.Solutions(ctx, Options{}) {
		k++
		if k == 10 {
			cancel()
		}
	}
	if !errors.Is(s.Err(), context.Canceled) || k < 10 || k >= 2680 {
		t.Errorf("iteration cancelled after 10: %d solutions, %v", k, s.Err())
	}
	// Breaking out of the loop.
	k = 0
	for range s.Solutions(context.Background(), Options{}) {
		k++
		if k == 3 {
			break
		}
	}
	if s.Err() != nil || k != 3 {
		t.Errorf("break: %d, %v", k, s.Err())
	}
	// The solver is intact.
	if n, err := s.Count(context.Background(), Options{}); n != 2680 || err != nil {
		t.Errorf("after cancellations: %d, %v; want 2680", n, err)
	}
}

func TestLimit(t *testing.T) {
	p := queensProblem(t, 8)
	s := NewSolver(p)
	for _, w := range []int{1, 2} {
		for _, lim := range []int64{1, 5, 91, 92, 93} {
			n, err := s.Count(context.Background(), Options{Limit: lim, Workers: w})
			if err != nil || n != min(lim, 92) {
				t.Errorf("workers %d, limit %d: %d, %v", w, lim, n, err)
			}
			k := 0
			for range s.Solutions(context.Background(), Options{Limit: lim, Workers: w}) {
				k++
			}
			if int64(k) != min(lim, 92) {
				t.Errorf("workers %d, limit %d: %d solutions iterated", w, lim, k)
			}
		}
	}
	if n, _ := s.Count(context.Background(), Options{}); n != 92 {
		t.Errorf("after limited searches: %d", n)
	}
}

func TestSplit(t *testing.T) {
	p := queensProblem(t, 8)
	s := NewSolver(p)
	// Choose a queen first: the split is below the chosen state.
	if err := s.Choose(3); err != nil {
		t.Fatal(err)
	}
	want, _ := s.Count(context.Background(), Options{Engine: EngineLinks})
	wantSt := s.Stats()
	for _, n := range []int{1, 2, 8, 30, 500, 100000} {
		subs := s.Split(n)
		if len(subs) < min(n, 2) {
			t.Errorf("Split(%d): %d subproblems", n, len(subs))
		}
		// Replay on a fresh solver, as on another machine.
		f := NewSolver(p)
		total := int64(0)
		for _, sub := range subs {
			f.Reset()
			f.Choose(3)
			for _, o := range sub {
				if err := f.Choose(o); err != nil {
					t.Fatal(err)
				}
			}
			c, _ := f.Count(context.Background(), Options{})
			total += c
		}
		if total != want {
			t.Errorf("Split(%d): %d subproblems count %d, want %d", n, len(subs), total, want)
		}
	}
	// In parallel the statistics are the sequential ones.
	s.Count(context.Background(), Options{Workers: 2, Engine: EngineLinks})
	st := s.Stats()
	if st.Nodes != wantSt.Nodes || st.Updates != wantSt.Updates || st.Solutions != want || st.SubproblemsDone != st.Subproblems {
		t.Errorf("parallel stats %+v, sequential %+v", st, wantSt)
	}
}

func TestSudokuPath(t *testing.T) {
	p := sudokuProblem(t)
	s := NewSolver(p)
	ctx := context.Background()
	puzzle := "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
	if err := chooseGivens(s, puzzle); err != nil {
		t.Fatal(err)
	}
	n, err := s.Count(ctx, Options{Limit: 2})
	if err != nil || n != 1 {
		t.Fatalf("Count = %d, %v", n, err)
	}
	sol, err := s.SolveInto(ctx, Options{}, nil)
	if err != nil || len(sol) != 81 {
		t.Fatalf("Solve = %v, %v", sol, err)
	}
	grid := make([]byte, 81)
	for _, o := range sol {
		grid[o/9] = byte('1' + o%9)
	}
	for i := range 81 {
		if puzzle[i] != '0' && puzzle[i] != grid[i] {
			t.Errorf("cell %d: given %c, solution %c", i, puzzle[i], grid[i])
		}
	}
	if err := validSolution(p, sol); err != nil {
		t.Error(err)
	}
	// A clash among givens.
	s.Reset()
	if err := s.Choose(0); err != nil { // 1 at r0c0
		t.Fatal(err)
	}
	if err := s.Choose(1*9 + 0); !errors.Is(err, ErrConflict) { // 1 at r0c1
		t.Errorf("clash: %v", err)
	}
	if err := s.Choose(0*9 + 1); !errors.Is(err, ErrConflict) { // 2 at r0c0
		t.Errorf("clash: %v", err)
	}
	s.Reset()
	// An empty grid has many solutions.
	if n, _ := s.Count(ctx, Options{Limit: 2}); n != 2 {
		t.Errorf("empty grid: %d", n)
	}
}

func TestPentomino(t *testing.T) {
	if testing.Short() {
		t.Skip("long in -short mode")
	}
	p := pentominoProblem(t, 20, 3)
	n, _, err := p.Count(context.Background(), Options{})
	if err != nil || n != 8 { // 2 solutions of 3x20, times 4 symmetries
		t.Errorf("3x20 pentominoes: %d, %v; want 8", n, err)
	}
	n2, _, _ := p.Count(context.Background(), Options{Workers: 2})
	if n2 != n {
		t.Errorf("parallel: %d", n2)
	}
}

func TestProblemErrors(t *testing.T) {
	p := NewProblem()
	p.AddItem("a", false)
	p.AddItem("b", false)
	p.AddItem("x", true)
	tests := []struct {
		name string
		err  error
		add  func() error
	}{
		{"duplicate item", ErrDuplicateItem, func() error { _, err := p.AddItem("a", true); return err }},
		{"bad item name", ErrSyntax, func() error { _, err := p.AddItem("a:b", false); return err }},
		{"empty item name", ErrSyntax, func() error { _, err := p.AddItem("", false); return err }},
		{"item name with space", ErrSyntax, func() error { _, err := p.AddItem("a b", false); return err }},
		{"unknown item", ErrUnknownItem, func() error { _, err := p.AddOption("a", "z"); return err }},
		{"repeated item", ErrRepeatedItem, func() error { _, err := p.AddOption("a", "b", "a"); return err }},
		{"repeated colored item", ErrRepeatedItem, func() error { _, err := p.AddOption("a", "x:1", "x:2"); return err }},
		{"empty option", ErrEmptyOption, func() error { _, err := p.AddOption(); return err }},
		{"color on primary", ErrColorPrimary, func() error { _, err := p.AddOption("a:red"); return err }},
		{"empty color", ErrSyntax, func() error { _, err := p.AddOption("a", "x:"); return err }},
		{"unknown index", ErrUnknownItem, func() error { _, err := p.AddOptionIndex([]int{0, 7}, nil); return err }},
		{"negative index", ErrUnknownItem, func() error { _, err := p.AddOptionIndex([]int{-1}, nil); return err }},
		{"repeated index", ErrRepeatedItem, func() error { _, err := p.AddOptionIndex([]int{1, 1}, nil); return err }},
		{"empty index option", ErrEmptyOption, func() error { _, err := p.AddOptionIndex(nil, nil); return err }},
		{"index color on primary", ErrColorPrimary, func() error { _, err := p.AddOptionIndex([]int{0, 2}, []int{1, 0}); return err }},
		{"negative color", ErrSyntax, func() error { _, err := p.AddOptionIndex([]int{0, 2}, []int{0, -1}); return err }},
		{"colors not parallel", ErrSyntax, func() error { _, err := p.AddOptionIndex([]int{0, 2}, []int{0}); return err }},
	}
	for _, tt := range tests {
		if err := tt.add(); !errors.Is(err, tt.err) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.err)
		}
	}
	if p.NumOptions() != 0 || p.NumItems() != 3 {
		t.Errorf("failed additions changed the problem: %d items, %d options", p.NumItems(), p.NumOptions())
	}
	p = NewProblem()
	p.AddItem("a", false)
	p.AddItem("b", false)
	p.AddItem("x", true)
	if o, err := p.AddOption("a", "x:red"); err != nil || p.OptionString(o) != "a x:red" {
		t.Fatalf("AddOption: %d, %v", o, err)
	}
	if o, err := p.AddOptionIndex([]int{2, 1}, []int{1, 0}); err != nil || p.OptionString(o) != "x:red b" {
		t.Fatalf("AddOptionIndex: %d, %v", o, err)
	}
	if n, _, _ := p.Count(context.Background(), Options{}); n != 1 {
		t.Errorf("%d solutions, want 1", n)
	}
}

// TestUncoverable: a primary item that no option covers means no
// solution, not an error.
func TestUncoverable(t *testing.T) {
	p := NewProblem()
	p.AddItem("a", false)
	p.AddItem("b", false)
	p.AddOption("a")
	sol, st, err := p.Solve(context.Background(), Options{Engine: EngineLinks})
	if !errors.Is(err, ErrNoSolution) || sol != nil || st.Nodes != 1 || st.Updates != 1 {
		t.Errorf("Solve = %v, %+v, %v", sol, st, err)
	}
	// No primary items at all: the empty solution.
	q := NewProblem()
	q.AddItem("x", true)
	q.AddOption("x")
	if n, _, err := q.Count(context.Background(), Options{}); n != 1 || err != nil {
		t.Errorf("no primary items: %d, %v", n, err)
	}
}

func TestLargeProblemMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates ~100 MB")
	}
	// A million options over 1000 items: built and solved without trouble.
	p := NewProblem()
	for i := range 1000 {
		p.AddItem(fmt.Sprint(i), false)
	}
	items := make([]int, 5)
	r := rand.New(rand.NewPCG(5, 6))
	for range 1_000_000 {
		for k := range items {
			items[k] = k*200 + r.IntN(200)
		}
		if _, err := p.AddOptionIndex(items, nil); err != nil {
			t.Fatal(err)
		}
	}
	s := NewSolver(p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Count(ctx, Options{}); !errors.Is(err, context.Canceled) {
		// With 1000 items nothing is found before the first poll.
		t.Logf("count: %v", err)
	}
}

// TestEnginesAlone: the cells and bits engines search without the links.
// A solver of a problem whose default engine is bits, searched with cells
// and bits, also below chosen options, sequentially and (bits, whose
// pieces are the engine's own units) in parallel, holds no links: its memory grows by at least the links' nodes (12 bytes each)
// when Split, which walks the links, builds them. Before the engines were
// peers, NewSolver built the links of every problem and Choose covered
// them, and the cells and bits engines were built from them.
func TestEnginesAlone(t *testing.T) {
	ctx := context.Background()
	queens := queensProblem(t, 8)
	bounded := NewProblem()
	for _, name := range []string{"a", "b", "c"} {
		if _, err := bounded.AddItemBounds(name, 1, 2); err != nil {
			t.Fatal(err)
		}
	}
	for _, o := range [][]string{{"a", "b"}, {"b", "c"}, {"a"}, {"c"}, {"a", "c"}, {"b"}} {
		if _, err := bounded.AddOption(o...); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name    string
		p       *Problem
		engine  Engine
		choose  []int
		workers int
	}{
		{"queens8 bits", queens, EngineBits, nil, 1},
		{"queens8 cells", queens, EngineCells, nil, 1},
		{"queens8 bits chosen", queens, EngineBits, []int{3}, 1},
		{"queens8 cells chosen", queens, EngineCells, []int{3, 13}, 1},
		{"queens8 bits 2 workers", queens, EngineBits, nil, 2},
		{"queens8 bits chosen 3 workers", queens, EngineBits, []int{3}, 3},
		{"bounds bits 2 workers", bounded, EngineBits, nil, 2},
	}
	for _, tc := range cases {
		s := NewSolver(tc.p)
		if e := s.EngineFor(EngineAuto); e != EngineBits {
			t.Fatalf("%s: the default engine is %v, want bits", tc.name, e)
		}
		// The count of the links engine, on a solver of its own.
		ref := NewSolver(tc.p)
		for _, o := range tc.choose {
			if err := ref.Choose(o); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
		}
		want, err := ref.Count(ctx, Options{Engine: EngineLinks})
		if err != nil || want == 0 {
			t.Fatalf("%s: links count %d, %v", tc.name, want, err)
		}
		for range 2 { // twice: Reset in between
			for _, o := range tc.choose {
				if err := s.Choose(o); err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
			}
			n, err := s.Count(ctx, Options{Engine: tc.engine, Workers: tc.workers})
			if n != want || err != nil {
				t.Errorf("%s: count %d, %v, want %d", tc.name, n, err, want)
			}
			s.Reset()
		}
		before := s.Bytes()
		z := tc.p.Size()
		links := int64(12 * (z.Items + 2 + z.Entries + z.Options))
		if tc.p.HasBounds() {
			if _, err := s.Count(ctx, Options{Engine: EngineLinks}); err != nil {
				t.Fatal(err)
			}
		} else {
			s.Split(4)
		}
		if grew := s.Bytes() - before; grew < links {
			t.Errorf("%s: memory grew by %d bytes when the links were used, want at least %d: the links were there before", tc.name, grew, links)
		}
	}
}

// TestBitsParallelUnits: a parallel search of the bits engine splits its
// own tree into units, so that its nodes and updates (the 64-bit words it
// writes) are those of the sequential search, below chosen options too,
// with every solution found once. Before, the pieces were the links'
// subproblems, and the levels above them counted the links' updates.
func TestBitsParallelUnits(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		n      int
		choose []int
	}{{8, nil}, {9, nil}, {10, []int{4}}, {10, []int{4, 17}}} {
		p := queensProblem(t, tc.n)
		s := NewSolver(p)
		choose := func() {
			s.Reset()
			for _, o := range tc.choose {
				if err := s.Choose(o); err != nil {
					t.Fatal(err)
				}
			}
		}
		choose()
		want, err := s.Count(ctx, Options{Engine: EngineBits})
		seq := s.Stats()
		if err != nil || want == 0 {
			t.Fatalf("queens%d: %d, %v", tc.n, want, err)
		}
		for _, w := range []int{2, 3} {
			choose()
			n, err := s.Count(ctx, Options{Engine: EngineBits, Workers: w})
			st := s.Stats()
			if n != want || err != nil || st.Nodes != seq.Nodes || st.Updates != seq.Updates || st.Subproblems < 2*w {
				t.Errorf("queens%d %v, %d workers: %d solutions, %+v, %v; sequential %+v", tc.n, tc.choose, w, n, st, err, seq)
			}
			choose()
			seen := map[string]bool{}
			for sol := range s.Solutions(ctx, Options{Engine: EngineBits, Workers: w}) {
				if err := validSolution(p, sol); err != nil || !containsAll(sol, tc.choose) {
					t.Fatalf("queens%d %v: solution %v: %v", tc.n, tc.choose, sol, err)
				}
				k := fmt.Sprint(sortedSols([][]int{slices.Sorted(slices.Values(sol))}))
				if seen[k] {
					t.Fatalf("queens%d %v: solution %v twice", tc.n, tc.choose, sol)
				}
				seen[k] = true
			}
			if int64(len(seen)) != want {
				t.Errorf("queens%d %v, %d workers: %d solutions visited, want %d", tc.n, tc.choose, w, len(seen), want)
			}
		}
	}
}
