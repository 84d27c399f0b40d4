package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// testProgram has commands with every kind of flag, a command whose
// first argument is one of fixed words, and a help topic.
func testProgram() *Program {
	return &Program{
		Name:    "prog",
		Summary: "does things",
		SeeAlso: []string{"other"},
		Commands: []Command{
			{Name: "solve", Short: "solve a problem", Run: func(_ context.Context, e *Env, args []string) int {
				fs := NewFlagSet(e, "prog solve", "[flags] [FILE]", "Solves the problem in FILE.\n\nWith -json, one object:\n  {\"n\":1}\nand nothing else.")
				fs.Bool("json", false, "print JSON; one line")
				fs.Int("n", 1, "print `N` solutions")
				fs.String("format", "knuth", "input `format`: knuth or matrix")
				fs.String("sub", "", "search the piece in `FILE` only")
				fs.String("o", "", "write pieces to `DIR`")
				fs.Int("workers", 3, "use `N` goroutines")
				fs.SetDefaultDoc("workers", "the number of CPUs")
				_, code, _ := fs.Parse(args)
				return code
			}},
			{Name: "jobs", Short: "list or cancel jobs [it's 'quoted']", Words: []string{"wait", "cancel"}, Run: func(_ context.Context, e *Env, args []string) int {
				fs := NewFlagSet(e, "prog jobs", "[flags] [wait ID | cancel ID]", "")
				fs.String("cluster", "nats://127.0.0.1:4222", "the cluster's `URL` [with: colons]")
				_, code, _ := fs.Parse(args)
				return code
			}},
		},
		Topics: []Topic{{Name: "formats", Short: "the input formats", Text: ".dots at the start\nand a \\ backslash -dash, 2×3 boxes"}},
	}
}

func runProgram(t *testing.T, p *Program, args ...string) string {
	t.Helper()
	e, out, errb := testEnv("")
	if code := p.Run(context.Background(), e, args); code != 0 || errb.Len() > 0 {
		t.Fatalf("%q: exit %d, stderr %q", args, code, errb)
	}
	return out.String()
}

// TestDescribe: every command, built-in ones included, hands over its
// FlagSet with every flag, and runs nothing else.
func TestDescribe(t *testing.T) {
	cmds := testProgram().describe()
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name)
		if c.Flags == nil {
			t.Errorf("%s: no FlagSet", c.Name)
		}
	}
	if want := []string{"solve", "jobs", "completion", "man"}; !slices.Equal(names, want) {
		t.Errorf("commands %q, want %q", names, want)
	}
	var flags []string
	for _, f := range cmds[0].Flags.flags() {
		flags = append(flags, f.Name+"="+f.Value+"/"+valueKind(f))
	}
	if want := []string{"format=format/", "json=/", "n=N/", "o=DIR/dir", "sub=FILE/file", "workers=N/"}; !slices.Equal(flags, want) {
		t.Errorf("flags %q, want %q", flags, want)
	}
}

// TestCompletionScripts: each script names every command and every flag
// of each, the help topics and the shells.
func TestCompletionScripts(t *testing.T) {
	p := testProgram()
	for _, shell := range shells {
		script := runProgram(t, p, "completion", shell)
		for _, w := range []string{"solve", "jobs", "completion", "man", "help", "formats",
			"json", "-n", "format", "sub", "-o", "workers", "cluster", "wait", "cancel", "bash", "zsh", "fish"} {
			if !strings.Contains(script, w) {
				t.Errorf("%s: no %q in the script", shell, w)
			}
		}
	}
	e, _, errb := testEnv("")
	if code := p.Run(context.Background(), e, []string{"completion", "tcsh"}); code != ExitUsage || !strings.Contains(errb.String(), `unknown shell "tcsh"`) {
		t.Errorf("completion tcsh: exit %d, stderr %q", code, errb)
	}
	e, _, _ = testEnv("")
	if code := p.Run(context.Background(), e, []string{"completion"}); code != ExitUsage {
		t.Errorf("completion with no shell: exit %d", code)
	}
}

