package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// latinProblem makes a random partial Latin square problem of order n:
// a Latin square (the cyclic one, rows, columns and symbols permuted) with
// blanks cells blanked, as exact cover: cells, row-digit and column-digit
// items (primary), one option per (row, column, digit) of a blank cell
// that no given clashes with, and with sec a secondary item per
// (row+column) anti-diagonal and digit. Many solutions, options of one
// length (3, or 4 with sec), each item in at most n options: the shape of
// the mask layout's problems.
func latinProblem(r *rand.Rand, n, blanks int, sec bool) *Problem {
	rows, cols, syms := r.Perm(n), r.Perm(n), r.Perm(n)
	grid := make([]int, n*n) // 0: blank
	for i := range n {
		for j := range n {
			grid[rows[i]*n+cols[j]] = 1 + syms[(i+j)%n]
		}
	}
	for _, i := range r.Perm(n * n)[:blanks] {
		grid[i] = 0
	}
	p := NewProblem()
	item := map[string]int{}
	add := func(name string, secondary bool) {
		k, err := p.AddItem(name, secondary)
		if err != nil {
			panic(err)
		}
		item[name] = k
	}
	rowHas := func(rw, d int) bool { return slices.Contains(grid[rw*n:rw*n+n], d) }
	colHas := func(c, d int) bool {
		for k := range n {
			if grid[k*n+c] == d {
				return true
			}
		}
		return false
	}
	for i := range n * n {
		if grid[i] == 0 {
			add(fmt.Sprintf("p%d", i), false)
		}
	}
	for u := range n {
		for d := 1; d <= n; d++ {
			if !rowHas(u, d) {
				add(fmt.Sprintf("r%d=%d", u, d), false)
			}
			if !colHas(u, d) {
				add(fmt.Sprintf("c%d=%d", u, d), false)
			}
		}
	}
	if sec {
		for a := range 2*n - 1 {
			for d := 1; d <= n; d++ {
				add(fmt.Sprintf("a%d=%d", a, d), true)
			}
		}
	}
	for i := range n * n {
		rw, c := i/n, i%n
		if grid[i] != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			if rowHas(rw, d) || colHas(c, d) {
				continue
			}
			items := []int{item[fmt.Sprintf("p%d", i)], item[fmt.Sprintf("r%d=%d", rw, d)], item[fmt.Sprintf("c%d=%d", c, d)]}
			if sec {
				items = append(items, item[fmt.Sprintf("a%d=%d", rw+c, d)])
			}
			if _, err := p.AddOptionIndex(items, nil); err != nil {
				panic(err)
			}
		}
	}
	return p
}

// TestMasksLayout: EngineCells takes the mask layout, with the narrowest
// masks, on problems without colors whose items have at most 64 options,
// and the sparse sets otherwise; engineSparseCells always the sparse sets.
func TestMasksLayout(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		name string
		p    *Problem
		e    Engine
		want string
	}{
		{"9x9 Sudoku", sudokuProblem(t), EngineCells, "*exactcover.maskCells[uint16]"},
		{"Latin 20", latinProblem(r, 20, 400, false), EngineCells, "*exactcover.maskCells[uint32]"},
		{"Latin 40", latinProblem(r, 40, 1600, false), EngineCells, "*exactcover.maskCells[uint64]"},
		{"Latin 65", latinProblem(r, 65, 65*65, false), EngineCells, "*exactcover.cells"},
		{"colors", queensColored(t), EngineCells, "*exactcover.cells"},
		{"9x9 Sudoku, sparse sets", sudokuProblem(t), engineSparseCells, "*exactcover.cells"},
	} {
		s := NewSolver(tc.p)
		if _, err := s.Count(context.Background(), Options{Engine: tc.e, MaxNodes: 10}); err != nil && !errors.Is(err, ErrNodeBudget) {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%T", s.eng); got != tc.want {
			t.Errorf("%s: engine %s, want %s", tc.name, got, tc.want)
		}
	}
}

// queensColored is the 5-queens problem with its diagonals as colored
// secondary items (each queen gives its diagonals the color 1).
func queensColored(tb testing.TB) *Problem {
	p := queensProblem(tb, 5)
	q := NewProblem()
	for i := range p.NumItems() {
		q.AddItem(p.ItemName(i), p.IsSecondary(i))
	}
	var items, colors []int
	for o := range p.NumOptions() {
		items, colors = p.Option(o, items[:0], colors[:0])
		colors = colors[:0]
		for _, i := range items {
			c := 0
			if p.IsSecondary(i) {
				c = 1
			}
			colors = append(colors, c)
		}
		if _, err := q.AddOptionIndex(items, colors); err != nil {
			tb.Fatal(err)
		}
	}
	return q
}

