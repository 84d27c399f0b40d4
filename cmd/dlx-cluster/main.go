// Command dlx-cluster runs the commands of the dlx cluster (docs/cluster.md):
// it holds the NATS server and client they need, which dlx and sudoku
// leave out so that they start as small programs do. dlx and sudoku run
// it for these commands, found beside their own executable or on PATH,
// after they have checked the command line:
//
//	dlx cluster serve [flags]        dlx-cluster cluster serve [flags]
//	dlx cluster status|replicas N    dlx-cluster cluster status|replicas N
//	dlx worker [flags]               dlx-cluster worker [flags]
//	dlx jobs [flags] [VERB ID...]    dlx-cluster jobs [flags] [VERB ID...]
//	dlx count -cluster URL [FILE]    dlx-cluster count -cluster URL [FILE]
//	sudoku count-grids -cluster URL RxC  dlx-cluster count-grids -cluster URL RxC
//
// Type them as the left column says; the right column runs the same
// command directly (count and count-grids take only the flags that apply
// with -cluster). Messages name the command as typed ("dlx worker: ...");
// a warning says when dlx or sudoku is of another release.
// Exit status as dlx's: 0 success, 1 failure, 2 usage or input error (an
// unknown job).
package main

import (
	"fmt"
	"os"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/clusterexec"
)

//go:generate sh -c "go run . man > ../../docs/man/dlx-cluster.1"

var program = &cli.Program{
	Name:    "dlx-cluster",
	Summary: "run the commands of the dlx cluster (NATS JetStream) for dlx and sudoku",
	SeeAlso: []string{"dlx", "sudoku"},
	Commands: []cli.Command{
		{Name: "cluster", Short: "serve a NATS JetStream server for counting on a cluster, report its state, set its replicas (dlx cluster)", Run: runCluster, Words: []string{"serve", "status", "replicas"}},
		{Name: "worker", Short: "count the pieces of jobs queued on a cluster (dlx worker)", Run: runWorker},
		{Name: "jobs", Short: "list, wait for or cancel the jobs of a cluster (dlx jobs)", Run: runJobs, Words: []string{"wait", "cancel", "retry", "rm", "prune"}},
		{Name: "count", Short: "count the solutions of an exact cover problem on a cluster (dlx count -cluster)", Run: runCount},
		{Name: "count-grids", Short: "count the filled Sudoku grids on a cluster (sudoku count-grids -cluster)", Run: runCountGrids},
	},
}

func main() {
	if w := clusterexec.CallerWarning(os.Getenv(clusterexec.CallerEnv), cli.Version()); w != "" {
		fmt.Fprintf(os.Stderr, "%s: %s\n", program.Name, w)
	}
	program.Main()
}