// TestCompletionSyntax: each shell accepts its script (bash -n, zsh -n,
// fish -n), where the shell is installed.
func TestCompletionSyntax(t *testing.T) {
	p := testProgram()
	for _, shell := range shells {
		t.Run(shell, func(t *testing.T) {
			path, err := exec.LookPath(shell)
			if err != nil {
				t.Skipf("%s is not installed: skipped", shell)
			}
			file := filepath.Join(t.TempDir(), "script")
			if err := os.WriteFile(file, []byte(runProgram(t, p, "completion", shell)), 0o666); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(path, "-n", file).CombinedOutput()
			if err != nil || len(out) > 0 {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		})
	}
}

// bashComplete runs the bash script's function on the words of a command
// line (the last one being completed) and returns what it offers.
func bashComplete(t *testing.T, script string, dir string, words ...string) []string {
	t.Helper()
	var quoted []string
	for _, w := range words {
		quoted = append(quoted, "'"+w+"'")
	}
	prog := script + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" +
		strconv.Itoa(len(words)-1) + "\n_prog\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
	cmd := exec.Command("bash", "--norc", "--noprofile", "-c", prog)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	got := strings.Fields(string(out))
	slices.Sort(got)
	return got
}

// TestBashCompletes runs the bash script: commands, flags, the words of
// the first argument, files for a FILE flag, nothing for a value.
func TestBashCompletes(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed: skipped")
	}
	script := runProgram(t, testProgram(), "completion", "bash")
	dir := t.TempDir()
	for _, name := range []string{"puzzle.txt", "piece.txt"} {
		os.WriteFile(filepath.Join(dir, name), nil, 0o666)
	}
	os.Mkdir(filepath.Join(dir, "pieces"), 0o777)
	tests := []struct {
		words []string
		want  []string
	}{
		{[]string{"prog", ""}, []string{"-h", "-version", "completion", "help", "jobs", "man", "solve"}},
		{[]string{"prog", "co"}, []string{"completion"}},
		{[]string{"prog", "solve", "-w"}, []string{"-workers"}},
		{[]string{"prog", "solve", "-"}, []string{"-format", "-h", "-json", "-n", "-o", "-sub", "-workers"}},
		{[]string{"prog", "solve", "-sub", "pi"}, []string{"piece.txt", "pieces"}},
		{[]string{"prog", "solve", "-o", "p"}, []string{"pieces"}},
		{[]string{"prog", "solve", "-n", ""}, nil},
		{[]string{"prog", "solve", "-json", "pu"}, []string{"puzzle.txt"}},
		{[]string{"prog", "jobs", ""}, []string{"cancel", "wait"}},
		{[]string{"prog", "help", "f"}, []string{"formats"}},
		{[]string{"prog", "completion", ""}, []string{"bash", "fish", "zsh"}},
	}
	for _, tt := range tests {
		if got := bashComplete(t, script, dir, tt.words...); !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, want %q", tt.words, got, tt.want)
		}
	}
}

// zshDriver types command lines into an interactive zsh on a
// pseudo-terminal (zsh/zpty), presses Tab after each, and waits (30 s at
// most) for the expected text on the screen.
const zshDriver = `zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z "PS1='> '; autoload -U compinit; compinit -u -D; source ${(q)1}; setopt nobeep"
expect() {
	local all= line
	repeat 300; do
		while zpty -r -t z line; do all+=$line; done
		[[ $all == *$1* ]] && return 0
		sleep 0.1
	done
	print -r -- "no ${(q)1} on the screen: ${(q+)all[-300,-1]}"
	exit 1
}
try() { zpty -w -n z $'\C-u'"$1"$'\t'; expect "$2"; }
`

