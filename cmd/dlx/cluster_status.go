package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/quote"
)

// "dlx cluster status" and "dlx cluster replicas N" (issue 31, item 12).

const clusterStatusSummary = `"dlx cluster status" reports the cluster at URL: the server connected to
and the servers known; for the queue (stream DLX_PIECES) and each bucket,
its replicas, its leader, the other replicas (offline, or behind by N
operations) and its size; the workers' consumer (pieces waiting, being
counted, redelivered and not yet acknowledged, fetches waiting); and for
each job, its state, its pieces done, failed and still on the queue, the
pieces counted on a second delivery or later, and the failed pieces.
The exit status is 1 when the queue or a bucket has no leader (its
servers down) or the jobs cannot be read.
"dlx cluster replicas N" sets the replicas of the queue and the buckets
to N (on a JetStream cluster of at least N servers); a client whose
-replicas differs from theirs is refused. See docs/cluster.md.`

// runClusterAdmin is "dlx cluster status" and "dlx cluster replicas N".
func runClusterAdmin(ctx context.Context, e *cli.Env, verb string, args []string) int {
	synopsis := "status [-cluster URL] [-json] [flags]"
	if verb == "replicas" {
		synopsis = "replicas [-cluster URL] [flags] N"
	}
	fs := cli.NewFlagSet(e, "dlx cluster "+verb, synopsis, clusterStatusSummary)
	var cf connFlags
	cf.Add(fs, cluster.DefaultURL, "the cluster's `URL`")
	asJSON := fs.Bool("json", false, "status: print one JSON object")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	n := 0
	switch {
	case verb == "status" && len(rest) > 0:
		return fs.Usagef("unexpected argument %s", quote.Short(rest[0]))
	case verb == "replicas" && len(rest) != 1:
		return fs.Usagef("want dlx cluster replicas N")
	case verb == "replicas":
		var err error
		if n, err = strconv.Atoi(rest[0]); err != nil || n < 1 {
			return fs.Usagef("replicas %s: want a number at least 1", quote.Short(rest[0]))
		}
		cf.Replicas = 0 // what exists is what is changed
	}
	c, err := cf.Connect(ctx, "dlx cluster "+verb)
	if err != nil {
		return clusterError(fs, *asJSON, err)
	}
	defer c.Close()
	if verb == "replicas" {
		if err := c.SetReplicas(ctx, n); err != nil {
			return clusterError(fs, false, err)
		}
	}
	cs, err := c.ClusterStatus(ctx)
	if err != nil {
		return clusterError(fs, *asJSON, err)
	}
	w := fs.Output()
	if *asJSON {
		jsonfmt.NewEncoder(w).Encode(cs)
	} else {
		printClusterStatus(w, cs)
	}
	code = cli.ExitOK
	for _, st := range cs.Stores {
		if st.Err != "" || st.Leader == "" {
			code = cli.ExitFail
		}
	}
	if cs.JobsErr != "" {
		code = cli.ExitFail
	}
	return fs.Finish(w, code)
}

func printClusterStatus(w *bufio.Writer, cs cluster.ClusterStatus) {
	fmt.Fprintf(w, "server %s; servers known: %s\n", cs.Server, strings.Join(cs.Servers, ", "))
	for _, st := range cs.Stores {
		fmt.Fprintf(w, "%-26s", st.What)
		if st.Err != "" {
			fmt.Fprintf(w, "  %s\n", st.Err)
			continue
		}
		leader := st.Leader
		if leader == "" {
			leader = "none"
		}
		fmt.Fprintf(w, "  %d replicas  leader %s", st.Replicas, leader)
		if len(st.Peers) > 0 {
			fmt.Fprintf(w, "  also %s", strings.Join(st.Peers, ", "))
		}
		fmt.Fprintf(w, "  %d messages, %d bytes\n", st.Msgs, st.Bytes)
	}
	q := cs.Queue
	if q.Err != "" {
		fmt.Fprintf(w, "workers' consumer: %s\n", q.Err)
	} else {
		fmt.Fprintf(w, "workers' consumer: %d pieces waiting, %d being counted, %d redelivered, %d fetches waiting", q.Waiting, q.Counting, q.Redelivered, q.Pulls)
		if q.Leader != "" {
			fmt.Fprintf(w, ", leader %s", q.Leader)
		}
		fmt.Fprintln(w)
	}
	if cs.JobsErr != "" {
		fmt.Fprintf(w, "jobs: %s\n", cs.JobsErr)
	}
	for _, j := range cs.Jobs {
		fmt.Fprintf(w, "job %s  %-9s  %d/%d done, %d failed, %d queued, %d counted on a redelivery",
			j.ID, j.State, j.Done, j.Pieces, j.FailedN, j.Queued, j.Redelivered)
		if len(j.FailedList) > 0 {
			var ps []string
			for _, p := range j.FailedList[:min(len(j.FailedList), 10)] {
				ps = append(ps, strconv.Itoa(p))
			}
			more := ""
			if len(j.FailedList) > 10 {
				more = fmt.Sprintf(" and %d more", len(j.FailedList)-10)
			}
			fmt.Fprintf(w, "; failed pieces %s%s", strings.Join(ps, ", "), more)
		}
		fmt.Fprintln(w)
	}
}
