package cluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nkeys"

	"github.com/dlxkit/dlx/internal/testkit/certtest"
)

// A server with TLS: a client that trusts its CA counts; one that does
// not is refused with ErrConnect.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	ca := certtest.NewCA(t, dir, "ca")
	cert, key := ca.Server(t, dir, "server")
	s, err := Serve(ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), TLSCert: cert, TLSKey: key})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := strings.Replace(s.URL(), "nats://", "tls://", 1)
	if _, err := Connect(context.Background(), ConnOptions{URL: url, Timeout: 2 * time.Second}); !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("client without the CA: %v", err)
	}
	c, err := Connect(context.Background(), ConnOptions{URL: url, CA: ca.File})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	w, err := c.NewWorker(context.Background(), WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 7), Pieces: 10})
	if err != nil {
		t.Fatal(err)
	}
	st, err := wait(t, c, job.ID)
	cancel()
	if werr := <-done; werr != nil {
		t.Errorf("worker: %v", werr)
	}
	if err != nil || st.Solutions != queensCount[7] {
		t.Errorf("%d solutions, %v; want %d", st.Solutions, err, queensCount[7])
	}
}

// A nats-server configuration file: its listen address, store directory
// and token are used.
func TestServeConfig(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "store")
	conf := filepath.Join(dir, "n1.conf")
	text := "listen: 127.0.0.1:-1\njetstream { store_dir: " + strconv.Quote(store) + " }\nauthorization { token: \"t0k\" }\n"
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Serve(ServerOptions{Config: conf})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	if _, err := Connect(context.Background(), ConnOptions{URL: s.URL()}); !errors.Is(err, ErrConnect) {
		t.Errorf("without the token: %v", err)
	}
	c, err := Connect(context.Background(), ConnOptions{URL: s.URL(), Token: "t0k"})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if _, err := os.Stat(filepath.Join(store, "jetstream")); err != nil {
		t.Errorf("store: %v", err)
	}
	// A file that does not parse.
	os.WriteFile(conf, []byte("listen: {{{\n"), 0o600)
	if _, err := Serve(ServerOptions{Config: conf}); err == nil || !strings.Contains(err.Error(), "n1.conf") {
		t.Errorf("bad config: %v", err)
	}
}

// Mutual TLS (issue 31, item 9): a server with -tls-ca takes only clients
// with a certificate of that CA; dlx clients and workers present one with
// Cert and Key and count exactly; it counts as authentication for the
// loopback guard; -tls-ca without the server's certificate is refused.
func TestMutualTLS(t *testing.T) {
	dir := t.TempDir()
	ca := certtest.NewCA(t, dir, "ca")
	other := certtest.NewCA(t, dir, "other")
	scert, skey := ca.Server(t, dir, "server")
	ccert, ckey := ca.Client(t, dir, "client")
	bcert, bkey := other.Client(t, dir, "stranger")

	// The guard: mTLS authenticates; -tls-ca alone is no TLS at all.
	if _, err := serverOptions(ServerOptions{Listen: "0.0.0.0:0", TLSCert: scert, TLSKey: skey, TLSCA: ca.File}); err != nil {
		t.Errorf("0.0.0.0 with client certificates: %v", err)
	}
	if _, err := serverOptions(ServerOptions{Listen: "0.0.0.0:0", TLSCert: scert, TLSKey: skey}); !errors.Is(err, ErrInsecure) {
		t.Errorf("0.0.0.0 with TLS but no client certificates nor token: %v", err)
	}
	// The same from a configuration file; allow_non_tls lets clients in
	// without TLS, so without a certificate.
	tlsConf := fmt.Sprintf("listen: 0.0.0.0:-1\ntls { cert_file: %q, key_file: %q, ca_file: %q, verify: true }\n", scert, skey, ca.File)
	for _, tt := range []struct {
		conf string
		ok   bool
	}{{tlsConf, true}, {tlsConf + "allow_non_tls: true\n", false}} {
		conf := filepath.Join(dir, "tls.conf")
		os.WriteFile(conf, []byte(tt.conf), 0o600)
		if _, err := serverOptions(ServerOptions{Config: conf}); (err == nil) != tt.ok || err != nil && !errors.Is(err, ErrInsecure) {
			t.Errorf("%q: %v", tt.conf, err)
		}
	}
	if _, err := Serve(ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), TLSCA: ca.File}); err == nil || !strings.Contains(err.Error(), "-tls-cert") {
		t.Errorf("-tls-ca alone: %v", err)
	}

	s, err := Serve(ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), TLSCert: scert, TLSKey: skey, TLSCA: ca.File})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := strings.Replace(s.URL(), "nats://", "tls://", 1)
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		opt  ConnOptions
	}{
		{"no certificate", ConnOptions{URL: url, CA: ca.File}},
		{"another CA's certificate", ConnOptions{URL: url, CA: ca.File, Cert: bcert, Key: bkey}},
		{"certificate without key", ConnOptions{URL: url, CA: ca.File, Cert: ccert}},
	} {
		tt.opt.Timeout = 2 * time.Second
		if c, err := Connect(ctx, tt.opt); !errors.Is(err, ErrConnect) {
			if err == nil {
				c.Close()
			}
			t.Errorf("%s: %v, want ErrConnect", tt.name, err)
		}
	}
	opt := ConnOptions{URL: url, CA: ca.File, Cert: ccert, Key: ckey}
	wc, err := Connect(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	startWorkerOn(t, wc, WorkerOptions{Workers: 2})
	c, err := Connect(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	job, err := c.Submit(ctx, Spec{Data: queens(t, 8), Pieces: 20})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := wait(t, c, job.ID); err != nil || st.Solutions != queensCount[8] {
		t.Errorf("%d solutions, %v; want %d", st.Solutions, err, queensCount[8])
	}
}

// An nkey user (issue 31, item 9): a client with the seed file gets in,
// one without is refused, and a seed file that is not one is an error.
func TestNKey(t *testing.T) {
	dir := t.TempDir()
	kp, err := nkeys.CreateUser()
	if err != nil {
		t.Fatal(err)
	}
	pub, _ := kp.PublicKey()
	seed, _ := kp.Seed()
	seedFile := filepath.Join(dir, "user.nk")
	os.WriteFile(seedFile, seed, 0o600)
	conf := filepath.Join(dir, "nkey.conf")
	os.WriteFile(conf, []byte("listen: 127.0.0.1:-1\nauthorization { users: [{nkey: "+pub+"}] }\n"), 0o600)
	s, err := Serve(ServerOptions{Config: conf, StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	ctx := context.Background()
	if _, err := Connect(ctx, ConnOptions{URL: s.URL(), Timeout: 2 * time.Second}); !errors.Is(err, ErrConnect) {
		t.Errorf("without the seed: %v", err)
	}
	if _, err := Connect(ctx, ConnOptions{URL: s.URL(), NKey: conf}); !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "nkey.conf") {
		t.Errorf("a file without a seed: %v", err)
	}
	c, err := Connect(ctx, ConnOptions{URL: s.URL(), NKey: seedFile})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
}
