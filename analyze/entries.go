package analyze

import (
	"context"
	"errors"
	"fmt"

	"github.com/dlxkit/dlx/sudoku"
)

// ErrNotUnique is returned when a puzzle has no solution or several, so
// that a player's entries cannot be judged against the solution; with no
// solution the error also wraps sudoku.ErrNoSolution.
var ErrNotUnique = errors.New("puzzle has no unique solution")

// EntryReport judges a player's grid.
type EntryReport struct {
	// Conflicts are pairs of filled cells of the player's grid that break
	// the rules (same digit in one row, column, box or extra region),
	// the smaller index first, sorted.
	Conflicts [][2]int `json:"conflicts,omitempty"`
	// Wrong lists the filled cells whose digit differs from the unique
	// solution, in increasing order (givens the player changed included).
	Wrong []int `json:"wrong,omitempty"`
	// Changed lists the givens the player's grid does not keep.
	Changed []int `json:"changed,omitempty"`
	// Blanks is the number of empty cells left.
	Blanks int `json:"blanks"`
	// Complete reports that every cell is filled; Correct that the grid
	// is complete and equal to the solution.
	Complete bool `json:"complete"`
	Correct  bool `json:"correct"`
	// Solution is the puzzle's unique solution.
	Solution *sudoku.Grid `json:"-"`
}

// Entries checks state, a player's grid, against puzzle: the cells that
// clash with the rules, the entries that differ from the puzzle's unique
// solution, and whether the grid is complete and correct. It fails with
// ErrNotUnique when the puzzle has no unique solution, and with an error
// wrapping sudoku.ErrInvalid when the puzzle's givens clash.
func Entries(puzzle, state *sudoku.Grid) (EntryReport, error) {
	return EntriesContext(context.Background(), puzzle, state)
}

// EntriesContext is Entries with a context, for grids large enough that
// solving the puzzle takes a while.
func EntriesContext(ctx context.Context, puzzle, state *sudoku.Grid) (EntryReport, error) {
	n := puzzle.N()
	if state.N() != n || len(state.Cells) != len(puzzle.Cells) || len(puzzle.Cells) != n*n {
		return EntryReport{}, fmt.Errorf("grid of %d cells does not match the puzzle's %d", len(state.Cells), len(puzzle.Cells))
	}
	v, err := sudoku.NewSolver(sudoku.Options{}).Check(ctx, puzzle)
	if err != nil {
		return EntryReport{}, err
	}
	switch v.Kind {
	case sudoku.Invalid:
		return EntryReport{}, fmt.Errorf("puzzle: %w: %s", sudoku.ErrInvalid, v)
	case sudoku.NoSolution:
		return EntryReport{}, fmt.Errorf("%w (%w)", ErrNotUnique, sudoku.ErrNoSolution)
	case sudoku.Multiple:
		return EntryReport{}, fmt.Errorf("%w (%s)", ErrNotUnique, v.Kind)
	}
	st := state
	if st.Variant == nil && puzzle.Variant != nil {
		st = state.Clone()
		st.Variant = puzzle.Variant
	}
	return judge(puzzle, st, v.Solution), nil
}

// judge compares state with puzzle and its solution.
func judge(puzzle, state, solution *sudoku.Grid) EntryReport {
	r := EntryReport{Conflicts: sudoku.Valid(state), Solution: solution}
	for i, d := range state.Cells {
		if p := puzzle.Cells[i]; p != 0 && p != d {
			r.Changed = append(r.Changed, i)
		}
		if d == 0 {
			r.Blanks++
			continue
		}
		if d != solution.Cells[i] {
			r.Wrong = append(r.Wrong, i)
		}
	}
	r.Complete = r.Blanks == 0
	r.Correct = r.Complete && len(r.Wrong) == 0
	return r
}
