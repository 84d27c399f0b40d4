package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
)

const coverSummary = `Reads a problem from FILE (standard input when FILE is absent or "-") and
prints a minimum repeat cover ("set cover"): options that cover every primary
item at least once, as few as possible, with the proof that none is smaller.
Secondary items keep the rules of exact cover: options that share a
secondary item give it the same color, and an item without color is used by
at most one option of the cover. With -all, every minimum cover, each once.
(dlx gen queendom 8 | dlx cover)

Output: each cover as a comment line "| cover 1: size 5, cost 5" followed by
its option lines (Knuth's format) or by its 1-based row numbers on one line
(matrix and sparse formats); covers separated by a blank line. Without
costs every option costs 1, so the cost is the size. When option lines carry
costs ("a b |3", as for dlx solve -min), a minimum cover is one of least total
cost and, among those, of fewest options.
With -json, one JSON object per line and cover:
  {"index":1,"size":2,"cost":2,"options":[0,3],"lines":["a b","c d"]}
("rows" instead of "lines" in the matrix and sparse formats), options being
the 0-based option indices in ascending order; {"status":"no solution"} when
no set of options covers every primary item (standard error then says "no
cover" and the exit status is 1, as for dlx solve without a solution).
With -stats, standard error gets the nodes, the passes and the time.
-node-limit and -time-limit stop a long search: standard error then says how far
the proof got ("every cover needs at least 5 options"), and the exit status
is 1, as for Ctrl-C. The covers printed before a stop are minimum.

The search is IDA*: depth-first passes that branch on the options of the
uncovered item with the fewest of them, cut off by a lower bound on the
options still needed, with the threshold rising until a pass finds a cover.`

// coverJSON is one line of "dlx cover -json".
type coverJSON struct {
	Index   int64    `json:"index"`
	Size    int      `json:"size"`
	Cost    int64    `json:"cost"`
	Options []int    `json:"options"`
	Lines   []string `json:"lines,omitempty"`
	Rows    []int    `json:"rows,omitempty"`
}

