package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

type rateReply struct {
	Rating float64 `json:"rating"`
	// ER, EP and ED are serate's three numbers (docs/rating.md).
	ER      float64 `json:"er"`
	EP      float64 `json:"ep"`
	ED      float64 `json:"ed"`
	Level   string  `json:"level"`
	Hardest string  `json:"hardest"`
	// Techniques counts the steps of the logical solution by technique.
	Techniques map[string]int `json:"techniques"`
	// Steps is the whole logical solution, with ?steps=1.
	Steps  []logic.Step `json:"steps,omitempty"`
	Millis float64      `json:"ms"`
}

func (s *Server) rate(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	res, err := s.rateFunc(ctx, req.grid, logic.Options{Steps: true, Format: req.format})
	if err != nil {
		return nil, s.logicError(ctx, err)
	}
	s.m.solved.WithLabelValues("rate").Inc()
	rep := rateReply{Rating: res.Rating, ER: res.Rating, EP: res.EP, ED: res.ED, Level: res.Level.String(), Hardest: res.Hardest, Techniques: map[string]int{}}
	for _, st := range res.Steps {
		rep.Techniques[st.Technique]++
	}
	if req.Steps {
		rep.Steps = res.Steps
	}
	rep.Millis = ms(start)
	return rep, nil
}

// logicError turns an error of package logic into a reply.
func (s *Server) logicError(ctx context.Context, err error) *apiError {
	switch {
	case errors.Is(err, sudoku.ErrInvalid):
		return newError(http.StatusUnprocessableEntity, jsonfmt.CodeInvalid, err.Error())
	case errors.Is(err, sudoku.ErrNoSolution):
		return newError(http.StatusUnprocessableEntity, jsonfmt.CodeNoSolution, err.Error())
	case errors.Is(err, logic.ErrMultipleSolutions):
		return newError(http.StatusUnprocessableEntity, jsonfmt.CodeMultiple, err.Error())
	case errors.Is(err, sudoku.ErrShape):
		return newError(http.StatusUnprocessableEntity, jsonfmt.CodeShape, err.Error())
	}
	return s.sudokuError(ctx, err)
}
