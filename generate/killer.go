package generate

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// KillerDifficulty measures how a person would solve a killer puzzle
// (docs/variants.md): the steps of a propagation that uses only what a
// solver does on paper, and the search the exact-cover solver needs.
type KillerDifficulty struct {
	// CageSteps counts the passes over a cage (a given one, or one the
	// rule of 45 derives) that removed candidates: digit sets that no
	// longer fit the cage's candidates are dropped, and each cell keeps
	// the digits of the sets left that it can hold.
	CageSteps int
	// Singles counts the digits placed as naked or hidden singles.
	Singles int
	// Derived is the number of cages the rule of 45 adds.
	Derived int
	// Solved reports whether that propagation alone fills the grid; when
	// it does not, a person needs to guess (or stronger techniques).
	Solved bool
	// Nodes is the exact-cover search nodes of proving the puzzle
	// unique (a count to 2): 0 guesses means the search never branched.
	Nodes int
}

// newKillerGenerator checks the options of killer puzzles
// (Options.Killer).
func newKillerGenerator(opt Options, shape sudoku.Shape) (*Generator, error) {
	if opt.Variant.Constrained() {
		return nil, fmt.Errorf("%w: killer puzzles take a variant of regions, not constraints", ErrOptions)
	}
	if err := classicOnly(opt, "killer puzzles"); err != nil {
		return nil, err
	}
	geo, err := sudoku.NewGeometry(shape, opt.Variant)
	if err != nil {
		return nil, fmt.Errorf("%w: killer: %w", ErrOptions, err)
	}
	n := geo.N
	if n > 16 {
		return nil, fmt.Errorf("%w: killer puzzles have sides up to 16, not %d", ErrOptions, n)
	}
	maxCage := opt.MaxCage
	if maxCage == 0 {
		maxCage = 4
		if n >= 9 {
			maxCage = 5
		}
	}
	if maxCage < 1 || maxCage > n {
		return nil, fmt.Errorf("%w: killer cages of at most %d cells, want 1..%d", ErrOptions, maxCage, n)
	}
	return &Generator{opt: opt, kind: killerKind, ready: true, shape: shape, geo: geo, maxCage: maxCage,
		solver: sudoku.NewSolver(sudoku.Options{})}, nil
}

// killer makes killer puzzle index of the sequence, as newspapers print
// them: no givens, cages covering the grid, a unique solution. It fills a
// random grid, grows cages of 1 to MaxCage cells at random (no digit twice
// in a cage), then refines them until the solution is unique: while a
// second solution exists, a cage holding a cell where the two differ is
// split in two. Last, neighbouring cages are merged where the solution
// stays unique, so the puzzle has fewer, larger cages, down to N²/3 of
// them. Each uniqueness check is bounded (killerCheckNodes): a puzzle too
// hard to prove unique quickly is refined further.
func (g *Generator) killer(ctx context.Context, index int) (Result, error) {
	seed := puzzleSeed(g.seed(), index)
	rng := rand.New(rand.NewPCG(seed, seed^0x6b696c6c6572))
	sol, err := sudoku.NewSolver(sudoku.Options{Seed: rng.Uint64() | 1}).Solve(ctx, sudoku.NewGrid(g.shape, g.opt.Variant))
	if err != nil {
		return Result{}, fmt.Errorf("killer: filling a grid: %w", err)
	}
	k := &killerMaker{geo: g.geo, sol: sol, rng: rng, variant: g.opt.Variant, shape: g.shape, maxCage: g.maxCage}
	k.grow()
	res := Result{Index: index, Solution: sol, Seed: seed, Grids: 1}
	for {
		other, unknown, err := k.otherSolution(ctx)
		res.Checks++
		if err != nil {
			return Result{}, err
		}
		if unknown {
			k.splitLargest()
			continue
		}
		if other == nil {
			break
		}
		k.splitAt(other)
	}
	if err := k.mergeAll(ctx, &res.Checks); err != nil {
		return Result{}, err
	}
	res.Puzzle = k.puzzle()
	d := killerDifficulty(g.geo, res.Puzzle.Variant.Cages, nil)
	if c, err := g.solver.Count(ctx, res.Puzzle, 2); err != nil || c != 1 {
		return Result{}, fmt.Errorf("killer: final check: %d solutions, %w", c, err)
	}
	d.Nodes = g.solver.Guesses()
	res.Nodes, res.Killer = d.Nodes, &d
	return res, nil
}

