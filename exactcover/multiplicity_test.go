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

// randomBoundsProblem makes a small random problem whose primary items
// have random bounds lo:hi (0 <= lo <= hi <= 3, hi >= 1), with uncolored
// and (when colors) colored secondary items.
func randomBoundsProblem(r *rand.Rand, colors bool) *Problem {
	p := NewProblem()
	nPrim, nSec := 1+r.IntN(4), r.IntN(3)
	for i := range nPrim {
		hi := 1 + r.IntN(3)
		lo := r.IntN(hi + 1)
		if _, err := p.AddItemBounds(fmt.Sprintf("p%d", i), lo, hi); err != nil {
			panic(err)
		}
	}
	for i := range nSec {
		p.AddItem(fmt.Sprintf("s%d", i), true)
	}
	n := nPrim + nSec
	for range 1 + r.IntN(12) {
		var items, cols []int
		for _, i := range r.Perm(n)[:1+r.IntN(min(n, 3))] {
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

// checkBounds reports whether the options sol (each at most once) solve
// p with multiplicities: every primary item covered between its bounds,
// every secondary item at most once or only by options giving it one and
// the same color. It does not use the solver's code.
func checkBounds(p *Problem, sol []int) error {
	n := make([]int, p.NumItems())
	color := make([]int, p.NumItems()) // -1: an uncolored use or clashing colors
	var items, colors []int
	for _, o := range sol {
		items, colors = p.Option(o, items[:0], colors[:0])
		for k, i := range items {
			switch c := colors[k]; {
			case n[i] == 0:
				color[i] = c
				if c == 0 {
					color[i] = -1
				}
			case c == 0 || color[i] != c:
				color[i] = -1
			}
			n[i]++
		}
	}
	for i := range n {
		lo, hi := p.ItemBounds(i)
		if p.IsSecondary(i) {
			if n[i] > 1 && color[i] < 0 {
				return fmt.Errorf("secondary item %s used %d times with clashing colors", p.ItemName(i), n[i])
			}
			continue
		}
		if n[i] < lo || n[i] > hi {
			return fmt.Errorf("item %s covered %d times, not %d:%d", p.ItemName(i), n[i], lo, hi)
		}
	}
	return nil
}

// bruteForceBounds returns every solution of p with multiplicities, as
// sorted option lists in lexicographic order: every subset of the options
// that have a primary item.
func bruteForceBounds(p *Problem) [][]int {
	var cand []int
	var items []int
	for o := range p.NumOptions() {
		items, _ = p.Option(o, items[:0], nil)
		if slices.ContainsFunc(items, func(i int) bool { return !p.IsSecondary(i) }) {
			cand = append(cand, o)
		}
	}
	var sols [][]int
	for mask := 0; mask < 1<<len(cand); mask++ {
		sol := []int{}
		for k, o := range cand {
			if mask&(1<<k) != 0 {
				sol = append(sol, o)
			}
		}
		if checkBounds(p, sol) == nil {
			sols = append(sols, sol)
		}
	}
	slices.SortFunc(sols, slices.Compare)
	return sols
}

// TestBoundsAgainstBruteForce checks every search mode on random problems
// with multiplicities against the brute force: the count, sequential and
// parallel, in input and random order; the solutions themselves, each
// once; a limit.
func TestBoundsAgainstBruteForce(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(11, 12))
	ctx := context.Background()
	for k := range n {
		p := randomBoundsProblem(r, k%2 == 1)
		want := bruteForceBounds(p)
		s := NewSolver(p)
		for _, opt := range []Options{{}, {Workers: 2}, {Workers: 3}, {Seed: uint64(k + 1)}, {Seed: uint64(k + 1), Workers: 2}} {
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
			for _, w := range []int{1, 2} {
				c, err := s.Count(ctx, Options{Limit: lim, Workers: w})
				if err != nil || c != lim {
					t.Fatalf("problem %d, limit %d, %d workers: Count = %d, %v", k, lim, w, c, err)
				}
			}
		}
		sol, err := s.Solve(ctx, Options{})
		switch {
		case len(want) == 0 && !errors.Is(err, ErrNoSolution):
			t.Fatalf("problem %d: Solve = %v, %v; want ErrNoSolution", k, sol, err)
		case len(want) > 0 && (err != nil || checkBounds(p, sol) != nil):
			t.Fatalf("problem %d: Solve = %v, %v: not a solution", k, sol, err)
		}
	}
}

// TestBoundsKnuthExample is the example of DLX3's documentation: one
// solution, and the nodes and updates DLX3 prints for it.
func TestBoundsKnuthExample(t *testing.T) {
	const in = `| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
`
	p, err := ReadKnuth(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := p.ItemBounds(p.Item("C")); lo != 2 || hi != 3 || !p.HasBounds() {
		t.Fatalf("bounds of C = %d:%d, HasBounds %v", lo, hi, p.HasBounds())
	}
	s := NewSolver(p)
	sol, err := s.Solve(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range sol {
		got = append(got, p.OptionString(o))
	}
	slices.Sort(got)
	want := []string{"A C X:1 Y:1", "B X:1", "C Y:1"}
	if !slices.Equal(got, want) {
		t.Errorf("solution %q, want %q", got, want)
	}
	n, st, err := p.Count(context.Background(), Options{Engine: EngineLinks})
	if err != nil || n != 1 || st.Nodes != 6 || st.Updates != 14 {
		t.Errorf("Count = %d, %+v, %v; DLX3: 1 solution, 6 nodes, 14 updates", n, st, err)
	}
}

// knuthDLX3 is the DLX3 table of BENCHMARKS.md: solutions, nodes and
// updates of Knuth's program on the shared multiplicity instances.
var knuthDLX3 = map[string]struct{ solutions, nodes, updates int64 }{
	"star2_9.dlx":  {664, 23219, 526137},
	"star2_10.dlx": {146510, 2161336, 43534077},
}

// TestBoundsInstances counts the shared multiplicity instances and
// compares solutions, nodes and updates with DLX3's, sequentially and (the
// sums over the pieces) in parallel.
func TestBoundsInstances(t *testing.T) {
	dir := shareddata.Path(t, "instances/mcc")
	for name, want := range knuthDLX3 {
		t.Run(name, func(t *testing.T) {
			if testing.Short() && name == "star2_10.dlx" {
				t.Skip("0.5 s of search per mode; skipped with -short")
			}
			f, err := os.Open(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			p, err := ReadKnuth(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{1, 2} {
				n, st, err := p.Count(context.Background(), Options{Workers: w, Engine: EngineLinks})
				if err != nil || n != want.solutions || st.Nodes != want.nodes || st.Updates != want.updates {
					t.Errorf("%d workers: %d solutions, %d nodes, %d updates, %v; DLX3: %d, %d, %d",
						w, n, st.Nodes, st.Updates, err, want.solutions, want.nodes, want.updates)
				}
			}
		})
	}
}

// TestBoundsCancelAndBudget stops searches with multiplicities by
// cancellation and by the node budget, and checks that the solver is whole
// afterwards (a full count gives the right answer).
func TestBoundsCancelAndBudget(t *testing.T) {
	p := NewProblem()
	// 8 items to cover twice each by pairs of items (the edges of a
	// 2-regular graph).
	for i := range 8 {
		p.AddItemBounds(fmt.Sprintf("i%d", i), 2, 2)
	}
	for i := range 8 {
		for j := i + 1; j < 8; j++ {
			p.AddOptionIndex([]int{i, j}, nil)
		}
	}
	s := NewSolver(p)
	full, err := s.Count(context.Background(), Options{})
	if err != nil || full != 3507 { // 2-regular graphs on 8 labelled vertices, OEIS A001205
		t.Fatalf("Count = %d, %v; want 3507", full, err)
	}
	for _, w := range []int{1, 2} {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		seen := 0
		for range s.Solutions(ctx, Options{Workers: w}) {
			if seen++; seen == 3 {
				cancel()
			}
		}
		if !errors.Is(s.Err(), context.Canceled) {
			t.Errorf("%d workers: Err = %v after cancel", w, s.Err())
		}
		n, err := s.Count(context.Background(), Options{MaxNodes: 1000, Workers: w})
		if !errors.Is(err, ErrNodeBudget) || n >= full {
			t.Errorf("%d workers: budget of 1000 nodes: %d, %v", w, n, err)
		}
		if n, err := s.Count(context.Background(), Options{Workers: w}); n != full || err != nil {
			t.Errorf("%d workers: count after stopping = %d, %v; want %d", w, n, err, full)
		}
	}
	if err := s.Choose(0); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Choose with bounds: %v, want ErrUnsupported", err)
	}
	if s.Split(4) != nil {
		t.Errorf("Split with bounds is not nil")
	}
}

func TestReadKnuthBounds(t *testing.T) {
	p, err := ReadKnuth(strings.NewReader("2|a 0:3|b c 1:1|d | x\na b\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		lo, hi int
	}{{"a", 2, 2}, {"b", 0, 3}, {"c", 1, 1}, {"d", 1, 1}, {"x", 0, 1}} {
		if lo, hi := p.ItemBounds(p.Item(tt.name)); lo != tt.lo || hi != tt.hi {
			t.Errorf("%s: bounds %d:%d, want %d:%d", tt.name, lo, hi, tt.lo, tt.hi)
		}
	}
	if got, want := knuthText(t, p), "2|a 0:3|b c d | x\na b\n"; got != want {
		t.Errorf("WriteKnuth = %q, want %q", got, want)
	}
	checkParseErrors(t, func(s string) error { _, err := ReadKnuth(strings.NewReader(s)); return err }, []parseErrorTest{
		{"lower above upper", "a 3:2|b\n", ErrBounds, 1, 3, "lower bound 3 exceeds upper bound 2"},
		{"upper zero", "a 0|b\n", ErrBounds, 1, 3, "upper bound is zero"},
		{"upper zero with lower", "a 0:0|b\n", ErrBounds, 1, 5, "upper bound is zero"},
		{"bound on secondary", "a | 2|x\n", ErrBounds, 1, 5, `bounds on secondary item "2|x"`},
		{"not a number", "a x|b\n", ErrBounds, 1, 3, `upper bound "x"`},
		{"negative", "a -1:2|b\n", ErrBounds, 1, 3, `lower bound "-1"`},
		{"overflow", "a 99999999999999999999|b\n", ErrBounds, 1, 3, "upper bound"},
		{"empty lower", "a :2|b\n", ErrBounds, 1, 3, `lower bound ""`},
		{"no name", "a 2|\n", ErrSyntax, 1, 5, "missing item name after the bounds"},
		{"second bar", "a 1:2|b|c\n", ErrSyntax, 1, 7, `item name "b|c"`},
		{"colon after", "a 2|b:c\n", ErrSyntax, 1, 5, `item name "b:c"`},
	})
	for _, bad := range [][2]int{{-1, 1}, {2, 1}, {0, 0}, {0, maxBound + 1}} {
		if _, err := NewProblem().AddItemBounds("a", bad[0], bad[1]); !errors.Is(err, ErrBounds) {
			t.Errorf("AddItemBounds(%d, %d) = %v, want ErrBounds", bad[0], bad[1], err)
		}
	}
}
