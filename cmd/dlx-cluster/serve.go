package main

import (
	"context"
	"errors"
	"strings"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
)

// runCluster is "dlx cluster serve", "dlx cluster status" and "dlx
// cluster replicas N".
func runCluster(ctx context.Context, e *cli.Env, args []string) int {
	s, a, code, ok := clusterflag.ParseCluster(e, args)
	switch {
	case !ok:
		return code
	case a != nil:
		return runClusterAdmin(ctx, a)
	}
	fs := s.Flags
	opt := cluster.ServerOptions{Listen: s.Listen, StoreDir: s.Store, Token: s.Token, Config: s.Config,
		TLSCert: s.TLSCert, TLSKey: s.TLSKey, TLSCA: s.TLSCA,
		Logf: func(format string, a ...any) {
			if s.Verbose || !isNotice(format) {
				fs.Errorf(format, a...)
			}
		}}
	ctx, stop := cli.ServeContext(ctx)
	defer stop()
	srv, err := cluster.Serve(opt)
	if err != nil {
		if errors.Is(err, cluster.ErrInsecure) {
			return fs.Usagef("%v", err)
		}
		return fs.Failf("%v", err)
	}
	store := opt.StoreDir
	if jc := srv.JetStreamConfig(); store == "" && jc != nil {
		store = jc.StoreDir // the configuration file's
	}
	fs.Errorf("serving on %s, store %s (Ctrl-C stops)", srv.URL(), store)
	<-ctx.Done()
	srv.Stop()
	return cli.ExitOK
}

// isNotice tells a notice of the server (printed only with -v) from a
// warning or an error (see cluster.Serve's logger).
func isNotice(format string) bool {
	for _, p := range []string{"warning: ", "error: ", "fatal: "} {
		if strings.HasPrefix(format, p) {
			return false
		}
	}
	return true
}
