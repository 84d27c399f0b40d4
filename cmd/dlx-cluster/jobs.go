package main

import (
	"bufio"
	"context"
	"fmt"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// jobJSON is a line of "dlx jobs -json".
type jobJSON struct {
	Job       string `json:"job"`
	State     string `json:"state"`
	Pieces    int    `json:"pieces"`
	Done      int    `json:"done"`
	Failed    int    `json:"failed"`
	Solutions int64  `json:"solutions"`
	Grids     string `json:"grids,omitempty"` // a grid count's job (sudoku count-grids -cluster)
	Name      string `json:"name,omitempty"`
	Created   string `json:"created"`
}

// runJobs is "dlx jobs": list, wait, cancel, retry, rm, prune.
func runJobs(ctx context.Context, e *cli.Env, args []string) int {
	j, code, ok := clusterflag.ParseJobs(e, args)
	if !ok {
		return code
	}
	fs := j.Flags
	c, err := connect(ctx, &j.Conn, "dlx jobs")
	if err != nil {
		return clusterError(fs, j.JSON, err)
	}
	defer c.Close()
	switch j.Verb {
	case "wait":
		return waitJob(ctx, e, fs, output{json: j.JSON, stats: j.Stats, quiet: j.Quiet, progressEvery: j.Progress}, c, j.IDs[0])
	case "cancel":
		if err := c.Cancel(ctx, j.IDs[0]); err != nil {
			return clusterError(fs, j.JSON, err)
		}
		return cli.ExitOK
	case "retry":
		n, err := c.Retry(ctx, j.IDs[0])
		if err != nil {
			return clusterError(fs, j.JSON, err)
		}
		if !j.Quiet {
			fs.Errorf("job %s: %d pieces queued again", j.IDs[0], n)
		}
		return cli.ExitOK
	case "rm":
		code := cli.ExitOK
		for _, id := range j.IDs {
			if err := c.Remove(ctx, id); err != nil {
				code = max(code, clusterError(fs, j.JSON, err))
			}
		}
		return code
	case "prune":
		ids, err := c.Prune(ctx, j.Age)
		if !j.Quiet && len(ids) > 0 {
			fs.Errorf("removed %d jobs", len(ids))
		}
		if err != nil {
			return clusterError(fs, j.JSON, err)
		}
		return cli.ExitOK
	}
	list, err := c.List(ctx)
	if err != nil {
		return clusterError(fs, j.JSON, err)
	}
	w := fs.Output()
	printJobs(w, list, j.JSON)
	return fs.Finish(w, 0)
}

func printJobs(w *bufio.Writer, list []cluster.Status, asJSON bool) {
	enc := jsonfmt.NewEncoder(w)
	for _, st := range list {
		j := jobJSON{Job: st.ID, State: st.State, Pieces: st.Pieces, Done: st.Done, Failed: st.FailedN,
			Solutions: st.Solutions, Name: st.Name, Created: st.Created.UTC().Format(time.RFC3339)}
		g := st.Grids() // a grid count's job: its grids so far
		if g != nil {
			j.Grids = g.String()
		}
		if asJSON {
			enc.Encode(j)
			continue
		}
		if g != nil {
			fmt.Fprintf(w, "%s  %-9s  %d/%d  %s grids", j.Job, j.State, j.Done, j.Pieces, j.Grids)
		} else {
			fmt.Fprintf(w, "%s  %-9s  %d/%d  %d solutions", j.Job, j.State, j.Done, j.Pieces, j.Solutions)
		}
		if j.Failed > 0 {
			fmt.Fprintf(w, "  %d failed", j.Failed)
		}
		fmt.Fprintf(w, "  %s  %s\n", j.Name, j.Created)
	}
}
