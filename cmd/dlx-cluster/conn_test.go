package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
)

// clusterError: exit 2 and "not_found" for an unknown job, 1 otherwise;
// the record with -json.
func TestClusterError(t *testing.T) {
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
		var out, errb bytes.Buffer
		fs := cli.NewFlagSet(&cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, "test", "", "A test.")
		if code := clusterError(fs, true, tc.err); code != tc.code || !strings.Contains(out.String(), tc.json) || !strings.Contains(errb.String(), "test: x") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d, %s", tc.err, code, out.String(), errb.String(), tc.code, tc.json)
		}
	}
}

// connect with a done context does not connect.
func TestConnectCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if cl, err := connect(ctx, &clusterflag.Conn{}, "zero"); err == nil {
		cl.Close()
		t.Error("connected with a done context")
	}
}
