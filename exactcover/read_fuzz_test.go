package exactcover

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// checkRoundTrip writes p in Knuth's format, reads it back and checks that
// the result is the same problem.
func checkRoundTrip(t *testing.T, p *Problem) {
	t.Helper()
	text := knuthText(t, p)
	q, err := ReadKnuth(strings.NewReader(text))
	if err != nil {
		if p.NumPrimary() == 0 {
			return // not expressible in Knuth's format
		}
		t.Fatalf("ReadKnuth(WriteKnuth(p)) failed: %v\ninput:\n%s", err, text)
	}
	if q.NumItems() != p.NumItems() || q.NumPrimary() != p.NumPrimary() || q.NumOptions() != p.NumOptions() {
		t.Fatalf("round trip changed the size: items %d/%d primary %d/%d options %d/%d",
			p.NumItems(), q.NumItems(), p.NumPrimary(), q.NumPrimary(), p.NumOptions(), q.NumOptions())
	}
	for i := range p.NumItems() {
		// The items come back primary first, in order: compare by name.
		j := q.Item(p.ItemName(i))
		plo, phi := p.ItemBounds(i)
		if qlo, qhi := q.ItemBounds(j); j < 0 || qlo != plo || qhi != phi {
			t.Fatalf("round trip changed item %s: bounds %d:%d -> %d:%d", p.ItemName(i), plo, phi, qlo, qhi)
		}
	}
	for i := range p.NumOptions() {
		if a, b := p.OptionString(i), q.OptionString(i); a != b {
			t.Fatalf("round trip changed option %d: %q -> %q", i, a, b)
		}
	}
	if again := knuthText(t, q); again != text {
		t.Fatalf("round trip changed the text:\n%s\n->\n%s", text, again)
	}
}

// checkParseError checks that err is a *ParseError wrapping a sentinel.
func checkFuzzError(t *testing.T, err error) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not a *ParseError", err, err)
	}
	for _, s := range []error{ErrSyntax, ErrUnknownItem, ErrRepeatedItem, ErrEmptyOption, ErrDuplicateItem, ErrColorPrimary, ErrBounds, ErrCost} {
		if errors.Is(err, s) {
			return
		}
	}
	t.Fatalf("error %v wraps no sentinel", err)
}

func FuzzReadKnuth(f *testing.F) {
	for _, s := range []string{
		"a b c\na b\nc\nb c\n",
		"| comment\np q | x y\np x:1\nq x:1 y\np q\n",
		"a b |x\na x:r\n",
		"a b a\n",
		"a | b | c\n",
		"a\nz\n",
		"a | x\na:red x\n",
		"a b\na b a\n",
		"",
		" | x\nx\n",
		"a\r\na\r\n",
		"2|a 0:3|b c | x\na b x:1\nc\n",
		"1:1|a 3:2|b\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		p, err := ReadKnuth(bytes.NewReader(in))
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		checkRoundTrip(t, p)
	})
}

func FuzzReadMatrix(f *testing.F) {
	for _, s := range []string{seedExample1, seedExample2, "3 4\n0110\n1001\n0000\n", "2 3\n0 1\n", "1 0\n", "0 3\n", "2 2\n1 2\n1 1\n"} {
		f.Add([]byte(s))
	}
	lowerColumnLimit(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := ReadMatrix(bytes.NewReader(in))
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		checkMatrix(t, m)
	})
}

func FuzzReadSparse(f *testing.F) {
	for _, s := range []string{"sparse 3 3\n2\n3\n1\n", "sparse 4 3\n2\n-\n3 1\n1 2 3\n", "sparse 1 3\n1 1\n", "sparse 1 2\n3\n", "sparse 2 2\n1\n", "3 3\n"} {
		f.Add([]byte(s))
	}
	lowerColumnLimit(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := ReadSparse(bytes.NewReader(in))
		if err != nil {
			checkFuzzError(t, err)
			return
		}
		checkMatrix(t, m)
	})
}

// checkMatrix checks the invariants of a parsed matrix and its round trip.
func checkMatrix(t *testing.T, m *Matrix) {
	t.Helper()
	p := m.Problem
	if p.NumItems() != m.NumCols || p.NumPrimary() != m.NumCols || len(m.Rows) != p.NumOptions() {
		t.Fatalf("matrix %dx%d: %d items (%d primary), %d options, %d row numbers",
			m.NumRows, m.NumCols, p.NumItems(), p.NumPrimary(), p.NumOptions(), len(m.Rows))
	}
	for k, r := range m.Rows {
		if r < 1 || r > m.NumRows || k > 0 && r <= m.Rows[k-1] {
			t.Fatalf("row numbers %v not increasing within 1..%d", m.Rows, m.NumRows)
		}
	}
	checkRoundTrip(t, p)
}

// lowerColumnLimit keeps fuzzed headers from asking for a million columns,
// which is legal but makes each run take seconds.
func lowerColumnLimit(f *testing.F) {
	old := columnLimit
	columnLimit = 1 << 12
	f.Cleanup(func() { columnLimit = old })
}
