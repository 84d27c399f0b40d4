package main

// The batch pipeline shared by solve, count and check: a reader goroutine
// parses the inputs in order, workers (each with its own sudoku.Solver)
// process the puzzles, and the calling goroutine writes the results in
// input order. A window bounds how far the reader may run ahead of the
// writer, so memory stays flat on any input and output starts at once.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dlxkit/dlx/sudoku"
)

// batchWindow is the most puzzles in flight between the reader and the
// writer.
const batchWindow = 4096

// batchChunk is the most puzzles a worker takes from the queue at once.
const batchChunk = 64

// puzzleFlags are the flags of the batch commands.
type puzzleFlags struct {
	size, variant, regions string
	workers                int
	solver                 string
	json                   bool
}

func (pf *puzzleFlags) add(fs *flag.FlagSet) {
	fs.StringVar(&pf.size, "size", "", "box shape `RxC` (2x3 is the 6x6 grid of 2-row boxes) or a side N; default: detect from each puzzle")
	fs.StringVar(&pf.variant, "variant", "standard", "variant `name`: standard, diagonal, hyper, disjoint, jigsaw (with -regions)")
	fs.StringVar(&pf.regions, "regions", "", "`file` with the jigsaw region map: N lines of N symbols (implies -variant jigsaw)")
	fs.IntVar(&pf.workers, "workers", runtime.NumCPU(), "number of puzzles solved in parallel")
	fs.StringVar(&pf.solver, "solver", "auto", "solver: auto (fast for standard 9x9, else dlx), dlx or fast")
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
}

func (pf *puzzleFlags) config() (*batchConfig, error) {
	c := &batchConfig{workers: pf.workers, json: pf.json}
	if c.workers < 1 {
		return nil, fmt.Errorf("-workers %d: want at least 1", pf.workers)
	}
	var err error
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
)

// batchJob is one input puzzle (or parse error) with its rank.
type batchJob struct {
	seq int
	p   *sudoku.Puzzle
	err error
	src string // file name, "" for stdin
}

type batchItem struct {
	seq int
	out []byte
	t   tally
}

