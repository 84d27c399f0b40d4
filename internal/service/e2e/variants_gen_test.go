package e2e

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/sudoku"
)

// The puzzles of TestVariants: random instances of every rule of a
// puzzle object, built around a solution grid, each sorted into kept and
// broken by sudoku.CheckRules on that solution (exact on full grids), and
// grids to check them on.

// ruleGen makes rule instances around a solution.
type ruleGen struct {
	rng       *rand.Rand
	n, br, bc int
	sol       []int
	box       []int // the box (or jigsaw region) of each cell
	regions   string
}

func newRuleGen(t *testing.T, seed uint64, br, bc int, v *sudoku.Variant, regions string) *ruleGen {
	t.Helper()
	n := br * bc
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: br, BoxCols: bc}, v)
	sol, err := sudoku.NewSolver(sudoku.Options{Seed: seed}).Solve(context.Background(), g)
	if err != nil {
		t.Fatalf("a %dx%d solution: %v", n, n, err)
	}
	geo, err := sudoku.NewGeometry(g.Shape, v)
	if err != nil {
		t.Fatal(err)
	}
	rg := &ruleGen{rng: rand.New(rand.NewPCG(seed, 7)), n: n, br: br, bc: bc, box: make([]int, n*n), regions: regions}
	for _, c := range sol.Cells {
		rg.sol = append(rg.sol, int(c))
	}
	for c := range n * n {
		rg.box[c] = geo.Box[c]
	}
	return rg
}

func (g *ruleGen) cell() int             { return g.rng.IntN(g.n * g.n) }
func (g *ruleGen) chance(p float64) bool { return g.rng.Float64() < p }
func (g *ruleGen) digit() int            { return 1 + g.rng.IntN(g.n) }

func (g *ruleGen) sum(cells []int) int {
	s := 0
	for _, c := range cells {
		s += g.sol[c]
	}
	return s
}

// walk returns a path of lo to hi cells, each a king's move (or with
// ortho an orthogonal step) from the one before, none twice.
func (g *ruleGen) walk(lo, hi int, ortho bool) []int {
	want := lo + g.rng.IntN(hi-lo+1)
	for {
		path := []int{g.cell()}
		for len(path) < want {
			last := path[len(path)-1]
			var next []int
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					r, c := last/g.n+dr, last%g.n+dc
					if (dr == 0 && dc == 0) || (ortho && dr != 0 && dc != 0) || r < 0 || c < 0 || r >= g.n || c >= g.n || slices.Contains(path, r*g.n+c) {
						continue
					}
					next = append(next, r*g.n+c)
				}
			}
			if len(next) == 0 {
				break
			}
			path = append(path, next[g.rng.IntN(len(next))])
		}
		if len(path) == want {
			return path
		}
	}
}

func (g *ruleGen) orthoPair() []int { return g.walk(2, 2, true) }

// outside returns a place beside a row or column, just outside the grid.
func (g *ruleGen) outside() (row, col int) {
	k := g.rng.IntN(g.n)
	switch g.rng.IntN(4) {
	case 0:
		return -1, k
	case 1:
		return g.n, k
	case 2:
		return k, -1
	}
	return k, g.n
}

// ruleKind makes one instance of a kind of rule in pj and returns the
// cells it involves.
type ruleKind struct {
	name string
	make func(g *ruleGen, pj *sudoku.PuzzleJSON) []int
}

// dotOf makes a mark between a pair of neighbours: the solution's value
// (kept) most of the time, else a random one in lo..hi.
func dotOf(g *ruleGen, derive func(a, b int) int, lo, hi, def int) (sudoku.Dot, []int) {
	p := g.orthoPair()
	v := derive(g.sol[p[0]], g.sol[p[1]])
	if v < lo || v > hi || g.chance(0.3) {
		v = lo + g.rng.IntN(hi-lo+1)
	}
	if v == def {
		v = 0
	}
	return sudoku.Dot{Cells: p, Value: v}, p
}

