package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cli/clitest"
)

// runCmd runs the command with args and stdin.
func runCmd(ctx context.Context, args []string, stdin string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = program.Run(ctx, &cli.Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return out.String(), errb.String(), code
}

// TestGolden runs each testdata/*.txtar (see clitest.Run): the comment
// holds "args:" and "exit:", the files "stdin", "stdout" and "stderr" are
// the input and the expected output; go test -update rewrites them.
func TestGolden(t *testing.T) {
	clitest.Run(t, "testdata/*.txtar", program.Run, nil)
}
