package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/quote"
)

// The commands of issue 14 (docs/cluster.md): "dlx cluster serve", "dlx
// worker", "dlx jobs", and "dlx count -cluster". The work is done by
// package internal/cluster; here are the flags and the output.

// connFlags are the flags that say how to reach the server (shared with
// sudoku count-grids -cluster).
type connFlags = clusterflag.Conn

// clusterError reports an error of the cluster and returns the exit
// status: 2 for an unknown job, 1 otherwise.
var clusterError = clusterflag.Error

// countFlags are the flags of "dlx count -cluster".
type countClusterFlags struct {
	connFlags
	depth, pieces int
	detach        bool
}

func (c *countClusterFlags) add(fs *cli.FlagSet) {
	c.Add(fs, "", "count on the cluster at `URL` (nats://host:port; see docs/cluster.md)")
	fs.IntVar(&c.depth, "depth", 0, "with -cluster, split at depth `D`")
	fs.IntVar(&c.pieces, "pieces", 0, "with -cluster, split into at least `N` pieces (default: pieces of a few tenths of a second, from an estimate)")
	fs.BoolVar(&c.detach, "detach", false, "with -cluster, submit the job, print its ID and exit")
}

// countJobJSON is the output of "dlx count -cluster -detach -json".
type countJobJSON struct {
	Job    string `json:"job"`
	Pieces int    `json:"pieces"`
	Depth  int    `json:"depth"`
}

// runCountCluster is "dlx count -cluster URL": it checks the problem,
// submits it and waits for the total.
func runCountCluster(ctx context.Context, e *cli.Env, f *searchFlags, file string) int {
	cf := &f.cluster
	switch {
	case cf.depth < 0 || cf.pieces < 0:
		return f.Usagef("-depth and -pieces must not be negative")
	case cf.depth > 0 && cf.pieces > 0:
		return f.Usagef("want one of -depth D and -pieces N")
	}
	for _, name := range []string{"n", "sub", "workers", "seed", "time-limit", "node-limit"} {
		if flagSet(f.FlagSet, name) {
			return f.Usagef("-%s does not apply with -cluster (the workers count the pieces; see dlx worker)", name)
		}
	}
	name := file
	if name == "" || name == "-" {
		name, file = "stdin", "-"
	}
	r, err := e.Open(file)
	if err != nil {
		return f.Usagef("%v", err)
	}
	data, err := io.ReadAll(r)
	r.Close()
	if err != nil {
		return f.Usagef("%s: %v", name, err)
	}
	// The problem is checked here, before the cluster is reached: a
	// problem that does not parse is reported as the other commands do.
	p, err := cluster.ParseProblem(f.format, data)
	if err != nil {
		return f.inputError(fmt.Errorf("%s: %w", name, err))
	}
	if p.HasBounds() {
		return f.Usagef("%s: item bounds (lo:hi|name): cannot be split into pieces yet; count on one machine with dlx count -workers N", name)
	}
	// SIGTERM and SIGHUP, as Ctrl-C, stop the waiting, not the job.
	ctx, stop := signal.NotifyContext(ctx, cli.StopSignals...)
	defer stop()
	c, err := cf.Connect(ctx, "dlx count")
	if err != nil {
		return clusterError(f.FlagSet, f.json, err)
	}
	defer c.Close()
	engine := f.engine
	if engine == "auto" {
		engine = ""
	}
	w := f.Output()
	recorded := false
	job, err := c.Submit(ctx, cluster.Spec{Data: data, Format: f.format, Name: name, Engine: engine, Depth: cf.depth, Pieces: cf.pieces,
		Recorded: func(job cluster.Job) {
			// The ID first: should the queueing fail or this process
			// die, the job goes on, and its ID finds it.
			recorded = true
			if cf.detach && !f.json {
				fmt.Fprintln(w, job.ID)
				w.Flush()
			}
			if !f.quiet {
				f.Errorf("job %s: queueing %s of depth up to %d (dlx jobs wait %s prints the total)", job.ID, nPieces(job.Pieces), job.Depth, job.ID)
			}
		}})
	switch {
	case err != nil && errors.Is(err, errors.ErrUnsupported):
		return f.Usagef("%s: %v", name, err)
	case err != nil && recorded && ctx.Err() != nil:
		f.Errorf("job %s: interrupted while queueing (%d of %d pieces queued); dlx jobs wait %s queues the rest and prints the total", job.ID, job.Published, job.Pieces, job.ID)
		return cli.ExitFail
	case err != nil && recorded && !errors.Is(err, cluster.ErrCanceled) && !errors.Is(err, cluster.ErrFull):
		return clusterError(f.FlagSet, f.json, fmt.Errorf("job %s: %w (dlx jobs wait %s queues the rest, dlx jobs rm %s removes it)", job.ID, err, job.ID, job.ID))
	case err != nil:
		return clusterError(f.FlagSet, f.json, err)
	}
	if cf.detach {
		if f.json {
			jsonfmt.NewEncoder(w).Encode(countJobJSON{Job: job.ID, Pieces: job.Pieces, Depth: job.Depth})
		}
		return f.Finish(w, 0)
	}
	return waitJob(ctx, e, f, c, job.ID)
}

