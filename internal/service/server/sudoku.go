package server

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/sudoku"
)

// gridText returns a grid (a solution) in the text format of the
// request's puzzle, without the final line end: the one-line form for a
// one-line or JSON request, the grid's rows for a multi-line one.
func gridText(g *sudoku.Grid, f sudoku.Format) string {
	if f.Layout == sudoku.JSON {
		f.Layout = sudoku.Line
	}
	b, err := sudoku.AppendGrid(nil, g, f)
	if err != nil {
		return g.String()
	}
	return strings.TrimRight(string(b), "\r\n")
}

// puzzleHandler is the common part of solve, count, check, rate and hint:
// read the body, parse the puzzle, take a search slot, run f. With
// matrix (solve, count, check, which search the exact-cover matrix of
// the grids sudoku.AutoMethod does not give the fast or the propagation
// solver), the matrix is estimated before the slot is taken, refused when over Config.MaxMatrix (413), and its
// memory reserved while f runs (503 when the running searches hold too
// much).
func (s *Server) puzzleHandler(f func(ctx context.Context, req *puzzleRequest) (any, *apiError), matrix bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, aerr := s.readBody(w, r, s.cfg.MaxBody)
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		req, aerr := parsePuzzle(body, r.URL.Query(), s.cfg.MaxBody)
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		// fail writes aerr, with the puzzle an import read when the
		// service cannot answer it (422).
		fail := func(aerr *apiError) {
			if aerr.status == http.StatusUnprocessableEntity {
				aerr.Imported = req.imported
			}
			writeError(w, aerr)
		}
		var need int64
		if matrix {
			if need, aerr = s.estimateMatrix(r.Context(), req.grid); aerr != nil {
				fail(aerr)
				return
			}
		}
		ctx, done, aerr := s.startSearch(r)
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		defer done()
		release, aerr := s.reserve(need)
		if aerr != nil {
			writeError(w, aerr)
			return
		}
		defer release()
		v, aerr := f(ctx, req)
		if aerr != nil {
			fail(aerr)
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
		e := newError(http.StatusUnprocessableEntity, jsonfmt.CodeInvalid, err.Error())
		e.Clashes, e.Broken = ie.Clashes, ie.Broken
		return e
	case errors.Is(err, sudoku.ErrNoSolution):
		return newError(http.StatusUnprocessableEntity, jsonfmt.CodeNoSolution, "the puzzle has no solution")
	case errors.Is(err, sudoku.ErrVariant):
		// Rules the solvers do not handle yet (arrows, little
		// killers, sandwiches, ... of imported puzzles): the puzzle is
		// well formed, the service cannot answer it.
		return newError(http.StatusUnprocessableEntity, jsonfmt.CodeShape, strings.TrimSuffix(err.Error(), ": "+sudoku.ErrVariant.Error()))
	case errors.Is(err, sudoku.ErrGrid), errors.Is(err, sudoku.ErrShape):
		return badRequest(err.Error())
	case errors.Is(err, sudoku.ErrTooLarge):
		s.m.rejected.WithLabelValues("memory").Inc()
		return newError(http.StatusRequestEntityTooLarge, jsonfmt.CodeTooLarge, err.Error())
	}
	return s.searchError(ctx, err)
}

type solveReply struct {
	Size    string `json:"size"`
	Variant string `json:"variant,omitempty"`
	// Puzzle is the puzzle read, in one-line form.
	Puzzle string `json:"puzzle"`
	// Solution is in the text format of the request's puzzle.
	Solution string `json:"solution"`
	// Work is the fast solver's guesses or the exact-cover search nodes.
	Work   int     `json:"work"`
	Method string  `json:"method"`
	Millis float64 `json:"ms"`
	// Imported is the puzzle object of an imported puzzle (a link).
	Imported *importedPuzzle `json:"imported,omitempty"`
}

func variantName(g *sudoku.Grid) string {
	if g.Variant == nil {
		return ""
	}
	return g.Variant.Name
}

// method names the solver sv uses for g (sudoku.Solver.MethodFor): fast,
// dlx or propagate.
func method(sv *sudoku.Solver, g *sudoku.Grid) string {
	m, err := sv.MethodFor(g)
	if err != nil {
		return "dlx"
	}
	return m.String()
}

func ms(start time.Time) float64 { return jsonfmt.Millis(time.Since(start)) }

