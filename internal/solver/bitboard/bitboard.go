package bitboard

import (
	"context"
	"encoding/binary"

	"github.com/dlxkit/dlx/internal/solver/bandword"
)

// Solver solves standard 9x9 puzzles. The zero value is ready to use; a
// Solver is reusable and not safe for concurrent use.
type Solver struct {
	// work is the state searched; Init sets all of it but the triads'
	// cache, which stays valid from one puzzle to the next.
	work  bandword.Work
	stack [bandword.MaxTriadDepth]bandword.TriadFrame
	// force, for tests: modeAuto chooses the search's mode per puzzle
	// (mode), any other value is the mode of every search.
	force uint8
}

// The modes of a search, chosen once per puzzle after its first
// propagation (Solver.mode).
const (
	modeAuto   = iota // for force: chosen per puzzle
	modeTriads        // the triad rules, guesses on triads
	modeCells         // no triad rules, guesses on cells
	// modeCellsLight: modeCells with the light digit rules
	// (bandword.Work.Light: hidden singles in rows only) until the first
	// solution, the full ones after it.
	modeCellsLight
)

// cellModeMax: a search for one solution (limit 1) of a puzzle with at
// most this many cells left unplaced by the first propagation guesses on
// cells, without the triad rules: on such partly filled grids the triad
// rules seldom remove a candidate and cost more than they save, while
// the hard puzzles, where they halve the guesses, keep more cells
// (docs/bitboard.md, "Design", has the figures).
const cellModeMax = 50

// cellGivens: a puzzle with at least this many givens that the first
// propagation leaves unsolved (with at most cellModeMax cells left)
// takes modeCellsLight, whatever the limit. Such puzzles mostly have
// several solutions, which the cell guesses with the light digit rules
// reach sooner and more cheaply than the triads; after the first
// solution the full digit rules return, for the rest of the tree. The
// threshold was measured on the shared files (docs/bitboard.md).
const cellGivens = 30

// mode returns the mode of the search for limit solutions of the state
// st after its first propagation (without the triad rules), in a puzzle
// with blanks cells to fill.
func (s *Solver) mode(st *bandword.State, limit, blanks int) uint8 {
	if s.force != modeAuto {
		return s.force
	}
	left := st.Unplaced()
	switch {
	case left > cellModeMax:
		return modeTriads
	case 81-blanks >= cellGivens:
		return modeCellsLight
	case limit == 1:
		return modeCells
	}
	return modeTriads
}

// Count counts the solutions of puzzle (81 cells, row-major, 0 blank, 1-9
// digits), stopping at limit (limit <= 0 means 1). When at least one
// solution exists and solution is not nil, the first one found is stored
// there. Givens that clash (or values above 9) give 0. guesses is the
// number of guesses made: branch points of the search, each a digit's
// triad tried in, then out (bandword.Work.Choose), or, in the cell modes
// (looking for one solution of a puzzle that the first propagation
// leaves mostly filled, cellModeMax, or for any number of solutions of
// such a puzzle with many givens, cellGivens), a cell's candidate tried
// in, then out.
func (s *Solver) Count(puzzle *[81]uint8, limit int, solution *[81]uint8) (count, guesses int) {
	count, guesses, _ = s.count(nil, puzzle, limit, solution)
	return count, guesses
}

// CountContext is Count polling ctx every 1,024 guesses: a count with a
// high limit (an almost empty grid has about 6.7e21 solutions) stops when
// ctx is done, returning the count so far and ctx.Err().
func (s *Solver) CountContext(ctx context.Context, puzzle *[81]uint8, limit int, solution *[81]uint8) (count, guesses int, err error) {
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	count, guesses, stopped := s.count(ctx.Done(), puzzle, limit, solution)
	if stopped {
		return count, guesses, ctx.Err()
	}
	return count, guesses, nil
}

// pollMask: the search polls done every pollMask+1 guesses.
const pollMask = 1<<10 - 1

