package sudoku

import (
	"bytes"
	"io"

	"github.com/dlxkit/dlx/internal/numfmt"
)

// isSepBytes reports whether b is a separator line: only '-', '=', '+',
// '*', '|', ':' and spaces, with at least one '-', '=', '+' or '*'.
func isSepBytes(b []byte) bool {
	sep, _ := sepKind(b)
	return sep
}

// sepKind reports whether b could be a separator line, and whether it is
// only dashes (with spaces, '|' or ':'), which could also be a row of '-'
// blanks.
func sepKind(b []byte) (sep, dashOnly bool) {
	dash, strong := false, false
	for _, c := range b {
		switch c {
		case '-':
			dash = true
		case '=', '+', '*':
			strong = true
		case ' ', '\t', '|', ':', '\v', '\f', '\r':
		default:
			return false, false
		}
	}
	if !dash && !strong {
		return false, false
	}
	return true, !strong
}

// tokenize splits line at whitespace and '|' into r.toks.
func (r *Reader) tokenize(line []byte) {
	r.toks = r.toks[:0]
	for i := 0; i < len(line); {
		c := line[i]
		if isSpace(c) || c == '|' {
			i++
			continue
		}
		j := i
		for j < len(line) && !isSpace(line[j]) && line[j] != '|' {
			j++
		}
		r.toks = append(r.toks, span{i, j})
		i = j
	}
}

// rowMode decides, from the tokens of a grid's first row, whether each
// token is a cell (spaced symbols, or numbers) and how many cells the row
// has. n is the known side or 0.
func (r *Reader) rowMode(line []byte, n int) (tokenMode bool, cells int) {
	k := len(r.toks)
	all1, allNum, multi := true, true, false
	chars := 0
	for _, t := range r.toks {
		f := line[t.start:t.end]
		chars += len(f)
		if len(f) != 1 {
			all1 = false
			multi = true
		}
		if len(f) == 1 && (f[0] == '.' || f[0] == '-' || f[0] == '_') {
			continue
		}
		for _, c := range f {
			if c < '0' || c > '9' {
				allNum = false
				break
			}
		}
	}
	if k >= 2 && all1 {
		return true, k
	}
	if k >= 2 && allNum && multi {
		if n > 0 && k == n {
			return true, k
		}
		if _, ok := DefaultShape(k); n == 0 && ok {
			return true, k
		}
	}
	return false, chars
}

// rowCells counts the cells of a line in the grid's mode.
func (r *Reader) rowCells(line []byte, tokenMode bool) int {
	r.tokenize(line)
	if tokenMode {
		return len(r.toks)
	}
	c := 0
	for _, t := range r.toks {
		c += t.end - t.start
	}
	return c
}

