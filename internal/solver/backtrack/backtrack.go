// Package backtrack is the general-size backtracking search over a
// sudoku.Geometry (any box shape up to sudoku.MaxN, any variant): naked
// and hidden singles, then branching on the cell with the fewest
// candidates, or (with PairBranch) on the two places of a digit in a
// house when that is fewer. It counts solutions up to a limit, finds a solution avoiding a
// digit in a cell, tells whether singles alone solve a puzzle, and fills
// empty grids in random order. The generator and the rater's uniqueness
// checks use it; the specialised 9x9 solvers are faster on 9x9.
//
// A search looks at its context every 1,024 nodes and allocates nothing
// while it runs.
package backtrack

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/dlxkit/dlx/sudoku"
)

// pollEvery is the number of nodes between two looks at the context, as a
// mask: a node costs at most a few microseconds on a 64x64 grid.
const pollEvery = 1<<10 - 1

// Search is a reusable search over one geometry. It is not safe for
// concurrent use: give each goroutine its own.
type Search struct {
	n, ncell  int
	full      uint64 // digits 1..n as bits 0..n-1
	units     [][]int
	cellUnits [][]int
	cells     []uint8
	used      []uint64 // digits placed in each unit
	cand      []uint64 // scratch: candidates of each cell at the current node
	empty     int

	rng   *rand.Rand // nil: digits in increasing order
	limit int
	count int
	sol   []uint8
	nodes int64
	// MaxNodes, when positive, bounds the nodes of each search: one that
	// runs out stops as if it had found nothing more (see Nodes).
	MaxNodes int64
	// PairBranch makes a count branch on a digit that has exactly two
	// places in a house rather than on a cell with three candidates or
	// more, as exact cover does: puzzles where three digits fit only in
	// two cells of a box are then refuted at once instead of after an
	// exponential search. It costs 5 to 10% on searches that do not need
	// it (the generator's, which start from complete grids, leave it off).
	// Fill ignores it.
	PairBranch bool
	// noGuess stops the search at the first node that needs a guess.
	noGuess bool
	// banCell, when >= 0, may not hold the digits of banMask.
	banCell int
	banMask uint64
	ctx     context.Context
	err     error
}

// New returns a search over geometry g.
func New(g *sudoku.Geometry) *Search {
	s := &Search{
		n:         g.N,
		ncell:     g.Cells,
		units:     g.Houses,
		cellUnits: g.CellHouses,
		cells:     make([]uint8, g.Cells),
		used:      make([]uint64, len(g.Houses)),
		cand:      make([]uint64, g.Cells),
		banCell:   -1,
		full:      g.Digits(),
	}
	return s
}

// Nodes returns the number of nodes the last search visited; with
// MaxNodes set, Nodes() > MaxNodes means the search ran out.
func (s *Search) Nodes() int64 { return s.nodes }

// OutOfNodes reports whether the last search stopped at MaxNodes.
func (s *Search) OutOfNodes() bool { return s.MaxNodes > 0 && s.nodes > s.MaxNodes }

// load sets the grid to puzzle. It reports false when two givens clash or
// a value is above N.
func (s *Search) load(puzzle []uint8) bool {
	clear(s.used)
	s.empty = 0
	ok := len(puzzle) == s.ncell
	if !ok {
		return false
	}
	for c, d := range puzzle {
		s.cells[c] = d
		if d == 0 {
			s.empty++
			continue
		}
		if int(d) > s.n {
			ok = false
			continue
		}
		b := uint64(1) << (d - 1)
		for _, u := range s.cellUnits[c] {
			if s.used[u]&b != 0 {
				ok = false
			}
			s.used[u] |= b
		}
	}
	return ok
}

// Count counts the solutions of puzzle (N² cells, 0 for a blank) up to
// limit (at least 1). When sol is not nil and a solution exists, the
// first one found is copied there. Clashing givens count as no solution.
// It returns ctx's error when ctx is done before the count is settled.
func (s *Search) Count(ctx context.Context, puzzle []uint8, limit int, sol []uint8) (int, error) {
	if limit < 1 {
		limit = 1
	}
	s.ctx, s.err, s.limit, s.count, s.sol, s.nodes = ctx, nil, limit, 0, sol, 0
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if !s.load(puzzle) {
		return 0, nil
	}
	s.dfs()
	s.ctx = nil
	return s.count, s.err
}

// OtherSolution reports whether puzzle has a solution with a digit other
// than digit at cell (which must be blank in puzzle). With puzzle minus
// one given known to be unique before, this decides whether removing that
// given keeps the solution unique, without exploring the branch that
// leads back to the known solution.
func (s *Search) OtherSolution(ctx context.Context, puzzle []uint8, cell int, digit uint8) (bool, error) {
	s.banCell, s.banMask = cell, uint64(1)<<(digit-1)
	n, err := s.Count(ctx, puzzle, 1, nil)
	s.banCell, s.banMask = -1, 0
	return n > 0, err
}

// SinglesSolve reports whether naked and hidden singles alone solve
// puzzle.
func (s *Search) SinglesSolve(ctx context.Context, puzzle []uint8) (bool, error) {
	s.noGuess = true
	n, err := s.Count(ctx, puzzle, 1, nil)
	s.noGuess = false
	return n == 1, err
}

