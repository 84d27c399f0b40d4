package sudoku

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/quote"
)

// ReadOptions tells the reader what to expect. The zero value detects
// everything.
type ReadOptions struct {
	// Shape is the box shape of the grids. The zero Shape detects it from
	// the number of cells (one-line puzzles) or the row width (multi-line
	// grids), with DefaultShape, or from the '|' box separators of a forum
	// grid. A non-zero Shape also fixes the size: other sizes are errors.
	Shape Shape
	// Variant is given to every grid read (JSON puzzles name their own).
	Variant *Variant
	// Alphabet is the symbols of the digits 1..N, literally or in range
	// notation ("A-P", "1-9A-G", "0-9A-F", see ExpandAlphabet). Empty
	// detects it: digits 1-9 up to 9x9, and for larger grids the one of
	// A..., 1-9A..., 0-9A... that fits the symbols used (docs/formats.md).
	Alphabet string
	// Import, when not nil, reads the lines written in another program's
	// format (fpuzzles.LineImporter: f-puzzles and SudokuPad links,
	// payloads and f-puzzles JSON): a line it recognizes is one puzzle.
	Import Importer
}

// Importer reads puzzles written in another program's format, one a line.
type Importer interface {
	// Recognize reports whether line (without its surrounding blanks) is
	// in the importer's format.
	Recognize(line []byte) bool
	// Import returns the puzzle of a line Recognize accepted.
	Import(line []byte) (*PuzzleJSON, error)
}

// Puzzle is one grid read from a stream, with how it was written.
type Puzzle struct {
	Grid   *Grid
	Format Format
	// Line is the first input line of the puzzle, 1-based.
	Line int
	// Rest is the text after a one-line puzzle on its line, including the
	// whitespace that separates it (" 2.5" for "PUZZLE 2.5"), without the
	// line end; "" when there is none. Use strings.TrimSpace(Rest) for a
	// comment or rating. Solving ignores it and WriteGrid does not print it.
	Rest string
}

// maxLineLen bounds one input line (a 64x64 grid as numbers takes about
// 12 KiB).
const maxLineLen = 1 << 20

// Reader reads puzzles one at a time from a stream of any of the text
// formats (docs/formats.md). It reads line by line through a buffer: a
// file of one puzzle per line streams in constant memory, with one
// allocation per 9x9 puzzle, or none for the puzzles handed back with
// Recycle. Make one with NewReader: the zero Reader has no input and reads
// nothing (Next returns io.EOF).
type Reader struct {
	br       *bufio.Reader
	opt      ReadOptions
	shape    Shape  // fixed shape, or zero
	n        int    // fixed side, or 0
	alpha    string // expanded opt.Alphabet
	alphaErr error
	// plain9: 9x9 grids in digits are possible (no other fixed side, no
	// alphabet), so a line of 81 digits and '.' is one (line81).
	plain9 bool

	line int // number of the last line read
	long []byte
	keep [2][]byte
	kept int

	pend      []byte
	pendCRLF  bool
	pendErr   error
	pendNo    int
	hasPend   bool
	unreadBuf []byte

	slab []block9  // 9x9 puzzles not handed out yet (newPuzzle)
	free []*Puzzle // 9x9 puzzles handed back by Recycle, for newPuzzle

	started   bool
	stopped   bool // after an I/O error
	count     int  // -1: no count line
	countLine int
	countLen  int // the width of the count line's number
	nread     int
	reported  bool
	prevAlpha string
	prevN     int
	lastCells int // cells of the last one-line puzzle, for messages

	tables map[string]*symbolTable

	// scratch for multi-line grids
	codes []int32
	pos   []cellPos
	tmpl  []byte
	toks  []span
	hist  [256]int32

	lastTmpl string
}

type cellPos struct{ line, col int32 }
type span struct{ start, end int }

// NewReader returns a reader of the puzzles in r.
func NewReader(r io.Reader, opt ReadOptions) *Reader {
	rd := &Reader{br: bufio.NewReaderSize(r, 64<<10), opt: opt, count: -1}
	if opt.Shape != (Shape{}) {
		rd.shape = opt.Shape
		rd.n = opt.Shape.N()
	}
	if opt.Alphabet != "" {
		rd.alpha, rd.alphaErr = ExpandAlphabet(opt.Alphabet)
		if rd.alphaErr == nil && rd.n > 0 && len(rd.alpha) != rd.n {
			rd.alphaErr = fmt.Errorf("alphabet %s has %d symbols, the %dx%d grid needs %d", quote.Short(opt.Alphabet), len(rd.alpha), rd.n, rd.n, rd.n)
		}
	}
	rd.plain9 = opt.Alphabet == "" && (rd.n == 0 || rd.n == 9)
	return rd
}