// grid reads a multi-line grid whose first line is line: rows of symbols
// or numbers, with or without spaces, box separators and borders.
func (r *Reader) grid(line []byte, lineNo int, crlf bool) (*Puzzle, error) {
	r.codes, r.pos, r.tmpl = r.codes[:0], r.pos[:0], r.tmpl[:0]
	r.lastCells = 0
	n := r.n
	var (
		modeSet, tokenMode, boxed, hasSep, gap bool
		rows, boxCols, boxRows                 int
		firstErr                               *ParseError
	)
	start := lineNo
	fail := func(e *ParseError) {
		if firstErr == nil {
			firstErr = e
		}
	}
	for {
		sep, dashOnly := sepKind(line)
		if sep && dashOnly {
			switch {
			case modeSet:
				sep = r.rowCells(line, tokenMode) != n
			default:
				// A line of dashes first: a border, or a row of '-' blanks?
				r.tokenize(line)
				_, d := r.rowMode(line, n)
				if _, ok := DefaultShape(d); ok && (n == 0 || d == n) {
					line = r.save(line)
					next, _, err := r.peekLine()
					sep = false
					if err == nil && len(bytes.TrimSpace(next)) > 0 {
						r.tokenize(next)
						_, nc := r.rowMode(next, n)
						sep = nc != d
					}
				}
			}
		}
		if sep {
			r.tmpl = append(r.tmpl, line...)
			r.tmpl = append(r.tmpl, '\n')
			hasSep = true
			if rows > 0 && boxRows == 0 {
				boxRows = rows
			}
		} else {
			r.tokenize(line)
			if !modeSet {
				var cells int
				tokenMode, cells = r.rowMode(line, n)
				if n == 0 {
					if _, ok := DefaultShape(cells); !ok {
						return nil, syntaxError(lineNo, 0, "a row of %d cells, want 4 to %d cells (a grid side with boxes)", cells, MaxN)
					}
					n = cells
				}
				modeSet = true
			}
			if e := r.row(line, lineNo, n, tokenMode, rows == 0, &boxed, &boxCols); e != nil {
				fail(e)
			}
			rows++
		}
		if modeSet && rows == n {
			break
		}
		// The next line of the grid.
		var next []byte
		var err error
		for {
			l, crlf2, e := r.readLine()
			if e != nil {
				err = e
				break
			}
			t := bytes.TrimSpace(l)
			if len(t) > 0 && t[0] == '#' {
				continue
			}
			if len(t) == 0 {
				err = io.ErrUnexpectedEOF
				break
			}
			if !bytes.ContainsAny(t, " \t|") && len(t) > MaxN && !isSepBytes(t) {
				// A one-line puzzle: the grid is cut short.
				r.unread(l, crlf2)
				err = io.ErrUnexpectedEOF
				break
			}
			next, lineNo = l, r.line
			break
		}
		if err != nil {
			if err != io.EOF && err != io.ErrUnexpectedEOF {
				return nil, err
			}
			if firstErr != nil {
				return nil, firstErr
			}
			what := "the input ended"
			if err == io.ErrUnexpectedEOF {
				what = "the grid ended"
			}
			return nil, syntaxError(r.line, 0, "%s after %s of the grid starting at line %d, want %d", what, numfmt.Count(int64(rows), "row", "rows"), start, n)
		}
		line = next
	}
	// A bottom border, then an empty line?
	if next, _, err := r.peekLine(); err == nil {
		if sep, dashOnly := sepKind(next); sep && (!dashOnly || r.rowCells(next, tokenMode) != n) {
			next, _, _ = r.readLine()
			r.tmpl = append(r.tmpl, next...)
			r.tmpl = append(r.tmpl, '\n')
			hasSep = true
			next, _, err = r.peekLine()
		}
		gap = err == nil && len(bytes.TrimSpace(next)) == 0
	}
	if firstErr != nil {
		return nil, firstErr
	}
	shape := r.shape
	if shape == (Shape{}) && boxCols > 0 && boxCols < n && n%boxCols == 0 && (boxRows == 0 || boxRows*boxCols == n) {
		shape = Shape{n / boxCols, boxCols}
	}
	p, err := r.resolve(n, shape, tokenMode)
	if err != nil {
		return nil, err
	}
	f := &p.Format
	f.Layout = Rows
	if boxed || hasSep {
		f.Layout = Boxed
	}
	f.Spaced = tokenMode
	f.Gap = gap || f.Layout == Rows && !tokenMode
	f.CRLF = crlf
	if string(r.tmpl) != r.lastTmpl { // grids of a batch share their layout
		r.lastTmpl = string(r.tmpl)
	}
	f.template = r.lastTmpl
	p.Line = start
	return p, nil
}

