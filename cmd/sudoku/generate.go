package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/dlxkit/dlx/fpuzzles"
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
flags give the same puzzles whatever -workers. -variant killer makes killer
puzzles (cages, no givens); -constraints (or -variant antiknight, antiking,
nonconsecutive) makes minimal puzzles with givens that keep the rules given,
any of docs/variants.md, when some grid keeps them all: those two kinds take
no -level, -se, -symmetry, -givens or -minimal, and print JSON puzzle
objects. A summary (puzzles, time, puzzles per second, the seed) goes to
standard error. With -json, one record per puzzle (docs/formats.md). Exit status: 0 on success, 1 when a
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
	constraints := fs.String("constraints", "", "`file` with the rules the puzzles keep, with givens: a JSON object of constraints (cages, thermos, arrows, kropki, ...: docs/variants.md) or an f-puzzles or SudokuPad link, payload or f-puzzles JSON (its size, regions and rules; its givens are not used); a link may also be given in place of the file; printed as JSON objects")
	level := fs.String("level", "", "difficulty `L`: easy, medium, hard, expert or extreme (9x9)")
	se := fs.String("se", "", "Sudoku Explainer rating range `MIN-MAX`, as 3.0-4.5 (9x9)")
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
	sizeSet := false
	fs.Visit(func(f *flag.Flag) { sizeSet = sizeSet || f.Name == "size" })
	opt, err := generateOptions(*size, *variant, *level, *se, *symmetry, *givens, *minimal)
	if err != nil {
		return usageErr("%v", err)
	}
	if *constraints != "" {
		if err := addConstraints(&opt, *constraints, sizeSet); err != nil {
			return usageErr("-constraints %s: %v", quote.Short(*constraints), err)
		}
	}
	opt.Seed = *seed
	if opt.Seed == 0 {
		opt.Seed = generate.RandomSeed()
	}
	// The text output shows the puzzles and the summary their levels:
	// extreme puzzles need no exact rating (the JSON records carry it).
	opt.LevelOnly = opt.HasLevel && !*asJSON
	// The library checks the options, before starting the workers.
	if _, err := generate.NewGenerator(opt); err != nil {
		return usageErr("%v", err)
	}
	out := newGenerateOutput(opt, *asJSON)

	start := time.Now()
	var done atomic.Int64
	stopProgress := e.Progress(start, func(el time.Duration) string {
		d := done.Load()
		return fmt.Sprintf("%s/%s, %s/s", numfmt.Commas(d), numfmt.Count(int64(*n), "puzzle", "puzzles"), numfmt.PerSecond(d, el))
	})
	w := fs.Output()
	var failure, werr error
	enc := jsonfmt.NewEncoder(w)
	// Many waits for its workers when the loop stops early; they stop
	// only when their context is cancelled, so cancel it before leaving
	// the loop.
	gctx, stopGen := context.WithCancel(ctx)
	defer stopGen()
	opt.Workers = *workers
	for r, err := range generate.Many(gctx, *n, opt) {
		if err != nil {
			failure = err
			stopGen()
			break
		}
		if werr = out.write(w, enc, r); werr != nil {
			stopGen()
			break // the output is lost: stop generating
		}
		if done.Add(1)%64 == 0 || e.StderrTTY {
			if werr = w.Flush(); werr != nil {
				stopGen()
				break
			}
		}
	}
	if failure == nil {
		failure = werr
	}
	stopProgress()
	elapsed := time.Since(start)
	made := int(done.Load())
	var sum strings.Builder
	fmt.Fprintf(&sum, "%s in %s (%s puzzles/s), seed %d", numfmt.Count(int64(made), out.noun, out.noun+"s"), numfmt.Duration(elapsed), numfmt.PerSecond(int64(made), elapsed), opt.Seed)
	out.summary(&sum, made)
	return finishGenerate(ctx, fs, w, &sum, made, failure)
}

// generateOutput writes the puzzles of one kind (classic, killer, with
// constraints) and adds up what the summary says of them.
type generateOutput struct {
	kind   int // 0 classic, 1 killer, 2 constraints
	asJSON bool
	noun   string
	givens int
	levels [5]int
	rated  int
	cages  int
	solved int
}

func newGenerateOutput(opt generate.Options, asJSON bool) *generateOutput {
	o := &generateOutput{asJSON: asJSON, noun: "puzzle"}
	switch {
	case opt.Killer:
		o.kind, o.noun = 1, "killer puzzle"
	case opt.Variant.Constrained():
		o.kind = 2
	}
	return o
}

