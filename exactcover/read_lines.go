package exactcover

import (
	"bufio"
	"errors"
	"io"
)

// maxLineBytes bounds the length of one input line (a bufio.Scanner token).
const maxLineBytes = 1 << 28

// field is one whitespace-separated token of a line: line[start:end].
type field struct{ start, end int }

// lineScanner reads an input line by line, keeping the line number and
// splitting lines into fields without allocating per line.
type lineScanner struct {
	sc     *bufio.Scanner
	line   int    // number of the current line, 1-based
	text   []byte // the current line, without its line ending
	fields []field
}

func newLineScanner(r io.Reader) *lineScanner {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), maxLineBytes)
	return &lineScanner{sc: sc}
}

// next reads the next line, returning false at the end of the input or on
// a read error (see err).
func (s *lineScanner) next() bool {
	if !s.sc.Scan() {
		return false
	}
	s.line++
	t := s.sc.Bytes()
	if n := len(t); n > 0 && t[n-1] == '\r' {
		t = t[:n-1]
	}
	s.text = t
	s.split()
	return true
}

// err returns the read error that stopped next, as a *ParseError, or nil at
// the end of the input.
func (s *lineScanner) err() error {
	err := s.sc.Err()
	if err == nil {
		return nil
	}
	if errors.Is(err, bufio.ErrTooLong) {
		return &ParseError{Line: s.line + 1, Msg: "line longer than 256 MiB", Err: ErrSyntax}
	}
	return &ParseError{Line: s.line + 1, Msg: "read error: " + err.Error(), Err: err}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'
}

// split fills s.fields with the fields of s.text.
func (s *lineScanner) split() {
	s.fields = s.fields[:0]
	t := s.text
	for i := 0; i < len(t); {
		for i < len(t) && isSpace(t[i]) {
			i++
		}
		if i == len(t) {
			break
		}
		j := i
		for j < len(t) && !isSpace(t[j]) {
			j++
		}
		s.fields = append(s.fields, field{i, j})
		i = j
	}
}

// tok returns the bytes of field f of the current line.
func (s *lineScanner) tok(f field) []byte { return s.text[f.start:f.end] }

// errorf returns a *ParseError at field f of the current line.
func (s *lineScanner) errorAt(f field, err error, msg string) *ParseError {
	return &ParseError{Line: s.line, Col: f.start + 1, Msg: msg, Err: err}
}

// parseCount parses a non-negative decimal number of at most max; ok is
// false if b is not one.
func parseCount(b []byte, max int) (n int, ok bool) {
	if len(b) == 0 {
		return 0, false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > max {
			return 0, false
		}
	}
	return n, true
}
