package exactcover

import (
	"fmt"
	"github.com/dlxkit/dlx/internal/numfmt"
	"github.com/dlxkit/dlx/internal/quote"
	"io"
)

// ReadSparse reads a 0/1 matrix written sparsely: a first line
// "sparse N M" (the numbers of rows and columns, M at least 1), then N
// lines, one per row, each listing the 1-based column numbers of the row's
// 1s separated by whitespace, or "-" alone for a row of zeros. Blank lines
// are skipped. The result is the same as ReadMatrix's for the same matrix;
// memory grows with the number of 1s, not with N×M.
func ReadSparse(r io.Reader) (*Matrix, error) {
	s := newLineScanner(r)
	n, m, err := readHeader(s, "sparse", "sparse")
	if err != nil {
		return nil, err
	}
	mat, err := newMatrix(n, m)
	if err != nil {
		return nil, err
	}
	mark := make([]int, m)
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
		if len(s.fields) == 1 && string(s.tok(s.fields[0])) == "-" {
			continue
		}
		for _, f := range s.fields {
			tok := s.tok(f)
			c, ok := parseCount(tok, maxMatrixRows)
			if !ok {
				if string(tok) == "-" {
					return nil, s.errorAt(f, ErrSyntax, `"-" (a row of zeros) must be alone on its line`)
				}
				return nil, s.errorAt(f, ErrSyntax, fmt.Sprintf("want a column number from 1 to %d, found %s", m, quote.Short(string(tok))))
			}
			if c < 1 || c > m {
				return nil, s.errorAt(f, ErrUnknownItem, fmt.Sprintf("column %d out of range 1 to %d", c, m))
			}
			if mark[c-1] == row {
				return nil, s.errorAt(f, ErrRepeatedItem, fmt.Sprintf("column %d repeated in row %d", c, row))
			}
			mark[c-1] = row
			items = append(items, c-1)
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
