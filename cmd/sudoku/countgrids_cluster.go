package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os/signal"
	"sync"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
)

// sudoku count-grids -cluster URL: the pieces of the count (the grids
// plan's) are a job of the dlx cluster (docs/cluster.md), counted by dlx
// worker processes with the rules of every job (retries, failed pieces,
// dlx jobs wait/retry/rm), and summed exactly.

// gridsCluster is the flags of count-grids -cluster.
type gridsCluster struct {
	clusterflag.Conn
	detach, force bool
}

// maxClusterSide is the largest side a grid count job is submitted for
// without -force, with one more: 12x12 with a side of the box 3 (3x4,
// 4x3), which the stack method counts in about 120 to 130 CPU-days
// (docs/sudoku.md). The other shapes past 9x9 have not been measured.
const maxClusterSide = 9

// clusterRefusal returns why a count of r x c boxes is not submitted
// without -force, or "".
func clusterRefusal(r, c int) string {
	if r*c <= maxClusterSide || r*c == 12 && (r == 3 || c == 3) {
		return ""
	}
	return "this shape has not been measured (past 9x9 only 3x4 and 4x3 have: about 4 CPU-months, docs/sudoku.md)"
}

func (g *gridsCluster) add(fs *cli.FlagSet) {
	g.Add(fs, "", "count on the dlx cluster at `URL`: the pieces are a job that dlx worker processes count (see docs/cluster.md)")
	fs.BoolVar(&g.detach, "detach", false, "with -cluster, submit the job, print its ID and exit (dlx jobs wait ID prints the count)")
	fs.BoolVar(&g.force, "force", false, fmt.Sprintf("with -cluster, submit a shape of side over %d other than 3x4 and 4x3 all the same (not measured, see docs/sudoku.md)", maxClusterSide))
}

// clusterOnly are the flags that mean something only with -cluster.
var clusterOnly = []string{"detach", "force", "token", "creds", "tls-ca", "tls-cert", "tls-key", "nkey", "replicas", "max-bytes"}

// countGridsCluster runs count-grids -cluster when -cluster is given
// (handled true), and refuses the -cluster flags without it.
func countGridsCluster(ctx context.Context, e *cli.Env, fs *cli.FlagSet, g *gridsCluster, r, c int, asJSON, quiet bool) (code int, handled bool) {
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if g.URL == "" {
		for _, name := range clusterOnly {
			if given[name] {
				return fs.Usagef("-%s needs -cluster URL", name), true
			}
		}
		return 0, false
	}
	for _, name := range []string{"workers", "pieces", "piece", "essentially-different"} {
		if given[name] {
			return fs.Usagef("-%s does not apply with -cluster (dlx worker processes count the pieces)", name), true
		}
	}
	if why := clusterRefusal(r, c); why != "" && !g.force {
		return fs.Usagef("%dx%d on the cluster: %s; -force submits it all the same", r, c, why), true
	}
	return runCountGridsCluster(ctx, e, fs, g, r, c, asJSON, quiet), true
}

// runCountGridsCluster submits the count, waits for it and prints it as
// the local count does.
func runCountGridsCluster(ctx context.Context, e *cli.Env, fs *cli.FlagSet, g *gridsCluster, r, c int, asJSON, quiet bool) int {
	// SIGTERM and SIGHUP, as Ctrl-C, stop the waiting, not the job.
	ctx, stop := signal.NotifyContext(ctx, cli.StopSignals...)
	defer stop()
	cl, err := g.Connect(ctx, "sudoku count-grids")
	if err != nil {
		return clusterflag.Error(fs, asJSON, err)
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
			if g.detach && !asJSON {
				fmt.Fprintln(w, job.ID)
				w.Flush()
			}
			if !quiet {
				fs.Errorf("job %s: queueing %d pieces (dlx jobs wait %s prints the count)", job.ID, job.Pieces, job.ID)
			}
		}})
	switch {
	case err != nil && recorded && ctx.Err() != nil:
		fs.Errorf("job %s: interrupted while queueing (%d of %d pieces queued); dlx jobs wait %s queues the rest and prints the count", job.ID, job.Published, job.Pieces, job.ID)
		return cli.ExitFail
	case err != nil && recorded && !errors.Is(err, cluster.ErrCanceled) && !errors.Is(err, cluster.ErrFull):
		return clusterflag.Error(fs, asJSON, fmt.Errorf("job %s: %w (dlx jobs wait %s queues the rest, dlx jobs rm %s removes it)", job.ID, err, job.ID, job.ID))
	case err != nil:
		return clusterflag.Error(fs, asJSON, err)
	}
	if g.detach {
		if asJSON {
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
	if !quiet {
		stopProgress = e.Progress(start, func(elapsed time.Duration) string {
			prog.Lock()
			st := prog.st
			prog.Unlock()
			if !st.Connected {
				return fmt.Sprintf("pieces %d/%d, %s, server unreachable: reconnecting", st.Done+st.FailedN, st.Pieces, elapsed.Round(time.Second))
			}
			return gridsProgress("pieces", st.Done+st.FailedN, st.Pieces, elapsed)
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
			if asJSON {
				fs.ErrorRecord(jsonfmt.CodeCanceled, errors.New("interrupted"))
			}
			return fs.Failf("interrupted (%d of %d pieces); job %s goes on: dlx jobs wait %s prints the count", st.Done, st.Pieces, job.ID, job.ID)
		}
		return clusterflag.Error(fs, asJSON, err)
	}
	n := st.Grids()
	if n == nil {
		return clusterflag.Error(fs, asJSON, fmt.Errorf("job %s: its record has no count of grids (factor %q, sum %q)", job.ID, st.Factor, st.Sum))
	}
	if asJSON {
		jsonfmt.NewEncoder(w).Encode(struct {
			countGridsJSON
			Job string `json:"job"`
		}{countGridsJSON{Shape: shape, Grids: n.String(), Pieces: st.Pieces}, job.ID})
	} else {
		fmt.Fprintln(w, n)
	}
	code := fs.Finish(w, cli.ExitOK)
	if !quiet {
		fs.Errorf("%s: %s grids, %d pieces on the cluster (job %s), in %s", shape, commasBig(n), st.Pieces, job.ID, numfmt.Duration(elapsed))
	}
	return code
}
