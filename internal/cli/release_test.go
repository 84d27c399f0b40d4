package cli

import (
	"context"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// pkgPath is this package's import path, the prefix of the -X flags that
// stamp version, commit and date.
var pkgPath = reflect.TypeFor[Program]().PkgPath()

// TestReleaseConfig: .goreleaser.yaml builds the three commands (dlx-cluster
// in the same archive as dlx and sudoku, which run it) for linux,
// darwin and windows on amd64 and arm64 without cgo, with checksums, and
// stamps this package's version, commit and date; the Dockerfile stamps
// the same variables and builds static binaries. (A rename of the package
// or of its variables would leave the builds unstamped without an error
// from the linker.)
func TestReleaseConfig(t *testing.T) {
	data, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cfg := string(data)
	for _, want := range []string{
		"main: ./cmd/dlx\n", "main: ./cmd/sudoku", "main: ./cmd/dlx-cluster", "ids: [dlx, sudoku, dlx-cluster]",
		"goos: &goos [linux, darwin, windows]", "goarch: &goarch [amd64, arm64]",
		"- CGO_ENABLED=0", "checksum:",
		"-X " + pkgPath + ".version=v{{ .Version }}",
		"-X " + pkgPath + ".commit={{ .FullCommit }}",
		"-X " + pkgPath + ".date={{ .CommitDate }}",
	} {
		if !strings.Contains(cfg, want) {
			t.Errorf(".goreleaser.yaml has no %q", want)
		}
	}
	for _, m := range []string{"../../cmd/dlx/main.go", "../../cmd/sudoku/main.go", "../../cmd/dlx-cluster/main.go"} {
		if _, err := os.Stat(m); err != nil {
			t.Errorf("a build's main is gone: %v", err)
		}
	}
	docker, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"CGO_ENABLED=0", "FROM scratch", "USER 65532:65532", "SUDOKU_HTTP", "./cmd/dlx-cluster", "/out/dlx-cluster",
		"-X " + pkgPath + ".version=", "-X " + pkgPath + ".commit=", "-X " + pkgPath + ".date=",
	} {
		if !strings.Contains(string(docker), want) {
			t.Errorf("Dockerfile has no %q", want)
		}
	}
	// The variables the -X flags name exist, as package-level strings.
	src, err := os.ReadFile("version.go")
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^var version, commit, date string$`).Match(src) {
		t.Error("version.go no longer declares var version, commit, date string")
	}
}

// TestRelease runs scripts/release-check.sh: goreleaser check, and a
// snapshot build of the three commands for this machine whose -version must
// print the version, commit and date goreleaser stamped. goreleaser comes
// from the module proxy: its first build takes minutes, later runs
// seconds. The binaries must be static (no interpreter, no dynamic
// section), as the Dockerfile's FROM scratch image needs.
func TestRelease(t *testing.T) {
	if testing.Short() {
		t.Skip("builds goreleaser and the three commands: skipped with -short")
	}
	for _, c := range []string{"bash", "git", "go"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("%s is not installed: skipped", c)
		}
	}
	if out, err := exec.Command("git", "rev-parse", "HEAD").CombinedOutput(); err != nil {
		t.Skipf("not in a git checkout: skipped (%v: %s)", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "../../scripts/release-check.sh")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("release-check.sh: %v\n%s", err, out)
	}
	for _, c := range []string{"dlx", "sudoku", "dlx-cluster"} {
		if !regexp.MustCompile(`(?m)^release-check: ` + c + ` v\S+-snapshot\+[0-9a-f]+ \(commit [0-9a-f]{12}, \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\)$`).Match(out) {
			t.Errorf("no -version line of %s:\n%s", c, out)
		}
	}

	// Static binaries: built as the Dockerfile builds them.
	if runtime.GOOS != "linux" {
		return
	}
	dir := t.TempDir()
	build := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", dir+"/", "../../cmd/dlx", "../../cmd/sudoku", "../../cmd/dlx-cluster")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range []string{"dlx", "sudoku", "dlx-cluster"} {
		f, err := elf.Open(filepath.Join(dir, c))
		if err != nil {
			t.Fatal(err)
		}
		if slices.ContainsFunc(f.Progs, func(p *elf.Prog) bool { return p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC }) {
			t.Errorf("%s is not static: it has an interpreter or a dynamic section", c)
		}
		f.Close()
	}
}

// TestDockerImage runs scripts/docker-check.sh: buildah builds both
// images of the Dockerfile and runs them (sudoku serve answers HTTP as
// uid 65532; both binaries carry the version given). It skips without
// buildah or a static busybox (the script exits 3).
func TestDockerImage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds container images: skipped with -short")
	}
	if runtime.GOOS != "linux" {
		t.Skip("buildah runs on Linux only: skipped")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "../../scripts/docker-check.sh")
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		t.Skipf("%s", strings.TrimSpace(string(out)))
	}
	if err != nil {
		t.Fatalf("docker-check.sh: %v\n%s", err, out)
	}
	for _, want := range []string{"docker-check: sudoku image: sudoku check-", "serve answered as uid 65532", "docker-check: dlx-worker image: dlx check-"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}
