package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/solver/grids"
	"github.com/dlxkit/dlx/sudoku"
)

const countGridsDoc = `Counts the filled Sudoku grids with R x C boxes (R rows and C columns per
box; a side N picks the usual box: 9 is 3x3) and prints the number as one
line: 2x2 288, 2x3 and 3x2 28200960, 2x4 29136487207403520, 3x3
6670903752021072936960. The count is computed, not looked up: the first
band's column sets up to relabelling and column moves, then the bands
below counted by their column sets (docs/sudoku.md, "Counting every
grid"); sides up to 12. With -essentially-different, the number of grids
up to the Sudoku symmetries (relabelling, band and stack moves, row and
column moves within them, and for square boxes transposition), by
Burnside's lemma (sides up to 9; 3x3 gives 5472730538 in a few minutes,
see docs/sudoku.md). With -json, one object:
{"shape":"3x3","grids":"6670903752021072936960","pieces":131,...}
(the numbers as strings: they pass 2^53). The count is a sum of pieces
times a factor: -pieces lists them (the factor, then each piece's weight
and first-band column sets), -piece I counts one (its part of the sum):
the parts summed, times the factor, are the count. With -cluster URL the
pieces are a job that dlx worker processes count on a dlx cluster (the job
ID first on standard error, then the count; docs/cluster.md). On a
terminal, standard error
shows the pieces done and the time left (-quiet turns it off). Ctrl-C
stops the count: nothing is printed, standard error says "interrupted" and
the exit status is 1. Exit status: 0 on success, 1 when stopped or the
output could not be written, 2 for usage errors.`

func runCountGrids(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "sudoku count-grids", "[flags] RxC", countGridsDoc)
	asJSON := fs.Bool("json", false, "print one JSON object")
	quiet := fs.Bool("quiet", false, "no progress line on standard error")
	workers := fs.Int("workers", runtime.NumCPU(), "count `N` pieces in parallel")
	fs.SetDefaultDoc("workers", "the number of CPUs")
	ess := fs.Bool("essentially-different", false, "count the grids up to the Sudoku symmetries (Burnside's lemma)")
	listPieces := fs.Bool("pieces", false, "list the pieces the count is split into (the factor, then one line per piece)")
	piece := fs.Int("piece", -1, "count only piece `I` (from 0) and print its part of the sum")
	var cl gridsCluster
	cl.add(fs)
	pos, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return fs.Usagef("want one box shape RxC (3x3 for 9x9), got %d arguments", len(pos))
	}
	if *workers < 1 {
		return fs.Usagef("-workers %d: want at least 1", *workers)
	}
	shape, err := sudoku.ParseShape(pos[0])
	if err != nil {
		return fs.Usagef("%v", err)
	}
	r, c := shape.BoxRows, shape.BoxCols
	if code, ok := countGridsCluster(ctx, e, fs, &cl, r, c, *asJSON, *quiet); ok {
		return code
	}
	plan, err := grids.NewPlan(r, c)
	if err == nil && *ess && r*c > grids.MaxSymmetryN {
		err = fmt.Errorf("-essentially-different: %dx%d: the grids each class of moves fixes are counted by search, for sides up to %d: %w", r, c, grids.MaxSymmetryN, grids.ErrShape)
	}
	if err != nil {
		if *asJSON {
			fs.ErrorRecord(jsonfmt.CodeShape, err)
		}
		return fs.Usagef("%v", err)
	}
	switch {
	case *listPieces && (*piece >= 0 || *ess):
		return fs.Usagef("-pieces lists the pieces: not with -piece or -essentially-different")
	case *piece >= 0 && *ess:
		return fs.Usagef("-piece counts one piece: not with -essentially-different")
	case *listPieces:
		return printPieces(fs, plan, r, c, *asJSON)
	case *piece >= 0:
		return countOnePiece(ctx, fs, plan, r, c, *piece, *workers, *asJSON)
	}
	start := time.Now()
	var prog struct {
		sync.Mutex
		what        string
		since       time.Time // the start of the phase what
		done, total int
	}
	stop := func() {}
	if !*quiet {
		stop = e.Progress(start, func(elapsed time.Duration) string {
			prog.Lock()
			what, done, total := prog.what, prog.done, prog.total
			if what != "" {
				elapsed = time.Since(prog.since)
			}
			prog.Unlock()
			return countfmt.GridsProgress(what, done, total, elapsed)
		})
	}
	opt := grids.Options{Workers: *workers, Progress: func(done, total int) {
		prog.Lock()
		prog.done, prog.total = done, total
		prog.Unlock()
	}}
	n, err := plan.Count(ctx, opt)
	var sym *grids.Symmetry
	if err == nil && *ess {
		prog.Lock()
		prog.what, prog.since, prog.done, prog.total = "fixed-grid searches", time.Now(), 0, 0
		prog.Unlock()
		sym, err = grids.EssentiallyDifferent(ctx, r, c, n, opt)
	}
	stop()
	elapsed := time.Since(start)
	if err != nil {
		if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			if *asJSON {
				fs.ErrorRecord(jsonfmt.CodeCanceled, errors.New("interrupted"))
			}
			return fs.Failf("interrupted")
		}
		if *asJSON {
			fs.ErrorRecord(jsonfmt.CodeInternal, err)
		}
		return fs.Failf("%v", err)
	}
	w := fs.Output()
	if *asJSON {
		j := countfmt.Grids{Shape: fmt.Sprintf("%dx%d", r, c), Grids: n.String(), Pieces: plan.Pieces()}
		if sym != nil {
			j.EssentiallyDifferent, j.GroupOrder = sym.Grids.String(), sym.Order.String()
		}
		jsonfmt.NewEncoder(w).Encode(j)
	} else if sym != nil {
		fmt.Fprintln(w, sym.Grids)
	} else {
		fmt.Fprintln(w, n)
	}
	code = fs.Finish(w, cli.ExitOK)
	if !*quiet {
		line := fmt.Sprintf("%dx%d: %s grids", r, c, numfmt.BigCommas(n))
		if sym != nil {
			line += fmt.Sprintf(", %s essentially different (a group of order %s, %d classes of moves)", numfmt.BigCommas(sym.Grids), numfmt.BigCommas(sym.Order), len(sym.Classes))
		}
		fs.Errorf("%s, %d pieces, in %s", line, plan.Pieces(), numfmt.Duration(elapsed))
	}
	return code
}