// Buffered returns the number of bytes of input read from the underlying
// reader and not yet consumed. When it is 0, the next call to Next reads
// from the underlying reader and may wait for it.
func (r *Reader) Buffered() int {
	if r.br == nil { // the zero Reader
		return 0
	}
	n := r.br.Buffered()
	if r.hasPend {
		n += len(r.pend) + 1
	}
	return n
}

// readLine returns the next line without its line end; the slice is valid
// until the next call. At the end it returns io.EOF.
func (r *Reader) readLine() ([]byte, bool, error) {
	if r.hasPend {
		r.hasPend = false
		r.line = r.pendNo
		return r.pend, r.pendCRLF, r.pendErr
	}
	b, err := r.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		r.long = append(r.long[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = r.br.ReadSlice('\n')
			if len(r.long) <= maxLineLen {
				r.long = append(r.long, b...)
			}
		}
		b = r.long
		if len(b) > maxLineLen {
			r.line++
			if err != nil && err != io.EOF {
				return nil, false, err
			}
			return nil, false, syntaxError(r.line, 0, "line longer than %d bytes", maxLineLen)
		}
	}
	if err != nil && (err != io.EOF || len(b) == 0) {
		return nil, false, err
	}
	if r.line == 0 {
		// A byte-order mark before the first line is no part of it.
		b = bytes.TrimPrefix(b, bom)
	}
	r.line++
	crlf := false
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
		if n := len(b); n > 0 && b[n-1] == '\r' {
			b = b[:n-1]
			crlf = true
		}
	}
	return b, crlf, nil
}

// peekLine returns the next line and leaves it to be read again. The line
// returned by the previous readLine is no longer valid unless saved.
func (r *Reader) peekLine() ([]byte, bool, error) {
	if !r.hasPend {
		before := r.line
		r.pend, r.pendCRLF, r.pendErr = r.readLine()
		r.pendNo, r.line, r.hasPend = r.line, before, true
	}
	return r.pend, r.pendCRLF, r.pendErr
}

// unread pushes back the line just read (numbered r.line).
func (r *Reader) unread(b []byte, crlf bool) {
	r.unreadBuf = append(r.unreadBuf[:0], b...)
	r.pend, r.pendCRLF, r.pendErr = r.unreadBuf, crlf, nil
	r.pendNo, r.hasPend = r.line, true
	r.line--
}

// save copies b into one of two buffers that survive the next read.
func (r *Reader) save(b []byte) []byte {
	r.kept ^= 1
	r.keep[r.kept] = append(r.keep[r.kept][:0], b...)
	return r.keep[r.kept]
}

// Next returns the next puzzle. At the end of the input it returns io.EOF.
// A puzzle that cannot be read gives a *ParseError (wrapping ErrSyntax)
// saying where and why; the following call goes on with the next puzzle.
// An error of the underlying reader, or a bad ReadOptions.Alphabet, is
// returned once, and every later call returns io.EOF, so a loop that goes
// on after errors until io.EOF always ends.
func (r *Reader) Next() (*Puzzle, error) {
	if r.stopped || r.br == nil { // the zero Reader reads nothing
		return nil, io.EOF
	}
	if r.alphaErr != nil {
		r.stopped = true
		return nil, &ParseError{Msg: r.alphaErr.Error(), Err: ErrSyntax}
	}
	p, err := r.next()
	if err != nil && err != io.EOF {
		var pe *ParseError
		if !errors.As(err, &pe) {
			r.stopped = true
		}
	}
	return p, err
}

