package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/dlxkit/dlx/sudoku"
)

// solvers pools sudoku.Solvers (each keeps the exact-cover matrices of the
// shapes it met), one per running search. dlxSolvers never use the fast
// 9x9 solver, whose searches cannot be cancelled: large counts go there.
var (
	solvers    = sync.Pool{New: func() any { return sudoku.NewSolver(sudoku.Options{}) }}
	dlxSolvers = sync.Pool{New: func() any { return sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX}) }}
)

// fastCountLimit is the largest count limit left to the fast solver.
const fastCountLimit = 10_000

// gridJSON is a grid in a reply: its one-line form, and its text in the
// request's format when that differs (a multi-line grid).
type gridJSON struct {
	Line string `json:"line"`
	Text string `json:"text,omitempty"`
}

func newGridJSON(g *sudoku.Grid, f sudoku.Format) gridJSON {
	j := gridJSON{Line: g.String()}
	if f.Layout != sudoku.Line && f.Layout != sudoku.JSON {
		var b strings.Builder
		if sudoku.WriteGrid(&b, g, f) == nil {
			j.Text = b.String()
		}
	}
	return j
}

// puzzleHandler is the common part of solve, count, check, rate and hint:
// read the body, parse the puzzle, take a search slot, run f.
func (s *Server) puzzleHandler(f func(ctx context.Context, req *puzzleRequest) (any, *apiError)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, aerr := s.readBody(w, r, s.cfg.MaxBody)
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		req, aerr := parsePuzzle(body, r.URL.Query())
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		ctx, done, aerr := s.startSearch(r)
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		defer done()
		v, aerr := f(ctx, req)
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// sudokuError turns an error of package sudoku into a reply.
func (s *Server) sudokuError(ctx context.Context, err error) *apiError {
	var ie *sudoku.InvalidError
	switch {
	case errors.As(err, &ie):
		return &apiError{status: http.StatusUnprocessableEntity, Code: codeInvalid, Message: err.Error(), Clashes: ie.Clashes}
	case errors.Is(err, sudoku.ErrNoSolution):
		return &apiError{status: http.StatusUnprocessableEntity, Code: codeNoSolution, Message: "the puzzle has no solution"}
	case errors.Is(err, sudoku.ErrGrid), errors.Is(err, sudoku.ErrShape), errors.Is(err, sudoku.ErrVariant):
		return &apiError{status: http.StatusBadRequest, Code: codeBadRequest, Message: err.Error()}
	}
	return s.searchError(ctx, err)
}

type solveReply struct {
	Size    string `json:"size"`
	Variant string `json:"variant,omitempty"`
	// Puzzle is the puzzle read, in one-line form.
	Puzzle   string   `json:"puzzle"`
	Solution gridJSON `json:"solution"`
	// Work is the fast solver's guesses or the exact-cover search nodes.
	Work   int     `json:"work"`
	Method string  `json:"method"`
	Millis float64 `json:"ms"`
}

func variantName(g *sudoku.Grid) string {
	if g.Variant == nil {
		return ""
	}
	return g.Variant.Name
}

func method(g *sudoku.Grid, fastOK bool) string {
	if fastOK && g.IsStandard9() {
		return "fast"
	}
	return "dlx"
}

func ms(start time.Time) float64 { return float64(time.Since(start).Microseconds()) / 1000 }

func (s *Server) solve(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	sv := solvers.Get().(*sudoku.Solver)
	defer solvers.Put(sv)
	sol, err := sv.Solve(ctx, req.grid)
	m := method(req.grid, true)
	s.m.nodes.WithLabelValues(m).Add(float64(sv.Guesses()))
	if err != nil {
		return nil, s.sudokuError(ctx, err)
	}
	s.m.solved.WithLabelValues("sudoku").Inc()
	return solveReply{
		Size: req.grid.Shape.String(), Variant: variantName(req.grid), Puzzle: req.grid.String(),
		Solution: newGridJSON(sol, req.format), Work: sv.Guesses(), Method: m, Millis: ms(start),
	}, nil
}

type countReply struct {
	Count int `json:"count"`
	Limit int `json:"limit"`
	// Complete is false when the search stopped at the limit or at its
	// deadline (Stopped says which): Count is then a lower bound.
	Complete bool    `json:"complete"`
	Stopped  string  `json:"stopped,omitempty"`
	Work     int     `json:"work"`
	Method   string  `json:"method"`
	Millis   float64 `json:"ms"`
}

func (s *Server) count(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	limit := req.Limit
	if limit == 0 {
		limit = 2
	}
	if limit > s.cfg.MaxCount {
		return nil, badRequest("limit: at most " + itoa(s.cfg.MaxCount))
	}
	pool := &solvers
	if limit > fastCountLimit {
		pool = &dlxSolvers
	}
	sv := pool.Get().(*sudoku.Solver)
	defer pool.Put(sv)
	n, err := sv.Count(ctx, req.grid, limit)
	m := method(req.grid, pool == &solvers)
	s.m.nodes.WithLabelValues(m).Add(float64(sv.Guesses()))
	rep := countReply{Count: n, Limit: limit, Complete: n < limit, Work: sv.Guesses(), Method: m}
	if n >= limit {
		rep.Stopped = "limit" // there may be more
	}
	if err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			return nil, s.sudokuError(ctx, err)
		}
		s.m.rejected.WithLabelValues("deadline").Inc()
		rep.Complete, rep.Stopped = false, "deadline"
	}
	s.m.solved.WithLabelValues("sudoku").Inc()
	rep.Millis = ms(start)
	return rep, nil
}

type checkReply struct {
	Size    string `json:"size"`
	Variant string `json:"variant,omitempty"`
	// Puzzle is the puzzle read, in one-line form.
	Puzzle string `json:"puzzle"`
	// Verdict is "invalid", "no solution", "unique" or "multiple".
	Verdict  string    `json:"verdict"`
	Message  string    `json:"message"`
	Clashes  [][2]int  `json:"clashes,omitempty"`
	Solution *gridJSON `json:"solution,omitempty"`
	Millis   float64   `json:"ms"`
}

func (s *Server) check(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	sv := solvers.Get().(*sudoku.Solver)
	defer solvers.Put(sv)
	v, err := sv.Check(ctx, req.grid)
	s.m.nodes.WithLabelValues(method(req.grid, true)).Add(float64(sv.Guesses()))
	if err != nil {
		return nil, s.sudokuError(ctx, err)
	}
	s.m.solved.WithLabelValues("sudoku").Inc()
	rep := checkReply{Size: req.grid.Shape.String(), Variant: variantName(req.grid), Puzzle: req.grid.String(), Verdict: v.Kind.String(), Message: v.String(), Clashes: v.Clashes}
	if v.Solution != nil {
		j := newGridJSON(v.Solution, req.format)
		rep.Solution = &j
	}
	rep.Millis = ms(start)
	return rep, nil
}
