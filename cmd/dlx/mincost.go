package main

import (
	"bytes"
	"context"
	"strconv"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// runMinCost is "dlx solve -min" and "-k K": the K cheapest solutions
// (exactcover.MinCost), cheapest first.
func runMinCost(ctx context.Context, f *searchFlags, in *input, prog *progress) int {
	k := f.k
	switch {
	case k < 0:
		return f.Usagef("-k must be at least 1")
	case f.all:
		return f.Usagef("-all does not go with -min (use -k K)")
	case f.eng != exactcover.EngineAuto && f.eng != exactcover.EngineLinks:
		return f.Usagef("-engine %s does not go with -min (the cheapest solutions are searched on links)", f.eng)
	case k == 0:
		k = 1
	}
	p := in.problem
	if p.HasBounds() {
		return f.Usagef("%s: item bounds (lo:hi|name) do not go with -min yet", in.name)
	}
	opt := exactcover.Options{MaxNodes: f.nodeLimit}
	if prog != nil {
		opt.Progress = prog.report
	}
	parent := ctx
	ctx, cancel := f.withTimeLimit(ctx)
	defer cancel()
	start := time.Now()
	sols, st, err := exactcover.MinCost(ctx, p, opt, k)
	elapsed := time.Since(start)
	prog.done()
	w := f.Output()
	var buf bytes.Buffer
	enc := jsonfmt.NewEncoder(&buf)
	for i, sol := range sols {
		switch {
		case f.json:
			j := solutionJSON{Index: int64(i + 1), Cost: &sol.Cost, Options: sol.Options}
			if in.matrix != nil {
				j.Rows = in.matrix.RowNumbers(sol.Options)
			} else {
				for _, o := range sol.Options {
					j.Lines = append(j.Lines, p.OptionString(o))
				}
			}
			enc.Encode(j)
		case in.matrix != nil:
			buf.WriteString(in.matrix.FormatSolution(sol.Options)) // no costs: every solution costs 0
			buf.WriteByte('\n')
		default:
			if i > 0 {
				buf.WriteByte('\n')
			}
			buf.WriteString("| cost " + strconv.FormatInt(sol.Cost, 10) + "\n")
			for _, o := range sol.Options {
				buf.WriteString(p.OptionString(o))
				buf.WriteByte('\n')
			}
		}
	}
	reason := f.stopReason(parent, err)
	if len(sols) == 0 && err == nil {
		switch {
		case f.json:
			enc.Encode(statusJSON{Status: "no solution"})
		case f.judge():
			buf.WriteString("No Solution!\n")
		}
	}
	w.Write(buf.Bytes())
	if code := f.Finish(w, 0); code != 0 {
		return code
	}
	if f.stats {
		f.Errorf("%s", countfmt.Stats(st, elapsed))
	}
	switch {
	case reason != "":
		return f.Failf("%s after %s", partial(reason), countfmt.Plural(int64(len(sols)), "solution", "solutions"))
	case err != nil:
		return f.Failf("%v", err)
	case len(sols) == 0:
		return f.noSolution()
	}
	return 0
}