// TestZshCompletes runs zsh's completion system with the script loaded,
// as a person pressing Tab would.
func TestZshCompletes(t *testing.T) {
	if _, err := exec.LookPath("zsh"); err != nil {
		t.Skip("zsh is not installed: skipped")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "_prog")
	os.WriteFile(file, []byte(runProgram(t, testProgram(), "completion", "zsh")), 0o666)
	os.WriteFile(filepath.Join(dir, "puzzle.txt"), nil, 0o666)
	driver := zshDriver
	for _, c := range [][2]string{
		{"prog so", "prog solve"},
		{"prog solve -wo", "solve -workers"},
		{"prog jobs ", "cancel"},
		{"prog solve -sub pu", "puzzle.txt"},
		{"prog help fo", "help formats"},
		{"prog completion f", "completion fish"},
	} {
		driver += "try '" + c[0] + "' '" + c[1] + "'\n"
	}
	driver += "print ok\nzpty -d z\n"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "zsh", "-f", "-c", driver, "zsh", file)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "TERM=xterm")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.HasSuffix(string(out), "ok\n") {
		t.Errorf("zsh: %v\n%s", err, out)
	}
}

// TestFishCompletes runs fish's own completion with the script loaded.
func TestFishCompletes(t *testing.T) {
	if _, err := exec.LookPath("fish"); err != nil {
		t.Skip("fish is not installed: skipped")
	}
	file := filepath.Join(t.TempDir(), "prog.fish")
	os.WriteFile(file, []byte(runProgram(t, testProgram(), "completion", "fish")), 0o666)
	for _, tt := range []struct{ line, want string }{
		{"prog so", "solve"},
		{"prog solve -wo", "-workers"},
		{"prog jobs ", "cancel"},
	} {
		cmd := exec.Command("fish", "--no-config", "-c", "source "+file+"; complete -C '"+tt.line+"'")
		cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			w, _, _ := strings.Cut(l, "\t")
			got = append(got, w)
		}
		if err != nil || !slices.Contains(got, tt.want) {
			t.Errorf("fish %q: %v, %q; want %q among them", tt.line, err, out, tt.want)
		}
	}
}

// TestMan: the manual page holds every command with its synopsis, help
// and flags, the topics and exit statuses, escaped for roff; groff reads
// it without a warning where it is installed.
func TestMan(t *testing.T) {
	page := runProgram(t, testProgram(), "man")
	for _, w := range []string{
		".TH PROG 1", "prog \\- does things",
		`.SS "prog solve [flags] [FILE]"`, "Solves the problem in FILE.",
		".nf\n  {\"n\":1}\n.fi\nand nothing else.",
		".BI \"\\-n \" N\nprint N solutions (default 1)",
		".B \\-json\nprint JSON; one line",
		"(default: the number of CPUs)",
		`.SS "prog jobs [flags] [wait ID | cancel ID]"`, "list or cancel jobs",
		`.SS "prog completion SHELL"`, `.SS "prog man"`,
		`.SS "prog help formats"`, "\\&.dots at the start\nand a \\e backslash \\-dash, 2\\[u00D7]3 boxes",
		".SH \"EXIT STATUS\"", ".BR other (1),",
	} {
		if !strings.Contains(page, w) {
			t.Errorf("no %q in the manual page", w)
		}
	}
	if strings.Contains(page, "(default 3") {
		t.Error("the manual page shows the machine's default of -workers")
	}
	if _, err := exec.LookPath("groff"); err != nil {
		t.Skip("groff is not installed: the page is not formatted")
	}
	cmd := exec.Command("groff", "-man", "-ww", "-z")
	cmd.Stdin = strings.NewReader(page)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil || errb.Len() > 0 {
		t.Errorf("groff: %v\n%s", err, errb.String())
	}
}

// TestHelpDefaultDoc: the help shows the machine's default and what it
// is.
func TestHelpDefaultDoc(t *testing.T) {
	e, out, _ := testEnv("")
	testProgram().Run(context.Background(), e, []string{"solve", "-h"})
	if !strings.Contains(out.String(), "use N goroutines (default 3: the number of CPUs)\n") {
		t.Errorf("help:\n%s", out)
	}
}
