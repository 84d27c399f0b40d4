// Package clusterflag holds the command lines of the commands of the dlx
// cluster (docs/cluster.md): "dlx cluster", "dlx worker", "dlx jobs", the
// -cluster flags of "dlx count" and "sudoku count-grids", and the flags
// that say how a client reaches the server. Their flags, help and checks
// are here, without NATS: dlx and sudoku parse them (so that -h, a usage
// error, the manual page and the completion scripts need nothing more),
// then hand the command line to the program dlx-cluster (package
// clusterexec), which parses it again here and runs it.
package clusterflag

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/quote"
)

// DefaultURL is the server a client connects to when given no URL: the
// one "dlx cluster serve" runs by default.
const DefaultURL = "nats://127.0.0.1:4222"

// DefaultListen is the address "dlx cluster serve" listens on.
const DefaultListen = "127.0.0.1:4222"

// Conn is the flags that say how to reach the server.
type Conn struct {
	URL, Token, Creds, CA string
	Cert, Key, NKey       string // client certificates and nkeys
	Replicas              int
	MaxBytes              int64
	// Logf gets warnings and the connection's events (disconnected, ...);
	// nil drops them. Add sets it to the flag set's Errorf.
	Logf func(format string, a ...any)
}

// ConnFlags are the names of the flags Conn.Add adds.
var ConnFlags = []string{"cluster", "token", "creds", "tls-ca", "tls-cert", "tls-key", "nkey", "replicas", "max-bytes"}

// Add adds -cluster (with the default def and the given usage), -token,
// -creds, -tls-ca, -tls-cert, -tls-key, -nkey, -replicas and -max-bytes.
func (c *Conn) Add(fs *cli.FlagSet, def, usage string) {
	fs.StringVar(&c.URL, "cluster", def, usage)
	c.Logf = func(format string, a ...any) { fs.Errorf(format, a...) }
	fs.StringVar(&c.Token, "token", "", "the server's `token` (default $DLX_CLUSTER_TOKEN)")
	fs.StringVar(&c.Creds, "creds", "", "a NATS user credentials `FILE` (JWT and seed)")
	fs.StringVar(&c.CA, "tls-ca", "", "PEM `FILE` of the CA of the server's certificate (with a tls:// URL)")
	fs.StringVar(&c.Cert, "tls-cert", "", "present the client certificate in PEM `FILE` (a server that requires client certificates; with -tls-key)")
	fs.StringVar(&c.Key, "tls-key", "", "the key of -tls-cert, PEM `FILE`")
	fs.StringVar(&c.NKey, "nkey", "", "log in as the nkey user whose seed is in `FILE`")
	fs.IntVar(&c.Replicas, "replicas", 0, "keep `N` copies of the queue and the records (on a cluster of N servers or more; set by the first client of the cluster, 1 when not given; another N than theirs is refused: dlx cluster replicas N changes them)")
	fs.Int64Var(&c.MaxBytes, "max-bytes", 0, "set the byte limit of the queue, of the results and of the problems, each, to `N` (-1: none; a job that would pass it is refused)")
}

// URLOrDefault returns the URL, DefaultURL when none is given.
func (c *Conn) URLOrDefault() string {
	if c.URL == "" {
		return DefaultURL
	}
	return c.URL
}

// TokenOrEnv returns -token, or $DLX_CLUSTER_TOKEN when it is not given.
func (c *Conn) TokenOrEnv() string {
	if c.Token == "" {
		return os.Getenv("DLX_CLUSTER_TOKEN")
	}
	return c.Token
}

// Given returns the flags of fs given on the command line whose names are
// in names, as "-name=value" arguments (in the order of the names): the
// command line a command hands to dlx-cluster after it has checked it.
func Given(fs *cli.FlagSet, names []string) []string {
	var out []string
	for _, name := range names {
		if fs.IsSet(name) {
			out = append(out, "-"+name+"="+fs.Lookup(name).Value.String())
		}
	}
	return out
}

// Refuse reports a usage error, "-NAME why", for the first flag given on
// fs whose name is not in allowed, and returns its exit status with
// refused true; refused false when every flag given is allowed.
func Refuse(fs *cli.FlagSet, allowed []string, why string) (code int, refused bool) {
	var bad string
	fs.Visit(func(f *flag.Flag) {
		if bad == "" && !slices.Contains(allowed, f.Name) {
			bad = f.Name
		}
	})
	if bad == "" {
		return 0, false
	}
	return fs.Usagef("-%s %s", bad, why), true
}

