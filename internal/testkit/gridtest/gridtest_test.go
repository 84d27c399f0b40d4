package gridtest

import (
	"math/rand/v2"
	"testing"
)

// TestRandomValid: every row, column and box of a random grid holds each
// digit once, and the grids vary.
func TestRandomValid(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	seen := map[[81]uint8]bool{}
	for range 200 {
		g := Random(r)
		seen[g] = true
		for u := range 9 {
			var row, col, box uint16
			for k := range 9 {
				row |= 1 << g[9*u+k]
				col |= 1 << g[9*k+u]
				box |= 1 << g[9*(3*(u/3)+k/3)+3*(u%3)+k%3]
			}
			if row != 0x3FE || col != 0x3FE || box != 0x3FE {
				t.Fatalf("grid %v: unit %d breaks the rules", g, u)
			}
		}
	}
	if len(seen) < 190 {
		t.Errorf("%d distinct grids of 200", len(seen))
	}
}

func TestLetters(t *testing.T) {
	if got, want := Letters([]uint8{0, 1, 2, 0, 16, 26}), ".AB.PZ"; got != want {
		t.Errorf("Letters = %q, want %q", got, want)
	}
}
