package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/service/lineproto"
)

func runLoadtest(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "sudoku loadtest", "[flags]", `Sends puzzles to a server of the line protocol (sudoku serve, or the muduo
Sudoku server) over several connections with pipelining, and reports the
throughput and the latency percentiles (from writing a request to reading
its reply). With -rate it also reports how late the client wrote requests.
A run cut short (the server closed or reset a connection, a reply took
longer than -timeout, Ctrl-C or SIGTERM) prints its figures so far, says
why on standard error and exits 1.`)
	var cfg lineproto.LoadConfig
	fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:9981", "`address` of the line protocol server")
	asJSON := fs.Bool("json", false, "print the figures as one JSON object (docs/formats.md)")
	file := fs.String("file", "-", "`file` of puzzles, one 81-character line each ('0' or '.' blanks); \"-\": standard input")
	fs.IntVar(&cfg.N, "n", 100000, "requests in all")
	fs.IntVar(&cfg.Conns, "conns", 4, "connections")
	fs.IntVar(&cfg.Pipeline, "pipeline", 16, "requests in flight per connection")
	fs.Float64Var(&cfg.Rate, "rate", 0, "requests per second in all, evenly spaced, one write each (0: as fast as the server answers)")
	fs.BoolVar(&cfg.Check, "check", true, "check every reply (id, and a valid solution of the puzzle)")
	fs.DurationVar(&cfg.Timeout, "timeout", 10*time.Second, "longest wait for a reply after its request was written (0: none)")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	switch {
	case len(rest) > 0:
		return fs.Usagef("unexpected argument %s", quote.Short(rest[0]))
	case cfg.N < 1 || cfg.Conns < 1 || cfg.Pipeline < 1:
		return fs.Usagef("-n, -conns and -pipeline must be at least 1")
	case cfg.Rate < 0 || cfg.Timeout < 0:
		return fs.Usagef("-rate and -timeout must not be negative")
	}
	cfg.Conns = min(cfg.Conns, cfg.N)
	f, err := e.Open(*file)
	if err != nil {
		return fs.Usagef("%v", err)
	}
	puzzles, err := readPuzzleLines(f)
	f.Close()
	if err != nil {
		return fs.Usagef("%v", err)
	}
	cfg.Puzzles = puzzles
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := lineproto.Load(ctx, cfg)
	if res == nil {
		return fs.Failf("%v", err)
	}
	if *asJSON {
		return writeLoadJSON(fs, &cfg, res, err)
	}
	w := fs.Output()
	mode := "as fast as possible"
	if cfg.Rate > 0 {
		mode = fmt.Sprintf("at %.0f requests/s", cfg.Rate)
	}
	if err == nil {
		fmt.Fprintf(w, "%d requests over %d connections, pipeline %d, %s\n", res.Requests, cfg.Conns, cfg.Pipeline, mode)
	} else {
		fmt.Fprintf(w, "cut short: %d replies to %d requests sent of %d, over %d connections, pipeline %d, %s\n",
			res.Requests, res.Sent, cfg.N, cfg.Conns, cfg.Pipeline, mode)
	}
	fmt.Fprintf(w, "elapsed     %v\n", res.Elapsed.Round(time.Millisecond))
	fmt.Fprintf(w, "throughput  %.0f requests/s\n", res.Throughput())
	fmt.Fprintf(w, "latency     p50 %v  p90 %v  p99 %v  max %v\n",
		round(res.Percentile(50)), round(res.Percentile(90)), round(res.Percentile(99)), round(res.Percentile(100)))
	if cfg.Rate > 0 {
		fmt.Fprintf(w, "lateness    at most %v behind schedule\n", round(res.Lateness))
	}
	if cfg.Check {
		fmt.Fprintf(w, "replies     %d solved, %d NoSolution, %d wrong\n", res.Requests-res.NoSolution-res.Errors, res.NoSolution, res.Errors)
	}
	code = 0
	if err != nil || res.Errors > 0 {
		code = 1
	}
	if code = fs.Finish(w, code); err != nil {
		fs.Errorf("%v", err)
	}
	return code
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}

// readPuzzleLines reads one 81-character puzzle per line, skipping empty
// lines and lines starting with '#'.
func readPuzzleLines(r io.Reader) ([]string, error) {
	var ps []string
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		l := strings.TrimSpace(sc.Text())
		if l == "" || l[0] == '#' {
			continue
		}
		if len(l) != 81 {
			return nil, fmt.Errorf("line %d: %d characters, want an 81-character puzzle", n, len(l))
		}
		ps = append(ps, l)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("no puzzles")
	}
	return ps, nil
}
