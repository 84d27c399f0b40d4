package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os/signal"
	"syscall"

	"github.com/dlxkit/dlx/internal/service/server"
)

func init() {
	register(command{name: "serve", short: "serve the HTTP API, the web page and the line protocol", run: runServe})
}

func runServe(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var cfg server.Config
	fs.StringVar(&cfg.HTTPAddr, "http", "127.0.0.1:8080", "HTTP `address` of the API and the web page (\"-\": none)")
	fs.StringVar(&cfg.LineAddr, "line", "127.0.0.1:9981", "`address` of the line protocol (\"-\": none)")
	fs.DurationVar(&cfg.Timeout, "timeout", 0, "deadline of one request's search (default 5s)")
	fs.IntVar(&cfg.MaxSearches, "max-searches", 0, "searches at once before 503 (default 2 per CPU)")
	fs.Int64Var(&cfg.MaxBody, "max-body", 0, "largest request body in bytes (default 1 MiB)")
	fs.Int64Var(&cfg.NodeBudget, "node-budget", 0, "search nodes of one exact-cover request (default 50 million)")
	fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", 0, "time given to requests in flight at shutdown (default 10s)")
	logFormat := fs.String("log", "text", "log `format` on stderr: text, json or none")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: sudoku serve [flags]")
		fmt.Fprintln(fs.Output(), "\nServes the Sudoku HTTP API and web page, and the line protocol of the muduo\nSudoku server, until SIGINT or SIGTERM; then finishes the requests in flight.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "sudoku serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	switch *logFormat {
	case "text":
		cfg.Logger = slog.New(slog.NewTextHandler(e.stderr, nil))
	case "json":
		cfg.Logger = slog.New(slog.NewJSONHandler(e.stderr, nil))
	case "none":
	default:
		fmt.Fprintf(e.stderr, "sudoku serve: -log %q: want text, json or none\n", *logFormat)
		return 2
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := server.New(cfg).ListenAndServe(ctx); err != nil {
		fmt.Fprintln(e.stderr, "sudoku serve:", err)
		return 1
	}
	return 0
}
