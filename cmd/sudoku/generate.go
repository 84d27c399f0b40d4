package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dlxkit/dlx/generate"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
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
	n := fs.Int("n", 1, "make `N` puzzles")
	size := fs.String("size", "3x3", "box shape `RxC` (2x3 is the 6x6 grid of 2-row boxes, 4x4 is 16x16) or a side N")
	variant := fs.String("variant", "standard", "variant `name`: standard, diagonal, hyper, disjoint; killer (cages and no givens), antiknight, antiking or nonconsecutive (givens), printed as JSON objects (docs/variants.md)")
	constraints := fs.String("constraints", "", "`file` with a JSON object of constraints (cages, antiknight, antiking, nonconsecutive, thermos) the puzzles keep, with givens; printed as JSON objects (docs/variants.md)")
	level := fs.String("level", "", "difficulty `L`: easy, medium, hard, expert or extreme (9x9 standard)")
	se := fs.String("se", "", "Sudoku Explainer rating range `MIN-MAX`, as 3.0-4.5 (9x9 standard)")
	symmetry := fs.String("symmetry", "none", "pattern `S` of the givens: none, rot180, rot90, mirror or diagonal")
	givens := fs.Int("givens", 0, "stop digging at `N` givens (0: dig as far as uniqueness allows)")
	minimal := fs.Bool("minimal", false, "keep only puzzles where no given can be removed (with -givens or -level; grids larger than 9x9: dig without bounding the checks, slower)")
	seed := fs.Uint64("seed", 0, "seed `S` for reproducible output (0: random, printed in the summary)")
	workers := fs.Int("workers", runtime.NumCPU(), "generate `N` puzzles in parallel")
	fs.SetDefaultDoc("workers", "the number of CPUs")
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
	if strings.EqualFold(*variant, "killer") {
		if *level != "" || *se != "" || *symmetry != "none" || *givens != 0 || *minimal {
			return usageErr("-variant killer takes none of -level, -se, -symmetry, -givens, -minimal")
		}
		shape, err := sudoku.ParseShape(*size)
		if err != nil {
			return usageErr("-size: %v", err)
		}
		if *seed == 0 {
			*seed = generate.RandomSeed()
		}
		return runGenerateKiller(ctx, fs, e, shape, *n, *seed, *asJSON)
	}
	var extra *sudoku.Variant
	switch strings.ToLower(*variant) {
	case "antiknight", "anti-knight":
		extra, *variant = &sudoku.Variant{AntiKnight: true}, "standard"
	case "antiking", "anti-king":
		extra, *variant = &sudoku.Variant{AntiKing: true}, "standard"
	case "nonconsecutive", "non-consecutive":
		extra, *variant = &sudoku.Variant{NonConsecutive: true}, "standard"
	}
	if *constraints != "" {
		data, err := os.ReadFile(*constraints)
		if err != nil {
			return usageErr("%v", err)
		}
		c, err := sudoku.ParseConstraints(data)
		if err != nil {
			return usageErr("-constraints %s: %v", *constraints, err)
		}
		extra = sudoku.WithConstraints(extra, c)
	}
	opt, err := generateOptions(*size, *variant, *level, *se, *symmetry, *givens, *minimal)
	if err != nil {
		return usageErr("%v", err)
	}
	if extra != nil {
		if *level != "" || *se != "" || *symmetry != "none" || *givens != 0 || *minimal {
			return usageErr("puzzles with constraints take none of -level, -se, -symmetry, -givens, -minimal")
		}
		v := sudoku.WithConstraints(opt.Variant, extra)
		if err := sudoku.CheckConstraints(opt.Shape.N(), v); err != nil {
			return usageErr("%v", err)
		}
		if *seed == 0 {
			*seed = generate.RandomSeed()
		}
		return runGenerateConstrained(ctx, fs, opt.Shape, v, *n, *seed, *asJSON)
	}
	opt.Seed = *seed
	if opt.Seed == 0 {
		opt.Seed = generate.RandomSeed()
	}
	// The text output shows the puzzles and the summary their levels:
	// extreme puzzles need no exact rating (the JSON records carry it).
	opt.LevelOnly = !*asJSON
	// Check the options before starting the workers.
	if _, err := generate.NewGenerator(opt); err != nil {
		return usageErr("%v", err)
	}

	start := time.Now()
	var done atomic.Int64
	stopProgress := e.Progress(start, func(el time.Duration) string {
		d := done.Load()
		return fmt.Sprintf("%s/%s, %s/s", numfmt.Commas(d), numfmt.Count(int64(*n), "puzzle", "puzzles"), numfmt.PerSecond(d, el))
	})
	w := fs.Output()
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
	fmt.Fprintf(&sum, "%s in %s (%s puzzles/s), seed %d", numfmt.Count(int64(made), "puzzle", "puzzles"), numfmt.Duration(elapsed), numfmt.PerSecond(int64(made), elapsed), opt.Seed)
	if made > 0 {
		fmt.Fprintf(&sum, ", %.1f givens on average", float64(givensTotal)/float64(made))
	}
	if rated > 0 {
		sum.WriteString(", levels:")
		for l, c := range levels {
			if c > 0 {
				fmt.Fprintf(&sum, " %s %s", logic.Level(l), numfmt.Commas(int64(c)))
			}
		}
	}
	return finishGenerate(ctx, fs, w, &sum, made, failure)
}

