package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dlxkit/dlx/generate"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

const generateDoc = `Generates puzzles with exactly one solution and prints one per line on
standard output, in the one-line format ('.' for a blank), or as JSON objects
with -json. Without targets every puzzle up to 9x9 is minimal (no given can
be removed keeping the solution unique). Larger grids (16x16 and up) bound
each uniqueness check while digging and keep a given whose check runs out, so
a 16x16 puzzle comes in a fraction of a second, unique but with about one
removable given left on average; -minimal lifts the bound and guarantees a
minimal puzzle, at the cost of time (usually under a second per 16x16 puzzle
but sometimes tens of seconds). -level or -se rate each candidate with the
human-style rater and keep the puzzles on target (putting givens back into a
too-hard one when -minimal and -givens are not set). -givens stops digging at
that number of givens (small targets may be unreachable). The same -seed and
flags give the same puzzles whatever -workers. A summary (puzzles, time,
puzzles per second, the seed) goes to standard error. With -json, one
record per puzzle (docs/formats.md). Exit status: 0 on success, 1 when a
puzzle could not be made, the run was interrupted or the output could not
be written, 2 for usage errors.`

// generateJSON is the record -json prints per puzzle; index counts the
// puzzles from 1.
type generateJSON struct {
	Index    int     `json:"index"`
	Puzzle   string  `json:"puzzle"`
	Solution string  `json:"solution"`
	Givens   int     `json:"givens"`
	Rating   float64 `json:"rating,omitempty"`
	Level    string  `json:"level,omitempty"`
}

func runGenerate(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "sudoku generate", "[flags]", generateDoc)
	n := fs.Int("n", 1, "number of puzzles")
	size := fs.String("size", "3x3", "box shape `RxC` (2x3 is the 6x6 grid of 2-row boxes, 4x4 is 16x16) or a side N")
	variant := fs.String("variant", "standard", "variant `name`: standard, diagonal, hyper or disjoint")
	level := fs.String("level", "", "difficulty `L`: easy, medium, hard, expert or extreme (9x9 standard)")
	se := fs.String("se", "", "Sudoku Explainer rating range `MIN-MAX`, as 3.0-4.5 (9x9 standard)")
	symmetry := fs.String("symmetry", "none", "pattern `S` of the givens: none, rot180, rot90, mirror or diagonal")
	givens := fs.Int("givens", 0, "stop digging at `N` givens (0: dig as far as uniqueness allows)")
	minimal := fs.Bool("minimal", false, "keep only puzzles where no given can be removed (with -givens or -level; grids larger than 9x9: dig without bounding the checks, slower)")
	seed := fs.Uint64("seed", 0, "seed `S` for reproducible output (0: random, printed in the summary)")
	workers := fs.Int("workers", runtime.NumCPU(), "number of puzzles generated in parallel")
	asJSON := fs.Bool("json", false, "print one JSON object per puzzle: index, puzzle, solution, givens, rating and level when rated")
	rest, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	usageErr := fs.Usagef
	if len(rest) > 0 {
		return usageErr("unexpected argument %s", quote.Short(rest[0]))
	}
	if *n < 1 {
		return usageErr("-n %d: want at least 1", *n)
	}
	if *workers < 1 {
		return usageErr("-workers %d: want at least 1", *workers)
	}
	opt, err := generateOptions(*size, *variant, *level, *se, *symmetry, *givens, *minimal)
	if err != nil {
		return usageErr("%v", err)
	}
	opt.Seed = *seed
	if opt.Seed == 0 {
		opt.Seed = generate.RandomSeed()
	}
	// Check the options before starting the workers.
	if _, err := generate.NewGenerator(opt); err != nil {
		return usageErr("%v", err)
	}

	start := time.Now()
	var done atomic.Int64
	stopProgress := e.Progress(start, func(el time.Duration) string {
		d := done.Load()
		return fmt.Sprintf("%d/%d puzzles, %s/s", d, *n, genRate(int(d), el))
	})
	w := fs.Output()
	code = 0
	var levels [5]int
	rated := 0
	givensTotal := 0
	var failure, werr error
	enc := jsonfmt.NewEncoder(w)
	// Many waits for its workers when the loop stops early; they stop
	// only when their context is cancelled, so cancel it before leaving
	// the loop.
	gctx, stopGen := context.WithCancel(ctx)
	defer stopGen()
	for r, err := range generate.Many(gctx, *n, *workers, opt) {
		if err != nil {
			failure = err
			stopGen()
			break
		}
		if *asJSON {
			j := generateJSON{Index: r.Index + 1, Puzzle: r.Puzzle.String(), Solution: r.Solution.String(), Givens: r.Givens}
			if r.Rated {
				j.Rating, j.Level = r.Rating, r.Level.String()
			}
			werr = enc.Encode(&j)
		} else {
			_, werr = fmt.Fprintln(w, r.Puzzle.String())
		}
		if werr != nil {
			stopGen()
			break // the output is lost: stop generating
		}
		if r.Rated && r.Level >= 0 && int(r.Level) < len(levels) {
			levels[r.Level]++
			rated++
		}
		givensTotal += r.Givens
		if done.Add(1)%64 == 0 || e.StderrTTY {
			if werr = w.Flush(); werr != nil {
				stopGen()
				break
			}
		}
	}
	stopProgress()
	elapsed := time.Since(start)
	made := int(done.Load())
	var sum strings.Builder
	fmt.Fprintf(&sum, "%d puzzles in %v (%s puzzles/s), seed %d", made, elapsed.Round(time.Millisecond), genRate(made, elapsed), opt.Seed)
	if made > 0 {
		fmt.Fprintf(&sum, ", %.1f givens on average", float64(givensTotal)/float64(made))
	}
	if rated > 0 {
		sum.WriteString(", levels:")
		for l, c := range levels {
			if c > 0 {
				fmt.Fprintf(&sum, " %s %d", logic.Level(l), c)
			}
		}
	}
	switch {
	case failure == nil:
	case ctx.Err() != nil:
		sum.WriteString("; interrupted")
		code = 1
	case errors.Is(failure, generate.ErrNotFound):
		fmt.Fprintf(&sum, "; puzzle %d: no puzzle met the targets within the attempts (try other targets)", made)
		code = 1
	default:
		fmt.Fprintf(&sum, "; %v", failure)
		code = 1
	}
	fs.Errorf("%s", sum.String())
	return fs.Finish(w, code)
}

