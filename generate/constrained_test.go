package generate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/dlxkit/dlx/sudoku"
)

// bruteRules counts the solutions of g up to limit, and returns the first
// one: the independent reference of the tests of puzzles with
// constraints. It knows the rules only through sudoku.CheckRules (exact
// on full grids, sound on partial ones: it never reports a rule that some
// completion keeps), and backtracks on the blank cell whose peers leave
// it the fewest digits, keeping a digit while CheckRules reports nothing.
func bruteRules(g *sudoku.Grid, limit int) (int, *sudoku.Grid) {
	geo, err := sudoku.NewGeometry(g.Shape, g.Variant)
	if err != nil {
		return 0, nil
	}
	h := g.Clone()
	if len(sudoku.CheckRules(h)) > 0 {
		return 0, nil
	}
	n := g.N()
	count := 0
	var first *sudoku.Grid
	var rec func() bool
	rec = func() bool {
		best, bestMask, bestN := -1, 0, n+1
		for c, d := range h.Cells {
			if d != 0 {
				continue
			}
			mask := 1<<n - 1
			for _, q := range geo.Peers[c] {
				if v := h.Cells[q]; v != 0 {
					mask &^= 1 << (v - 1)
				}
			}
			if k := bits.OnesCount(uint(mask)); k < bestN {
				best, bestMask, bestN = c, mask, k
			}
		}
		if best < 0 {
			count++
			if first == nil {
				first = h.Clone()
			}
			return count >= limit
		}
		for d := 1; d <= n; d++ {
			if bestMask&(1<<(d-1)) == 0 {
				continue
			}
			h.Cells[best] = uint8(d)
			if len(sudoku.CheckRules(h)) == 0 && rec() {
				h.Cells[best] = 0
				return true
			}
		}
		h.Cells[best] = 0
		return false
	}
	rec()
	return count, first
}

