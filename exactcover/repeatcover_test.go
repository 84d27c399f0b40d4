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
	"time"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// randomCoverProblem returns a small problem of up to 6 primary items,
// up to 3 secondary items (colored or not) and up to 11 options.
func randomCoverProblem(r *rand.Rand) *Problem {
	p := NewProblem()
	nP, nS := 1+r.IntN(6), r.IntN(4)
	for i := range nP {
		p.AddItem(fmt.Sprintf("p%d", i), false)
	}
	for i := range nS {
		p.AddItem(fmt.Sprintf("s%d", i), true)
	}
	nO := r.IntN(12)
	for range nO {
		var items, colors []int
		for i := range nP + nS {
			if r.IntN(3) == 0 {
				items = append(items, i)
				c := 0
				if i >= nP && r.IntN(3) > 0 {
					c = 1 + r.IntN(2)
				}
				colors = append(colors, c)
			}
		}
		if len(items) == 0 {
			items, colors = []int{r.IntN(nP + nS)}, []int{0}
		}
		if _, err := p.AddOptionIndex(items, colors); err != nil {
			panic(err)
		}
	}
	return p
}

// checkCover reports what is wrong with sel as a repeat cover of p: a
// primary item not covered, a secondary item given two colors or used
// twice without color, an option out of range or repeated.
func checkCover(p *Problem, sel []int) error {
	covered := make([]bool, p.NumItems())
	color := make(map[int]int) // secondary item -> its color in sel (0: none)
	seen := make(map[int]bool)
	var items, colors []int
	for _, k := range sel {
		if k < 0 || k >= p.NumOptions() || seen[k] {
			return fmt.Errorf("option %d out of range or repeated", k)
		}
		seen[k] = true
		items, colors = p.Option(k, items[:0], colors[:0])
		for n, i := range items {
			if p.IsSecondary(i) {
				c, used := color[i]
				if used && (c == 0 || c != colors[n]) {
					return fmt.Errorf("secondary item %s: colors %d and %d", p.ItemName(i), c, colors[n])
				}
				color[i] = colors[n]
			}
			covered[i] = true
		}
	}
	for i := range p.NumItems() {
		if !p.IsSecondary(i) && !covered[i] {
			return fmt.Errorf("item %s not covered", p.ItemName(i))
		}
	}
	return nil
}

// bruteMinCovers returns every minimum repeat cover of p (each an ascending
// list of options, as a string "[0 3]") by trying every subset, and the
// minimum size; -1 when there is none.
func bruteMinCovers(p *Problem) (int, []string) {
	best := -1
	var all []string
	n := p.NumOptions()
	for mask := 0; mask < 1<<n; mask++ {
		var sel []int
		for k := range n {
			if mask&(1<<k) != 0 {
				sel = append(sel, k)
			}
		}
		if checkCover(p, sel) != nil {
			continue
		}
		switch {
		case best < 0 || len(sel) < best:
			best, all = len(sel), []string{fmt.Sprint(sel)}
		case len(sel) == best:
			all = append(all, fmt.Sprint(sel))
		}
	}
	slices.Sort(all)
	return best, all
}

// TestMinCoverBrute compares Min and All with a brute force over every
// subset of options on small random problems with secondary items and
// colors: the minimum size, and the exact set of minimum covers.
func TestMinCoverBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 3))
	ctx := context.Background()
	none := 0
	for trial := range 3000 {
		p := randomCoverProblem(r)
		best, want := bruteMinCovers(p)
		s := NewCoverSolver(p)
		c, err := s.Min(ctx, CoverOptions{})
		if best < 0 {
			none++
			if !errors.Is(err, ErrNoSolution) {
				t.Fatalf("trial %d: no cover exists, Min gave %v, %v\n%s", trial, c, err, knuthText(t, p))
			}
		} else {
			if err != nil || c.Size != best || c.Cost != int64(best) || len(c.Options) != best {
				t.Fatalf("trial %d: Min gave %+v, %v; want size %d\n%s", trial, c, err, best, knuthText(t, p))
			}
			if err := checkCover(p, c.Options); err != nil || !slices.IsSorted(c.Options) {
				t.Fatalf("trial %d: Min gave %v: %v\n%s", trial, c.Options, err, knuthText(t, p))
			}
		}
		var got []string
		for c := range s.All(ctx, CoverOptions{}) {
			got = append(got, fmt.Sprint(c.Options))
		}
		slices.Sort(got)
		if best < 0 {
			if len(got) != 0 || !errors.Is(s.Err(), ErrNoSolution) {
				t.Fatalf("trial %d: All gave %v, %v; want none", trial, got, s.Err())
			}
			continue
		}
		if s.Err() != nil || !slices.Equal(got, want) {
			t.Fatalf("trial %d: All gave %v, %v; want %v\n%s", trial, got, s.Err(), want, knuthText(t, p))
		}
		if bound := s.Stats().Bound; bound != int64(best)-1 {
			t.Fatalf("trial %d: Stats.Bound %d, want %d", trial, bound, best-1)
		}
	}
	if none < 100 || none > 2900 {
		t.Errorf("%d of 3000 random problems without a cover: the generator needs a look", none)
	}
}

