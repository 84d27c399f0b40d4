// Package cli is what the commands dlx and sudoku share: a table of
// subcommands, flags parsed with package flag in any order with the
// arguments ("--" ends the flags), help in one place and one style,
// messages on standard error that quote little of the input, input files
// where "-" is standard input, and progress lines on a terminal.
//
// Exit statuses: 0 success, 1 failure (a puzzle or search that failed, an
// interrupted run, an output that could not be written), 2 usage or input
// error (a bad flag or argument, a missing or unreadable input file).
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/dlxkit/dlx/internal/quote"
)

// Exit statuses.
const (
	ExitOK    = 0
	ExitFail  = 1
	ExitUsage = 2
)

// Env holds a run's streams, so that tests run the real commands.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// StderrTTY reports that standard error is a terminal: progress lines
	// are drawn only then.
	StderrTTY bool
	// LookupEnv reads an environment variable, for the flags of a command
	// that takes them from the environment (FlagSet.EnvPrefix); nil:
	// os.LookupEnv.
	LookupEnv func(key string) (string, bool)

	// describe, when set, receives the FlagSet of the command run, at
	// its Parse, and the command stops there (see Program.describe).
	describe func(*FlagSet)
}

// IsTerminal reports whether f is a terminal.
func IsTerminal(f *os.File) bool { return term.IsTerminal(int(f.Fd())) }

// Command is one subcommand: run gets the arguments after its name and
// returns the exit status.
type Command struct {
	Name  string
	Short string // one line for the list of commands
	Run   func(ctx context.Context, e *Env, args []string) int
	// Words are the words the first argument may be ("serve", "wait
	// cancel"), for the completion scripts; nil when it is free.
	Words []string
}

// Topic is a help topic: "PROG help NAME" prints its text, which
// several commands' helps point to instead of repeating it.
type Topic struct {
	Name  string
	Short string // one line for the list of topics
	Text  string
}

// Program is a command with subcommands.
type Program struct {
	Name string
	// Summary says in a line what the program does (the NAME line of
	// its manual page).
	Summary  string
	Commands []Command
	Topics   []Topic
	// SeeAlso names related programs, for the manual page.
	SeeAlso []string
}

// Main runs the program on the process's arguments and streams, with a
// context cancelled by Ctrl-C, and exits with its status.
func (p *Program) Main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	e := &Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, StderrTTY: IsTerminal(os.Stderr)}
	code := p.Run(ctx, e, os.Args[1:])
	stop()
	os.Exit(code)
}

// Run runs the command line args (without the program name) and returns
// the exit status. "-h" (or "help") lists the commands and the help topics
// on standard output, "help COMMAND" is "COMMAND -h", "help TOPIC" prints
// the topic, "-version" prints the version. Besides its own commands,
// every program has "completion SHELL" and "man" (see builtins).
func (p *Program) Run(ctx context.Context, e *Env, args []string) int {
	if len(args) == 0 {
		p.usage(e.Stderr)
		return ExitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			for _, t := range p.Topics {
				if t.Name == args[1] {
					fmt.Fprintln(e.Stdout, strings.TrimSpace(t.Text))
					return ExitOK
				}
			}
			return p.Run(ctx, e, []string{args[1], "-h"})
		}
		p.usage(e.Stdout)
		return ExitOK
	case "-version", "--version", "version":
		fmt.Fprintf(e.Stdout, "%s %s\n", p.Name, Version())
		return ExitOK
	}
	for _, c := range p.commands() {
		if c.Name == args[0] {
			return c.Run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(e.Stderr, "%s: unknown command %s (see %s -h)\n", p.Name, quote.Short(args[0]), p.Name)
	return ExitUsage
}

func (p *Program) usage(w io.Writer) {
	fmt.Fprintf(w, "Usage: %s COMMAND [flags] [arguments]\n\nCommands:\n", p.Name)
	width := 0
	for _, c := range p.commands() {
		width = max(width, len(c.Name))
	}
	for _, t := range p.Topics {
		width = max(width, len(t.Name))
	}
	for _, c := range p.commands() {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.Name, c.Short)
	}
	if len(p.Topics) > 0 {
		fmt.Fprintf(w, "\nHelp topics (%s help TOPIC):\n", p.Name)
		for _, t := range p.Topics {
			fmt.Fprintf(w, "  %-*s  %s\n", width, t.Name, t.Short)
		}
	}
	fmt.Fprintf(w, "\nRun \"%s COMMAND -h\" for the flags of a command; \"%s -version\" prints the version.\n", p.Name, p.Name)
}

// Clip shortens every Go-quoted string of msg longer than quote.Max
// characters as quote.Short does, so that a message that quotes its input
// (a flag value, a line of a puzzle) stays a few dozen characters long.
func Clip(msg string) string {
	if len(msg) <= 2*quote.Max {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			break
		}
		q, err := strconv.QuotedPrefix(msg[i:])
		if err != nil {
			b.WriteString(msg[:i+1])
			msg = msg[i+1:]
			continue
		}
		b.WriteString(msg[:i])
		if s, err := strconv.Unquote(q); err == nil && utf8.RuneCountInString(s) > quote.Max {
			b.WriteString(quote.Short(s))
		} else {
			b.WriteString(q)
		}
		msg = msg[i+len(q):]
	}
	b.WriteString(msg)
	return b.String()
}

// Open opens the named input file; "-" is standard input (closing it does
// nothing).
func (e *Env) Open(name string) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(e.Stdin), nil
	}
	return os.Open(name)
}
