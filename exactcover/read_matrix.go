package exactcover

import (
	"fmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/quote"
	"io"
	"slices"
	"strconv"
	"strings"
)

// MaxMatrixColumns bounds the number of columns of ReadMatrix and
// ReadSparse inputs.
const MaxMatrixColumns = 1 << 20

// columnLimit is MaxMatrixColumns, lowered by the fuzz tests.
var columnLimit = MaxMatrixColumns

// maxMatrixRows bounds the row count of a header.
const maxMatrixRows = 1<<31 - 1

// Matrix is a 0/1 matrix read as an exact cover problem: its columns are the
// primary items "1" to "NumCols", and each row holding at least one 1 is an
// option. A row of zeros can never be chosen, so it is not an option: Rows
// maps option indices back to row numbers.
type Matrix struct {
	Problem *Problem
	NumRows int
	NumCols int
	// Rows[i] is the 1-based row number of option i.
	Rows []int
}

// RowNumbers returns the 1-based row numbers of the options of a solution,
// in ascending order.
func (m *Matrix) RowNumbers(solution []int) []int {
	rows := make([]int, len(solution))
	for k, i := range solution {
		rows[k] = m.Rows[i]
	}
	slices.Sort(rows)
	return rows
}

// FormatSolution returns the row numbers of a solution as one line, in
// ascending order separated by single spaces, without a line ending.
func (m *Matrix) FormatSolution(solution []int) string {
	var b strings.Builder
	for k, r := range m.RowNumbers(solution) {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(r))
	}
	return b.String()
}

// newMatrix returns a matrix with n rows and m columns named "1" to "m".
func newMatrix(n, m int) (*Matrix, error) {
	p := NewProblem()
	for j := 1; j <= m; j++ {
		if _, err := p.AddItem(strconv.Itoa(j), false); err != nil {
			return nil, err
		}
	}
	return &Matrix{Problem: p, NumRows: n, NumCols: m}, nil
}

// readHeader reads the first non-blank line, which must be the given
// keywords (none for the dense format) followed by the row and column counts.
func readHeader(s *lineScanner, format string, keyword string) (n, m int, err error) {
	for s.next() {
		if len(s.fields) > 0 {
			break
		}
	}
	want := 2
	usage := "header \"ROWS COLUMNS\""
	if keyword != "" {
		want = 3
		usage = "header \"" + keyword + " ROWS COLUMNS\""
	}
	if len(s.fields) == 0 {
		if err := s.err(); err != nil {
			return 0, 0, err
		}
		return 0, 0, &ParseError{Line: s.line, Msg: "missing " + usage, Err: ErrSyntax}
	}
	f := s.fields
	if keyword != "" && string(s.tok(f[0])) != keyword {
		return 0, 0, s.errorAt(f[0], ErrSyntax, fmt.Sprintf("%s input must start with %s, found %s", format, usage, quote.Short(string(s.tok(f[0])))))
	}
	if len(f) != want {
		return 0, 0, &ParseError{Line: s.line, Col: 1, Msg: fmt.Sprintf("%s input must start with %s", format, usage), Err: ErrSyntax}
	}
	nf, mf := f[want-2], f[want-1]
	n, ok := parseCount(s.tok(nf), maxMatrixRows)
	if !ok {
		return 0, 0, s.errorAt(nf, ErrSyntax, fmt.Sprintf("want a row count from 0 to %d, found %s", maxMatrixRows, quote.Short(string(s.tok(nf)))))
	}
	m, ok = parseCount(s.tok(mf), columnLimit)
	if !ok || m == 0 {
		return 0, 0, s.errorAt(mf, ErrSyntax, fmt.Sprintf("want a column count from 1 to %d, found %s", columnLimit, quote.Short(string(s.tok(mf)))))
	}
	return n, m, nil
}

// ReadMatrix reads a 0/1 matrix as an exact cover problem: a first line
// "N M" (the numbers of rows and columns, M at least 1), then N lines of M
// values 0 or 1 separated by whitespace. A row may also be written as one
// word of M characters 0 and 1 without spaces ("0110"). Blank lines are
// skipped; anything after the N rows other than blank lines is an error.
// Errors are *ParseError values naming line and column.
func ReadMatrix(r io.Reader) (*Matrix, error) {
	s := newLineScanner(r)
	n, m, err := readHeader(s, "matrix", "")
	if err != nil {
		return nil, err
	}
	mat, err := newMatrix(n, m)
	if err != nil {
		return nil, err
	}
	var items []int
	row := 0
	for s.next() {
		if len(s.fields) == 0 {
			continue
		}
		if row == n {
			return nil, s.errorAt(s.fields[0], ErrSyntax, fmt.Sprintf("more than the header's %s", numfmt.Count(int64(n), "row", "rows")))
		}
		row++
		items = items[:0]
		switch {
		case len(s.fields) == m:
			for j, f := range s.fields {
				switch string(s.tok(f)) {
				case "0":
				case "1":
					items = append(items, j)
				default:
					return nil, s.errorAt(f, ErrSyntax, fmt.Sprintf("want 0 or 1, found %s", quote.Short(string(s.tok(f)))))
				}
			}
		case len(s.fields) == 1 && s.fields[0].end-s.fields[0].start == m:
			f := s.fields[0]
			for j, c := range s.tok(f) {
				switch c {
				case '0':
				case '1':
					items = append(items, j)
				default:
					return nil, &ParseError{Line: s.line, Col: f.start + j + 1, Msg: fmt.Sprintf("want 0 or 1, found %q", c), Err: ErrSyntax}
				}
			}
		default:
			return nil, s.errorAt(s.fields[0], ErrSyntax, fmt.Sprintf("row %d has %d values, want %d", row, len(s.fields), m))
		}
		if err := mat.add(items, row); err != nil {
			return nil, s.errorAt(s.fields[0], err, err.Error())
		}
	}
	if err := s.err(); err != nil {
		return nil, err
	}
	if row < n {
		return nil, &ParseError{Line: s.line, Msg: fmt.Sprintf("unexpected end of input after %d of %s", row, numfmt.Count(int64(n), "row", "rows")), Err: ErrSyntax}
	}
	return mat, nil
}

// add adds row number row with the 1s in columns items (0-based); a row
// without 1s is not an option.
func (mat *Matrix) add(items []int, row int) error {
	if len(items) == 0 {
		return nil
	}
	if _, err := mat.Problem.AddOptionIndex(items, nil); err != nil {
		return err
	}
	mat.Rows = append(mat.Rows, row)
	return nil
}
