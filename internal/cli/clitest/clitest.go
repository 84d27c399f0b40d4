// Package clitest runs golden tests of a command: txtar archives holding a
// command line, its standard input and the expected standard output,
// standard error and exit status.
package clitest

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/dlxkit/dlx/internal/cli"
)

var update = flag.Bool("update", false, "rewrite the stdout, stderr and exit of the golden files")

// Run runs every archive matching glob as a subtest. An archive's comment
// holds "args: ..." (the command line, split at spaces; 'single quotes'
// keep spaces; $DIR names a directory holding the archive's other files),
// "exit: N" and any number of "env: NAME=VALUE" lines (the only
// environment variables the command sees: the process's are hidden); its
// files "stdin", "stdout" and "stderr" are the input
// and the expected output, compared after normalize (nil: none) and after
// the directory is written back as $DIR. With -update the files are
// rewritten from the run.
func Run(t *testing.T, glob string, run func(ctx context.Context, e *cli.Env, args []string) int, normalize func(string) string) {
	files, err := filepath.Glob(glob)
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files %s: %v", glob, err)
	}
	if normalize == nil {
		normalize = func(s string) string { return s }
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			for _, f := range a.Files {
				switch f.Name {
				case "stdin", "stdout", "stderr":
				default:
					if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o666); err != nil {
						t.Fatal(err)
					}
				}
			}
			argLine, ok := header(a, "args")
			if !ok {
				t.Fatal("no args: line")
			}
			args := Split(strings.ReplaceAll(argLine, "$DIR", dir))
			var out, errb bytes.Buffer
			env := environ(a)
			e := &cli.Env{Stdin: bytes.NewReader(file1(a, "stdin")), Stdout: &out, Stderr: &errb,
				LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
			code := run(context.Background(), e, args)
			stdout := normalize(strings.ReplaceAll(out.String(), dir, "$DIR"))
			stderr := normalize(strings.ReplaceAll(errb.String(), dir, "$DIR"))
			if *update {
				set(a, "stdout", stdout)
				set(a, "stderr", stderr)
				setHeader(a, "exit", strconv.Itoa(code))
				if err := os.WriteFile(file, txtar.Format(a), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want, _ := header(a, "exit"); strconv.Itoa(code) != want {
				t.Errorf("exit status %d, want %s (stderr %q)", code, want, stderr)
			}
			if want := string(file1(a, "stdout")); stdout != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
			}
			if want := string(file1(a, "stderr")); stderr != want {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
			}
		})
	}
}

// Split splits a command line at spaces; text in single quotes is kept
// together, quotes removed.
func Split(s string) []string {
	var args []string
	var b strings.Builder
	in, quoted := false, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted = !quoted
			in = true
		case (r == ' ' || r == '\t') && !quoted:
			if in {
				args = append(args, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if in {
		args = append(args, b.String())
	}
	return args
}

// header returns the value of a "key: value" line of the comment.
func header(a *txtar.Archive, key string) (string, bool) {
	for line := range strings.Lines(string(a.Comment)) {
		if v, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), key+":"); ok {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// environ returns the variables of the "env: NAME=VALUE" lines of the
// comment.
func environ(a *txtar.Archive) map[string]string {
	env := map[string]string{}
	for line := range strings.Lines(string(a.Comment)) {
		if v, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "env:"); ok {
			k, v, _ := strings.Cut(strings.TrimSpace(v), "=")
			env[k] = v
		}
	}
	return env
}

func setHeader(a *txtar.Archive, key, value string) {
	lines := strings.SplitAfter(string(a.Comment), "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, key+":") {
			lines[i] = key + ": " + value + "\n"
			a.Comment = []byte(strings.Join(lines, ""))
			return
		}
	}
	a.Comment = append(a.Comment, key+": "+value+"\n"...)
}

func file1(a *txtar.Archive, name string) []byte {
	for _, f := range a.Files {
		if f.Name == name {
			return f.Data
		}
	}
	return nil
}

func set(a *txtar.Archive, name, data string) {
	for i, f := range a.Files {
		if f.Name == name {
			a.Files[i].Data = []byte(data)
			return
		}
	}
	a.Files = append(a.Files, txtar.File{Name: name, Data: []byte(data)})
}
