package main

import (
	"context"
	"fmt"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/clusterexec"
	"github.com/dlxkit/dlx/internal/clusterflag"
)

// sudoku count-grids -cluster URL: the pieces of the count (the grids
// plan's) are a job of the dlx cluster (docs/cluster.md), counted by dlx
// worker processes. sudoku checks the command line and hands it to the
// program dlx-cluster (package clusterexec), which links the NATS client
// that sudoku leaves out.

// gridsCluster is the flags of count-grids -cluster.
type gridsCluster struct{ clusterflag.Grids }

func (g *gridsCluster) add(fs *cli.FlagSet) { g.Add(fs) }

// countGridsCluster runs count-grids -cluster when -cluster is given
// (handled true), and refuses the -cluster flags without it.
func countGridsCluster(ctx context.Context, e *cli.Env, fs *cli.FlagSet, g *gridsCluster, r, c int, _, _ bool) (code int, handled bool) {
	if g.URL == "" {
		for _, name := range clusterflag.GridsFlags {
			if name != "json" && name != "quiet" && fs.IsSet(name) {
				return fs.Usagef("-%s needs -cluster URL", name), true
			}
		}
		return 0, false
	}
	if code, refused := clusterflag.Refuse(fs, clusterflag.GridsFlags, "does not apply with -cluster (dlx worker processes count the pieces)"); refused {
		return code, true
	}
	if msg := g.Check(r, c); msg != "" {
		return fs.Usagef("%s", msg), true
	}
	args := append([]string{"count-grids"}, clusterflag.Given(fs, clusterflag.GridsFlags)...)
	return clusterexec.Run(ctx, e, fs, append(args, "--", fmt.Sprintf("%dx%d", r, c))), true
}
