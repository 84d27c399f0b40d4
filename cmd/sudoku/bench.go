package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/dlxkit/dlx/internal/barplot"
	"github.com/dlxkit/dlx/internal/benchrun"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/solver/dfs"
	"github.com/dlxkit/dlx/sudoku"
)

const benchDoc = `Runs each solver on every puzzle of each file and prints one line per file
and solver: the number of puzzles, puzzles per second, microseconds per
puzzle (wall time), the process's CPU microseconds per puzzle (steadier on
a busy machine), guesses per puzzle, whether every solution checked out,
and whether the solver agrees with the first one named. With -repeat N
each figure is the best of N timed passes.

Solvers: fast (the bitboard solver), dlx (the exact-cover reduction on
dancing links; its "guesses" are search nodes), dfs (the bitmask depth-first
baseline). Files hold standard 9x9 puzzles, one per line: 81 characters,
'.' or '0' for blanks; text after the grid (a rating) and lines starting
with '#' are ignored. Standard input is read when no file is named, or for
"-". With -json, one record per file and solver (docs/formats.md).

Each solver first runs the first 16 puzzles of the file untimed (warm-up).
Each solution is verified by an independent check: every row, column and
box a permutation of 1-9, and the givens kept. With -count each puzzle's
solutions are counted up to 2 instead (puzzles with several solutions);
the first solution found is still verified where the solver returns one.

Exit status: 0 when every solution checked out and the solvers agree, 1
otherwise or when the output could not be written, 2 for usage or input
errors (a missing file).`

// benchSolverNames are the solvers bench knows, in their default order.
var benchSolverNames = []string{"fast", "dlx", "dfs"}

// benchPuzzle is one puzzle of a file, in both forms the solvers take.
type benchPuzzle struct {
	cells [81]uint8
	grid  *sudoku.Grid
}

// benchOutcome is what one solver found for one puzzle.
type benchOutcome struct {
	count int
	sol   [81]uint8
	ok    bool // sol holds a solution
}

// benchResult is one line of the report, one record of -json.
type benchResult struct {
	File        string  `json:"file"`
	Solver      string  `json:"solver"`
	Mode        string  `json:"mode"` // "solve" or "count"
	Workers     int     `json:"workers"`
	Puzzles     int     `json:"puzzles"` // puzzles run (fewer than the file's with -budget)
	Total       int     `json:"total"`   // puzzles in the file
	Ms          float64 `json:"ms"`      // wall time of the timed pass
	PerSecond   float64 `json:"puzzles_per_second"`
	MsPerPuzzle float64 `json:"ms_per_puzzle"`
	// CPUMsPerPuzzle is the process's CPU time per puzzle during the
	// timed pass (all workers, the runtime included; 0 where the platform
	// does not report it): steadier than wall time on a busy machine.
	CPUMsPerPuzzle float64 `json:"cpu_ms_per_puzzle"`
	Guesses        float64 `json:"guesses_per_puzzle"`
	GuessUnit      string  `json:"guess_unit"` // "guesses" or "nodes" (dlx)
	Solved         int     `json:"solved"`     // puzzles with at least one solution
	Multiple       int     `json:"multiple"`   // puzzles with two or more (-count)
	Checked        int     `json:"checked"`    // solutions verified
	Bad            int     `json:"bad"`        // solutions that failed the check
	Errors         int     `json:"errors"`     // solver errors
	Disagree       int     `json:"disagree"`   // puzzles where it differs from the first solver
	Compared       bool    `json:"compared"`   // Disagree is meaningful
	// Complete is false when -budget ("stopped": "deadline") or an
	// interrupt ("interrupted") cut the run short.
	Complete bool   `json:"complete"`
	Stopped  string `json:"stopped,omitempty"`
	Passes   int    `json:"passes"` // timed passes (-repeat); the fastest is reported
}

// benchSolverFunc solves or counts one puzzle; it returns the outcome and
// the guesses (or nodes) it made.
type benchSolverFunc func(ctx context.Context, p *benchPuzzle, limit int, out *benchOutcome) (guesses int, err error)

