package generate

import (
	"fmt"
	"strings"
)

// Symmetry is the pattern the givens of a puzzle keep: holes are dug in
// orbits of cells under the symmetry, so that a cell is given exactly when
// its images are.
type Symmetry int

const (
	// None digs cells one by one.
	None Symmetry = iota
	// Rot180 keeps the givens under a half turn about the centre.
	Rot180
	// Rot90 keeps the givens under a quarter turn (and so a half turn).
	Rot90
	// Mirror keeps the givens under reflection in the vertical axis
	// (left-right).
	Mirror
	// Diagonal keeps the givens under reflection in the main diagonal.
	Diagonal
)

var symmetryNames = []string{"none", "rot180", "rot90", "mirror", "diagonal"}

// String returns the symmetry's name as ParseSymmetry accepts it.
func (s Symmetry) String() string {
	if s < 0 || int(s) >= len(symmetryNames) {
		return fmt.Sprintf("Symmetry(%d)", int(s))
	}
	return symmetryNames[s]
}

// ParseSymmetry returns the symmetry named s: "none", "rot180" (also
// "180", "central"), "rot90" (also "90"), "mirror" or "diagonal", in any
// case.
func ParseSymmetry(s string) (Symmetry, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none", "":
		return None, nil
	case "rot180", "180", "central":
		return Rot180, nil
	case "rot90", "90":
		return Rot90, nil
	case "mirror":
		return Mirror, nil
	case "diagonal", "diag":
		return Diagonal, nil
	}
	return None, fmt.Errorf("unknown symmetry %q (want none, rot180, rot90, mirror or diagonal)", s)
}

// orbits returns the orbits of the cells of an n×n grid under sym: every
// cell is in exactly one orbit, listed with its smallest cell first.
func orbits(n int, sym Symmetry) [][]int {
	images := func(r, c int) [][2]int {
		switch sym {
		case Rot180:
			return [][2]int{{r, c}, {n - 1 - r, n - 1 - c}}
		case Rot90:
			return [][2]int{{r, c}, {c, n - 1 - r}, {n - 1 - r, n - 1 - c}, {n - 1 - c, r}}
		case Mirror:
			return [][2]int{{r, c}, {r, n - 1 - c}}
		case Diagonal:
			return [][2]int{{r, c}, {c, r}}
		}
		return [][2]int{{r, c}}
	}
	seen := make([]bool, n*n)
	var out [][]int
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			if seen[r*n+c] {
				continue
			}
			var orb []int
			for _, p := range images(r, c) {
				i := p[0]*n + p[1]
				if !seen[i] {
					seen[i] = true
					orb = append(orb, i)
				}
			}
			out = append(out, orb)
		}
	}
	return out
}
