package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/service/server"
)

// readmeExample is a "$ command" line of a code block of README.md and
// the output shown under it.
type readmeExample struct {
	line int // of the command in README.md
	cmd  string
	want string
}

// readmeExamples returns the examples of the code blocks of text: each
// "$ " line, with the lines after it up to the next "$ " line or the end
// of the block (blank lines at the end left out).
func readmeExamples(text string) []readmeExample {
	var out []readmeExample
	in := false
	var cur *readmeExample
	end := func() {
		if cur != nil {
			cur.want = strings.TrimRight(cur.want, "\n")
			out = append(out, *cur)
			cur = nil
		}
	}
	for i, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "```"):
			end()
			in = !in
		case !in:
		case strings.HasPrefix(line, "$ "):
			end()
			cur = &readmeExample{line: i + 1, cmd: strings.TrimPrefix(line, "$ ")}
		case cur != nil:
			cur.want += line + "\n"
		}
	}
	return out
}

// readmeTimings matches what varies from run to run in the examples'
// output: durations ("292µs", "3.46ms", "1m2s"), rates ("(57.1M
// updates/s)", "(361 puzzles/s)") and the "ms" of the API's replies.
var readmeTimings = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)?(ns|µs|us|ms|s|m[0-9.]+s|h[0-9m.]+s)\b|\([0-9.,]+[kMG]? [a-z]+/s\)|"ms":[0-9.e-]+`)

func maskTimings(s string) string {
	return readmeTimings.ReplaceAllStringFunc(s, func(m string) string {
		switch {
		case strings.HasPrefix(m, `"ms"`):
			return `"ms":T`
		case strings.HasPrefix(m, "("):
			return "(R/s)"
		}
		return "T"
	})
}

// buildCommands builds dlx, sudoku and dlx-cluster from the tree at root into a
// temporary directory, which it returns; args go to go build.
func buildCommands(t *testing.T, root string, args ...string) string {
	t.Helper()
	bin := t.TempDir()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	args = append(append([]string{"build", "-pgo=off"}, args...), "-o", bin+string(filepath.Separator), "./cmd/dlx", "./cmd/sudoku", "./cmd/dlx-cluster")
	build := exec.Command(goCmd, args...)
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go %v: %v\n%s", args, err, out)
	}
	return bin
}

// versionStamp is what TestBuiltCommands stamps into the commands, as a
// release build does (internal/cli/version.go).
const versionStamp = "-X github.com/dlxkit/dlx/internal/cli.version=v9.8.7" +
	" -X github.com/dlxkit/dlx/internal/cli.commit=0123456789abcdef0123" +
	" -X github.com/dlxkit/dlx/internal/cli.date=2026-12-01T10:00:00Z"

// TestBuiltCommands builds the three commands as a release is built (-ldflags
// -X stamps) and runs them: -version and the examples of README.md.
func TestBuiltCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the commands and runs every README example (seconds)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	bin := buildCommands(t, root, "-ldflags", versionStamp)
	t.Run("version", func(t *testing.T) { testVersionStamped(t, bin) })
	t.Run("readme", func(t *testing.T) { testReadmeExamples(t, root, bin) })
}

// testVersionStamped: the commands print the version, commit and date
// stamped with -ldflags -X (they printed "(devel)").
func testVersionStamped(t *testing.T, bin string) {
	for _, prog := range []string{"dlx", "sudoku", "dlx-cluster"} {
		out, err := exec.Command(filepath.Join(bin, prog), "-version").CombinedOutput()
		want := prog + " v9.8.7 (commit 0123456789ab, 2026-12-01T10:00:00Z)\n"
		if err != nil || string(out) != want {
			t.Errorf("%s -version: %q, %v; want %q", prog, out, err, want)
		}
	}
}

// testReadmeExamples runs every example of README.md ("$ " lines in its
// code blocks), in order in a directory of their own, with the commands in
// bin first on PATH, through sh with the standard error of every command
// of the line joined to standard output, and compares the output with
// what the README shows, times and rates masked. The curl examples go to
// a server of this tree on a free port (skipped without curl). (The
// README showed a second puzzle of generate that the command no longer
// made.)
func testReadmeExamples(t *testing.T, root, bin string) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	text, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(string(text))
	if len(examples) < 10 {
		t.Fatalf("only %d examples found in README.md", len(examples))
	}
	dir := t.TempDir() // the examples run in one directory, in order
	srv := httptest.NewServer(server.New(server.Config{}).Handler())
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	_, curlErr := exec.LookPath("curl")
	env := append(os.Environ(), "PATH="+bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	for _, ex := range examples {
		cmd := ex.cmd
		if strings.HasPrefix(cmd, "curl ") {
			if curlErr != nil {
				t.Logf("README.md:%d: no curl: %s", ex.line, cmd)
				continue
			}
			cmd = strings.ReplaceAll(cmd, "localhost:8080", host)
		}
		sh := exec.Command("sh", "-c", "{ "+cmd+"\n} 2>&1")
		sh.Dir = dir
		sh.Env = env
		var out bytes.Buffer
		sh.Stdout = &out
		_ = sh.Run() // the exit status is not shown
		got := maskTimings(strings.TrimRight(out.String(), "\n"))
		if want := maskTimings(ex.want); got != want {
			t.Errorf("README.md:%d: $ %s\ngot:\n%s\nthe README shows:\n%s", ex.line, ex.cmd, got, want)
		}
	}
}