// piecesJSON is what count-grids -pieces -json prints.
type piecesJSON struct {
	Shape      string      `json:"shape"`
	Factor     string      `json:"factor"`
	Transposed bool        `json:"transposed"`
	Pieces     []pieceJSON `json:"pieces"`
}

type pieceJSON struct {
	Weight  uint64   `json:"weight"`
	Columns []string `json:"columns"`
}

// printPieces lists the plan: the factor, then each piece's weight and
// first-band column sets (digits 1..N; the grid turned when the plan is).
func printPieces(fs *cli.FlagSet, plan *grids.Plan, r, c int, asJSON bool) int {
	w := fs.Output()
	j := piecesJSON{Shape: fmt.Sprintf("%dx%d", r, c), Factor: plan.Factor().String(), Transposed: plan.Transposed()}
	if !asJSON {
		turned := ""
		if plan.Transposed() {
			turned = " (turned: columns for rows)"
		}
		fmt.Fprintf(w, "factor %s, %d pieces%s\n", j.Factor, plan.Pieces(), turned)
	}
	for i := range plan.Pieces() {
		weight, cols, err := plan.Piece(i)
		if err != nil {
			return fs.Failf("%v", err)
		}
		pj := pieceJSON{Weight: weight}
		for _, m := range cols {
			var b []byte
			for d := range 16 {
				if m&(1<<d) != 0 {
					b = append(b, "123456789ABC"[d])
				}
			}
			pj.Columns = append(pj.Columns, string(b))
		}
		if asJSON {
			j.Pieces = append(j.Pieces, pj)
		} else {
			fmt.Fprintf(w, "%d %d %s\n", i, weight, strings.Join(pj.Columns, " "))
		}
	}
	if asJSON {
		jsonfmt.NewEncoder(w).Encode(j)
	}
	return fs.Finish(w, cli.ExitOK)
}

// countOnePiece prints piece i's part of the sum.
func countOnePiece(ctx context.Context, fs *cli.FlagSet, plan *grids.Plan, r, c, i, workers int, asJSON bool) int {
	v, err := plan.CountPiece(ctx, i, grids.Options{Workers: workers})
	if err != nil {
		if ctx.Err() != nil {
			if asJSON {
				fs.ErrorRecord(jsonfmt.CodeCanceled, errors.New("interrupted"))
			}
			return fs.Failf("interrupted")
		}
		if asJSON {
			fs.ErrorRecord(jsonfmt.CodeBadRequest, err)
		}
		return fs.Usagef("%v", err)
	}
	w := fs.Output()
	if asJSON {
		jsonfmt.NewEncoder(w).Encode(struct {
			Shape  string `json:"shape"`
			Piece  int    `json:"piece"`
			Part   string `json:"part"`
			Factor string `json:"factor"`
		}{fmt.Sprintf("%dx%d", r, c), i, v.String(), plan.Factor().String()})
	} else {
		fmt.Fprintln(w, v)
	}
	return fs.Finish(w, cli.ExitOK)
}