// newBenchSolver returns a fresh solver instance for one worker.
func newBenchSolver(name string) benchSolverFunc {
	switch name {
	case "fast":
		var s bitboard.Solver
		return func(_ context.Context, p *benchPuzzle, limit int, out *benchOutcome) (int, error) {
			n, g := s.Count(&p.cells, limit, &out.sol)
			out.count, out.ok = n, n > 0
			return g, nil
		}
	case "dfs":
		return func(_ context.Context, p *benchPuzzle, limit int, out *benchOutcome) (int, error) {
			n, g := dfs.Count(&p.cells, limit, &out.sol)
			out.count, out.ok = n, n > 0
			return g, nil
		}
	case "dlx":
		s := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
		return func(ctx context.Context, p *benchPuzzle, limit int, out *benchOutcome) (int, error) {
			if limit > 1 {
				n, err := s.Count(ctx, p.grid, limit)
				out.count, out.ok = n, false
				if errors.Is(err, sudoku.ErrInvalid) {
					err = nil
				}
				return s.Guesses(), err
			}
			g, err := s.Solve(ctx, p.grid)
			switch {
			case err == nil:
				copy(out.sol[:], g.Cells)
				out.count, out.ok = 1, true
			case errors.Is(err, sudoku.ErrNoSolution), errors.Is(err, sudoku.ErrInvalid):
				out.count, out.ok, err = 0, false, nil
			}
			return s.Guesses(), err
		}
	}
	return nil
}

func runBench(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "sudoku bench", "[flags] [FILE...]", benchDoc)
	solverList := fs.String("solver", "fast,dlx,dfs", "comma-separated `solvers` to run: fast, dlx, dfs")
	workers := fs.Int("workers", 1, "run `N` goroutines, each with its own solver")
	count := fs.Bool("count", false, "count solutions up to 2 instead of solving (for files whose puzzles have several)")
	asJSON := fs.Bool("json", false, "print one JSON record per file and solver")
	markdown := fs.Bool("markdown", false, "print the table in Markdown")
	plot := fs.String("plot", "", "write a bar chart of puzzles per second to `FILE` (SVG)")
	budget := fs.Duration("budget", 0, "stop a solver on a file after `D` (0: run every puzzle); the puzzles run are reported")
	maxN := fs.Int("n", 0, "run only the first `N` puzzles of each file (0: all)")
	repeat := fs.Int("repeat", 1, "time each solver `N` times on each file and report the fastest pass (steadier on a busy machine)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole run to `FILE` (go tool pprof; cmd/sudoku/default.pgo is one)")
	files, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fs.Usagef("%v", err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return fs.Failf("-cpuprofile: %v", err)
		}
		defer func() {
			pprof.StopCPUProfile()
			if err := f.Close(); err != nil {
				fs.Errorf("-cpuprofile: %v", err)
			}
		}()
	}
	var solvers []string
	for _, name := range strings.Split(*solverList, ",") {
		name = strings.TrimSpace(name)
		if newBenchSolver(name) == nil {
			return fs.Usagef("unknown solver %s (want %s)", quote.Short(name), strings.Join(benchSolverNames, ", "))
		}
		solvers = append(solvers, name)
	}
	if *workers < 1 || *maxN < 0 || *budget < 0 || *repeat < 1 {
		return fs.Usagef("-workers and -repeat must be at least 1, -n and -budget at least 0")
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	limit := 1
	if *count {
		limit = 2
	}

	var results []benchResult
	failed := false
	for _, path := range files {
		puzzles, err := readBenchFile(e, path, *maxN)
		if err != nil {
			return fs.Usagef("%v", err)
		}
		var first []benchOutcome
		for i, name := range solvers {
			if ctx.Err() != nil {
				break
			}
			outs := make([]benchOutcome, len(puzzles))
			r := benchRun(ctx, name, puzzles, outs, limit, *workers, *budget)
			for pass := 2; pass <= *repeat && ctx.Err() == nil; pass++ {
				again := benchRun(ctx, name, puzzles, outs, limit, *workers, *budget)
				cpu := min(r.CPUMsPerPuzzle, again.CPUMsPerPuzzle)
				if again.PerSecond > r.PerSecond {
					r = again
				}
				r.CPUMsPerPuzzle = cpu
			}
			r.Passes = *repeat
			r.File = filepath.Base(path)
			if path == "-" {
				r.File = "stdin"
			}
			verifyBench(&r, puzzles, outs, first, limit)
			if i == 0 {
				first = outs[:r.Puzzles]
			}
			if r.Bad > 0 || r.Errors > 0 || r.Disagree > 0 {
				failed = true
			}
			results = append(results, r)
			if e.StderrTTY && !*asJSON {
				fs.Errorf("%s %s: %d puzzles in %.2fs", r.File, name, r.Puzzles, r.Ms/1000)
			}
		}
	}
	w := fs.Output()
	if *asJSON {
		enc := jsonfmt.NewEncoder(w)
		for _, r := range results {
			enc.Encode(r)
		}
	} else {
		writeBenchTable(w, results, *markdown)
	}
	if code := fs.Finish(w, 0); code != 0 {
		return code
	}
	if *plot != "" {
		if err := writeBenchPlotFile(*plot, results); err != nil {
			return fs.Failf("%v", err)
		}
	}
	if ctx.Err() != nil {
		return fs.Failf("interrupted")
	}
	if failed {
		return fs.Failf("some solutions failed the check or the solvers disagree")
	}
	return 0
}

