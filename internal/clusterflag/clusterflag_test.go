package clusterflag

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/testkit/zerotest"
)

func newFlagSet() (*cli.FlagSet, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	return cli.NewFlagSet(e, "test", "[flags]", "A test."), &out, &errb
}

// The flags fill the Conn.
func TestAdd(t *testing.T) {
	fs, _, _ := newFlagSet()
	var c Conn
	c.Add(fs, cluster.DefaultURL, "the `URL`")
	if _, code, ok := fs.Parse([]string{"-cluster", "nats://h:1", "-token", "t", "-creds", "c", "-tls-ca", "a", "-tls-cert", "ce", "-tls-key", "k", "-nkey", "n", "-replicas", "3", "-max-bytes", "99"}); !ok {
		t.Fatalf("parse: exit %d", code)
	}
	want := Conn{URL: "nats://h:1", Token: "t", Creds: "c", CA: "a", Cert: "ce", Key: "k", NKey: "n", Replicas: 3, MaxBytes: 99}
	c.Logf = nil
	if fmt.Sprint(c) != fmt.Sprint(want) {
		t.Errorf("%+v, want %+v", c, want)
	}
}

// Error: exit 2 and "not_found" for an unknown job, 1 otherwise; the
// record with -json.
func TestError(t *testing.T) {
	for _, tc := range []struct {
		err  error
		code int
		json string
	}{
		{fmt.Errorf("x: %w", cluster.ErrNoJob), cli.ExitUsage, `"code":"not_found"`},
		{fmt.Errorf("x: %w", cluster.ErrFull), cli.ExitFail, `"code":"busy"`},
		{fmt.Errorf("x: %w", context.Canceled), cli.ExitFail, `"code":"canceled"`},
		{errors.New("x"), cli.ExitFail, `"code":"internal"`},
	} {
		fs, out, errb := newFlagSet()
		if code := Error(fs, true, tc.err); code != tc.code || !strings.Contains(out.String(), tc.json) || !strings.Contains(errb.String(), "test: x") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %s", tc.err, code, out, errb, tc.code, tc.json)
		}
	}
}

// The zero Conn: the default URL; a connection refused when the context
// is done.
func TestZeroConn(t *testing.T) {
	var c Conn
	zerotest.Run(t, &c, zerotest.Cases{
		"Add": func() string {
			fs, _, _ := newFlagSet()
			var z Conn
			z.Add(fs, "", "u")
			if z.Logf == nil {
				return "no Logf"
			}
			return ""
		},
		"Connect": func() string {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if cl, err := c.Connect(ctx, "zero"); err == nil {
				cl.Close()
				return "connected with a done context"
			}
			return ""
		},
		"URLOrDefault": func() string {
			if u := c.URLOrDefault(); u != cluster.DefaultURL {
				return u
			}
			return ""
		},
	})
}
