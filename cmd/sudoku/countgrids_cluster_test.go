package main

import (
	"context"
	"strings"
	"testing"
)

// TestCountGridsClusterCommandLine: sudoku checks count-grids -cluster's
// command line itself, so that a usage error needs no dlx-cluster (which
// runs the count: cmd/dlx-cluster's tests); a good one without
// dlx-cluster says what to install (exit 2).
func TestCountGridsClusterCommandLine(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no dlx-cluster
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"count-grids", "-cluster", "nats://h:1", "3x4"}, "sudoku count-grids: the cluster's commands run in the program dlx-cluster"}, // not refused
		{[]string{"count-grids", "-cluster", "nats://h:1", "2x5"}, "-force submits it"},
		{[]string{"count-grids", "-cluster", "nats://h:1", "-workers", "2", "3x3"}, "-workers does not apply with -cluster"},
		{[]string{"count-grids", "-cluster", "nats://h:1", "-piece", "3", "3x3"}, "-piece does not apply with -cluster"},
		{[]string{"count-grids", "-cluster", "nats://h:1", "-essentially-different", "3x3"}, "-essentially-different does not apply with -cluster"},
		{[]string{"count-grids", "-detach", "3x3"}, "-detach needs -cluster URL"},
		{[]string{"count-grids", "-token", "t", "3x3"}, "-token needs -cluster URL"},
		{[]string{"count-grids", "-cluster", "nats://h:1", "-json", "3x3"}, "sudoku count-grids: the cluster's commands run in the program dlx-cluster"},
	} {
		out, stderr, code := runCmdCtx(context.Background(), "", tc.args...)
		if code != 2 || out != "" || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, %q", tc.args, code, out, stderr, tc.msg)
		}
	}
}
