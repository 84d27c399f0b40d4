package sudoku

import (
	"strings"
	"testing"
)

// TestErrorsQuoteShort: parse errors quote at most a few dozen characters
// of the input, however long it is (they used to repeat a 1.5 MB rest in
// full).
func TestErrorsQuoteShort(t *testing.T) {
	p36 := strings.Repeat(".", 36*36)        // a 36x36 puzzle, one line
	junk := strings.Repeat("junk ", 180_000) // 900 kB: lines are at most 1 MiB
	long := strings.Repeat("x", 100_000)
	for _, tc := range []struct {
		name string
		err  func() error
		want string // the start of the quote
	}{
		{"rest after a 36x36", func() error { _, _, err := ParseGrid(p36+" "+junk, ReadOptions{}); return err }, `unexpected "junk junk`},
		{"rest in JSON", func() error {
			_, _, err := ParseGrid(`{"puzzle":"`+p36+" "+junk+`"}`, ReadOptions{})
			return err
		}, `unexpected "junk junk`},
		{"JSON variant with regions", func() error {
			_, _, err := ParseGrid(`{"variant":"`+long+`","regions":"1","puzzle":"`+p36+`"}`, ReadOptions{})
			return err
		}, `variant "xxx`},
		{"number too large", func() error {
			_, _, err := ParseGrid(strings.Repeat("0 ", 80)+"9"+strings.Repeat("9", 50_000), ReadOptions{})
			return err
		}, `"999`},
		{"shape", func() error { _, err := ParseShape(long); return err }, `shape "xxx`},
		{"layout", func() error { _, err := ParseLayout(long); return err }, `layout "xxx`},
		{"alphabet", func() error { _, err := ExpandAlphabet(strings.Repeat("AB", 50_000)); return err }, `alphabet "ABAB`},
		{"alphabet for the size", func() error {
			_, _, err := ParseGrid(p36, ReadOptions{Alphabet: "123456789" + long})
			return err
		}, `alphabet "123`},
		{"variant name", func() error { _, err := VariantByName(long, Standard); return err }, `variant "xxx`},
		{"method", func() error { _, err := ParseMethod(long); return err }, `solver "xxx`},
	} {
		err := tc.err()
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		msg := err.Error()
		if len(msg) > 300 || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: %d-byte message %.300q, want at most 300 bytes quoting %s", tc.name, len(msg), msg, tc.want)
		}
	}
}
