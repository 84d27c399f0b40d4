package cli

import (
	"runtime/debug"
	"testing"
)

// TestVersionOf: the version line from what Go stamps into a build, and
// from the linker's -X stamps, which win. (-version printed "(devel)"
// whatever the build carried.)
func TestVersionOf(t *testing.T) {
	vcs := func(v, rev, when, modified string) *debug.BuildInfo {
		bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/dlxkit/dlx", Version: v}}
		if rev != "" {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: "vcs", Value: "git"},
				debug.BuildSetting{Key: "vcs.revision", Value: rev}, debug.BuildSetting{Key: "vcs.time", Value: when},
				debug.BuildSetting{Key: "vcs.modified", Value: modified})
		}
		return bi
	}
	const rev = "7b420a0eb55ef92544c31619562eff4daf63fb6f"
	for _, tt := range []struct {
		name           string
		bi             *debug.BuildInfo
		ver, rev, when string
		want           string
	}{
		{"no build information", nil, "", "", "", "(devel)"},
		{"go test, go run, -buildvcs=false", vcs("(devel)", "", "", ""), "", "", "", "(devel)"},
		{"go install of a tag", vcs("v1.2.0", "", "", ""), "", "", "", "v1.2.0"},
		{"go build in a checkout", vcs("v0.0.0-20261128181248-7b420a0eb55e", rev, "2026-11-28T18:12:48Z", "false"), "", "", "",
			"v0.0.0-20261128181248-7b420a0eb55e (commit 7b420a0eb55e, 2026-11-28T18:12:48Z)"},
		{"a modified checkout", vcs("v0.0.0-20261128181248-7b420a0eb55e+dirty", rev, "2026-11-28T18:12:48Z", "true"), "", "", "",
			"v0.0.0-20261128181248-7b420a0eb55e+dirty (commit 7b420a0eb55e, modified, 2026-11-28T18:12:48Z)"},
		{"a checkout, no module version", vcs("(devel)", rev, "2026-11-28T18:12:48Z", "false"), "", "", "",
			"(devel) (commit 7b420a0eb55e, 2026-11-28T18:12:48Z)"},
		{"a release stamped by -ldflags -X", vcs("(devel)", rev, "2026-11-28T18:12:48Z", "true"), "v1.3.0", "0123456789abcdef", "2026-12-01T00:00:00Z",
			"v1.3.0 (commit 0123456789ab, modified, 2026-12-01T00:00:00Z)"},
		{"-X version only", nil, "v1.3.0", "", "", "v1.3.0"},
	} {
		if got := buildOf(tt.bi, tt.ver, tt.rev, tt.when).String(); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
