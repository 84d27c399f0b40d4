package clitest

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
)

// flagLine is the first line of a flag in a help: "  -name" and its
// placeholder, if any.
var flagLine = regexp.MustCompile(`^  -([a-z0-9-]+)`)

// numberWord is a word of a default's description that starts with a
// digit: a value the help names ("at most 10000", "at least 1"), commas
// between its digits kept ("10,000").
var numberWord = regexp.MustCompile(`(^|\s)([0-9](?:[^\s;,)]|,[0-9])*)`)

// FlagDefault is a value a command's help shows for one of its flags.
type FlagDefault struct {
	Command, Flag, Value string
}

// Defaults returns the values the help of each command of p shows as its
// flags' defaults, as a user would type them back: the help's last
// "(default VALUE)" of each flag, VALUE up to the first ',' ';' or ')'
// (a quoted VALUE unquoted), and, in a description "(default: how it is
// chosen)", every word that starts with a digit.
func Defaults(t *testing.T, p *cli.Program) []FlagDefault {
	t.Helper()
	var out []FlagDefault
	for _, c := range p.Commands {
		var stdout, stderr bytes.Buffer
		e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
		if code := p.Run(context.Background(), e, []string{c.Name, "-h"}); code != 0 {
			t.Fatalf("%s %s -h: exit %d, stderr %q", p.Name, c.Name, code, stderr.String())
		}
		_, flags, _ := strings.Cut(stdout.String(), "\nFlags:\n")
		usage := map[string]string{}
		var order []string
		name := ""
		for line := range strings.Lines(flags) {
			if m := flagLine.FindStringSubmatch(line); m != nil {
				name = m[1]
				order = append(order, name)
				usage[name] = line
			} else if name != "" {
				usage[name] += line
			}
		}
		for _, f := range order {
			u := strings.Join(strings.Fields(usage[f]), " ")
			i := strings.LastIndex(u, "(default")
			if i < 0 {
				continue
			}
			d := u[i+len("(default"):]
			switch {
			case strings.HasPrefix(d, ": "):
				d, _, _ = strings.Cut(d[2:], ")")
				for _, m := range numberWord.FindAllStringSubmatch(d, -1) {
					out = append(out, FlagDefault{c.Name, f, m[2]})
				}
			case strings.HasPrefix(d, ` "`):
				q, err := strconv.QuotedPrefix(d[1:])
				if err != nil {
					t.Errorf("%s %s -h: -%s: default %s is not a quoted string", p.Name, c.Name, f, d)
					continue
				}
				v, _ := strconv.Unquote(q)
				out = append(out, FlagDefault{c.Name, f, v})
			case strings.HasPrefix(d, " "):
				end := strings.IndexAny(d, ",;:)") // "(default 2: the number of CPUs)": 2
				if end < 0 {
					end = len(d)
				}
				out = append(out, FlagDefault{c.Name, f, d[1:end]})
			default:
				t.Errorf("%s %s -h: -%s: %q: want (default VALUE) or (default: how it is chosen)", p.Name, c.Name, f, u[i:])
			}
		}
	}
	return out
}

// CheckDefaults runs every command of p with each default its help
// shows (see Defaults) as the value of its flag, "-flag=VALUE -h": the
// flag must take it (the help, exit 0), not call it a usage error.
func CheckDefaults(t *testing.T, p *cli.Program) {
	t.Helper()
	defaults := Defaults(t, p)
	if len(defaults) == 0 {
		t.Fatalf("%s: no defaults found in the helps", p.Name)
	}
	for _, d := range defaults {
		var stdout, stderr bytes.Buffer
		e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr}
		if code := p.Run(context.Background(), e, []string{d.Command, "-" + d.Flag + "=" + d.Value, "-h"}); code != 0 {
			t.Errorf("%s %s -h shows the default %q for -%s, which the flag refuses: exit %d, %s", p.Name, d.Command, d.Value, d.Flag, code, strings.TrimSpace(stderr.String()))
		}
	}
}
