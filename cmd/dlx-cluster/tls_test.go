package main

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/testkit/certtest"
)

// Mutual TLS from the command line (issue 31, item 9): dlx count, worker
// and jobs present a client certificate with -tls-cert and -tls-key; a
// client without one is refused; dlx cluster serve refuses -tls-ca
// without the server's certificate.
func TestClusterMutualTLS(t *testing.T) {
	dir := t.TempDir()
	ca := certtest.NewCA(t, dir, "ca")
	scert, skey := ca.Server(t, dir, "server")
	ccert, ckey := ca.Client(t, dir, "client")
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), TLSCert: scert, TLSKey: skey, TLSCA: ca.File})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := strings.Replace(s.URL(), "nats://", "tls://", 1)
	file := queensFile(t, dir, 8)
	tlsFlags := []string{"-cluster", url, "-tls-ca", ca.File, "-tls-cert", ccert, "-tls-key", ckey}
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"jobs", "-cluster", url, "-tls-ca", ca.File}, 1, "cannot connect"},
		{[]string{"jobs", "-cluster", url, "-tls-ca", ca.File, "-tls-cert", ccert}, 1, "-tls-key"},
		{[]string{"count", "-tls-cert", ccert, file}, 2, "want -cluster URL"}, // dlx says "-tls-cert needs -cluster URL"
		{[]string{"cluster", "serve", "-listen", "127.0.0.1:0", "-store", t.TempDir(), "-tls-ca", ca.File}, 2, "give -tls-cert and -tls-key"},
	} {
		// Bounded: a server that wrongly starts serves until cancelled.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, stderr, code := runCmd(ctx, tc.args, "")
		cancel()
		if code != tc.code || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: exit %d, stderr %q; want %d, %q", tc.args, code, stderr, tc.code, tc.msg)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var wcode int
	var werr string
	wg.Go(func() {
		_, werr, wcode = runCmd(ctx, append([]string{"worker", "-workers", "2"}, tlsFlags...), "")
	})
	out, stderr, code := runCmd(context.Background(), append(append([]string{"count", "-quiet", "-pieces", "20"}, tlsFlags...), file), "")
	if code != 0 || out != "92\n" {
		t.Errorf("count over mutual TLS: exit %d, %q, %q; want 92", code, out, stderr)
	}
	out, _, code = runCmd(context.Background(), append([]string{"jobs"}, tlsFlags...), "")
	if code != 0 || !strings.Contains(out, " done ") || !strings.Contains(out, "92 solutions") {
		t.Errorf("jobs over mutual TLS: exit %d, %q", code, out)
	}
	cancel()
	wg.Wait()
	if wcode != 0 {
		t.Errorf("worker: exit %d, %q", wcode, werr)
	}
}