// nPieces says n pieces.
func nPieces(n int) string {
	if n == 1 {
		return "1 piece"
	}
	return fmt.Sprintf("%d pieces", n)
}

// waitJob waits for job id and prints its total as count does; the
// progress line says the pieces done, the solutions so far, the rate and
// the time left.
func waitJob(ctx context.Context, e *cli.Env, f *searchFlags, c *cluster.Client, id string) int {
	ctx, stop := signal.NotifyContext(ctx, cli.StopSignals...)
	defer stop()
	start := time.Now()
	prog := newJobProgress(e, f.quiet, f.progressEvery, start)
	st, err := c.Wait(ctx, id, prog.report)
	prog.done()
	elapsed := time.Since(start)
	interrupted := errors.Is(err, context.Canceled) && ctx.Err() != nil
	if err != nil && !interrupted {
		code := clusterError(f.FlagSet, f.json, err)
		if errors.Is(err, cluster.ErrJobFailed) && f.stats {
			f.Errorf("%s", statsLine(jobStats(st), elapsed))
		}
		return code
	}
	w := f.Output()
	if f.json {
		j := countJSON{Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates, Complete: true, Job: id, Pieces: st.Pieces}
		if interrupted {
			j.Complete, j.Stopped = false, jsonfmt.StoppedInterrupted
		}
		if g := st.Grids(); g != nil {
			j.Grids = g.String()
		}
		jsonfmt.NewEncoder(w).Encode(j)
	} else if g := st.Grids(); g != nil {
		fmt.Fprintln(w, g) // a grid count's job: its number of grids
	} else {
		fmt.Fprintf(w, "%d\n", st.Solutions)
	}
	code := f.Finish(w, 0)
	if f.stats {
		f.Errorf("%s", statsLine(jobStats(st), elapsed))
	}
	if interrupted {
		f.Errorf("partial: interrupted (%d of %d pieces); job %s goes on: dlx jobs wait %s", st.Done, st.Pieces, id, id)
		return cli.ExitFail
	}
	return code
}

// jobStats returns a job's totals as the statistics of a search.
func jobStats(st cluster.Status) exactcover.Stats {
	return exactcover.Stats{Nodes: st.Nodes, Updates: st.Updates, Solutions: st.Solutions, Subproblems: st.Pieces, SubproblemsDone: st.Done}
}

