package analyze

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// entriesPuzzle is the first puzzle of se_rated_sample.txt.
const entriesPuzzle = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"

func TestEntries(t *testing.T) {
	p := parse81(t, entriesPuzzle)
	if n := seedCount(p.Cells); n != 1 {
		t.Fatalf("fixture has %d solutions", n)
	}
	sol, err := sudoku.Solve(context.Background(), p)
	if err != nil || sudoku.Valid(sol) != nil {
		t.Fatalf("solution %v: %v", sol, err)
	}
	// Cell 2 (r1c3) is blank with solution digit s2; cell 0 is a given 5.
	s2 := sol.Cells[2]
	other := s2%9 + 1 // a wrong digit for cell 2
	if other == 5 || other == 7 || other == 3 || other == 6 {
		other = 0
		for d := uint8(1); d <= 9; d++ {
			if d != s2 && !slices.Contains([]uint8{5, 7, 6, 3}, d) {
				// 5, 7, 6 and 3 are in row 1: d clashes with no given of
				// the row (it may with the column or box).
				other = d
				break
			}
		}
	}
	set := func(g *sudoku.Grid, i int, d uint8) *sudoku.Grid { g = g.Clone(); g.Cells[i] = d; return g }
	blanks := 0
	for _, d := range p.Cells {
		if d == 0 {
			blanks++
		}
	}
	swapped := sol.Clone()
	swapped.Cells[2], swapped.Cells[3] = swapped.Cells[3], swapped.Cells[2] // two cells of a row
	for _, tc := range []struct {
		name      string
		state     *sudoku.Grid
		conflicts [][2]int
		wrong     []int
		changed   []int
		blanks    int
		complete  bool
		correct   bool
	}{
		{"untouched", p, nil, nil, nil, blanks, false, false},
		{"one right entry", set(p, 2, s2), nil, nil, nil, blanks - 1, false, false},
		{"one wrong entry", set(p, 2, other), sudoku.Valid(set(p, 2, other)), []int{2}, nil, blanks - 1, false, false},
		// 5 in r1c3 clashes with the given 5 in r1c1.
		{"conflict", set(p, 2, 5), [][2]int{{0, 2}}, []int{2}, nil, blanks - 1, false, false},
		// The given 5 of r1c1 changed to the solution's digit of r1c3.
		{"changed given", set(p, 0, s2), nil, []int{0}, []int{0}, blanks, false, false},
		{"given erased", set(p, 0, 0), nil, nil, []int{0}, blanks + 1, false, false},
		{"solved", sol, nil, nil, nil, 0, true, true},
		{"complete, two swapped", swapped, sudoku.Valid(swapped), []int{2, 3}, nil, 0, true, false},
	} {
		r, err := Entries(p, tc.state)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !slices.Equal(r.Conflicts, tc.conflicts) || !slices.Equal(r.Wrong, tc.wrong) || !slices.Equal(r.Changed, tc.changed) ||
			r.Blanks != tc.blanks || r.Complete != tc.complete || r.Correct != tc.correct {
			t.Errorf("%s: got %+v\nwant conflicts %v wrong %v changed %v blanks %d complete %v correct %v",
				tc.name, r, tc.conflicts, tc.wrong, tc.changed, tc.blanks, tc.complete, tc.correct)
		}
		if r.Solution == nil || !slices.Equal(r.Solution.Cells, sol.Cells) {
			t.Errorf("%s: solution %v", tc.name, r.Solution)
		}
	}
	if len(sudoku.Valid(swapped)) == 0 {
		t.Error("swapping two cells of a row made no conflict")
	}
}

func TestEntriesErrors(t *testing.T) {
	p := parse81(t, entriesPuzzle)
	several := p.Clone()
	for i := range 40 {
		several.Cells[i] = 0
	}
	clash := p.Clone()
	clash.Cells[2] = 5 // a second 5 in row 1
	none := p.Clone()
	// Two more givens in row 1 (checked below by the brute force to leave
	// no solution, without clashing).
	none.Cells[3], none.Cells[5] = 2, 4
	if seedCount(none.Cells) != 0 || sudoku.Valid(none) != nil {
		t.Fatal("the no-solution fixture has a solution or clashes")
	}
	small := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2}, nil)
	for _, tc := range []struct {
		name          string
		puzzle, state *sudoku.Grid
		want          error
	}{
		{"several solutions", several, several, ErrNotUnique},
		{"empty grid", sudoku.NewGrid(sudoku.Standard, nil), p, ErrNotUnique},
		{"clashing givens", clash, clash, sudoku.ErrInvalid},
		{"no solution", none, none, ErrNotUnique},
		{"size mismatch", p, small, nil},
		{"size mismatch the other way", small, p, nil},
	} {
		_, err := Entries(tc.puzzle, tc.state)
		if err == nil || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.want)
		}
		if tc.name == "no solution" && !errors.Is(err, sudoku.ErrNoSolution) {
			t.Errorf("%s: err %v does not wrap sudoku.ErrNoSolution", tc.name, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := EntriesContext(ctx, p, p); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestEntriesVariant(t *testing.T) {
	// A state without a variant is judged with the puzzle's: on an X-sudoku
	// two equal digits on the main diagonal clash.
	sol, err := sudoku.Solve(context.Background(), withVariant(t, sudoku.NewGrid(sudoku.Standard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	p := sol.Clone()
	p.Cells[0], p.Cells[10] = 0, 0 // r1c1 and r2c2, both on the diagonal
	state := sudoku.NewGrid(sudoku.Standard, nil)
	copy(state.Cells, p.Cells)
	state.Cells[0], state.Cells[10] = sol.Cells[20], sol.Cells[20] // r3c3's digit twice more
	r, err := Entries(p, state)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range r.Conflicts {
		if c == [2]int{0, 10} {
			found = true
		}
	}
	if !found || !slices.Equal(r.Wrong, []int{0, 10}) {
		t.Errorf("got %+v, want the diagonal clash of cells 0 and 10 and both wrong", r)
	}
}

func withVariant(t *testing.T, g *sudoku.Grid) *sudoku.Grid {
	t.Helper()
	v, err := sudoku.VariantByName("diagonal", g.Shape)
	if err != nil {
		t.Fatal(err)
	}
	g.Variant = v
	return g
}
