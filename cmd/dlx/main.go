// Command dlx solves exact cover problems with dancing links and writes
// classic problems (queens, pentominoes, Langford pairs, Sudoku) in Knuth's
// format.
//
// Usage:
//
//	dlx solve [flags] [FILE]   print solutions
//	dlx count [flags] [FILE]   print the number of solutions
//	dlx gen MODEL ARGS         write a problem in Knuth's format
//
// Run "dlx COMMAND -h" for the flags of a command, "dlx -version" for the
// version. Exit status: 0 success (zero solutions is a result), 1 failure
// or interrupted search, 2 usage or input error.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
)

// env holds a run's streams, so that tests can run the real command.
type env struct {
	stdin     io.Reader
	stdout    io.Writer
	stderr    io.Writer
	stderrTTY bool // stderr is a terminal: show progress lines
}

// command is one subcommand.
type command struct {
	name  string
	short string
	run   func(ctx context.Context, e *env, args []string) int
}

var commands = []command{
	{"solve", "print solutions of an exact cover problem", runSolve},
	{"count", "print the number of solutions of an exact cover problem", runCount},
	{"gen", "write a problem (queens, pentomino, langford, sudoku) in Knuth's format", runGen},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, &env{os.Stdin, os.Stdout, os.Stderr, isTerminal(os.Stderr)}, os.Args[1:])
	stop()
	os.Exit(code)
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "usage: dlx COMMAND [arguments]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-6s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\nRun \"dlx COMMAND -h\" for the flags of a command; \"dlx -version\" prints the version.\n")
}

// run runs the command line args (without the program name) and returns
// the exit status.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(e.stdout)
		return 0
	case "-version", "--version", "version":
		fmt.Fprintf(e.stdout, "dlx %s\n", version())
		return 0
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, e, args[1:])
		}
	}
	fmt.Fprintf(e.stderr, "dlx: unknown command %q\n", args[0])
	usage(e.stderr)
	return 2
}