// TestMasksAgainstLinks compares the cells engine (the mask layout, and
// the sparse sets) with the links, an independent search, on random
// partial Latin squares of orders 4 to 40 with up to tens of thousands of
// solutions (masks of 16, 32 and 64 bits; with and without secondary
// items, the mask layout's count stopping where every item has one option
// only without them): the counts, sequential and on 2 and 3 workers, and
// the solutions themselves where there are few enough to list.
func TestMasksAgainstLinks(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	ctx := context.Background()
	trials := 120
	if testing.Short() {
		trials = 30
	}
	checked, most := 0, int64(0)
	defer func() { t.Logf("%d problems checked, up to %d solutions", checked, most) }()
	for trial := range trials {
		n := []int{4, 5, 6, 7, 18, 20, 36, 40}[trial%8]
		blanks := r.IntN(n*n + 1)
		if n > 8 {
			blanks = n + r.IntN(3*n)
		}
		p := latinProblem(r, n, blanks, trial%3 == 0)
		label := fmt.Sprintf("trial %d (order %d, %d options)", trial, n, p.NumOptions())
		want, _, err := p.Count(ctx, Options{Engine: EngineLinks, Limit: 100_000, MaxNodes: 2_000_000})
		if errors.Is(err, ErrNodeBudget) || want == 100_000 {
			continue // too many to count here
		}
		if err != nil {
			t.Fatal(err)
		}
		checked, most = checked+1, max(most, want)
		s := NewSolver(p)
		for _, e := range []Engine{EngineCells, engineSparseCells} {
			for _, w := range []int{1, 2, 3} {
				if got, err := s.Count(ctx, Options{Engine: e, Workers: w}); err != nil || got != want {
					t.Fatalf("%s: %v, %d workers: Count = %d, %v; links %d", label, e, w, got, err, want)
				}
			}
		}
		if want > 2000 {
			continue
		}
		links := sortedSols(collect(t, s, Options{Engine: EngineLinks}))
		for _, opt := range []Options{{Engine: EngineCells}, {Engine: EngineCells, Seed: uint64(trial) + 1}, {Engine: EngineCells, Workers: 2}} {
			got := collect(t, s, opt)
			for _, sol := range got {
				if err := validSolution(p, sol); err != nil {
					t.Fatalf("%s, %+v: solution %v: %v", label, opt, sol, err)
				}
			}
			if !slices.EqualFunc(sortedSols(got), links, slices.Equal) {
				t.Fatalf("%s, %+v: %d solutions, links %d", label, opt, len(got), len(links))
			}
		}
	}
}

// TestMasksParallelStress counts small Latin squares with the mask layout
// on several workers many times (run it under -race): every count must be
// the links' count.
func TestMasksParallelStress(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	ctx := context.Background()
	rounds := 40
	if testing.Short() {
		rounds = 10
	}
	for i := range rounds {
		p := latinProblem(r, 6, 12+r.IntN(14), i%2 == 0)
		want, _, err := p.Count(ctx, Options{Engine: EngineLinks})
		if err != nil {
			t.Fatal(err)
		}
		s := NewSolver(p)
		for _, w := range []int{2, 4} {
			for _, lim := range []int64{0, 1, 7} {
				got, err := s.Count(ctx, Options{Engine: EngineCells, Workers: w, Limit: lim})
				if lim > 0 {
					want := min(want, lim)
					if err != nil || got != want {
						t.Fatalf("round %d, %d workers, limit %d: Count = %d, %v; want %d", i, w, lim, got, err, want)
					}
					continue
				}
				if err != nil || got != want {
					t.Fatalf("round %d, %d workers: Count = %d, %v; want %d", i, w, got, err, want)
				}
			}
		}
	}
}

// TestMasksBytes: Solver.Bytes counts the mask layout once it is built.
func TestMasksBytes(t *testing.T) {
	s := NewSolver(sudokuProblem(t))
	before := s.Bytes()
	if _, err := s.Count(context.Background(), Options{Engine: EngineCells, Limit: 1}); err != nil {
		t.Fatal(err)
	}
	m := s.eng.bytes()
	if got := s.Bytes(); m <= 0 || got < before+m {
		t.Errorf("Bytes %d after a search with the mask layout (%d bytes), %d before", got, m, before)
	}
}
