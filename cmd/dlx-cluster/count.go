package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/signal"
	"sync"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/quote"
)

const countSummary = `What "dlx count -cluster URL" runs, after dlx has checked its command line
(see dlx count -h): the problem is checked, stored once on the server,
split into pieces queued for "dlx worker" processes, and their counts are
added up. Only the flags that apply with -cluster are taken here.`

// output is the flags that say how a count is printed.
type output struct {
	json, stats, quiet bool
	progressEvery      time.Duration
}

// runCount is "dlx count -cluster URL": it checks the problem, submits it
// and waits for the total.
func runCount(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "dlx count", "-cluster URL [flags] [FILE]", countSummary)
	var cf clusterflag.Count
	cf.Add(fs)
	var o output
	format := fs.String("format", "knuth", "input `format`: knuth, matrix or sparse")
	engine := fs.String("engine", "auto", "the workers' search `engine`: links, cells, bits or auto")
	fs.BoolVar(&o.stats, "stats", false, "print nodes, updates and time to standard error")
	fs.BoolVar(&o.json, "json", false, "print JSON (see dlx count -h)")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress line and no messages on standard error but errors")
	fs.DurationVar(&o.progressEvery, "progress", 0, "print a progress line every `D` on standard error (0: only the terminal's line)")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	_, engErr := exactcover.ParseEngine(*engine)
	switch {
	case cf.URL == "":
		return fs.Usagef("want -cluster URL")
	case len(rest) > 1:
		return fs.Usagef("more than one input file")
	case engErr != nil:
		return fs.Usagef("unknown engine %s (want links, cells, bits or auto)", quote.Short(*engine))
	case o.progressEvery < 0:
		return fs.Usagef("-progress must not be negative")
	case cf.Check() != "":
		return fs.Usagef("%s", cf.Check())
	}
	name, file := "stdin", "-"
	if len(rest) == 1 && rest[0] != "-" {
		name, file = rest[0], rest[0]
	}
	r, err := e.Open(file)
	if err != nil {
		return fs.Usagef("%v", err)
	}
	data, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		return fs.Usagef("%s: %v", name, err)
	}
	// The problem is checked here, before the cluster is reached: a
	// problem that does not parse is reported as the other commands do.
	p, err := cluster.ParseProblem(*format, data)
	if err != nil {
		err = fmt.Errorf("%s: %w", name, err)
		if o.json {
			fs.ErrorRecord(jsonfmt.CodeParse, err)
		}
		return fs.Usagef("%v", err)
	}
	if p.HasBounds() {
		return fs.Usagef("%s: item bounds (lo:hi|name): cannot be split into pieces yet; count on one machine with dlx count -workers N", name)
	}
	// SIGTERM and SIGHUP, as Ctrl-C, stop the waiting, not the job.
	ctx, stop := signal.NotifyContext(ctx, cli.StopSignals...)
	defer stop()
	c, err := connect(ctx, &cf.Conn, "dlx count")
	if err != nil {
		return clusterError(fs, o.json, err)
	}
	defer c.Close()
	eng := *engine
	if eng == "auto" {
		eng = ""
	}
	w := fs.Output()
	recorded := false
	job, err := c.Submit(ctx, cluster.Spec{Data: data, Format: *format, Name: name, Engine: eng, Depth: cf.Depth, Pieces: cf.Pieces,
		Recorded: func(job cluster.Job) {
			// The ID first: should the queueing fail or this process
			// die, the job goes on, and its ID finds it.
			recorded = true
			if cf.Detach && !o.json {
				fmt.Fprintln(w, job.ID)
				w.Flush()
			}
			if !o.quiet {
				fs.Errorf("job %s: queueing %s of depth up to %d (dlx jobs wait %s prints the total)", job.ID, countfmt.Plural(int64(job.Pieces), "piece", "pieces"), job.Depth, job.ID)
			}
		}})
	switch {
	case err != nil && errors.Is(err, errors.ErrUnsupported):
		return fs.Usagef("%s: %v", name, err)
	case err != nil && recorded && ctx.Err() != nil:
		fs.Errorf("job %s: interrupted while queueing (%d of %d pieces queued); dlx jobs wait %s queues the rest and prints the total", job.ID, job.Published, job.Pieces, job.ID)
		return cli.ExitFail
	case err != nil && recorded && !errors.Is(err, cluster.ErrCanceled) && !errors.Is(err, cluster.ErrFull):
		return clusterError(fs, o.json, fmt.Errorf("job %s: %w (dlx jobs wait %s queues the rest, dlx jobs rm %s removes it)", job.ID, err, job.ID, job.ID))
	case err != nil:
		return clusterError(fs, o.json, err)
	}
	if cf.Detach {
		if o.json {
			jsonfmt.NewEncoder(w).Encode(struct {
				Job    string `json:"job"`
				Pieces int    `json:"pieces"`
				Depth  int    `json:"depth"`
			}{job.ID, job.Pieces, job.Depth})
		}
		return fs.Finish(w, 0)
	}
	return waitJob(ctx, e, fs, o, c, job.ID)
}

