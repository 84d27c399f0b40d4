package generate

import (
	"context"
	"math/bits"
	"math/rand/v2"
)

// search is the package's own backtracking search over a geom: naked and
// hidden singles, then branching on the cell with the fewest candidates.
// It counts solutions up to a limit and, with a random source, fills grids
// in random order. A search is reusable and not safe for concurrent use.
type search struct {
	g     *geom
	cells []uint8
	used  []uint64 // digits placed in each unit
	cand  []uint64 // scratch: candidates of each cell at the current node
	empty int

	rng      *rand.Rand // nil: digits in increasing order
	limit    int
	count    int
	sol      []uint8
	nodes    int64
	maxNodes int64 // 0: no bound
	// noGuess stops the search at the first node that needs a guess.
	noGuess bool
	// banCell, when >= 0, may not hold the digits of banMask.
	banCell int
	banMask uint64
	ctx     context.Context
	err     error
}

func newSearch(g *geom) *search {
	return &search{
		g:       g,
		cells:   make([]uint8, g.ncell),
		used:    make([]uint64, len(g.units)),
		cand:    make([]uint64, g.ncell),
		banCell: -1,
	}
}

// load sets the grid to puzzle. It reports false when two givens clash.
func (s *search) load(puzzle []uint8) bool {
	clear(s.used)
	s.empty = 0
	ok := true
	for c, d := range puzzle {
		s.cells[c] = d
		if d == 0 {
			s.empty++
			continue
		}
		if int(d) > s.g.n {
			ok = false
			continue
		}
		b := uint64(1) << (d - 1)
		for _, u := range s.g.cellUnits[c] {
			if s.used[u]&b != 0 {
				ok = false
			}
			s.used[u] |= b
		}
	}
	return ok
}

// countSolutions counts the solutions of puzzle up to limit (at least 1).
// When sol is not nil and a solution exists, the first one is copied there.
func (s *search) countSolutions(ctx context.Context, puzzle []uint8, limit int, sol []uint8) (int, error) {
	if limit < 1 {
		limit = 1
	}
	s.ctx, s.err, s.limit, s.count, s.sol, s.nodes = ctx, nil, limit, 0, sol, 0
	if !s.load(puzzle) {
		return 0, nil
	}
	s.dfs()
	s.ctx = nil
	return s.count, s.err
}

func (s *search) place(c int, d uint8) {
	s.cells[c] = d
	b := uint64(1) << (d - 1)
	for _, u := range s.g.cellUnits[c] {
		s.used[u] |= b
	}
	s.empty--
}

func (s *search) unplace(c int) {
	b := uint64(1) << (s.cells[c] - 1)
	s.cells[c] = 0
	for _, u := range s.g.cellUnits[c] {
		s.used[u] &^= b
	}
	s.empty++
}

// dfs explores the current node; it returns true when the search must stop
// (limit reached, cancelled, or out of nodes).
func (s *search) dfs() bool {
	if s.empty == 0 {
		s.count++
		if s.count == 1 && s.sol != nil {
			copy(s.sol, s.cells)
		}
		return s.count >= s.limit
	}
	s.nodes++
	if s.nodes&1023 == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return true
		}
	}
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		return true
	}
	g := s.g
	cells, used, cand := s.cells, s.used, s.cand
	best, bestCnt := -1, g.n+1
	var bestMask uint64
	start := 0
	if s.rng != nil {
		start = s.rng.IntN(g.ncell)
	}
	for i := 0; i < g.ncell; i++ {
		c := start + i
		if c >= g.ncell {
			c -= g.ncell
		}
		if cells[c] != 0 {
			continue
		}
		m := g.full
		for _, u := range g.cellUnits[c] {
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
	if bestCnt > 1 {
		// Hidden singles, and units where a digit has no place left.
		for u, unit := range g.units {
			var once, twice uint64
			for _, c := range unit {
				if cells[c] == 0 {
					m := cand[c]
					twice |= once & m
					once |= m
				}
			}
			missing := g.full &^ used[u]
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
				break
			}
		}
	}
	if s.noGuess && bits.OnesCount64(bestMask) > 1 {
		return true
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
	var ds [maxSide]uint8
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

// otherSolution reports whether puzzle, which has the solution sol, has
// another solution with a digit other than sol[cell] at cell (which must be
// blank in puzzle). With puzzle minus one given known to be unique before,
// this decides whether removing that given keeps the solution unique,
// without exploring the branch that leads back to sol.
func (s *search) otherSolution(ctx context.Context, puzzle []uint8, cell int, digit uint8) (bool, error) {
	s.banCell, s.banMask = cell, uint64(1)<<(digit-1)
	n, err := s.countSolutions(ctx, puzzle, 1, nil)
	s.banCell, s.banMask = -1, 0
	return n > 0, err
}

// singlesSolve reports whether naked and hidden singles alone solve
// puzzle.
func (s *search) singlesSolve(ctx context.Context, puzzle []uint8) (bool, error) {
	s.noGuess = true
	n, err := s.countSolutions(ctx, puzzle, 1, nil)
	s.noGuess = false
	return n == 1, err
}

// fill writes a random complete grid into out, starting from an empty
// grid. Searches that run too long restart with fresh random choices. It
// reports false only when ctx is cancelled or no grid exists (an
// impossible variant).
func (s *search) fill(ctx context.Context, rng *rand.Rand, out []uint8) error {
	s.rng = rng
	defer func() { s.rng = nil }()
	empty := make([]uint8, s.g.ncell)
	budget := int64(20 * s.g.ncell)
	for {
		s.maxNodes = budget
		n, err := s.countSolutions(ctx, empty, 1, out)
		s.maxNodes = 0
		if err != nil {
			return err
		}
		if n == 1 {
			return nil
		}
		if s.nodes <= budget {
			return errNoGrid
		}
		budget *= 2
	}
}
