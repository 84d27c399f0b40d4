package logic

import (
	"context"
	"fmt"

	"github.com/dlxkit/dlx/sudoku"
)

// Result is the rating of a puzzle.
type Result struct {
	// Rating is on the Sudoku Explainer scale: the rating of the hardest
	// step when the easiest available technique is always applied.
	Rating float64 `json:"rating"`
	// Level is LevelOf(Rating).
	Level Level `json:"level"`
	// Hardest is the name of the technique of the hardest step.
	Hardest string `json:"hardest"`
	// EP and ED are serate's two other numbers (ER is Rating): EP the
	// rating of the hardest step up to and including the first one that
	// places a digit, ED the rating of the first step. Both are 0 when
	// rating stopped before such a step (see Options.Max).
	EP float64 `json:"ep"`
	ED float64 `json:"ed"`
	// Steps is the whole logical solution (only with Options.Steps).
	Steps []Step `json:"steps,omitempty"`
}

// Options tune Rate.
type Options struct {
	// Max, when positive, stops rating as soon as the puzzle needs a step
	// rated above Max: RateWith then returns ErrTooHard with a Result
	// whose Rating is a lower bound (the rating of the technique that was
	// about to be searched). A generator aiming at a level calls it with the
	// level's upper bound to reject hard candidates cheaply.
	Max float64
	// Min, when positive, lets RateWith stop as soon as the rating is
	// known to be at least Min (a step rated Min or more was applied, or
	// every technique left is rated Min or more): it then returns
	// ErrAtLeast with a Result whose Rating is a lower bound, at least
	// Min. A generator that only needs to know that a puzzle reaches a
	// level calls it with the level's lowest rating.
	Min float64
	// Steps records every step with its explanation in Result.Steps.
	Steps bool
	// Format is the puzzle's text format: explanations name digits as it
	// writes them (sudoku.Format.DigitName), "A" for 1 on a 16x16 in
	// letters. The zero Format uses sudoku.DefaultAlphabet of the side.
	Format sudoku.Format
}

// Rate solves g logically and returns its rating, level and (for
// convenience) steps. The puzzle must have exactly one solution.
func Rate(ctx context.Context, g *sudoku.Grid) (Result, error) {
	return RateWith(ctx, g, Options{Steps: true})
}

// RateUpTo rates g without recording steps, stopping with ErrTooHard as
// soon as a step harder than max is needed (see Options.Max).
func RateUpTo(ctx context.Context, g *sudoku.Grid, max float64) (Result, error) {
	return RateWith(ctx, g, Options{Max: max})
}

// RateWith rates g with options.
func RateWith(ctx context.Context, g *sudoku.Grid, opt Options) (Result, error) {
	s, err := newSolver(g, opt.Steps, opt.Format)
	if err != nil {
		return Result{}, err
	}
	if err := s.checkUnique(ctx); err != nil {
		return Result{}, err
	}
	var res Result
	s.min = opt.Min
	for s.b.empty > 0 {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		st, lower := s.next(opt.Max)
		if st == nil {
			res.Rating = max(res.Rating, lower)
			res.Level = LevelOf(res.Rating)
			if s.atLeast {
				return res, ErrAtLeast
			}
			return res, ErrTooHard
		}
		if st.Rating > res.Rating {
			res.Rating = st.Rating
			res.Hardest = st.Technique
		}
		if res.ED == 0 {
			res.ED = res.Rating
		}
		if res.EP == 0 && len(st.Placements) > 0 {
			res.EP = res.Rating
		}
		if opt.Steps {
			res.Steps = append(res.Steps, *st)
		}
		if wrongStep(st, s.sol) {
			return res, fmt.Errorf("internal error: step %q contradicts the solution", st.Technique)
		}
		s.b.apply(st)
		if opt.Min > 0 && res.Rating >= opt.Min-1e-9 && s.b.empty > 0 {
			res.Level = LevelOf(res.Rating)
			return res, ErrAtLeast
		}
	}
	res.Level = LevelOf(res.Rating)
	return res, nil
}

// solver carries a board through the technique ladder.
type solver struct {
	b      *board
	ch     *chainer
	sol    []uint8
	links3 map[float64]*Step // per step: chains of three strong links by rating
	// per step: the first turbot fish of each rating, once turbotDone
	turbot     [3]*Step
	turbotDone bool
	// max is the cap of RateWith (0: none). A technique that can tell
	// its step would be rated above max without finding it sets bound to
	// a lower bound of that rating and returns nil.
	max   float64
	bound float64
	// hpos holds the places of every digit in every house for the
	// current step when hposOK (housePos).
	hpos   []uint64
	hposOK bool
	// min is Options.Min; atLeast is set by a technique (or next) that
	// proves the next step is rated min or more, bound then being a lower
	// bound of its rating.
	min     float64
	atLeast bool
}

// unaryChain is the X-chain rung: forcing chains on one digit, then with
// cell links, which are not searched when their base rating is above the
// cap (every such step is too hard).
func (s *solver) unaryChain() *Step {
	st, skipped := s.chainer().unaryChain(s.max)
	if st == nil && skipped > 0 {
		s.bound = skipped
	}
	return st
}