// Count is the -cluster flags of "dlx count".
type Count struct {
	Conn
	Depth, Pieces int
	Detach        bool
}

// CountFlags are the flags of "dlx count" that apply with -cluster: those
// of Count, and those that say how the problem is read and the count
// printed. dlx refuses the others (a dlx worker counts the pieces).
var CountFlags = append(slices.Clip(ConnFlags), "depth", "pieces", "detach", "format", "engine", "json", "stats", "quiet", "progress")

// Add adds the flags of count -cluster.
func (c *Count) Add(fs *cli.FlagSet) {
	c.Conn.Add(fs, "", "count on the cluster at `URL` (nats://host:port; see docs/cluster.md)")
	fs.IntVar(&c.Depth, "depth", 0, "with -cluster, split at depth `D`")
	fs.IntVar(&c.Pieces, "pieces", 0, "with -cluster, split into at least `N` pieces (default: pieces of a few tenths of a second, from an estimate)")
	fs.BoolVar(&c.Detach, "detach", false, "with -cluster, submit the job, print its ID and exit")
}

// Check checks the values of the flags: "" when they are good, else the
// message.
func (c *Count) Check() string {
	switch {
	case c.Depth < 0 || c.Pieces < 0:
		return "-depth and -pieces must not be negative"
	case c.Depth > 0 && c.Pieces > 0:
		return "want one of -depth D and -pieces N"
	}
	return ""
}

// Grids is the -cluster flags of "sudoku count-grids".
type Grids struct {
	Conn
	Detach, Force bool
}

// MaxSide is the largest side a grid count job is submitted for without
// -force, with one more: 12x12 with a side of the box 3 (3x4, 4x3), which
// the stack method counts in about 120 to 130 CPU-days (docs/sudoku.md,
// "12x12 by stacks"). The other shapes past 9x9 have not been measured.
const MaxSide = 9

// GridsFlags are the flags of "sudoku count-grids" that apply with
// -cluster; sudoku refuses the others.
var GridsFlags = append(slices.Clip(ConnFlags), "detach", "force", "json", "quiet")

// Add adds the flags of count-grids -cluster.
func (g *Grids) Add(fs *cli.FlagSet) {
	g.Conn.Add(fs, "", "count on the dlx cluster at `URL`: the pieces are a job that dlx worker processes count (see docs/cluster.md)")
	fs.BoolVar(&g.Detach, "detach", false, "with -cluster, submit the job, print its ID and exit (dlx jobs wait ID prints the count)")
	fs.BoolVar(&g.Force, "force", false, fmt.Sprintf("with -cluster, submit a shape of side over %d other than 3x4 and 4x3 all the same (not measured, see docs/sudoku.md)", MaxSide))
}

// GridsEstimate returns what an RxC count costs on the cluster when it
// is long enough to be worth saying and has been measured (docs/sudoku.md,
// "12x12 by stacks"), else "".
func GridsEstimate(r, c int) string {
	if r*c == 12 && (r == 3 || c == 3) {
		return "measured: each worker process fills a 1.2 GB table first (about 6 minutes of CPU), then a piece takes about 75 s of CPU: about 120 to 130 CPU-days in all"
	}
	return ""
}

