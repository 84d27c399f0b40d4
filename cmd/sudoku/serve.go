package main

import (
	"context"
	"log/slog"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/service/server"
)

func runServe(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "sudoku serve", "[flags]", `Serves the Sudoku HTTP API and web page, and the line protocol of the muduo
Sudoku server, until SIGINT, SIGTERM or SIGHUP; then finishes the requests in
flight. A log reader that goes away (standard error a closed pipe) does not
stop it: the log lines are lost, the serving goes on.

Each client address gets a share of the search slots (-max-searches-per-addr)
and a short wait for one (-search-wait) before 503. Connections are capped per
protocol, in all and per address; the default caps split the process's
open-file limit (ulimit -n) between the protocols, and near a cap the
connections idle longest are closed to make room for new clients.

Counts are written as 10000, 10,000, 10_000 or 1e4; sizes in bytes, or with
a unit: 1MiB, 512KiB (powers of 1024), 1MB (of 1000).

The API is described by the OpenAPI document it serves at /api/openapi.json.
/healthz says the process is alive, /readyz that it takes requests (503 from
the stop on, through -drain-delay), /metrics has the Prometheus metrics;
those three are logged at debug level. Browsers' pages from other origins
may call the API only with -cors-origin. -pprof serves the Go profiles on an
address of their own (keep it on loopback).`)
	fs.EnvPrefix("SUDOKU")
	var cfg server.Config
	fs.StringVar(&cfg.HTTPAddr, "http", "127.0.0.1:8080", "HTTP `address` of the API and the web page (\"-\": none)")
	fs.StringVar(&cfg.LineAddr, "line", "127.0.0.1:9981", "`address` of the line protocol (\"-\": none)")
	fs.DurationVar(&cfg.Timeout, "timeout", 0, "deadline of one request's search (default 5s)")
	fs.CountVar(&cfg.MaxSearches, "max-searches", 0, "searches at once (default: 2 per CPU)")
	fs.CountVar(&cfg.MaxSearchesPerAddr, "max-searches-per-addr", 0, "searches at once from one client address, IPv4 or IPv6 /64 (default: half of -max-searches, at least 1)")
	fs.DurationVar(&cfg.SearchWait, "search-wait", 0, "time a search waits for a slot before 503 with Retry-After (default 1s; negative: none)")
	fs.BoolVar(&cfg.TrustForwardedFor, "trust-x-forwarded-for", false, "take the client address of -max-searches-per-addr from the last X-Forwarded-For address (only behind a reverse proxy that sets it)")
	fs.CountVar(&cfg.MaxConns, "max-conns", 0, "open HTTP connections at most (default: a share of the open-file limit, at most 10000)")
	fs.CountVar(&cfg.MaxConnsPerAddr, "max-conns-per-addr", 0, "open HTTP connections from one client address at most (default 256, or half of -max-conns if less)")
	fs.BytesVar(&cfg.MaxBody, "max-body", 0, "largest request body: bytes, or a size with a unit such as 512KiB (default 1MiB)")
	fs.Count64Var(&cfg.NodeBudget, "node-budget", 0, "search nodes of one exact-cover request (default 50e6)")
	fs.BytesVar(&cfg.MaxMatrix, "max-matrix", 0, "largest exact-cover matrix of one puzzle, as estimated before building it; beyond it 413 (default 384MiB)")
	fs.BytesVar(&cfg.MatrixMemory, "matrix-memory", 0, "memory of the matrices the searches running at once may hold; beyond it 503 (default 512MiB); the Go memory limit is 256MiB more, unless GOMEMLIMIT is set")
	fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", 0, "time given to requests in flight at shutdown (default 10s)")
	fs.CountVar(&cfg.Line.MaxConns, "line-max-conns", 0, "open line-protocol connections at most (default: a share of the open-file limit, at most 10000)")
	fs.CountVar(&cfg.Line.MaxConnsPerAddr, "line-max-conns-per-addr", 0, "open line-protocol connections from one client address (IPv4 address or IPv6 /64) at most (default 256, or half of -line-max-conns if less)")
	fs.DurationVar(&cfg.Line.LineTimeout, "line-timeout", 0, "time a whole request line may take to arrive, not renewed by each byte (default 10s)")
	var origins cli.List
	fs.Var(&origins, "cors-origin", "allow the pages of `origin` (https://host[:port], or * for any) to call the API from a browser; repeatable, or a comma list (default: none, CORS off)")
	fs.DurationVar(&cfg.DrainDelay, "drain-delay", 0, "time /readyz answers 503 before the listeners close at a stop, so that a load balancer stops sending requests (default: none)")
	fs.StringVar(&cfg.PprofAddr, "pprof", "", "serve the Go profiles (/debug/pprof/) on `address`, apart from the API (default: none; keep it on loopback, such as 127.0.0.1:6060)")
	logFormat := fs.String("log", "text", "log `format` on stderr: text, json or none")
	logLevel := fs.String("log-level", "info", "least `level` logged: debug (also health checks and scrapes), info, warn or error")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		return fs.Usagef("unexpected argument %s", quote.Short(rest[0]))
	}
	if cfg.HTTPAddr == "-" && cfg.LineAddr == "-" {
		return fs.Usagef("-http - and -line -: nothing to serve; give one of them an address")
	}
	if err := server.CheckOrigins(origins); err != nil {
		return fs.Usagef("%s: %v", fs.Given("cors-origin"), err)
	}
	cfg.CORSOrigins = origins
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		return fs.Usagef("%s %s: want debug, info, warn or error", fs.Given("log-level"), quote.Short(*logLevel))
	}
	opt := &slog.HandlerOptions{Level: level}
	switch *logFormat {
	case "text":
		cfg.Logger = slog.New(slog.NewTextHandler(e.Stderr, opt))
	case "json":
		cfg.Logger = slog.New(slog.NewJSONHandler(e.Stderr, opt))
	case "none":
	default:
		return fs.Usagef("%s %s: want text, json or none", fs.Given("log"), quote.Short(*logFormat))
	}
	b := cli.BuildInfo()
	cfg.Version, cfg.Commit = b.Version, b.Commit
	ctx, stop := cli.ServeContext(ctx)
	defer stop()
	if err := server.New(cfg).ListenAndServe(ctx); err != nil {
		return fs.Failf("%v", err)
	}
	return 0
}
