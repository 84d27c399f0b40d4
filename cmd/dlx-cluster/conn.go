package main

import (
	"context"
	"errors"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// connect connects to the cluster c names, as name (the token from
// $DLX_CLUSTER_TOKEN when -token is not given).
func connect(ctx context.Context, c *clusterflag.Conn, name string) (*cluster.Client, error) {
	return cluster.Connect(ctx, cluster.ConnOptions{URL: c.URL, Token: c.TokenOrEnv(), Creds: c.Creds, CA: c.CA,
		Cert: c.Cert, Key: c.Key, NKey: c.NKey, Name: name, Replicas: c.Replicas, MaxBytes: c.MaxBytes,
		Logf: c.Logf, Watch: 15 * time.Second})
}

// clusterError reports an error of the cluster on fs (and as a JSON
// error record with asJSON) and returns the exit status: 2 for an
// unknown job, 1 otherwise.
func clusterError(fs *cli.FlagSet, asJSON bool, err error) int {
	code := cli.ExitFail
	jcode := jsonfmt.CodeInternal
	switch {
	case errors.Is(err, cluster.ErrNoJob):
		code, jcode = cli.ExitUsage, jsonfmt.CodeNotFound
	case errors.Is(err, cluster.ErrFull):
		jcode = jsonfmt.CodeBusy
	case errors.Is(err, context.Canceled):
		jcode = jsonfmt.CodeCanceled
	}
	if asJSON {
		fs.ErrorRecord(jcode, err)
	}
	fs.Errorf("%v", err)
	return code
}