func runCover(ctx context.Context, e *cli.Env, args []string) int {
	f := &searchFlags{FlagSet: cli.NewFlagSet(e, "dlx cover", "[flags] [FILE]", coverSummary+"\n\n"+formatHelp), workers: 1}
	f.StringVar(&f.format, "format", "knuth", "input `format`: knuth, matrix or sparse")
	f.BoolVar(&f.all, "all", false, "print every minimum cover")
	maxNodes := f.Int64("node-limit", 0, "stop after `N` search nodes (0: no limit)")
	timeout := f.Duration("time-limit", 0, "stop after `D` (such as 10s or 2m; 0: no limit)")
	f.BoolVar(&f.stats, "stats", false, "print nodes, passes and time to standard error")
	f.BoolVar(&f.json, "json", false, "print JSON (see above)")
	f.BoolVar(&f.quiet, "quiet", false, "no progress line and no messages on standard error but errors")
	f.StringVar(&f.engine, "engine", "auto", "search `engine`: links or auto (the repeat-cover search runs on dancing links; cells and bits search exact covers only)")
	file, code, ok := f.parse(args)
	if !ok {
		return code
	}
	if *maxNodes < 0 || *timeout < 0 {
		return f.Usagef("-node-limit and -time-limit must not be negative")
	}
	if f.eng != exactcover.EngineAuto && f.eng != exactcover.EngineLinks {
		return f.Usagef("-engine %s: the repeat-cover search runs on dancing links (want links or auto)", f.eng)
	}
	in, code := f.readInput(e, file)
	if in == nil {
		return code
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	prog := newCoverProgress(e, f.quiet)
	opt := exactcover.CoverOptions{MaxNodes: *maxNodes}
	if prog != nil {
		opt.Progress = prog.report
	}
	p := in.problem
	if p.HasBounds() {
		return f.Usagef("%s: item bounds (lo:hi|name) ask for exact cover with multiplicities (dlx solve, dlx count); dlx cover covers each primary item at least once", in.name)
	}
	s := exactcover.NewCoverSolver(p)
	w := f.Output()
	var buf bytes.Buffer
	enc := jsonfmt.NewEncoder(&buf)
	var count int64
	start := time.Now()
	for c := range s.All(ctx, opt) {
		count++
		buf.Reset()
		switch {
		case f.json:
			j := coverJSON{Index: count, Size: c.Size, Cost: c.Cost, Options: c.Options}
			if in.matrix != nil {
				j.Rows = in.matrix.RowNumbers(c.Options)
			} else {
				j.Lines = make([]string, 0, len(c.Options))
				for _, i := range c.Options {
					j.Lines = append(j.Lines, p.OptionString(i))
				}
			}
			enc.Encode(j)
		default:
			if count > 1 {
				buf.WriteByte('\n')
			}
			fmt.Fprintf(&buf, "| cover %d: size %d, cost %d\n", count, c.Size, c.Cost)
			if in.matrix != nil {
				buf.WriteString(in.matrix.FormatSolution(c.Options))
				buf.WriteByte('\n')
			} else {
				for _, i := range c.Options {
					buf.WriteString(p.OptionString(i))
					buf.WriteByte('\n')
				}
			}
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			break // the output is lost: stop searching; Finish reports it
		}
		if !f.all {
			break
		}
	}
	elapsed := time.Since(start)
	prog.done()
	err := s.Err()
	noCover := errors.Is(err, exactcover.ErrNoSolution)
	if noCover && f.json {
		buf.Reset()
		enc.Encode(statusJSON{Status: "no solution"})
		w.Write(buf.Bytes())
	}
	if code := f.Finish(w, 0); code != 0 {
		return code
	}
	st := s.Stats()
	if f.stats {
		f.Errorf("%s, %s, %s in %s (%s nodes/s)",
			countfmt.Plural(st.Covers, "cover", "covers"), countfmt.Plural(st.Nodes, "node", "nodes"), countfmt.Plural(int64(st.Passes), "pass", "passes"),
			numfmt.Duration(elapsed), countfmt.PerSecond(st.Nodes, elapsed))
	}
	switch {
	case noCover:
		// Exit status 1, as dlx solve without a solution.
		if !f.quiet {
			f.Errorf("no cover")
		}
		return cli.ExitFail
	case err != nil:
		why := err.Error()
		switch {
		case errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil:
			why = "time limit"
		case errors.Is(err, context.Canceled) || ctx.Err() != nil:
			why = "interrupted"
		}
		msg := fmt.Sprintf("partial: %s after %s", why, countfmt.Plural(count, "cover", "covers"))
		if count == 0 && st.Bound >= 0 {
			if p.HasCosts() {
				msg += fmt.Sprintf("; every cover costs at least %d", st.Bound+1)
			} else {
				msg += fmt.Sprintf("; every cover needs at least %d options", st.Bound+1)
			}
		}
		return f.Failf("%s", msg)
	}
	return 0
}

// coverProgress keeps the latest statistics of a cover search for the
// progress line on a terminal's standard error.
type coverProgress struct {
	mu   sync.Mutex
	st   exactcover.CoverStats
	stop func()
}

func newCoverProgress(e *cli.Env, quiet bool) *coverProgress {
	if quiet || !e.StderrTTY {
		return nil
	}
	p := &coverProgress{}
	p.stop = e.Progress(time.Now(), func(elapsed time.Duration) string {
		p.mu.Lock()
		st := p.st
		p.mu.Unlock()
		return fmt.Sprintf("pass %d, more than %d options needed, %d nodes (%s/s), %s",
			st.Passes, st.Bound, st.Nodes, countfmt.PerSecond(st.Nodes, elapsed), elapsed.Round(time.Second))
	})
	return p
}

func (p *coverProgress) report(st exactcover.CoverStats) {
	p.mu.Lock()
	p.st = st
	p.mu.Unlock()
}

func (p *coverProgress) done() {
	if p != nil {
		p.stop()
	}
}
