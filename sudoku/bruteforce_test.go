package sudoku

// Test oracles that share no code with the solver: the regions of a grid
// from first principles, a brute-force backtracking counter, a checker of
// solutions, and generators of valid grids and puzzles.

import (
	"math/rand/v2"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
)

// testRegions returns the regions of g from its shape and its variant's
// boxes and extra regions (gridtest.Regions), independently of Geometry.
func testRegions(g *Grid) [][]int {
	s := g.Shape.norm()
	var boxes, extra [][]int
	if g.Variant != nil {
		boxes, extra = g.Variant.Boxes, g.Variant.Extra
	}
	return gridtest.Regions(s.BoxRows, s.BoxCols, boxes, extra)
}

// checkSolution fails t unless sol is a complete grid in which every region
// of puzzle is a permutation of 1..N and every given of puzzle is kept.
func checkSolution(t testing.TB, puzzle, sol *Grid) {
	t.Helper()
	if sol == nil {
		t.Fatalf("nil solution")
	}
	n := len(sol.Cells)
	side := 0
	for side*side < n {
		side++
	}
	if len(puzzle.Cells) != n || side*side != n {
		t.Fatalf("solution has %d cells, puzzle %d", n, len(puzzle.Cells))
	}
	for i, v := range puzzle.Cells {
		if v != 0 && sol.Cells[i] != v {
			t.Fatalf("given %d at cell %d changed to %d", v, i, sol.Cells[i])
		}
	}
	for _, reg := range testRegions(puzzle) {
		seen := make(map[uint8]bool)
		for _, c := range reg {
			v := sol.Cells[c]
			if v < 1 || int(v) > side || seen[v] {
				t.Fatalf("region %v is not a permutation of 1..%d in solution %v", reg, side, sol.Cells)
			}
			seen[v] = true
		}
	}
}

// bruteCount counts the solutions of g by plain backtracking over the cells
// in row-major order, up to limit; when first is not nil it receives the
// first solution found (gridtest.Count).
func bruteCount(g *Grid, limit int, first []uint8) int {
	n := 0
	for n*n < len(g.Cells) {
		n++
	}
	return gridtest.Count(n, testRegions(g), g.Cells, limit, first)
}

// patternGrid returns a valid solution grid of shape s (standard rules) from
// the pattern formula, with digits, rows within bands, bands, columns within
// stacks and stacks shuffled by rng.
func patternGrid(s Shape, rng *rand.Rand) *Grid {
	br, bc := s.BoxRows, s.BoxCols
	n := br * bc
	g := &Grid{Shape: s, Cells: make([]uint8, n*n)}
	digits := rng.Perm(n)
	// rows: band (of br rows) order and row order inside each band.
	rows := make([]int, 0, n)
	for _, band := range rng.Perm(n / br) {
		for _, r := range rng.Perm(br) {
			rows = append(rows, band*br+r)
		}
	}
	cols := make([]int, 0, n)
	for _, stack := range rng.Perm(n / bc) {
		for _, c := range rng.Perm(bc) {
			cols = append(cols, stack*bc+c)
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			r, c := rows[i], cols[j]
			v := (bc*(r%br) + r/br + c) % n
			g.Cells[i*n+j] = uint8(digits[v] + 1)
		}
	}
	return g
}

// randomSolution returns a random solution of an empty grid of shape s and
// variant v, found by brute force from a random partial fill: suitable for
// small grids only. It returns nil if none is found in a few tries.
func randomSolution(s Shape, v *Variant, rng *rand.Rand) *Grid {
	n := s.BoxRows * s.BoxCols
	for try := 0; try < 50; try++ {
		g := &Grid{Shape: s, Variant: v, Cells: make([]uint8, n*n)}
		// Seed a few random digits, then complete by brute force.
		for k := 0; k < n; k++ {
			g.Cells[rng.IntN(n*n)] = uint8(rng.IntN(n) + 1)
		}
		sol := make([]uint8, n*n)
		if bruteCount(g, 1, sol) == 1 {
			g.Cells = sol
			return g
		}
	}
	return nil
}

// blank returns a copy of sol with each cell blanked with probability p.
func blank(sol *Grid, p float64, rng *rand.Rand) *Grid {
	g := sol.Clone()
	for i := range g.Cells {
		if rng.Float64() < p {
			g.Cells[i] = 0
		}
	}
	return g
}

func TestBruteForceOracle(t *testing.T) {
	// The oracle itself: the empty 4x4 grid has 288 solutions (well
	// known), and every pattern grid is checked valid.
	if got := bruteCount(&Grid{Shape: Shape{2, 2}, Cells: make([]uint8, 16)}, 1000, nil); got != 288 {
		t.Errorf("empty 4x4: %d solutions, want 288", got)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, s := range []Shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {6, 6}} {
		g := patternGrid(s, rng)
		checkSolution(t, g, g)
	}
}
