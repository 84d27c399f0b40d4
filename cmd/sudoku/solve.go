package main

import (
	"bytes"
	"context"
	"errors"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/sudoku"
)

const solveDoc = `Solves every puzzle of the inputs (standard input when none, or "-"), in
parallel, and prints the solutions in input order, each in the format its
puzzle came in. A puzzle without a solution prints the line "no solution",
one with clashing givens "invalid: r1c1 and r1c5 both 7", an unreadable one
"error: line L, column C: ..."; processing goes on. A puzzle with several
solutions prints the first found, and standard error says so ("multiple":
true with -json); looking for a second solution costs the rest of the
search (on the hardest 9x9 puzzles, about as much again as the first):
-first leaves it out. With -json, one record
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
	var first bool
	flags := func(fs *cli.FlagSet) func() error {
		fs.BoolVar(&first, "first", false, "print the first solution found without looking for a second one (faster on hard puzzles: a puzzle with several solutions goes unnoticed)")
		return nil
	}
	b, files, code, ok := newBatch(e, "solve", "[flags] [FILE|PUZZLE...]", solveDoc, flags, args)
	if !ok {
		return code
	}
	limit := 2 // a count to 2: a puzzle with several solutions says so
	if first {
		limit = 1
	}
	b.tallies = []string{"solved", "no solution", "invalid"}
	b.failed = func(t tally) bool { return t != solveSolved }
	b.process = func(ctx context.Context, s *sudoku.Solver, p *puzzle, buf *bytes.Buffer) tally {
		// The solution goes into the worker's grid: no allocation per
		// puzzle.
		if p.scratch == nil {
			p.scratch = new(sudoku.Grid)
		}
		sol, n, err := s.SolveIntoCount(ctx, p.Grid, p.scratch, limit)
		switch {
		case err == nil:
			if n > 1 {
				p.errMsg = b.errorText(p.src, p.Line, errSeveral)
			}
			if b.cfg.json {
				r := b.newJSON(p, "solved")
				r.Solution = gridText(sol, p.Format)
				r.Multiple = n > 1
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

// errSeveral is the note of solve on a puzzle with several solutions.
var errSeveral = errors.New("several solutions; the one printed is the first found")

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

// inputsDoc is the paragraph of the batch commands' help on their inputs.
const inputsDoc = `Each argument is a file of puzzles, "-" for standard input, or a puzzle
itself (sudoku solve 4.....8.5.3...): a file of that name wins, and an
argument that is neither a file nor a puzzle is an input error. A line may
also hold an f-puzzles or SudokuPad link, its payload or f-puzzles JSON, read
as sudoku import reads it (docs/import.md). Errors go to standard error; the output keeps a line for each puzzle that could not
be read ("error: ...", or a record with -json).`

// newBatch parses the flags of a batch command: those of every batch
// command, and those that more adds. It returns ok false with the exit
// status when the command must stop.
func newBatch(e *cli.Env, name, synopsis, doc string, more func(fs *cli.FlagSet) func() error, args []string) (b *batch, files []string, code int, ok bool) {
	fs := cli.NewFlagSet(e, "sudoku "+name, synopsis, doc+"\n\n"+inputsDoc)
	var pf puzzleFlags
	pf.add(fs)
	check := func() error { return nil }
	if more != nil {
		if c := more(fs); c != nil {
			check = c
		}
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