func (g *ruleGen) cellsOf(k int) []int {
	var out []int
	for len(out) < k {
		if c := g.cell(); !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

var ruleKinds = []ruleKind{
	{"cages", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		w := g.walk(2, 4, true)
		slices.Sort(w)
		s := g.sum(w)
		if g.chance(0.2) {
			s = 0 // no sum
		} else if g.chance(0.3) {
			s = len(w) + g.rng.IntN(len(w)*(g.n-1))
		}
		pj.Cages = append(pj.Cages, sudoku.Cage{Sum: s, Cells: w})
		return w
	}},
	{"thermos", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		w := g.walk(2, min(5, g.n), false)
		pj.Thermos = append(pj.Thermos, w)
		return w
	}},
	{"arrows", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		w := g.walk(2, 5, false)
		circle := w[:1]
		if len(w) > 2 && g.chance(0.25) {
			circle = w[:2]
		}
		pj.Arrows = append(pj.Arrows, sudoku.Arrow{Circle: circle, Shaft: w[len(circle):]})
		return w
	}},
	{"differences", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		d, c := dotOf(g, func(a, b int) int { return max(a-b, b-a) }, 1, g.n-1, 1)
		pj.Differences = append(pj.Differences, d)
		return c
	}},
	{"ratios", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		d, c := dotOf(g, func(a, b int) int {
			if max(a, b)%min(a, b) == 0 {
				return max(a, b) / min(a, b)
			}
			return 0
		}, 1, g.n, 2)
		pj.Ratios = append(pj.Ratios, d)
		return c
	}},
	{"xv", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		d, c := dotOf(g, func(a, b int) int { return a + b }, 3, 2*g.n-1, 0)
		if d.Value == 0 {
			d.Value = 3
		}
		pj.XV = append(pj.XV, d)
		return c
	}},
	{"negativeratio", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		// Every pair with a ratio of 2 gets its dot (kept), or all but
		// one (broken); a white dot anywhere is exempt.
		var cells []int
		pj.NegativeRatio = true
		skip := g.chance(0.5)
		for i := range g.n * g.n {
			for _, j := range []int{i + 1, i + g.n} {
				if (j == i+1 && j%g.n == 0) || j >= g.n*g.n {
					continue
				}
				a, b := g.sol[i], g.sol[j]
				if a*2 == b || b*2 == a {
					if skip {
						skip = false
						cells = append(cells, i, j)
						continue
					}
					pj.Ratios = append(pj.Ratios, sudoku.Dot{Cells: []int{i, j}})
				}
			}
		}
		d, c := dotOf(g, func(a, b int) int { return max(a-b, b-a) }, 1, g.n-1, 1)
		pj.Differences = append(pj.Differences, d)
		return append(cells, c...)
	}},
	{"negativexv", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		var cells []int
		pj.NegativeXV = true
		skip := g.chance(0.5)
		for i := range g.n * g.n {
			for _, j := range []int{i + 1, i + g.n} {
				if (j == i+1 && j%g.n == 0) || j >= g.n*g.n {
					continue
				}
				if s := g.sol[i] + g.sol[j]; s == 5 || s == 10 {
					if skip {
						skip = false
						cells = append(cells, i, j)
						continue
					}
					pj.XV = append(pj.XV, sudoku.Dot{Cells: []int{i, j}, Value: s})
				}
			}
		}
		return cells
	}},
	{"even", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		c := g.cellsOf(3)
		pj.Even = c
		return c
	}},
	{"odd", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		c := g.cellsOf(3)
		pj.Odd = c
		return c
	}},
	{"minimums", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		c := g.cellsOf(1 + g.rng.IntN(2))
		pj.Minimums = c
		return c
	}},
	{"maximums", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		c := g.cellsOf(1 + g.rng.IntN(2))
		pj.Maximums = c
		return c
	}},
	{"littlekillers", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		for {
			lk := sudoku.LittleKiller{Row: -1, Col: g.rng.IntN(g.n + 1), Direction: []string{"UL", "UR", "DL", "DR"}[g.rng.IntN(4)]}
			if g.chance(0.5) {
				lk.Row, lk.Col = g.rng.IntN(g.n+2)-1, -1
			}
			if g.chance(0.5) && lk.Row == -1 {
				lk.Row = g.n
			}
			if g.chance(0.5) && lk.Col == -1 {
				lk.Col = g.n
			}
			cells := lk.Cells(g.n)
			if len(cells) == 0 {
				continue
			}
			lk.Sum = g.sum(cells)
			if g.chance(0.3) {
				lk.Sum = 1 + g.rng.IntN(len(cells)*g.n)
			}
			pj.LittleKillers = append(pj.LittleKillers, lk)
			return cells
		}
	}},
	{"sandwiches", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		o := sudoku.OutsideClue{}
		o.Row, o.Col = g.outside()
		cells := o.Cells(g.n)
		i1, iN := slices.IndexFunc(cells, func(c int) bool { return g.sol[c] == 1 }), slices.IndexFunc(cells, func(c int) bool { return g.sol[c] == g.n })
		o.Value = g.sum(cells[min(i1, iN)+1 : max(i1, iN)])
		if g.chance(0.3) {
			o.Value = g.rng.IntN(g.n*(g.n+1)/2 - g.n)
		}
		pj.Sandwiches = append(pj.Sandwiches, o)
		return cells
	}},
	{"xsums", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		o := sudoku.OutsideClue{}
		o.Row, o.Col = g.outside()
		cells := o.Cells(g.n)
		o.Value = g.sum(cells[:g.sol[cells[0]]])
		if g.chance(0.3) {
			o.Value = 1 + g.rng.IntN(g.n*(g.n+1)/2)
		}
		pj.XSums = append(pj.XSums, o)
		return cells
	}},
	{"skyscrapers", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		o := sudoku.OutsideClue{}
		o.Row, o.Col = g.outside()
		cells := o.Cells(g.n)
		top := 0
		for _, c := range cells {
			if g.sol[c] > top {
				o.Value, top = o.Value+1, g.sol[c]
			}
		}
		if g.chance(0.3) {
			o.Value = g.digit()
		}
		pj.Skyscrapers = append(pj.Skyscrapers, o)
		return cells
	}},
	{"quadruples", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		r, c := g.rng.IntN(g.n-1), g.rng.IntN(g.n-1)
		cells := []int{r*g.n + c, r*g.n + c + 1, (r+1)*g.n + c, (r+1)*g.n + c + 1}
		var ds []int
		for _, x := range cells[:1+g.rng.IntN(4)] {
			d := g.sol[x]
			if g.chance(0.25) {
				d = g.digit()
			}
			ds = append(ds, d)
		}
		slices.Sort(ds)
		pj.Quadruples = append(pj.Quadruples, sudoku.Quadruple{Cells: cells, Digits: ds})
		return cells
	}},
	{"clones", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		k := 1 + g.rng.IntN(3)
		var cl sudoku.Clone
		for len(cl.Cells) < k {
			a := g.cell()
			b := g.cell()
			for tries := 0; tries < 50 && (g.sol[b] != g.sol[a] || b == a); tries++ {
				b = g.cell()
			}
			if g.chance(0.2) {
				b = g.cell()
			}
			if a == b || slices.Contains(cl.Cells, a) || slices.Contains(cl.Copy, b) {
				continue
			}
			cl.Cells, cl.Copy = append(cl.Cells, a), append(cl.Copy, b)
		}
		pj.Clones = append(pj.Clones, cl)
		return append(slices.Clone(cl.Cells), cl.Copy...)
	}},
	{"palindromes", lineKind(3, 5, func(pj *sudoku.PuzzleJSON, l []int) { pj.Palindromes = append(pj.Palindromes, l) })},
	{"renbans", lineKind(2, 4, func(pj *sudoku.PuzzleJSON, l []int) { pj.Renbans = append(pj.Renbans, l) })},
	{"whispers", func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		w := sudoku.Whisper{Cells: g.walk(2, 5, false)}
		if g.chance(0.3) {
			w.Value = 1 + g.rng.IntN(g.n-1)
		}
		pj.Whispers = append(pj.Whispers, w)
		return w.Cells
	}},
	{"betweenlines", lineKind(3, 5, func(pj *sudoku.PuzzleJSON, l []int) { pj.BetweenLines = append(pj.BetweenLines, l) })},
	{"regionsumlines", lineKind(3, 6, func(pj *sudoku.PuzzleJSON, l []int) { pj.RegionSumLines = append(pj.RegionSumLines, l) })},
	{"entropiclines", lineKind(3, 5, func(pj *sudoku.PuzzleJSON, l []int) { pj.EntropicLines = append(pj.EntropicLines, l) })},
	{"modularlines", lineKind(3, 5, func(pj *sudoku.PuzzleJSON, l []int) { pj.ModularLines = append(pj.ModularLines, l) })},
	{"nabners", lineKind(2, 4, func(pj *sudoku.PuzzleJSON, l []int) { pj.Nabners = append(pj.Nabners, l) })},
	{"zipperlines", lineKind(3, 5, func(pj *sudoku.PuzzleJSON, l []int) { pj.ZipperLines = append(pj.ZipperLines, l) })},
	{"doublearrows", lineKind(3, 5, func(pj *sudoku.PuzzleJSON, l []int) { pj.DoubleArrows = append(pj.DoubleArrows, l) })},
	{"slowthermos", lineKind(2, 5, func(pj *sudoku.PuzzleJSON, l []int) { pj.SlowThermos = append(pj.SlowThermos, l) })},
	{"rowindexers", indexerKind(func(pj *sudoku.PuzzleJSON, c []int) { pj.RowIndexers = c })},
	{"columnindexers", indexerKind(func(pj *sudoku.PuzzleJSON, c []int) { pj.ColumnIndexers = c })},
	{"boxindexers", indexerKind(func(pj *sudoku.PuzzleJSON, c []int) { pj.BoxIndexers = c })},
}

