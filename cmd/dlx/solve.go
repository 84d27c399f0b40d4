package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/dlxkit/dlx/exactcover"
)

const solveSummary = `Reads an exact cover problem from FILE (standard input when FILE is absent
or "-") and prints its solutions, the first one by default.

Output: in Knuth's format, each solution as its option lines in input order,
solutions separated by a blank line (nothing is printed when there is no
solution; standard error says so). In the matrix and sparse formats, each
solution on one line as its 1-based row numbers in ascending order separated
by single spaces, or "No Solution!" when there is none.
With -json, one JSON object per line and solution:
  {"solution":1,"options":[0,3],"lines":["a b","c d"]}          (knuth)
  {"solution":1,"options":[0,2],"rows":[1,3]}                    (matrix, sparse)
where options are the 0-based option indices in ascending order.
Ctrl-C stops the search: the solutions found so far stay printed, standard
error says "partial: interrupted" and the exit status is 1.`

// solutionJSON is one line of "dlx solve -json".
type solutionJSON struct {
	Solution int64    `json:"solution"`
	Options  []int    `json:"options"`
	Lines    []string `json:"lines,omitempty"`
	Rows     []int    `json:"rows,omitempty"`
}

func runSolve(ctx context.Context, e *env, args []string) int {
	fs, f := newSearchFlags("solve", solveSummary, e)
	file, code, ok := parseArgs(fs, f, e, args)
	if !ok {
		return code
	}
	in, code := readInput(e, "solve", file, f.format)
	if in == nil {
		return code
	}
	limit := f.n
	if f.all {
		limit = 0
	}
	p := in.problem
	prog := newProgress(e, f.quiet)
	s := exactcover.NewSolver(p)
	w := bufio.NewWriter(e.stdout)
	enc := json.NewEncoder(w)
	var sorted []int
	var count int64
	start := time.Now()
	for sol := range s.Solutions(ctx, f.options(limit, prog)) {
		count++
		sorted = append(sorted[:0], sol...)
		slices.Sort(sorted)
		switch {
		case f.json:
			j := solutionJSON{Solution: count, Options: sorted}
			if in.matrix != nil {
				j.Rows = in.matrix.RowNumbers(sorted)
			} else {
				for _, i := range sorted {
					j.Lines = append(j.Lines, p.OptionString(i))
				}
			}
			enc.Encode(j)
		case in.matrix != nil:
			w.WriteString(in.matrix.FormatSolution(sorted))
			w.WriteByte('\n')
		default:
			if count > 1 {
				w.WriteByte('\n')
			}
			for _, i := range sorted {
				w.WriteString(p.OptionString(i))
				w.WriteByte('\n')
			}
		}
		if prog != nil {
			w.Flush() // keep the output in step with the progress line
		}
	}
	elapsed := time.Since(start)
	prog.done()
	err := s.Err()
	stopped := interrupted(ctx, err)
	if count == 0 && err == nil && in.matrix != nil && !f.json {
		w.WriteString("No Solution!\n")
	}
	if ferr := w.Flush(); ferr != nil {
		fmt.Fprintf(e.stderr, "dlx solve: %v\n", ferr)
		return 1
	}
	if f.stats {
		fmt.Fprintf(e.stderr, "dlx solve: %s\n", statsLine(s.Stats(), elapsed))
	}
	switch {
	case stopped:
		fmt.Fprintf(e.stderr, "dlx solve: partial: interrupted after %d solutions\n", count)
		return 1
	case err != nil:
		fmt.Fprintf(e.stderr, "dlx solve: %v\n", err)
		return 1
	case count == 0 && in.matrix == nil && !f.quiet:
		fmt.Fprintf(e.stderr, "dlx solve: no solution\n")
	}
	return 0
}
