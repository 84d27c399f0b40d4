package cluster

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// selfSigned writes a self-signed certificate for 127.0.0.1 and its key
// to dir, returning the files.
func selfSigned(t *testing.T, dir string) (cert, key string) {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "dlx test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &k.PublicKey, k)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	cert, key = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	return cert, key
}

// A server with TLS: a client that trusts its CA counts; one that does
// not is refused with ErrConnect.
func TestTLS(t *testing.T) {
	dir := t.TempDir()
	cert, key := selfSigned(t, dir)
	s, err := Serve(ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), TLSCert: cert, TLSKey: key})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := strings.Replace(s.URL(), "nats://", "tls://", 1)
	if _, err := Connect(context.Background(), ConnOptions{URL: url, Timeout: 2 * time.Second}); !errors.Is(err, ErrConnect) || !strings.Contains(err.Error(), "certificate") {
		t.Errorf("client without the CA: %v", err)
	}
	c, err := Connect(context.Background(), ConnOptions{URL: url, CA: cert})
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
