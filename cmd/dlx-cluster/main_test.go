package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/exactcover/model"
	"github.com/dlxkit/dlx/internal/cli"
)

// runCmd runs the command with args and stdin.
func runCmd(ctx context.Context, args []string, stdin string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = program.Run(ctx, &cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return out.String(), errb.String(), code
}

// queensFile writes the n queens problem in Knuth's format (as dlx gen
// queens N does) into dir and returns its path.
func queensFile(t *testing.T, dir string, n int) string {
	t.Helper()
	p, err := model.Queens(n)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := exactcover.WriteKnuth(&b, p); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, fmt.Sprintf("q%d.dlx", n))
	if err := os.WriteFile(file, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	return file
}
