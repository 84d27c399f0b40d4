package main

import (
	"context"
	"errors"
	"fmt"
	"os/signal"
	"sync"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/sudoku"
)

// sudoku count-grids -cluster URL: the pieces of the count (the grids
// plan's) are a job of the dlx cluster (docs/cluster.md), counted by dlx
// worker processes with the rules of every job (retries, failed pieces,
// dlx jobs wait/retry/rm), and summed exactly.

const countGridsSummary = `What "sudoku count-grids -cluster URL RxC" runs, after sudoku has checked
its command line (see sudoku count-grids -h): the pieces of the count of
the RxC grids are a job that dlx worker processes count, and the count is
printed as sudoku count-grids prints it. Only the flags that apply with
-cluster are taken here.`

// runCountGrids submits the count, waits for it and prints it as the
// local count does.
func runCountGrids(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "sudoku count-grids", "-cluster URL [flags] RxC", countGridsSummary)
	var g clusterflag.Grids
	g.Add(fs)
	asJSON := fs.Bool("json", false, "print one JSON object")
	quiet := fs.Bool("quiet", false, "no progress line on standard error")
	pos, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		return fs.Usagef("want one box shape RxC (3x3 for 9x9), got %d arguments", len(pos))
	}
	sh, err := sudoku.ParseShape(pos[0])
	if err != nil {
		return fs.Usagef("%v", err)
	}
	r, c := sh.BoxRows, sh.BoxCols
	switch {
	case g.URL == "":
		return fs.Usagef("want -cluster URL")
	case g.Check(r, c) != "":
		return fs.Usagef("%s", g.Check(r, c))
	}
	// SIGTERM and SIGHUP, as Ctrl-C, stop the waiting, not the job.
	ctx, stop := signal.NotifyContext(ctx, cli.StopSignals...)
	defer stop()
	cl, err := connect(ctx, &g.Conn, "sudoku count-grids")
	if err != nil {
		return clusterError(fs, *asJSON, err)
	}
	defer cl.Close()
	shape := fmt.Sprintf("%dx%d", r, c)
	w := fs.Output()
	recorded := false
	job, err := cl.Submit(ctx, cluster.Spec{Data: []byte(shape), Format: cluster.FormatGrids, Name: "count-grids " + shape,
		Recorded: func(job cluster.Job) {
			// The ID first: should the queueing fail or this process die,
			// the job goes on, and its ID finds it.
			recorded = true
			if g.Detach && !*asJSON {
				fmt.Fprintln(w, job.ID)
				w.Flush()
			}
			if !*quiet {
				fs.Errorf("job %s: queueing %d pieces (dlx jobs wait %s prints the count)", job.ID, job.Pieces, job.ID)
				if est := clusterflag.GridsEstimate(r, c); est != "" {
					fs.Errorf("job %s: %s", job.ID, est)
				}
			}
		}})
	switch {
	case err != nil && recorded && ctx.Err() != nil:
		fs.Errorf("job %s: interrupted while queueing (%d of %d pieces queued); dlx jobs wait %s queues the rest and prints the count", job.ID, job.Published, job.Pieces, job.ID)
		return cli.ExitFail
	case err != nil && recorded && !errors.Is(err, cluster.ErrCanceled) && !errors.Is(err, cluster.ErrFull):
		return clusterError(fs, *asJSON, fmt.Errorf("job %s: %w (dlx jobs wait %s queues the rest, dlx jobs rm %s removes it)", job.ID, err, job.ID, job.ID))
	case err != nil:
		return clusterError(fs, *asJSON, err)
	}
	if g.Detach {
		if *asJSON {
			jsonfmt.NewEncoder(w).Encode(struct {
				Job    string `json:"job"`
				Shape  string `json:"shape"`
				Pieces int    `json:"pieces"`
			}{job.ID, shape, job.Pieces})
		}
		return fs.Finish(w, cli.ExitOK)
	}
	start := time.Now()
	var prog struct {
		sync.Mutex
		st cluster.Status
	}
	prog.st.Job, prog.st.Connected = job, true
	stopProgress := func() {}
	if !*quiet {
		stopProgress = e.Progress(start, func(elapsed time.Duration) string {
			prog.Lock()
			st := prog.st
			prog.Unlock()
			if !st.Connected {
				return fmt.Sprintf("pieces %d/%d, %s, server unreachable: reconnecting", st.Done+st.FailedN, st.Pieces, elapsed.Round(time.Second))
			}
			return countfmt.GridsProgress("pieces", st.Done+st.FailedN, st.Pieces, elapsed)
		})
	}
	st, err := cl.Wait(ctx, job.ID, func(st cluster.Status) {
		prog.Lock()
		prog.st = st
		prog.Unlock()
	})
	stopProgress()
	elapsed := time.Since(start)
	if err != nil {
		if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			if *asJSON {
				fs.ErrorRecord(jsonfmt.CodeCanceled, errors.New("interrupted"))
			}
			return fs.Failf("interrupted (%d of %d pieces); job %s goes on: dlx jobs wait %s prints the count", st.Done, st.Pieces, job.ID, job.ID)
		}
		return clusterError(fs, *asJSON, err)
	}
	n := st.Grids()
	if n == nil {
		return clusterError(fs, *asJSON, fmt.Errorf("job %s: its record has no count of grids (factor %q, sum %q)", job.ID, st.Factor, st.Sum))
	}
	if *asJSON {
		jsonfmt.NewEncoder(w).Encode(countfmt.Grids{Shape: shape, Grids: n.String(), Pieces: st.Pieces, Job: job.ID})
	} else {
		fmt.Fprintln(w, n)
	}
	code = fs.Finish(w, cli.ExitOK)
	if !*quiet {
		fs.Errorf("%s: %s grids, %d pieces on the cluster (job %s), in %s", shape, numfmt.BigCommas(n), st.Pieces, job.ID, numfmt.Duration(elapsed))
	}
	return code
}
