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

// Version returns the version of the programs, as "-version" prints it
// after the program's name: "v1.2.0 (commit 7b420a0eb55e, 2026-11-28T18:12:48Z)",
// "v0.0.0-20261128181248-7b420a0eb55e+dirty (commit 7b420a0eb55e, modified,
// 2026-11-28T18:12:48Z)", or "(devel)" for a build that carries neither a
// version nor a revision (go build -buildvcs=false, go run, go test).
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return versionOf(bi, version, commit, date)
}

// versionOf is Version for the build information bi (nil: none) and the
// stamped version, commit and date.
func versionOf(bi *debug.BuildInfo, ver, rev, when string) string {
	modified := false
	if bi != nil {
		if ver == "" {
			ver = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if rev == "" {
					rev = s.Value
				}
			case "vcs.time":
				if when == "" {
					when = s.Value
				}
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if ver == "" {
		ver = "(devel)"
	}
	var about []string
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		about = append(about, "commit "+rev)
		if modified {
			about = append(about, "modified")
		}
	}
	if when != "" {
		about = append(about, when)
	}
	if len(about) == 0 {
		return ver
	}
	return ver + " (" + strings.Join(about, ", ") + ")"
}
