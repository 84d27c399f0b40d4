package main

import (
	"testing"

	"github.com/dlxkit/dlx/internal/cli/clitest"
)

// TestCompletion: the bash, zsh and fish scripts offer every command and
// every flag of the help, and each shell accepts its script.
func TestCompletion(t *testing.T) {
	clitest.CheckCompletion(t, "dlx-cluster", program.Run)
}

// TestManPage: docs/man/dlx-cluster.1 is the page "dlx-cluster man" prints (go generate
// ./cmd/... rewrites it), with every command and flag of the help.
func TestManPage(t *testing.T) {
	clitest.CheckMan(t, "dlx-cluster", "../../docs/man/dlx-cluster.1", program.Run)
}