// Fill writes a random complete grid drawn with rng into out (N² cells).
// Searches that run too long restart with fresh random choices. It fails
// with ctx's error when ctx is done, and with an error wrapping
// sudoku.ErrNoSolution when the geometry has no complete grid (an
// impossible variant).
func (s *Search) Fill(ctx context.Context, rng *rand.Rand, out []uint8) error {
	s.rng = rng
	defer func() { s.rng = nil }()
	empty := make([]uint8, s.ncell)
	budget := int64(20 * s.ncell)
	saved := s.MaxNodes
	defer func() { s.MaxNodes = saved }()
	for {
		s.MaxNodes = budget
		n, err := s.Count(ctx, empty, 1, out)
		if err != nil {
			return err
		}
		if n == 1 {
			return nil
		}
		if s.nodes <= budget {
			return fmt.Errorf("backtrack: the variant has no complete grid: %w", sudoku.ErrNoSolution)
		}
		budget *= 2
	}
}

func (s *Search) place(c int, d uint8) {
	s.cells[c] = d
	b := uint64(1) << (d - 1)
	for _, u := range s.cellUnits[c] {
		s.used[u] |= b
	}
	s.empty--
}

func (s *Search) unplace(c int) {
	b := uint64(1) << (s.cells[c] - 1)
	s.cells[c] = 0
	for _, u := range s.cellUnits[c] {
		s.used[u] &^= b
	}
	s.empty++
}

// dfs explores the current node; it returns true when the search must stop
// (limit reached, cancelled, or out of nodes).
func (s *Search) dfs() bool {
	if s.empty == 0 {
		s.count++
		if s.count == 1 && s.sol != nil {
			copy(s.sol, s.cells)
		}
		return s.count >= s.limit
	}
	s.nodes++
	if s.nodes&pollEvery == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return true
		}
	}
	if s.MaxNodes > 0 && s.nodes > s.MaxNodes {
		return true
	}
	cells, used, cand := s.cells, s.used, s.cand
	ncell := s.ncell
	best, bestCnt := -1, s.n+1
	var bestMask uint64
	start := 0
	if s.rng != nil {
		start = s.rng.IntN(ncell)
	}
	for i := 0; i < ncell; i++ {
		c := start + i
		if c >= ncell {
			c -= ncell
		}
		if cells[c] != 0 {
			continue
		}
		m := s.full
		for _, u := range s.cellUnits[c] {
			m &^= used[u]
		}
		if c == s.banCell {
			m &^= s.banMask
		}
		cand[c] = m
		k := bits.OnesCount64(m)
		if k < bestCnt {
			if k == 0 {
				return false
			}
			best, bestCnt, bestMask = c, k, m
			if k == 1 {
				break
			}
		}
	}
	// pairUnit and pairBit: with PairBranch, a house where a digit has
	// exactly two places, branched on instead of a cell with three
	// candidates or more (not when filling at random, whose order must not
	// change).
	pairUnit, pairBit := -1, uint64(0)
	if bestCnt > 1 {
		// Hidden singles, and units where a digit has no place left.
		pairs := s.PairBranch && bestCnt > 2 && s.rng == nil && !s.noGuess
		for u, unit := range s.units {
			var once, twice, thrice uint64
			if pairs {
				for _, c := range unit {
					if cells[c] == 0 {
						m := cand[c]
						thrice |= twice & m
						twice |= once & m
						once |= m
					}
				}
			} else {
				for _, c := range unit {
					if cells[c] == 0 {
						m := cand[c]
						twice |= once & m
						once |= m
					}
				}
			}
			missing := s.full &^ used[u]
			if missing&^once != 0 {
				return false
			}
			if single := once &^ twice & missing; single != 0 {
				b := single & -single
				for _, c := range unit {
					if cells[c] == 0 && cand[c]&b != 0 {
						best, bestMask = c, b
						break
					}
				}
				pairUnit = -1
				break
			}
			if pairs && pairUnit < 0 {
				if two := twice &^ thrice & missing; two != 0 {
					pairUnit, pairBit = u, two&-two
				}
			}
		}
	}
	if s.noGuess && bits.OnesCount64(bestMask) > 1 {
		return true
	}
	if pairUnit >= 0 {
		// The two cells, found before branching: deeper nodes overwrite
		// cand.
		var two [2]int
		k := 0
		for _, c := range s.units[pairUnit] {
			if cells[c] == 0 && cand[c]&pairBit != 0 {
				two[k] = c
				if k++; k == 2 {
					break
				}
			}
		}
		d := uint8(bits.TrailingZeros64(pairBit) + 1)
		for _, c := range two {
			s.place(c, d)
			stop := s.dfs()
			s.unplace(c)
			if stop {
				return true
			}
		}
		return false
	}
	if s.rng == nil || bits.OnesCount64(bestMask) == 1 {
		for m := bestMask; m != 0; m &= m - 1 {
			s.place(best, uint8(bits.TrailingZeros64(m)+1))
			stop := s.dfs()
			s.unplace(best)
			if stop {
				return true
			}
		}
		return false
	}
	var ds [sudoku.MaxN]uint8
	k := 0
	for m := bestMask; m != 0; m &= m - 1 {
		ds[k] = uint8(bits.TrailingZeros64(m) + 1)
		k++
	}
	for i := k - 1; i > 0; i-- {
		j := s.rng.IntN(i + 1)
		ds[i], ds[j] = ds[j], ds[i]
	}
	for _, d := range ds[:k] {
		s.place(best, d)
		stop := s.dfs()
		s.unplace(best)
		if stop {
			return true
		}
	}
	return false
}