func (r *Reader) next() (*Puzzle, error) {
	for {
		line, crlf, err := r.readLine()
		if err == io.EOF {
			return nil, r.eof()
		}
		if err != nil {
			var pe *ParseError
			if errors.As(err, &pe) {
				r.nread++
			}
			return nil, err
		}
		if len(line) == 81 && r.plain9 {
			if p := r.line81(line, crlf); p != nil {
				return p, nil
			}
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' {
			continue
		}
		lineNo := r.line
		if !r.started {
			r.started = true
			if c, ok := lone(t); ok {
				t = r.save(t)
				if r.isCountLine(t) {
					r.count, r.countLine, r.countLen = c, lineNo, len(t)
					continue
				}
				line = t
			}
		}
		r.nread++
		var p *Puzzle
		if r.opt.Import != nil && r.opt.Import.Recognize(t) {
			p, err = r.imported(t, lineNo, crlf)
		} else if t[0] == '{' {
			p, err = r.jsonLine(line, lineNo, crlf)
		} else {
			p, err = r.content(line, lineNo, crlf)
		}
		if err != nil {
			return nil, err
		}
		p.Format.Count = r.count >= 0
		return p, nil
	}
}

// imported reads a line of ReadOptions.Import's format.
func (r *Reader) imported(t []byte, lineNo int, crlf bool) (*Puzzle, error) {
	pj, err := r.opt.Import.Import(t)
	if err != nil {
		return nil, &ParseError{Line: lineNo, Msg: err.Error(), Err: errors.Join(ErrSyntax, err)}
	}
	return r.objectAt(pj, lineNo, crlf)
}

func (r *Reader) eof() error {
	if r.count >= 0 && r.nread != r.count && !r.reported {
		r.reported = true
		if r.nread == 0 {
			// A lone number and nothing after it is a mistyped puzzle
			// ("12345"), not a batch whose puzzles are all missing.
			r.nread++
			return syntaxError(r.countLine, 0, "%s", r.wrongLength(r.countLen))
		}
		return &ParseError{Line: r.countLine, Msg: fmt.Sprintf("the count line says %s, the input has %d", numfmt.Count(int64(r.count), "puzzle", "puzzles"), r.nread), Err: ErrCountLine}
	}
	return io.EOF
}