func lineKind(lo, hi int, set func(pj *sudoku.PuzzleJSON, l []int)) func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
	return func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		l := g.walk(lo, min(hi, g.n), false)
		set(pj, l)
		return l
	}
}

func indexerKind(set func(pj *sudoku.PuzzleJSON, c []int)) func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
	return func(g *ruleGen, pj *sudoku.PuzzleJSON) []int {
		c := g.cellsOf(1 + g.rng.IntN(2))
		set(pj, c)
		return c
	}
}

// variantCase is a puzzle object and grids to check it on.
type variantCase struct {
	Name  string             `json:"name"`
	Obj   *sudoku.PuzzleJSON `json:"obj"`
	N     int                `json:"n"`
	BR    int                `json:"br"`
	BC    int                `json:"bc"`
	Grids [][]int            `json:"grids"`
	// Kept: the rule holds on the solution (the first grid).
	Kept bool `json:"-"`
}

// checkRulesOf returns the breaks sudoku.CheckRules finds in cells under
// pj, or an error when pj is not a valid puzzle.
func checkRulesOf(pj *sudoku.PuzzleJSON, cells []int) ([]sudoku.RuleBreak, error) {
	g, _, err := pj.Grid(sudoku.ReadOptions{})
	if err != nil {
		return nil, err
	}
	for i, v := range cells {
		g.Cells[i] = uint8(v)
	}
	return sudoku.CheckRules(g), nil
}

