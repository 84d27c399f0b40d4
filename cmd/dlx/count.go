package main

import (
	"context"
	"fmt"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

const countSummary = `Reads an exact cover problem from FILE (standard input when FILE is absent
or "-") and prints the number of its solutions as one line.
With -json, one JSON object instead:
  {"solutions":92,"nodes":1049,"updates":16680,"complete":true}
(nodes and updates as the engine counts them: with -engine links, as Knuth's
DLX1 does; -engine cells counts SSXCC's nodes, a few fewer where items
have at most 64 options and no colors (docs/exactcover.md), and bits
DLX1's nodes); a
count stopped by -n or Ctrl-C has "complete":false and "stopped":"limit" or
"interrupted". With -stats, standard error gets the nodes, updates, time and
updates per second.
On a terminal, standard error shows a progress line during a long count
(-quiet turns it off). Ctrl-C stops the count: the count so far is printed,
standard error says "partial: interrupted" and the exit status is 1.
` + limitsHelp + `

Cluster: -cluster URL counts on a NATS JetStream cluster (docs/cluster.md):
the problem is checked here, stored once on the server, split into pieces
(-depth D, or -pieces N: at least N; by default pieces of a few tenths of
a second each, from an estimate of the search) queued for "dlx worker"
processes on any machine, and their counts are added up. The job's ID
comes first, on standard error (on standard output with -detach). The
progress line says the pieces done, the solutions so far, the rate and the
time left; -json adds "job" and "pieces"; nodes and updates leave out the
levels above the pieces. -detach prints the job's ID and exits: "dlx jobs
wait ID" prints the total. Ctrl-C (or SIGTERM, SIGHUP) stops the waiting,
not the job.`

func runCount(ctx context.Context, e *cli.Env, args []string) int {
	f := newSearchFlags(e, "count", countSummary)
	file, code, ok := f.parse(args)
	if !ok {
		return code
	}
	if f.cluster.URL != "" {
		return runCountCluster(ctx, e, f, file)
	}
	for _, name := range countClusterOnly {
		if f.IsSet(name) {
			return f.Usagef("-%s needs -cluster URL", name)
		}
	}
	in, code := f.readInput(e, file)
	if in == nil {
		return code
	}
	prog := newProgress(e, f.quiet, f.progressEvery)
	s := exactcover.NewSolver(in.problem)
	if code := f.choosePiece(s, in.problem); code != 0 {
		prog.done()
		return code
	}
	sctx, cancel := f.withTimeLimit(ctx)
	start := time.Now()
	n, err := s.Count(sctx, f.options(f.n, prog))
	elapsed := time.Since(start)
	cancel()
	prog.done()
	st := s.Stats()
	reason := f.stopReason(ctx, err)
	stopped := reason != ""
	if err != nil && !stopped {
		return f.Failf("%v", err)
	}
	w := f.Output()
	if f.json {
		j := countfmt.Count{Solutions: n, Nodes: st.Nodes, Updates: st.Updates, Complete: true}
		switch {
		case stopped:
			j.Complete, j.Stopped = false, reason
		case f.n > 0 && n >= f.n:
			j.Complete, j.Stopped = false, jsonfmt.StoppedLimit
		}
		jsonfmt.NewEncoder(w).Encode(j)
	} else {
		fmt.Fprintf(w, "%d\n", n)
	}
	code = f.Finish(w, 0)
	if f.stats {
		f.Errorf("%s", countfmt.Stats(st, elapsed))
	}
	if stopped {
		f.Errorf("%s", partial(reason))
		return cli.ExitFail
	}
	return code
}