// newSolver returns a solver for g; verbose builds explanations, naming
// digits as f writes them.
func newSolver(g *sudoku.Grid, verbose bool, f sudoku.Format) (*solver, error) {
	if g == nil {
		return nil, fmt.Errorf("nil grid: %w", sudoku.ErrGrid)
	}
	ge, err := geomOf(g)
	if err != nil {
		return nil, err
	}
	if verbose {
		ge = ge.named(f)
	}
	b, err := newBoard(ge, g.Cells)
	if err != nil {
		return nil, err
	}
	b.verbose = verbose
	return &solver{b: b}, nil
}

// checkUnique counts the solutions of the board (up to 2) and keeps the
// solution in s.sol when it is unique. It fails with an error wrapping
// sudoku.ErrNoSolution, ErrMultipleSolutions, or ctx's error.
func (s *solver) checkUnique(ctx context.Context) error {
	s.sol = make([]uint8, s.b.g.Cells)
	n, err := countSolutions(ctx, s.b, 2, s.sol)
	if err != nil {
		s.sol = nil
		return err
	}
	switch n {
	case 0:
		s.sol = nil
		return sudoku.ErrNoSolution
	case 1:
		return nil
	}
	s.sol = nil
	return ErrMultipleSolutions
}

type technique struct {
	base float64
	find func(s *solver) *Step
	// small: only for grids up to 9x9 (too slow on larger ones, where
	// trial and error takes over).
	small bool
}

var ladder = []technique{
	{rFullHouse, func(s *solver) *Step { return hiddenSingles(s.b) }, false},
	{rDirectPointing, func(s *solver) *Step { return lockedCandidatesIn(s.b, s.housePos(), true, true) }, false},
	{rDirectClaiming, func(s *solver) *Step { return lockedCandidatesIn(s.b, s.housePos(), false, true) }, false},
	{rDirectHiddenPair, func(s *solver) *Step { return hiddenSubsetIn(s.b, s.housePos(), 2, true) }, false},
	{rNakedSingle, func(s *solver) *Step { return nakedSingle(s.b) }, false},
	{rDirectHiddenTrip, func(s *solver) *Step { return hiddenSubsetIn(s.b, s.housePos(), 3, true) }, false},
	{rPointing, func(s *solver) *Step { return lockedCandidatesIn(s.b, s.housePos(), true, false) }, false},
	{rClaiming, func(s *solver) *Step { return lockedCandidatesIn(s.b, s.housePos(), false, false) }, false},
	{rNakedPair, func(s *solver) *Step { return nakedSubset(s.b, 2) }, false},
	{rXWing, func(s *solver) *Step { return fish(s.b, 2) }, false},
	{rHiddenPair, func(s *solver) *Step { return hiddenSubsetIn(s.b, s.housePos(), 2, false) }, false},
	{rNakedTriple, func(s *solver) *Step { return nakedSubset(s.b, 3) }, false},
	{rSwordfish, func(s *solver) *Step { return fish(s.b, 3) }, false},
	{rHiddenTriple, func(s *solver) *Step { return hiddenSubsetIn(s.b, s.housePos(), 3, false) }, false},
	{rSkyscraper, func(s *solver) *Step { return s.turbotFish(rSkyscraper) }, false},
	{rKite, func(s *solver) *Step { return s.turbotFish(rKite) }, false},
	{rTurbot, func(s *solver) *Step { return s.turbotFish(rTurbot) }, false},
	{rGroupedTurbot, func(s *solver) *Step { return linkChain(s.b, 2, true, rGroupedTurbot) }, false},
	// SukakuExplainer searches every two-strong-link pattern (4.0-4.3)
	// before XY-wing.
	{rXYWing, func(s *solver) *Step { return xyWing(s.b, false) }, false},
	{rXYZWing, func(s *solver) *Step { return xyWing(s.b, true) }, false},
	{rUniqueRect, func(s *solver) *Step { return uniqueLoop(s.b) }, false},
	{rNakedQuad, func(s *solver) *Step { return nakedSubset(s.b, 4) }, false},
	{rJellyfish, func(s *solver) *Step { return fish(s.b, 4) }, false},
	{rHiddenQuad, func(s *solver) *Step { return hiddenSubsetIn(s.b, s.housePos(), 4, false) }, false},
	{rThreeSky, func(s *solver) *Step { return s.threeLinks(rThreeSky) }, false},
	{rThreeTurbot, func(s *solver) *Step { return s.threeLinks(rThreeTurbot) }, false},
	{rThreeKite, func(s *solver) *Step { return s.threeLinks(rThreeKite) }, false},
	{rThreeGrouped, func(s *solver) *Step { return linkChain(s.b, 3, true, rThreeGrouped) }, false},
	{rWXYZWing, func(s *solver) *Step { return wxyzWing(s.b) }, false},
	{rBUG, func(s *solver) *Step { return bug(s.b) }, false},
	{rVWXYZWing, func(s *solver) *Step { return alsWing(s.b, 4) }, true},
	{rAlignedPair, func(s *solver) *Step { return alignedPair(s.b) }, false},
	{rCycle, func(s *solver) *Step {
		if !s.b.g.Plain() {
			// Extra regions: the forcing chains over every house.
			return s.unaryChain()
		}
		st, atLeast := unaryChains(s.b, s.sol, s.max, s.min)
		if atLeast {
			s.atLeast, s.bound = true, s.min
		}
		return st
	}, false},
	{rAlignedTriple, func(s *solver) *Step { return alignedTriple(s.b) }, true},
	{rNishio, func(s *solver) *Step { return nishio(s.b, s.sol) }, true},
	{rMultiple, func(s *solver) *Step {
		if s.b.g.Plain() {
			return seMultiChains(s.b, false, rMultiple)
		}
		return s.chainer().multiChain(chainMode{}, rMultiple)
	}, true},
	{rDynamic, func(s *solver) *Step {
		if s.b.g.Plain() {
			return seMultiChains(s.b, true, rDynamic)
		}
		return s.chainer().multiChain(chainMode{dynamic: true}, rDynamic)
	}, true},
	{rDynamicPlus, func(s *solver) *Step {
		return s.chainer().multiChain(chainMode{dynamic: true, plus: true}, rDynamicPlus)
	}, true},
	{rTrial, func(s *solver) *Step { return s.trial() }, false},
}