// TestMinCoverSmall: hand-made cases with the colors rules spelled out.
func TestMinCoverSmall(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		size       int // -1: no cover
		covers     int
	}{
		{"one", "a b\na b\n", 1, 1},
		{"overlap", "a b c\na b\nb c\na\nc\n", 2, 3},
		{"same color", "a b | x\na x:1\nb x:1\nb x:2\n", 2, 1},
		{"no color twice", "a b | x\na x\nb x\n", -1, 0},
		{"no color once", "a b | x\na x\nb\na b x:1\n", 1, 1},
		{"uncovered item", "a b c\na b\nb\n", -1, 0},
		{"option without primary", "a | x\nx\na x\n", 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ReadKnuth(strings.NewReader(tc.text))
			if err != nil {
				t.Fatal(err)
			}
			s := NewCoverSolver(p)
			c, err := s.Min(context.Background(), CoverOptions{})
			if tc.size < 0 {
				if !errors.Is(err, ErrNoSolution) {
					t.Errorf("got %+v, %v; want ErrNoSolution", c, err)
				}
			} else if err != nil || c.Size != tc.size {
				t.Errorf("got %+v, %v; want size %d", c, err, tc.size)
			}
			n := 0
			for range s.All(context.Background(), CoverOptions{}) {
				n++
			}
			if n != tc.covers {
				t.Errorf("All: %d covers, want %d", n, tc.covers)
			}
		})
	}
}

// TestMinCoverNoPrimary: with no primary item the empty set is the one
// minimum cover.
func TestMinCoverNoPrimary(t *testing.T) {
	p := NewProblem()
	p.AddItem("x", true)
	p.AddOption("x")
	s := NewCoverSolver(p)
	n := 0
	for c := range s.All(context.Background(), CoverOptions{}) {
		n++
		if c.Size != 0 || len(c.Options) != 0 {
			t.Errorf("cover %+v, want the empty one", c)
		}
	}
	if n != 1 || s.Err() != nil {
		t.Errorf("%d covers, %v; want 1", n, s.Err())
	}
}