// count is Count, stopping early (stopped true) when done is closed.
func (s *Solver) count(done <-chan struct{}, puzzle *[81]uint8, limit int, solution *[81]uint8) (count, guesses int, stopped bool) {
	if limit <= 0 {
		limit = 1
	}
	st := &s.work
	if !st.Init(puzzle) {
		return 0, 0, false
	}
	var tr bandword.Triad
	sp := 0
	// The search's mode is chosen once per puzzle, after the first
	// propagation (mode), which runs without the triad rules; in the
	// triad mode they then run on the state it left before the first
	// guess.
	blanks := st.Unplaced()
	st.Triads, st.Light, st.Clash = false, false, false
	root := true
	for {
		ok := st.Propagate()
		if root {
			root = false
			st.Clash = true
			m := s.mode(&st.State, limit, blanks)
			st.Light = m == modeCellsLight
			if m == modeTriads {
				st.Triads = true
				if ok && st.Unsolved != [3]uint32{} {
					continue
				}
			}
		}
		if ok {
			if st.Unsolved != [3]uint32{} {
				if f := &s.stack[sp]; !st.Triads {
					// A cell guess, written straight into the frame
					// (what BackTriad reads of it: D and Out).
					k, x := chooseCell(&st.State)
					d, b := k/3, k%3
					f.St = st.State
					f.Tr.D = d
					f.Tr.Out = [3]uint32{}
					f.Tr.Out[b] = x
					st.Place(d, b, x)
				} else if st.Choose(&tr) {
					st.GuessTriad(f, &tr)
				} else {
					// A fixed point of the rules with every triad forced
					// has every cell placed (bandword.Work.Choose).
					panic("bitboard: unsolved cells and no triad to guess")
				}
				sp++
				guesses++
				if guesses&pollMask == 0 && done != nil {
					select {
					case <-done:
						return count, guesses, true
					default:
					}
				}
				continue
			}
			if st.Valid() {
				if count == 0 && solution != nil {
					write(&st.State, solution)
				}
				count++
				if count >= limit {
					return count, guesses, false
				}
				st.Light = false
			}
		}
		if sp == 0 {
			return count, guesses, false
		}
		sp--
		st.BackTriad(&s.stack[sp])
	}
}

// write stores the solved grid of s, eight cells at a time: the digit of a
// cell is four bit planes over the digit words, each bit spread to a byte.
// Unrolled band by band, words at constant offsets: a loop spends about
// half its instructions on loop control and bounds checks.
func write(s *bandword.State, out *[81]uint8) {
	writeBand(s, 0, (*[27]uint8)(out[0:27]))
	writeBand(s, 1, (*[27]uint8)(out[27:54]))
	writeBand(s, 2, (*[27]uint8)(out[54:81]))
}

// writeBand stores band b of the solved grid of s.
func writeBand(s *bandword.State, b int, out *[27]uint8) {
	c := s.C[b : b+25 : b+25]
	p0 := c[0] | c[6] | c[12] | c[18] | c[24] // digits 1, 3, 5, 7, 9
	p1 := c[3] | c[6] | c[15] | c[18]         // 2, 3, 6, 7
	p2 := c[9] | c[12] | c[15] | c[18]        // 4, 5, 6, 7
	p3 := c[21] | c[24]                       // 8, 9
	bb := &bandword.ByteBits
	binary.LittleEndian.PutUint64(out[0:8], bb[p0&255]|bb[p1&255]<<1|bb[p2&255]<<2|bb[p3&255]<<3)
	binary.LittleEndian.PutUint64(out[8:16], bb[p0>>8&255]|bb[p1>>8&255]<<1|bb[p2>>8&255]<<2|bb[p3>>8&255]<<3)
	binary.LittleEndian.PutUint64(out[16:24], bb[p0>>16&255]|bb[p1>>16&255]<<1|bb[p2>>16&255]<<2|bb[p3>>16&255]<<3)
	// The last 8 of 27 (cells 19-26, overlapping the word before).
	binary.LittleEndian.PutUint64(out[19:27], bb[p0>>19&255]|bb[p1>>19&255]<<1|bb[p2>>19&255]<<2|bb[p3>>19&255]<<3)
}

// chooseCell picks a cell guess in s: the first candidate of the first
// cell with two candidates, or else of a cell with the fewest, the bands
// taken in turn. It returns the index into s.C and the cell's bit.
func chooseCell(s *bandword.State) (k int, x uint32) {
	best := 11
	for b := range 3 {
		bk, bx, n := s.ChooseInBand(b)
		if n == 2 {
			return bk, bx
		}
		if n < best {
			best, k, x = n, bk, bx
		}
	}
	return k, x
}
