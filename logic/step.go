package logic

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/sudoku"
)

// Candidate is a digit in a cell (cell index row-major, digit 1..N).
type Candidate struct {
	Cell  int `json:"cell"`
	Digit int `json:"digit"`
}

// Placement is a digit placed in a cell.
type Placement = Candidate

// Step is one deduction: the technique, its rating on the Sudoku Explainer
// scale, the cells and digits it looks at, what it concludes (digits
// placed, candidates eliminated) and one English sentence that explains it.
type Step struct {
	Technique    string      `json:"technique"`
	Rating       float64     `json:"rating"`
	Cells        []int       `json:"cells,omitempty"`
	Digits       []int       `json:"digits,omitempty"`
	Placements   []Placement `json:"placements,omitempty"`
	Eliminations []Candidate `json:"eliminations,omitempty"`
	Explanation  string      `json:"explanation"`
}

// Errors returned by Rate and Hint, besides those of package sudoku that
// they wrap: sudoku.ErrInvalid (the givens or entries break the rules),
// sudoku.ErrNoSolution (the puzzle has no solution), sudoku.ErrShape (a
// shape sudoku.NewGeometry refuses; every side up to sudoku.MaxN is
// rated), sudoku.ErrVariant
// and sudoku.ErrGrid (a variant or cells that do not fit the shape).
var (
	// ErrMultipleSolutions: the puzzle has more than one solution, so it
	// has no rating (uniqueness techniques would be unsound).
	ErrMultipleSolutions = errors.New("puzzle has more than one solution")
	// ErrTooHard: RateUpTo stopped because a step is harder than the cap.
	ErrTooHard = errors.New("puzzle is harder than the cap")
	// ErrAtLeast: RateWith stopped because the rating reached
	// Options.Min.
	ErrAtLeast = errors.New("puzzle is at least as hard as the floor")
)

// apply performs the step on the board.
func (b *board) apply(s *Step) {
	for _, e := range s.Eliminations {
		b.cand[e.Cell] &^= dbit(e.Digit)
	}
	for _, p := range s.Placements {
		if b.val[p.Cell] == 0 {
			b.place(p.Cell, p.Digit)
		}
	}
}

// digit names digit d as the puzzle's format writes it (see
// Options.Format): a decimal number when the geometry has no names.
func (g *geom) digit(d int) string {
	if d > 0 && d < len(g.names) {
		return g.names[d]
	}
	return strconv.Itoa(d)
}

// cellName names cell c of g as "r1c1" (sudoku.CellName).
func cellName(g *geom, c int) string { return sudoku.CellName(c, g.N) }

func houseName(g *geom, h int) string {
	switch g.Kinds[h] {
	case kindRow:
		return "row " + strconv.Itoa(h+1)
	case kindCol:
		return "column " + strconv.Itoa(h-g.N+1)
	case kindBox:
		return "box " + strconv.Itoa(h-2*g.N+1)
	}
	return "region " + strconv.Itoa(h-3*g.N+1)
}

func cellList(g *geom, cells []int) string {
	parts := make([]string, len(cells))
	for i, c := range cells {
		parts[i] = cellName(g, c)
	}
	return joinAnd(parts)
}

func digitList(g *geom, ds []int) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = g.digit(d)
	}
	return joinAnd(parts)
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func candList(g *geom, cs []Candidate) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = g.digit(c.Digit) + " from " + cellName(g, c.Cell)
	}
	return joinAnd(parts)
}

// conclusion describes what a step does, for explanations.
func conclusion(g *geom, s *Step) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, cellName(g, p.Cell)+" must be "+g.digit(p.Digit))
	}
	if len(s.Eliminations) > 0 {
		parts = append(parts, "remove "+candList(g, s.Eliminations))
	}
	return strings.Join(parts, "; ")
}

// String returns "Technique (rating): explanation".
func (s Step) String() string {
	return fmt.Sprintf("%s (%.1f): %s", s.Technique, s.Rating, s.Explanation)
}