// benchRun runs one solver over puzzles with the given number of workers,
// filling outs, and measures the wall time.
func benchRun(ctx context.Context, name string, puzzles []benchPuzzle, outs []benchOutcome, limit, workers int, budget time.Duration) benchResult {
	r := benchResult{Solver: name, Mode: "solve", Workers: workers, Total: len(puzzles), GuessUnit: "guesses"}
	if limit > 1 {
		r.Mode = "count"
	}
	if name == "dlx" {
		r.GuessUnit = "nodes"
	}
	// The warm-up's outcomes are written again by the timed run, whose
	// first chunk of 64 is always run.
	m := benchrun.Run(ctx, benchrun.Config{Jobs: len(puzzles), Workers: workers, Chunk: 64, Budget: budget, Warmup: 16},
		func() func(context.Context, int) (int, error) {
			solve := newBenchSolver(name)
			return func(ctx context.Context, i int) (int, error) { return solve(ctx, &puzzles[i], limit, &outs[i]) }
		})
	r.Puzzles, r.Complete, r.Stopped = m.Done, m.Stopped == "", m.Stopped
	r.Ms = jsonfmt.Millis(m.Elapsed)
	r.Errors = m.Errors
	if r.Puzzles > 0 {
		r.PerSecond = float64(r.Puzzles) / m.Elapsed.Seconds()
		r.MsPerPuzzle = r.Ms / float64(r.Puzzles)
		r.Guesses = float64(m.Work) / float64(r.Puzzles)
		if m.CPU > 0 {
			r.CPUMsPerPuzzle = jsonfmt.Millis(m.CPU) / float64(r.Puzzles)
		}
	}
	return r
}

// verifyBench checks the solutions of the puzzles run and compares the
// outcomes with those of the first solver (nil for the first one).
func verifyBench(r *benchResult, puzzles []benchPuzzle, outs, first []benchOutcome, limit int) {
	r.Compared = first != nil
	for i := range r.Puzzles {
		o := &outs[i]
		if o.count > 0 {
			r.Solved++
		}
		if o.count > 1 {
			r.Multiple++
		}
		if o.ok {
			if validBenchSolution(&puzzles[i].cells, &o.sol) {
				r.Checked++
			} else {
				r.Bad++
			}
		}
		if first == nil || i >= len(first) {
			continue
		}
		f := &first[i]
		switch {
		case f.count != o.count:
			r.Disagree++
		case limit == 1 && f.ok && o.ok && f.sol != o.sol && !hasTwoSolutions(&puzzles[i].cells):
			// Solutions may differ only for puzzles with several.
			r.Disagree++
		}
	}
}

// hasTwoSolutions reports whether p has two solutions or more.
func hasTwoSolutions(p *[81]uint8) bool {
	var s bitboard.Solver
	n, _ := s.Count(p, 2, nil)
	return n > 1
}

// validBenchSolution reports whether sol is a complete grid whose rows,
// columns and boxes are permutations of 1-9 and that keeps the givens of
// puzzle. It shares nothing with the solvers.
func validBenchSolution(puzzle, sol *[81]uint8) bool {
	for i, v := range sol {
		if v < 1 || v > 9 || (puzzle[i] != 0 && puzzle[i] != v) {
			return false
		}
	}
	for u := range 9 {
		var row, col, box uint16
		for k := range 9 {
			row |= 1 << sol[9*u+k]
			col |= 1 << sol[9*k+u]
			box |= 1 << sol[9*(u/3*3+k/3)+u%3*3+k%3]
		}
		if row != 0x3FE || col != 0x3FE || box != 0x3FE {
			return false
		}
	}
	return true
}