// lone reports whether t is a lone unsigned decimal number.
func lone(t []byte) (int, bool) {
	if len(t) == 0 || len(t) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range t {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// isCountLine decides whether the first line, a lone number t (saved), is a
// count line (seed 002's t) or the first row of a grid: it is a row when
// the next line is one token of the same length ("1234" over "3412").
func (r *Reader) isCountLine(t []byte) bool {
	next, _, err := r.peekLine()
	if err != nil {
		return true
	}
	nt := bytes.TrimSpace(next)
	if len(nt) == 0 || nt[0] == '#' {
		return true
	}
	return !(len(nt) == len(t) && !bytes.ContainsAny(nt, " \t"))
}

// content reads the puzzle that starts with line: one line, or a
// multi-line grid.
func (r *Reader) content(line []byte, lineNo int, crlf bool) (*Puzzle, error) {
	// The common case first: 81 symbols from the first column, alone or
	// before a space. A symbol oneLine rejects (a space among them) falls
	// through to the general reading, which tells what the line is.
	if (r.n == 0 || r.n == 9) && r.alpha == "" && len(line) >= 81 && (len(line) == 81 || isSpace(line[81])) && !isSpace(line[0]) {
		if p, err := r.oneLine(line, 0, 9, lineNo, crlf); err == nil {
			return p, nil
		}
	}
	off := 0
	for off < len(line) && isSpace(line[off]) {
		off++
	}
	end := off
	for end < len(line) && !isSpace(line[end]) {
		end++
	}
	tok := line[off:end]
	L := len(tok)
	single := len(bytes.TrimSpace(line[end:])) == 0
	notRow := (single || L > MaxN) && bytes.IndexByte(tok, '|') < 0 && !isSepBytes(tok)
	if r.n > 0 {
		switch {
		case L == r.n*r.n:
			return r.oneLine(line, off, r.n, lineNo, crlf)
		case L < r.n*r.n && countFields(line) == r.n*r.n && allNumeric(line):
			return r.oneLineNumbers(line, r.n, lineNo, crlf)
		case notRow && L != r.n:
			return nil, syntaxError(lineNo, 0, "%s", wrongLength(L, r.n*r.n))
		}
		return r.grid(line, lineNo, crlf)
	}
	if n := sideOfCells(L); n > 0 {
		if L != 16 && L != 36 {
			return r.oneLine(line, off, n, lineNo, crlf)
		}
		// 16 and 36 cells are also the widths of 16x16 and 36x36 rows:
		// rows when the next line is another such row.
		line = r.save(line)
		tok = line[off:end]
		small := r.smallValid(tok, n)
		next, _, err := r.peekLine()
		nt := bytes.TrimSpace(next)
		sameWidth := err == nil && len(nt) == L && !bytes.ContainsAny(nt, " \t|")
		if sameWidth {
			nextSmall := r.smallValid(nt, n)
			// Amid one-line puzzles of this size, only two lines that are
			// both not puzzles make a grid; otherwise either one does.
			// Elsewhere, one of them must not be a puzzle, and one must
			// hold a letter, as rows of 16x16 and 36x36 grids do.
			if r.lastCells == L && !small && !nextSmall ||
				r.lastCells != L && (!small || !nextSmall) && (hasLetter(tok) || hasLetter(nt)) {
				return r.grid(line, lineNo, crlf)
			}
		}
		return r.oneLine(line, off, n, lineNo, crlf)
	}
	if L < len(line)-off {
		if k := countFields(line); k != 16 && k != 36 {
			if n := sideOfCells(k); n > 0 && allNumeric(line) {
				return r.oneLineNumbers(line, n, lineNo, crlf)
			}
		}
	}
	if _, ok := DefaultShape(L); notRow && (!ok || r.lastCells > 0 && !r.nextSameWidth(&line, L)) {
		// Not a row width, or amid one-line puzzles and not followed by
		// a row of the same width: a one-line puzzle of the wrong length.
		return nil, syntaxError(lineNo, 0, "%s", r.wrongLength(L))
	}
	return r.grid(line, lineNo, crlf)
}

func hasLetter(b []byte) bool {
	for _, c := range b {
		if c|0x20 >= 'a' && c|0x20 <= 'z' {
			return true
		}
	}
	return false
}

// nextSameWidth saves *line and reports whether the next line is one
// token of width L, the next row of a grid.
func (r *Reader) nextSameWidth(line *[]byte, L int) bool {
	*line = r.save(*line)
	next, _, err := r.peekLine()
	nt := bytes.TrimSpace(next)
	return err == nil && len(nt) == L && !bytes.ContainsAny(nt, " \t|")
}

// wrongLength says that a one-line puzzle of cells cells has the wrong
// length: "short puzzle: 5 cells, want 16".
func (r *Reader) wrongLength(cells int) string {
	if r.n > 0 {
		return wrongLength(cells, r.n*r.n)
	}
	return wrongLength(cells, r.wantCells(cells))
}

func wrongLength(cells, want int) string {
	what := "short"
	if cells > want {
		what = "long"
	}
	return fmt.Sprintf("%s puzzle: %s, want %d", what, numfmt.Count(int64(cells), "cell", "cells"), want)
}

// wantCells is the cell count to name in a wrong-length message.
func (r *Reader) wantCells(got int) int {
	if r.lastCells > 0 {
		return r.lastCells
	}
	best := 81
	for n := 4; n <= MaxN; n++ {
		if _, ok := DefaultShape(n); ok && abs(n*n-got) < abs(best-got) {
			best = n * n
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' }

func countFields(b []byte) int {
	k := 0
	in := false
	for _, c := range b {
		if isSpace(c) {
			in = false
		} else if !in {
			in = true
			k++
		}
	}
	return k
}

// allNumeric reports whether every field of b is a decimal number or a
// blank symbol.
func allNumeric(b []byte) bool {
	for f := range bytes.FieldsSeq(b) {
		if len(f) == 1 && (f[0] == '.' || f[0] == '-' || f[0] == '_') {
			continue
		}
		for _, c := range f {
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	return true
}

// smallValid reports whether tok is a valid one-line puzzle of side n <= 9
// in digits.
func (r *Reader) smallValid(tok []byte, n int) bool {
	alpha := r.alpha
	if alpha == "" {
		alpha = DefaultAlphabet(n)
	}
	if len(alpha) != n {
		return false
	}
	t := r.table(alpha)
	for _, c := range tok {
		if t[c] == bad {
			return false
		}
	}
	return true
}

func (r *Reader) table(alpha string) *symbolTable {
	if alpha == digitSyms[:9] {
		return std9Table
	}
	if t, ok := r.tables[alpha]; ok {
		return t
	}
	if r.tables == nil {
		r.tables = map[string]*symbolTable{}
	}
	t := newSymbolTable(alpha)
	r.tables[alpha] = t
	return t
}

// block9 holds a 9x9 puzzle in one allocation.
type block9 struct {
	p Puzzle
	g Grid
	c [81]uint8
}

func (r *Reader) newPuzzle(n int, shape Shape) *Puzzle {
	if shape == (Shape{}) {
		shape = r.shape
	}
	if shape == (Shape{}) {
		shape, _ = DefaultShape(n)
	}
	if n == 9 {
		p := r.puzzle9(shape)
		clear(p.Grid.Cells)
		return p
	}
	g := NewGrid(shape, r.opt.Variant)
	return &Puzzle{Grid: g}
}

// puzzle9 returns a 9x9 puzzle of the given shape whose cells hold
// anything: the caller sets all 81.
func (r *Reader) puzzle9(shape Shape) *Puzzle {
	if k := len(r.free) - 1; k >= 0 {
		p := r.free[k]
		r.free = r.free[:k]
		g := p.Grid
		*g = Grid{Shape: shape, Variant: r.opt.Variant, Cells: g.Cells}
		*p = Puzzle{Grid: g}
		return p
	}
	// From a slab of 64: one allocation for many puzzles (a slab stays
	// alive while any of its puzzles is referenced).
	if len(r.slab) == 0 {
		r.slab = make([]block9, 64)
	}
	b := &r.slab[0]
	r.slab = r.slab[1:]
	b.g = Grid{Shape: shape, Variant: r.opt.Variant, Cells: b.c[:]}
	b.p.Grid = &b.g
	return &b.p
}

// line81 reads line, 81 bytes, as a one-line 9x9 puzzle when every byte
// is a digit or '.', the form of most puzzle collections, as oneLine
// would read it; else it returns nil, having changed nothing, and the
// general reading decides what the line is.
func (r *Reader) line81(line []byte, crlf bool) *Puzzle {
	shape := r.shape
	if shape == (Shape{}) {
		shape = Shape{3, 3}
	}
	p := r.puzzle9(shape)
	blank, ok := digits81((*[81]uint8)(p.Grid.Cells), (*[81]byte)(line))
	if !ok {
		r.free = append(r.free, p)
		return nil
	}
	r.started = true
	r.nread++
	p.Format = Format{Layout: Line, Blank: blank, Alphabet: digitSyms[:9], CRLF: crlf, Count: r.count >= 0}
	p.Line = r.line
	r.lastCells = 81
	r.prevAlpha, r.prevN = digitSyms[:9], 9
	return p
}

// digits81 reads 81 cells written as the digits 0-9 and '.', eight bytes
// at a time, into dst: '1'-'9' as 1-9, '0' and '.' as blanks. blank is
// the first blank symbol of the line ('.' when there is none); ok is
// false when the line holds another byte, and dst is then left in an
// unspecified state.
func digits81(dst *[81]uint8, line *[81]byte) (blank byte, ok bool) {
	const (
		ones  = 0x0101010101010101
		lows  = 0x7f * ones
		highs = 0x80 * ones
	)
	// valid keeps the high bit of the bytes that were digits or '.' in
	// every word, high the high bits of the bytes.
	valid, high := uint64(highs), uint64(0)
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(line[i:])
		// In bytes below 0x80 (the others are wrong, whatever the sums
		// carry), adding 0x50 sets the high bit from '0' (0x30) up and
		// adding 0x46 from just past '9' (0x3a) up, carrying nothing
		// into the next byte.
		digit := (x + 0x50*ones) &^ (x + 0x46*ones) & highs
		// The bytes of x^'.' below 0x80 are 0 where x holds '.', and
		// adding 0x7f sets the high bit of the others.
		valid &= digit | ^((x ^ '.'*ones) + lows)
		high |= x
		binary.LittleEndian.PutUint64(dst[i:], x&(digit>>7*0x0f))
	}
	switch c := line[80]; {
	case c >= '1' && c <= '9':
		dst[80] = c - '0'
	case c == '0' || c == '.':
		dst[80] = 0
	default:
		return 0, false
	}
	if valid != highs || high&highs != 0 {
		return 0, false
	}
	// The first blank: '0' when there is one and no '.' before it.
	if i := bytes.IndexByte(line[:], '0'); i >= 0 && bytes.IndexByte(line[:i], '.') < 0 {
		return '0', true
	}
	return '.', true
}

// Recycle hands back p, a puzzle that Next returned and that the caller
// no longer uses, grid included: a later Next may reuse its memory, so
// that a loop that recycles each 9x9 puzzle once it is done with it reads
// a stream without allocating per puzzle (the puzzles of other sizes are
// left to the garbage collector). Recycling a puzzle still in use, or
// twice, corrupts the puzzles Next returns later.
func (r *Reader) Recycle(p *Puzzle) {
	if p == nil || p.Grid == nil || len(p.Grid.Cells) != 81 {
		return
	}
	r.free = append(r.free, p)
}

// oneLine reads a one-line puzzle of side n whose symbols start at line[off].
func (r *Reader) oneLine(line []byte, off, n, lineNo int, crlf bool) (*Puzzle, error) {
	cells := n * n
	tok := line[off : off+cells]
	alpha := r.alpha
	if alpha == "" {
		if n <= 9 {
			alpha = digitSyms[:n]
		} else {
			r.histogram(tok)
			alpha = r.detect(n)
		}
	} else if len(alpha) != n {
		return nil, syntaxError(lineNo, 0, "%d cells make a %dx%d grid, the alphabet %q has %d symbols", cells, n, n, describeAlphabet(alpha), len(alpha))
	}
	t := r.table(alpha)
	p := r.newPuzzle(n, Shape{})
	dst := p.Grid.Cells[:len(tok)]
	for i, c := range tok {
		v := t[c]
		if v == bad {
			return nil, symbolError(lineNo, off+i+1, c, alpha, n)
		}
		dst[i] = v
	}
	blank := byte('.')
	for _, c := range tok {
		if t[c] == 0 {
			blank = c
			break
		}
	}
	p.Format = Format{Layout: Line, Blank: blank, Alphabet: alpha, CRLF: crlf}
	p.Line = lineNo
	if rest := line[off+cells:]; len(rest) > 0 {
		p.Rest = string(rest)
	}
	r.lastCells = cells
	r.prevAlpha, r.prevN = alpha, n
	return p, nil
}

// symbolError explains an unexpected symbol c at a column.
func symbolError(line, col int, c byte, alpha string, n int) *ParseError {
	want := fmt.Sprintf("want %s or a blank (%s)", describeAlphabet(alpha), blanksFor(alpha))
	for _, fam := range []string{digitSyms[:35], digit0Syms[:36], letterSyms[:26]} {
		if strings.HasPrefix(fam, alpha) {
			if i := strings.IndexByte(fam, c); i >= len(alpha) {
				return syntaxError(line, col, "%q is too large for a %dx%d grid, %s", c, n, n, want)
			}
		}
	}
	return syntaxError(line, col, "unexpected %s, %s", quoteByte(c), want)
}

func quoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(rune(c)) + "'"
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// oneLineNumbers reads n² whitespace-separated numbers on one line.
func (r *Reader) oneLineNumbers(line []byte, n, lineNo int, crlf bool) (*Puzzle, error) {
	p := r.newPuzzle(n, Shape{})
	var blank byte
	i := 0
	for j := 0; j < len(line); {
		if isSpace(line[j]) {
			j++
			continue
		}
		k := j
		for k < len(line) && !isSpace(line[k]) {
			k++
		}
		v, b, err := numberCell(line[j:k], n, lineNo, j+1)
		if err != nil {
			return nil, err
		}
		if b != 0 && blank == 0 {
			blank = b
		}
		p.Grid.Cells[i] = v
		i++
		j = k
	}
	if blank == 0 {
		blank = '0'
	}
	p.Format = Format{Layout: Line, Numbers: true, Blank: blank, CRLF: crlf}
	p.Line = lineNo
	r.lastCells = n * n
	return p, nil
}

// numberCell reads one cell written as a number: 0 or a blank symbol for
// an empty cell (returned as blank), 1..n for a digit.
func numberCell(f []byte, n, line, col int) (v uint8, blank byte, err error) {
	if len(f) == 1 && (f[0] == '.' || f[0] == '-' || f[0] == '_') {
		return 0, f[0], nil
	}
	x := 0
	for i, c := range f {
		if c < '0' || c > '9' {
			return 0, 0, syntaxError(line, col+i, "unexpected %s, want a number 1-%d or a blank (0 . - _)", quoteByte(c), n)
		}
		x = x*10 + int(c-'0')
		if x > 1000 {
			break
		}
	}
	if x > n {
		num := string(f)
		if len(f) > 20 {
			num = quote.Short(num)
		}
		return 0, 0, syntaxError(line, col, "%s is too large for a %dx%d grid, want 1-%d or a blank (0 . - _)", num, n, n, n)
	}
	if x == 0 {
		return 0, '0', nil
	}
	return uint8(x), 0, nil
}

// histogram counts the symbols of tok into r.hist.
func (r *Reader) histogram(tok []byte) {
	r.hist = [256]int32{}
	for _, c := range tok {
		r.hist[c]++
	}
}

// detect picks the alphabet of an N×N grid with N >= 10 from r.hist: the
// one of A..., 1-9A..., 0-9A... whose symbols and blanks cover every symbol
// used; when several do, the previous puzzle's, else letters when no digit
// 1-9 is used, else 0-9A... when '0' is used beside another blank symbol or
// at most N times, else 1-9A.... When none fits, the one with the fewest
// misfits (for the error message).
func (r *Reader) detect(n int) string {
	if n <= 9 {
		return digitSyms[:n]
	}
	var cands []string
	if n <= 26 {
		cands = append(cands, letterSyms[:n])
	}
	if n <= 35 {
		cands = append(cands, digitSyms[:n])
	}
	if n <= 62 {
		cands = append(cands, digit0Syms[:n])
	}
	if len(cands) == 0 {
		return ""
	}
	misfits := func(a string) int {
		t := r.table(a)
		m := 0
		for c, k := range r.hist {
			if k > 0 && t[c] == bad {
				m += int(k)
			}
		}
		return m
	}
	var fit []string
	best, bestM := cands[0], -1
	for _, a := range cands {
		m := misfits(a)
		if m == 0 {
			fit = append(fit, a)
		}
		if bestM < 0 || m < bestM {
			best, bestM = a, m
		}
	}
	switch len(fit) {
	case 0:
		return best
	case 1:
		return fit[0]
	}
	if r.prevN == n {
		for _, a := range fit {
			if a == r.prevAlpha {
				return a
			}
		}
	}
	d0 := digit0Syms[:n]
	zeros, blanks := int(r.hist['0']), r.hist['.']+r.hist['-']+r.hist['_']
	if zeros > 0 && (blanks > 0 || zeros <= n) && fit[len(fit)-1] == d0 {
		// '0' beside another blank symbol, or no more often than a
		// digit can be: a digit.
		return d0
	}
	// Letters when no digit is used, else 1-9A....
	return fit[0]
}

// ParseGrid reads one puzzle from s in any format the reader knows (one
// line, a multi-line grid, a JSON object, possibly over several lines).
// Text after the puzzle other than empty lines and '#' comments is an
// error, and so is the comment after a one-line puzzle.
func ParseGrid(s string, opt ReadOptions) (*Grid, Format, error) {
	s = strings.TrimPrefix(s, string(bom))
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") {
		var pj PuzzleJSON
		if err := DecodeJSON([]byte(s), &pj); err != nil {
			return nil, Format{}, err
		}
		return pj.Grid(opt)
	}
	r := NewReader(strings.NewReader(s), opt)
	r.started = true // a lone number is not a count line here
	p, err := r.Next()
	if err == io.EOF {
		return nil, Format{}, &ParseError{Msg: "no puzzle in the text", Err: ErrSyntax}
	}
	if err != nil {
		return nil, Format{}, err
	}
	if strings.TrimSpace(p.Rest) != "" {
		col := 0
		if lines := strings.Split(s, "\n"); p.Line <= len(lines) {
			line := strings.TrimSuffix(lines[p.Line-1], "\r")
			rest := strings.TrimLeft(p.Rest, " \t\v\f")
			col = len(line) - len(rest) + 1
		}
		return nil, Format{}, syntaxError(p.Line, col, "unexpected %s after the grid", quote.Short(strings.TrimSpace(p.Rest)))
	}
	if _, err := r.Next(); err != io.EOF {
		return nil, Format{}, syntaxError(r.line, 0, "more than one puzzle in the text")
	}
	return p.Grid, p.Format, nil
}