// flagSet reports whether the flag name was given.
func flagSet(fs *cli.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// jobProgress is the progress line of a job.
type jobProgress struct {
	mu    sync.Mutex
	st    cluster.Status
	start time.Time
	first time.Time // the first piece done: the rate counts from there
	at    time.Time // when st was reported
	stop  func()
}

func newJobProgress(e *cli.Env, quiet bool, every time.Duration, start time.Time) *jobProgress {
	p := &jobProgress{start: start}
	if quiet || (!e.StderrTTY && every <= 0) {
		return p
	}
	if every > 0 {
		p.stop = progressLines(e.Stderr, start, every, p.line)
	} else {
		p.stop = e.Progress(start, p.line)
	}
	return p
}

func (p *jobProgress) report(st cluster.Status) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if p.first.IsZero() && st.Done+st.FailedN > 0 {
		p.first = now
	}
	if st.Done+st.FailedN != p.st.Done+p.st.FailedN || p.at.IsZero() {
		p.at = now // the time of the last piece in, not of the last report
	}
	p.st = st
}

func (p *jobProgress) line(elapsed time.Duration) string {
	p.mu.Lock()
	st, first, at := p.st, p.first, p.at
	p.mu.Unlock()
	line := fmt.Sprintf("pieces %d/%d, %d solutions, %s", st.Done+st.FailedN, st.Pieces, st.Solutions, elapsed.Round(time.Second))
	if !at.IsZero() && !st.Connected {
		// No estimate while nothing can come in.
		return line + ", server unreachable: reconnecting"
	}
	if n := st.Done + st.FailedN; n > 1 && at.After(first) {
		// The rate from the first piece done to the last: the time to the
		// first is the start-up (workers reading the problem).
		rate := float64(n-1) / at.Sub(first).Seconds()
		line += fmt.Sprintf(", %.3g pieces/s (%s solutions/s)", rate, perSecond(st.Solutions, at.Sub(p.start)))
		left := float64(st.Pieces-n)/rate - time.Since(at).Seconds()
		if left > 0 {
			line += fmt.Sprintf(", about %v left", roundDuration(time.Duration(left*float64(time.Second))))
		} else if d := time.Since(at).Round(time.Second); d > 0 {
			// Later than the rate says: say what is known.
			line += fmt.Sprintf(", no piece in for %v", d)
		}
	}
	return line
}

func (p *jobProgress) done() {
	if p.stop != nil {
		p.stop()
	}
}

const workerSummary = `Counts the pieces of the jobs queued on the cluster at URL (see dlx count
-cluster), N at a time, each on its own goroutine, until interrupted
(Ctrl-C, SIGTERM or SIGHUP: the pieces being counted go back to the queue
at once, and the stop does not count as one of their deliveries).
Each piece's result is recorded once, then the piece is acknowledged; a
piece not acknowledged within -ack-wait is delivered again (a long piece
sends a heartbeat every third of it); a piece whose -max-deliver
deliveries ended without a result (errors, workers killed or timed out)
is recorded as failed, and so fails its job (dlx jobs retry queues it
again). A result the server cannot store (a full store) is held, and
stored when there is room. The worker rides out a server restarting. A
worker of another dlx release (another message format) is refused.
Standard error gets a line per piece that failed, per disconnection and
reconnection, and at the end the number of pieces counted. See
docs/cluster.md.`

