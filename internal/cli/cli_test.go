package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

func testEnv(stdin string) (*Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, &out, &errb
}

func TestParse(t *testing.T) {
	tests := []struct {
		args   []string
		rest   []string
		json   bool
		n      string
		code   int
		ok     bool
		stdout string // a prefix
		stderr string
	}{
		{args: []string{"a", "-json", "b"}, rest: []string{"a", "b"}, json: true, n: "1", ok: true},
		{args: []string{"-n", "5", "a", "-json"}, rest: []string{"a"}, json: true, n: "5", ok: true},
		{args: []string{"a", "--", "-json", "-n"}, rest: []string{"a", "-json", "-n"}, n: "1", ok: true},
		{args: []string{"-n", "--", "a", "-json"}, rest: []string{"a"}, json: true, n: "--", ok: true}, // "--" as a flag's value
		{args: []string{"-", "-json"}, rest: []string{"-"}, json: true, n: "1", ok: true},
		{args: []string{"-json=false", "x"}, rest: []string{"x"}, n: "1", ok: true},
		{args: []string{"a", "-h"}, code: 0, stdout: "Usage: prog cmd [flags] [FILE...]\n\nDoes things.\n\nFlags:\n  -json\n"},
		{args: []string{"-bogus", "a"}, code: 2, stderr: "prog cmd: flag provided but not defined: -bogus (see prog cmd -h)\n"},
		{args: []string{"a", "-" + strings.Repeat("z", 100)}, code: 2,
			stderr: `prog cmd: flag provided but not defined: "-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"... (101 bytes) (see prog cmd -h)` + "\n"},
	}
	for _, tt := range tests {
		e, out, errb := testEnv("")
		fs := NewFlagSet(e, "prog cmd", "[flags] [FILE...]", "Does things.")
		json := fs.Bool("json", false, "print JSON")
		n := fs.String("n", "1", "a `value`")
		rest, code, ok := fs.Parse(tt.args)
		if ok != tt.ok || code != tt.code || !slices.Equal(rest, tt.rest) {
			t.Errorf("%q: rest %q, code %d, ok %v; want %q, %d, %v", tt.args, rest, code, ok, tt.rest, tt.code, tt.ok)
		}
		if ok && (*json != tt.json || *n != tt.n) {
			t.Errorf("%q: -json %v, -n %q; want %v, %q", tt.args, *json, *n, tt.json, tt.n)
		}
		if !strings.HasPrefix(out.String(), tt.stdout) || (tt.stdout == "" && out.Len() > 0) || errb.String() != tt.stderr {
			t.Errorf("%q: stdout %q, stderr %q; want %q, %q", tt.args, out, errb, tt.stdout, tt.stderr)
		}
	}
}

func TestClip(t *testing.T) {
	long := strings.Repeat("x", 5000)
	tests := []struct{ in, want string }{
		{`short "abc" message`, `short "abc" message`},
		{`unexpected "` + long + `" after the grid`, `unexpected "` + long[:40] + `"... (5000 bytes) after the grid`},
		{`a "` + long + `" and "` + long + `"`, `a "` + long[:40] + `"... (5000 bytes) and "` + long[:40] + `"... (5000 bytes)`},
		{`unbalanced " quote ` + long, `unbalanced " quote ` + long}, // no quoted string: left alone
	}
	for _, tt := range tests {
		if got := Clip(tt.in); got != tt.want {
			t.Errorf("Clip(%.60q) = %.100q, want %.100q", tt.in, got, tt.want)
		}
	}
}

func TestProgram(t *testing.T) {
	p := &Program{Name: "prog", Commands: []Command{{Name: "cmd", Short: "does things", Run: func(_ context.Context, e *Env, args []string) int {
		fs := NewFlagSet(e, "prog cmd", "[flags]", "Does things.")
		_, code, _ := fs.Parse(args)
		return code
	}}}}
	tests := []struct {
		args           []string
		code           int
		stdout, stderr string // prefixes
	}{
		{nil, 2, "", "Usage: prog COMMAND"},
		{[]string{"-h"}, 0, "Usage: prog COMMAND [flags] [arguments]\n\nCommands:\n  cmd         does things\n  completion  print the shell completion script (bash, zsh or fish)\n  man         print the manual page (roff)\n", ""},
		{[]string{"help"}, 0, "Usage: prog COMMAND", ""},
		{[]string{"help", "cmd"}, 0, "Usage: prog cmd [flags]", ""},
		{[]string{"cmd", "-h"}, 0, "Usage: prog cmd [flags]", ""},
		{[]string{"-version"}, 0, "prog ", ""},
		{[]string{"nope"}, 2, "", "prog: unknown command \"nope\" (see prog -h)\n"},
	}
	for _, tt := range tests {
		e, out, errb := testEnv("")
		code := p.Run(context.Background(), e, tt.args)
		if code != tt.code || !strings.HasPrefix(out.String(), tt.stdout) || !strings.HasPrefix(errb.String(), tt.stderr) ||
			(tt.stdout == "") != (out.Len() == 0) || (tt.stderr == "") != (errb.Len() == 0) {
			t.Errorf("%q: code %d, stdout %q, stderr %q", tt.args, code, out, errb)
		}
	}
}