// grids returns grids to check a puzzle on: its solution, the solution
// with a rule cell changed, partial solutions, random digits in the
// rule's cells (all or some) and nowhere else.
func (g *ruleGen) grids(cells []int) [][]int {
	out := [][]int{slices.Clone(g.sol)}
	wrong := slices.Clone(g.sol)
	if len(cells) > 0 {
		c := cells[g.rng.IntN(len(cells))]
		wrong[c] = 1 + (wrong[c]+g.rng.IntN(g.n-1))%g.n
	}
	out = append(out, wrong)
	for _, keep := range []float64{0.7, 0.35} {
		p := slices.Clone(g.sol)
		for i := range p {
			if !g.chance(keep) {
				p[i] = 0
			}
		}
		out = append(out, p)
	}
	for _, fill := range []float64{1, 0.6, 0.6} {
		p := make([]int, g.n*g.n)
		for _, c := range cells {
			if g.chance(fill) {
				p[c] = g.digit()
				if g.chance(0.5) {
					p[c] = g.sol[c]
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// variantCases returns, for each kind of rule and each side (4, 6, 9,
// 16, and a 4x4 jigsaw with an extra region; with -short 4, 9 and the
// jigsaw), a puzzle whose rule the solution keeps and one it breaks
// where 400 random instances give them, the chess and non-consecutive
// flags on solutions that keep them and on random ones, and a few
// puzzles of several kinds at once.
func variantCases(t *testing.T, seed uint64) []variantCase {
	t.Helper()
	var out []variantCase
	shapes := []struct {
		br, bc  int
		regions string
		extra   [][]int
	}{{2, 2, "", nil}, {2, 3, "", nil}, {3, 3, "", nil}, {4, 4, "", nil}, {2, 2, "AAABACBBCCBDCDDD", [][]int{{0, 1, 7, 14}}}}
	for si, sh := range shapes {
		if testing.Short() && sh.br*sh.bc != 4 && sh.br*sh.bc != 9 {
			continue // -short (CI's race run): 4x4, 9x9 and the jigsaw
		}
		var v *sudoku.Variant
		if sh.regions != "" {
			var err error
			if v, err = sudoku.Jigsaw(sudoku.Shape{BoxRows: sh.br, BoxCols: sh.bc}, sh.regions); err != nil {
				t.Fatal(err)
			}
			v.Extra = sh.extra
		}
		g := newRuleGen(t, seed+uint64(si), sh.br, sh.bc, v, sh.regions)
		base := func() *sudoku.PuzzleJSON {
			return &sudoku.PuzzleJSON{Size: sudoku.Shape{BoxRows: sh.br, BoxCols: sh.bc}.String(), Regions: sh.regions, Extra: sh.extra, Puzzle: dots(g.n * g.n)}
		}
		for _, kind := range ruleKinds {
			var kept, broken bool
			for try := 0; try < 400 && !(kept && broken); try++ {
				pj := base()
				cells := kind.make(g, pj)
				bs, err := checkRulesOf(pj, g.sol)
				if err != nil {
					continue // not a valid puzzle (a sum out of range, ...)
				}
				k := len(bs) == 0
				if (k && kept) || (!k && broken) {
					continue
				}
				kept, broken = kept || k, broken || !k
				out = append(out, variantCase{Name: pj.Size + " " + sh.regions + " " + kind.name, Obj: pj, N: g.n, BR: sh.br, BC: sh.bc, Grids: g.grids(cells), Kept: k})
			}

		}
		// Several kinds at once.
		for range 3 {
			pj := base()
			var cells []int
			for _, k := range []int{g.rng.IntN(len(ruleKinds)), g.rng.IntN(len(ruleKinds)), g.rng.IntN(len(ruleKinds))} {
				cells = append(cells, ruleKinds[k].make(g, pj)...)
			}
			if _, err := checkRulesOf(pj, g.sol); err == nil {
				out = append(out, variantCase{Name: pj.Size + " " + sh.regions + " combined", Obj: pj, N: g.n, BR: sh.br, BC: sh.bc, Grids: g.grids(cells)})
			}
		}
	}
	// The flags, on 9x9: kept by solutions made to keep them, broken by a
	// plain random solution (nearly always).
	for fi, flag := range []string{"antiknight", "antiking", "nonconsecutive"} {
		for _, keep := range []bool{true, false} {
			v := &sudoku.Variant{}
			pj := &sudoku.PuzzleJSON{Size: "3x3", Puzzle: dots(81)}
			set := map[string]func(){
				"antiknight":     func() { v.AntiKnight, pj.AntiKnight = true, true },
				"antiking":       func() { v.AntiKing, pj.AntiKing = true, true },
				"nonconsecutive": func() { v.NonConsecutive, pj.NonConsecutive = true, true },
			}[flag]
			if keep {
				set()
			}
			var g *ruleGen
			switch {
			case keep && flag == "antiknight":
				// A seeded search for an anti-knight grid can take
				// seconds: the pattern (3r + r/3 + c) mod 9 keeps it
				// (a knight's move changes it by 1, 2, 5, 6, 7 or 8).
				var sol []byte
				for i := range 81 {
					r, c := i/9, i%9
					sol = append(sol, byte('1'+(3*r+r/3+c)%9))
				}
				g = newRuleGenFrom(seed+100, string(sol))
			case keep && flag == "nonconsecutive":
				// Found by the solver (seed 5): seconds under the race
				// detector.
				g = newRuleGenFrom(seed+100, nonConsecutiveSolution)
			default:
				g = newRuleGen(t, seed+100+uint64(fi), 3, 3, v, "")
			}
			if !keep {
				set()
			}
			bs, err := checkRulesOf(pj, g.sol)
			if err != nil || (len(bs) == 0) != keep {
				t.Fatalf("%s on a solution made to keep it (%v): %v %v", flag, keep, bs, err)
			}
			out = append(out, variantCase{Name: "3x3 " + flag, Obj: pj, N: 9, BR: 3, BC: 3, Grids: g.grids(g.cellsOf(12)), Kept: keep})
		}
	}
	return out
}

// nonConsecutiveSolution is a 9x9 solution with no consecutive digits
// side by side.
const nonConsecutiveSolution = "596417283173852649428396175964173852731528496285964731852649317317285964649731528"

func dots(k int) string {
	b := make([]byte, k)
	for i := range b {
		b[i] = '.'
	}
	return string(b)
}

// newRuleGenFrom makes instances around a given 9x9 solution.
func newRuleGenFrom(seed uint64, solution string) *ruleGen {
	g := &ruleGen{rng: rand.New(rand.NewPCG(seed, 11)), n: 9, br: 3, bc: 3, box: make([]int, 81)}
	for i := range 81 {
		g.sol = append(g.sol, int(solution[i]-'0'))
		g.box[i] = 18 + i/27*3 + i%9/3
	}
	return g
}

// outsideKinds have their clue outside the grid.
var outsideKinds = map[string]bool{"littlekillers": true, "sandwiches": true, "xsums": true, "skyscrapers": true}

// showcase builds a 9x9 puzzle object with count instances of each kind
// (by name), every one kept by the solution, their cells apart (clues
// outside the grid each in its own place), and the solution's digits as
// givens from cell from on in steps of 37, away from its arrows (whose
// cells Play enters), until the puzzle has one solution: the solver
// finds one (sudoku.Solver.Count), and the solution keeps every rule
// (sudoku.CheckRules) and the givens, so that one is g's solution.
func showcase(t *testing.T, g *ruleGen, kinds map[string]int, from int) *sudoku.PuzzleJSON {
	t.Helper()
	acc := &sudoku.PuzzleJSON{Size: "3x3", Puzzle: dots(81)}
	used := map[int]bool{}
	places := map[[2]int]bool{}
	for _, kind := range ruleKinds {
		for range kinds[kind.name] {
			placed := false
			for try := 0; try < 20000 && !placed; try++ {
				cand := clonePJ(t, acc)
				cells := kind.make(g, cand)
				if bs, err := checkRulesOf(cand, g.sol); err != nil || len(bs) > 0 {
					continue
				}
				if outsideKinds[kind.name] {
					at, ok := newPlace(cand, places)
					if !ok {
						continue
					}
					places[at] = true
				} else {
					if slices.ContainsFunc(cells, func(c int) bool { return used[c] }) {
						continue
					}
					for _, c := range cells {
						used[c] = true
					}
				}
				acc, placed = cand, true
			}
			if !placed {
				t.Fatalf("showcase: no place for %s", kind.name)
			}
		}
	}
	avoid := map[int]bool{}
	for _, a := range acc.Arrows {
		for _, c := range append(slices.Clone(a.Circle), a.Shaft...) {
			avoid[c] = true
		}
	}
	p := []byte(dots(81))
	s := sudoku.NewSolver(sudoku.Options{})
	for c, tries := from, 0; ; c, tries = (c+37)%81, tries+1 {
		acc.Puzzle = string(p)
		gr, _, err := acc.Grid(sudoku.ReadOptions{})
		if err != nil {
			t.Fatalf("showcase: %v", err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		n, err := s.Count(ctx, gr, 2)
		cancel()
		if err != nil {
			t.Fatalf("showcase: counting the solutions with %d givens: %v", 81-strings.Count(acc.Puzzle, "."), err)
		}
		switch n {
		case 0:
			t.Fatalf("showcase: no solution, yet the solution the givens come from keeps every rule: %s", acc.Puzzle)
		case 1:
			return acc
		}
		if tries == 81 {
			t.Fatalf("showcase: %d solutions with every cell but the arrows' given", n)
		}
		if !avoid[c] {
			p[c] = byte('0' + g.sol[c])
		}
	}
}

// newPlace returns the place of the clue outside the grid that pj has
// and places has not.
func newPlace(pj *sudoku.PuzzleJSON, places map[[2]int]bool) ([2]int, bool) {
	var all [][2]int
	for _, lk := range pj.LittleKillers {
		all = append(all, [2]int{lk.Row, lk.Col})
	}
	for _, list := range [][]sudoku.OutsideClue{pj.Sandwiches, pj.XSums, pj.Skyscrapers} {
		for _, o := range list {
			all = append(all, [2]int{o.Row, o.Col})
		}
	}
	var fresh [][2]int
	for _, a := range all {
		if !places[a] {
			fresh = append(fresh, a)
		}
	}
	if len(fresh) != 1 {
		return [2]int{}, false
	}
	return fresh[0], true
}

func clonePJ(t *testing.T, pj *sudoku.PuzzleJSON) *sudoku.PuzzleJSON {
	b, err := json.Marshal(pj)
	if err != nil {
		t.Fatal(err)
	}
	var out sudoku.PuzzleJSON
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}
