package generate

import (
	"context"
	"testing"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// TestLevelGivens generates a few puzzles per level with the level's
// givens window and checks, by counting the givens and rating the puzzle
// with package logic, that each is on level, inside the window, and has a
// unique solution; and that the windows are ordered (an easier level never
// allows fewer givens than a harder one).
func TestLevelGivens(t *testing.T) {
	prevLo, prevHi := 82, 82
	for _, l := range logic.Levels() {
		lo, hi, ok := LevelGivens(l)
		if !ok || lo <= 0 || lo > hi {
			t.Fatalf("%v: window %d-%d ok=%v", l, lo, hi, ok)
		}
		if lo > prevLo || hi > prevHi {
			t.Errorf("%v: window %d-%d is not below the easier level's %d-%d", l, lo, hi, prevLo, prevHi)
		}
		prevLo, prevHi = lo, hi
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := NewGenerator(Options{Level: l, HasLevel: true, Symmetry: Rot180, Seed: seed, MinGivens: lo, MaxGivens: hi})
			if err != nil {
				t.Fatal(err)
			}
			r, err := g.Generate(context.Background(), 0)
			if err != nil {
				t.Fatalf("%v seed %d: %v", l, seed, err)
			}
			n := 0
			for _, d := range r.Puzzle.Cells {
				if d != 0 {
					n++
				}
			}
			if n < lo || n > hi {
				t.Errorf("%v seed %d: %d givens, want %d-%d: %s", l, seed, n, lo, hi, r.Puzzle)
			}
			rt, err := logic.Rate(context.Background(), r.Puzzle)
			if err != nil {
				t.Fatalf("%v seed %d: rate: %v", l, seed, err)
			}
			if rt.Level != l {
				t.Errorf("%v seed %d: rates %.1f (%v): %s", l, seed, rt.Rating, rt.Level, r.Puzzle)
			}
			if c := bruteCount(r.Puzzle, 2); c != 1 {
				t.Errorf("%v seed %d: %d solutions: %s", l, seed, c, r.Puzzle)
			}
		}
	}
}

func TestGivensWindowOptions(t *testing.T) {
	for _, o := range []Options{
		{MinGivens: 30, MaxGivens: 35},                                        // no target
		{HasLevel: true, MinGivens: 36, MaxGivens: 30},                        // empty window
		{HasLevel: true, MinGivens: 30, MaxGivens: 35, Givens: 32},            // with Givens
		{HasLevel: true, MinGivens: 30, MaxGivens: 35, Minimal: true},         // with Minimal
		{HasLevel: true, MinGivens: -1},                                       // negative
		{HasLevel: true, MinGivens: 90, Shape: sudoku.Standard, MaxGivens: 0}, // beyond the grid
	} {
		if _, err := NewGenerator(o); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
}
