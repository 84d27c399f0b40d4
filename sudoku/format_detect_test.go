package sudoku

import (
	"errors"
	"io"
	"strings"
	"testing"
)

const p81 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

// rowsOf splits a one-line grid of side n into n lines joined by sep.
func rowsOf(s string, n int, sep string) string {
	var b strings.Builder
	for r := 0; r < n; r++ {
		row := s[r*n : r*n+n]
		if sep != "" {
			row = strings.Join(strings.Split(row, ""), sep)
		}
		b.WriteString(row + "\n")
	}
	return b.String()
}

func TestDetect(t *testing.T) {
	g16 := "ABCDEFGHIJKLMNOP" // a 16x16 first row; the rest blank
	tests := []struct {
		name   string
		in     string
		opt    ReadOptions
		shape  Shape
		layout Layout
		alpha  string
		blank  byte
		spaced bool
		string string // the grid's String(); "" to skip
	}{
		{"9x9 line", p81, ReadOptions{}, Standard, Line, "123456789", '.', false, p81},
		{"9x9 line 0", strings.ReplaceAll(p81, ".", "0"), ReadOptions{}, Standard, Line, "123456789", '0', false, p81},
		{"9x9 line full", "123456789" + strings.Repeat(".", 72)[:0] + strings.Repeat("123456789", 8), ReadOptions{}, Standard, Line, "123456789", '.', false, ""},
		{"4x4 line", "1.3...2........4", ReadOptions{}, Shape{2, 2}, Line, "1234", '.', false, "1.3...2........4"},
		{"6x6 line", "1.3...2........4" + strings.Repeat(".", 20), ReadOptions{}, Shape{2, 3}, Line, "123456", '.', false, ""},
		{"6x6 line 3x2", "1.3...2........4" + strings.Repeat(".", 20), ReadOptions{Shape: Shape{3, 2}}, Shape{3, 2}, Line, "123456", '.', false, ""},
		{"8x8 line", "8" + strings.Repeat(".", 63), ReadOptions{}, Shape{2, 4}, Line, "12345678", '.', false, ""},
		{"12x12 letters", "L" + strings.Repeat(".", 143), ReadOptions{}, Shape{3, 4}, Line, "ABCDEFGHIJKL", '.', false, ""},
		{"12x12 1-9A-C", "1C" + strings.Repeat(".", 142), ReadOptions{}, Shape{3, 4}, Line, "123456789ABC", '.', false, ""},
		{"16x16 A-P", "P-" + strings.Repeat("-", 254), ReadOptions{}, Shape{4, 4}, Line, "ABCDEFGHIJKLMNOP", '-', false, ""},
		{"16x16 A-F only", "ABCDEF" + strings.Repeat(".", 250), ReadOptions{}, Shape{4, 4}, Line, "ABCDEFGHIJKLMNOP", '.', false, ""},
		{"16x16 1-9A-G by G", "1G" + strings.Repeat(".", 254), ReadOptions{}, Shape{4, 4}, Line, "123456789ABCDEFG", '.', false, ""},
		{"16x16 0-9A-F by 0 beside .", "0F" + strings.Repeat(".", 254), ReadOptions{}, Shape{4, 4}, Line, "0123456789ABCDEF", '.', false, ""},
		{"16x16 1-9A-G by many 0", "1F" + strings.Repeat("0", 254), ReadOptions{}, Shape{4, 4}, Line, "123456789ABCDEFG", '0', false, ""},
		{"16x16 0-9A-F full", "0123456789ABCDEF" + strings.Repeat("123456789ABCDEF0", 15), ReadOptions{}, Shape{4, 4}, Line, "0123456789ABCDEF", '.', false, ""},
		{"16x16 default 1-9A-G", "1F" + strings.Repeat(".", 254), ReadOptions{}, Shape{4, 4}, Line, "123456789ABCDEFG", '.', false, ""},
		{"16x16 option 0-9A-F", "1F" + strings.Repeat(".", 254), ReadOptions{Alphabet: "0-9A-F"}, Shape{4, 4}, Line, "0123456789ABCDEF", '.', false, ""},
		{"25x25 letters", "Y" + strings.Repeat(".", 624), ReadOptions{}, Shape{5, 5}, Line, "ABCDEFGHIJKLMNOPQRSTUVWXY", '.', false, ""},
		{"36x36 0-9A-Z", "0Z" + strings.Repeat(".", 1294), ReadOptions{}, Shape{6, 6}, Line, "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", '.', false, ""},
		{"9x9 rows", rowsOf(p81, 9, ""), ReadOptions{}, Standard, Rows, "123456789", '.', false, p81},
		{"9x9 spaced", rowsOf(strings.ReplaceAll(p81, ".", "0"), 9, " "), ReadOptions{}, Standard, Rows, "123456789", '0', true, p81},
		{"9x9 CRLF", strings.ReplaceAll(rowsOf(p81, 9, ""), "\n", "\r\n"), ReadOptions{}, Standard, Rows, "123456789", '.', false, p81},
		{"4x4 rows", "1234\n3412\n2143\n4321\n", ReadOptions{}, Shape{2, 2}, Rows, "1234", '.', false, "1234341221434321"},
		{"16x16 rows, first row blank", strings.Repeat("-", 16) + "\n" + g16 + "\n" + strings.Repeat(strings.Repeat("-", 16)+"\n", 14), ReadOptions{}, Shape{4, 4}, Rows, "ABCDEFGHIJKLMNOP", '-', false, ""},
		{"6x6 boxed 3x2", "1 2 | 3 4 | 5 6\n3 4 | 5 6 | 1 2\n5 6 | 1 2 | 3 4\n2 1 | 4 3 | 6 5\n4 3 | 6 5 | 2 1\n6 5 | 2 1 | 4 3\n", ReadOptions{}, Shape{3, 2}, Boxed, "123456", '0', true, "123456345612561234214365436521652143"},
		{"6x6 boxed 2x3", "1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n------+------\n2 3 1 | 5 6 4\n5 6 4 | 2 3 1\n------+------\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n", ReadOptions{}, Shape{2, 3}, Boxed, "123456", '0', true, ""},
		{"9x9 border of dashes", "-------------------------\n" + strings.ReplaceAll(rowsOf(p81, 9, " "), "\n", " |\n") + "-------------------------\n", ReadOptions{}, Standard, Boxed, "123456789", '.', true, p81},
		{"JSON", `{"size":"3x3","puzzle":"` + p81 + `"}`, ReadOptions{}, Standard, JSON, "123456789", '.', false, p81},
		{"JSON 16x16", `{"size":"4x4","alphabet":"0-9A-F","puzzle":"1F` + strings.Repeat(".", 254) + `"}`, ReadOptions{}, Shape{4, 4}, JSON, "0123456789ABCDEF", '.', false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g, f, err := ParseGrid(tc.in, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if g.Shape != tc.shape || f.Layout != tc.layout || f.Alphabet != tc.alpha || f.Blank != tc.blank || f.Spaced != tc.spaced {
				t.Errorf("shape %v layout %v alphabet %q blank %q spaced %v, want %v %v %q %q %v",
					g.Shape, f.Layout, f.Alphabet, f.Blank, f.Spaced, tc.shape, tc.layout, tc.alpha, tc.blank, tc.spaced)
			}
			if tc.string != "" && g.String() != tc.string {
				t.Errorf("String() = %s, want %s", g, tc.string)
			}
		})
	}
}

