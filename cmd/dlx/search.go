package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/clusterflag"
	"github.com/dlxkit/dlx/internal/countfmt"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/quote"
)

// formatsTopic is "dlx help formats": the input formats of the commands
// that read a problem.
var formatsTopic = cli.Topic{Name: "formats", Short: "the input formats of solve, count, cover, estimate and split (-format)", Text: `
Input formats (-format) of dlx solve, count, cover, estimate and split:
  knuth   Knuth's DLX format (the default). Lines starting with '|' are
          comments; the first other line names the items: the primary
          ones, then '|' and the secondary ones. Each further line is an
          option naming its items, "item:color" for a colored secondary item,
          and "|n" tokens (summed) for its cost (see dlx solve -min).
  matrix  A 0/1 matrix: a line "N M", then N lines of M values 0 or 1
          separated by spaces ("0 1 1"), or written together ("011").
          The columns are the items; a solution is a set of rows.
  sparse  The same matrix written sparsely: a line "sparse N M", then N
          lines each listing the 1-based column numbers of the row's 1s
          ("3 1 7"), or "-" for a row of zeros.
(docs/exactcover.md)`}

// formatHelp is the line of the commands' helps that points to the
// formats topic.
const formatHelp = "Input formats (-format knuth, matrix or sparse): see \"dlx help formats\"."

// searchFlags are the flags shared by solve and count.
type searchFlags struct {
	*cli.FlagSet
	format  string
	n       int64
	all     bool
	workers int
	seed    uint64
	stats   bool
	json    bool
	quiet   bool
	limits       // -every, -time-limit, -node-limit, -progress, -sub (limits.go)
	min     bool // solve -min: the cheapest solutions (see mincost.go)
	k       int
	engine  string
	eng     exactcover.Engine
	cluster clusterflag.Count // count -cluster (cluster.go)
}

func newSearchFlags(e *cli.Env, name, summary string) *searchFlags {
	f := &searchFlags{FlagSet: cli.NewFlagSet(e, "dlx "+name, "[flags] [FILE]", summary+"\n\n"+formatHelp)}
	f.StringVar(&f.format, "format", "knuth", "input `format`: knuth, matrix or sparse")
	if name == "solve" {
		f.Int64Var(&f.n, "n", 1, "print at most `N` solutions")
		f.BoolVar(&f.all, "all", false, "print every solution")
		f.BoolVar(&f.min, "min", false, "print a cheapest solution and its cost (options cost \"|n\")")
		f.IntVar(&f.k, "k", 0, "with -min, print the `K` cheapest solutions, in order of cost (implies -min)")
	} else {
		f.Int64Var(&f.n, "n", 0, "stop counting at `N` solutions (0: count all)")
	}
	f.IntVar(&f.workers, "workers", 1, "search with `N` goroutines in parallel")
	f.Uint64Var(&f.seed, "seed", 0, "randomize the order of the options tried with seed `S` (0: input order)")
	f.StringVar(&f.engine, "engine", "auto", "search `engine`: links (dancing links, Knuth's DLX1/DLX2 counts), cells (dancing cells, as Knuth's SSXCC), bits (bitsets, at most 8192 options) or auto (the one faster for the problem; see docs/exactcover.md)")
	f.BoolVar(&f.stats, "stats", false, "print nodes, updates and time to standard error")
	f.BoolVar(&f.json, "json", false, "print JSON (see above)")
	f.BoolVar(&f.quiet, "quiet", false, "no progress line and no messages on standard error but errors")
	f.addLimitFlags(name)
	if name == "count" {
		f.cluster.Add(f.FlagSet)
	}
	return f
}

// start parses the flags, reads the problem and starts the progress line
// of solve and count; ok false with the exit status when the command must
// stop.
func (f *searchFlags) start(e *cli.Env, args []string) (in *input, prog *progress, code int, ok bool) {
	file, code, ok := f.parse(args)
	if !ok {
		return nil, nil, code, false
	}
	if in, code = f.readInput(e, file); in == nil {
		return nil, nil, code, false
	}
	return in, newProgress(e, f.quiet, f.progressEvery), 0, true
}