func runWorker(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "dlx worker", "[-cluster URL] [-workers N] [flags]", workerSummary)
	fs.EnvPrefix("DLX")
	var cf connFlags
	cf.Add(fs, cluster.DefaultURL, "the cluster's `URL`")
	workers := fs.Int("workers", 1, "count `N` pieces at a time")
	ackWait := fs.Duration("ack-wait", 30*time.Second, "deliver a piece again after `D` without an ack or heartbeat")
	maxDeliver := fs.Int("max-deliver", 5, "record a piece as failed after `N` deliveries without a result (stops do not count)")
	quiet := fs.Bool("quiet", false, "no messages on standard error but errors")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	switch {
	case len(rest) > 0:
		return fs.Usagef("unexpected argument %s", quote.Short(rest[0]))
	case *workers < 1:
		return fs.Usagef("-workers must be at least 1")
	case *ackWait < 100*time.Millisecond:
		return fs.Usagef("-ack-wait must be at least 100ms")
	case *maxDeliver < 1:
		return fs.Usagef("-max-deliver must be at least 1")
	}
	ctx, stop := cli.ServeContext(ctx)
	defer stop()
	cf.Logf = func(format string, a ...any) { fs.Errorf(format, a...) }
	c, err := cf.Connect(ctx, "dlx worker")
	if err != nil {
		return clusterError(fs, false, err)
	}
	defer c.Close()
	var nCounted, nFailed int64 // pieces recorded by this worker
	var mu sync.Mutex
	w, err := c.NewWorker(ctx, cluster.WorkerOptions{
		Workers: *workers, AckWait: *ackWait, MaxDeliver: *maxDeliver,
		Logf: func(format string, a ...any) { fs.Errorf(format, a...) },
		Done: func(r cluster.Result) {
			mu.Lock()
			if r.Status == "error" {
				nFailed++
			} else {
				nCounted++
			}
			mu.Unlock()
		},
	})
	if err != nil {
		return clusterError(fs, false, err)
	}
	if !*quiet {
		fs.Errorf("counting pieces from %s, %d at a time", cf.URLOrDefault(), *workers)
	}
	err = w.Run(ctx)
	mu.Lock()
	if !*quiet {
		fs.Errorf("stopped: %d pieces counted, %d failed", nCounted, nFailed)
	}
	mu.Unlock()
	if err != nil {
		return clusterError(fs, false, err)
	}
	return cli.ExitOK
}

const jobsSummary = `"dlx jobs" lists the jobs of the cluster at URL, oldest first, one line
each: ID, state (running, done, failed, cancelled), pieces done/total,
solutions so far, the problem's name and the time submitted; with -json,
one object each:
  {"job":"20261124-033512-a1b2c3","state":"running","pieces":512,"done":130,
   "failed":0,"solutions":601322,"name":"q16.dlx","created":"2026-11-24T03:35:12Z"}
"dlx jobs wait ID" waits for the job and prints its total as dlx count does
(also when the process that submitted it is gone); -stats and -json as in
dlx count. "dlx jobs cancel ID" cancels it: its pieces leave the queue and
the workers drop them (also while its submitter is still queueing them).
"dlx jobs retry ID" queues again the pieces of the job that failed or were
lost (neither recorded nor queued), and the job runs again. "dlx jobs rm
ID..." removes jobs: pieces, results, record, and the problem when no other
job uses it; "dlx jobs prune AGE" removes the jobs that ended and were
submitted more than AGE ago (720h: 30 days). Removing works on a full store
(which refuses new jobs: -max-bytes sets the limit). See docs/cluster.md.`

// jobJSON is a line of "dlx jobs -json".
type jobJSON struct {
	Job       string `json:"job"`
	State     string `json:"state"`
	Pieces    int    `json:"pieces"`
	Done      int    `json:"done"`
	Failed    int    `json:"failed"`
	Solutions int64  `json:"solutions"`
	Grids     string `json:"grids,omitempty"` // a grid count's job (sudoku count-grids -cluster)
	Name      string `json:"name,omitempty"`
	Created   string `json:"created"`
}

