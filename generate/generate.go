package generate

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/internal/solver/backtrack"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// Errors returned by the generator. NewGenerator checks the options, so
// that a caller (the command line, the web service) maps ErrOptions to a
// usage error before any work; Generate returns the other two.
var (
	// ErrOptions marks options that cannot work together, or a shape or
	// variant the generator cannot use (those errors also wrap
	// sudoku.ErrShape, sudoku.ErrVariant or sudoku.ErrConstraint).
	ErrOptions = errors.New("bad options")
	// ErrNotFound means no puzzle meeting the targets was found within
	// Options.Attempts fresh grids.
	ErrNotFound = errors.New("no puzzle met the targets")
	// ErrNoPuzzle means that no puzzle exists for the rules: no grid
	// keeps them all. (When some grid does, a puzzle with a unique
	// solution exists: that grid given in full, at worst.)
	ErrNoPuzzle = errors.New("no puzzle exists for these rules")
)

// Options configures the generator. The zero value makes minimal standard
// 9x9 puzzles with no symmetry and a random seed.
//
// The generator makes three kinds of puzzles, chosen by the options:
//   - classic puzzles with givens (the default), for the standard rules or
//     a region variant (diagonal, hyper, disjoint, jigsaw), with every
//     target below;
//   - puzzles with givens that keep a set of rules, when Variant has
//     constraints (cages, thermometers, the chess and non-consecutive
//     rules, any rule of sudoku.Rules): minimal, on grids up to 16x16
//     (larger ones when the exact-cover solver encodes the rules);
//   - killer puzzles, with Killer: no givens, cages covering the grid.
//
// The last two take no target: Level, SEMin/SEMax, Symmetry, Givens,
// MinGivens/MaxGivens, Minimal and Rate are for classic puzzles
// (NewGenerator returns ErrOptions otherwise).
type Options struct {
	Shape sudoku.Shape // zero: 9x9
	// Workers is the number of puzzles Many generates in parallel; 0
	// means one per CPU. Generate makes one puzzle and ignores it.
	Workers int
	// Variant is the rules: nil for the standard ones, a region variant,
	// or a variant with constraints, which the puzzles keep.
	Variant *sudoku.Variant

	// Killer makes killer puzzles: no givens, cages covering the grid, a
	// unique solution; Variant may add regions, not constraints. Sides
	// up to 16.
	Killer bool
	// MaxCage is the most cells a killer's cage grows to; 0 means 4 (5
	// for sides of 9 and more).
	MaxCage int

	// Level, when HasLevel is set, is the difficulty the puzzles must rate
	// at (logic.LevelOf of their Sudoku Explainer rating).
	Level    logic.Level
	HasLevel bool
	// LevelOnly, with the top level (extreme) as target, says that the
	// caller needs the level and not the exact rating: a candidate is
	// rated only until its rating is known to be 7.0 or more, and the
	// puzzle carries that lower bound (Result.AtLeast). The puzzles are
	// the same; the exact rating of an extreme puzzle is most of the
	// time it takes to make (SE's chains after the first hard step).
	LevelOnly bool
	// SEMin and SEMax, when SEMax > 0, bound the Sudoku Explainer rating
	// (inclusive).
	SEMin, SEMax float64

	// Symmetry is the pattern of the givens.
	Symmetry Symmetry
	// Givens, when positive, is the number of givens wanted: digging stops
	// there. Small targets (below about 24 for 9x9) are rarely reachable
	// and end in ErrNotFound.
	Givens int
	// MinGivens and MaxGivens, when positive, bound the number of givens
	// of a puzzle with a level or SE target: digging stops before going
	// below MinGivens, a dug puzzle left with more than MaxGivens is
	// dropped, and givens put back into a too-hard puzzle stay within
	// MaxGivens. LevelGivens gives the windows the web game uses. They
	// cannot be combined with Givens or Minimal.
	MinGivens, MaxGivens int
	// Minimal asks that no given (no orbit of givens, with a symmetry) can
	// be removed keeping a unique solution. Without targets every puzzle
	// up to 9x9 is minimal anyway. Larger grids (16x16 and up) bound each
	// uniqueness check while digging (5,000 search nodes) and keep a given
	// whose check runs out: the puzzle is unique but may keep a few
	// removable givens (about one on average for 16x16), and comes in
	// about 0.1 s instead of up to tens of seconds. Minimal lifts the
	// bound. With a level target the generator otherwise puts givens back
	// to make a too-hard puzzle easier.
	Minimal bool

	// Rate makes Generate rate every classic puzzle, even without a
	// level or SE target (for the JSON output and statistics).
	Rate bool

	// Seed makes the output reproducible: the same seed and options give
	// the same puzzles, whatever the number of workers. Zero picks a
	// random seed (one per Generate call; Many picks one for the whole
	// sequence).
	Seed uint64
	// Attempts bounds the fresh grids tried for one classic puzzle
	// before ErrNotFound; 0 means 100,000.
	Attempts int
}