// parse parses the flags and returns the input file ("" for standard
// input); ok false with the exit status when the command must stop.
func (f *searchFlags) parse(args []string) (file string, code int, ok bool) {
	rest, code, ok := f.Parse(args)
	if !ok {
		return "", code, false
	}
	switch {
	case len(rest) > 1:
		return "", f.Usagef("more than one input file"), false
	case f.format != "knuth" && f.format != "matrix" && f.format != "sparse":
		return "", f.Usagef("unknown format %s (want knuth, matrix or sparse)", quote.Short(f.format)), false
	case f.workers < 1:
		return "", f.Usagef("-workers must be at least 1"), false
	case f.parseEngine() != nil:
		return "", f.Usagef("unknown engine %s (want links, cells, bits or auto)", quote.Short(f.engine)), false
	case f.n < 0:
		return "", f.Usagef("-n must not be negative"), false
	case f.limitsError() != "":
		return "", f.Usagef("%s", f.limitsError()), false
	}
	if len(rest) == 1 {
		file = rest[0]
	}
	return file, 0, true
}

// input is a problem read by readInput.
type input struct {
	name    string
	problem *exactcover.Problem
	matrix  *exactcover.Matrix // nil for Knuth's format
}

// readInput reads the problem from file (standard input when "" or "-").
// When it fails it prints the error and returns the exit status: 2,
// whether the file is missing, unreadable or malformed.
func (f *searchFlags) readInput(e *cli.Env, file string) (*input, int) {
	in := &input{name: "stdin"}
	if file == "" {
		file = "-"
	}
	if file != "-" {
		in.name = file
	}
	r, err := e.Open(file)
	if err != nil {
		return nil, f.Usagef("%v", err)
	}
	defer r.Close()
	switch f.format {
	case "knuth":
		in.problem, err = exactcover.ReadKnuth(r)
	case "matrix":
		in.matrix, err = exactcover.ReadMatrix(r)
	case "sparse":
		in.matrix, err = exactcover.ReadSparse(r)
	}
	if err != nil {
		return nil, f.inputError(fmt.Errorf("%s: %w", in.name, err))
	}
	if in.matrix != nil {
		in.problem = in.matrix.Problem
	}
	return in, 0
}

// inputError reports an input that could not be read (with -json also
// as a record on standard output) and returns ExitUsage.
func (f *searchFlags) inputError(err error) int {
	if f.json {
		f.ErrorRecord(jsonfmt.CodeParse, err)
	}
	return f.Usagef("%v", err)
}

// progress keeps the latest statistics of a search for the progress line
// on a terminal's standard error.
type progress struct {
	mu    sync.Mutex
	st    exactcover.Stats
	start time.Time // when the search started
	at    time.Time // when st was reported
	stop  func()
}

// newProgress starts the progress line (nothing when quiet or when
// standard error is not a terminal: then it returns nil).
func newProgress(e *cli.Env, quiet bool, every time.Duration) *progress {
	if quiet || (!e.StderrTTY && every <= 0) {
		return nil
	}
	p := &progress{start: time.Now()}
	if every > 0 {
		p.stop = cli.ProgressLines(e.Stderr, p.start, every, p.line)
	} else {
		p.stop = e.Progress(p.start, p.line)
	}
	return p
}

// report is an exactcover.Options.Progress function.
func (p *progress) report(st exactcover.Stats) {
	p.mu.Lock()
	p.st, p.at = st, time.Now()
	p.mu.Unlock()
}

func (p *progress) line(elapsed time.Duration) string {
	p.mu.Lock()
	st, at := p.st, p.at
	p.mu.Unlock()
	line := fmt.Sprintf("%s, %s, %s (%s updates/s), %s",
		countfmt.Plural(st.Solutions, "solution", "solutions"), countfmt.Plural(st.Nodes, "node", "nodes"), countfmt.Plural(st.Updates, "update", "updates"),
		countfmt.PerSecond(st.Updates, elapsed), elapsed.Round(time.Second))
	if st.Subproblems > 0 {
		line += fmt.Sprintf(", subproblems %d/%d", st.SubproblemsDone, st.Subproblems)
	}
	return line + doneLine(st, at.Sub(p.start), elapsed)
}

// done erases the progress line.
func (p *progress) done() {
	if p != nil {
		p.stop()
	}
}

// options returns the search options for the flags.
func (f *searchFlags) options(limit int64, p *progress) exactcover.Options {
	opt := exactcover.Options{Limit: limit, Workers: f.workers, Seed: f.seed, MaxNodes: f.nodeLimit, Engine: f.eng}
	if p != nil {
		opt.Progress = p.report
	}
	return opt
}

// parseEngine sets f.eng from -engine.
func (f *searchFlags) parseEngine() error {
	e, err := exactcover.ParseEngine(f.engine)
	f.eng = e
	return err
}