// batch runs one command over its inputs.
type batch struct {
	name string
	cfg  *batchConfig
	// process handles one puzzle, writing its lines to out.
	process func(ctx context.Context, s *sudoku.Solver, p *sudoku.Puzzle, out *bytes.Buffer) tally
	// tallies names the tallies for the summary, failed says which ones
	// make the exit code 1.
	tallies []string
	failed  func(tally) bool
	// multi is set when there are several input files: parse errors then
	// name the file.
	multi bool
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

// run processes the inputs (stdin when files is empty) and returns the
// exit code.
func (b *batch) run(ctx context.Context, e *env, files []string) int {
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b.multi = len(files) > 1

	var total int64 // input bytes, 0 when unknown
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
			total += fi.Size()
		}
	}
	var readBytes atomic.Int64
	var inputErrors atomic.Int32

	jobs := make(chan batchJob, batchWindow)
	slots := make(chan struct{}, batchWindow)
	items := make(chan []batchItem, 2*b.cfg.workers+2)

	// Reader.
	go func() {
		defer close(jobs)
		seq := 0
		send := func(j batchJob) bool {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return false
			}
			j.seq = seq
			seq++
			jobs <- j
			return true
		}
		readOne := func(r io.Reader, src string) bool {
			rd := sudoku.NewReader(countingReader{r, &readBytes}, b.cfg.read)
			for {
				p, err := rd.Next()
				if err == io.EOF {
					return true
				}
				if err != nil {
					var pe *sudoku.ParseError
					if !errors.As(err, &pe) {
						fmt.Fprintf(e.stderr, "sudoku %s: %s\n", b.name, withSource(src, err))
						inputErrors.Add(1)
						return true
					}
				}
				if !send(batchJob{p: p, err: err, src: src}) {
					return false
				}
			}
		}
		if len(files) == 0 {
			readOne(e.stdin, "")
			return
		}
		for _, name := range files {
			f, err := os.Open(name)
			if err != nil {
				fmt.Fprintf(e.stderr, "sudoku %s: %v\n", b.name, err)
				inputErrors.Add(1)
				continue
			}
			ok := readOne(f, name)
			f.Close()
			if !ok {
				return
			}
		}
	}()

	// Workers.
	var wg sync.WaitGroup
	for range b.cfg.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := sudoku.NewSolver(sudoku.Options{Method: b.cfg.method})
			var buf bytes.Buffer
			for j := range jobs {
				chunk := []batchJob{j}
			drain:
				for len(chunk) < batchChunk {
					select {
					case j, ok := <-jobs:
						if !ok {
							break drain
						}
						chunk = append(chunk, j)
					default:
						break drain
					}
				}
				buf.Reset()
				offs := make([]int, len(chunk)+1)
				res := make([]batchItem, len(chunk))
				for i, j := range chunk {
					res[i] = batchItem{seq: j.seq, t: b.one(ctx, s, j, &buf)}
					offs[i+1] = buf.Len()
				}
				out := bytes.Clone(buf.Bytes())
				for i := range res {
					res[i].out = out[offs[i]:offs[i+1]]
				}
				items <- res
			}
		}()
	}
	go func() { wg.Wait(); close(items) }()

	// Progress.
	var done atomic.Int64
	stopProgress := func() {}
	if e.stderrTTY {
		stopProgress = startProgress(e.stderr, start, &done, &readBytes, total)
	}

	// Ordered writer.
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	ring := make([]batchItem, batchWindow)
	ready := make([]bool, batchWindow)
	next := 0
	counts := make([]int, len(b.tallies))
	parseErrors := 0
	interrupted := false
	for res := range items {
		for _, it := range res {
			ring[it.seq%batchWindow] = it
			ready[it.seq%batchWindow] = true
		}
		for ready[next%batchWindow] {
			it := ring[next%batchWindow]
			ready[next%batchWindow] = false
			ring[next%batchWindow] = batchItem{}
			next++
			<-slots
			switch {
			case it.t == skipped || interrupted:
				interrupted = true
				continue
			case it.t == parseError:
				parseErrors++
			default:
				counts[it.t]++
			}
			w.Write(it.out)
			done.Add(1)
		}
		w.Flush()
	}
	w.Flush()
	stopProgress()
	if ctx.Err() != nil && !interrupted {
		interrupted = true
	}

	elapsed := time.Since(start)
	n := 0
	for _, c := range counts {
		n += c
	}
	n += parseErrors
	var sum strings.Builder
	noun := "puzzles"
	if n == 1 {
		noun = "puzzle"
	}
	fmt.Fprintf(&sum, "sudoku %s: %d %s", b.name, n, noun)
	for i, name := range b.tallies {
		fmt.Fprintf(&sum, ", %d %s", counts[i], name)
	}
	fmt.Fprintf(&sum, ", %d errors in %v (%s puzzles/s)", parseErrors, elapsed.Round(time.Millisecond), rate(n, elapsed))
	if interrupted {
		sum.WriteString("; interrupted")
	}
	fmt.Fprintln(e.stderr, sum.String())

	switch {
	case inputErrors.Load() > 0:
		return 2
	case interrupted || parseErrors > 0:
		return 1
	}
	for i, c := range counts {
		if c > 0 && b.failed(tally(i)) {
			return 1
		}
	}
	return 0
}

// one processes one job into buf.
func (b *batch) one(ctx context.Context, s *sudoku.Solver, j batchJob, buf *bytes.Buffer) tally {
	if ctx.Err() != nil {
		return skipped
	}
	if j.err != nil {
		b.writeError(buf, j.src, j.err, j.p)
		return parseError
	}
	if b.cfg.variant != nil && j.p.Grid.Variant == nil {
		v, err := b.cfg.variant(j.p.Grid.Shape)
		if err != nil {
			b.writeError(buf, j.src, fmt.Errorf("line %d: %w", j.p.Line, err), j.p)
			return parseError
		}
		j.p.Grid.Variant = v
	}
	t := b.process(ctx, s, j.p, buf)
	if ctx.Err() != nil {
		return skipped
	}
	return t
}