// Result is one generated puzzle, of any kind.
type Result struct {
	Index    int          // position in the sequence (Many, Generate's index)
	Puzzle   *sudoku.Grid // the givens; its Variant holds the rules (a killer's cages)
	Solution *sudoku.Grid // its unique solution
	Givens   int
	// Seed is the seed the puzzle was made with. A killer or a puzzle
	// with constraints depends on it alone: Options.Seed set to it makes
	// the same puzzle as puzzle 0. A classic puzzle depends on the
	// sequence's seed, which Seed is, and its Index.
	Seed uint64
	// Rated reports whether the puzzle was rated (a level or SE target,
	// or Options.Rate); Rating and Level are meaningful then.
	Rated  bool
	Rating float64
	Level  logic.Level
	// AtLeast reports that Rating is a lower bound (Options.LevelOnly):
	// the puzzle's rating is Rating or more, its level is Level.
	AtLeast bool
	// Grids is the number of complete grids drawn to make this puzzle.
	Grids int
	// Nodes is the search nodes of proving the puzzle unique (a count
	// to 2, sudoku.Solver.Guesses), for killers and puzzles with
	// constraints: with Givens, their difficulty measure.
	Nodes int
	// Checks is the number of uniqueness checks and solves made for a
	// killer or a puzzle with constraints.
	Checks int
	// Killer is the difficulty of a killer puzzle (Options.Killer), nil
	// for the other kinds.
	Killer *KillerDifficulty
}

// RandomSeed returns a random nonzero seed.
func RandomSeed() uint64 {
	var b [8]byte
	for {
		_, _ = crand.Read(b[:])
		if s := binary.LittleEndian.Uint64(b[:]); s != 0 {
			return s
		}
	}
}

// Generator makes puzzles of every kind with fixed options: the one entry
// point of the package (Many runs several in parallel). It is reusable and
// not safe for concurrent use: give each goroutine its own. Make one with
// NewGenerator, which checks the options; the zero value works as
// NewGenerator(Options{}) (standard 9x9 puzzles, a random seed per call).
type Generator struct {
	opt   Options
	kind  kind
	shape sudoku.Shape
	ready bool

	// Classic puzzles.
	geom   *geom
	orbits [][]int
	srch   *backtrack.Search
	cnt    counter
	rate   rateFunc

	// noShortcut turns off the singles test that settles most removals
	// without a search (for benchmarks).
	noShortcut bool
	// strategy for level targets: putBack (default) or restartOnly.
	strategy int

	rng      *rand.Rand
	pcg      *rand.PCG
	solution []uint8
	puzzle   []uint8
	perm     []int
	removed  []int
	tmp      []uint8

	// Killers and puzzles with constraints.
	solver    *sudoku.Solver
	digSolver *sudoku.Solver // with a node budget (constrainedDigNodes)
	geo       *sudoku.Geometry
	maxCage   int
}

// kind is the kind of puzzles a Generator makes (see Options).
type kind int

const (
	classicKind kind = iota
	constrainedKind
	killerKind
)

const (
	putBack = iota
	restartOnly
)

