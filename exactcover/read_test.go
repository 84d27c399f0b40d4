package exactcover

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// knuthText returns p written by WriteKnuth.
func knuthText(t testing.TB, p *Problem) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteKnuth(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestReadKnuth(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"simple", "a b c\na b\nc\nb c\n", "a b c\na b\nc\nb c\n"},
		{"comments and blanks", "| a comment\n\n  \na b\n| another\na\n\nb\n", "a b\na\nb\n"},
		{"secondary", "a b | x y\na x\nb x y\n", "a b | x y\na x\nb x y\n"},
		{"bar glued", "a b |x y\na x\n", "a b | x y\na x\n"},
		{"colors", "a b | x\na x:red\nb x:red\nb x:blue\n", "a b | x\na x:red\nb x:red\nb x:blue\n"},
		{"tabs and crlf", "a\tb \r\nb\ta\r\n", "a b\nb a\n"},
		{"no options", "a b\n", "a b\n"},
		{"trailing bar", "a b |\na\n", "a b\na\n"},
		{"item order kept", "z y x\nx z\n", "z y x\nx z\n"},
		{"no final newline", "a\na", "a\na\n"},
		{"comment only after leading column", "a\n| x\na\n", "a\na\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := ReadKnuth(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ReadKnuth: %v", err)
			}
			if got := knuthText(t, p); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestReadKnuthSecondaryFlags(t *testing.T) {
	p, err := ReadKnuth(strings.NewReader("p q | s\np s\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p.NumItems() != 3 || p.NumPrimary() != 2 || p.IsSecondary(0) || p.IsSecondary(1) || !p.IsSecondary(2) {
		t.Errorf("items: %d, primary %d, secondary flags %v %v %v", p.NumItems(), p.NumPrimary(), p.IsSecondary(0), p.IsSecondary(1), p.IsSecondary(2))
	}
	if p.NumOptions() != 1 || p.OptionString(0) != "p s" {
		t.Errorf("options: %d %q", p.NumOptions(), p.OptionString(0))
	}
}

// parseErrorTest is an input that must fail with err at line:col.
type parseErrorTest struct {
	name      string
	in        string
	err       error
	line, col int
	msg       string // substring of the message
}

func checkParseErrors(t *testing.T, read func(string) error, tests []parseErrorTest) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := read(tt.in)
			if err == nil {
				t.Fatalf("no error")
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("error %v does not wrap %v", err, tt.err)
			}
			if pe.Line != tt.line || pe.Col != tt.col {
				t.Errorf("error %v at %d:%d, want %d:%d", err, pe.Line, pe.Col, tt.line, tt.col)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %q does not contain %q", err, tt.msg)
			}
		})
	}
}

func TestReadKnuthErrors(t *testing.T) {
	checkParseErrors(t, func(s string) error { _, err := ReadKnuth(strings.NewReader(s)); return err }, []parseErrorTest{
		{"empty", "", ErrSyntax, 0, 0, "empty input: no item line"},
		{"comments only", "| x\n\n", ErrSyntax, 2, 0, "no item line"},
		{"no primary", "| c\n | x y\nx\n", ErrSyntax, 2, 1, "no primary items"},
		{"two bars", "a | b | c\n", ErrSyntax, 1, 7, "second '|'"},
		{"colon in item", "a b:c\n", ErrSyntax, 1, 3, `item name "b:c"`},
		{"bar inside item", "a b|c\n", ErrBounds, 1, 3, `upper bound "b" is not a number`},
		{"duplicate item", "a b a\n", ErrDuplicateItem, 1, 5, `duplicate item name "a"`},
		{"duplicate secondary", "a | b b\n", ErrDuplicateItem, 1, 7, `"b"`},
		{"unknown item", "a b\na\n| c\nb  zz a\n", ErrUnknownItem, 4, 4, `unknown item "zz"`},
		{"repeated item", "a b\n\na b a\n", ErrRepeatedItem, 3, 5, `item "a" repeated`},
		{"color on primary", "a | x\na:red x\n", ErrColorPrimary, 2, 1, `primary item "a"`},
		{"empty color", "a | x\na x:\n", ErrSyntax, 2, 3, "missing color"},
		{"missing name", "a | x\na :red\n", ErrSyntax, 2, 3, "missing item name"},
		{"bar in option", "a | x\na |\n", ErrSyntax, 2, 3, `missing cost after '|'`}, // a cost token, "|n" (DLX5), without n
		{"color with colon", "a | x\na x:r:g\n", ErrSyntax, 2, 3, `color "r:g"`},
	})
}