// readBenchFile reads the puzzles of path (at most maxN when maxN > 0);
// "-" is standard input.
func readBenchFile(e *cli.Env, path string, maxN int) ([]benchPuzzle, error) {
	f, err := e.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if path == "-" {
		path = "stdin"
	}
	ps, err := readBenchPuzzles(f, maxN)
	if err != nil {
		return nil, fmt.Errorf("%s:%w", path, err)
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("%s: no puzzles", path)
	}
	return ps, nil
}

// readBenchPuzzles reads 81-character puzzle lines. Errors start with
// "LINE:COL: " so that the caller can put the file name in front.
func readBenchPuzzles(r io.Reader, maxN int) ([]benchPuzzle, error) {
	var ps []benchPuzzle
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(s) == "" || s[0] == '#' {
			continue
		}
		var p benchPuzzle
		for i := range 81 {
			if i >= len(s) {
				return nil, fmt.Errorf("%d:%d: line ends after %d cells, expected 81", line, i+1, i)
			}
			switch ch := s[i]; {
			case ch == '.' || ch == '0':
			case ch >= '1' && ch <= '9':
				p.cells[i] = ch - '0'
			default:
				return nil, fmt.Errorf("%d:%d: unexpected %q, expected a digit or '.'", line, i+1, ch)
			}
		}
		if len(s) > 81 && (s[81] == '.' || s[81] >= '0' && s[81] <= '9') {
			return nil, fmt.Errorf("%d:82: grid longer than 81 cells", line)
		}
		p.grid = sudoku.NewGrid(sudoku.Standard, nil)
		copy(p.grid.Cells, p.cells[:])
		ps = append(ps, p)
		if maxN > 0 && len(ps) == maxN {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf(" %w", err)
	}
	return ps, nil
}

// writeBenchTable prints the results as an aligned table.
func writeBenchTable(w io.Writer, results []benchResult, markdown bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	row := func(cells ...string) {
		if markdown {
			fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
			return
		}
		fmt.Fprintf(tw, "%s\t\n", strings.Join(cells, "\t"))
	}
	row("file", "puzzles", "solver", "puzzles/s", "µs/puzzle", "cpu-µs/puzzle", "guesses/puzzle", "checked", "agrees")
	if markdown {
		row("---", "---:", "---", "---:", "---:", "---:", "---:", "---", "---")
	}
	for _, r := range results {
		puzzles := fmt.Sprint(r.Puzzles)
		if !r.Complete {
			puzzles = fmt.Sprintf("%d of %d", r.Puzzles, r.Total)
		}
		guesses := fmt.Sprintf("%.2f", r.Guesses)
		if r.GuessUnit != "guesses" {
			guesses += " " + r.GuessUnit
		}
		checked := "yes"
		switch {
		case r.Bad > 0 || r.Errors > 0:
			checked = fmt.Sprintf("NO: %d bad, %d errors", r.Bad, r.Errors)
		case r.Checked == 0 && r.Solved > 0:
			checked = "(counts only)"
		}
		if r.Mode == "count" {
			checked += fmt.Sprintf(" [%d with 2+]", r.Multiple)
		}
		agrees := "-"
		if r.Compared {
			agrees = "yes"
			if r.Disagree > 0 {
				agrees = fmt.Sprintf("NO (%d)", r.Disagree)
			}
		}
		cpu := "-"
		if r.CPUMsPerPuzzle > 0 {
			cpu = fmt.Sprintf("%.2f", 1000*r.CPUMsPerPuzzle)
		}
		row(r.File, puzzles, r.Solver, numfmt.Commas(int64(math.Round(r.PerSecond))), fmt.Sprintf("%.2f", 1000*r.MsPerPuzzle), cpu, guesses, checked, agrees)
	}
	tw.Flush()
}

func writeBenchPlotFile(path string, results []benchResult) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeBenchPlot(f, results); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeBenchPlot draws puzzles per second as grouped bars (one group per
// file, one bar per solver) on a logarithmic scale, as SVG.
func writeBenchPlot(w io.Writer, results []benchResult) error {
	bars := make([]barplot.Bar, len(results))
	for i, r := range results {
		bars[i] = barplot.Bar{Group: r.File, Series: r.Solver, Value: r.PerSecond}
	}
	return barplot.Write(w, "puzzles per second, one solver per bar (log scale)", "puzzles/s", bars)
}
