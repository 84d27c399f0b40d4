// Package shareddata finds the project's shared data directory (puzzle
// collections and exact-cover instances) for tests and benchmarks.
//
// The directory is "shared" beside the repository's root (the directory
// holding go.mod), or the one named by the DLX_SHARED environment variable.
package shareddata

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
)

// Root returns the shared directory, or "" when it cannot be found.
func Root() string {
	if d := os.Getenv("DLX_SHARED"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			s := filepath.Join(dir, "..", "shared")
			if fi, err := os.Stat(s); err == nil && fi.IsDir() {
				return s
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Path returns the path of rel (for example "data/test1000") inside the
// shared directory. When it is absent, Path skips the test or benchmark
// with a message saying what is missing.
func Path(tb testing.TB, rel string) string {
	tb.Helper()
	r := Root()
	if r == "" {
		tb.Skipf("shared data directory not found (looked for ../shared beside the module root, or $DLX_SHARED); skipping test that needs %s", rel)
	}
	p := filepath.Join(r, rel)
	if _, err := os.Stat(p); err != nil {
		tb.Skipf("shared data file %s not found: %v", p, err)
	}
	return p
}

// Lines returns the first n lines of the shared file rel (all of them when
// n < 0), skipping the test when the file is absent as Path does.
func Lines(tb testing.TB, rel string, n int) []string {
	tb.Helper()
	f, err := os.Open(Path(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for (n < 0 || len(out) < n) && sc.Scan() {
		out = append(out, sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatalf("%s: %v", rel, err)
	}
	return out
}
