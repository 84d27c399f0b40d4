// Package clusterflag holds the command-line flags that say how a client
// reaches the dlx cluster (package internal/cluster), shared by the
// commands that talk to it: dlx count, worker, jobs and cluster, and
// sudoku count-grids -cluster.
package clusterflag

import (
	"context"
	"errors"
	"os"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// Conn is the flags that say how to reach the server.
type Conn struct {
	URL, Token, Creds, CA string
	Cert, Key, NKey       string // client certificates and nkeys
	Replicas              int
	MaxBytes              int64
	// Logf gets warnings and the connection's events (disconnected, ...);
	// nil drops them. Add sets it to the flag set's Errorf.
	Logf func(format string, a ...any)
}

// Add adds -cluster (with the default def and the given usage), -token,
// -creds, -tls-ca, -tls-cert, -tls-key, -nkey, -replicas and -max-bytes.
func (c *Conn) Add(fs *cli.FlagSet, def, usage string) {
	fs.StringVar(&c.URL, "cluster", def, usage)
	c.Logf = func(format string, a ...any) { fs.Errorf(format, a...) }
	fs.StringVar(&c.Token, "token", "", "the server's `token` (default $DLX_CLUSTER_TOKEN)")
	fs.StringVar(&c.Creds, "creds", "", "a NATS user credentials `FILE` (JWT and seed)")
	fs.StringVar(&c.CA, "tls-ca", "", "PEM `FILE` of the CA of the server's certificate (with a tls:// URL)")
	fs.StringVar(&c.Cert, "tls-cert", "", "present the client certificate in PEM `FILE` (a server that requires client certificates; with -tls-key)")
	fs.StringVar(&c.Key, "tls-key", "", "the key of -tls-cert, PEM `FILE`")
	fs.StringVar(&c.NKey, "nkey", "", "log in as the nkey user whose seed is in `FILE`")
	fs.IntVar(&c.Replicas, "replicas", 0, "keep `N` copies of the queue and the records (on a cluster of N servers or more; set by the first client of the cluster, 1 when not given; another N than theirs is refused: dlx cluster replicas N changes them)")
	fs.Int64Var(&c.MaxBytes, "max-bytes", 0, "set the byte limit of the queue, of the results and of the problems, each, to `N` (-1: none; a job that would pass it is refused)")
}

// Connect connects to the cluster as name (the token from
// $DLX_CLUSTER_TOKEN when -token is not given).
func (c *Conn) Connect(ctx context.Context, name string) (*cluster.Client, error) {
	token := c.Token
	if token == "" {
		token = os.Getenv("DLX_CLUSTER_TOKEN")
	}
	return cluster.Connect(ctx, cluster.ConnOptions{URL: c.URL, Token: token, Creds: c.Creds, CA: c.CA,
		Cert: c.Cert, Key: c.Key, NKey: c.NKey, Name: name, Replicas: c.Replicas, MaxBytes: c.MaxBytes,
		Logf: c.Logf, Watch: 15 * time.Second})
}

// URLOrDefault returns the URL, cluster.DefaultURL when none is given.
func (c *Conn) URLOrDefault() string {
	if c.URL == "" {
		return cluster.DefaultURL
	}
	return c.URL
}

// Error reports an error of the cluster on fs (and as a JSON error record
// with asJSON) and returns the exit status: 2 for an unknown job, 1
// otherwise.
func Error(fs *cli.FlagSet, asJSON bool, err error) int {
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
