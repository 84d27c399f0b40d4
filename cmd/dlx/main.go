// Command dlx solves exact cover problems with dancing links and writes
// classic problems (queens, queens domination, pentominoes, Langford pairs,
// Star Battle, Sudoku) in Knuth's format.
//
// Usage:
//
//	dlx solve [flags] [FILE]   print solutions
//	dlx count [flags] [FILE]   print the number of solutions
//	dlx cover [flags] [FILE]   print a minimum repeat cover (set cover)
//	dlx gen [flags] MODEL ARG...  write a problem in Knuth's format
//	dlx estimate [flags] [FILE]  estimate the size of the search
//	dlx split (-depth D | -pieces N) -o DIR [FILE]  write the pieces of the search
//	dlx count -cluster URL [-depth D | -pieces N] [FILE]  count on a NATS cluster
//	dlx cluster serve [flags]  run a NATS JetStream server for the cluster
//	dlx worker [-cluster URL] [-workers N]  count the pieces queued on a cluster
//	dlx jobs [-cluster URL] [wait ID | cancel ID]  the jobs of a cluster
//	dlx completion bash|zsh|fish  print a shell completion script
//	dlx man                    print the manual page (docs/man/dlx.1)
//
// The cluster's commands (count -cluster, cluster, worker, jobs) run in
// the program dlx-cluster, found beside dlx or on PATH: dlx checks their
// command line and hands it over (docs/cluster.md), so that dlx itself
// links no NATS and starts as a small program does.
//
// Run "dlx COMMAND -h" for the flags of a command, "dlx -version" for the
// version. Flags may come before or after the file; "--" ends them. Exit
// status: 0 success (a count of zero is a result), 1 failure (solve or
// cover found no solution, except solve -format matrix, which prints "No
// Solution!" and exits 0 as the online judge's program does), interrupted
// search or output error, 2 usage or input error (a missing or unreadable
// file).
package main

import "github.com/dlxkit/dlx/internal/cli"

//go:generate sh -c "go run . man > ../../docs/man/dlx.1"

var program = &cli.Program{
	Name:    "dlx",
	Summary: "solve exact cover problems with dancing links, alone or on a cluster",
	SeeAlso: []string{"sudoku"},
	Commands: []cli.Command{
		{Name: "solve", Short: "print solutions of an exact cover problem", Run: runSolve},
		{Name: "count", Short: "print the number of solutions of an exact cover problem", Run: runCount},
		{Name: "cover", Short: "print a minimum repeat cover (every primary item at least once)", Run: runCover},
		{Name: "estimate", Short: "estimate the size and time of the search of a problem (Knuth's Monte Carlo method)", Run: runEstimate},
		{Name: "split", Short: "split the search of a problem into piece files, to count apart", Run: runSplit},
		{Name: "cluster", Short: "serve a NATS JetStream server for counting on a cluster, report its state, set its replicas", Run: runCluster, Words: []string{"serve", "status", "replicas"}},
		{Name: "worker", Short: "count the pieces of jobs queued on a cluster", Run: runWorker},
		{Name: "jobs", Short: "list, wait for or cancel the jobs of a cluster", Run: runJobs, Words: []string{"wait", "cancel"}},
		{Name: "gen", Short: "write a problem (queens, queendom, pentomino, langford, starbattle, sudoku) in Knuth's format", Run: runGen, Words: []string{"queens", "queendom", "pentomino", "langford", "starbattle", "sudoku"}},
	},
	Topics: []cli.Topic{formatsTopic},
}

func main() { program.Main() }
