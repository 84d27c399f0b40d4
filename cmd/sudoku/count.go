package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/sudoku"
)

const countDoc = `Counts the solutions of every puzzle of the inputs (standard input when
none, or "-"), in parallel, and prints one line per puzzle in input order:
the number of solutions, or the limit followed by "+" ("2+") when the count
stopped at the limit; Ctrl-C stops the count of the puzzle in hand and
prints its count so far as "N+ (interrupted)". A puzzle with clashing givens prints "invalid: r1c1
and r1c5 both 7", an unreadable one "error: ...". With -json, one record
per puzzle (docs/formats.md). A summary goes to standard error. Exit
status: 0 when every puzzle was counted (zero solutions is a count), 1 when
one was invalid or unreadable or the output could not be written, 2 for
usage or input errors (a missing file).`

// Tallies of count.
const (
	countNone tally = iota
	countOne
	countMore
	countInvalid
)

func runCount(ctx context.Context, e *cli.Env, args []string) int {
	var limit int
	flags := func(fs *cli.FlagSet) func() error {
		fs.IntVar(&limit, "limit", 1000, "stop counting at `N` solutions (0: count them all)")
		return func() error {
			if limit < 0 {
				return fmt.Errorf("-limit %d: want 0 or more", limit)
			}
			return nil
		}
	}
	b, files, code, ok := newBatch(e, "count", "[flags] [FILE|PUZZLE...]", countDoc, flags, args)
	if !ok {
		return code
	}
	lim := limit
	if lim == 0 {
		lim = -1 // Solver.Count: no limit
	}
	b.tallies = []string{"with no solution", "with one", "with several", "invalid"}
	b.failed = func(t tally) bool { return t == countInvalid }
	b.process = func(ctx context.Context, s *sudoku.Solver, p *puzzle, buf *bytes.Buffer) tally {
		n, err := s.Count(ctx, p.Grid, lim)
		stopped := ""
		switch {
		case err == nil:
		case ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)):
			stopped = jsonfmt.StoppedInterrupted // Ctrl-C: write the count so far
		default:
			return b.countFailed(buf, p, err)
		}
		if stopped == "" && lim > 0 && n >= lim {
			stopped = jsonfmt.StoppedLimit
		}
		if b.cfg.json {
			r := b.newJSON(p, "counted")
			count, complete := n, stopped == "" // copies: n stays off the heap
			r.Count, r.Complete = &count, &complete
			r.Stopped = stopped
			writeJSON(buf, r)
		} else {
			text := strconv.AppendInt(buf.AvailableBuffer(), int64(n), 10)
			switch stopped {
			case jsonfmt.StoppedLimit:
				text = append(text, '+')
			case jsonfmt.StoppedInterrupted:
				text = append(text, "+ (interrupted)"...)
			}
			buf.Write(text)
			writeMarker(buf, p, "")
		}
		if stopped == jsonfmt.StoppedInterrupted {
			return partial
		}
		switch n {
		case 0:
			return countNone
		case 1:
			return countOne
		}
		return countMore
	}
	return b.run(ctx, e, files)
}

// countFailed writes what count prints for err, an error that is not an
// interrupt: the clashes of an invalid puzzle, else the error. Out of
// process because the variable errors.As fills moves to the heap.
func (b *batch) countFailed(buf *bytes.Buffer, p *puzzle, err error) tally {
	var ie *sudoku.InvalidError
	if errors.As(err, &ie) {
		b.writeInvalid(buf, p, ie.Clashes, ie.Digits, ie.Broken)
		return countInvalid
	}
	return b.otherError(buf, p, err)
}
