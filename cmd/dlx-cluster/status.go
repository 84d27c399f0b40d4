package main

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// runClusterAdmin is "dlx cluster status" and "dlx cluster replicas N"
// (issue 31, item 12).
func runClusterAdmin(ctx context.Context, a *clusterflag.Admin) int {
	fs := a.Flags
	c, err := connect(ctx, &a.Conn, "dlx cluster "+a.Verb)
	if err != nil {
		return clusterError(fs, a.JSON, err)
	}
	defer c.Close()
	if a.Verb == "replicas" {
		if err := c.SetReplicas(ctx, a.N); err != nil {
			return clusterError(fs, false, err)
		}
	}
	cs, err := c.ClusterStatus(ctx)
	if err != nil {
		return clusterError(fs, a.JSON, err)
	}
	w := fs.Output()
	if a.JSON {
		jsonfmt.NewEncoder(w).Encode(cs)
	} else {
		printClusterStatus(w, cs)
	}
	code := cli.ExitOK
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
