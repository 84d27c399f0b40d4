package main

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
)

// defaultSamples is the default of estimate -samples: on queens13,
// langford11 and pento6x10 the median of 5 runs is within 25% of the
// true node count and a run takes well under a second (docs/exactcover.md).
const defaultSamples = 10000

// calibrateFor is how long estimate runs the real search to measure its
// speed on the problem.
const calibrateFor = 200 * time.Millisecond

const estimateSummary = `Reads an exact cover problem from FILE (standard input when FILE is absent
or "-") and estimates the size of the search that "dlx count" would make,
with Knuth's Monte Carlo method: each sample follows one random path from
the root of the search tree to a leaf, branching on the item the search
branches on (the first one with the fewest options) and taking one of its
options at random; a node at depth d stands for the product of the numbers
of options above it. The mean of the samples estimates the nodes, updates
and solutions of the full search (as "dlx count -stats" counts them), and
"sd" is the samples' standard deviation ("se", the standard error of the
mean, is sd over the square root of the number of samples). The time is
the estimated updates at the speed the search makes on this problem,
measured by running it for up to 0.2 s (or the time of the whole search,
when it is done in that time). -seed 0 (the default) takes a seed from the
clock and prints it. With -sub PIECE, the estimate is of one piece (see
"dlx split").
-engine names the engine whose time is predicted. links and bits walk the
estimated tree (DLX1's): the time is the estimate at that engine's measured
speed (updates per second for links, nodes per second for bits). auto, the
default, takes the engine "dlx count" would take when it is one of these,
else links. cells branches on one option at a time, a tree this estimate
does not measure: it is refused.
With -json, one object:
  {"samples":10000,"seed":1,"nodes":1.0e6,"nodes_sd":...,"updates":...,
   "updates_sd":...,"solutions":...,"solutions_sd":...,"max_depth":13,
   "updates_per_s":5.1e7,"time_ms":350,"exact":false,"estimate_ms":12.5,
   "engine":"links"}
("exact" is true when the measuring run finished the whole search: its
time is then the time_ms).`

type estimateFlags struct {
	searchFlags
	samples int
}

