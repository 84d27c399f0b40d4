package cli

import (
	"runtime/debug"
	"strings"
)

// Release builds stamp these with the linker, for both commands at once:
//
//	go build -ldflags "-X github.com/dlxkit/dlx/internal/cli.version=v1.2.0
//	  -X github.com/dlxkit/dlx/internal/cli.commit=$(git rev-parse HEAD)
//	  -X github.com/dlxkit/dlx/internal/cli.date=$(date -u +%FT%TZ)" ./cmd/...
//
// Left empty, Version reads what Go stamps into every build
// (runtime/debug.ReadBuildInfo): the module version, and from a checkout
// the VCS revision, its time and whether the tree was modified.
var version, commit, date string

// Build is what a build says of itself: the linker's stamps, or what Go
// stamps into every build.
type Build struct {
	// Version is the release or module version, "(devel)" when the build
	// carries none.
	Version string
	// Commit is the VCS revision (a full hash), empty when unknown.
	Commit string
	// Time is the commit's or the release's time, empty when unknown.
	Time string
	// Modified reports a build from a checkout with changes.
	Modified bool
}

// BuildInfo returns what this build says of itself (the build_info
// metric of the service shows it).
func BuildInfo() Build {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return buildOf(bi, version, commit, date)
}

// Version returns the version of the programs, as "-version" prints it
// after the program's name: "v1.2.0 (commit 7b420a0eb55e, 2026-11-28T18:12:48Z)",
// "v0.0.0-20261128181248-7b420a0eb55e+dirty (commit 7b420a0eb55e, modified,
// 2026-11-28T18:12:48Z)", or "(devel)" for a build that carries neither a
// version nor a revision (go build -buildvcs=false, go run, go test).
func Version() string { return BuildInfo().String() }

// buildOf is BuildInfo for the build information bi (nil: none) and the
// stamped version, commit and date, which win.
func buildOf(bi *debug.BuildInfo, ver, rev, when string) Build {
	b := Build{Version: ver, Commit: rev, Time: when}
	if bi != nil {
		if b.Version == "" {
			b.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if b.Commit == "" {
					b.Commit = s.Value
				}
			case "vcs.time":
				if b.Time == "" {
					b.Time = s.Value
				}
			case "vcs.modified":
				b.Modified = s.Value == "true"
			}
		}
	}
	if b.Version == "" {
		b.Version = "(devel)"
	}
	return b
}

// String is the version line of Version.
func (b Build) String() string {
	var about []string
	if rev := b.Commit; rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		about = append(about, "commit "+rev)
		if b.Modified {
			about = append(about, "modified")
		}
	}
	if b.Time != "" {
		about = append(about, b.Time)
	}
	if len(about) == 0 {
		return b.Version
	}
	return b.Version + " (" + strings.Join(about, ", ") + ")"
}