// generateOptions turns the flags into generator options.
func generateOptions(size, variant, level, se, symmetry string, givens int, minimal bool) (generate.Options, error) {
	var opt generate.Options
	shape, err := sudoku.ParseShape(size)
	if err != nil {
		return opt, fmt.Errorf("-size: %w", err)
	}
	opt.Shape = shape
	switch name := strings.ToLower(variant); name {
	case "standard", "":
	case "jigsaw":
		return opt, errors.New("-variant jigsaw is not supported by generate (it needs a region map)")
	default:
		v, err := sudoku.VariantByName(name, shape)
		if err != nil {
			return opt, fmt.Errorf("-variant: %w", err)
		}
		opt.Variant = v
	}
	if level != "" && se != "" {
		return opt, errors.New("-level and -se exclude each other")
	}
	if level != "" {
		l, err := logic.ParseLevel(level)
		if err != nil {
			return opt, fmt.Errorf("-level: %w", err)
		}
		opt.Level, opt.HasLevel = l, true
	}
	if se != "" {
		lo, hi, err := parseSERange(se)
		if err != nil {
			return opt, fmt.Errorf("-se: %w", err)
		}
		opt.SEMin, opt.SEMax = lo, hi
	}
	if opt.SEMax > 0 || opt.HasLevel {
		if shape.N() != 9 || opt.Variant != nil {
			return opt, errors.New("-level and -se need standard 9x9 puzzles")
		}
	}
	if opt.Symmetry, err = generate.ParseSymmetry(symmetry); err != nil {
		return opt, fmt.Errorf("-symmetry: %w", err)
	}
	if givens < 0 || givens > shape.Cells() {
		return opt, fmt.Errorf("-givens %d: want 0..%d", givens, shape.Cells())
	}
	opt.Givens = givens
	opt.Minimal = minimal
	return opt, nil
}

// parseSERange reads "MIN-MAX" (or a single rating) on the Sudoku
// Explainer scale.
func parseSERange(s string) (lo, hi float64, err error) {
	a, b, ok := strings.Cut(strings.TrimSpace(s), "-")
	if !ok {
		b = a
	}
	if lo, err = strconv.ParseFloat(strings.TrimSpace(a), 64); err != nil {
		return 0, 0, fmt.Errorf("%q: want MIN-MAX, as 3.0-4.5", s)
	}
	if hi, err = strconv.ParseFloat(strings.TrimSpace(b), 64); err != nil {
		return 0, 0, fmt.Errorf("%q: want MIN-MAX, as 3.0-4.5", s)
	}
	if !(1 <= lo && lo <= hi && hi <= 12) { // also rejects NaN
		return 0, 0, fmt.Errorf("%q: want 1 <= MIN <= MAX <= 12", s)
	}
	return lo, hi, nil
}

func genRate(n int, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	r := float64(n) / d.Seconds()
	if r < 10 {
		return strconv.FormatFloat(r, 'f', 2, 64)
	}
	return strconv.FormatFloat(r, 'f', 0, 64)
}