func (s *Server) solve(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	sv := s.getSolver()
	defer s.putSolver(sv)
	sol, err := sv.Solve(ctx, req.grid)
	m := method(sv, req.grid)
	s.m.nodes.WithLabelValues(m).Add(float64(sv.Guesses()))
	if err != nil {
		return nil, s.sudokuError(ctx, err)
	}
	s.m.solved.WithLabelValues("sudoku").Inc()
	return solveReply{
		Size: req.grid.Shape.String(), Variant: variantName(req.grid), Puzzle: req.grid.String(),
		Solution: gridText(sol, req.format), Work: sv.Guesses(), Method: m, Millis: ms(start), Imported: req.imported,
	}, nil
}

type countReply struct {
	Count int `json:"count"`
	// Limit is the count limit; none (omitted) for a limit of 0.
	Limit int `json:"limit,omitempty"`
	// Complete is false when the search stopped at the limit or at its
	// deadline (Stopped says which): Count is then a lower bound.
	Complete bool    `json:"complete"`
	Stopped  string  `json:"stopped,omitempty"`
	Work     int     `json:"work"`
	Method   string  `json:"method"`
	Millis   float64 `json:"ms"`
	// Imported is the puzzle object of an imported puzzle (a link).
	Imported *importedPuzzle `json:"imported,omitempty"`
}

func (s *Server) count(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	limit := 2 // the default: enough to tell a unique solution
	if req.Limit != nil {
		limit = *req.Limit // 0: no limit (parsePuzzle refuses a negative one)
	}
	if limit > s.cfg.MaxCount {
		return nil, badRequest("limit: at most " + itoa(s.cfg.MaxCount) + ", or 0 for no limit")
	}
	// Every solver stops at the deadline (the fast one polls the context
	// every 1,024 guesses), however high the limit.
	sv := s.getSolver()
	defer s.putSolver(sv)
	solverLimit := limit
	if limit == 0 {
		solverLimit = -1 // sudoku.Solver.Count: every solution
	}
	n, err := sv.Count(ctx, req.grid, solverLimit)
	m := method(sv, req.grid)
	s.m.nodes.WithLabelValues(m).Add(float64(sv.Guesses()))
	rep := countReply{Count: n, Limit: limit, Complete: true, Work: sv.Guesses(), Method: m, Imported: req.imported}
	if limit > 0 && n >= limit {
		rep.Complete, rep.Stopped = false, jsonfmt.StoppedLimit // there may be more
	}
	if err != nil {
		if !errors.Is(err, context.DeadlineExceeded) {
			return nil, s.sudokuError(ctx, err)
		}
		s.m.rejected.WithLabelValues("deadline").Inc()
		rep.Complete, rep.Stopped = false, jsonfmt.StoppedDeadline
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
	Verdict string   `json:"verdict"`
	Message string   `json:"message"`
	Clashes [][2]int `json:"clashes,omitempty"`
	// Broken describes the constraints of the variant (cages,
	// thermometers, non-consecutive) the givens break, for an invalid
	// puzzle.
	Broken []string `json:"broken,omitempty"`
	// Solution is the unique solution, in the text format of the
	// request's puzzle.
	Solution string  `json:"solution,omitempty"`
	Millis   float64 `json:"ms"`
	// Imported is the puzzle object of an imported puzzle (a link):
	// its rules, for a client to play it by.
	Imported *importedPuzzle `json:"imported,omitempty"`
}

func (s *Server) check(ctx context.Context, req *puzzleRequest) (any, *apiError) {
	start := time.Now()
	sv := s.getSolver()
	defer s.putSolver(sv)
	v, err := sv.Check(ctx, req.grid)
	s.m.nodes.WithLabelValues(method(sv, req.grid)).Add(float64(sv.Guesses()))
	if err != nil {
		return nil, s.sudokuError(ctx, err)
	}
	s.m.solved.WithLabelValues("sudoku").Inc()
	rep := checkReply{Size: req.grid.Shape.String(), Variant: variantName(req.grid), Puzzle: req.grid.String(), Verdict: v.Kind.String(), Message: v.String(), Imported: req.imported}
	if v.Invalid != nil {
		rep.Clashes, rep.Broken = v.Invalid.Clashes, v.Invalid.Broken
	}
	if v.Solution != nil {
		rep.Solution = gridText(v.Solution, req.format)
	}
	rep.Millis = ms(start)
	return rep, nil
}