// Check refuses an RxC count past MaxSide without -force, 3x4 and 4x3
// aside: "" when it may be submitted, else the message.
func (g *Grids) Check(r, c int) string {
	if r*c <= MaxSide || r*c == 12 && (r == 3 || c == 3) || g.Force {
		return ""
	}
	return fmt.Sprintf("%dx%d on the cluster: this shape has not been measured (past 9x9 only 3x4 and 4x3 have: about 4 CPU-months, docs/sudoku.md); -force submits it all the same", r, c)
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

// Worker is the command line of "dlx worker".
type Worker struct {
	Flags *cli.FlagSet
	Conn
	Workers    int
	AckWait    time.Duration
	MaxDeliver int
	Quiet      bool
}

// ParseWorker parses the arguments of "dlx worker"; ok false with the
// exit status when the command must stop (after -h or a usage error).
func ParseWorker(e *cli.Env, args []string) (w *Worker, code int, ok bool) {
	fs := cli.NewFlagSet(e, "dlx worker", "[-cluster URL] [-workers N] [flags]", workerSummary)
	fs.EnvPrefix("DLX")
	w = &Worker{Flags: fs}
	w.Conn.Add(fs, DefaultURL, "the cluster's `URL`")
	fs.IntVar(&w.Workers, "workers", 1, "count `N` pieces at a time")
	fs.DurationVar(&w.AckWait, "ack-wait", 30*time.Second, "deliver a piece again after `D` without an ack or heartbeat")
	fs.IntVar(&w.MaxDeliver, "max-deliver", 5, "record a piece as failed after `N` deliveries without a result (stops do not count)")
	fs.BoolVar(&w.Quiet, "quiet", false, "no messages on standard error but errors")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return nil, code, false
	}
	switch {
	case len(rest) > 0:
		return nil, fs.Usagef("unexpected argument %s", quote.Short(rest[0])), false
	case w.Workers < 1:
		return nil, fs.Usagef("-workers must be at least 1"), false
	case w.AckWait < 100*time.Millisecond:
		return nil, fs.Usagef("-ack-wait must be at least 100ms"), false
	case w.MaxDeliver < 1:
		return nil, fs.Usagef("-max-deliver must be at least 1"), false
	}
	return w, 0, true
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

// Jobs is the command line of "dlx jobs".
type Jobs struct {
	Flags *cli.FlagSet
	Conn
	JSON, Stats, Quiet bool
	Progress           time.Duration // wait: a progress line every Progress
	// Verb is list, wait, cancel, retry, rm or prune; IDs are the jobs
	// it names (one but for rm), Age the age of prune.
	Verb string
	IDs  []string
	Age  time.Duration
}

// ParseJobs parses the arguments of "dlx jobs"; ok false with the exit
// status when the command must stop.
func ParseJobs(e *cli.Env, args []string) (j *Jobs, code int, ok bool) {
	fs := cli.NewFlagSet(e, "dlx jobs", "[-cluster URL] [flags] [wait ID | cancel ID | retry ID | rm ID... | prune AGE]", jobsSummary)
	j = &Jobs{Flags: fs, Verb: "list"}
	j.Conn.Add(fs, DefaultURL, "the cluster's `URL`")
	fs.BoolVar(&j.JSON, "json", false, "print JSON (see above)")
	fs.BoolVar(&j.Stats, "stats", false, "wait: print nodes, updates and time to standard error")
	fs.BoolVar(&j.Quiet, "quiet", false, "wait: no progress line")
	fs.DurationVar(&j.Progress, "progress", 0, "wait: print a progress line every `D` on standard error (0: only the terminal's line)")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return nil, code, false
	}
	if len(rest) > 0 {
		j.Verb, j.IDs = rest[0], rest[1:]
	}
	switch v := j.Verb; {
	case v == "list" && len(rest) <= 1:
	case (v == "wait" || v == "cancel" || v == "retry") && len(rest) == 2:
	case v == "wait" || v == "cancel" || v == "retry":
		return nil, fs.Usagef("want dlx jobs %s ID", v), false
	case v == "rm" && len(rest) >= 2:
	case v == "rm":
		return nil, fs.Usagef("want dlx jobs rm ID..."), false
	case v == "prune" && len(rest) == 2:
		age, err := time.ParseDuration(rest[1])
		if err != nil || age < 0 {
			return nil, fs.Usagef("prune %s: want an age such as 720h", quote.Short(rest[1])), false
		}
		j.Age, j.IDs = age, nil
	case v == "prune":
		return nil, fs.Usagef("want dlx jobs prune AGE"), false
	default:
		return nil, fs.Usagef("unknown %s (want wait ID, cancel ID, retry ID, rm ID..., prune AGE or nothing)", quote.Short(v)), false
	}
	return j, 0, true
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

// Serve is the command line of "dlx cluster serve".
type Serve struct {
	Flags *cli.FlagSet
	// Listen and Store are "" when a -config is given and they are not:
	// then the file's listen and store_dir apply. Token is -token or
	// $DLX_CLUSTER_TOKEN.
	Listen, Store, Token, Config string
	TLSCert, TLSKey, TLSCA       string
	Verbose                      bool // the server's notices on standard error
}

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

// Admin is the command line of "dlx cluster status" and "dlx cluster
// replicas N".
type Admin struct {
	Flags *cli.FlagSet
	Conn
	Verb string // status or replicas
	JSON bool
	N    int // replicas: the number of replicas
}

// ParseCluster parses the arguments of "dlx cluster": serve sets s,
// status and replicas set a; ok false with the exit status when the
// command must stop.
func ParseCluster(e *cli.Env, args []string) (s *Serve, a *Admin, code int, ok bool) {
	if len(args) > 0 && (args[0] == "status" || args[0] == "replicas") {
		a, code, ok := parseAdmin(e, args[0], args[1:])
		return nil, a, code, ok
	}
	fs := cli.NewFlagSet(e, "dlx cluster", "serve [-listen ADDR] [-store DIR] [-token T | -config FILE] [flags]", serveSummary)
	fs.EnvPrefix("DLX")
	s = &Serve{Flags: fs}
	fs.StringVar(&s.Listen, "listen", DefaultListen, "listen on `ADDR` (host:port)")
	fs.StringVar(&s.Store, "store", "dlx-cluster", "keep JetStream's files in `DIR`")
	fs.StringVar(&s.Token, "token", "", "require the `token` T of clients (default $DLX_CLUSTER_TOKEN)")
	fs.StringVar(&s.Config, "config", "", "a nats-server configuration `FILE` (users, accounts, cluster routes)")
	fs.StringVar(&s.TLSCert, "tls-cert", "", "the server's certificate, PEM `FILE`")
	fs.StringVar(&s.TLSKey, "tls-key", "", "the server's key, PEM `FILE`")
	fs.StringVar(&s.TLSCA, "tls-ca", "", "require client certificates signed by the CA in PEM `FILE`")
	fs.BoolVar(&s.Verbose, "v", false, "print the server's notices on standard error")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return nil, nil, code, false
	}
	switch {
	case len(rest) == 0:
		return nil, nil, fs.Usagef("want dlx cluster serve (see dlx cluster -h)"), false
	case rest[0] != "serve":
		return nil, nil, fs.Usagef("unknown %s (want serve, status or replicas N)", quote.Short(rest[0])), false
	case len(rest) > 1:
		return nil, nil, fs.Usagef("unexpected argument %s", quote.Short(rest[1])), false
	case s.TLSCA != "" && (s.TLSCert == "" || s.TLSKey == ""):
		return nil, nil, fs.Usagef("-tls-ca (client certificates) needs the server's certificate too: give -tls-cert and -tls-key"), false
	}
	if s.Token == "" {
		s.Token = os.Getenv("DLX_CLUSTER_TOKEN")
	}
	if s.Config != "" {
		// The file's listen and store_dir, unless given here.
		if !fs.IsSet("listen") {
			s.Listen = ""
		}
		if !fs.IsSet("store") {
			s.Store = ""
		}
	}
	return s, nil, 0, true
}

