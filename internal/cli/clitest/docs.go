package clitest

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
)

// RunFunc runs a command line, as cli.Program.Run does.
type RunFunc func(ctx context.Context, e *cli.Env, args []string) int

// output runs args and returns standard output, failing the test on a
// nonzero exit status or a message.
func output(t *testing.T, run RunFunc, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run(context.Background(), &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, args); code != 0 || errb.Len() > 0 {
		t.Fatalf("%q: exit %d, stderr %q", args, code, errb.String())
	}
	return out.String()
}

var (
	commandLine  = regexp.MustCompile(`(?m)^  (\S+)  `)
	helpFlagLine = regexp.MustCompile(`(?m)^  -(\S+)`)
)

// Help returns the commands the program's -h lists, and the flags each
// command's -h lists: what a person reads, independent of how the
// completion scripts and the manual page are made.
func Help(t *testing.T, run RunFunc) map[string][]string {
	t.Helper()
	usage := output(t, run, "-h")
	list, _, _ := strings.Cut(usage, "\nHelp topics")
	cmds := map[string][]string{}
	for _, m := range commandLine.FindAllStringSubmatch(list, -1) {
		flags := []string{}
		help := output(t, run, m[1], "-h")
		if _, f, ok := strings.Cut(help, "\nFlags:\n"); ok {
			for _, fm := range helpFlagLine.FindAllStringSubmatch(f, -1) {
				flags = append(flags, fm[1])
			}
		}
		cmds[m[1]] = flags
	}
	if len(cmds) == 0 {
		t.Fatalf("no commands in the help:\n%s", usage)
	}
	return cmds
}

// CheckCompletion checks the completion scripts of the program named
// prog: each script offers every command of -h and, in that command's
// part, every flag of its -h; and bash -n, zsh -n and fish -n accept
// them (each shell where it is installed).
func CheckCompletion(t *testing.T, prog string, run RunFunc) {
	t.Helper()
	cmds := Help(t, run)
	for _, shell := range []string{"bash", "zsh", "fish"} {
		script := output(t, run, "completion", shell)
		for cmd, flags := range cmds {
			part, ok := scriptPart(shell, prog, script, cmd)
			if !ok {
				t.Errorf("%s: no part for %s %s", shell, prog, cmd)
				continue
			}
			for _, f := range append(flags, "h") {
				if !offersFlag(shell, part, f) {
					t.Errorf("%s: %s %s: flag -%s not offered", shell, prog, cmd, f)
				}
			}
		}
		path, err := exec.LookPath(shell)
		if err != nil {
			t.Logf("%s is not installed: syntax not checked", shell)
			continue
		}
		file := filepath.Join(t.TempDir(), prog+"."+shell)
		if err := os.WriteFile(file, []byte(script), 0o666); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(path, "-n", file).CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("%s -n: %v\n%s", shell, err, out)
		}
	}
}

// scriptPart returns the part of a completion script for one command.
func scriptPart(shell, prog, script, cmd string) (string, bool) {
	if shell == "fish" {
		var b strings.Builder
		cond := "-n '__fish_seen_subcommand_from " + cmd + "' "
		for line := range strings.Lines(script) {
			if strings.Contains(line, cond) {
				b.WriteString(line)
			}
		}
		return b.String(), b.Len() > 0 && strings.Contains(script, "__fish_use_subcommand -a "+cmd+" ")
	}
	// bash and zsh: a case branch "\tcmd)\n" ... ";;".
	_, rest, ok := strings.Cut(script, "\n\t"+cmd+")\n")
	if !ok {
		return "", false
	}
	part, _, _ := strings.Cut(rest, "\t\t;;\n")
	return part, true
}

// offersFlag reports whether a script's part for a command offers -flag.
func offersFlag(shell, part, flag string) bool {
	switch shell {
	case "bash":
		for _, m := range regexp.MustCompile(`compgen -W '([^']*)'`).FindAllStringSubmatch(part, -1) {
			for _, w := range strings.Fields(m[1]) {
				if w == "-"+flag {
					return true
				}
			}
		}
		return false
	case "zsh":
		return strings.Contains(part, "'-"+flag+"[") || strings.Contains(part, "'-"+flag+"=[")
	}
	return strings.Contains(part, " -o "+flag+" ") || strings.HasSuffix(strings.TrimSpace(part), " -o "+flag)
}

// CheckMan checks that the manual page of the program named prog checked
// in at path is the one "PROG man" prints now (go generate ./cmd/...
// writes it), and that each command of the help has its section there,
// listing every flag of its -h.
func CheckMan(t *testing.T, prog, path string, run RunFunc) {
	t.Helper()
	page := output(t, run, "man")
	file, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(file) != page {
		t.Errorf("%s is not the manual page the command prints: run go generate ./cmd/...", path)
	}
	if _, err := exec.LookPath("groff"); err == nil {
		cmd := exec.Command("groff", "-man", "-ww", "-z")
		cmd.Stdin = strings.NewReader(page)
		if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("groff warns about the manual page: %v\n%s", err, out)
		}
	}
	sections := strings.Split(page, "\n.SS \"")[1:]
	for cmd, flags := range Help(t, run) {
		// The section whose title's second word is the command: "PROG CMD
		// ...", or for dlx-cluster, which runs other programs' commands,
		// "dlx worker ...". roff escapes the hyphens of a name
		// (count-grids, dlx-cluster).
		i := slices.IndexFunc(sections, func(s string) bool {
			title, _, _ := strings.Cut(s, "\"\n")
			w := strings.Fields(title)
			return len(w) > 1 && w[1] == strings.ReplaceAll(cmd, "-", `\-`)
		})
		if i < 0 {
			t.Errorf("the manual page has no section for %s", cmd)
			continue
		}
		section := sections[i]
		for _, f := range flags {
			name := strings.ReplaceAll(f, "-", `\-`)
			if !strings.Contains(section, ".B \\-"+name+"\n") && !strings.Contains(section, ".BI \"\\-"+name+" \"") {
				t.Errorf("the manual page does not list -%s of %s", f, cmd)
			}
		}
	}
}
