package logic

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// singlesPuzzle blanks cells of sol, in random order, each only when its
// peers in the current grid hold every other digit. Filled back in the
// reverse order each blank is then a naked single, so the puzzle needs
// nothing but singles (and has one solution) without asking the code
// under test.
func singlesPuzzle(sol *sudoku.Grid, rng *rand.Rand) *sudoku.Grid {
	s := sol.Shape
	n := s.N()
	p := sol.Clone()
	seen := make([]bool, n+1)
	for _, c := range rng.Perm(len(p.Cells)) {
		r, col := c/n, c%n
		br, bc := r/s.BoxRows*s.BoxRows, col/s.BoxCols*s.BoxCols
		clear(seen)
		for i := 0; i < n; i++ {
			seen[p.Cells[r*n+i]] = true
			seen[p.Cells[i*n+col]] = true
			seen[p.Cells[(br+i/s.BoxCols)*n+bc+i%s.BoxCols]] = true
		}
		others := 0
		for d := 1; d <= n; d++ {
			if seen[d] && d != int(sol.Cells[c]) {
				others++
			}
		}
		if others == n-1 {
			p.Cells[c] = 0
		}
	}
	return p
}

// TestLargeSides rates and hints grids with sides above 31, up to
// sudoku.MaxN (the rater once stopped at 31: 32-bit candidate masks).
// The puzzles need only singles: rated at most 2.3 (easy), every step
// checked against the solution, and with one blank per box only full
// houses (the box's last empty cell: 1.0, as Sudoku Explainer rates it).
func TestLargeSides(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	shapes := []sudoku.Shape{{BoxRows: 4, BoxCols: 8}, {BoxRows: 6, BoxCols: 6}, {BoxRows: 7, BoxCols: 7}, {BoxRows: 8, BoxCols: 8}}
	for _, s := range shapes {
		n := s.N()
		sol := patternSolution(s, rng)
		// One blank per box: each is the last empty cell of its box.
		one := sol.Clone()
		for b := 0; b < n; b++ {
			r := b/s.BoxRows*s.BoxRows + rng.IntN(s.BoxRows)
			c := b%s.BoxRows*s.BoxCols + rng.IntN(s.BoxCols)
			one.Cells[r*n+c] = 0
		}
		res := walkGrid(t, one, sol)
		if res.Rating != rFullHouse || res.Hardest != "Full House" || res.Level != Easy || len(res.Steps) != n {
			t.Errorf("%dx%d, one blank per box: %.1f %s %s, %d steps; want 1.0 Full House easy, %d steps",
				n, n, res.Rating, res.Level, res.Hardest, len(res.Steps), n)
		}
		// Many blanks, singles only.
		p := singlesPuzzle(sol, rng)
		blanks := 0
		for _, v := range p.Cells {
			if v == 0 {
				blanks++
			}
		}
		res = walkGrid(t, p, sol)
		if res.Rating > rNakedSingle || res.Level != Easy || (res.Hardest != "Hidden Single" && res.Hardest != "Naked Single") || len(res.Steps) != blanks {
			t.Errorf("%dx%d, %d blanks: %.1f %s %s, %d steps; want singles only", n, n, blanks, res.Rating, res.Level, res.Hardest, len(res.Steps))
		}
		t.Logf("%dx%d: %d blanks, %.1f %s, %d steps", n, n, blanks, res.Rating, res.Hardest, len(res.Steps))
	}
}

// TestHintDigit64: on a 64x64 the pencil mark of digit 64 is bit 63 of
// the cell's mask.
func TestHintDigit64(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	s := sudoku.Shape{BoxRows: 8, BoxCols: 8}
	sol := patternSolution(s, rng)
	p := sol.Clone()
	at := -1
	for c, v := range sol.Cells {
		if v == 64 {
			at = c
			break
		}
	}
	p.Cells[at] = 0
	p.Cells[(at+65)%len(p.Cells)] = 0
	ctx := context.Background()
	pencil := make([]uint64, len(p.Cells))
	pencil[at] = ^uint64(0) &^ (1 << 63) // every digit but 64
	h, err := Hint(ctx, p, nil, pencil)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.PencilMistakes) != 1 || h.PencilMistakes[0] != at {
		t.Fatalf("pencil without 64 at %d: %+v, want that pencil mistake", at, h)
	}
	pencil[at] = 1<<63 | 1 // 64 (right) and 1 (ruled out by a peer)
	h, err = Hint(ctx, p, nil, pencil)
	if err != nil {
		t.Fatal(err)
	}
	if len(h.PencilMistakes) != 0 || h.Step == nil || h.Step.Technique != "Pencil Mark Cleanup" ||
		len(h.Step.Eliminations) != 1 || h.Step.Eliminations[0] != (Candidate{at, 1}) {
		t.Fatalf("pencil {1, 64} at %d: %+v, want the cleanup of 1 there", at, h.Step)
	}
}

// TestLargeTechniques runs every technique of the ladder (but the chains
// kept for small grids and trial and error) on 64x64 boards, where houses
// have 64 cells: buffers sized for 32 cells once overflowed there. Steps
// of techniques that do not assume uniqueness must agree with the
// solution.
func TestLargeTechniques(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	s := sudoku.Shape{BoxRows: 8, BoxCols: 8}
	n := s.N()
	sol := patternSolution(s, rng)
	empty := sudoku.NewGrid(s, nil)
	ge, err := geomOf(empty)
	if err != nil {
		t.Fatal(err)
	}
	// Digit 1 confined to the top row of box 1 on an empty grid: pointing
	// removes it from the 56 other cells of row 1.
	confined, _ := newBoard(ge, empty.Cells)
	for r := 1; r < s.BoxRows; r++ {
		for c := 0; c < s.BoxCols; c++ {
			confined.cand[r*n+c] &^= 1
		}
	}
	if st := lockedCandidates(confined, true, false); st == nil || st.Technique != "Pointing" || len(st.Eliminations) != n-s.BoxCols {
		t.Errorf("pointing on 64x64: %+v, want %d eliminations", st, n-s.BoxCols)
	}
	p := singlesPuzzle(sol, rng)
	for i, c := range rng.Perm(len(p.Cells)) {
		if i%2 == 0 {
			p.Cells[c] = 0 // more blanks: several solutions, sol one of them
		}
	}
	blanked, _ := newBoard(ge, p.Cells)
	confined.verbose, blanked.verbose = true, true
	for _, b := range []*board{confined, blanked} {
		for _, tq := range ladder {
			if tq.small || tq.base == rTrial || b == confined && tq.base >= rUniqueRect {
				continue // unique rectangles on an empty 64x64: minutes
			}
			sv := &solver{b: b}
			st := tq.find(sv)
			if st == nil || b == confined || tq.base == rUniqueRect || tq.base == rBUG {
				continue
			}
			if err := stepError(ge, st, sol.Cells, b); err != nil {
				t.Errorf("rung %.1f: %v", tq.base, err)
			}
		}
	}
}
