package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
)

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// runIO runs the command with stdout w.
func runIO(t *testing.T, w io.Writer, stdin string, args ...string) (string, int) {
	t.Helper()
	var errb bytes.Buffer
	e := &cli.Env{Stdin: strings.NewReader(stdin), Stdout: w, Stderr: &errb}
	code := program.Run(context.Background(), e, args)
	return errb.String(), code
}

// cliPuzzle is a 9x9 puzzle rated 2.5.
const cliPuzzle = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"

func writeTemp(t *testing.T, name, text string) string {
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestWriteFailure: a command whose output cannot be written (a full
// disk) exits 1 and says why. (They exited 0, the results lost.)
func TestWriteFailure(t *testing.T) {
	f := writeTemp(t, "p.txt", cliPuzzle+"\n")
	state := "575260003" + cliPuzzle[9:]
	for _, args := range [][]string{
		{"solve", f}, {"check", f}, {"count", f}, {"rate", f},
		{"solve", "-json", f}, {"check", "-json", f}, {"count", "-json", f}, {"rate", "-json", f},
		{"generate", "-n", "2", "-seed", "1"}, {"generate", "-json", "-n", "2", "-seed", "1"},
		{"hint", cliPuzzle}, {"hint", "-json", cliPuzzle},
		{"analyze", "-remove", "1", cliPuzzle}, {"analyze", "-json", "-remove", "1", cliPuzzle},
		{"analyze", "-state", state, cliPuzzle}, {"analyze", "-json", "-state", state, cliPuzzle},
		{"bench", "-solver", "fast", f}, {"bench", "-json", "-solver", "fast", f},
		{"import", importLink},
	} {
		errs, code := runIO(t, failWriter{}, "", args...)
		if code != 1 || !strings.Contains(errs, "no space left on device") {
			t.Errorf("%v: code %d, stderr %q; want 1 and the write error", args, code, errs)
		}
	}
}

// TestFlagsAfterFile: flags after the file names are flags. (They were
// read as file names after the work was done: "open -json".)
func TestFlagsAfterFile(t *testing.T) {
	f := writeTemp(t, "p.txt", cliPuzzle+"\n")
	for _, cmd := range []string{"solve", "check", "count", "rate"} {
		out, errs, code := runCmd(t, "", cmd, f, "-json")
		if code != 0 || !strings.HasPrefix(out, `{"line":1`) {
			t.Errorf("%s FILE -json: code %d, out %q, err %q", cmd, code, out, errs)
		}
	}
}

// TestDashStdin: "-" is standard input, and so is no file for bench and
// no puzzle for hint and analyze.
func TestDashStdin(t *testing.T) {
	for _, args := range [][]string{{"solve", "-"}, {"bench", "-solver", "fast"}, {"bench", "-solver", "fast", "-"}, {"hint"}, {"hint", "-"}, {"analyze", "-remove", "1", "-"}} {
		out, errs, code := runCmd(t, cliPuzzle+"\n", args...)
		if code != 0 || out == "" {
			t.Errorf("%v: code %d, out %q, err %q", args, code, out, errs)
		}
	}
}

// TestLongInputQuoted: messages quote a few dozen characters of a long
// argument or puzzle, not all of it.
func TestLongInputQuoted(t *testing.T) {
	long := strings.Repeat("z", 5000)
	for _, args := range [][]string{
		{"hint", cliPuzzle + " " + long},
		{"analyze", cliPuzzle + " " + long},
		{"hint", "-state", cliPuzzle + " " + long, cliPuzzle},
		{"generate", "-size", long},
		{"generate", "-n", long},
		{"solve", "-variant", long},
		{"bench", "-solver", long},
		{"rate", "-max", long},
		{long},
	} {
		_, errs, code := runCmd(t, "", args...)
		if code != 2 || len(errs) > 1000 || strings.Contains(errs, strings.Repeat("z", 100)) {
			t.Errorf("%.30q: code %d, stderr of %d bytes: %.200q", args, code, len(errs), errs)
		}
	}
}

// TestGenerateWriteFailureStops: generate stops at the first failed write
// instead of making every puzzle asked for (with two workers it hung: the
// generator waited for workers that nobody stopped).
func TestGenerateWriteFailureStops(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		errs, code := runIO(t, failWriter{}, "", "generate", "-n", "1000000", "-seed", "1", "-workers", "2")
		if code != 1 || !strings.Contains(errs, "no space left on device") {
			t.Errorf("code %d, stderr %q", code, errs)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("generate still running 20 s after its output failed")
	}
}

// TestPuzzleArgument: every command that reads puzzles takes a puzzle as
// its argument, and a file of that name wins over the puzzle. (rate,
// solve, check and count opened the puzzle as a file.)
func TestPuzzleArgument(t *testing.T) {
	const grid4 = "1..............." // a 4x4 puzzle with several solutions
	t.Chdir(t.TempDir())
	if err := os.WriteFile(cliPuzzle, []byte(grid4+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ cmd, want string }{
		{"solve", `"puzzle":"` + grid4 + `"`},
		{"check", `"puzzle":"` + grid4 + `"`},
		{"count", `"puzzle":"` + grid4 + `"`},
		{"rate", `"puzzle":"` + grid4 + `"`},
		{"hint", `"code":"multiple"`}, // the 4x4 grid has several solutions
		{"analyze", `"code":"multiple"`},
	} {
		out, errs, _ := runCmd(t, "", tt.cmd, "-json", cliPuzzle)
		if !strings.Contains(out, tt.want) {
			t.Errorf("%s PUZZLE with a file of that name: stdout %q, stderr %q; want the file's grid read (%s)", tt.cmd, out, errs, tt.want)
		}
	}
	if err := os.Remove(cliPuzzle); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ cmd, want string }{
		{"solve", "574268193832915764691437528753624981126789345948351276319876452485192637267543819\n"},
		{"check", "unique\n"},
		{"count", "1\n"},
		{"rate", "2.5 medium Direct Hidden Triple\n"},
	} {
		out, errs, code := runCmd(t, "", tt.cmd, cliPuzzle)
		if code != 0 || out != tt.want {
			t.Errorf("%s PUZZLE: exit %d, stdout %q, stderr %q; want 0 and %q", tt.cmd, code, out, errs, tt.want)
		}
	}
}

// goTypePlaceholder matches a flag line of a help whose value is named by
// its Go type, as package flag writes it when the usage names none
// ("-workers int").
var goTypePlaceholder = regexp.MustCompile(`(?m)^  -[\w-]+ (int|uint|float|string|duration|value)$`)

// TestHelpPlaceholders: every flag's value has a name in every command's
// help ("-workers N", not "-workers int"; half of them were Go's type
// names).
func TestHelpPlaceholders(t *testing.T) {
	for _, c := range program.Commands {
		out, _, _ := runCmd(t, "", c.Name, "-h")
		if m := goTypePlaceholder.FindAllString(out, -1); len(m) > 0 || !strings.Contains(out, "Flags:") {
			t.Errorf("sudoku %s -h: %q", c.Name, m)
		}
	}
}

// TestJSONEveryCommand: every command but serve takes -json, as the
// README says (import and loadtest rejected it).
func TestJSONEveryCommand(t *testing.T) {
	for _, c := range program.Commands {
		out, _, _ := runCmd(t, "", c.Name, "-h")
		if has := strings.Contains(out, "\n  -json\n"); has != (c.Name != "serve") {
			t.Errorf("sudoku %s -h: -json listed %v", c.Name, has)
		}
	}
}
