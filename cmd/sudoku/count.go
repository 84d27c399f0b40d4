package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"

	"github.com/dlxkit/dlx/sudoku"
)

func init() {
	register(command{name: "count", short: "count the solutions of every puzzle, up to a limit", run: runCount})
}

const countUsage = `Usage: sudoku count [flags] [FILE...]

Counts the solutions of every puzzle of the files (standard input when none),
in parallel, and prints one line per puzzle in input order: the number of
solutions, or the limit followed by "+" ("2+") when the count stopped at the
limit. A puzzle with clashing givens prints "invalid: r1c1 and r1c5 both 7",
an unreadable one "error: ...". A summary goes to standard error. Exit
status: 0 when every puzzle was counted (zero solutions is a count), 1 when
one was invalid or unreadable, 2 for usage or input errors.

Flags:
`

// Tallies of count.
const (
	countNone tally = iota
	countOne
	countMore
	countInvalid
)

func runCount(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("count", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var pf puzzleFlags
	pf.add(fs)
	limit := fs.Int("limit", 1000, "stop counting at `N` solutions (0: count them all)")
	fs.Usage = func() { fmt.Fprint(fs.Output(), countUsage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if *limit < 0 {
		fmt.Fprintf(e.stderr, "sudoku count: -limit %d: want 0 or more\n", *limit)
		return 2
	}
	cfg, err := pf.config()
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku count: %v\n", err)
		return 2
	}
	lim := *limit
	if lim == 0 {
		lim = -1 // Solver.Count: no limit
	}
	b := &batch{
		name:    "count",
		cfg:     cfg,
		tallies: []string{"with no solution", "with one", "with several", "invalid"},
		failed:  func(t tally) bool { return t == countInvalid },
	}
	b.process = func(ctx context.Context, s *sudoku.Solver, p *sudoku.Puzzle, buf *bytes.Buffer) tally {
		n, err := s.Count(ctx, p.Grid, lim)
		var ie *sudoku.InvalidError
		switch {
		case errors.As(err, &ie):
			writeInvalid(buf, p, ie, cfg.json)
			return countInvalid
		case err != nil:
			return b.otherError(buf, p, err)
		}
		reached := lim > 0 && n >= lim
		if cfg.json {
			r := newJSON(p, "counted")
			r.Count = &n
			r.LimitReached = reached
			writeJSON(buf, r)
		} else {
			text := strconv.Itoa(n)
			if reached {
				text += "+"
			}
			writeMarker(buf, p, text)
		}
		switch n {
		case 0:
			return countNone
		case 1:
			return countOne
		}
		return countMore
	}
	return b.run(ctx, e, fs.Args())
}
