package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

func init() {
	register(command{name: "rate", short: "rate puzzles on the Sudoku Explainer scale by solving them like a person", run: runRate})
}

const rateUsage = `Usage: sudoku rate [flags] [FILE...]

Solves every puzzle of the files (standard input when none) with human
techniques, always taking the easiest one that applies, and prints one line
per puzzle in input order:

	RATING LEVEL HARDEST-TECHNIQUE

RATING is on the Sudoku Explainer scale (1.2 hidden single ... 9.0+ dynamic
forcing chains), LEVEL is easy, medium, hard, expert or extreme (see
docs/rating.md). With -steps every step of the solution follows, indented.
Text after a one-line puzzle (such as an existing rating) is ignored, but
with -compare it is read as a reference rating and the Spearman rank
correlation and the mean absolute difference are printed to standard error.
Puzzles are rated in parallel. A puzzle with no or several solutions prints
"no solution" or "several solutions". Exit status: 0 when every puzzle was
rated, 1 otherwise, 2 for usage or input errors.

Flags:
`

const (
	rateRated tally = iota
	rateUnsolvable
	rateMultiple
	rateInvalid
)

type rateJSON struct {
	Line    int          `json:"line"`
	Status  string       `json:"status"`
	Rating  float64      `json:"rating,omitempty"`
	Level   string       `json:"level,omitempty"`
	Hardest string       `json:"hardest,omitempty"`
	Steps   []logic.Step `json:"steps,omitempty"`
	Error   string       `json:"error,omitempty"`
}

func runRate(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var pf puzzleFlags
	pf.add(fs)
	steps := fs.Bool("steps", false, "print every step of the logical solution")
	compare := fs.Bool("compare", false, "read the number after each puzzle as a reference rating; print Spearman and mean absolute difference to stderr")
	maxR := fs.Float64("max", 0, "stop rating a puzzle once it needs a step rated above `R` (prints \">R\"); 0: no cap")
	fs.Usage = func() { fmt.Fprint(fs.Output(), rateUsage); fs.PrintDefaults() }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cfg, err := pf.config()
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku rate: %v\n", err)
		return 2
	}
	var mu sync.Mutex
	var ours, refs []float64
	b := &batch{
		name:    "rate",
		cfg:     cfg,
		tallies: []string{"rated", "with no solution", "with several solutions", "invalid"},
		failed:  func(t tally) bool { return t != rateRated },
	}
	b.process = func(ctx context.Context, _ *sudoku.Solver, p *sudoku.Puzzle, buf *bytes.Buffer) tally {
		res, err := logic.RateWith(ctx, p.Grid, logic.Options{Steps: *steps, Max: *maxR, Format: p.Format})
		status, t := "rated", rateRated
		switch {
		case errors.Is(err, logic.ErrTooHard):
			status = "too hard"
		case errors.Is(err, sudoku.ErrNoSolution):
			status, t = "no solution", rateUnsolvable
		case errors.Is(err, logic.ErrMultipleSolutions):
			status, t = "several solutions", rateMultiple
		case errors.Is(err, sudoku.ErrInvalid):
			status, t = "invalid", rateInvalid
		case err != nil:
			if ctx.Err() != nil {
				return skipped
			}
			status, t = "error: "+err.Error(), rateInvalid
		}
		if *compare && t == rateRated && err == nil {
			if ref, perr := strconv.ParseFloat(firstField(p.Rest), 64); perr == nil {
				mu.Lock()
				ours = append(ours, res.Rating)
				refs = append(refs, ref)
				mu.Unlock()
			}
		}
		if cfg.json {
			r := rateJSON{Line: p.Line, Status: status}
			if t == rateRated {
				r.Rating, r.Level, r.Hardest, r.Steps = res.Rating, res.Level.String(), res.Hardest, res.Steps
			}
			out, _ := json.Marshal(&r)
			buf.Write(out)
			buf.WriteByte('\n')
			return t
		}
		switch {
		case t != rateRated:
			buf.WriteString(status)
		case status == "too hard":
			fmt.Fprintf(buf, ">%.1f %s", *maxR, logic.LevelOf(res.Rating))
		default:
			fmt.Fprintf(buf, "%.1f %s %s", res.Rating, res.Level, res.Hardest)
		}
		buf.WriteByte('\n')
		for _, s := range res.Steps {
			fmt.Fprintf(buf, "  %s\n", s.String())
		}
		return t
	}
	code := b.run(ctx, e, fs.Args())
	if *compare {
		if len(ours) < 2 {
			fmt.Fprintln(e.stderr, "sudoku rate: -compare: fewer than two puzzles with a reference rating")
		} else {
			fmt.Fprintf(e.stderr, "sudoku rate: %d puzzles compared: Spearman %.3f, mean absolute difference %.3f\n",
				len(ours), logic.Spearman(ours, refs), logic.MeanAbsDiff(ours, refs))
		}
	}
	return code
}

func firstField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return "NaN"
	}
	if _, err := strconv.ParseFloat(f[0], 64); err != nil {
		return strconv.FormatFloat(math.NaN(), 'f', 1, 64)
	}
	return f[0]
}
