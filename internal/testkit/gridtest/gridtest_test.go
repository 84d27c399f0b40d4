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
		if r, c, b := BrokenUnits(&g); r || c || b {
			t.Fatalf("grid %v breaks the rules (rows %v, columns %v, boxes %v)", g, r, c, b)
		}
	}
	if len(seen) < 190 {
		t.Errorf("%d distinct grids of 200", len(seen))
	}
}

// TestBrokenUnits: a valid grid breaks nothing; swapping two cells of a
// row breaks two columns and, across boxes, two boxes, but no row;
// swapping two cells of a column breaks rows only within a box.
func TestBrokenUnits(t *testing.T) {
	var g [81]uint8
	for i := range 81 {
		g[i] = Solution[i] - '0'
	}
	swap := func(i, j int) [81]uint8 {
		h := g
		h[i], h[j] = h[j], h[i]
		return h
	}
	tests := []struct {
		name              string
		g                 [81]uint8
		rows, cols, boxes bool
	}{
		{"valid", g, false, false, false},
		{"row, one box", swap(0, 1), false, true, false},
		{"row, two boxes", swap(0, 4), false, true, true},
		{"column, one box", swap(0, 9), true, false, false},
		{"column, two boxes", swap(0, 36), true, false, true},
	}
	for _, tc := range tests {
		if r, c, b := BrokenUnits(&tc.g); r != tc.rows || c != tc.cols || b != tc.boxes {
			t.Errorf("%s: BrokenUnits = %v, %v, %v, want %v, %v, %v", tc.name, r, c, b, tc.rows, tc.cols, tc.boxes)
		}
	}
}

func TestLetters(t *testing.T) {
	if got, want := Letters([]uint8{0, 1, 2, 0, 16, 26}), ".AB.PZ"; got != want {
		t.Errorf("Letters = %q, want %q", got, want)
	}
}