// finishGenerate ends a generate command: the summary line on stderr, with
// why it stopped early when it did, and the exit status (1 when it did).
func finishGenerate(ctx context.Context, fs *cli.FlagSet, w *bufio.Writer, sum *strings.Builder, made int, failure error) int {
	code := 0
	switch {
	case failure == nil:
	case ctx.Err() != nil:
		sum.WriteString("; interrupted")
		code = 1
	case errors.Is(failure, generate.ErrNotFound):
		fmt.Fprintf(sum, "; puzzle %d: no puzzle met the targets within the attempts (try other targets)", made)
		code = 1
	default:
		fmt.Fprintf(sum, "; %v", failure)
		code = 1
	}
	// The puzzles first, then the summary: on a terminal it comes last.
	code = fs.Finish(w, code)
	fs.Errorf("%s", sum.String())
	return code
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
	opt.Givens = givens
	opt.Minimal = minimal
	if level != "" {
		l, err := logic.ParseLevel(level)
		if err != nil {
			return opt, fmt.Errorf("-level: %w", err)
		}
		// The level's window of givens too, unless -givens or
		// -minimal: the puzzles of the web game for the same seed.
		opt.SetLevel(l)
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

// killerJSON is the record of generate -variant killer -json.
type killerJSON struct {
	Index    int           `json:"index"`
	Size     string        `json:"size"`
	Puzzle   string        `json:"puzzle"`
	Cages    []sudoku.Cage `json:"cages"`
	Solution string        `json:"solution"`
	Seed     uint64        `json:"seed"`
	// The difficulty (generate.KillerDifficulty).
	CageSteps   int  `json:"cage_steps"`
	Singles     int  `json:"singles"`
	Derived     int  `json:"derived_cages"`
	LogicSolved bool `json:"logic_solved"`
	Nodes       int  `json:"nodes"`
}

// runGenerateKiller makes n killer puzzles, puzzle i with its own seed
// derived from seed, and prints each as a JSON puzzle object (the form
// solve, count and check read) or, with -json, as a killerJSON record.
func runGenerateKiller(ctx context.Context, fs *cli.FlagSet, e *cli.Env, shape sudoku.Shape, n int, seed uint64, asJSON bool) int {
	start := time.Now()
	w := fs.Output()
	enc := jsonfmt.NewEncoder(w)
	made, cages, solved := 0, 0, 0
	var failure error
	for i := range n {
		r, err := generate.Killer(ctx, generate.KillerOptions{Shape: shape, Seed: seed + uint64(i)*0x9e3779b97f4a7c15})
		if err != nil {
			failure = err
			break
		}
		var werr error
		if asJSON {
			d := r.Difficulty
			werr = enc.Encode(&killerJSON{Index: i + 1, Size: shape.String(), Puzzle: r.Puzzle.String(), Cages: r.Puzzle.Variant.Cages,
				Solution: r.Solution.String(), Seed: r.Seed, CageSteps: d.CageSteps, Singles: d.Singles, Derived: d.Derived, LogicSolved: d.Solved, Nodes: d.Nodes})
		} else {
			werr = encodePuzzleObject(enc, r.Puzzle)
		}
		if werr != nil {
			failure = werr
			break
		}
		made++
		cages += len(r.Puzzle.Variant.Cages)
		if r.Difficulty.Solved {
			solved++
		}
		if e.StderrTTY {
			if failure = w.Flush(); failure != nil {
				break
			}
		}
	}
	elapsed := time.Since(start)
	var sum strings.Builder
	fmt.Fprintf(&sum, "%s in %s (%s puzzles/s), seed %d", numfmt.Count(int64(made), "killer puzzle", "killer puzzles"), numfmt.Duration(elapsed), numfmt.PerSecond(int64(made), elapsed), seed)
	if made > 0 {
		fmt.Fprintf(&sum, ", %.1f cages on average, %s solved by cage combinations and singles alone", float64(cages)/float64(made), numfmt.Commas(int64(solved)))
	}
	return finishGenerate(ctx, fs, w, &sum, made, failure)
}

// constrainedJSON is the record of generate -json for puzzles with
// constraints (the puzzle itself, with them, is what generate prints
// without -json).
type constrainedJSON struct {
	Index    int    `json:"index"`
	Size     string `json:"size"`
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	Givens   int    `json:"givens"`
	Nodes    int    `json:"nodes"`
	Seed     uint64 `json:"seed"`
}

// runGenerateConstrained makes n puzzles with givens for variant v (which
// has constraints), puzzle i with its own seed derived from seed, and
// prints each as a JSON puzzle object or, with -json, a constrainedJSON
// record.
func runGenerateConstrained(ctx context.Context, fs *cli.FlagSet, shape sudoku.Shape, v *sudoku.Variant, n int, seed uint64, asJSON bool) int {
	start := time.Now()
	w := fs.Output()
	enc := jsonfmt.NewEncoder(w)
	made, givens := 0, 0
	var failure error
	for i := range n {
		r, err := generate.Constrained(ctx, shape, v, seed+uint64(i)*0x9e3779b97f4a7c15)
		if err != nil {
			failure = err
			break
		}
		var werr error
		if asJSON {
			werr = enc.Encode(&constrainedJSON{Index: i + 1, Size: r.Puzzle.Shape.String(), Puzzle: r.Puzzle.String(), Solution: r.Solution.String(), Givens: r.Givens, Nodes: r.Nodes, Seed: r.Seed})
		} else {
			werr = encodePuzzleObject(enc, r.Puzzle)
		}
		if werr != nil {
			failure = werr
			break
		}
		made++
		givens += r.Givens
	}
	elapsed := time.Since(start)
	var sum strings.Builder
	fmt.Fprintf(&sum, "%s in %s (%s puzzles/s), seed %d", numfmt.Count(int64(made), "puzzle", "puzzles"), numfmt.Duration(elapsed), numfmt.PerSecond(int64(made), elapsed), seed)
	if made > 0 {
		fmt.Fprintf(&sum, ", %.1f givens on average", float64(givens)/float64(made))
	}
	return finishGenerate(ctx, fs, w, &sum, made, failure)
}

// encodePuzzleObject writes g as the JSON puzzle object (the variant
// generators' output without -json, read back by solve, count and check).
func encodePuzzleObject(enc *json.Encoder, g *sudoku.Grid) error {
	pj, err := sudoku.NewPuzzleJSON(g, sudoku.Format{})
	if err != nil {
		return err
	}
	return enc.Encode(pj)
}