// next describes what one call of Next gives: the grid's String() or the
// error's text.
func nextAll(in string, opt ReadOptions) []string {
	r := NewReader(strings.NewReader(in), opt)
	var out []string
	for len(out) < 100 {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrVariant) && !errors.Is(err, ErrShape) {
				return append(out, "NOT A PARSE ERROR: "+err.Error())
			}
			out = append(out, "error: "+err.Error())
			continue
		}
		out = append(out, p.Grid.String())
	}
	return out
}

func TestReadErrors(t *testing.T) {
	short := p81[:80]
	x17 := p81[:16] + "x" + p81[17:]
	grid2 := rowsOf(strings.ReplaceAll(p81, ".", "0"), 9, " ")
	bad3 := strings.Replace(grid2, "0 3 0 0 0 0 0 0 0\n", "0 3 0 0 0 0 0 0\n", 1)
	tests := []struct {
		name string
		in   string
		opt  ReadOptions
		want []string
	}{
		{"wrong length", p81 + "\n" + p81 + "\n" + short + "\n" + p81 + "\n", ReadOptions{}, []string{p81, p81, "error: line 3: short puzzle: 80 cells, want 81", p81}},
		{"wrong length first", short + "\n" + p81 + "\n", ReadOptions{}, []string{"error: line 1: short puzzle: 80 cells, want 81", p81}},
		{"unknown symbol", p81 + "\n\n" + x17 + "\n" + p81 + "\n", ReadOptions{}, []string{p81, "error: line 3, column 17: unexpected 'x', want 1-9 or a blank (. 0 - _)", p81}},
		{"digit too large", "1.3...7" + strings.Repeat(".", 29) + "\n", ReadOptions{}, []string{"error: line 1, column 7: '7' is too large for a 6x6 grid, want 1-6 or a blank (. 0 - _)"}},
		{"letter too large", "Q" + strings.Repeat(".", 255) + "\n", ReadOptions{}, []string{"error: line 1, column 1: 'Q' is too large for a 16x16 grid, want A-P or a blank (. 0 - _)"}},
		{"bad 6x6 amid 6x6", "1.3" + strings.Repeat(".", 33) + "\n" + "1.7" + strings.Repeat(".", 33) + "\n" + "1.3" + strings.Repeat(".", 33) + "\n", ReadOptions{}, []string{"1.3" + strings.Repeat(".", 33), "error: line 2, column 3: '7' is too large for a 6x6 grid, want 1-6 or a blank (. 0 - _)", "1.3" + strings.Repeat(".", 33)}},
		{"shape option", p81 + "\n", ReadOptions{Shape: Shape{2, 3}}, []string{"error: line 1: long puzzle: 81 cells, want 36"}},
		{"short row in a batch", "3\n" + grid2 + bad3 + grid2, ReadOptions{}, []string{p81, "error: line 12: 8 cells, want 9", p81}},
		{"count mismatch", "3\n" + grid2 + grid2, ReadOptions{}, []string{p81, p81, "error: line 1: the count line says 3 puzzles, the input has 2"}},
		// A lone number with nothing after it is a mistyped puzzle, not a
		// count line (it said "the count line says 12345 puzzles, the
		// input has 0"); a lone 0 is an empty batch.
		{"lone number", "12345\n", ReadOptions{}, []string{"error: line 1: short puzzle: 5 cells, want 16"}},
		{"lone number then an empty line", "7\n\n", ReadOptions{}, []string{"error: line 1: short puzzle: 1 cell, want 16"}},
		{"lone zero", "0\n", ReadOptions{}, nil},
		{"count of one", "1\n" + grid2 + grid2, ReadOptions{}, []string{p81, p81, "error: line 1: the count line says 1 puzzle, the input has 2"}},
		{"grid cut by an empty line", strings.Join(strings.SplitAfter(grid2, "\n")[:4], "") + "\n" + grid2, ReadOptions{}, []string{"error: line 5: the grid ended after 4 rows of the grid starting at line 1, want 9", p81}},
		{"grid cut by the end", strings.Join(strings.SplitAfter(grid2, "\n")[:4], ""), ReadOptions{}, []string{"error: line 4: the input ended after 4 rows of the grid starting at line 1, want 9"}},
		{"grid cut by a one-line puzzle", strings.Join(strings.SplitAfter(grid2, "\n")[:4], "") + p81 + "\n", ReadOptions{}, []string{"error: line 4: the grid ended after 4 rows of the grid starting at line 1, want 9", p81}},
		{"bad symbol in a grid", strings.Replace(grid2, "0 0 0 7", "0 0 0 x", 1) + grid2, ReadOptions{}, []string{"error: line 3, column 7: unexpected 'x', want 1-9 or a blank (. 0 - _)", p81}},
		{"number too large", strings.Repeat("0 ", 624) + "26\n", ReadOptions{}, []string{"error: line 1, column 1249: 26 is too large for a 25x25 grid, want 1-25 or a blank (0 . - _)"}},
		{"short line", "1234.67\n", ReadOptions{}, []string{"error: line 1: short puzzle: 7 cells, want 16"}},
		{"row width", "1 2 3 4 5 6 7\n" + p81, ReadOptions{}, []string{"error: line 1: a row of 7 cells, want 4 to 64 cells (a grid side with boxes)", p81}},
		{"json syntax", `{"size":"3x3","puzzle":` + "\n", ReadOptions{}, []string{"error: line 1: json: unexpected EOF"}},
		{"json variant", `{"variant":"nonesuch","puzzle":"` + p81 + `"}` + "\n" + p81, ReadOptions{}, []string{`error: line 1: json: unknown variant "nonesuch" (want one of standard, diagonal, hyper, disjoint, or jigsaw with a region map): bad variant`, p81}},
		{"json puzzle", `{"puzzle":"` + short + `"}`, ReadOptions{}, []string{"error: line 1: json: puzzle: short puzzle: 80 cells, want 81"}},
		{"json field", `{"puzle":"` + p81 + `"}`, ReadOptions{}, []string{`error: line 1, column 2: json: unknown field "puzle" (did you mean "puzzle"?)`}},
		{"json field after spaces", "\t  " + `{"puzzle":"` + p81 + `","antiknigth":true}`, ReadOptions{}, []string{`error: line 1, column 98: json: unknown field "antiknigth" (did you mean "antiknight"?)`}},
		{"json text after the object", `{"puzzle":"` + p81 + `"}}` + "\n" + p81, ReadOptions{}, []string{`error: line 1, column 95: json: unexpected text after the object`, p81}},
		{"alphabet option", p81, ReadOptions{Alphabet: "A-P"}, []string{`error: line 1: 81 cells make a 9x9 grid, the alphabet "A-P" has 16 symbols`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := nextAll(tc.in, tc.opt)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestCountLineError: a count line that does not match the puzzles gives
// an error wrapping ErrCountLine (it concerns the input, not a puzzle) and
// ErrSyntax; a short puzzle's error does not wrap ErrCountLine.
func TestCountLineError(t *testing.T) {
	grid2 := rowsOf(strings.ReplaceAll(p81, ".", "0"), 9, " ")
	for _, tt := range []struct {
		in        string
		countLine bool
	}{
		{"3\n" + grid2, true},
		{"12345\n", false},
	} {
		r := NewReader(strings.NewReader(tt.in), ReadOptions{})
		var last error
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				last = err
			}
		}
		if last == nil || errors.Is(last, ErrCountLine) != tt.countLine || !errors.Is(last, ErrSyntax) {
			t.Errorf("%q: last error %v; want ErrCountLine %v, and ErrSyntax", tt.in, last, tt.countLine)
		}
	}
}

func TestSkipsCommentsAndBlankLines(t *testing.T) {
	in := "# a comment\n\n" + p81 + "\r\n  # indented comment\n\n\n" + rowsOf(p81, 9, "") + "\n# end\n"
	got := nextAll(in, ReadOptions{})
	if strings.Join(got, "\n") != p81+"\n"+p81 {
		t.Errorf("got %q", got)
	}
	r := NewReader(strings.NewReader(in), ReadOptions{})
	p, _ := r.Next()
	if p.Line != 3 || !p.Format.CRLF || p.Rest != "" {
		t.Errorf("first puzzle: line %d, CRLF %v, rest %q", p.Line, p.Format.CRLF, p.Rest)
	}
	p, _ = r.Next()
	if p.Line != 7 || p.Format.CRLF {
		t.Errorf("second puzzle: line %d, CRLF %v", p.Line, p.Format.CRLF)
	}
}

func TestRest(t *testing.T) {
	r := NewReader(strings.NewReader(p81+" 2.5\n"+p81+"\t# note  \n"), ReadOptions{})
	for _, want := range []string{" 2.5", "\t# note  "} {
		p, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if p.Rest != want || p.Grid.String() != p81 {
			t.Errorf("rest %q, want %q", p.Rest, want)
		}
	}
	if _, _, err := ParseGrid(p81+" 2.5", ReadOptions{}); err == nil || err.Error() != `line 1, column 83: unexpected "2.5" after the grid` {
		t.Errorf("ParseGrid with a comment: %v", err)
	}
	if _, _, err := ParseGrid("\n"+p81+"\t2.5 \r\n", ReadOptions{}); err == nil || err.Error() != `line 2, column 83: unexpected "2.5" after the grid` {
		t.Errorf("ParseGrid with a comment: %v", err)
	}
}

type failingReader struct{ n int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.n == 0 {
		f.n++
		return copy(p, p81+"\n"), nil
	}
	return 0, errors.New("disk on fire")
}

// TestReaderIOError: an I/O error comes once, then io.EOF.
func TestReaderIOError(t *testing.T) {
	r := NewReader(&failingReader{}, ReadOptions{})
	var got []string
	for i := 0; i < 10; i++ {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			got = append(got, err.Error())
			continue
		}
		got = append(got, p.Grid.String())
	}
	if strings.Join(got, "|") != p81+"|disk on fire" {
		t.Errorf("got %q", got)
	}
	r = NewReader(strings.NewReader(p81), ReadOptions{Alphabet: "AA"})
	if _, err := r.Next(); err == nil || err.Error() != `alphabet "AA": symbol 'A' repeated` {
		t.Errorf("bad alphabet: %v", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after a bad alphabet: %v, want io.EOF", err)
	}
}

// TestLowercaseLetters: a 16x16 (or 25x25) puzzle written in lowercase
// letters reads as the same grid as in capitals, one line or rows, as the
// web page takes it (the reader refused 'k'); printed back in capitals.
func TestLowercaseLetters(t *testing.T) {
	const upper = "K....OHEA...B..NI.H.AC.G...B..KE...JM...N...L.A.N.O.B....F..H..CB.PKEG.....J.......C...H...FD..P.DF......MGNA.........KADO.......KE.O.B......H...NJ..E...A.HPG...H...N.....L.F.K.B.D....C.JON.LAO..ID..N.H...EM.J.........NA.B.G..A.GBPK..M..C..DP.....O..LCK.H."
	want := nextAll(upper+"\n", ReadOptions{})
	if len(want) != 1 || strings.HasPrefix(want[0], "error") {
		t.Fatalf("capitals: %q", want)
	}
	lower := strings.ToLower(upper)
	mixed := lower[:16*7] + upper[16*7:]
	for _, in := range []string{lower + "\n", rowsOf(lower, 16, "") + "\n", rowsOf(mixed, 16, "") + "\n"} {
		if got := nextAll(in, ReadOptions{}); strings.Join(got, "\n") != want[0] {
			t.Errorf("%.40q...: got %q, want %q", in, got, want)
		}
	}
	// 25x25: letters A-Y.
	g := NewGrid(Shape{BoxRows: 5, BoxCols: 5}, nil)
	g.Cells[0], g.Cells[1] = 1, 25
	up := g.String()
	if got := nextAll(strings.ToLower(up)+"\n", ReadOptions{}); len(got) != 1 || got[0] != up {
		t.Errorf("25x25 in lowercase: %q, want %q", got, up)
	}
}