type killerMaker struct {
	geo     *sudoku.Geometry
	shape   sudoku.Shape
	variant *sudoku.Variant
	sol     *sudoku.Grid
	rng     *rand.Rand
	maxCage int
	cages   [][]int // cells of each cage; empty after a merge
}

// neighbours returns the orthogonal neighbours of cell c.
func (k *killerMaker) neighbours(c int) []int {
	n := k.geo.N
	out := make([]int, 0, 4)
	if c%n > 0 {
		out = append(out, c-1)
	}
	if c%n < n-1 {
		out = append(out, c+1)
	}
	if c >= n {
		out = append(out, c-n)
	}
	if c+n < n*n {
		out = append(out, c+n)
	}
	return out
}

// grow covers the grid with random cages of distinct digits.
func (k *killerMaker) grow() {
	nc := k.geo.Cells
	taken := make([]bool, nc)
	for _, start := range k.rng.Perm(nc) {
		if taken[start] {
			continue
		}
		size := 2 + k.rng.IntN(max(1, k.maxCage-1))
		size = min(size, k.maxCage)
		cage := []int{start}
		taken[start] = true
		for len(cage) < size {
			var front []int
			for _, c := range cage {
				for _, x := range k.neighbours(c) {
					if !taken[x] && !slices.Contains(front, x) && !k.holds(cage, k.sol.Cells[x]) {
						front = append(front, x)
					}
				}
			}
			if len(front) == 0 {
				break
			}
			x := front[k.rng.IntN(len(front))]
			taken[x] = true
			cage = append(cage, x)
		}
		k.cages = append(k.cages, cage)
	}
}

func (k *killerMaker) holds(cage []int, d uint8) bool {
	for _, c := range cage {
		if k.sol.Cells[c] == d {
			return true
		}
	}
	return false
}

// puzzle returns the puzzle of the current cages.
func (k *killerMaker) puzzle() *sudoku.Grid {
	v := &sudoku.Variant{}
	if k.variant != nil {
		v.Name, v.Boxes, v.Extra = k.variant.Name, k.variant.Boxes, k.variant.Extra
	}
	for _, cage := range k.cages {
		if len(cage) == 0 {
			continue
		}
		cells := slices.Sorted(slices.Values(cage))
		sum := 0
		for _, c := range cells {
			sum += int(k.sol.Cells[c])
		}
		v.Cages = append(v.Cages, sudoku.Cage{Sum: sum, Cells: cells})
	}
	slices.SortFunc(v.Cages, func(a, b sudoku.Cage) int { return a.Cells[0] - b.Cells[0] })
	return sudoku.NewGrid(k.shape, v)
}

// killerCheckNodes bounds each uniqueness check of Killer: a puzzle
// whose check needs more search nodes is treated as not unique (split
// further, or a merge undone), which keeps the time of a puzzle bounded
// and its proof of uniqueness short. Without the bound one seed in 30
// took minutes (docs/variants.md).
const killerCheckNodes = 20000