// write writes r: a line or a generateJSON record for a classic puzzle; a
// JSON puzzle object (the form solve, count and check read) or, with
// -json, a killerJSON or constrainedJSON record for the others.
func (o *generateOutput) write(w *bufio.Writer, enc *json.Encoder, r generate.Result) error {
	o.givens += r.Givens
	switch {
	case o.kind == 1:
		o.cages += len(r.Puzzle.Variant.Cages)
		if r.Killer.Solved {
			o.solved++
		}
		if o.asJSON {
			d := r.Killer
			return enc.Encode(&killerJSON{Index: r.Index + 1, Size: r.Puzzle.Shape.String(), Puzzle: r.Puzzle.String(), Cages: r.Puzzle.Variant.Cages,
				Solution: r.Solution.String(), Seed: r.Seed, CageSteps: d.CageSteps, Singles: d.Singles, Derived: d.Derived, LogicSolved: d.Solved, Nodes: d.Nodes})
		}
		return encodePuzzleObject(enc, r.Puzzle)
	case o.kind == 2:
		if o.asJSON {
			return enc.Encode(&constrainedJSON{Index: r.Index + 1, Size: r.Puzzle.Shape.String(), Puzzle: r.Puzzle.String(), Solution: r.Solution.String(), Givens: r.Givens, Nodes: r.Nodes, Seed: r.Seed})
		}
		return encodePuzzleObject(enc, r.Puzzle)
	}
	if r.Rated && r.Level >= 0 && int(r.Level) < len(o.levels) {
		o.levels[r.Level]++
		o.rated++
	}
	if o.asJSON {
		j := generateJSON{Index: r.Index + 1, Puzzle: r.Puzzle.String(), Solution: r.Solution.String(), Givens: r.Givens}
		if r.Rated {
			j.Rating, j.Level = r.Rating, r.Level.String()
		}
		return enc.Encode(&j)
	}
	_, err := fmt.Fprintln(w, r.Puzzle.String())
	return err
}

// summary adds the averages of the made puzzles to the summary line.
func (o *generateOutput) summary(sum *strings.Builder, made int) {
	if made == 0 {
		return
	}
	if o.kind == 1 {
		fmt.Fprintf(sum, ", %.1f cages on average, %s solved by cage combinations and singles alone", float64(o.cages)/float64(made), numfmt.Commas(int64(o.solved)))
		return
	}
	fmt.Fprintf(sum, ", %.1f givens on average", float64(o.givens)/float64(made))
	if o.rated > 0 {
		sum.WriteString(", levels:")
		for l, c := range o.levels {
			if c > 0 {
				fmt.Fprintf(sum, " %s %s", logic.Level(l), numfmt.Commas(int64(c)))
			}
		}
	}
}

// addConstraints adds the rules of the -constraints file (or link) to
// opt: a constraints object (sudoku.ParseConstraints) adds its rules to
// the -variant's regions; an f-puzzles or SudokuPad link, payload or
// f-puzzles JSON brings its size (which an explicit -size must match),
// regions and rules, and its givens are dropped.
func addConstraints(opt *generate.Options, arg string, sizeSet bool) error {
	text := arg
	if st, err := os.Stat(arg); err == nil && !st.IsDir() {
		b, err := os.ReadFile(arg)
		if err != nil {
			return err
		}
		text = string(b)
	} else if !fpuzzles.IsLinkOrPayload(arg) {
		if err != nil {
			return err // no such file, and not a link
		}
		return errors.New("a directory")
	}
	c, cerr := sudoku.ParseConstraints([]byte(text))
	if cerr == nil {
		opt.Variant = sudoku.WithConstraints(opt.Variant, c)
		return nil
	}
	trimmed := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if !fpuzzles.IsLinkOrPayload(trimmed) && !strings.Contains(trimmed, `"grid"`) {
		return cerr // a constraints object with an error
	}
	p, err := fpuzzles.Read(trimmed)
	if err != nil {
		return err
	}
	g, _, err := p.Grid(sudoku.ReadOptions{})
	if err != nil {
		return err
	}
	if sizeSet && g.Shape != opt.Shape {
		return fmt.Errorf("the puzzle is %s, -size says %s", g.Shape, opt.Shape)
	}
	if opt.Variant != nil && g.Variant != nil {
		return errors.New("the puzzle brings its own regions: leave -variant out")
	}
	opt.Shape = g.Shape
	if g.Variant != nil {
		opt.Variant = g.Variant
	}
	if !opt.Variant.Constrained() {
		return errors.New("the puzzle has no rules besides regions: use -variant")
	}
	return nil
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

// generateOptions turns the flags into generator options; the library
// checks how they combine (generate.NewGenerator).
func generateOptions(size, variant, level, se, symmetry string, givens int, minimal bool) (generate.Options, error) {
	var opt generate.Options
	shape, err := sudoku.ParseShape(size)
	if err != nil {
		return opt, fmt.Errorf("-size: %w", err)
	}
	opt.Shape = shape
	switch name := strings.ToLower(variant); name {
	case "standard", "":
	case "killer":
		opt.Killer = true
	case "antiknight", "anti-knight":
		opt.Variant = &sudoku.Variant{AntiKnight: true}
	case "antiking", "anti-king":
		opt.Variant = &sudoku.Variant{AntiKing: true}
	case "nonconsecutive", "non-consecutive":
		opt.Variant = &sudoku.Variant{NonConsecutive: true}
	case "jigsaw":
		return opt, errors.New("-variant jigsaw is not supported by generate (it needs a region map)")
	default:
		v, err := sudoku.VariantByName(name, shape)
		if err != nil {
			return opt, fmt.Errorf("-variant: %w", err)
		}
		opt.Variant = v
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
	if opt.Symmetry, err = generate.ParseSymmetry(symmetry); err != nil {
		return opt, fmt.Errorf("-symmetry: %w", err)
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

// encodePuzzleObject writes g as the JSON puzzle object (the variant
// generators' output without -json, read back by solve, count and check).
func encodePuzzleObject(enc *json.Encoder, g *sudoku.Grid) error {
	pj, err := sudoku.NewPuzzleJSON(g, sudoku.Format{})
	if err != nil {
		return err
	}
	return enc.Encode(pj)
}
