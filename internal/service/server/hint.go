package server

import (
	"context"
	"time"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

type hintReply struct {
	// Mistakes are the cells whose entry contradicts the solution.
	Mistakes []int `json:"mistakes"`
	// PencilMistakes are empty cells whose pencil marks leave out the
	// solution's digit.
	PencilMistakes []int `json:"pencil_mistakes,omitempty"`
	// Step is the next step: a "Mistake" step when there are mistakes,
	// else the easiest logical step; none when solved.
	Step   *logic.Step `json:"step,omitempty"`
	Solved bool        `json:"solved"`
	Millis float64     `json:"ms"`
}

// hint answers POST /api/hint: a JSON object with the puzzle (as for
// /api/solve), "state" (the player's grid, one-line form, same size) and
// optionally "pencil" (per cell, the digits pencilled in).
func (s *Server) hint(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	g := req.grid
	state := g
	if req.State != "" {
		st, _, err := sudoku.ParseGrid(req.State, sudoku.ReadOptions{Shape: g.Shape, Variant: g.Variant})
		if err != nil {
			e := parseError(err)
			e.Message = "state: " + e.Message
			return nil, e
		}
		if len(st.Cells) != len(g.Cells) {
			return nil, badRequest("state: not the size of the puzzle")
		}
		for i, v := range g.Cells {
			if v != 0 && st.Cells[i] != v {
				return nil, badRequest("state: does not keep the givens of the puzzle")
			}
		}
		state = st
	}
	var pencil []uint64
	if req.Pencil != nil {
		if len(req.Pencil) != len(g.Cells) {
			return nil, badRequest("pencil: want one list of digits per cell")
		}
		pencil = make([]uint64, len(g.Cells))
		n := g.N()
		for i, ds := range req.Pencil {
			for _, d := range ds {
				if d < 1 || d > n {
					return nil, badRequest("pencil: digit out of range")
				}
				pencil[i] |= 1 << (d - 1) // logic.Hint: bit d-1 for digit d
			}
		}
	}
	h, err := s.hintFunc(ctx, g, state, pencil, logic.HintOptions{Format: req.format})
	if err != nil {
		return nil, s.logicError(ctx, err)
	}
	s.m.solved.WithLabelValues("hint").Inc()
	rep := hintReply{Mistakes: h.Mistakes, PencilMistakes: h.PencilMistakes, Step: h.Step, Solved: h.Solved, Millis: ms(start)}
	if rep.Mistakes == nil {
		rep.Mistakes = []int{}
	}
	return rep, nil
}
