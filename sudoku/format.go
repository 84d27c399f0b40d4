package sudoku

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
)

// Layout says how a grid is laid out as text. See docs/formats.md.
type Layout uint8

const (
	// Line is one puzzle per line: N² symbols (or, with Format.Numbers,
	// N² whitespace-separated numbers) on one line.
	Line Layout = iota
	// Rows is one grid row per line, symbols side by side (seed 001's
	// 16x16 letter grids), or separated by single spaces when
	// Format.Spaced or Format.Numbers is set (seed 002's grids).
	Rows
	// Boxed is one grid row per line with box separators as forums print
	// them: "1 2 3 | 4 5 6 | 7 8 9" and "------+-------+------".
	Boxed
	// JSON is one JSON object per line (see PuzzleJSON).
	JSON
)

var layoutNames = [...]string{Line: "line", Rows: "rows", Boxed: "boxed", JSON: "json"}

// String returns the layout's name: "line", "rows", "boxed" or "json".
func (l Layout) String() string {
	if int(l) < len(layoutNames) {
		return layoutNames[l]
	}
	return fmt.Sprintf("Layout(%d)", l)
}

// ParseLayout returns the layout named s (as Layout.String prints it;
// "spaced" is Rows with spaces and is accepted here as Rows).
func ParseLayout(s string) (Layout, error) {
	switch strings.ToLower(s) {
	case "line", "one-line", "oneline":
		return Line, nil
	case "rows", "grid", "lines", "spaced":
		return Rows, nil
	case "boxed", "forum", "pretty":
		return Boxed, nil
	case "json":
		return JSON, nil
	}
	return 0, fmt.Errorf("unknown layout %s, want line, rows, boxed or json", quote.Short(s))
}

// Format says how a puzzle was written, so that it (or its solution) can be
// printed back the same way. The zero Format is the one-line layout with
// '.' blanks and the default alphabet of the grid's size.
//
// A Format returned by the reader for a multi-line grid also remembers the
// exact text around the cells (spacing, box lines, borders), so WriteGrid
// prints that grid back byte for byte; a Format built by hand prints the
// canonical text of its Layout.
type Format struct {
	Layout Layout
	// Blank is the symbol printed for an empty cell: '.', '0', '-' or '_'.
	// Zero means the default: '0' with Numbers, '-' for letter alphabets
	// starting at 'A' in the Rows layout (seed 001), '.' otherwise.
	Blank byte
	// Alphabet holds the symbols of the digits 1..N in order, for example
	// "123456789", "ABCDEFGHIJKLMNOP", "123456789ABCDEFG" or
	// "0123456789ABCDEF". Empty means DefaultAlphabet(N).
	Alphabet string
	// Numbers writes each cell as a decimal number (0 or Blank for an
	// empty cell), cells separated by whitespace: the form of large grids
	// and of seed 002.
	Numbers bool
	// Spaced separates the cells of a Rows layout by one space.
	Spaced bool
	// Gap prints an empty line after a multi-line grid (seed 001: grids in
	// a batch are separated by an empty line and each answer ends with
	// one).
	Gap bool
	// CRLF ends lines with "\r\n" instead of "\n".
	CRLF bool
	// Count is set when the input began with a count line (seed 002's t).
	// WriteGrid does not print it.
	Count bool

	// template is the exact text of a multi-line grid read from input,
	// lines ending in '\n', each cell replaced by cellMark.
	template string
}

// cellMark stands for one cell in a Format's template.
const cellMark = 0

// Exact reports whether f remembers the exact text of the grid it was read
// from (multi-line grids), so that WriteGrid reproduces its spacing and box
// lines rather than the canonical form of f.Layout.
func (f Format) Exact() bool { return f.template != "" }

// Canonical returns f without the remembered text, so that WriteGrid prints
// the canonical form of f.Layout.
func (f Format) Canonical() Format { f.template = ""; return f }

const (
	digitSyms   = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	digit0Syms  = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	letterSyms  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	blankSyms   = ".0-_"
	maxAlphabet = 64
)

// DigitName returns the text f writes for digit d of an n×n grid: its
// symbol in f's alphabet (DefaultAlphabet(n) when f has none), or its
// decimal number when f writes numbers or its alphabet has no symbol for
// d. Explanations and messages use it to name digits as the puzzle shows
// them ("A" for 1 on a 16x16 in letters).
func (f Format) DigitName(d, n int) string {
	alpha := f.Alphabet
	if alpha == "" {
		alpha = DefaultAlphabet(n)
	}
	if f.Numbers || d < 1 || d > len(alpha) || len(alpha) < n {
		return strconv.Itoa(d)
	}
	return alpha[d-1 : d]
}

// DefaultAlphabet returns the symbols used for the digits of an N×N grid
// when none is given: "123456789"[:N] up to 9, the letters from 'A' for
// 10 to 26 symbols (16x16 is A-P as in seed 001, 25x25 is A-Y), then
// 1-9 followed by letters up to 35, and 0-9 followed by letters for 36
// and more (up to 62: 0-9A-Za-z). It returns "" for a side above 62.
func DefaultAlphabet(n int) string {
	switch {
	case n <= 0:
		return ""
	case n <= 9:
		return digitSyms[:n]
	case n <= 26:
		return letterSyms[:n]
	case n <= 35:
		return digitSyms[:n]
	case n <= 62:
		return digit0Syms[:n]
	}
	return ""
}