// otherSolution returns a solution of the current puzzle other than the
// grid it was made from, or nil when there is none; unknown when the
// search ran out of its node budget first.
func (k *killerMaker) otherSolution(ctx context.Context) (other *sudoku.Grid, unknown bool, _ error) {
	g := k.puzzle()
	p, err := sudoku.ExactCover(g)
	if err != nil {
		return nil, false, fmt.Errorf("killer: %w", err)
	}
	xs := exactcover.NewSolver(p)
	for s := range xs.Solutions(ctx, exactcover.Options{Limit: 2, MaxNodes: killerCheckNodes}) {
		h, err := sudoku.GridFromCover(g, p, s)
		if err != nil {
			return nil, false, err
		}
		if !slices.Equal(h.Cells, k.sol.Cells) {
			other = h
			break
		}
	}
	if err := xs.Err(); err != nil {
		if errors.Is(err, exactcover.ErrNodeBudget) {
			return nil, true, nil
		}
		return nil, false, err
	}
	return other, false, nil
}

// splitLargest splits the largest cage (the first of them) at a random
// cell of it, when no second solution is at hand to choose the cage.
func (k *killerMaker) splitLargest() {
	big := 0
	for i, cg := range k.cages {
		if len(cg) > len(k.cages[big]) {
			big = i
		}
	}
	cg := k.cages[big]
	other := k.sol.Clone()
	other.Cells[cg[k.rng.IntN(len(cg))]] = 0 // differs there only
	k.splitAt(other)
}

// splitAt splits the cage of a random cell where other differs from the
// solution: the part grown from that cell to half the cage becomes a
// cage, and each connected piece of the rest another. A cage of one cell
// fixes its digit, so the cell chosen is in a larger cage.
func (k *killerMaker) splitAt(other *sudoku.Grid) {
	var diff []int
	for c := range k.sol.Cells {
		if other.Cells[c] != k.sol.Cells[c] {
			diff = append(diff, c)
		}
	}
	d := diff[k.rng.IntN(len(diff))]
	ci := slices.IndexFunc(k.cages, func(cg []int) bool { return slices.Contains(cg, d) })
	cage := k.cages[ci]
	half := []int{d}
	for len(half) < len(cage)/2 || len(half) == 0 {
		var front []int
		for _, c := range half {
			for _, x := range k.neighbours(c) {
				if slices.Contains(cage, x) && !slices.Contains(half, x) && !slices.Contains(front, x) {
					front = append(front, x)
				}
			}
		}
		if len(front) == 0 {
			break
		}
		half = append(half, front[k.rng.IntN(len(front))])
	}
	k.cages[ci] = half
	rest := slices.DeleteFunc(slices.Clone(cage), func(c int) bool { return slices.Contains(half, c) })
	for len(rest) > 0 {
		piece := []int{rest[0]}
		for i := 0; i < len(piece); i++ {
			for _, x := range k.neighbours(piece[i]) {
				if slices.Contains(rest, x) && !slices.Contains(piece, x) {
					piece = append(piece, x)
				}
			}
		}
		k.cages = append(k.cages, piece)
		rest = slices.DeleteFunc(rest, func(c int) bool { return slices.Contains(piece, c) })
	}
}

