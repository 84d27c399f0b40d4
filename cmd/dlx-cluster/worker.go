package main

import (
	"context"
	"sync"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
)

// runWorker is "dlx worker": it counts pieces until stopped.
func runWorker(ctx context.Context, e *cli.Env, args []string) int {
	wf, code, ok := clusterflag.ParseWorker(e, args)
	if !ok {
		return code
	}
	fs := wf.Flags
	ctx, stop := cli.ServeContext(ctx)
	defer stop()
	c, err := connect(ctx, &wf.Conn, "dlx worker")
	if err != nil {
		return clusterError(fs, false, err)
	}
	defer c.Close()
	var nCounted, nFailed int64 // pieces recorded by this worker
	var mu sync.Mutex
	w, err := c.NewWorker(ctx, cluster.WorkerOptions{
		Workers: wf.Workers, AckWait: wf.AckWait, MaxDeliver: wf.MaxDeliver,
		Logf: func(format string, a ...any) { fs.Errorf(format, a...) },
		Done: func(r cluster.Result) {
			mu.Lock()
			if r.Status == "error" {
				nFailed++
			} else {
				nCounted++
			}
			mu.Unlock()
		},
	})
	if err != nil {
		return clusterError(fs, false, err)
	}
	if !wf.Quiet {
		fs.Errorf("counting pieces from %s, %d at a time", wf.URLOrDefault(), wf.Workers)
	}
	err = w.Run(ctx)
	mu.Lock()
	if !wf.Quiet {
		fs.Errorf("stopped: %d pieces counted, %d failed", nCounted, nFailed)
	}
	mu.Unlock()
	if err != nil {
		return clusterError(fs, false, err)
	}
	return cli.ExitOK
}