func TestOpenDash(t *testing.T) {
	e, _, _ := testEnv("from stdin")
	r, err := e.Open("-")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(r)
	if r.Close() != nil || string(b) != "from stdin" {
		t.Errorf("read %q", b)
	}
	if _, err := e.Open("/nonexistent/file"); err == nil {
		t.Error("no error for a missing file")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestFinish(t *testing.T) {
	for _, tt := range []struct{ in, want int }{{0, 1}, {1, 1}, {2, 2}} {
		var errb bytes.Buffer
		fs := NewFlagSet(&Env{Stdout: failWriter{}, Stderr: &errb}, "prog cmd", "", "")
		w := fs.Output()
		w.WriteString("result\n")
		if got := fs.Finish(w, tt.in); got != tt.want || errb.String() != "prog cmd: writing the output: disk full\n" {
			t.Errorf("Finish(%d) = %d, stderr %q", tt.in, got, errb.String())
		}
	}
	var out, errb bytes.Buffer
	fs := NewFlagSet(&Env{Stdout: &out, Stderr: &errb}, "prog cmd", "", "")
	w := fs.Output()
	w.WriteString("result\n")
	if got := fs.Finish(w, 0); got != 0 || out.String() != "result\n" || errb.Len() > 0 {
		t.Errorf("Finish = %d, stdout %q, stderr %q", got, out.String(), errb.String())
	}
}

// TestPrintHelpFlags: the flags of a help print as package flag prints
// them when their usage names the value, and with a placeholder for its
// kind instead of a Go type name when it does not.
func TestPrintHelpFlags(t *testing.T) {
	named := func(fs *flag.FlagSet) {
		fs.Int("limit", 1000, "stop at `N` solutions")
		fs.String("solver", "auto", "the `solver` to use")
		fs.String("o", "", "write to `FILE`")
		fs.Bool("json", false, "print JSON")
		fs.Bool("x", true, "a flag on by default")
		fs.Duration("time-limit", 0, "stop after `D`")
		fs.Float64("max", 2.5, "cap at `R`")
		fs.Uint64("seed", 0, "seed `S`")
	}
	e, out, _ := testEnv("")
	fs := NewFlagSet(e, "prog cmd", "[flags]", "")
	named(fs.FlagSet)
	fs.PrintHelp(out)
	var want bytes.Buffer
	std := flag.NewFlagSet("prog cmd", flag.ContinueOnError)
	named(std)
	std.SetOutput(&want)
	std.PrintDefaults()
	if got := strings.SplitN(out.String(), "Flags:\n", 2)[1]; got != want.String() {
		t.Errorf("named flags:\n%s\npackage flag prints:\n%s", got, want.String())
	}

	e, out, _ = testEnv("")
	fs = NewFlagSet(e, "prog cmd", "[flags]", "")
	fs.Int("workers", 4, "workers in parallel")
	fs.Int64("max-body", 0, "largest body")
	fs.Duration("timeout", 0, "deadline")
	fs.Float64("rate", 0, "requests per second")
	fs.String("name", "", "a name")
	fs.PrintHelp(out)
	for _, line := range []string{"  -workers N\n", "  -max-body N\n", "  -timeout D\n", "  -rate X\n", "  -name TEXT\n", "workers in parallel (default 4)\n"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("help without named values: no %q in\n%s", line, out)
		}
	}
}

// IsSet: a flag given, also at its default value or from the
// environment, and not one left alone.
func TestIsSet(t *testing.T) {
	e, _, _ := testEnv("")
	e.LookupEnv = func(key string) (string, bool) { return "3", key == "P_N" }
	fs := NewFlagSet(e, "prog cmd", "", "")
	fs.EnvPrefix("P")
	fs.Bool("json", false, "")
	fs.Bool("quiet", false, "")
	fs.Int("n", 0, "")
	fs.Int("m", 0, "")
	if _, _, ok := fs.Parse([]string{"-json=false", "-m", "2"}); !ok {
		t.Fatal("parse")
	}
	for name, want := range map[string]bool{"json": true, "quiet": false, "n": true, "m": true, "nosuch": false} {
		if got := fs.IsSet(name); got != want {
			t.Errorf("IsSet(%q) = %v, want %v", name, got, want)
		}
	}
}
