package main

import (
	"bytes"
	"context"
	"slices"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

const solveSummary = `Reads an exact cover problem from FILE (standard input when FILE is absent
or "-") and prints its solutions, the first one by default.

Output: in Knuth's format, each solution as its option lines in input order,
solutions separated by a blank line. In the matrix and sparse formats, each
solution on one line as its 1-based row numbers in ascending order separated
by single spaces. No solution: nothing is printed, standard error says "no
solution" and the exit status is 1, as for sudoku solve; except with
-format matrix (without -json), which follows the online judge's program it
mirrors: "No Solution!" on standard output and exit status 0.
With -json, one JSON object per line and solution:
  {"index":1,"options":[0,3],"lines":["a b","c d"]}    (knuth)
  {"index":1,"options":[0,2],"rows":[1,3]}              (matrix, sparse)
where index counts the solutions from 1 and options are the 0-based option
indices in ascending order; {"status":"no solution"} when there is none.
Ctrl-C stops the search: the solutions found so far stay printed, standard
error says "partial: interrupted" and the exit status is 1.

Costs (Knuth's DLX5): an option line may hold tokens "|n", n a decimal
number, after its first item; the option costs their sum ("a b |3"). -min
prints a cheapest solution, -k K the K cheapest in order of cost, each as
a line "| cost C" (a comment in Knuth's format) and its option lines; with
-json each record has "cost": {"index":1,"cost":5,"options":[0],"lines":
["a b |5"]}. Ctrl-C prints the best found so far (then "partial:
interrupted", exit status 1). -n, -seed and -workers do not apply; -all
is an error.
` + limitsHelp

// solutionJSON is one line of "dlx solve -json".
type solutionJSON struct {
	Index   int64    `json:"index"`
	Cost    *int64   `json:"cost,omitempty"` // -min
	Options []int    `json:"options"`
	Lines   []string `json:"lines,omitempty"`
	Rows    []int    `json:"rows,omitempty"`
}

// statusJSON is the line of "dlx solve -json" when there is no solution.
type statusJSON struct {
	Status string `json:"status"`
}

func runSolve(ctx context.Context, e *cli.Env, args []string) int {
	f := newSearchFlags(e, "solve", solveSummary)
	in, prog, code, ok := f.start(e, args)
	if !ok {
		return code
	}
	if f.min || f.k != 0 {
		return runMinCost(ctx, f, in, prog)
	}
	limit := f.n
	if f.all {
		limit = 0
	}
	p := in.problem
	s := exactcover.NewSolver(p)
	if code := f.choosePiece(s, p); code != 0 {
		prog.done()
		return code
	}
	sctx, cancel := f.withTimeLimit(ctx)
	defer cancel()
	w := f.Output()
	var buf bytes.Buffer
	enc := jsonfmt.NewEncoder(&buf)
	var sorted []int
	var count int64
	var werr error
	start := time.Now()
	for sol := range s.Solutions(sctx, f.options(f.solveLimit(limit), prog)) {
		count++
		if !f.printed(count) {
			continue
		}
		sorted = append(sorted[:0], sol...)
		slices.Sort(sorted)
		buf.Reset()
		switch {
		case f.json:
			j := solutionJSON{Index: count, Options: sorted}
			if in.matrix != nil {
				j.Rows = in.matrix.RowNumbers(sorted)
			} else {
				for _, i := range sorted {
					j.Lines = append(j.Lines, p.OptionString(i))
				}
			}
			enc.Encode(j)
		case in.matrix != nil:
			buf.WriteString(in.matrix.FormatSolution(sorted))
			buf.WriteByte('\n')
		default:
			if count > f.every { // not the first solution printed
				buf.WriteByte('\n')
			}
			for _, i := range sorted {
				buf.WriteString(p.OptionString(i))
				buf.WriteByte('\n')
			}
		}
		if _, werr = w.Write(buf.Bytes()); werr == nil && prog != nil {
			werr = w.Flush() // keep the output in step with the progress line
		}
		if werr != nil {
			break // the output is lost: stop searching
		}
	}
	elapsed := time.Since(start)
	prog.done()
	err := s.Err()
	reason := f.stopReason(ctx, err)
	if count == 0 && err == nil {
		switch {
		case f.json:
			enc.Encode(statusJSON{Status: "no solution"})
			w.Write(buf.Bytes())
		case f.judge():
			w.WriteString("No Solution!\n")
		}
	}
	if code := f.Finish(w, 0); code != 0 {
		return code
	}
	if f.stats {
		f.Errorf("%s", countfmt.Stats(s.Stats(), elapsed))
	}
	switch {
	case reason != "":
		return f.Failf("%s after %s", partial(reason), countfmt.Plural(count, "solution", "solutions"))
	case err != nil:
		return f.Failf("%v", err)
	case count == 0:
		return f.noSolution()
	}
	return 0
}

// judge reports whether the output follows the online judge's program
// that the matrix format mirrors: "No Solution!" on standard output and
// exit status 0 when there is no solution (-format matrix without -json).
func (f *searchFlags) judge() bool { return f.format == "matrix" && !f.json }

// noSolution ends a search that found no solution: exit status 1 with
// "no solution" on standard error (unless -quiet), as sudoku solve does;
// 0 for the judge's matrix output, which printed "No Solution!".
func (f *searchFlags) noSolution() int {
	if f.judge() {
		return cli.ExitOK
	}
	if !f.quiet {
		f.Errorf("no solution")
	}
	return cli.ExitFail
}
