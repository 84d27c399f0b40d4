package main

import (
	"bytes"
	"context"
	"errors"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/sudoku"
)

const solveDoc = `Solves every puzzle of the files (standard input when none, or "-"), in
parallel, and prints the solutions in input order, each in the format its
puzzle came in. A puzzle without a solution prints the line "no solution",
one with clashing givens "invalid: r1c1 and r1c5 both 7", an unreadable one
"error: line L, column C: ..."; processing goes on. With -json, one record
per puzzle (docs/formats.md). A summary goes to standard error. Exit
status: 0 when every puzzle was solved, 1 otherwise or when the output
could not be written, 2 for usage or input errors (a missing file).`

// Tallies of solve.
const (
	solveSolved tally = iota
	solveNone
	solveInvalid
)

func runSolve(ctx context.Context, e *cli.Env, args []string) int {
	b, files, code, ok := newBatch(e, "solve", "[flags] [FILE...]", solveDoc, nil, args)
	if !ok {
		return code
	}
	b.tallies = []string{"solved", "no solution", "invalid"}
	b.failed = func(t tally) bool { return t != solveSolved }
	b.process = func(ctx context.Context, s *sudoku.Solver, p *puzzle, buf *bytes.Buffer) tally {
		// The solution goes into the worker's grid: no allocation per
		// puzzle.
		if p.scratch == nil {
			p.scratch = new(sudoku.Grid)
		}
		sol, err := s.SolveInto(ctx, p.Grid, p.scratch)
		switch {
		case err == nil:
			if b.cfg.json {
				r := b.newJSON(p, "solved")
				r.Solution = gridText(sol, p.Format)
				writeJSON(buf, r)
				return solveSolved
			}
			// Appended in place: sudoku.WriteGrid would go through a
			// buffer of its own.
			text, err := sudoku.AppendGrid(buf.AvailableBuffer(), sol, p.Format)
			if err != nil {
				return b.otherError(buf, p, err)
			}
			buf.Write(text)
			return solveSolved
		case errors.Is(err, sudoku.ErrNoSolution):
			if b.cfg.json {
				writeJSON(buf, b.newJSON(p, "no solution"))
			} else {
				writeMarker(buf, p, "no solution")
			}
			return solveNone
		}
		return b.solveFailed(buf, p, err)
	}
	return b.run(ctx, e, files)
}

// solveFailed writes what solve prints for err, an error other than
// sudoku.ErrNoSolution: the clashes of an invalid puzzle, else the error.
// Out of process because the variable errors.As fills moves to the heap:
// declared there, it cost an allocation per puzzle.
func (b *batch) solveFailed(buf *bytes.Buffer, p *puzzle, err error) tally {
	var ie *sudoku.InvalidError
	if errors.As(err, &ie) {
		b.writeInvalid(buf, p, ie.Clashes, ie.Digits, ie.Broken)
		return solveInvalid
	}
	return b.otherError(buf, p, err)
}

// newBatch parses the flags of a batch command: those of every batch
// command, and those that more adds. It returns ok false with the exit
// status when the command must stop.
func newBatch(e *cli.Env, name, synopsis, doc string, more func(fs *cli.FlagSet) func() error, args []string) (b *batch, files []string, code int, ok bool) {
	fs := cli.NewFlagSet(e, "sudoku "+name, synopsis, doc)
	var pf puzzleFlags
	pf.add(fs)
	check := func() error { return nil }
	if more != nil {
		check = more(fs)
	}
	files, code, ok = fs.Parse(args)
	if !ok {
		return nil, nil, code, false
	}
	if err := check(); err != nil {
		return nil, nil, fs.Usagef("%v", err), false
	}
	cfg, err := pf.config()
	if err != nil {
		return nil, nil, fs.Usagef("%v", err), false
	}
	return &batch{fs: fs, cfg: cfg}, files, 0, true
}

// writeInvalid prints the clashes of an invalid puzzle and the
// constraints of its variant its givens break.
func (b *batch) writeInvalid(buf *bytes.Buffer, p *puzzle, clashes [][2]int, digits []int, broken []string) {
	n := p.Grid.N()
	if b.cfg.json {
		r := b.newJSON(p, "invalid")
		r.Clashes = clashNames(clashes, n)
		r.Broken = broken
		writeJSON(buf, r)
		return
	}
	text := clashText(clashes, digits, n, p.Format)
	for _, s := range broken {
		if text != "" {
			text += "; "
		}
		text += s
	}
	writeMarker(buf, p, "invalid: "+text)
}