// TestMinCoverShared: the shared queendom files need 5 queens.
func TestMinCoverShared(t *testing.T) {
	dir := shareddata.Path(t, "instances/cover")
	for _, name := range []string{"queendom8.dlx", "queendom10.dlx"} {
		t.Run(name, func(t *testing.T) {
			p := readCoverFile(t, filepath.Join(dir, name))
			c, st, err := p.MinCover(context.Background(), CoverOptions{})
			if err != nil || c.Size != 5 || st.Bound != 4 {
				t.Fatalf("got %+v (bound %d), %v; want size 5", c, st.Bound, err)
			}
			if err := checkCover(p, c.Options); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestMinCoverAllocs: a search allocates the cover it returns and a few
// closures, not memory per node.
func TestMinCoverAllocs(t *testing.T) {
	s := NewCoverSolver(queendomProblem(t, 7))
	allocs := testing.AllocsPerRun(5, func() {
		if c, err := s.Min(context.Background(), CoverOptions{}); err != nil || c.Size != 4 {
			t.Fatalf("%+v, %v", c, err)
		}
	})
	if allocs > 5 || s.Stats().Nodes < 100 {
		t.Errorf("%v allocations for %d nodes", allocs, s.Stats().Nodes)
	}
}

// TestMinCoverStops: a node budget and a cancelled context stop the
// search, with the right error and no cover.
func TestMinCoverStops(t *testing.T) {
	p := hardCoverProblem(t)
	s := NewCoverSolver(p)
	_, err := s.Min(context.Background(), CoverOptions{MaxNodes: 5000})
	if !errors.Is(err, ErrNodeBudget) || s.Stats().Nodes != 5000 {
		t.Errorf("MaxNodes 5000: %v after %d nodes", err, s.Stats().Nodes)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Min(ctx, CoverOptions{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: %v", err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	start := time.Now()
	n := 0
	for range s.All(ctx, CoverOptions{}) {
		n++
	}
	if !errors.Is(s.Err(), context.DeadlineExceeded) || n != 0 || time.Since(start) > 2*time.Second {
		t.Errorf("timeout 30ms: %d covers, %v after %v", n, s.Err(), time.Since(start))
	}
	// The solver is reusable after a stop: a budget large enough for a
	// small problem's search is not reached.
	c, err := NewCoverSolver(p).Min(context.Background(), CoverOptions{MaxNodes: 1})
	if !errors.Is(err, ErrNodeBudget) || c.Options != nil {
		t.Errorf("MaxNodes 1: %+v, %v", c, err)
	}
}

// hardCoverProblem is the queens domination problem on a 14×14 board
// (built here: the model package imports this one), whose proof takes
// many seconds.
func hardCoverProblem(t *testing.T) *Problem { return queendomProblem(t, 14) }

// queendomProblem is the queens domination problem on an n×n board.
func queendomProblem(t *testing.T, n int) *Problem {
	p := NewProblem()
	for r := range n {
		for c := range n {
			p.AddItem(fmt.Sprintf("%d_%d", r, c), false)
		}
	}
	for r := range n {
		for c := range n {
			var items []int
			for r2 := range n {
				for c2 := range n {
					if r2 == r || c2 == c || r2-c2 == r-c || r2+c2 == r+c {
						items = append(items, r2*n+c2)
					}
				}
			}
			if _, err := p.AddOptionIndex(items, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	return p
}

// readCoverFile reads a problem in Knuth's format.
func readCoverFile(t *testing.T, path string) *Problem {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := ReadKnuth(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMinCoverRejectsBounds(t *testing.T) {
	p, err := ReadKnuth(strings.NewReader("2|a b\na b\na\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.MinCover(context.Background(), CoverOptions{}); !errors.Is(err, ErrBounds) {
		t.Errorf("MinCover with bounds: %v, want ErrBounds", err)
	}
}

// bruteMinCostCovers returns every minimum repeat cover of p with costs:
// least total cost, then fewest options (the options that name no primary
// item left out, as the solver documents); and the minimum cost, -1 when
// there is none.
func bruteMinCostCovers(p *Problem) (int64, []string) {
	var cand []int
	var items []int
	for k := range p.NumOptions() {
		items, _ = p.Option(k, items[:0], nil)
		if slices.ContainsFunc(items, func(i int) bool { return !p.IsSecondary(i) }) {
			cand = append(cand, k)
		}
	}
	best, bestN := int64(-1), 0
	var all []string
	for mask := 0; mask < 1<<len(cand); mask++ {
		var sel []int
		cost := int64(0)
		for j, k := range cand {
			if mask&(1<<j) != 0 {
				sel = append(sel, k)
				cost += p.Cost(k)
			}
		}
		if checkCover(p, sel) != nil {
			continue
		}
		switch {
		case best < 0 || cost < best || (cost == best && len(sel) < bestN):
			best, bestN, all = cost, len(sel), []string{fmt.Sprint(sel)}
		case cost == best && len(sel) == bestN:
			all = append(all, fmt.Sprint(sel))
		}
	}
	slices.Sort(all)
	return best, all
}

// TestMinCoverCostsBrute: with option costs (0 to 9, some options free)
// the covers minimize the total cost, then the size; Min, All and
// Stats.Bound against a brute force.
func TestMinCoverCostsBrute(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 4))
	ctx := context.Background()
	n := 2000
	if testing.Short() {
		n = 300
	}
	for trial := range n {
		p := randomCoverProblem(r)
		for k := range p.NumOptions() {
			if err := p.SetCost(k, int64(r.IntN(10))); err != nil {
				t.Fatal(err)
			}
		}
		if !p.HasCosts() {
			continue
		}
		best, want := bruteMinCostCovers(p)
		s := NewCoverSolver(p)
		c, err := s.Min(ctx, CoverOptions{})
		switch {
		case best < 0:
			if !errors.Is(err, ErrNoSolution) {
				t.Fatalf("trial %d: no cover exists, Min gave %+v, %v\n%s", trial, c, err, knuthText(t, p))
			}
			continue
		case err != nil || c.Cost != best || checkCover(p, c.Options) != nil:
			t.Fatalf("trial %d: Min gave %+v, %v; want cost %d\n%s", trial, c, err, best, knuthText(t, p))
		}
		var got []string
		for c := range s.All(ctx, CoverOptions{}) {
			got = append(got, fmt.Sprint(c.Options))
		}
		slices.Sort(got)
		if s.Err() != nil || !slices.Equal(got, want) {
			t.Fatalf("trial %d: All gave %v, %v; want %v\n%s", trial, got, s.Err(), want, knuthText(t, p))
		}
		if bound := s.Stats().Bound; bound != best-1 {
			t.Fatalf("trial %d: Stats.Bound %d, want %d\n%s", trial, bound, best-1, knuthText(t, p))
		}
	}
}
