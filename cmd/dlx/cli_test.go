package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
)

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteFailure: an output that cannot be written (a full disk) gives
// exit status 1 and a message. (dlx count exited 0.)
func TestWriteFailure(t *testing.T) {
	q := gen(t, "queens", "6")
	for _, args := range [][]string{{"count"}, {"count", "-json"}, {"solve"}, {"solve", "-json"}, {"gen", "queens", "6"}} {
		var errb bytes.Buffer
		code := program.Run(context.Background(), &cli.Env{Stdin: strings.NewReader(q), Stdout: failWriter{}, Stderr: &errb}, args)
		if code != 1 || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v: code %d, stderr %q", args, code, errb.String())
		}
	}
}

// TestMissingFile: a missing or unreadable input file is an input error,
// exit status 2. (It was 1.)
func TestMissingFile(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"count", dir}, {"solve", dir}, {"count", filepath.Join(dir, "no")}, {"solve", filepath.Join(dir, "no")}} {
		_, errs, code := runCmd(context.Background(), args, "")
		if code != 2 || errs == "" {
			t.Errorf("%v: code %d, %q", args, code, errs)
		}
	}
}

// TestFlagsAfterFile: flags after the file are flags; "--" ends them.
// (They were rejected: "more than one input file".)
func TestFlagsAfterFile(t *testing.T) {
	f := filepath.Join(t.TempDir(), "q.dlx")
	if err := os.WriteFile(f, []byte(gen(t, "queens", "4")), 0o666); err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCmd(context.Background(), []string{"count", f, "-json"}, "")
	if code != 0 || !strings.HasPrefix(out, `{"solutions":2`) {
		t.Errorf("count FILE -json: %d %q %q", code, out, errs)
	}
	out, errs, code = runCmd(context.Background(), []string{"solve", f, "-json", "--"}, "")
	if code != 0 || !strings.HasPrefix(out, `{"index":1`) {
		t.Errorf("solve FILE -json: %d %q %q", code, out, errs)
	}
}

// TestLongInputQuoted: messages quote a few dozen characters of a long
// argument, not all of it.
func TestLongInputQuoted(t *testing.T) {
	long := strings.Repeat("z", 5000)
	for _, args := range [][]string{{"gen", "queens", long}, {"gen", "sudoku", long}, {"gen", long, "1"}, {long}, {"count", "-format", long}, {"count", "-n", long}} {
		_, errs, code := runCmd(context.Background(), args, "")
		if code != 2 || len(errs) > 1000 || strings.Contains(errs, strings.Repeat("z", 100)) {
			t.Errorf("%.30q: code %d, stderr of %d bytes: %.200q", args, code, len(errs), errs)
		}
	}
}

// TestNoSolutionJSON: -json says when there is no solution, with exit
// status 1 as without -json.
func TestNoSolutionJSON(t *testing.T) {
	out, errs, code := runCmd(context.Background(), []string{"solve", "-json"}, "a b\na\n")
	if code != 1 || out != "{\"status\":\"no solution\"}\n" {
		t.Errorf("%d %q %q", code, out, errs)
	}
}

// TestHelpPlaceholders: every flag's value has a name in every command's
// help, not a Go type name ("-workers int").
func TestHelpPlaceholders(t *testing.T) {
	goType := regexp.MustCompile(`(?m)^  -[\w-]+ (int|uint|float|string|duration|value)$`)
	for _, c := range program.Commands {
		out, _, _ := runCmd(context.Background(), []string{c.Name, "-h"}, "")
		if m := goType.FindAllString(out, -1); len(m) > 0 || !strings.Contains(out, "Flags:") {
			t.Errorf("dlx %s -h: %q", c.Name, m)
		}
	}
}
