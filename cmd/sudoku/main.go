// Command sudoku solves, counts, checks, generates, rates and serves Sudoku
// puzzles of every size and variant.
//
// Usage:
//
//	sudoku COMMAND [flags] [arguments]
//
// Run "sudoku -h" for the list of commands, "sudoku COMMAND -h" for one;
// "sudoku completion bash|zsh|fish" prints a shell completion script and
// "sudoku man" the manual page (docs/man/sudoku.1).
// Flags may come before or after the arguments; "--" ends them. Exit
// status: 0 success, 1 failure (a puzzle that failed, an interrupted run,
// an output error), 2 usage or input error (a missing or unreadable file).
package main

import (
	"context"
	"os"
	"runtime/pprof"

	"github.com/dlxkit/dlx/internal/cli"
)

//go:generate sh -c "go run . man > ../../docs/man/sudoku.1"

var program = &cli.Program{
	Name:    "sudoku",
	Summary: "solve, count, check, generate, rate and serve Sudoku puzzles of every size and variant",
	SeeAlso: []string{"dlx"},
	Commands: []cli.Command{
		{Name: "analyze", Short: "analyse a puzzle's givens (minimal, redundant, which k to remove) or check a player's grid", Run: runAnalyze},
		{Name: "bench", Short: "measure the 9x9 solvers (fast, dlx, dfs) on puzzle files", Run: runBench},
		{Name: "check", Short: "tell whether each puzzle is invalid, unsolvable, unique or multiple", Run: runCheck},
		{Name: "count", Short: "count the solutions of every puzzle, up to a limit", Run: runCount},
		{Name: "count-grids", Short: "count every filled grid of a box shape (and the essentially different ones)", Run: runCountGrids},
		{Name: "generate", Short: "generate puzzles with a unique solution (level, symmetry, givens, seed)", Run: runGenerate},
		{Name: "hint", Short: "explain the next logical step of a puzzle", Run: runHint},
		{Name: "import", Short: "import an f-puzzles or SudokuPad link as a JSON puzzle object", Run: runImport},
		{Name: "loadtest", Short: "load-test a line protocol server (throughput, latency percentiles)", Run: runLoadtest},
		{Name: "rate", Short: "rate puzzles on the Sudoku Explainer scale by solving them like a person", Run: runRate},
		{Name: "serve", Short: "serve the HTTP API, the web page and the line protocol", Run: runServe},
		{Name: "solve", Short: "solve every puzzle of the input, in parallel", Run: runSolve},
	},
}

func main() {
	if f := os.Getenv("CPUPROF"); f != "" {
		w, _ := os.Create(f)
		pprof.StartCPUProfile(w)
		defer pprof.StopCPUProfile()
		program.Run(context.Background(), &cli.Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:])
		return
	}
	program.Main()
}
