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

// TestCount: the brute force knows the counts of small grids by heart:
// 288 solutions of the empty 4x4, one of a full valid 9x9 with a blank or
// not, none with clashing givens or a value over the side.
func TestCount(t *testing.T) {
	sol := Parse81(t, Solution)
	regs9 := Regions(3, 3, nil, nil)
	blank := sol
	blank[40], blank[0] = 0, 0
	clash := sol
	clash[1] = clash[0]
	over := sol
	over[5] = 10
	diag := make([]int, 9)
	for i := range diag {
		diag[i] = 10 * i
	}
	for _, tc := range []struct {
		name  string
		n     int
		regs  [][]int
		cells []uint8
		want  int
	}{
		{"empty 4x4", 4, Regions(2, 2, nil, nil), make([]uint8, 16), 288},
		{"full 9x9", 9, regs9, sol[:], 1},
		{"two blanks", 9, regs9, blank[:], 1},
		{"clash", 9, regs9, clash[:], 0},
		{"value 10", 9, regs9, over[:], 0},
		// Solution's main diagonal is not a permutation.
		{"diagonal region", 9, Regions(3, 3, nil, [][]int{diag}), sol[:], 0},
	} {
		if got := Count(tc.n, tc.regs, tc.cells, 1000, nil); got != tc.want {
			t.Errorf("%s: %d solutions, want %d", tc.name, got, tc.want)
		}
	}
	first := make([]uint8, 81)
	if Count(9, regs9, blank[:], 2, first) != 1 || !Solves(9, regs9, blank[:], first) || [81]uint8(first) != sol {
		t.Errorf("first solution %v, want %v", first, sol)
	}
	if Solves(9, regs9, blank[:], blank[:]) || Solves(9, regs9, sol[:], clash[:]) {
		t.Error("Solves accepts a grid with blanks or one that breaks a given")
	}
}

// TestRegions: every house of a 6x6 with 2x3 boxes holds six distinct
// cells, and each cell is in one row, one column and one box.
func TestRegions(t *testing.T) {
	regs := Regions(2, 3, nil, nil)
	if len(regs) != 18 {
		t.Fatalf("%d regions, want 18", len(regs))
	}
	in := make([]int, 36)
	for _, r := range regs {
		seen := map[int]bool{}
		for _, c := range r {
			seen[c] = true
			in[c]++
		}
		if len(seen) != 6 {
			t.Errorf("region %v: %d distinct cells", r, len(seen))
		}
	}
	for c, k := range in {
		if k != 3 {
			t.Errorf("cell %d in %d regions", c, k)
		}
	}
	if box := regs[12+1]; box[0] != 3 || box[5] != 11 {
		t.Errorf("second box %v, want cells 3-5 and 9-11", box)
	}
}

func TestCells81(t *testing.T) {
	p, ok := cells81(Solution[:80] + ".trailing text")
	if !ok || p[0] != 5 || p[80] != 0 {
		t.Errorf("cells81: %v %v", p, ok)
	}
	for _, bad := range []string{Solution[:80], "x" + Solution[1:]} {
		if _, ok := cells81(bad); ok {
			t.Errorf("cells81(%q) accepted", bad)
		}
	}
}
