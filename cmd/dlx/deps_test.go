package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoNATS: dlx and sudoku link no NATS package, so that they start as
// small programs do; the cluster's commands are in dlx-cluster
// (docs/cluster.md). (dlx linked the NATS server and client: 27 MB, and
// "dlx -h" took 5 ms of CPU against 1 ms for an empty Go program.)
func TestNoNATS(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	for _, pkg := range []string{"github.com/dlxkit/dlx/cmd/dlx", "github.com/dlxkit/dlx/cmd/sudoku", "github.com/dlxkit/dlx/cmd/dlx-cluster"} {
		out, err := exec.Command(goCmd, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		var nats []string
		for _, dep := range strings.Fields(string(out)) {
			if strings.HasPrefix(dep, "github.com/nats-io/") {
				nats = append(nats, dep)
			}
		}
		wantNATS := strings.HasSuffix(pkg, "/dlx-cluster") // the check can see NATS
		if wantNATS != (len(nats) > 0) {
			t.Errorf("%s links %d NATS packages %q; want them only in dlx-cluster", pkg, len(nats), nats)
		}
	}
}
