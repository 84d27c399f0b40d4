package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/dlxkit/dlx/generate"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/rankstat"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

const rateDoc = `Solves every puzzle of the inputs (standard input when none, or "-") with
human techniques, always taking the easiest one that applies, and prints one
line per puzzle in input order:

	RATING LEVEL HARDEST-TECHNIQUE

RATING is on the Sudoku Explainer scale (1.2 hidden single ... 9.0+ dynamic
forcing chains), LEVEL is easy, medium, hard, expert or extreme (see
docs/rating.md). With -steps every step of the solution follows, indented.
With -max R a puzzle that needs a step rated above R prints ">R", followed
by the level only when every rating above R has that level (">7.0
extreme"). Text after a one-line puzzle (such as an existing rating) is
ignored, but with -compare it is read as a reference rating and the
Spearman rank correlation and the mean absolute difference are printed to
standard error. Puzzles are rated in parallel. A puzzle with no or several
solutions prints "no solution" or "several solutions". With -json, one
record per puzzle (docs/formats.md). Exit status: 0 when every puzzle was
rated (or found above -max), 1 otherwise or when the output could not be
written, 2 for usage or input errors (a missing file). With -format se
each rated puzzle prints serate's three numbers ER/EP/ED instead (for
example 7.1/1.2/1.2): ER the rating, EP the hardest step up to the first
placement of a digit, ED the first step.

Killer puzzles (cages, in a JSON puzzle object or from -constraints) have
no Sudoku Explainer rating: they are measured as the killer generator
measures its puzzles (docs/variants.md), by the propagation a person does
on paper (cage combinations, the rule of 45, singles), and print "killer
solved by cage combinations and singles: ..." or "killer not solved ..."
with the cage steps, singles, derived cages and the search nodes of the
uniqueness proof; -steps, -max, -format se and -compare do not apply to
them. Other constraints (anti-knight, anti-king, non-consecutive,
thermometers) are not rated: such a puzzle prints "unsupported: ...".`

const (
	rateRated tally = iota
	rateUnsolvable
	rateMultiple
	rateInvalid
	rateUnsupported // constraints the raters do not know
	rateTooHard     // above -max: not a failure
)

// rateJSON is the record of rate -json.
type rateJSON struct {
	File    string         `json:"file,omitempty"`
	Line    int            `json:"line"`
	Puzzle  string         `json:"puzzle,omitempty"`
	Status  string         `json:"status"`
	Rating  float64        `json:"rating,omitempty"`
	ER      float64        `json:"er,omitempty"`
	EP      float64        `json:"ep,omitempty"`
	ED      float64        `json:"ed,omitempty"`
	Level   string         `json:"level,omitempty"`
	Hardest string         `json:"hardest,omitempty"`
	Max     float64        `json:"max,omitempty"`
	Steps   []logic.Step   `json:"steps,omitempty"`
	Killer  *killerRating  `json:"killer,omitempty"`
	Error   *jsonfmt.Error `json:"error,omitempty"`
}

// killerRating is the measure of a killer puzzle (generate.RateKiller),
// under the names of generate -variant killer -json.
type killerRating struct {
	CageSteps   int  `json:"cage_steps"`
	Singles     int  `json:"singles"`
	Derived     int  `json:"derived_cages"`
	LogicSolved bool `json:"logic_solved"`
	Nodes       int  `json:"nodes"`
}

// text is the line rate prints for a killer puzzle.
func (k *killerRating) text() string {
	how := "solved"
	if !k.LogicSolved {
		how = "not solved"
	}
	return fmt.Sprintf("killer %s by cage combinations and singles: %s, %s, %s, %s",
		how, numfmt.Count(int64(k.CageSteps), "cage step", "cage steps"), numfmt.Count(int64(k.Singles), "single", "singles"),
		numfmt.Count(int64(k.Derived), "derived cage", "derived cages"), numfmt.Count(int64(k.Nodes), "search node", "search nodes"))
}

// rateOne rates g: on the Sudoku Explainer scale without constraints,
// with the measure of the killer generator for cages (res is then zero).
func rateOne(ctx context.Context, g *sudoku.Grid, opt logic.Options) (res logic.Result, k *killerRating, err error) {
	if !g.Variant.Constrained() {
		res, err = logic.RateWith(ctx, g, opt)
		return res, nil, err
	}
	d, err := generate.RateKiller(ctx, g)
	if err != nil {
		return res, nil, err
	}
	return res, &killerRating{CageSteps: d.CageSteps, Singles: d.Singles, Derived: d.Derived, LogicSolved: d.Solved, Nodes: d.Nodes}, nil
}

// capLevel returns the level that every rating above max has, if there is
// one (only the top level: a rating above 6.9 is extreme).
func capLevel(max float64) (logic.Level, bool) {
	top := logic.Levels()[len(logic.Levels())-1]
	if lo, _ := top.Range(); max >= lo {
		return top, true
	}
	return 0, false
}