// NewGenerator checks opt and prepares a generator. Options that cannot
// work together, or a shape or variant the generator cannot use, give an
// error wrapping ErrOptions.
func NewGenerator(opt Options) (*Generator, error) {
	shape := opt.Shape
	if shape.BoxRows == 0 && shape.BoxCols == 0 {
		shape = sudoku.Standard
	}
	switch {
	case opt.Killer:
		return newKillerGenerator(opt, shape)
	case opt.Variant.Constrained():
		return newConstrainedGenerator(opt, shape)
	case opt.MaxCage != 0:
		return nil, fmt.Errorf("%w: a cage size is for killer puzzles", ErrOptions)
	}
	gm, err := newGeom(shape, opt.Variant)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOptions, err)
	}
	if (opt.HasLevel || opt.SEMax > 0 || opt.SEMin > 0) && gm.N != 9 {
		return nil, fmt.Errorf("%w: a level or SE target needs 9x9 puzzles (the rater's scale is theirs)", ErrOptions)
	}
	if opt.Givens < 0 || opt.Givens > gm.Cells {
		return nil, fmt.Errorf("%w: givens %d out of range 0..%d", ErrOptions, opt.Givens, gm.Cells)
	}
	if opt.Symmetry < None || opt.Symmetry > Diagonal {
		return nil, fmt.Errorf("%w: unknown symmetry %d", ErrOptions, opt.Symmetry)
	}
	orbs := orbits(gm.N, opt.Symmetry)
	if err := checkGivens(gm, orbs, opt); err != nil {
		return nil, err
	}
	if opt.MinGivens < 0 || opt.MaxGivens < 0 || opt.MinGivens > gm.Cells ||
		(opt.MaxGivens > 0 && opt.MinGivens > opt.MaxGivens) {
		return nil, fmt.Errorf("%w: givens window %d-%d out of range 0..%d", ErrOptions, opt.MinGivens, opt.MaxGivens, gm.Cells)
	}
	if (opt.MinGivens > 0 || opt.MaxGivens > 0) && (opt.Givens > 0 || opt.Minimal || !(opt.HasLevel || opt.SEMax > 0)) {
		return nil, fmt.Errorf("%w: a givens window needs a level or SE target, and excludes givens and minimal", ErrOptions)
	}
	if opt.SEMax < 0 || opt.SEMin < 0 || (opt.SEMax > 0 && opt.SEMin > opt.SEMax) {
		return nil, fmt.Errorf("%w: SE range %g-%g", ErrOptions, opt.SEMin, opt.SEMax)
	}
	if opt.HasLevel && opt.SEMax > 0 {
		return nil, fmt.Errorf("%w: a level and an SE range exclude each other", ErrOptions)
	}
	if opt.Attempts <= 0 {
		opt.Attempts = 100000
	}
	pcg := rand.NewPCG(0, 0)
	g := &Generator{
		opt:      opt,
		kind:     classicKind,
		ready:    true,
		shape:    shape,
		geom:     gm,
		orbits:   orbs,
		srch:     backtrack.New(gm.Geometry),
		pcg:      pcg,
		rng:      rand.New(pcg),
		solution: make([]uint8, gm.Cells),
		puzzle:   make([]uint8, gm.Cells),
		tmp:      make([]uint8, gm.Cells),
	}
	g.perm = make([]int, len(g.orbits))
	// Grids larger than 9x9 bound each uniqueness check while digging
	// unless minimality is asked for (see digBudget).
	budget := int64(0)
	if gm.N > 9 && !opt.Minimal {
		budget = digBudget
	}
	g.cnt = newCounter(gm, g.srch, budget)
	g.rate = logicRate
	if g.targeted() && g.rate == nil {
		return nil, fmt.Errorf("%w: no rater available", ErrOptions)
	}
	return g, nil
}

// minGivens9 is the fewest givens of a standard 9x9 puzzle with a unique
// solution: there is none with 16 (McGuire, Tugemann and Civario's
// exhaustive search, 2012).
const minGivens9 = 17