// ladderMin[i] is the lowest base rating of ladder[i:].
var ladderMin = func() []float64 {
	m := make([]float64, len(ladder))
	for i := len(ladder) - 1; i >= 0; i-- {
		m[i] = ladder[i].base
		if i+1 < len(ladder) && m[i+1] < m[i] {
			m[i] = m[i+1]
		}
	}
	return m
}()

// threeLinks returns the first chain of three strong links rated r,
// searching all three ratings once per step.
func (s *solver) threeLinks(r float64) *Step {
	if s.links3 == nil {
		s.links3 = map[float64]*Step{}
		linkChains(s.b, 3, false, 0, s.links3)
	}
	return s.links3[r]
}

// turbotFish returns the first turbot fish rated r, searching all three
// ratings once per step.
func (s *solver) turbotFish(r float64) *Step {
	if !s.turbotDone {
		turbotFishes(s.b, 0, &s.turbot)
		s.turbotDone = true
	}
	return s.turbot[turbotIndex(r)]
}

// housePos returns the places of every digit in every house on the board
// of this step (see board.housePositions), computed once per step: the
// techniques of a step do not change the board.
func (s *solver) housePos() []uint64 {
	if !s.hposOK {
		s.hpos = s.b.housePositions(s.hpos)
		s.hposOK = true
	}
	return s.hpos
}

func (s *solver) chainer() *chainer {
	if s.ch == nil {
		s.ch = newChainer(s.b)
	}
	return s.ch
}

// next returns the easiest step, or nil and the base rating of the next
// technique when that is above max (max > 0).
func (s *solver) next(max float64) (*Step, float64) {
	s.links3 = nil
	s.turbot, s.turbotDone = [3]*Step{}, false
	s.hposOK = false
	s.max, s.bound, s.atLeast = max, 0, false
	small := s.b.g.N <= 9
	for i, t := range ladder {
		// Stop once every technique left is rated above max. A technique
		// above max followed by easier ones (SE's order is not sorted by
		// rating) is still searched: its step would be the next one.
		if max > 0 && ladderMin[i] > max+1e-9 {
			return nil, ladderMin[i]
		}
		// Or, with a floor, once every technique left is rated min or more.
		if s.min > 0 && ladderMin[i] >= s.min-1e-9 {
			s.atLeast = true
			return nil, ladderMin[i]
		}
		if t.small && !small {
			continue
		}
		st := t.find(s)
		if st == nil && s.bound > 0 {
			return nil, s.bound
		}
		if st != nil {
			if max > 0 && st.Rating > max+1e-9 {
				return nil, st.Rating
			}
			return st, 0
		}
	}
	return nil, rTrial
}

// trial places the solution's digit in the empty cell with the fewest
// candidates: what is left when no technique applies.
func (s *solver) trial() *Step {
	if s.sol == nil {
		return nil
	}
	b := s.b
	best, bn := -1, 99
	for c, m := range b.cand {
		if b.val[c] == 0 && popcount(m) < bn {
			best, bn = c, popcount(m)
		}
	}
	if best < 0 {
		return nil
	}
	d := int(s.sol[best])
	st := &Step{Technique: "Trial and Error", Rating: rTrial, Cells: []int{best}, Digits: digits(b.cand[best]),
		Placements: []Placement{{best, d}}}
	if b.verbose {
		st.Explanation = fmt.Sprintf("No technique of this solver applies; trying each of %s in %s, only %s leads to a solution.",
			digitList(b.g, digits(b.cand[best])), cellName(b.g, best), b.g.digit(d))
	}
	return st
}