func TestParseErrorString(t *testing.T) {
	e := &ParseError{Line: 3, Col: 7, Msg: `unknown item "q"`, Err: ErrUnknownItem}
	if got, want := e.Error(), `line 3, column 7: unknown item "q"`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	e = &ParseError{Line: 2, Err: ErrSyntax}
	if got, want := e.Error(), "line 2: syntax error"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(e, ErrSyntax) {
		t.Error("ParseError does not unwrap to its Err")
	}
}

// Seed 001's two examples.
const (
	seedExample1 = "3 3\n0 1 0\n0 0 1\n1 0 0\n"
	seedExample2 = "4 4\n0 0 0 1\n1 0 0 0\n1 1 0 1\n0 1 0 0\n"
)

func TestReadMatrix(t *testing.T) {
	tests := []struct {
		name, in string
		knuth    string
		rows     []int
	}{
		{"seed example 1", seedExample1, "1 2 3\n2\n3\n1\n", []int{1, 2, 3}},
		{"seed example 2", seedExample2, "1 2 3 4\n4\n1\n1 2 4\n2\n", []int{1, 2, 3, 4}},
		{"compact rows", "3 4\n0110\n1001\n0000\n", "1 2 3 4\n2 3\n1 4\n", []int{1, 2}},
		{"zero row kept in numbering", "3 2\n0 0\n1 1\n\n0 1\n", "1 2\n1 2\n2\n", []int{2, 3}},
		{"one column", "2 1\n1\n0\n", "1\n1\n", []int{1}},
		{"no rows", "0 2\n", "1 2\n", nil},
		{"crlf and tabs", "2 2\r\n1\t0\r\n0 1\r\n\r\n", "1 2\n1\n2\n", []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ReadMatrix(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ReadMatrix: %v", err)
			}
			if got := knuthText(t, m.Problem); got != tt.knuth {
				t.Errorf("problem\n%s\nwant\n%s", got, tt.knuth)
			}
			if !equalInts(m.Rows, tt.rows) {
				t.Errorf("Rows = %v, want %v", m.Rows, tt.rows)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestReadMatrixErrors(t *testing.T) {
	checkParseErrors(t, func(s string) error { _, err := ReadMatrix(strings.NewReader(s)); return err }, []parseErrorTest{
		{"empty", "", ErrSyntax, 0, 0, "missing header"},
		{"short header", "3\n", ErrSyntax, 1, 1, `header "ROWS COLUMNS"`},
		{"bad rows", "x 3\n", ErrSyntax, 1, 1, `row count`},
		{"zero columns", "1 0\n", ErrSyntax, 1, 3, "column count"},
		{"huge columns", "1 99999999999\n", ErrSyntax, 1, 3, "column count"},
		{"bad value", "2 3\n0 1 0\n0 2 0\n", ErrSyntax, 3, 3, `want 0 or 1, found "2"`},
		{"bad compact value", "1 3\n01x\n", ErrSyntax, 2, 3, `found 'x'`},
		{"short row", "2 3\n0 1 0\n0 1\n", ErrSyntax, 3, 1, "row 2 has 2 values, want 3"},
		{"long compact row", "1 3\n0110\n", ErrSyntax, 2, 1, "row 1 has 1 values, want 3"},
		{"too many rows", "1 2\n0 1\n1 0\n", ErrSyntax, 3, 1, "more than the header's 1 row"},
		{"too few rows", "3 2\n0 1\n1 0\n", ErrSyntax, 3, 0, "after 2 of 3 rows"},
	})
}

func TestReadSparse(t *testing.T) {
	m, err := ReadSparse(strings.NewReader("sparse 4 3\n2\n-\n\n3 1\n1 2 3\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := knuthText(t, m.Problem), "1 2 3\n2\n3 1\n1 2 3\n"; got != want {
		t.Errorf("problem\n%s\nwant\n%s", got, want)
	}
	if want := []int{1, 3, 4}; !equalInts(m.Rows, want) {
		t.Errorf("Rows = %v, want %v", m.Rows, want)
	}
	if m.NumRows != 4 || m.NumCols != 3 {
		t.Errorf("size %dx%d, want 4x3", m.NumRows, m.NumCols)
	}
	if got := m.FormatSolution([]int{2, 0}); got != "1 4" {
		t.Errorf("FormatSolution = %q, want \"1 4\"", got)
	}
}

func TestReadSparseErrors(t *testing.T) {
	checkParseErrors(t, func(s string) error { _, err := ReadSparse(strings.NewReader(s)); return err }, []parseErrorTest{
		{"empty", "", ErrSyntax, 0, 0, "missing header"},
		{"dense header", "2 2\n1\n2\n", ErrSyntax, 1, 1, `must start with header "sparse ROWS COLUMNS"`},
		{"short header", "sparse 2\n", ErrSyntax, 1, 1, `header "sparse ROWS COLUMNS"`},
		{"out of range", "sparse 2 3\n1 2\n3 4\n", ErrUnknownItem, 3, 3, "column 4 out of range 1 to 3"},
		{"zero column", "sparse 1 3\n0\n", ErrUnknownItem, 2, 1, "column 0 out of range"},
		{"repeated", "sparse 1 3\n1 3 1\n", ErrRepeatedItem, 2, 5, "column 1 repeated in row 1"},
		{"not a number", "sparse 1 3\n1 b\n", ErrSyntax, 2, 3, `found "b"`},
		{"dash with others", "sparse 1 3\n1 -\n", ErrSyntax, 2, 3, `must be alone`},
		{"too many rows", "sparse 1 3\n1\n2\n", ErrSyntax, 3, 1, "more than the header's 1 row"},
		{"too few rows", "sparse 2 3\n1\n", ErrSyntax, 2, 0, "after 1 of 2 rows"},
	})
}

// TestMatrixFormatsAgree writes random matrices in both 0/1 forms and checks
// that ReadMatrix and ReadSparse build the same problem and row numbers.
func TestMatrixFormatsAgree(t *testing.T) {
	rng := newTestRand(1)
	for trial := 0; trial < 200; trial++ {
		n, m := rng.intn(8), 1+rng.intn(8)
		var dense, sparse strings.Builder
		fmtLine(&dense, n, m, "")
		fmtLine(&sparse, n, m, "sparse ")
		for range n {
			var cols []int
			for j := 1; j <= m; j++ {
				v := rng.intn(3) == 0
				if v {
					cols = append(cols, j)
					dense.WriteString("1 ")
				} else {
					dense.WriteString("0 ")
				}
			}
			dense.WriteByte('\n')
			if len(cols) == 0 {
				sparse.WriteString("-")
			}
			for _, c := range cols {
				sparse.WriteString(" " + itoa(c))
			}
			sparse.WriteByte('\n')
		}
		a, err := ReadMatrix(strings.NewReader(dense.String()))
		if err != nil {
			t.Fatalf("ReadMatrix(%q): %v", dense.String(), err)
		}
		b, err := ReadSparse(strings.NewReader(sparse.String()))
		if err != nil {
			t.Fatalf("ReadSparse(%q): %v", sparse.String(), err)
		}
		if ka, kb := knuthText(t, a.Problem), knuthText(t, b.Problem); ka != kb || !equalInts(a.Rows, b.Rows) {
			t.Fatalf("dense %q and sparse %q differ:\n%s%v\n%s%v", dense.String(), sparse.String(), ka, a.Rows, kb, b.Rows)
		}
	}
}

// TestReadErrorsQuoteShort: an error quotes at most a few dozen
// characters of a long token, whatever the format.
func TestReadErrorsQuoteShort(t *testing.T) {
	long := strings.Repeat("x", 100_000)
	for _, tt := range []struct {
		name string
		read func(string) error
		in   string
	}{
		{"knuth unknown item", func(s string) error { _, err := ReadKnuth(strings.NewReader(s)); return err }, "a b\na " + long + "\n"},
		{"knuth duplicate item", func(s string) error { _, err := ReadKnuth(strings.NewReader(s)); return err }, long + " " + long + "\n"},
		{"matrix header", func(s string) error { _, err := ReadMatrix(strings.NewReader(s)); return err }, long + " 3\n"},
	} {
		err := tt.read(tt.in)
		if err == nil {
			t.Fatalf("%s: no error", tt.name)
		}
		if len(err.Error()) > 200 {
			t.Errorf("%s: %d-byte message %.80q...", tt.name, len(err.Error()), err.Error())
		}
	}
}