// oracleCount counts the solutions of g up to limit and returns the first
// one, with the exact-cover solver (sudoku.DLX) when it encodes every
// rule of g, by bruteRules otherwise: never with the propagation solver
// the generator uses.
func oracleCount(t *testing.T, g *sudoku.Grid, limit int) (int, *sudoku.Grid) {
	t.Helper()
	if sudoku.ExactCoverRules(g.Variant) != nil {
		return bruteRules(g, limit)
	}
	s := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
	if m, err := s.MethodFor(g); m != sudoku.DLX || err != nil {
		t.Fatalf("the oracle would use %v (%v)", m, err)
	}
	sol, n, err := s.SolveIntoCount(context.Background(), g, nil, limit)
	if errors.Is(err, sudoku.ErrNoSolution) {
		return 0, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return n, sol
}

// Solution grids the rules of the tests are read from, so that each set
// of rules has a solution.
var (
	base4 = "1234341221434321"
	base6 = "123456456123231564564231312645645312"
	base9 = "831276495594831267762495183643759821287164539915328746479583612156942378328617954"
)

// ruleGrid holds a solution grid and reads rules off it.
type ruleGrid struct {
	n     int
	shape sudoku.Shape
	d     []int
}

func newRuleGrid(t *testing.T, s string) *ruleGrid {
	t.Helper()
	g, _, err := sudoku.ParseGrid(s, sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rg := &ruleGrid{n: g.N(), shape: g.Shape}
	for _, d := range g.Cells {
		rg.d = append(rg.d, int(d))
	}
	return rg
}

// orth returns the orthogonal neighbours of cell c.
func (rg *ruleGrid) orth(c int) []int {
	n, r, k := rg.n, c/rg.n, c%rg.n
	var out []int
	for _, s := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if y, x := r+s[0], k+s[1]; y >= 0 && y < n && x >= 0 && x < n {
			out = append(out, y*n+x)
		}
	}
	return out
}

// paths returns up to max paths of length cells (orthogonal steps, no
// cell twice, no cell of used) whose digits satisfy ok, each cell in one
// path at most.
func (rg *ruleGrid) paths(length, max int, ok func(ds []int) bool) [][]int {
	used := map[int]bool{}
	var out [][]int
	var path []int
	var rec func() bool
	rec = func() bool {
		if len(path) == length {
			ds := make([]int, length)
			for i, c := range path {
				ds[i] = rg.d[c]
			}
			return ok(ds)
		}
		for _, x := range rg.orth(path[len(path)-1]) {
			if used[x] || slices.Contains(path, x) {
				continue
			}
			path = append(path, x)
			if rec() {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	for c := 0; c < rg.n*rg.n && len(out) < max; c += 1 + rg.n/3 {
		if used[c] {
			continue
		}
		path = []int{c}
		if rec() {
			out = append(out, slices.Clone(path))
			for _, x := range path {
				used[x] = true
			}
		}
	}
	return out
}

func (rg *ruleGrid) sum(cells []int) int {
	s := 0
	for _, c := range cells {
		s += rg.d[c]
	}
	return s
}

// pairs returns the orthogonal pairs of digits a and b with ok(a, b).
func (rg *ruleGrid) pairs(ok func(a, b int) bool) [][]int {
	var out [][]int
	for c := range rg.d {
		for _, x := range rg.orth(c) {
			if x > c && ok(rg.d[c], rg.d[x]) {
				out = append(out, []int{c, x})
			}
		}
	}
	return out
}

func abs(x int) int { return max(x, -x) }

// The rule sets of TestConstrainedRules, read off a solution grid.
var ruleSets = map[string]func(rg *ruleGrid) *sudoku.Variant{
	"arrows": func(rg *ruleGrid) *sudoku.Variant {
		var r sudoku.Rules
		for _, p := range rg.paths(3, 3, func(ds []int) bool { return ds[0] == ds[1]+ds[2] }) {
			r.Arrows = append(r.Arrows, sudoku.Arrow{Circle: p[:1], Shaft: p[1:]})
		}
		return &sudoku.Variant{Rules: r}
	},
	"kropki": func(rg *ruleGrid) *sudoku.Variant {
		var r sudoku.Rules
		for _, p := range rg.pairs(func(a, b int) bool { return abs(a-b) == 1 }) {
			r.Differences = append(r.Differences, sudoku.Dot{Cells: p})
		}
		for _, p := range rg.pairs(func(a, b int) bool { return a == 2*b || b == 2*a }) {
			if abs(rg.d[p[0]]-rg.d[p[1]]) != 1 { // 1-2: a white dot already
				r.Ratios = append(r.Ratios, sudoku.Dot{Cells: p})
			}
		}
		return &sudoku.Variant{Rules: r}
	},
	"xv-negative": func(rg *ruleGrid) *sudoku.Variant {
		r := sudoku.Rules{NegativeXV: true}
		for _, p := range rg.pairs(func(a, b int) bool { return a+b == 5 || a+b == 10 }) {
			r.XV = append(r.XV, sudoku.Dot{Cells: p, Value: rg.d[p[0]] + rg.d[p[1]]})
		}
		return &sudoku.Variant{Rules: r}
	},
	"little-killers": func(rg *ruleGrid) *sudoku.Variant {
		var r sudoku.Rules
		for col := 0; col < rg.n-1; col += 2 {
			lk := sudoku.LittleKiller{Row: -1, Col: col, Direction: "DR"}
			lk.Sum = rg.sum(lk.Cells(rg.n))
			r.LittleKillers = append(r.LittleKillers, lk)
			lk = sudoku.LittleKiller{Row: rg.n, Col: col + 1, Direction: "UL"}
			lk.Sum = rg.sum(lk.Cells(rg.n))
			r.LittleKillers = append(r.LittleKillers, lk)
		}
		return &sudoku.Variant{Rules: r}
	},
	"sandwiches": func(rg *ruleGrid) *sudoku.Variant {
		var r sudoku.Rules
		for i := 0; i < rg.n-1; i += 2 {
			row := sudoku.OutsideClue{Row: i, Col: -1}
			col := sudoku.OutsideClue{Row: -1, Col: i + 1}
			for _, o := range []*sudoku.OutsideClue{&row, &col} {
				cells := o.Cells(rg.n)
				a := slices.IndexFunc(cells, func(c int) bool { return rg.d[c] == 1 })
				b := slices.IndexFunc(cells, func(c int) bool { return rg.d[c] == rg.n })
				o.Value = rg.sum(cells[min(a, b)+1 : max(a, b)])
				r.Sandwiches = append(r.Sandwiches, *o)
			}
		}
		return &sudoku.Variant{Rules: r}
	},
	"whispers-renban": func(rg *ruleGrid) *sudoku.Variant {
		var r sudoku.Rules
		gap := (rg.n + 1) / 2
		for _, p := range rg.paths(3, 2, func(ds []int) bool { return abs(ds[0]-ds[1]) >= gap && abs(ds[1]-ds[2]) >= gap }) {
			r.Whispers = append(r.Whispers, sudoku.Whisper{Cells: p})
		}
		r.Renbans = rg.paths(3, 2, func(ds []int) bool {
			s := slices.Sorted(slices.Values(ds))
			return s[1] == s[0]+1 && s[2] == s[1]+1
		})
		return &sudoku.Variant{Rules: r}
	},
	"thermos": func(rg *ruleGrid) *sudoku.Variant {
		return &sudoku.Variant{Thermos: rg.paths(3, 3, func(ds []int) bool { return ds[0] < ds[1] && ds[1] < ds[2] })}
	},
	"cages-even-odd": func(rg *ruleGrid) *sudoku.Variant {
		v := &sudoku.Variant{}
		for _, p := range rg.paths(2, 4, func(ds []int) bool { return true }) {
			v.Cages = append(v.Cages, sudoku.Cage{Sum: rg.sum(p), Cells: p})
		}
		for c := 0; c < len(rg.d); c += 5 {
			if rg.d[c]%2 == 0 {
				v.Even = append(v.Even, c)
			} else {
				v.Odd = append(v.Odd, c)
			}
		}
		return v
	},
}

// TestConstrainedRules: puzzles with givens for rule sets of many kinds,
// on 4x4, 6x6 and 9x9 grids, have exactly one solution, the generator's,
// as a brute force that knows the rules only through sudoku.CheckRules
// counts them; the solution keeps every rule (CheckRules); the givens are
// the solution's; and no given can go (minimal: no check of these hits the
// digging's node budget), which the oracle checks on the smaller grids and,
// without -short, on 9x9 where the exact-cover solver encodes the rules.
func TestConstrainedRules(t *testing.T) {
	ctx := context.Background()
	for _, base := range []string{base4, base6, base9} {
		for name, mk := range ruleSets {
			rg := newRuleGrid(t, base)
			// The brute force takes minutes on 9x9 little killers and
			// sandwiches (few givens, sums it cannot prune early),
			// seconds on 9x9 arrows: the smaller grids test those rules.
			if rg.n == 9 && (name == "little-killers" || name == "sandwiches" || testing.Short() && name != "arrows" && name != "kropki") {
				continue
			}
			t.Run(fmt.Sprintf("%dx%d/%s", rg.n, rg.n, name), func(t *testing.T) {
				v := mk(rg)
				if !v.Constrained() {
					t.Fatalf("no rule read off %s", base)
				}
				bg, _, _ := sudoku.ParseGrid(base, sudoku.ReadOptions{})
				bg.Variant = v
				if br := sudoku.CheckRules(bg); len(br) > 0 {
					t.Fatalf("the rules read off %s do not hold there: %v", base, br)
				}
				for seed := uint64(1); seed <= 2; seed++ {
					t0 := time.Now()
					r, err := one(ctx, Options{Shape: rg.shape, Variant: v, Seed: seed})
					if err != nil {
						t.Fatalf("seed %d: %v", seed, err)
					}
					took := time.Since(t0)
					p := r.Puzzle
					if len(sudoku.CheckRules(r.Solution)) > 0 || slices.Contains(r.Solution.Cells, 0) {
						t.Fatalf("seed %d: solution %s breaks %v", seed, r.Solution, sudoku.CheckRules(r.Solution))
					}
					givens := 0
					for c, d := range p.Cells {
						if d != 0 {
							givens++
							if d != r.Solution.Cells[c] {
								t.Fatalf("seed %d: given %d at %d, solution %d", seed, d, c, r.Solution.Cells[c])
							}
						}
					}
					if givens != r.Givens {
						t.Errorf("seed %d: %d givens, Result says %d", seed, givens, r.Givens)
					}
					bt := time.Now()
					n, sol := oracleCount(t, p, 2)
					if n != 1 || !slices.Equal(sol.Cells, r.Solution.Cells) {
						t.Fatalf("seed %d: %s: the brute force finds %d solutions, first %v", seed, p, n, sol)
					}
					if rg.n < 9 || !testing.Short() && sudoku.ExactCoverRules(v) == nil {
						for c, d := range p.Cells {
							if d == 0 {
								continue
							}
							q := p.Clone()
							q.Cells[c] = 0
							if n, _ := oracleCount(t, q, 2); n != 2 {
								t.Fatalf("seed %d: %s: the given at %s can go", seed, p, sudoku.CellName(c, rg.n))
							}
						}
					}
					t.Logf("seed %d: %d givens, %d nodes, %d checks, made in %v, oracle %v", seed, givens, r.Nodes, r.Checks,
						took.Round(time.Millisecond), time.Since(bt).Round(time.Millisecond))
					again, err := one(ctx, Options{Shape: rg.shape, Variant: v, Seed: seed})
					if err != nil || !slices.Equal(again.Puzzle.Cells, p.Cells) {
						t.Fatalf("seed %d: another puzzle the second time (%v)", seed, err)
					}
				}
			})
		}
	}
}

// TestConstrainedNoPuzzle: rules no grid keeps give ErrNoPuzzle, rules
// that do not fit the grid ErrOptions, both before any digging.
func TestConstrainedNoPuzzle(t *testing.T) {
	ctx := context.Background()
	four := sudoku.Shape{BoxRows: 2, BoxCols: 2}
	for _, tc := range []struct {
		name string
		v    *sudoku.Variant
		want error
	}{
		// An arrow from r1c1 to r1c2: equal digits in a row.
		{"arrow in a row", &sudoku.Variant{Rules: sudoku.Rules{Arrows: []sudoku.Arrow{{Circle: []int{0}, Shaft: []int{1}}}}}, ErrNoPuzzle},
		// Three cells of a row all even, with two even digits.
		{"three even in a row", &sudoku.Variant{Rules: sudoku.Rules{Even: []int{0, 1, 2}}}, ErrNoPuzzle},
		{"cell outside", &sudoku.Variant{Rules: sudoku.Rules{Odd: []int{16}}}, ErrOptions},
		{"sum too large", &sudoku.Variant{Cages: []sudoku.Cage{{Sum: 30, Cells: []int{0, 1}}}}, ErrOptions},
	} {
		_, err := one(ctx, Options{Shape: four, Variant: tc.v, Seed: 1})
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestConstrainedOptions: targets of classic puzzles are refused for
// puzzles with constraints and killers, with ErrOptions.
func TestConstrainedOptions(t *testing.T) {
	v := &sudoku.Variant{AntiKnight: true}
	for _, opt := range []Options{
		{Variant: v, Symmetry: Rot180},
		{Variant: v, Givens: 30},
		{Variant: v, Minimal: true},
		{Variant: v, Rate: true},
		{Variant: v, MaxCage: 3},
		{Variant: v, Shape: sudoku.Shape{BoxRows: 5, BoxCols: 5}},
		{Killer: true, Variant: v},
		{Killer: true, HasLevel: true},
		{Killer: true, SEMax: 4},
		{Killer: true, MaxCage: 12},
		{Killer: true, Shape: sudoku.Shape{BoxRows: 5, BoxCols: 5}},
		{MaxCage: 3},
		{HasLevel: true, Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}},
	} {
		if _, err := NewGenerator(opt); !errors.Is(err, ErrOptions) {
			t.Errorf("%+v: %v, want ErrOptions", opt, err)
		}
	}
}

// TestManyKinds: killers and puzzles with constraints come in the same
// sequence from Many on 1 and 3 workers (each worker has its own
// generator and solvers; run under -race).
func TestManyKinds(t *testing.T) {
	six := sudoku.Shape{BoxRows: 2, BoxCols: 3}
	rg := newRuleGrid(t, base6)
	for _, opt := range []Options{
		{Shape: six, Killer: true, Seed: 9},
		{Shape: six, Variant: ruleSets["arrows"](rg), Seed: 9},
	} {
		a := collect(t, 6, 1, opt)
		b := collect(t, 6, 3, opt)
		for i := range a {
			// A killer's puzzle is all blanks: its cages tell it.
			pa, pb := fmt.Sprint(a[i].Puzzle, a[i].Puzzle.Variant.Cages), fmt.Sprint(b[i].Puzzle, b[i].Puzzle.Variant.Cages)
			if pa != pb || a[i].Seed != b[i].Seed || a[i].Index != i {
				t.Fatalf("killer %v: puzzle %d differs between 1 and 3 workers", opt.Killer, i)
			}
		}
	}
}

// TestFillRulesRandom: the grids a generator with constraints starts
// from come from the searches with a random digit order (at most
// fillTries solver calls, never the slow fill by givens) on every rule
// set here, keep the rules, and differ from seed to seed.
func TestFillRulesRandom(t *testing.T) {
	ctx := context.Background()
	sixteen := sudoku.Shape{BoxRows: 4, BoxCols: 4}
	for _, tc := range []struct {
		name  string
		shape sudoku.Shape
		v     *sudoku.Variant
	}{
		{"non-consecutive", sudoku.Standard, &sudoku.Variant{NonConsecutive: true}},
		{"anti-knight", sudoku.Standard, &sudoku.Variant{AntiKnight: true}},
		{"anti-king", sudoku.Standard, &sudoku.Variant{AntiKing: true}},
		{"anti-knight+non-consecutive", sudoku.Standard, &sudoku.Variant{AntiKnight: true, NonConsecutive: true}},
		{"16x16 anti-knight", sixteen, &sudoku.Variant{AntiKnight: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := newConstrainedGenerator(Options{Shape: tc.shape, Variant: tc.v}, tc.shape)
			if err != nil {
				t.Fatal(err)
			}
			grids := map[string]bool{}
			var maxCalls int
			for seed := uint64(1); seed <= 6; seed++ {
				rng := rand.New(rand.NewPCG(seed, 7))
				sol, calls, err := g.fillRules(ctx, rng)
				if err != nil {
					t.Fatalf("seed %d: %v", seed, err)
				}
				if calls > fillTries {
					t.Errorf("seed %d: %d solver calls: no random search ended within %d nodes", seed, calls, fillNodes)
				}
				maxCalls = max(maxCalls, calls)
				if slices.Contains(sol.Cells, 0) || len(sudoku.CheckRules(sol)) > 0 {
					t.Fatalf("seed %d: %s breaks %v", seed, sol, sudoku.CheckRules(sol))
				}
				grids[sol.String()] = true
			}
			if len(grids) < 5 {
				t.Errorf("6 seeds gave %d different grids", len(grids))
			}
			t.Logf("at most %d random searches", maxCalls)
		})
	}
}