// parseAdmin parses "dlx cluster status" and "dlx cluster replicas N".
func parseAdmin(e *cli.Env, verb string, args []string) (a *Admin, code int, ok bool) {
	synopsis := "status [-cluster URL] [-json] [flags]"
	if verb == "replicas" {
		synopsis = "replicas [-cluster URL] [flags] N"
	}
	fs := cli.NewFlagSet(e, "dlx cluster "+verb, synopsis, clusterStatusSummary)
	a = &Admin{Flags: fs, Verb: verb}
	a.Conn.Add(fs, DefaultURL, "the cluster's `URL`")
	fs.BoolVar(&a.JSON, "json", false, "status: print one JSON object")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return nil, code, false
	}
	switch {
	case verb == "status" && len(rest) > 0:
		return nil, fs.Usagef("unexpected argument %s", quote.Short(rest[0])), false
	case verb == "replicas" && len(rest) != 1:
		return nil, fs.Usagef("want dlx cluster replicas N"), false
	case verb == "replicas":
		n, err := strconv.Atoi(rest[0])
		if err != nil || n < 1 {
			return nil, fs.Usagef("replicas %s: want a number at least 1", quote.Short(rest[0])), false
		}
		a.N = n
		a.Replicas = 0 // what exists is what is changed
	}
	return a, 0, true
}
