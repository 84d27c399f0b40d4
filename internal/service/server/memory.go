package server

import (
	"context"
	"errors"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"
	"sync"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/sudoku"
)

// The memory of the service. The exact-cover matrices are its only large
// allocations: a few kilobytes of JSON may describe a matrix of
// gigabytes (a 64x64 grid with every chess constraint, hundreds of killer
// cages). Each puzzle's matrix is estimated before anything is built
// (sudoku.EstimateMatrix): over Config.MaxMatrix it is refused with 413;
// the matrices of the requests running at once share Config.MatrixMemory
// (beyond it, 503); the solvers kept between requests keep at most
// solverCacheBytes of matrices each, and at most maxPooled of them are
// kept; after a large matrix the freed memory goes back to the operating
// system at once; and ListenAndServe sets the Go runtime's memory limit,
// so that garbage is collected before the heap grows past it. See
// docs/service.md ("Memory") for the resulting bound.

// maxPooled is the number of solvers kept between requests.
const maxPooled = 8

// solverCacheBytes bounds the matrices a pooled solver keeps (16x16 and
// 25x25 grids, most variants of them; larger ones are built again).
const solverCacheBytes = 8 << 20

// freeAfter is the size of a matrix after which the memory freed at the
// end of the request is returned to the operating system at once.
const freeAfter = 32 << 20

// memBudget counts the bytes reserved by the requests running now.
type memBudget struct {
	mu        sync.Mutex
	used, max int64
}

// take reserves n bytes, or reports false when they would go over the
// budget.
func (b *memBudget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.max {
		return false
	}
	b.used += n
	return true
}

// give gives n bytes back.
func (b *memBudget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

// getSolver returns a pooled solver, or a new one.
func (s *Server) getSolver() *sudoku.Solver {
	select {
	case sv := <-s.solvers:
		return sv
	default:
		return sudoku.NewSolver(sudoku.Options{MaxBytes: s.cfg.MaxMatrix, CacheBytes: solverCacheBytes})
	}
}

// putSolver keeps sv for a later request, or drops it when maxPooled are
// kept already.
func (s *Server) putSolver(sv *sudoku.Solver) {
	select {
	case s.solvers <- sv:
	default:
	}
}

// estimateMatrix returns the memory that solving g takes: its
// exact-cover matrix (sudoku.EstimateMatrixWithin), and the matrices the
// solver it takes from the pool may keep (solverCacheBytes), or a fixed
// bound for the propagation solver (grids of constraints up to 16x16),
// nothing for the fast one; or 413 when
// the matrix is over Config.MaxMatrix, found as soon as the count shows
// it. Counting lists the pairs of cells the puzzle's rules relate: the
// memory that takes (sudoku.EstimateWork, at most about Config.MaxMatrix)
// is reserved while it runs, like a matrix's (503 when the running
// requests hold too much). The count stops at the request's deadline
// (Config.Timeout) and when the client goes away. A grid that
// sudoku.AutoMethod gives the fast solver (standard 9x9) needs no matrix:
// 0.
func (s *Server) estimateMatrix(ctx context.Context, g *sudoku.Grid) (int64, *apiError) {
	switch sudoku.AutoMethod(g.Shape, g.Variant, 0) {
	case sudoku.Fast:
		return 0, nil
	case sudoku.Propagate:
		// Grids of at most 16x16: the model's pairs of cells are at most
		// 32,640, its tables a few megabytes.
		return propagateBytes, nil
	}
	work, err := sudoku.EstimateWork(g.Shape, g.Variant)
	if err != nil {
		return 0, s.countError(ctx, err)
	}
	release, aerr := s.reserve(min(work, s.cfg.MaxMatrix+countSlack, s.cfg.MatrixMemory))
	if aerr != nil {
		return 0, aerr
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	z, err := sudoku.EstimateMatrixWithin(ctx, g.Shape, g.Variant, s.cfg.MaxMatrix)
	if err != nil {
		return 0, s.countError(ctx, err)
	}
	return z.Bytes + solverCacheBytes, nil
}

// countError is the answer to an error of counting a puzzle's matrix:
// 413 over Config.MaxMatrix, 400 for constraints that do not fit the
// grid, else as a solver's error (sudokuError: 422 for rules the solvers
// lack, 504 at the deadline).
func (s *Server) countError(ctx context.Context, err error) *apiError {
	switch {
	case errors.Is(err, sudoku.ErrTooLarge):
		s.m.rejected.WithLabelValues("memory").Inc()
		return newError(http.StatusRequestEntityTooLarge, jsonfmt.CodeTooLarge, err.Error()+" (the server's limit per puzzle, -max-matrix)")
	case errors.Is(err, sudoku.ErrConstraint):
		return badRequest(err.Error())
	}
	return s.sudokuError(ctx, err)
}

// propagateBytes bounds what the propagation solver takes for a grid of
// at most 16x16, its compiled model cached: measured well under it.
const propagateBytes = 16 << 20

// countSlack is what counting a matrix takes besides the pairs of cells
// of its rules, which stop at Config.MaxMatrix: the arrays per cell and
// placement of a 64x64 grid.
const countSlack = 8 << 20

// reserve reserves n bytes of Config.MatrixMemory (503 when they are not
// free) and returns the function that gives them back, and returns the
// memory freed to the operating system after a large matrix.
func (s *Server) reserve(n int64) (func(), *apiError) {
	if n == 0 {
		return func() {}, nil
	}
	if !s.mem.take(n) {
		s.m.rejected.WithLabelValues("memory").Inc()
		return nil, newError(http.StatusServiceUnavailable, jsonfmt.CodeBusy,
			"the searches running now hold the server's memory for matrices ("+strconv.FormatInt(s.cfg.MatrixMemory>>20, 10)+" MB, -matrix-memory); retry later")
	}
	return func() {
		s.mem.give(n)
		if n >= freeAfter {
			s.freeMemory()
		}
	}, nil
}

// reserveProblem reserves the memory of an exact-cover problem read from
// a request and of its solver (exactcover.Size.Bytes, and the items'
// names, about 64 bytes each).
func (s *Server) reserveProblem(p *exactcover.Problem) (func(), *apiError) {
	return s.reserve(p.Size().Bytes() + int64(p.NumItems())*64)
}

// freeMemory asks the goroutine of Serve to return the memory freed to
// the operating system (debug.FreeOSMemory: a collection, then every
// free page released), without waiting; requests asking while it runs
// are served by its next run.
func (s *Server) freeMemory() {
	select {
	case s.free <- struct{}{}:
	default:
	}
}

// freeLoop returns freed memory to the operating system when asked, until
// stop is closed.
func (s *Server) freeLoop(stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-s.free:
			debug.FreeOSMemory()
		}
	}
}

// setMemoryLimit sets the Go runtime's soft memory limit to
// Config.MemoryLimit, unless it is negative or the GOMEMLIMIT environment
// variable sets one.
func (s *Server) setMemoryLimit() {
	if s.cfg.MemoryLimit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(s.cfg.MemoryLimit)
	}
}