func runJobs(ctx context.Context, e *cli.Env, args []string) int {
	f := &searchFlags{FlagSet: cli.NewFlagSet(e, "dlx jobs", "[-cluster URL] [flags] [wait ID | cancel ID | retry ID | rm ID... | prune AGE]", jobsSummary)}
	var cf connFlags
	cf.Add(f.FlagSet, cluster.DefaultURL, "the cluster's `URL`")
	f.BoolVar(&f.json, "json", false, "print JSON (see above)")
	f.BoolVar(&f.stats, "stats", false, "wait: print nodes, updates and time to standard error")
	f.BoolVar(&f.quiet, "quiet", false, "wait: no progress line")
	f.DurationVar(&f.progressEvery, "progress", 0, "wait: print a progress line every `D` on standard error (0: only the terminal's line)")
	rest, code, ok := f.Parse(args)
	if !ok {
		return code
	}
	verb := "list"
	if len(rest) > 0 {
		verb = rest[0]
	}
	var age time.Duration
	switch {
	case verb == "list" && len(rest) <= 1:
	case (verb == "wait" || verb == "cancel" || verb == "retry") && len(rest) == 2:
	case verb == "wait" || verb == "cancel" || verb == "retry":
		return f.Usagef("want dlx jobs %s ID", verb)
	case verb == "rm" && len(rest) >= 2:
	case verb == "rm":
		return f.Usagef("want dlx jobs rm ID...")
	case verb == "prune" && len(rest) == 2:
		var err error
		if age, err = time.ParseDuration(rest[1]); err != nil || age < 0 {
			return f.Usagef("prune %s: want an age such as 720h", quote.Short(rest[1]))
		}
	case verb == "prune":
		return f.Usagef("want dlx jobs prune AGE")
	default:
		return f.Usagef("unknown %s (want wait ID, cancel ID, retry ID, rm ID..., prune AGE or nothing)", quote.Short(verb))
	}
	c, err := cf.Connect(ctx, "dlx jobs")
	if err != nil {
		return clusterError(f.FlagSet, f.json, err)
	}
	defer c.Close()
	switch verb {
	case "wait":
		return waitJob(ctx, e, f, c, rest[1])
	case "cancel":
		if err := c.Cancel(ctx, rest[1]); err != nil {
			return clusterError(f.FlagSet, f.json, err)
		}
		return cli.ExitOK
	case "retry":
		n, err := c.Retry(ctx, rest[1])
		if err != nil {
			return clusterError(f.FlagSet, f.json, err)
		}
		if !f.quiet {
			f.Errorf("job %s: %d pieces queued again", rest[1], n)
		}
		return cli.ExitOK
	case "rm":
		code := cli.ExitOK
		for _, id := range rest[1:] {
			if err := c.Remove(ctx, id); err != nil {
				code = max(code, clusterError(f.FlagSet, f.json, err))
			}
		}
		return code
	case "prune":
		ids, err := c.Prune(ctx, age)
		if !f.quiet && len(ids) > 0 {
			f.Errorf("removed %d jobs", len(ids))
		}
		if err != nil {
			return clusterError(f.FlagSet, f.json, err)
		}
		return cli.ExitOK
	}
	list, err := c.List(ctx)
	if err != nil {
		return clusterError(f.FlagSet, f.json, err)
	}
	w := f.Output()
	printJobs(w, list, f.json)
	return f.Finish(w, 0)
}

func printJobs(w *bufio.Writer, list []cluster.Status, asJSON bool) {
	enc := jsonfmt.NewEncoder(w)
	for _, st := range list {
		j := jobJSON{Job: st.ID, State: st.State, Pieces: st.Pieces, Done: st.Done, Failed: st.FailedN,
			Solutions: st.Solutions, Name: st.Name, Created: st.Created.UTC().Format(time.RFC3339)}
		g := st.Grids() // a grid count's job: its grids so far
		if g != nil {
			j.Grids = g.String()
		}
		if asJSON {
			enc.Encode(j)
			continue
		}
		if g != nil {
			fmt.Fprintf(w, "%s  %-9s  %d/%d  %s grids", j.Job, j.State, j.Done, j.Pieces, j.Grids)
		} else {
			fmt.Fprintf(w, "%s  %-9s  %d/%d  %d solutions", j.Job, j.State, j.Done, j.Pieces, j.Solutions)
		}
		if j.Failed > 0 {
			fmt.Fprintf(w, "  %d failed", j.Failed)
		}
		fmt.Fprintf(w, "  %s  %s\n", j.Name, j.Created)
	}
}

const serveSummary = `"dlx cluster serve" runs a NATS server with JetStream on file storage in
directory -store (made if missing; jobs, pieces and results survive a
restart), for dlx count -cluster, dlx worker and dlx jobs, until
interrupted (Ctrl-C, SIGTERM or SIGHUP). It listens on 127.0.0.1:4222
unless -listen says otherwise ("127.0.0.1:0": a free port; the address is
printed on standard error) and refuses an address beyond loopback without
-token or a -config that sets up users (a nats-server configuration file,
also for accounts, operator JWTs and clusters; the flags here override
it). With -tls-cert and -tls-key, clients connect with tls:// URLs; with
-tls-ca, they must present a certificate signed by that CA. A three-node
cluster of the official nats-server runs the same jobs: see
docs/cluster.md. Every other listener a -config opens beyond loopback
(websocket, mqtt, leafnodes, cluster routes, gateway) must authenticate
too (no_auth_user does not count), and monitoring and profiling, which
cannot, are refused beyond loopback.
"dlx cluster status" and "dlx cluster replicas N" (see dlx cluster status
-h) report the replicas, leaders and pieces, and change the replicas.`

