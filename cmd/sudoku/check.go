package main

import (
	"bytes"
	"context"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/sudoku"
)

const checkDoc = `Prints the verdict on every puzzle of the inputs (standard input when none,
or "-"), one line per puzzle in input order: "unique", "multiple", "no
solution", or "invalid: r1c1 and r1c5 both 7" naming the clashing givens;
an unreadable puzzle prints "error: ...". With -json, one record per puzzle
(docs/formats.md). A summary goes to standard error. Exit status: 0 when
every puzzle has a unique solution, 1 otherwise or when the output could
not be written, 2 for usage or input errors (a missing file).`

// Tallies of check, in the order of sudoku.VerdictKind.
const (
	checkInvalid tally = iota
	checkNone
	checkUnique
	checkMultiple
)

func runCheck(ctx context.Context, e *cli.Env, args []string) int {
	b, files, code, ok := newBatch(e, "check", "[flags] [FILE|PUZZLE...]", checkDoc, nil, args)
	if !ok {
		return code
	}
	b.tallies = []string{"invalid", "no solution", "unique", "multiple"}
	b.failed = func(t tally) bool { return t != checkUnique }
	b.process = func(ctx context.Context, s *sudoku.Solver, p *puzzle, buf *bytes.Buffer) tally {
		v, err := s.Check(ctx, p.Grid)
		if err != nil {
			return b.otherError(buf, p, err)
		}
		switch {
		case v.Kind == sudoku.Invalid:
			b.writeInvalid(buf, p, v.Invalid.Clashes, v.Invalid.Digits, v.Invalid.Broken)
		case b.cfg.json:
			r := b.newJSON(p, v.Kind.String())
			if v.Solution != nil {
				r.Solution = gridText(v.Solution, p.Format)
			}
			writeJSON(buf, r)
		default:
			writeMarker(buf, p, v.Kind.String())
		}
		return tally(v.Kind - sudoku.Invalid)
	}
	return b.run(ctx, e, files)
}