// row reads one row of a multi-line grid into r.codes, r.pos and r.tmpl.
func (r *Reader) row(line []byte, lineNo, n int, tokenMode, first bool, boxed *bool, boxCols *int) *ParseError {
	cells := 0
	prev := 0
	for _, t := range r.toks {
		gapText := line[prev:t.start]
		if bytes.IndexByte(gapText, '|') >= 0 {
			*boxed = true
			if first && cells > 0 && *boxCols == 0 {
				*boxCols = cells
			}
		}
		r.tmpl = append(r.tmpl, gapText...)
		f := line[t.start:t.end]
		if tokenMode {
			code := int32(f[0])
			if len(f) > 1 {
				x := int32(0)
				for i, c := range f {
					if c < '0' || c > '9' {
						return syntaxError(lineNo, t.start+i+1, "unexpected %s, want one symbol or a number", quoteByte(c))
					}
					if x < 10000 {
						x = x*10 + int32(c-'0')
					}
				}
				code = 256 + x
			}
			r.codes = append(r.codes, code)
			r.pos = append(r.pos, cellPos{int32(lineNo), int32(t.start + 1)})
			r.tmpl = append(r.tmpl, cellMark)
			cells++
		} else {
			for i, c := range f {
				r.codes = append(r.codes, int32(c))
				r.pos = append(r.pos, cellPos{int32(lineNo), int32(t.start + i + 1)})
				r.tmpl = append(r.tmpl, cellMark)
			}
			cells += len(f)
		}
		prev = t.end
	}
	rest := line[prev:]
	if bytes.IndexByte(rest, '|') >= 0 {
		*boxed = true
	}
	r.tmpl = append(r.tmpl, rest...)
	r.tmpl = append(r.tmpl, '\n')
	if cells != n {
		return syntaxError(lineNo, 0, "%d cells, want %d", cells, n)
	}
	return nil
}

// resolve turns the codes of a multi-line grid into a puzzle.
func (r *Reader) resolve(n int, shape Shape, tokenMode bool) (*Puzzle, error) {
	numbers := false
	for _, c := range r.codes {
		if c >= 256 {
			numbers = true
			break
		}
	}
	p := r.newPuzzle(n, shape)
	if len(p.Grid.Cells) != len(r.codes) {
		// The shape option disagrees with the detected side.
		return nil, syntaxError(int(r.pos[0].line), 0, "%d cells, want %d", len(r.codes), len(p.Grid.Cells))
	}
	var blank byte
	if numbers {
		for i, c := range r.codes {
			var v uint8
			var b byte
			var err error
			if c >= 256 {
				x := int(c - 256)
				if x > n {
					return nil, syntaxError(int(r.pos[i].line), int(r.pos[i].col), "%d is too large for a %dx%d grid, want 1-%d or a blank (0 . - _)", x, n, n, n)
				}
				v = uint8(x)
			} else {
				v, b, err = numberCell([]byte{byte(c)}, n, int(r.pos[i].line), int(r.pos[i].col))
				if err != nil {
					return nil, err
				}
			}
			if b != 0 && blank == 0 {
				blank = b
			}
			p.Grid.Cells[i] = v
		}
		if blank == 0 {
			blank = '0'
		}
		p.Format = Format{Numbers: true, Blank: blank}
		return p, nil
	}
	alpha := r.alpha
	if alpha == "" {
		r.hist = [256]int32{}
		for _, c := range r.codes {
			r.hist[c]++
		}
		alpha = r.detect(n)
	} else if len(alpha) != n {
		return nil, syntaxError(int(r.pos[0].line), 0, "a %dx%d grid, the alphabet %q has %d symbols", n, n, describeAlphabet(alpha), len(alpha))
	}
	t := r.table(alpha)
	for i, c := range r.codes {
		v := t[c]
		if v == bad {
			return nil, symbolError(int(r.pos[i].line), int(r.pos[i].col), byte(c), alpha, n)
		}
		if v == 0 && blank == 0 {
			blank = byte(c)
		}
		p.Grid.Cells[i] = v
	}
	if blank == 0 {
		switch {
		case tokenMode && alpha[0] != '0':
			blank = '0'
		case !tokenMode && alpha[0] == 'A':
			blank = '-'
		default:
			blank = '.'
		}
	}
	r.prevAlpha, r.prevN = alpha, n
	p.Format = Format{Blank: blank, Alphabet: alpha}
	return p, nil
}
