package main

import (
	"context"
	"slices"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/clusterexec"
	"github.com/dlxkit/dlx/internal/clusterflag"
)

// The commands of the cluster (docs/cluster.md): "dlx cluster", "dlx
// worker", "dlx jobs" and "dlx count -cluster". dlx checks their command
// lines (package clusterflag), so that -h, a usage error, the manual page
// and the completion scripts need nothing more, and hands them to the
// program dlx-cluster (package clusterexec), which links the NATS server
// and client that dlx leaves out.

// runCountCluster is "dlx count -cluster URL": it refuses the flags that
// do not apply on a cluster and runs "dlx-cluster count" with the others
// and the file.
func runCountCluster(ctx context.Context, e *cli.Env, f *searchFlags, file string) int {
	if msg := f.cluster.Check(); msg != "" {
		return f.Usagef("%s", msg)
	}
	if code, refused := clusterflag.Refuse(f.FlagSet, clusterflag.CountFlags, "does not apply with -cluster (the workers count the pieces; see dlx worker)"); refused {
		return code
	}
	args := append([]string{"count"}, clusterflag.Given(f.FlagSet, clusterflag.CountFlags)...)
	if file != "" {
		args = append(args, "--", file)
	}
	return clusterexec.Run(ctx, e, f.FlagSet, args)
}

// countClusterOnly are the flags of count that mean something only with
// -cluster: refused without it.
var countClusterOnly = append([]string{"depth", "pieces", "detach"}, slices.DeleteFunc(slices.Clone(clusterflag.ConnFlags), func(name string) bool { return name == "cluster" })...)

func runWorker(ctx context.Context, e *cli.Env, args []string) int {
	w, code, ok := clusterflag.ParseWorker(e, args)
	if !ok {
		return code
	}
	return clusterexec.Run(ctx, e, w.Flags, append([]string{"worker"}, args...))
}

func runJobs(ctx context.Context, e *cli.Env, args []string) int {
	j, code, ok := clusterflag.ParseJobs(e, args)
	if !ok {
		return code
	}
	return clusterexec.Run(ctx, e, j.Flags, append([]string{"jobs"}, args...))
}

func runCluster(ctx context.Context, e *cli.Env, args []string) int {
	s, a, code, ok := clusterflag.ParseCluster(e, args)
	if !ok {
		return code
	}
	var fs *cli.FlagSet
	if s != nil {
		fs = s.Flags
	} else {
		fs = a.Flags
	}
	return clusterexec.Run(ctx, e, fs, append([]string{"cluster"}, args...))
}
