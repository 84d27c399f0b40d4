package main

// The batch commands solve, count and check: an ordered parallel pipeline
// (internal/pipeline) whose reader parses the inputs in order, whose
// workers (each with its own sudoku.Solver) process the puzzles, and
// whose results the calling goroutine writes in input order.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/pipeline"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/sudoku"
)

// batchWindow is the most puzzles in flight between the reader and the
// writer.
const batchWindow = 4096

// batchChunk is the most puzzles a worker takes from the queue at once.
const batchChunk = 256

// puzzleFlags are the flags of the batch commands.
type puzzleFlags struct {
	size, variant, regions string
	constraints            string
	workers                int
	solver                 string
	json                   bool
}

func (pf *puzzleFlags) add(fs *cli.FlagSet) {
	fs.StringVar(&pf.size, "size", "", "box shape `RxC` (2x3 is the 6x6 grid of 2-row boxes) or a side N; default: detect from each puzzle")
	fs.StringVar(&pf.variant, "variant", "standard", "variant `name`: standard, diagonal, hyper, disjoint, jigsaw (with -regions)")
	fs.StringVar(&pf.regions, "regions", "", "`file` with the jigsaw region map: N lines of N symbols (implies -variant jigsaw)")
	fs.StringVar(&pf.constraints, "constraints", "", "`file` with a JSON object of constraints added to every puzzle: cages, antiknight, antiking, nonconsecutive, thermos (docs/variants.md)")
	fs.IntVar(&pf.workers, "workers", runtime.NumCPU(), "handle `N` puzzles in parallel")
	fs.SetDefaultDoc("workers", "the number of CPUs")
	fs.StringVar(&pf.solver, "solver", "auto", "`solver`: auto (fast for standard 9x9, propagate for grids up to 16x16 with constraints, else dlx), dlx, fast or propagate")
	fs.BoolVar(&pf.json, "json", false, "print one JSON object per puzzle")
}

// batchConfig is what the flags resolve to.
type batchConfig struct {
	read    sudoku.ReadOptions
	method  sudoku.Method
	workers int
	json    bool
	// variant returns the variant for a grid of shape s (nil: standard).
	variant func(s sudoku.Shape) (*sudoku.Variant, error)
	// constraints, from -constraints, are added to every puzzle.
	constraints *constraintSet
}

func (pf *puzzleFlags) config() (*batchConfig, error) {
	c := &batchConfig{workers: pf.workers, json: pf.json}
	// Lines holding f-puzzles or SudokuPad links, payloads or f-puzzles
	// JSON are read as their puzzles (docs/import.md).
	c.read.Import = fpuzzles.LineImporter{}
	if c.workers < 1 {
		return nil, fmt.Errorf("-workers %d: want at least 1", pf.workers)
	}
	var err error
	if pf.constraints != "" {
		if c.constraints, err = readConstraints(pf.constraints); err != nil {
			return nil, err
		}
	}
	if c.method, err = sudoku.ParseMethod(pf.solver); err != nil {
		return nil, err
	}
	if pf.size != "" {
		if c.read.Shape, err = sudoku.ParseShape(pf.size); err != nil {
			return nil, err
		}
	}
	name := strings.ToLower(pf.variant)
	if pf.regions != "" {
		if name != "standard" && name != "jigsaw" {
			return nil, fmt.Errorf("-regions gives a jigsaw, not -variant %s", pf.variant)
		}
		text, err := os.ReadFile(pf.regions)
		if err != nil {
			return nil, err
		}
		shape := c.read.Shape
		if shape == (sudoku.Shape{}) {
			// The regions replace the boxes: only the side matters.
			n := regionSide(string(text))
			var ok bool
			if shape, ok = sudoku.DefaultShape(n); !ok {
				shape = sudoku.Shape{BoxRows: 1, BoxCols: n}
			}
			c.read.Shape = shape
		}
		v, err := sudoku.Jigsaw(shape, string(text))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pf.regions, err)
		}
		c.variant = func(s sudoku.Shape) (*sudoku.Variant, error) {
			if s.N() != shape.N() {
				return nil, fmt.Errorf("the region map is for %dx%d grids, not %dx%d", shape.N(), shape.N(), s.N(), s.N())
			}
			return v, nil
		}
		return c, nil
	}
	if name == "jigsaw" {
		return nil, errors.New("-variant jigsaw needs -regions FILE")
	}
	if _, err := sudoku.VariantByName(name, c.read.Shape); err != nil {
		return nil, err
	}
	if name != "standard" && name != "" {
		var mu sync.Mutex
		cache := map[sudoku.Shape]*sudoku.Variant{}
		c.variant = func(s sudoku.Shape) (*sudoku.Variant, error) {
			mu.Lock()
			defer mu.Unlock()
			if v, ok := cache[s]; ok {
				return v, nil
			}
			v, err := sudoku.VariantByName(name, s)
			if err != nil {
				return nil, err
			}
			cache[s] = v
			return v, nil
		}
	}
	return c, nil
}