// checkGivens rejects a number of givens that no puzzle can have, so that
// the generator does not dig grid after grid for ever: fewer than a unique
// puzzle needs, a count the symmetry's orbits cannot add up to, or more
// than a minimal puzzle can keep.
func checkGivens(gm *geom, orbs [][]int, opt Options) error {
	g := opt.Givens
	if g == 0 {
		return nil
	}
	if gm.fast && g < minGivens9 {
		return fmt.Errorf("%w: givens %d: a standard 9x9 puzzle with a unique solution has at least %d givens (none has 16: McGuire, Tugemann and Civario, 2012)",
			ErrOptions, g, minGivens9)
	}
	if g < gm.N-1 {
		// Two digits absent from the givens can be swapped in any
		// solution, giving another.
		return fmt.Errorf("%w: givens %d: a %dx%d puzzle with a unique solution has at least %d givens (two digits missing from the givens could be swapped)",
			ErrOptions, g, gm.N, gm.N, gm.N-1)
	}
	if opt.Minimal && g > gm.Cells-gm.N {
		// A given alone in a full row could be removed (its cell would
		// be forced): every row of a minimal puzzle has a blank.
		return fmt.Errorf("%w: givens %d with minimal: every row of a minimal puzzle has a blank, so a minimal %dx%d puzzle has at most %d givens",
			ErrOptions, g, gm.N, gm.N, gm.Cells-gm.N)
	}
	// The givens are a union of orbits: is g a sum of orbit sizes?
	reach := make([]bool, gm.Cells+1)
	reach[0] = true
	for _, o := range orbs {
		for t := gm.Cells; t >= len(o); t-- {
			reach[t] = reach[t] || reach[t-len(o)]
		}
	}
	if !reach[g] {
		return fmt.Errorf("%w: givens %d with symmetry %s: the givens come in orbits of %s cells, which cannot make %d",
			ErrOptions, g, opt.Symmetry, orbitSizes(orbs), g)
	}
	return nil
}

// orbitSizes lists the distinct orbit sizes, for messages: "1 and 4".
func orbitSizes(orbs [][]int) string {
	seen := map[int]bool{}
	var out []string
	for _, o := range orbs {
		if !seen[len(o)] {
			seen[len(o)] = true
			out = append(out, strconv.Itoa(len(o)))
		}
	}
	slices.Sort(out)
	return strings.Join(out, " and ")
}

// targeted reports whether puzzles must be rated to meet a target.
func (g *Generator) targeted() bool { return g.opt.HasLevel || g.opt.SEMax > 0 }

// ceiling returns the highest rating on target.
func (g *Generator) ceiling() float64 {
	if g.opt.HasLevel {
		if g.opt.Level >= logic.Extreme {
			return 0
		}
		_, hi := g.opt.Level.Range()
		return hi
	}
	return g.opt.SEMax
}

// floor returns the rating from which the rater may stop (every rating
// from there on is on target: the top level, with Options.LevelOnly), 0
// otherwise. A candidate rated below it is rated to the end anyway; one
// that reaches it gets a lower bound, which the puzzle carries.
func (g *Generator) floor() float64 {
	if g.opt.HasLevel && g.opt.Level == logic.Extreme && g.opt.LevelOnly {
		return logic.Extreme.Floor()
	}
	return 0
}

// judgeGrid rates cells and compares the rating with the target: -1 too
// easy, 0 on target, 1 too hard. The rating is exact unless too hard or at
// least floor(): the puzzle returned carries it.
func (g *Generator) judgeGrid(ctx context.Context, cells []uint8) (int, float64, error) {
	if g.singlesTooEasy() {
		easy, err := g.srch.SinglesSolve(ctx, cells)
		if err != nil {
			return 0, 0, err
		}
		if easy {
			return -1, 0, nil
		}
	}
	rating, tooHard, err := g.rate(ctx, g.grid(cells), g.floor(), g.ceiling())
	if err != nil || tooHard {
		return 1, rating, err
	}
	return g.judge(rating), rating, nil
}

// singlesTooEasy reports whether the puzzles that naked and hidden
// singles solve are too easy: they rate at most 2.3 (naked single; every
// step of their logical solution finds a single at the latest), and the
// target's ratings are all above that. A level's range excludes its lower
// bound (medium is above 2.3), an SE range includes SEMin.
func (g *Generator) singlesTooEasy() bool {
	if g.opt.HasLevel {
		lo, _ := g.opt.Level.Range()
		return lo >= 2.3-1e-9
	}
	return g.opt.SEMin > 2.3+1e-9
}