func runCluster(ctx context.Context, e *cli.Env, args []string) int {
	if len(args) > 0 && (args[0] == "status" || args[0] == "replicas") {
		return runClusterAdmin(ctx, e, args[0], args[1:])
	}
	fs := cli.NewFlagSet(e, "dlx cluster", "serve [-listen ADDR] [-store DIR] [-token T | -config FILE] [flags]", serveSummary)
	fs.EnvPrefix("DLX")
	var opt cluster.ServerOptions
	fs.StringVar(&opt.Listen, "listen", cluster.DefaultListen, "listen on `ADDR` (host:port)")
	fs.StringVar(&opt.StoreDir, "store", "dlx-cluster", "keep JetStream's files in `DIR`")
	fs.StringVar(&opt.Token, "token", "", "require the `token` T of clients (default $DLX_CLUSTER_TOKEN)")
	fs.StringVar(&opt.Config, "config", "", "a nats-server configuration `FILE` (users, accounts, cluster routes)")
	fs.StringVar(&opt.TLSCert, "tls-cert", "", "the server's certificate, PEM `FILE`")
	fs.StringVar(&opt.TLSKey, "tls-key", "", "the server's key, PEM `FILE`")
	fs.StringVar(&opt.TLSCA, "tls-ca", "", "require client certificates signed by the CA in PEM `FILE`")
	verbose := fs.Bool("v", false, "print the server's notices on standard error")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	switch {
	case len(rest) == 0:
		return fs.Usagef("want dlx cluster serve (see dlx cluster -h)")
	case rest[0] != "serve":
		return fs.Usagef("unknown %s (want serve, status or replicas N)", quote.Short(rest[0]))
	case len(rest) > 1:
		return fs.Usagef("unexpected argument %s", quote.Short(rest[1]))
	}
	if opt.TLSCA != "" && (opt.TLSCert == "" || opt.TLSKey == "") {
		return fs.Usagef("-tls-ca (client certificates) needs the server's certificate too: give -tls-cert and -tls-key")
	}
	if opt.Token == "" {
		opt.Token = os.Getenv("DLX_CLUSTER_TOKEN")
	}
	if opt.Config != "" {
		// The file's listen and store_dir, unless given here.
		if !flagSet(fs, "listen") {
			opt.Listen = ""
		}
		if !flagSet(fs, "store") {
			opt.StoreDir = ""
		}
	}
	opt.Logf = func(format string, a ...any) {
		if *verbose || !isNotice(format) {
			fs.Errorf(format, a...)
		}
	}
	ctx, stop := cli.ServeContext(ctx)
	defer stop()
	s, err := cluster.Serve(opt)
	if err != nil {
		if errors.Is(err, cluster.ErrInsecure) {
			return fs.Usagef("%v", err)
		}
		return fs.Failf("%v", err)
	}
	store := opt.StoreDir
	if jc := s.JetStreamConfig(); store == "" && jc != nil {
		store = jc.StoreDir // the configuration file's
	}
	fs.Errorf("serving on %s, store %s (Ctrl-C stops)", s.URL(), store)
	<-ctx.Done()
	s.Stop()
	return cli.ExitOK
}

// isNotice tells a notice of the server (printed only with -v) from a
// warning or an error (see cluster.Serve's logger).
func isNotice(format string) bool {
	for _, p := range []string{"warning: ", "error: ", "fatal: "} {
		if len(format) >= len(p) && format[:len(p)] == p {
			return false
		}
	}
	return true
}