func runEstimate(ctx context.Context, e *cli.Env, args []string) int {
	f := &estimateFlags{searchFlags: searchFlags{FlagSet: cli.NewFlagSet(e, "dlx estimate", "[flags] [FILE]", estimateSummary+"\n\n"+formatHelp)}}
	f.StringVar(&f.format, "format", "knuth", "input `format`: knuth, matrix or sparse")
	f.IntVar(&f.samples, "samples", defaultSamples, "take `N` random paths")
	f.Uint64Var(&f.seed, "seed", 0, "seed `S` of the random paths (0: from the clock)")
	f.BoolVar(&f.json, "json", false, "print JSON (see above)")
	f.StringVar(&f.sub, "sub", "", "estimate the piece in file `PIECE` (see dlx split)")
	f.StringVar(&f.engine, "engine", "auto", "predict the time of `engine` links, bits or auto (see above)")
	f.workers = 1
	file, code, ok := f.parse(args)
	if !ok {
		return code
	}
	if f.samples < 1 {
		return f.Usagef("-samples must be at least 1")
	}
	if f.eng == exactcover.EngineCells {
		return f.Usagef("-engine cells: the cells engine branches on one option at a time, a tree this estimate does not measure (want links, bits or auto)")
	}
	in, code := f.readInput(e, file)
	if in == nil {
		return code
	}
	if in.problem.HasBounds() {
		return f.Usagef("%s: item bounds (lo:hi|name): not supported here yet (dlx count and dlx solve take them)", in.name)
	}
	s := exactcover.NewSolver(in.problem)
	if code := f.choosePiece(s, in.problem); code != 0 {
		return code
	}
	seed := f.seed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	start := time.Now()
	est, err := s.Estimate(ctx, f.samples, seed)
	took := time.Since(start)
	if err != nil {
		return f.Failf("partial: interrupted after %s", countfmt.Plural(int64(est.Samples), "sample", "samples"))
	}
	// The speed of the real search on this problem, by an engine that
	// walks the estimated tree.
	eng := s.EngineFor(f.eng)
	if eng != exactcover.EngineBits {
		eng = exactcover.EngineLinks
	}
	cctx, cancel := context.WithTimeout(ctx, calibrateFor)
	start = time.Now()
	_, cerr := s.Count(cctx, exactcover.Options{Engine: eng})
	ran := time.Since(start)
	cancel()
	if ctx.Err() != nil {
		return f.Failf("partial: interrupted")
	}
	cst := s.Stats()
	exact := cerr == nil
	// links: the estimated updates at its updates per second; bits, whose
	// nodes are DLX1's and whose updates are not, the estimated nodes at
	// its nodes per second.
	rate, work, unit := 0.0, est.Updates, cst.Updates
	if eng == exactcover.EngineBits {
		work, unit = est.Nodes, cst.Nodes
	}
	if ran > 0 {
		rate = float64(unit) / ran.Seconds()
	}
	var left time.Duration
	switch {
	case exact:
		left = ran
	case rate > 0:
		left = time.Duration(math.Min(work/rate, math.MaxInt64/2) * float64(time.Second))
	}
	w := f.Output()
	if f.json {
		jsonfmt.NewEncoder(w).Encode(estimateJSON{
			Samples: est.Samples, Seed: seed,
			Nodes: est.Nodes, NodesSD: est.NodesSD, Updates: est.Updates, UpdatesSD: est.UpdatesSD,
			Solutions: est.Solutions, SolutionsSD: est.SolutionsSD, MaxDepth: est.MaxDepth,
			UpdatesPerS: math.Round(float64(cst.Updates) / max(ran.Seconds(), 1e-9)), TimeMS: jsonfmt.Millis(left), Exact: exact, EstimateMS: jsonfmt.Millis(took),
			Engine: eng.String(),
		})
	} else {
		se := 1 / math.Sqrt(float64(est.Samples))
		fmt.Fprintf(w, "%s (seed %d) in %s, paths of up to %s\n", countfmt.Plural(int64(est.Samples), "sample", "samples"), seed, numfmt.Duration(took), countfmt.Plural(int64(est.MaxDepth), "level", "levels"))
		fmt.Fprintf(w, "nodes      %.4g (sd %.3g, se %.3g)\n", est.Nodes, est.NodesSD, est.NodesSD*se)
		fmt.Fprintf(w, "updates    %.4g (sd %.3g, se %.3g)\n", est.Updates, est.UpdatesSD, est.UpdatesSD*se)
		fmt.Fprintf(w, "solutions  %.4g (sd %.3g, se %.3g)\n", est.Solutions, est.SolutionsSD, est.SolutionsSD*se)
		if exact {
			fmt.Fprintf(w, "time       %s (engine %s: the whole search ran: %s, %s, %s)\n",
				numfmt.Duration(left), eng, countfmt.Plural(cst.Solutions, "solution", "solutions"), countfmt.Plural(cst.Nodes, "node", "nodes"), countfmt.Plural(cst.Updates, "update", "updates"))
		} else {
			what := "updates"
			if eng == exactcover.EngineBits {
				what = "nodes"
			}
			fmt.Fprintf(w, "time       %v (engine %s, at %s %s/s, measured for %v)\n", numfmt.Round(left), eng, countfmt.PerSecond(unit, ran), what, numfmt.Duration(ran))
		}
	}
	return f.Finish(w, 0)
}

// estimateJSON is the output of "dlx estimate -json".
type estimateJSON struct {
	Samples     int     `json:"samples"`
	Seed        uint64  `json:"seed"`
	Nodes       float64 `json:"nodes"`
	NodesSD     float64 `json:"nodes_sd"`
	Updates     float64 `json:"updates"`
	UpdatesSD   float64 `json:"updates_sd"`
	Solutions   float64 `json:"solutions"`
	SolutionsSD float64 `json:"solutions_sd"`
	MaxDepth    int     `json:"max_depth"`
	UpdatesPerS float64 `json:"updates_per_s"`
	TimeMS      float64 `json:"time_ms"`
	Exact       bool    `json:"exact"`
	EstimateMS  float64 `json:"estimate_ms"`
	Engine      string  `json:"engine"`
}