func runRate(ctx context.Context, e *cli.Env, args []string) int {
	var steps, compare bool
	var maxR float64
	var outFormat string
	flags := func(fs *cli.FlagSet) func() error {
		fs.StringVar(&outFormat, "format", "text", "output `FORMAT` without -json: text (RATING LEVEL HARDEST) or se (ER/EP/ED as serate prints them)")
		fs.BoolVar(&steps, "steps", false, "print every step of the logical solution")
		fs.BoolVar(&compare, "compare", false, "read the number after each puzzle as a reference rating; print Spearman and mean absolute difference to stderr")
		fs.Float64Var(&maxR, "max", 0, "stop rating a puzzle once it needs a step rated above `R` (prints \">R\"); 0: no cap")
		return func() error {
			if outFormat != "text" && outFormat != "se" {
				return fmt.Errorf("-format %q: want text or se", outFormat)
			}
			if maxR < 0 || math.IsNaN(maxR) {
				return fmt.Errorf("-max %v: want 0 or more", maxR)
			}
			return nil
		}
	}
	b, files, code, ok := newBatch(e, "rate", "[flags] [FILE|PUZZLE...]", rateDoc, flags, args)
	if !ok {
		return code
	}
	var mu sync.Mutex
	var ours, refs []float64
	b.tallies = []string{"rated", "with no solution", "with several solutions", "invalid", "unsupported"}
	if maxR > 0 {
		b.tallies = append(b.tallies, "above -max") // rateTooHard
	}
	b.failed = func(t tally) bool { return t != rateRated && t != rateTooHard }
	b.process = func(ctx context.Context, _ *sudoku.Solver, p *puzzle, buf *bytes.Buffer) tally {
		res, killer, err := rateOne(ctx, p.Grid, logic.Options{Steps: steps, Max: maxR, Format: p.Format})
		// status is the word of -json, text the line without -json.
		status, text, t := "rated", "", rateRated
		switch {
		case err == nil && killer != nil:
			text = killer.text()
		case errors.Is(err, logic.ErrTooHard):
			status, text, t = "too hard", fmt.Sprintf(">%.1f", maxR), rateTooHard
			if l, ok := capLevel(maxR); ok {
				text += " " + l.String()
			}
		case errors.Is(err, sudoku.ErrNoSolution):
			status, text, t = "no solution", "no solution", rateUnsolvable
		case errors.Is(err, logic.ErrMultipleSolutions):
			status, text, t = "multiple", "several solutions", rateMultiple
		case errors.Is(err, sudoku.ErrInvalid):
			status, text, t = "invalid", "invalid", rateInvalid
		case err != nil:
			if ctx.Err() != nil {
				return skipped
			}
			status, t = "error", rateInvalid
			if errors.Is(err, sudoku.ErrVariant) && p.Grid.Variant.Constrained() {
				status, t = "unsupported", rateUnsupported
			}
			p.errMsg = b.errorText(p.src, p.Line, err)
			text = status + ": " + p.errMsg
		default:
			text = fmt.Sprintf("%.1f %s %s", res.Rating, res.Level, res.Hardest)
			if outFormat == "se" {
				text = fmt.Sprintf("%.1f/%.1f/%.1f", res.Rating, res.EP, res.ED)
			}
		}
		if compare && status == "rated" && killer == nil {
			if ref, perr := strconv.ParseFloat(firstField(p.Rest), 64); perr == nil {
				mu.Lock()
				ours = append(ours, res.Rating)
				refs = append(refs, ref)
				mu.Unlock()
			}
		}
		if b.cfg.json {
			r := rateJSON{Line: p.Line, Puzzle: gridText(p.Grid, p.Format), Status: status}
			if b.multi {
				r.File = p.src
			}
			switch {
			case status == "rated" && killer != nil:
				r.Killer = killer
			case status == "rated":
				r.Rating, r.Level, r.Hardest, r.Steps = res.Rating, res.Level.String(), res.Hardest, res.Steps
				r.ER, r.EP, r.ED = res.Rating, res.EP, res.ED
			case status == "too hard":
				r.Max, r.Steps = maxR, res.Steps
				if l, ok := capLevel(maxR); ok {
					r.Level = l.String()
				}
			case status == "error" || status == "unsupported":
				code := jsonfmt.CodeInternal
				if errors.Is(err, sudoku.ErrShape) || errors.Is(err, sudoku.ErrVariant) {
					code = jsonfmt.CodeShape
				}
				r.Error = jsonfmt.FromError(code, err)
				r.Error.Message = cli.Clip(r.Error.Message)
			}
			writeJSON(buf, &r)
			return t
		}
		buf.WriteString(text)
		buf.WriteByte('\n')
		for _, s := range res.Steps {
			fmt.Fprintf(buf, "  %s\n", s.String())
		}
		return t
	}
	code = b.run(ctx, e, files)
	if compare {
		if len(ours) < 2 {
			b.fs.Errorf("-compare: fewer than two puzzles with a reference rating")
		} else {
			b.fs.Errorf("%d puzzles compared: Spearman %.3f, mean absolute difference %.3f",
				len(ours), rankstat.Spearman(ours, refs), rankstat.MeanAbsDiff(ours, refs))
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