// ExpandAlphabet expands the range notation of an alphabet: "A-P" is
// "ABCDEFGHIJKLMNOP", "1-9A-G" is "123456789ABCDEFG", "0-9A-F" is
// "0123456789ABCDEF". A string without ranges is returned as is. It
// rejects blank symbols (". 0 - _", except that '0' may be a digit),
// whitespace and repeated symbols.
func ExpandAlphabet(s string) (string, error) {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if i+2 < len(s) && s[i+1] == '-' {
			hi := s[i+2]
			if hi < c {
				return "", fmt.Errorf("alphabet %s: range %c-%c is backwards", quote.Short(s), c, hi)
			}
			for x := int(c); x <= int(hi); x++ {
				b = append(b, byte(x))
			}
			i += 2
			continue
		}
		b = append(b, c)
	}
	if len(b) > maxAlphabet {
		return "", fmt.Errorf("alphabet %s: %d symbols, at most %d", quote.Short(s), len(b), maxAlphabet)
	}
	var seen [256]bool
	for _, c := range b {
		switch {
		case c == '.' || c == '-' || c == '_' || c <= ' ' || c == '|' || c == '+' || c >= 0x7f || c == '#':
			return "", fmt.Errorf("alphabet %s: symbol %q cannot be a digit", quote.Short(s), c)
		case seen[c]:
			return "", fmt.Errorf("alphabet %s: symbol %q repeated", quote.Short(s), c)
		}
		seen[c] = true
	}
	return string(b), nil
}

// describeAlphabet writes an alphabet in range notation: "1-9", "A-P",
// "1-9A-G".
func describeAlphabet(a string) string {
	var sb strings.Builder
	for i := 0; i < len(a); {
		j := i
		for j+1 < len(a) && a[j+1] == a[j]+1 {
			j++
		}
		switch {
		case j >= i+2:
			sb.WriteByte(a[i])
			sb.WriteByte('-')
			sb.WriteByte(a[j])
		default:
			sb.WriteString(a[i : j+1])
		}
		i = j + 1
	}
	return sb.String()
}

// blanksFor lists the blank symbols an alphabet allows, for messages.
func blanksFor(alpha string) string {
	if strings.IndexByte(alpha, '0') >= 0 {
		return ". - _"
	}
	return ". 0 - _"
}

// symbolTable maps each byte to 0 (blank), 1..N (digit) or bad.
type symbolTable [256]uint8

const bad = 0xff

var std9Table = newSymbolTable(digitSyms[:9])

func newSymbolTable(alpha string) *symbolTable {
	t := new(symbolTable)
	for i := range t {
		t[i] = bad
	}
	for _, c := range []byte(blankSyms) {
		t[c] = 0
	}
	for i := 0; i < len(alpha); i++ {
		t[alpha[i]] = uint8(i + 1)
	}
	// A lowercase letter reads as its capital, unless the alphabet has
	// it as a symbol of its own (above 36 symbols): "a-p" for a 16x16
	// grid written in lowercase, as the web page takes it.
	for i := 0; i < len(alpha); i++ {
		if c := alpha[i]; c >= 'A' && c <= 'Z' && t[c+'a'-'A'] == bad {
			t[c+'a'-'A'] = uint8(i + 1)
		}
	}
	return t
}

// DefaultShape returns the box shape used for an N×N grid when none is
// given: R×C boxes with R the largest divisor of N not above √N (9: 3x3,
// 6: 2x3, 8: 2x4, 12: 3x4, 16: 4x4). ok is false when N is below 4, above
// MaxN or prime (no boxes of at least 2 rows).
func DefaultShape(n int) (s Shape, ok bool) {
	if n < 4 || n > MaxN {
		return Shape{}, false
	}
	r := 1
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			r = d
		}
	}
	if r < 2 {
		return Shape{}, false
	}
	return Shape{r, n / r}, true
}

// sideOfCells returns N when cells is N² for a side DefaultShape accepts.
func sideOfCells(cells int) int {
	for n := 4; n*n <= cells && n <= MaxN; n++ {
		if n*n == cells {
			if _, ok := DefaultShape(n); ok {
				return n
			}
			return 0
		}
	}
	return 0
}

// String returns "RxC", the box shape as JSON and flags write it.
func (s Shape) String() string {
	s = s.norm()
	return fmt.Sprintf("%dx%d", s.BoxRows, s.BoxCols)
}

// ParseShape reads a box shape "RxC" (boxes of R rows and C columns, so
// "2x3" is the 6x6 grid of 2-row boxes), or a side "N" (or "NxN" when N is
// not itself a plausible box, as in "9x9" or "16x16") with DefaultShape.
func ParseShape(str string) (Shape, error) {
	str = strings.ReplaceAll(strings.TrimSpace(str), "×", "x")
	bad := fmt.Errorf("shape %s: want RxC (box rows x box columns) or a side N: %w", quote.Short(str), ErrShape)
	if i := strings.IndexAny(str, "xX*"); i >= 0 {
		r, err1 := atoiSmall(str[:i])
		c, err2 := atoiSmall(str[i+1:])
		if err1 != nil || err2 != nil || r < 1 || c < 1 {
			return Shape{}, bad
		}
		if r == c && r*c > MaxN {
			// "9x9", "16x16": a side, not a box.
			if s, ok := DefaultShape(r); ok {
				return s, nil
			}
		}
		if r*c > MaxN {
			return Shape{}, fmt.Errorf("shape %s: side %d over the limit of %d: %w", quote.Short(str), r*c, MaxN, ErrShape)
		}
		return Shape{r, c}, nil
	}
	n, err := atoiSmall(str)
	if err != nil {
		return Shape{}, bad
	}
	s, ok := DefaultShape(n)
	if !ok {
		return Shape{}, fmt.Errorf("shape %s: no box shape for side %d: %w", quote.Short(str), n, ErrShape)
	}
	return s, nil
}

func atoiSmall(s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 4 {
		return 0, fmt.Errorf("bad number %s", quote.Short(s))
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("bad number %s", quote.Short(s))
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, nil
}