// waitJob waits for job id and prints its total as count does; the
// progress line says the pieces done, the solutions so far, the rate and
// the time left.
func waitJob(ctx context.Context, e *cli.Env, fs *cli.FlagSet, o output, c *cluster.Client, id string) int {
	ctx, stop := signal.NotifyContext(ctx, cli.StopSignals...)
	defer stop()
	start := time.Now()
	prog := newJobProgress(e, o.quiet, o.progressEvery, start)
	st, err := c.Wait(ctx, id, prog.report)
	prog.done()
	elapsed := time.Since(start)
	interrupted := errors.Is(err, context.Canceled) && ctx.Err() != nil
	if err != nil && !interrupted {
		code := clusterError(fs, o.json, err)
		if errors.Is(err, cluster.ErrJobFailed) && o.stats {
			fs.Errorf("%s", countfmt.Stats(jobStats(st), elapsed))
		}
		return code
	}
	w := fs.Output()
	if o.json {
		j := countfmt.Count{Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Complete: true, Job: id, Pieces: st.Pieces}
		if interrupted {
			j.Complete, j.Stopped = false, jsonfmt.StoppedInterrupted
		}
		if g := st.Grids(); g != nil {
			j.Grids = g.String()
		}
		jsonfmt.NewEncoder(w).Encode(j)
	} else if g := st.Grids(); g != nil {
		fmt.Fprintln(w, g) // a grid count's job: its number of grids
	} else {
		fmt.Fprintf(w, "%d\n", st.Solutions)
	}
	code := fs.Finish(w, 0)
	if o.stats {
		fs.Errorf("%s", countfmt.Stats(jobStats(st), elapsed))
	}
	if interrupted {
		fs.Errorf("partial: interrupted (%d of %d pieces); job %s goes on: dlx jobs wait %s", st.Done, st.Pieces, id, id)
		return cli.ExitFail
	}
	return code
}

// jobStats returns a job's totals as the statistics of a search.
func jobStats(st cluster.Status) exactcover.Stats {
	return exactcover.Stats{Nodes: st.Nodes, Updates: st.Updates, Solutions: st.Solutions, Subproblems: st.Pieces, SubproblemsDone: st.Done}
}

// jobProgress is the progress line of a job.
type jobProgress struct {
	mu    sync.Mutex
	st    cluster.Status
	start time.Time
	first time.Time // the first piece done: the rate counts from there
	at    time.Time // when st was reported
	stop  func()
}

func newJobProgress(e *cli.Env, quiet bool, every time.Duration, start time.Time) *jobProgress {
	p := &jobProgress{start: start}
	if quiet || (!e.StderrTTY && every <= 0) {
		return p
	}
	if every > 0 {
		p.stop = cli.ProgressLines(e.Stderr, start, every, p.line)
	} else {
		p.stop = e.Progress(start, p.line)
	}
	return p
}

func (p *jobProgress) report(st cluster.Status) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.first.IsZero() && st.Done+st.FailedN > 0 {
		p.first = now
	}
	if st.Done+st.FailedN != p.st.Done+p.st.FailedN || p.at.IsZero() {
		p.at = now // the time of the last piece in, not of the last report
	}
	p.st = st
}

func (p *jobProgress) line(elapsed time.Duration) string {
	p.mu.Lock()
	st, first, at := p.st, p.first, p.at
	p.mu.Unlock()
	line := fmt.Sprintf("pieces %d/%d, %d solutions, %s", st.Done+st.FailedN, st.Pieces, st.Solutions, elapsed.Round(time.Second))
	if !at.IsZero() && !st.Connected {
		// No estimate while nothing can come in.
		return line + ", server unreachable: reconnecting"
	}
	if n := st.Done + st.FailedN; n > 1 && at.After(first) {
		// The rate from the first piece done to the last: the time to the
		// first is the start-up (workers reading the problem).
		rate := float64(n-1) / at.Sub(first).Seconds()
		line += fmt.Sprintf(", %.3g pieces/s (%s solutions/s)", rate, countfmt.PerSecond(st.Solutions, at.Sub(p.start)))
		left := float64(st.Pieces-n)/rate - time.Since(at).Seconds()
		if left > 0 {
			line += fmt.Sprintf(", about %v left", numfmt.Round(time.Duration(left*float64(time.Second))))
		} else if d := time.Since(at).Round(time.Second); d > 0 {
			// Later than the rate says: say what is known.
			line += fmt.Sprintf(", no piece in for %v", d)
		}
	}
	return line
}

func (p *jobProgress) done() {
	if p.stop != nil {
		p.stop()
	}
}
