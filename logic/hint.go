package logic

import (
	"context"
	"fmt"
	"strings"

	"github.com/dlxkit/dlx/sudoku"
)

// HintResult is the answer to a request for help. (The function is Hint,
// so the type cannot share its name.)
type HintResult struct {
	// Mistakes lists the cells whose entry contradicts the solution
	// (givens excluded), in increasing order.
	Mistakes []int `json:"mistakes,omitempty"`
	// PencilMistakes lists empty cells whose pencil marks leave out the
	// solution's digit.
	PencilMistakes []int `json:"pencil_mistakes,omitempty"`
	// Solved is true when the state is complete and correct.
	Solved bool `json:"solved"`
	// Step is the next step: a "Mistake" step when there are mistakes
	// (say so first), a "Pencil Mark Cleanup" when pencil marks keep
	// digits that a filled peer rules out, else the easiest technique that
	// applies. Nil when solved.
	Step *Step `json:"step,omitempty"`
}

// Hint returns the next step for a player who has reached state (the
// puzzle plus entries; nil means the puzzle itself). pencil is nil or one
// candidate mask per cell (bit d-1 for digit d, so that
// digit 64 of a 64x64 grid fits: 1<<(d-1)); a zero mask means "no marks
// in this cell" and counts as every digit the filled peers allow. The
// puzzle must have exactly one solution.
func Hint(ctx context.Context, puzzle, state *sudoku.Grid, pencil []uint64) (HintResult, error) {
	return HintWith(ctx, puzzle, state, pencil, HintOptions{})
}

// HintOptions tune HintWith.
type HintOptions struct {
	// Format is the puzzle's text format: explanations name digits as it
	// writes them, as with Options.Format.
	Format sudoku.Format
}

// HintWith is Hint with options.
func HintWith(ctx context.Context, puzzle, state *sudoku.Grid, pencil []uint64, opt HintOptions) (HintResult, error) {
	var res HintResult
	ps, err := newSolver(puzzle, true, opt.Format)
	if err != nil {
		return res, err
	}
	if err := ps.checkUnique(ctx); err != nil {
		return res, err
	}
	g := ps.b.g
	sol := ps.sol
	if state == nil {
		state = puzzle
	}
	if len(state.Cells) != g.Cells {
		return res, fmt.Errorf("state has %d cells, want %d", len(state.Cells), g.Cells)
	}
	if pencil != nil && len(pencil) != g.Cells {
		return res, fmt.Errorf("pencil marks for %d cells, want %d", len(pencil), g.Cells)
	}
	complete := true
	for c, v := range state.Cells {
		if v == 0 {
			complete = false
			if puzzle.Cells[c] != 0 {
				return res, fmt.Errorf("state clears the given at %s", cellName(g, c))
			}
			continue
		}
		if v != sol[c] {
			res.Mistakes = append(res.Mistakes, c)
		}
	}
	if len(res.Mistakes) > 0 {
		parts := make([]string, len(res.Mistakes))
		for i, c := range res.Mistakes {
			parts[i] = fmt.Sprintf("the %s in %s", g.digit(int(state.Cells[c])), cellName(g, c))
		}
		verb := "is"
		if len(parts) > 1 {
			verb = "are"
		}
		res.Step = &Step{Technique: "Mistake", Cells: res.Mistakes,
			Explanation: fmt.Sprintf("First fix a mistake: %s %s wrong, it contradicts the puzzle's only solution.", joinAnd(parts), verb)}
		return res, nil
	}
	if complete {
		res.Solved = true
		return res, nil
	}
	s, err := newSolver(state, true, opt.Format)
	if err != nil {
		return res, err
	}
	s.sol = sol
	b := s.b
	if pencil != nil {
		full := g.full()
		var cleanup []Candidate
		for c := range pencil {
			if b.val[c] != 0 {
				continue
			}
			pm := pencil[c]
			if pm&^full != 0 {
				return res, fmt.Errorf("pencil marks of %s name digits above %d", cellName(g, c), g.N)
			}
			if pm == 0 {
				continue
			}
			if pm&dbit(int(sol[c])) == 0 {
				res.PencilMistakes = append(res.PencilMistakes, c)
			}
			for _, d := range digits(pm &^ b.cand[c]) {
				cleanup = append(cleanup, Candidate{c, d})
			}
			b.cand[c] &= pm
		}
		if len(res.PencilMistakes) > 0 {
			res.Step = &Step{Technique: "Mistake", Cells: res.PencilMistakes,
				Explanation: fmt.Sprintf("First fix the pencil marks of %s: they leave out the digit that belongs there.", cellList(g, res.PencilMistakes))}
			return res, nil
		}
		if len(cleanup) > 0 {
			cs := elimCells(cleanup)
			res.Step = &Step{Technique: "Pencil Mark Cleanup", Rating: 1.0, Cells: cs, Eliminations: cleanup,
				Explanation: fmt.Sprintf("Some pencil marks repeat a digit already filled in the same row, column or box: remove %s.", candList(g, cleanup))}
			return res, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	st, _ := s.next(0)
	if st == nil {
		return res, fmt.Errorf("no step found")
	}
	res.Step = st
	return res, nil
}

// Describe returns a multi-line text of a step: technique, rating, cells,
// digits, conclusion and explanation, for the shape of g, digits named in
// the default alphabet of its side.
func Describe(g *sudoku.Grid, s *Step) string {
	return DescribeIn(g, s, sudoku.Format{})
}

// DescribeIn is Describe naming digits as format f writes them (the
// explanation is the step's own: build it with the same format).
func DescribeIn(g *sudoku.Grid, s *Step, f sudoku.Format) string {
	ge, err := geomOf(g)
	if err != nil {
		return s.String()
	}
	ge = ge.named(f)
	var sb strings.Builder
	if s.Rating > 0 {
		fmt.Fprintf(&sb, "%s (%.1f)\n", s.Technique, s.Rating)
	} else {
		fmt.Fprintf(&sb, "%s\n", s.Technique)
	}
	if len(s.Cells) > 0 {
		fmt.Fprintf(&sb, "cells: %s\n", cellList(ge, s.Cells))
	}
	if len(s.Digits) > 0 {
		fmt.Fprintf(&sb, "digits: %s\n", digitList(ge, s.Digits))
	}
	if c := conclusion(ge, s); c != "" {
		fmt.Fprintf(&sb, "so: %s\n", c)
	}
	fmt.Fprintf(&sb, "why: %s\n", s.Explanation)
	return sb.String()
}
