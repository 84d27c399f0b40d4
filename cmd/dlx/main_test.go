package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the stdout, stderr and exit sections of testdata/*.txtar")

// archive is a txtar archive: a comment, then files "-- name --".
type archive struct {
	comment string
	files   []archiveFile
}

type archiveFile struct {
	name string
	data string
}

func parseArchive(data string) *archive {
	a := &archive{}
	cur := -1
	var b strings.Builder
	flush := func() {
		if cur < 0 {
			a.comment = b.String()
		} else {
			a.files[cur].data = b.String()
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		t := strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			flush()
			a.files = append(a.files, archiveFile{name: t[3 : len(t)-3]})
			cur = len(a.files) - 1
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

func (a *archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, f := range a.files {
		b.WriteString("-- " + f.name + " --\n")
		b.WriteString(f.data)
	}
	return b.String()
}

func (a *archive) file(name string) (string, bool) {
	for _, f := range a.files {
		if f.name == name {
			return f.data, true
		}
	}
	return "", false
}

func (a *archive) set(name, data string) {
	for i, f := range a.files {
		if f.name == name {
			a.files[i].data = data
			return
		}
	}
	a.files = append(a.files, archiveFile{name, data})
}

// header returns the value of a "key: value" line of the comment.
func (a *archive) header(key string) (string, bool) {
	for _, line := range strings.Split(a.comment, "\n") {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			return strings.TrimSpace(v), true
		}
	}
	return "", false
}

// runCmd runs the command with args and stdin.
func runCmd(ctx context.Context, args []string, stdin string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = run(ctx, &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}, args)
	return out.String(), errb.String(), code
}

// TestGolden runs each testdata/*.txtar: the comment holds "args:" (the
// command line, $DIR naming a directory holding the archive's other files)
// and "exit:"; the files "stdin", "stdout" and "stderr" are the input and
// the expected output.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			a := parseArchive(string(data))
			dir := t.TempDir()
			for _, f := range a.files {
				switch f.name {
				case "stdin", "stdout", "stderr":
				default:
					if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.data), 0o666); err != nil {
						t.Fatal(err)
					}
				}
			}
			argLine, ok := a.header("args")
			if !ok {
				t.Fatal("no args: line")
			}
			args := strings.Fields(strings.ReplaceAll(argLine, "$DIR", dir))
			stdin, _ := a.file("stdin")
			stdout, stderr, code := runCmd(context.Background(), args, stdin)
			stdout = strings.ReplaceAll(stdout, dir, "$DIR")
			stderr = strings.ReplaceAll(stderr, dir, "$DIR")
			if *update {
				a.set("stdout", stdout)
				a.set("stderr", stderr)
				a.comment = replaceHeader(a.comment, "exit", strconv.Itoa(code))
				if err := os.WriteFile(file, []byte(a.format()), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			wantExit, _ := a.header("exit")
			if strconv.Itoa(code) != wantExit {
				t.Errorf("exit status %d, want %s (stderr %q)", code, wantExit, stderr)
			}
			if want, _ := a.file("stdout"); stdout != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout, want)
			}
			if want, _ := a.file("stderr"); stderr != want {
				t.Errorf("stderr:\n%s\nwant:\n%s", stderr, want)
			}
		})
	}
}

func replaceHeader(comment, key, value string) string {
	lines := strings.Split(comment, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, key+":") {
			lines[i] = key + ": " + value
			return strings.Join(lines, "\n")
		}
	}
	return comment + key + ": " + value + "\n"
}