// regionSide guesses the side of a region map from its first line: its
// fields when they are several and some has more than one character (as
// in "10 10 11 ..."), else its symbols; a map of a single line holds all
// N² symbols.
func regionSide(text string) int {
	var lines []string
	for line := range strings.Lines(text) {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#") {
			lines = append(lines, t)
		}
	}
	if len(lines) == 0 {
		return 0
	}
	f := strings.Fields(lines[0])
	if len(f) > 1 {
		for _, x := range f {
			if len(x) > 1 {
				return len(f)
			}
		}
	}
	n := len(strings.Join(f, ""))
	if len(lines) == 1 {
		side := 1
		for side*side < n {
			side++
		}
		return side
	}
	return n
}

// tally is what became of one puzzle; each command names its own tallies
// from 0 up. parseError is common to all.
type tally int8

const (
	parseError tally = -1
	skipped    tally = -2 // not processed: cancelled
	// partial: cancelled while processing, with what was found so far
	// written (a count stopped by Ctrl-C); the last result written.
	partial tally = -3
	// unreadable: an input that could not be opened or read (exit
	// status 2); countMismatch: a count line that does not match the
	// puzzles (exit status 1). Neither is a puzzle: they print a message
	// on standard error only.
	unreadable    tally = -4
	countMismatch tally = -5
)

// batchJob is one input puzzle (or parse error).
type batchJob struct {
	p   *sudoku.Puzzle
	err error
	src string // file name, "" for stdin
	// input: err is about the input as a whole (it could not be opened
	// or read), not about a puzzle.
	input bool
}

// puzzle is a puzzle of the input and the name of its file.
type puzzle struct {
	*sudoku.Puzzle
	src string
	// scratch is the worker's grid for a result (solve's solution), kept
	// from puzzle to puzzle; nil until a command sets it.
	scratch *sudoku.Grid
	// errMsg is the message for standard error of a puzzle that could
	// not be handled (set by otherError), or a note on it (solve: several
	// solutions).
	errMsg string
}

// batchItem is the result of one puzzle.
type batchItem struct {
	out []byte
	t   tally
	msg string // the message for standard error, if any
	// chunk, on the last puzzle of a chunk: the buffer that the outputs
	// of the chunk's puzzles share, free again once it is written.
	chunk []byte
}

// batch runs one command over its inputs.
type batch struct {
	fs  *cli.FlagSet
	cfg *batchConfig
	// process handles one puzzle, writing its lines to out.
	process func(ctx context.Context, s *sudoku.Solver, p *puzzle, out *bytes.Buffer) tally
	// tallies names the tallies for the summary, failed says which ones
	// make the exit code 1.
	tallies []string
	failed  func(tally) bool
	// multi is set when there are several input files: errors and JSON
	// records then name the file.
	multi bool
	// The result slices and output buffers of chunks the writer is done
	// with, for the workers to reuse (getItems, getChunk): a run then
	// allocates nothing per chunk once the window is full.
	freeItems chan []batchItem
	freeChunk chan []byte
}

