package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dlxkit/dlx/exactcover"
)

const countSummary = `Reads an exact cover problem from FILE (standard input when FILE is absent
or "-") and prints the number of its solutions as one line.
With -json, one JSON object instead:
  {"solutions":92,"nodes":1049,"updates":16680,"partial":false}
(nodes and updates as Knuth's DLX1 counts them). With -stats, standard error
gets the nodes, updates, time and updates per second.
On a terminal, standard error shows a progress line during a long count
(-quiet turns it off). Ctrl-C stops the count: the count so far is printed,
standard error says "partial: interrupted" and the exit status is 1.`

// countJSON is the output of "dlx count -json".
type countJSON struct {
	Solutions int64 `json:"solutions"`
	Nodes     int64 `json:"nodes"`
	Updates   int64 `json:"updates"`
	Partial   bool  `json:"partial"`
}

func runCount(ctx context.Context, e *env, args []string) int {
	fs, f := newSearchFlags("count", countSummary, e)
	file, code, ok := parseArgs(fs, f, e, args)
	if !ok {
		return code
	}
	in, code := readInput(e, "count", file, f.format)
	if in == nil {
		return code
	}
	prog := newProgress(e, f.quiet)
	s := exactcover.NewSolver(in.problem)
	start := time.Now()
	n, err := s.Count(ctx, f.options(f.n, prog))
	elapsed := time.Since(start)
	prog.done()
	st := s.Stats()
	stopped := interrupted(ctx, err)
	if err != nil && !stopped {
		fmt.Fprintf(e.stderr, "dlx count: %v\n", err)
		return 1
	}
	if f.json {
		b, _ := json.Marshal(countJSON{Solutions: n, Nodes: st.Nodes, Updates: st.Updates, Partial: stopped})
		fmt.Fprintf(e.stdout, "%s\n", b)
	} else {
		fmt.Fprintf(e.stdout, "%d\n", n)
	}
	if f.stats {
		fmt.Fprintf(e.stderr, "dlx count: %s\n", statsLine(st, elapsed))
	}
	if stopped {
		fmt.Fprintf(e.stderr, "dlx count: partial: interrupted\n")
		return 1
	}
	return 0
}