// judge compares a rating with the target: -1 too easy, 0 on target, 1
// too hard.
func (g *Generator) judge(rating float64) int {
	if g.opt.HasLevel {
		l := logic.LevelOf(rating)
		switch {
		case l < g.opt.Level:
			return -1
		case l > g.opt.Level:
			return 1
		}
		return 0
	}
	switch {
	case rating < g.opt.SEMin:
		return -1
	case rating > g.opt.SEMax:
		return 1
	}
	return 0
}

// seedFor derives the seed of puzzle index from the sequence seed.
func seedFor(seed uint64, index uint64) (uint64, uint64) {
	return splitmix(seed ^ splitmix(index+0x632be59bd9b4e019)), splitmix(seed + index*0x9e3779b97f4a7c15)
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Generate makes puzzle number index of the sequence for the generator's
// seed. The result depends only on the options, the seed and index.
func (g *Generator) Generate(ctx context.Context, index int) (Result, error) {
	if !g.ready { // the zero Generator: the zero Options
		z, err := NewGenerator(Options{})
		if err != nil {
			return Result{}, err
		}
		*g = *z
	}
	switch g.kind {
	case killerKind:
		return g.killer(ctx, index)
	case constrainedKind:
		return g.constrained(ctx, index)
	}
	seed := g.seed()
	g.pcg.Seed(seedFor(seed, uint64(index)))
	for attempt := 1; attempt <= g.opt.Attempts; attempt++ {
		if err := ctx.Err(); err != nil {
			return Result{}, err
		}
		if err := g.srch.Fill(ctx, g.rng, g.solution); err != nil {
			return Result{}, err
		}
		ok, rating, err := g.makeFromGrid(ctx)
		if err != nil {
			return Result{}, err
		}
		if !ok {
			continue
		}
		r := Result{
			Index:    index,
			Seed:     seed,
			Puzzle:   g.grid(g.puzzle),
			Solution: g.grid(g.solution),
			Grids:    attempt,
		}
		for _, d := range g.puzzle {
			if d != 0 {
				r.Givens++
			}
		}
		if g.targeted() {
			r.Rated, r.Rating, r.Level = true, rating, logic.LevelOf(rating)
			r.AtLeast = g.floor() > 0
		} else if g.opt.Rate && g.rate != nil {
			rt, _, err := g.rate(ctx, r.Puzzle, 0, 0)
			if err != nil {
				return Result{}, err
			}
			r.Rated, r.Rating, r.Level = true, rt, logic.LevelOf(rt)
		}
		return r, nil
	}
	return Result{}, ErrNotFound
}

// seed returns the seed of the sequence: Options.Seed, or a random one
// when it is zero.
func (g *Generator) seed() uint64 {
	if g.opt.Seed != 0 {
		return g.opt.Seed
	}
	return RandomSeed()
}

// classicOnly returns an error wrapping ErrOptions that names the
// targets of classic puzzles set in opt, for the generators of the other
// kinds (what, in the message), or nil when none is.
func classicOnly(opt Options, what string) error {
	var set []string
	if opt.HasLevel || opt.LevelOnly {
		set = append(set, "level")
	}
	if opt.SEMin != 0 || opt.SEMax != 0 {
		set = append(set, "SE range")
	}
	if opt.Symmetry != None {
		set = append(set, "symmetry")
	}
	if opt.Givens != 0 {
		set = append(set, "number of givens")
	}
	if (opt.MinGivens != 0 || opt.MaxGivens != 0) && !opt.HasLevel {
		set = append(set, "window of givens") // SetLevel sets one with a level
	}
	if opt.Minimal {
		set = append(set, "minimal")
	}
	if opt.Rate {
		set = append(set, "rating")
	}
	if len(set) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s take no target (level, SE range, symmetry, givens, minimal, rating): got %s", ErrOptions, what, strings.Join(set, ", "))
}

func (g *Generator) grid(cells []uint8) *sudoku.Grid {
	out := sudoku.NewGrid(g.shape, g.opt.Variant)
	copy(out.Cells, cells)
	return out
}

func (g *Generator) unique(ctx context.Context, cells []uint8, orbit []int) (bool, error) {
	if !g.noShortcut {
		all := true
		for _, c := range orbit {
			if !g.geom.forced(cells, c, g.solution[c]) {
				all = false
				break
			}
		}
		if all {
			return true, nil
		}
	}
	return g.cnt.keepsUnique(ctx, cells, g.solution, orbit)
}

// makeFromGrid digs g.solution into g.puzzle; it reports whether the
// result meets the targets, and its rating when rated.
func (g *Generator) makeFromGrid(ctx context.Context) (bool, float64, error) {
	p := g.puzzle
	copy(p, g.solution)
	for i := range g.perm {
		g.perm[i] = i
	}
	g.rng.Shuffle(len(g.perm), func(i, j int) { g.perm[i], g.perm[j] = g.perm[j], g.perm[i] })
	g.removed = g.removed[:0]
	givens := len(p)
	target := g.opt.Givens
	for _, oi := range g.perm {
		if target > 0 && givens == target {
			break
		}
		orb := g.orbits[oi]
		if target > 0 && givens-len(orb) < target {
			continue
		}
		if g.opt.MinGivens > 0 && givens-len(orb) < g.opt.MinGivens {
			continue
		}
		for _, c := range orb {
			p[c] = 0
		}
		ok, err := g.unique(ctx, p, orb)
		if err != nil {
			return false, 0, err
		}
		if ok {
			g.removed = append(g.removed, oi)
			givens -= len(orb)
			continue
		}
		for _, c := range orb {
			p[c] = g.solution[c]
		}
	}
	if target > 0 {
		if givens != target {
			return false, 0, nil
		}
		if g.opt.Minimal {
			minimal, err := g.isMinimal(ctx)
			if err != nil || !minimal {
				return false, 0, err
			}
		}
	}
	if !g.targeted() {
		return true, 0, nil
	}
	if g.opt.MaxGivens > 0 && givens > g.opt.MaxGivens {
		return false, 0, nil
	}
	j, rating, err := g.judgeGrid(ctx, p)
	if err != nil {
		return false, 0, err
	}
	switch {
	case j == 0:
		return true, rating, nil
	case j < 0 || g.opt.Minimal || target > 0 || g.strategy == restartOnly:
		return false, 0, nil
	}
	// Too hard: put givens back. With the removals r1..rm applied in
	// order, P_t is the solution with r1..rt dug; P_m is too hard, P_0 is
	// the full grid. Search for t with P_t on target, assuming ratings grow
	// with t. With MaxGivens, only the P_t with at most that many givens
	// are candidates: t > lo.
	lo, hi := 0, len(g.removed)
	if ceil := g.opt.MaxGivens; ceil > 0 {
		n := len(p)
		for lo < hi && n-len(g.orbits[g.removed[lo]]) > ceil {
			n -= len(g.orbits[g.removed[lo]])
			lo++
		}
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		copy(g.tmp, g.solution)
		for _, oi := range g.removed[:mid] {
			for _, c := range g.orbits[oi] {
				g.tmp[c] = 0
			}
		}
		j, rating, err := g.judgeGrid(ctx, g.tmp)
		if err != nil {
			return false, 0, err
		}
		switch j {
		case 0:
			copy(p, g.tmp)
			return true, rating, nil
		case -1:
			lo = mid
		default:
			hi = mid
		}
	}
	return false, 0, nil
}

// isMinimal reports whether no orbit of givens of g.puzzle can be removed
// keeping the solution unique.
func (g *Generator) isMinimal(ctx context.Context) (bool, error) {
	p := g.puzzle
	for _, orb := range g.orbits {
		if p[orb[0]] == 0 {
			continue
		}
		for _, c := range orb {
			p[c] = 0
		}
		ok, err := g.unique(ctx, p, orb)
		for _, c := range orb {
			p[c] = g.solution[c]
		}
		if err != nil {
			return false, err
		}
		if ok {
			return false, nil
		}
	}
	return true, nil
}
