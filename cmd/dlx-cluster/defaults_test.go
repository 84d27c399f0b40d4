package main

import (
	"testing"

	"github.com/dlxkit/dlx/internal/cli/clitest"
)

// TestHelpDefaults: every default the helps show can be typed back as
// the flag's value (issue 30: serve -h showed "10,000", "1 MiB" and
// "50 million", which its flags refused).
func TestHelpDefaults(t *testing.T) {
	clitest.CheckDefaults(t, program)
}
