package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/dlxkit/dlx/exactcover"
)

// formatHelp describes the input and output formats, for -h.
const formatHelp = `Input formats (-format):
  knuth   Knuth's DLX format (the default). Lines starting with '|' are
          comments; the first other line names the items: the primary
          ones, then '|' and the secondary ones. Each further line is an
          option naming its items, "item:color" for a colored secondary item.
  matrix  A 0/1 matrix: a line "N M", then N lines of M values 0 or 1
          separated by spaces ("0 1 1"), or written together ("011").
          The columns are the items; a solution is a set of rows.
  sparse  The same matrix written sparsely: a line "sparse N M", then N
          lines each listing the 1-based column numbers of the row's 1s
          ("3 1 7"), or "-" for a row of zeros.
`

// searchFlags are the flags shared by solve and count.
type searchFlags struct {
	format  string
	n       int64
	all     bool
	workers int
	seed    uint64
	stats   bool
	json    bool
	quiet   bool
}

func newSearchFlags(name, summary string, e *env) (*flag.FlagSet, *searchFlags) {
	fs := flag.NewFlagSet("dlx "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	f := &searchFlags{}
	fs.StringVar(&f.format, "format", "knuth", "input `format`: knuth, matrix or sparse")
	if name == "solve" {
		fs.Int64Var(&f.n, "n", 1, "print at most `N` solutions")
		fs.BoolVar(&f.all, "all", false, "print every solution")
	} else {
		fs.Int64Var(&f.n, "n", 0, "stop counting at `N` solutions (0: count all)")
	}
	fs.IntVar(&f.workers, "workers", 1, "search with `N` goroutines in parallel")
	fs.Uint64Var(&f.seed, "seed", 0, "randomize the order of the options tried with seed `S` (0: input order)")
	fs.BoolVar(&f.stats, "stats", false, "print nodes, updates and time to standard error")
	fs.BoolVar(&f.json, "json", false, "print JSON (see above)")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress line and no messages on standard error but errors")
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: dlx %s [flags] [FILE]\n\n%s\n\n%s\n", name, summary, formatHelp)
		fmt.Fprintf(w, "Flags:\n")
		fs.PrintDefaults()
	}
	return fs, f
}

// parseArgs parses the flags; it returns ok false with the exit status
// when the command must stop (after -h or a usage error).
func parseArgs(fs *flag.FlagSet, f *searchFlags, e *env, args []string) (file string, code int, ok bool) {
	if code, ok := parseFlags(fs, e, args); !ok {
		return "", code, false
	}
	switch {
	case fs.NArg() > 1:
		fmt.Fprintf(e.stderr, "%s: more than one input file\n", fs.Name())
		return "", 2, false
	case f.format != "knuth" && f.format != "matrix" && f.format != "sparse":
		fmt.Fprintf(e.stderr, "%s: unknown format %q (want knuth, matrix or sparse)\n", fs.Name(), f.format)
		return "", 2, false
	case f.workers < 1:
		fmt.Fprintf(e.stderr, "%s: -workers must be at least 1\n", fs.Name())
		return "", 2, false
	case f.n < 0:
		fmt.Fprintf(e.stderr, "%s: -n must not be negative\n", fs.Name())
		return "", 2, false
	}
	return fs.Arg(0), 0, true
}

// parseFlags parses args with fs: -h prints the usage to standard output
// (status 0), a bad flag prints one line to standard error (status 2).
func parseFlags(fs *flag.FlagSet, e *env, args []string) (code int, ok bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(e.stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(e.stdout)
		fs.Usage()
		fs.SetOutput(e.stderr)
		return 0, false
	case err != nil:
		fmt.Fprintf(e.stderr, "%s: %v (see %s -h)\n", fs.Name(), err, fs.Name())
		return 2, false
	}
	return 0, true
}

// input is a problem read by readInput.
type input struct {
	name    string
	problem *exactcover.Problem
	matrix  *exactcover.Matrix // nil for Knuth's format
}

// readInput reads the problem from file (stdin when "" or "-"). It prints
// the error and returns the exit status when it fails.
func readInput(e *env, cmd, file, format string) (*input, int) {
	var r io.Reader = e.stdin
	in := &input{name: "stdin"}
	if file != "" && file != "-" {
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintf(e.stderr, "dlx %s: %v\n", cmd, err)
			return nil, 1
		}
		defer f.Close()
		r, in.name = f, file
	}
	var err error
	switch format {
	case "knuth":
		in.problem, err = exactcover.ReadKnuth(r)
	case "matrix":
		in.matrix, err = exactcover.ReadMatrix(r)
	case "sparse":
		in.matrix, err = exactcover.ReadSparse(r)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "dlx %s: %s: %v\n", cmd, in.name, err)
		var pe *exactcover.ParseError
		if errors.As(err, &pe) && !isSentinel(pe.Err) {
			return nil, 1 // a read error
		}
		return nil, 2
	}
	if in.matrix != nil {
		in.problem = in.matrix.Problem
	}
	return in, 0
}

func isSentinel(err error) bool {
	for _, s := range []error{exactcover.ErrSyntax, exactcover.ErrUnknownItem, exactcover.ErrRepeatedItem,
		exactcover.ErrEmptyOption, exactcover.ErrDuplicateItem, exactcover.ErrColorPrimary} {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// progressInterval is the least time between two progress lines.
var progressInterval = time.Second

// progress prints a progress line on a terminal's standard error, rewritten
// in place, at most once per progressInterval.
type progress struct {
	w     io.Writer
	start time.Time
	mu    sync.Mutex
	last  time.Time
	shown bool
}

func newProgress(e *env, quiet bool) *progress {
	if quiet || !e.stderrTTY {
		return nil
	}
	now := time.Now()
	return &progress{w: e.stderr, start: now, last: now}
}

// report is an exactcover.Options.Progress function.
func (p *progress) report(st exactcover.Stats) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.last) < progressInterval {
		return
	}
	p.last = now
	elapsed := now.Sub(p.start)
	line := fmt.Sprintf("%d solutions, %d nodes, %d updates (%s updates/s), %s",
		st.Solutions, st.Nodes, st.Updates, perSecond(st.Updates, elapsed), elapsed.Round(time.Second))
	if st.Subproblems > 0 {
		line += fmt.Sprintf(", subproblems %d/%d", st.SubproblemsDone, st.Subproblems)
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	p.shown = true
}

// done erases the progress line.
func (p *progress) done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// options returns the search options for the flags.
func (f *searchFlags) options(limit int64, p *progress) exactcover.Options {
	opt := exactcover.Options{Limit: limit, Workers: f.workers, Seed: f.seed}
	if p != nil {
		opt.Progress = p.report
	}
	return opt
}

// perSecond formats n per duration d with a metric suffix.
func perSecond(n int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	r := float64(n) / d.Seconds()
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.2fG", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.1fM", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}

// statsLine is the -stats summary.
func statsLine(st exactcover.Stats, d time.Duration) string {
	s := fmt.Sprintf("%d solutions, %d nodes, %d updates in %v (%s updates/s)",
		st.Solutions, st.Nodes, st.Updates, d.Round(time.Microsecond), perSecond(st.Updates, d))
	if st.Subproblems > 0 {
		s += fmt.Sprintf(", %d subproblems", st.Subproblems)
	}
	return s
}

// interrupted reports whether err is a cancellation of the search.
func interrupted(ctx context.Context, err error) bool {
	return err != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil)
}

// joinLines is strings.Join with "\n" plus a final newline.
func joinLines(lines []string) string { return strings.Join(lines, "\n") + "\n" }