func withSource(src string, err error) string {
	if src == "" {
		return err.Error()
	}
	return src + ": " + err.Error()
}

func (b *batch) writeError(buf *bytes.Buffer, src string, err error, p *sudoku.Puzzle) {
	if !b.multi {
		src = ""
	}
	if b.cfg.json {
		r := resultJSON{Status: "error", Error: withSource(src, err)}
		if p != nil {
			r.Line = p.Line
		}
		writeJSON(buf, &r)
		return
	}
	buf.WriteString("error: ")
	buf.WriteString(withSource(src, err))
	buf.WriteByte('\n')
	if p != nil && p.Format.Gap {
		buf.WriteByte('\n')
	}
}

// writeMarker writes a one-line result (such as "no solution") for p,
// followed by an empty line when p's format separates grids by one.
func writeMarker(buf *bytes.Buffer, p *sudoku.Puzzle, line string) {
	buf.WriteString(line)
	buf.WriteByte('\n')
	if p.Format.Gap {
		buf.WriteByte('\n')
	}
}

func rate(n int, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return commas(int64(float64(n) / d.Seconds()))
}

// commas formats n with thousands separators.
func commas(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + commas(-n)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// startProgress draws a progress line on w (a terminal) after one second
// of work, four times a second, until the returned function is called.
func startProgress(w io.Writer, start time.Time, done, readBytes *atomic.Int64, total int64) func() {
	return progressLine(w, start, func(el time.Duration) string {
		n := done.Load()
		line := fmt.Sprintf("%s puzzles, %s/s", commas(n), rate(int(n), el))
		if total > 0 {
			frac := min(float64(readBytes.Load())/float64(total), 1)
			const width = 30
			fill := int(frac * width)
			line = fmt.Sprintf("[%s%s] %3.0f%% %s", strings.Repeat("=", fill), strings.Repeat(" ", width-fill), 100*frac, line)
		}
		return line
	})
}

// resultJSON is the object -json prints per puzzle: the input line, the
// puzzle and its solution in one-line form, the status ("solved", "no
// solution", "invalid", "error", or for check "unique" and "multiple"),
// the count (count), the clashing cells (invalid) and the error.
type resultJSON struct {
	Line         int         `json:"line,omitempty"`
	Puzzle       string      `json:"puzzle,omitempty"`
	Status       string      `json:"status"`
	Solution     string      `json:"solution,omitempty"`
	Count        *int        `json:"count,omitempty"`
	LimitReached bool        `json:"limit_reached,omitempty"`
	Clashes      [][2]string `json:"clashes,omitempty"`
	Error        string      `json:"error,omitempty"`
}

func writeJSON(buf *bytes.Buffer, r *resultJSON) {
	b, err := json.Marshal(r)
	if err != nil { // cannot happen for these types
		b = []byte(`{"status":"error"}`)
	}
	buf.Write(b)
	buf.WriteByte('\n')
}

// clashNames names the cells of clashes as JSON prints them.
func clashNames(cl [][2]int, n int) [][2]string {
	out := make([][2]string, len(cl))
	for i, c := range cl {
		out[i] = [2]string{sudoku.CellName(c[0], n), sudoku.CellName(c[1], n)}
	}
	return out
}

// newJSON starts the JSON result of p.
func newJSON(p *sudoku.Puzzle, status string) *resultJSON {
	return &resultJSON{Line: p.Line, Puzzle: p.Grid.String(), Status: status}
}

// otherError reports an error that is not a verdict (a grid that does not
// fit its variant, cancellation) for p.
func (b *batch) otherError(buf *bytes.Buffer, p *sudoku.Puzzle, err error) tally {
	b.writeError(buf, "", fmt.Errorf("line %d: %w", p.Line, err), p)
	return parseError
}
