// Command sudoku solves, counts, checks, generates, rates and serves Sudoku
// puzzles of every size and variant.
//
// Usage:
//
//	sudoku <command> [flags] [args]
//
// Run "sudoku help" for the list of commands, "sudoku <command> -h" for one.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
)

// command is one subcommand. Each lives in its own file and registers
// itself from an init function.
type command struct {
	name  string
	short string // one line for the command list
	// run executes the command with its arguments (after the name). It
	// returns the exit code: 0 success, 1 failure, 2 usage or input error.
	run func(ctx context.Context, env *env, args []string) int
}

// env is what a command may touch, so that tests can run commands in
// process with their own streams.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrTTY reports whether stderr is a terminal (progress bars).
	stderrTTY bool
}

var commands []command

func register(c command) { commands = append(commands, c) }

// errUsage marks an error as a usage error (exit code 2).
var errUsage = errors.New("usage error")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrTTY: isTerminal(os.Stderr)}
	os.Exit(run(ctx, e, os.Args[1:]))
}

// run dispatches args to a subcommand and returns the exit code.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			return run(ctx, e, []string{args[1], "-h"})
		}
		usage(e.stdout)
		return 0
	case "version", "-version", "--version":
		fmt.Fprintln(e.stdout, "sudoku", version())
		return 0
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "sudoku: unknown command %q\n", name)
	usage(e.stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "Usage: sudoku <command> [flags] [args]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	cs := slices.Clone(commands)
	slices.SortFunc(cs, func(a, b command) int { return strings.Compare(a.name, b.name) })
	for _, c := range cs {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.short)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `Run "sudoku <command> -h" for a command's flags.`)
}
