package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/dlxkit/dlx/sudoku"
)

func init() {
	register(command{name: "solve", short: "solve every puzzle of the input, in parallel", run: runSolve})
}

const solveUsage = `Usage: sudoku solve [flags] [FILE...]

Solves every puzzle of the files (standard input when none), in parallel, and
prints the solutions in input order, each in the format its puzzle came in.
A puzzle without a solution prints the line "no solution", one with clashing
givens "invalid: r1c1 and r1c5 both 7", an unreadable one "error: line L,
column C: ..."; processing goes on. A summary goes to standard error.
Exit status: 0 when every puzzle was solved, 1 otherwise, 2 for usage or
input errors.

Flags:
`

// Tallies of solve.
const (
	solveSolved tally = iota
	solveNone
	solveInvalid
)

func runSolve(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var pf puzzleFlags
	pf.add(fs)
	fs.Usage = func() { fmt.Fprint(fs.Output(), solveUsage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cfg, err := pf.config()
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku solve: %v\n", err)
		return 2
	}
	b := &batch{
		name:    "solve",
		cfg:     cfg,
		tallies: []string{"solved", "no solution", "invalid"},
		failed:  func(t tally) bool { return t != solveSolved },
	}
	b.process = func(ctx context.Context, s *sudoku.Solver, p *sudoku.Puzzle, buf *bytes.Buffer) tally {
		sol, err := s.Solve(ctx, p.Grid)
		var ie *sudoku.InvalidError
		switch {
		case err == nil:
			if cfg.json {
				r := newJSON(p, "solved")
				r.Solution = sol.String()
				writeJSON(buf, r)
			} else if err := sudoku.WriteGrid(buf, sol, p.Format); err != nil {
				return b.otherError(buf, p, err)
			}
			return solveSolved
		case errors.Is(err, sudoku.ErrNoSolution):
			if cfg.json {
				writeJSON(buf, newJSON(p, "no solution"))
			} else {
				writeMarker(buf, p, "no solution")
			}
			return solveNone
		case errors.As(err, &ie):
			writeInvalid(buf, p, ie, cfg.json)
			return solveInvalid
		}
		return b.otherError(buf, p, err)
	}
	return b.run(ctx, e, fs.Args())
}

// writeInvalid prints the clashes of an invalid puzzle.
func writeInvalid(buf *bytes.Buffer, p *sudoku.Puzzle, ie *sudoku.InvalidError, asJSON bool) {
	v := sudoku.Verdict{Kind: sudoku.Invalid, Clashes: ie.Clashes, Digits: ie.Digits, N: ie.N}
	if asJSON {
		r := newJSON(p, "invalid")
		r.Clashes = clashNames(ie.Clashes, ie.N)
		writeJSON(buf, r)
		return
	}
	writeMarker(buf, p, v.String())
}