// getItems returns a result slice of length n, reused when one is free.
func (b *batch) getItems(n int) []batchItem {
	select {
	case r := <-b.freeItems:
		if cap(r) >= n {
			return r[:n]
		}
	default:
	}
	return make([]batchItem, n)
}

// getChunk returns an empty output buffer, reused when one is free.
func (b *batch) getChunk() []byte {
	select {
	case c := <-b.freeChunk:
		return c[:0]
	default:
		return nil
	}
}

// free hands a result slice or an output buffer back for reuse; one
// that finds the free list full is left to the garbage collector.
func free[T any](list chan []T, x []T) {
	select {
	case list <- x:
	default:
	}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// run processes the inputs (standard input when files is empty; "-" is
// standard input too) and returns the exit code.
func (b *batch) run(ctx context.Context, e *cli.Env, files []string) int {
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The window bounds the memory in flight (a few MB); a higher GC
	// target than the default trades some of it for fewer collections
	// (on 17-clue puzzles the collector took 5-10% of the CPU profile).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	b.multi = len(files) > 1
	if len(files) == 0 {
		files = []string{"-"}
	}

	prog := &batchProgress{}
	for _, f := range files {
		if fi, err := os.Stat(f); f != "-" && err == nil && fi.Mode().IsRegular() {
			prog.totalBytes += fi.Size()
		} else {
			prog.totalBytes = -1 // unknown
			break
		}
	}

	// The reader sends the puzzles in chunks of up to batchChunk, at
	// most batchWindow puzzles in flight until the writer has written
	// them; a chunk goes as soon as the reader would wait for input, so
	// a puzzle typed on a terminal is answered at once. With one worker
	// the calling goroutine reads, solves and writes (measured on 9x9
	// files, where a puzzle takes microseconds, handing puzzles or
	// results to another thread costs more than it saves).
	items := 2*b.cfg.workers + 2 // the results in flight to the writer
	b.freeItems = make(chan []batchItem, items+b.cfg.workers+1)
	b.freeChunk = make(chan []byte, batchWindow/batchChunk+b.cfg.workers+1)
	wr := &batchWriter{
		w:      b.fs.Output(),
		cancel: cancel,
		b:      b,
		prog:   prog,
		counts: make([]int, len(b.tallies)),
	}
	// rd is the reader of the file being read: the puzzles of a chunk go
	// back to it once the chunk is processed.
	var rd *sudoku.Reader
	read := func(f *pipeline.Feeder[batchJob]) {
		flush := func() bool {
			prog.read.Add(int64(f.Len()))
			return f.Flush()
		}
		add := func(j batchJob) bool {
			if f.Len()+1 == batchChunk {
				prog.read.Add(batchChunk)
			}
			return f.Add(j)
		}
		readOne := func(r io.Reader, src string) bool {
			rd = sudoku.NewReader(countingReader{r, &prog.bytesRead}, b.cfg.read)
			for {
				if rd.Buffered() == 0 && !flush() {
					return false
				}
				p, err := rd.Next()
				if err == io.EOF {
					return true
				}
				input := err != nil && !isParseError(err)
				if !add(batchJob{p: p, err: err, src: src, input: input}) {
					return false
				}
				if input {
					return true // the rest of this input is lost
				}
			}
		}
		for i, name := range files {
			in, src, err := openInput(e, name, i+1)
			if err != nil {
				if !add(batchJob{err: err, input: true}) {
					return
				}
				continue
			}
			ok := readOne(in, src)
			in.Close()
			if !ok {
				return
			}
		}
		if flush() {
			prog.readAll.Store(true)
		}
	}

	stopProgress := e.Progress(start, prog.line)
	pipeline.Run(ctx, pipeline.Config{Workers: b.cfg.workers, Chunk: batchChunk, Window: batchWindow / batchChunk}, pipeline.Stages[batchJob, batchItem]{
		Read: read,
		Recycle: func(c []batchJob) {
			for i := range c {
				rd.Recycle(c[i].p)
			}
		},
		NewWorker: func() func(context.Context, []batchJob, bool) []batchItem { return b.newWorker().work },
		Take:      wr.take,
		Flush:     wr.flush,
	})
	stopProgress()
	werr, interrupted, counts, parseErrors := wr.err, wr.interrupted, wr.counts, wr.parseErrors
	inputErrors, countErrors := wr.inputErrors, wr.countErrors
	if ctx.Err() != nil && !interrupted && werr == nil {
		interrupted = true
	}

	elapsed := time.Since(start)
	n := 0
	for _, c := range counts {
		n += c
	}
	n += parseErrors
	var sum strings.Builder
	sum.WriteString(numfmt.Count(int64(n), "puzzle", "puzzles"))
	for i, name := range b.tallies {
		fmt.Fprintf(&sum, ", %s %s", numfmt.Commas(int64(counts[i])), name)
	}
	fmt.Fprintf(&sum, ", %s in %s (%s puzzles/s)", numfmt.Count(int64(parseErrors), "error", "errors"), numfmt.Duration(elapsed), numfmt.PerSecond(int64(n), elapsed))
	if interrupted {
		sum.WriteString("; interrupted")
	}
	b.fs.Errorf("%s", sum.String())

	switch {
	case inputErrors > 0:
		return cli.ExitUsage
	case werr != nil:
		return b.fs.Failf("writing the output: %v", werr)
	case interrupted || parseErrors > 0 || countErrors > 0:
		return cli.ExitFail
	}
	for i, c := range counts {
		if c > 0 && b.failed(tally(i)) {
			return cli.ExitFail
		}
	}
	return cli.ExitOK
}

// batchWriter writes the results, which come in input order. After a
// write error the output is lost: the run is cancelled and the rest
// drained.
type batchWriter struct {
	b           *batch
	w           *bufio.Writer
	err         error // the first write error
	cancel      func()
	prog        *batchProgress
	counts      []int // per tally
	parseErrors int
	inputErrors int // unreadable results
	countErrors int // countMismatch results
	interrupted bool
}

// take writes the results of a chunk, the next in order; res goes back
// to the workers.
func (wr *batchWriter) take(res []batchItem) {
	written := 0
	for _, it := range res {
		written += wr.write(it)
	}
	clear(res)
	free(wr.b.freeItems, res)
	wr.prog.done.Add(int64(written))
}

// write writes the result it, the next in order, unless the run is being
// cancelled; it returns 1 when it wrote it, else 0.
func (wr *batchWriter) write(it batchItem) (n int) {
	switch {
	case it.t == skipped || wr.interrupted || wr.err != nil:
		wr.interrupted = wr.err == nil
	default:
		switch it.t {
		case partial:
			wr.interrupted = true
		case parseError:
			wr.parseErrors++
		case unreadable:
			wr.inputErrors++
		case countMismatch:
			wr.countErrors++
		default:
			wr.counts[it.t]++
		}
		if _, wr.err = wr.w.Write(it.out); wr.err != nil {
			wr.cancel()
		} else {
			n = 1
		}
		if it.msg != "" {
			// Errors (and notes) go to standard error, after the
			// output so far, so that on a terminal each follows its
			// puzzle's line; the output keeps that line (writeError).
			wr.flush()
			wr.b.fs.Errorf("%s", it.msg)
		}
	}
	if it.chunk != nil {
		// Written: the chunk's buffer goes back to the workers.
		free(wr.b.freeChunk, it.chunk)
	}
	return n
}

// flush sends the output written so far.
func (wr *batchWriter) flush() {
	if wr.err == nil {
		if wr.err = wr.w.Flush(); wr.err != nil {
			wr.cancel()
		}
	}
}

// batchWorker processes chunks of puzzles with a solver of its own.
type batchWorker struct {
	b   *batch
	s   *sudoku.Solver
	buf bytes.Buffer
	pz  puzzle // the puzzle being processed (process does not keep it)
	// ends: the end in buf of each puzzle's output (work).
	ends []int
}

func (b *batch) newWorker() *batchWorker {
	return &batchWorker{b: b, s: sudoku.NewSolver(sudoku.Options{Method: b.cfg.method})}
}

// work processes a chunk: the results, in order, the last one marked.
// With inline set the outputs stay in the worker's buffer (they must be
// written before the next call); else they move to a buffer of their own.
func (w *batchWorker) work(ctx context.Context, chunk []batchJob, inline bool) []batchItem {
	w.buf.Reset()
	w.ends = w.ends[:0]
	res := w.b.getItems(len(chunk))
	for i, j := range chunk {
		t, msg := w.b.one(ctx, w.s, j, &w.pz, &w.buf)
		res[i] = batchItem{t: t, msg: msg}
		w.ends = append(w.ends, w.buf.Len())
	}
	out := w.buf.Bytes()
	if !inline {
		out = append(w.b.getChunk(), out...)
	}
	start := 0
	for i, end := range w.ends {
		res[i].out = out[start:end:end]
		start = end
	}
	if !inline {
		res[len(res)-1].chunk = out
	}
	return res
}

// one processes one job into buf; msg is what goes to standard error.
func (b *batch) one(ctx context.Context, s *sudoku.Solver, j batchJob, pz *puzzle, buf *bytes.Buffer) (t tally, msg string) {
	if ctx.Err() != nil {
		return skipped, ""
	}
	switch {
	case j.input:
		return unreadable, withSource(j.src, j.err)
	case errors.Is(j.err, sudoku.ErrCountLine):
		return countMismatch, b.source(j.src) + j.err.Error()
	case j.err != nil:
		line := 0
		if j.p != nil {
			line = j.p.Line
		}
		return parseError, b.writeError(buf, j.src, line, jsonfmt.CodeParse, j.err, j.p)
	}
	if b.cfg.variant != nil && j.p.Grid.Variant == nil {
		v, err := b.cfg.variant(j.p.Grid.Shape)
		if err != nil {
			return parseError, b.writeError(buf, j.src, j.p.Line, jsonfmt.CodeShape, err, j.p)
		}
		j.p.Grid.Variant = v
	}
	if b.cfg.constraints != nil {
		v, err := b.cfg.constraints.add(j.p.Grid)
		if err != nil {
			return parseError, b.writeError(buf, j.src, j.p.Line, jsonfmt.CodeShape, err, j.p)
		}
		j.p.Grid.Variant = v
	}
	pz.Puzzle, pz.src, pz.errMsg = j.p, j.src, "" // the worker's: a new one per puzzle would escape to the heap
	t = b.process(ctx, s, pz, buf)
	if ctx.Err() != nil && t != partial {
		return skipped, ""
	}
	return t, pz.errMsg
}

// isParseError reports whether err is a *sudoku.ParseError: the error of
// one puzzle, not of the input. Out of the reading loop because the
// variable errors.As fills moves to the heap: declared there, it cost an
// allocation per puzzle.
func isParseError(err error) bool {
	var pe *sudoku.ParseError
	return errors.As(err, &pe)
}

func withSource(src string, err error) string {
	if src == "" {
		return err.Error()
	}
	return src + ": " + err.Error()
}

// source returns "FILE: " when errors must name the file (several are
// read), else "".
func (b *batch) source(src string) string {
	if !b.multi || src == "" {
		return ""
	}
	return src + ": "
}

// errorText is the message of the error of a puzzle: "[FILE: ]line L:
// ...", its long quotes clipped.
func (b *batch) errorText(src string, line int, err error) string {
	var pe *sudoku.ParseError
	if line > 0 && !errors.As(err, &pe) {
		err = fmt.Errorf("line %d: %w", line, err)
	}
	return cli.Clip(b.source(src) + err.Error())
}

// writeError writes the error of a puzzle: "error: [FILE: ]line L: ..."
// or, with -json, a record with the error object. It returns the message
// for standard error.
func (b *batch) writeError(buf *bytes.Buffer, src string, line int, code string, err error, p *sudoku.Puzzle) string {
	msg := b.errorText(src, line, err)
	if b.cfg.json {
		je := jsonfmt.FromError(code, err)
		je.Message = cli.Clip(je.Message)
		if je.Line == 0 {
			je.Line = line
		}
		if !b.multi {
			src = ""
		}
		writeJSON(buf, &resultJSON{File: src, Line: je.Line, Status: "error", Error: je})
		return msg
	}
	buf.WriteString("error: ")
	buf.WriteString(msg)
	buf.WriteByte('\n')
	if p != nil && p.Format.Gap {
		buf.WriteByte('\n')
	}
	return msg
}

// otherError reports an error that is not a verdict (a grid that does not
// fit its variant) for p.
func (b *batch) otherError(buf *bytes.Buffer, p *puzzle, err error) tally {
	code := jsonfmt.CodeInternal
	if errors.Is(err, sudoku.ErrShape) || errors.Is(err, sudoku.ErrVariant) {
		code = jsonfmt.CodeShape
	}
	p.errMsg = b.writeError(buf, p.src, p.Line, code, err, p.Puzzle)
	return parseError
}

// writeMarker writes a one-line result (such as "no solution") for p,
// followed by an empty line when p's format separates grids by one.
func writeMarker(buf *bytes.Buffer, p *puzzle, line string) {
	buf.WriteString(line)
	buf.WriteByte('\n')
	if p.Format.Gap {
		buf.WriteByte('\n')
	}
}

// batchProgress is what the progress line of a batch shows: the puzzles
// written; out of the puzzles read once the whole input is read, else
// with the part of the input read.
type batchProgress struct {
	done, read atomic.Int64 // puzzles written, puzzles read
	readAll    atomic.Bool  // the reader reached the end of the input
	bytesRead  atomic.Int64
	totalBytes int64 // size of the input files, -1 when unknown
}

func (p *batchProgress) line(el time.Duration) string {
	done := p.done.Load()
	speed := numfmt.PerSecond(done, el) + "/s"
	if p.readAll.Load() {
		n := max(p.read.Load(), 1)
		frac := min(float64(done)/float64(n), 1)
		const width = 30
		fill := int(frac * width)
		return fmt.Sprintf("[%s%s] %3.0f%% %s/%s puzzles, %s", strings.Repeat("=", fill), strings.Repeat(" ", width-fill),
			100*frac, numfmt.Commas(done), numfmt.Commas(n), speed)
	}
	line := fmt.Sprintf("%s, %s", numfmt.Count(done, "puzzle", "puzzles"), speed)
	if p.totalBytes > 0 {
		line += fmt.Sprintf(", %.0f%% of the input read", 100*min(float64(p.bytesRead.Load())/float64(p.totalBytes), 1))
	}
	return line
}

// resultJSON is the record -json prints per puzzle (docs/formats.md): the
// file (when several are named), the input line, the puzzle and its
// solution written as the puzzle came in, the status ("solved", "no
// solution", "invalid", "error", for check "unique" and "multiple", for
// count "counted"), the count and whether it is complete, the clashing
// cells of an invalid puzzle and the error.
type resultJSON struct {
	File     string         `json:"file,omitempty"`
	Line     int            `json:"line,omitempty"`
	Puzzle   string         `json:"puzzle,omitempty"`
	Status   string         `json:"status"`
	Solution string         `json:"solution,omitempty"`
	Multiple bool           `json:"multiple,omitempty"` // solve: the puzzle has several solutions
	Count    *int           `json:"count,omitempty"`
	Complete *bool          `json:"complete,omitempty"`
	Stopped  string         `json:"stopped,omitempty"`
	Clashes  [][2]string    `json:"clashes,omitempty"`
	Broken   []string       `json:"broken,omitempty"`
	Error    *jsonfmt.Error `json:"error,omitempty"`
}

// writeJSON writes one record, compact, on a line of its own.
func writeJSON(buf *bytes.Buffer, v any) {
	if err := jsonfmt.NewEncoder(buf).Encode(v); err != nil { // cannot happen for these types
		buf.WriteString(`{"status":"error"}` + "\n")
	}
}

// clashNames names the cells of clashes as JSON prints them.
func clashNames(cl [][2]int, n int) [][2]string {
	out := make([][2]string, len(cl))
	for i, c := range cl {
		out[i] = [2]string{sudoku.CellName(c[0], n), sudoku.CellName(c[1], n)}
	}
	return out
}

// newJSON starts the JSON record of p.
func (b *batch) newJSON(p *puzzle, status string) *resultJSON {
	r := &resultJSON{Line: p.Line, Puzzle: gridText(p.Grid, p.Format), Status: status}
	if b.multi {
		r.File = p.src
	}
	return r
}

// openInput opens the input named on the command line: "-" is standard
// input, a file that exists is read, and any other argument is read as
// puzzle text ("sudoku solve 57006..."), provided it holds at least one
// puzzle and nothing that is not one, or is an f-puzzles or SudokuPad link
// or payload; otherwise the error says that it is neither a file nor a
// puzzle. src names the input in messages.
func openInput(e *cli.Env, name string, arg int) (r io.ReadCloser, src string, err error) {
	if name == "-" {
		return io.NopCloser(e.Stdin), "stdin", nil
	}
	if _, serr := os.Stat(name); serr == nil {
		f, err := os.Open(name)
		if err != nil {
			return nil, "", shortPathError(err)
		}
		return f, name, nil
	}
	// No such file (or a name no file can have: too long). A link or
	// payload is read as its puzzle, its errors reported as the puzzle's.
	if (fpuzzles.LineImporter{}).Recognize([]byte(strings.TrimSpace(name))) {
		return io.NopCloser(strings.NewReader(name)), fmt.Sprintf("argument %d", arg), nil
	}
	if perr := puzzleText(name); perr != nil {
		if looksLikePath(name) {
			_, err := os.Open(name)
			return nil, "", shortPathError(err)
		}
		return nil, "", fmt.Errorf("%s is no file, nor a puzzle (%v)", quote.Short(name), perr)
	}
	return io.NopCloser(strings.NewReader(name)), fmt.Sprintf("argument %d", arg), nil
}

// shortPathError returns err with the path of an *fs.PathError quoted
// short when it is longer than a file name can be (a puzzle of 256 cells
// or more taken for a file): paths of usual lengths are kept whole.
func shortPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && len(pe.Path) > 255 {
		return fmt.Errorf("%s %s: %w", pe.Op, quote.Short(pe.Path), pe.Err)
	}
	return err
}

// looksLikePath reports whether s, which is not a puzzle, was meant as a
// file name: it holds a path separator, or ends in an extension of up to
// five letters and digits (".txt", ".sdk") with no ".." before it (puzzles
// mark blanks with dots).
func looksLikePath(s string) bool {
	if strings.ContainsRune(s, '/') || strings.ContainsRune(s, filepath.Separator) {
		return true
	}
	ext := strings.TrimPrefix(filepath.Ext(s), ".")
	base := strings.TrimSuffix(s, "."+ext)
	return ext != "" && len(ext) <= 5 && !strings.Contains(base, "..") && !strings.HasSuffix(base, ".") &&
		strings.IndexFunc(ext, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) < 0
}

// puzzleText returns nil when s holds puzzles and nothing else, else the
// first reason it does not (no puzzle at all, a puzzle that cannot be
// read).
func puzzleText(s string) error {
	rd := sudoku.NewReader(strings.NewReader(s), sudoku.ReadOptions{})
	n := 0
	for {
		_, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		n++
	}
	if n == 0 {
		return errors.New("no puzzle in it")
	}
	return nil
}
