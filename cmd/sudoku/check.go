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
	register(command{name: "check", short: "tell whether each puzzle is invalid, unsolvable, unique or multiple", run: runCheck})
}

const checkUsage = `Usage: sudoku check [flags] [FILE...]

Prints the verdict on every puzzle of the files (standard input when none),
one line per puzzle in input order: "unique", "multiple", "no solution", or
"invalid: r1c1 and r1c5 both 7" naming the clashing givens; an unreadable
puzzle prints "error: ...". A summary goes to standard error. Exit status:
0 when every puzzle has a unique solution, 1 otherwise, 2 for usage or input
errors.

Flags:
`

// Tallies of check, in the order of sudoku.VerdictKind.
const (
	checkInvalid tally = iota
	checkNone
	checkUnique
	checkMultiple
)

func runCheck(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var pf puzzleFlags
	pf.add(fs)
	fs.Usage = func() { fmt.Fprint(fs.Output(), checkUsage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cfg, err := pf.config()
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku check: %v\n", err)
		return 2
	}
	b := &batch{
		name:    "check",
		cfg:     cfg,
		tallies: []string{"invalid", "no solution", "unique", "multiple"},
		failed:  func(t tally) bool { return t != checkUnique },
	}
	b.process = func(ctx context.Context, s *sudoku.Solver, p *sudoku.Puzzle, buf *bytes.Buffer) tally {
		v, err := s.Check(ctx, p.Grid)
		if err != nil {
			return b.otherError(buf, p, err)
		}
		if cfg.json {
			r := newJSON(p, v.Kind.String())
			if v.Kind == sudoku.Invalid {
				r.Clashes = clashNames(v.Clashes, v.N)
			}
			if v.Solution != nil {
				r.Solution = v.Solution.String()
			}
			writeJSON(buf, r)
		} else {
			writeMarker(buf, p, v.String())
		}
		return tally(v.Kind - sudoku.Invalid)
	}
	return b.run(ctx, e, fs.Args())
}