// mergeAll tries merging each pair of neighbouring cages once, in random
// order, keeping a merge when the merged cage holds distinct digits, has
// at most MaxCage+1 cells, and the solution stays unique.
func (k *killerMaker) mergeAll(ctx context.Context, checks *int) error {
	owner := func() []int {
		o := make([]int, k.geo.Cells)
		for i, cg := range k.cages {
			for _, c := range cg {
				o[c] = i
			}
		}
		return o
	}
	o := owner()
	var pairs [][2]int
	for c := range o {
		for _, x := range k.neighbours(c) {
			a, b := o[c], o[x]
			if a < b && !slices.Contains(pairs, [2]int{a, b}) {
				pairs = append(pairs, [2]int{a, b})
			}
		}
	}
	k.rng.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	// Pairs with a cage of one cell first: printed killers seldom have
	// them, and each is a given in disguise.
	slices.SortStableFunc(pairs, func(x, y [2]int) int {
		return min(len(k.cages[x[0]]), len(k.cages[x[1]])) - min(len(k.cages[y[0]]), len(k.cages[y[1]]))
	})
	// alias maps a cage merged away to the cage that took it.
	alias := make([]int, len(k.cages))
	for i := range alias {
		alias[i] = i
	}
	find := func(i int) int {
		for alias[i] != i {
			i = alias[i]
		}
		return i
	}
	// Merging stops at N²/3 cages (27 for 9x9), about as many as
	// newspapers print.
	minCages := k.geo.Cells / 3
	live := len(k.cages)
	for _, p := range pairs {
		if err := ctx.Err(); err != nil {
			return err
		}
		a, b := find(p[0]), find(p[1])
		if a == b || len(k.cages[a])+len(k.cages[b]) > k.maxCage+1 {
			continue
		}
		distinct := true
		for _, c := range k.cages[b] {
			distinct = distinct && !k.holds(k.cages[a], k.sol.Cells[c])
		}
		if !distinct {
			continue
		}
		if live <= minCages {
			break
		}
		ca, cb := k.cages[a], k.cages[b]
		k.cages[a], k.cages[b] = append(slices.Clip(ca), cb...), nil
		other, unknown, err := k.otherSolution(ctx)
		*checks++
		if err != nil {
			return err
		}
		if other != nil || unknown {
			k.cages[a], k.cages[b] = ca, cb // not unique: undo
			continue
		}
		alias[b] = a
		live--
	}
	k.cages = slices.DeleteFunc(k.cages, func(cg []int) bool { return len(cg) == 0 })
	return nil
}

// RateKiller measures a killer puzzle as Killer measures the puzzles it
// makes (KillerDifficulty): g's variant holds cages, and maybe extra or
// jigsaw regions, but no other constraint; g may have givens. Cells of up
// to 16 symbols only. It fails with an error wrapping sudoku.ErrVariant
// for other constraints (or no cages), sudoku.ErrShape for larger grids,
// sudoku.ErrNoSolution or logic.ErrMultipleSolutions when g has no or
// several solutions, and the solver's error (wrapping sudoku.ErrInvalid)
// for clashing givens.
func RateKiller(ctx context.Context, g *sudoku.Grid) (KillerDifficulty, error) {
	v := g.Variant
	var other []string
	if v == nil {
		v = &sudoku.Variant{}
	}
	if v.AntiKnight {
		other = append(other, "anti-knight")
	}
	if v.AntiKing {
		other = append(other, "anti-king")
	}
	if v.NonConsecutive {
		other = append(other, "non-consecutive")
	}
	if len(v.Thermos) > 0 {
		other = append(other, "thermometers")
	}
	other = append(other, v.Rules.RuleNames()...)
	if len(other) > 0 {
		return KillerDifficulty{}, fmt.Errorf("the rater knows killer cages and regions, not %s: %w", strings.Join(other, ", "), sudoku.ErrVariant)
	}
	if v == nil || len(v.Cages) == 0 {
		return KillerDifficulty{}, fmt.Errorf("no killer cages to rate: %w", sudoku.ErrVariant)
	}
	geo, err := sudoku.NewGeometry(g.Shape, v)
	if err != nil {
		return KillerDifficulty{}, err
	}
	if geo.N > 16 {
		return KillerDifficulty{}, fmt.Errorf("killers are rated up to 16x16, not %dx%d: %w", geo.N, geo.N, sudoku.ErrShape)
	}
	if len(g.Cells) != geo.Cells {
		return KillerDifficulty{}, fmt.Errorf("grid of %d cells, want %d: %w", len(g.Cells), geo.Cells, sudoku.ErrGrid)
	}
	s := sudoku.NewSolver(sudoku.Options{})
	c, err := s.Count(ctx, g, 2)
	switch {
	case err != nil:
		return KillerDifficulty{}, err
	case c == 0:
		return KillerDifficulty{}, sudoku.ErrNoSolution
	case c > 1:
		return KillerDifficulty{}, logic.ErrMultipleSolutions
	}
	d := killerDifficulty(geo, v.Cages, g.Cells)
	d.Nodes = s.Guesses()
	return d, nil
}

// killerDifficulty runs the paper solver's propagation on the cages
// (and those the rule of 45 derives): singles, and for each cage the
// digit sets that still fit its cells' candidates. givens (nil: none)
// are placed first; they are not counted as singles.
func killerDifficulty(geo *sudoku.Geometry, cages []sudoku.Cage, givens []uint8) KillerDifficulty {
	n := geo.N
	derived := sudoku.DerivedCages(geo, cages)
	all := append(slices.Clip(cages), derived...)
	var d KillerDifficulty
	d.Derived = len(derived)
	full := geo.Digits()
	cand := make([]uint64, geo.Cells)
	for c := range cand {
		cand[c] = full
	}
	placed := make([]bool, geo.Cells)
	combos := make([][]uint64, len(all))
	for i, cg := range all {
		combos[i] = cageSets(n, len(cg.Cells), cg.Sum)
	}
	place := func(c int, bit uint64) {
		placed[c] = true
		cand[c] = bit
		for _, p := range geo.Peers[c] {
			cand[p] &^= bit
		}
		d.Singles++
	}
	for c, dg := range givens {
		if dg != 0 && !placed[c] {
			place(c, uint64(1)<<(dg-1))
			d.Singles--
		}
	}
	for progress := true; progress; {
		progress = false
		// Naked and hidden singles.
		for c := range cand {
			if !placed[c] && bits.OnesCount64(cand[c]) == 1 {
				place(c, cand[c])
				progress = true
			}
		}
		for _, h := range geo.Houses {
			for dg := range n {
				bit := uint64(1) << dg
				at, cnt := -1, 0
				for _, c := range h {
					if cand[c]&bit != 0 {
						at, cnt = c, cnt+1
					}
				}
				if cnt == 1 && !placed[at] {
					place(at, bit)
					progress = true
				}
			}
		}
		// Cage combinations.
		for i, cg := range all {
			var union uint64
			kept := combos[i][:0]
			for _, m := range combos[i] {
				if fits(m, cg.Cells, cand) {
					kept = append(kept, m)
					union |= m
				}
			}
			combos[i] = kept
			// A cell keeps a digit of a set left when the rest of the
			// set fits the other cells.
			changed := false
			for _, c := range cg.Cells {
				var keep uint64
				for _, m := range kept {
					for r := cand[c] & m; r != 0; r &= r - 1 {
						bit := r & -r
						if fitsWith(m&^bit, cg.Cells, c, cand) {
							keep |= bit
						}
					}
				}
				if nc := cand[c] & keep; nc != cand[c] {
					cand[c] = nc
					changed = true
				}
			}
			if changed {
				d.CageSteps++
				progress = true
			}
		}
	}
	d.Solved = !slices.Contains(placed, false)
	return d
}

// cageSets returns the sets of size distinct digits 1..n adding up to sum,
// as masks.
func cageSets(n, size, sum int) []uint64 {
	var out []uint64
	for m := uint64(1); m < 1<<n; m++ {
		if bits.OnesCount64(m) != size {
			continue
		}
		s := 0
		for r := m; r != 0; r &= r - 1 {
			s += bits.TrailingZeros64(r) + 1
		}
		if s == sum {
			out = append(out, m)
		}
	}
	return out
}

// fits reports whether the digits of set m can go one to a cell into
// cells, each holding one of its candidates.
func fits(m uint64, cells []int, cand []uint64) bool {
	return fitsWith(m, cells, -1, cand)
}

// fitsWith is fits for the cells other than skip.
func fitsWith(m uint64, cells []int, skip int, cand []uint64) bool {
	var rec func(i int, left uint64) bool
	rec = func(i int, left uint64) bool {
		if i == len(cells) {
			return left == 0
		}
		if cells[i] == skip {
			return rec(i+1, left)
		}
		for r := cand[cells[i]] & left; r != 0; r &= r - 1 {
			bit := r & -r
			if rec(i+1, left&^bit) {
				return true
			}
		}
		return false
	}
	return rec(0, m)
}
