package sudoku

import (
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

func TestJSON(t *testing.T) {
	p16 := "1..............4"
	tests := []struct {
		in      string
		variant string // the decoded variant's name
		boxes   [][]int
		extra   int    // number of extra regions
		out     string // WriteGrid in the JSON format; "" for the input
	}{
		{in: `{"size":"3x3","puzzle":"` + p81 + `"}`},
		{in: `{"puzzle":"` + p81 + `"}`, out: `{"size":"3x3","puzzle":"` + p81 + `"}`},
		{in: `{"size":"9x9","variant":"standard","puzzle":"` + p81 + `"}`, out: `{"size":"3x3","puzzle":"` + p81 + `"}`},
		{in: `{"size":"3x3","variant":"diagonal","puzzle":"` + p81 + `"}`, variant: "diagonal", extra: 2},
		{in: `{"size":"3x3","variant":"hyper","puzzle":"` + p81 + `"}`, variant: "hyper", extra: 4},
		{in: `{"size":"2x2","variant":"jigsaw","regions":"1112122233443344","puzzle":"` + p16 + `"}`, variant: "jigsaw", boxes: [][]int{{0, 1, 2, 4}, {3, 5, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}}},
		{in: `{"size":"2x2","regions":"AAABABBBCCDDCCDD","puzzle":"` + p16 + `"}`, variant: "jigsaw", boxes: [][]int{{0, 1, 2, 4}, {3, 5, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}},
			out: `{"size":"2x2","variant":"jigsaw","regions":"1112122233443344","puzzle":"` + p16 + `"}`},
		{in: `{"size":"2x2","variant":"mine","extra":[[0,5,10,15]],"cells":[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4]}`, variant: "mine", extra: 1,
			out: `{"size":"2x2","variant":"mine","extra":[[0,5,10,15]],"cells":[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,4]}`},
		{in: `{"size":"4x4","alphabet":"0-9A-F","puzzle":"0F` + strings.Repeat(".", 254) + `"}`, out: `{"size":"4x4","alphabet":"0123456789ABCDEF","puzzle":"0F` + strings.Repeat(".", 254) + `"}`},
		{in: `{"size":"5x5","puzzle":"25` + strings.Repeat(" 0", 624) + `"}`, out: `{"size":"5x5","cells":[25` + strings.Repeat(",0", 624) + `]}`},
	}
	for _, tc := range tests {
		g, f, err := ParseGrid(tc.in, ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		name := ""
		var boxes, extra [][]int
		if g.Variant != nil {
			name, boxes, extra = g.Variant.Name, g.Variant.Boxes, g.Variant.Extra
		}
		if name != tc.variant || !slices.EqualFunc(boxes, tc.boxes, slices.Equal) || len(extra) != tc.extra {
			t.Errorf("%s: variant %q boxes %v, %d extra regions; want %q %v %d", tc.in, name, boxes, len(extra), tc.variant, tc.boxes, tc.extra)
		}
		var sb strings.Builder
		if err := WriteGrid(&sb, g, f); err != nil {
			t.Fatal(err)
		}
		want := tc.out
		if want == "" {
			want = tc.in
		}
		if got := strings.TrimSuffix(sb.String(), "\n"); got != want {
			t.Errorf("%s: prints as\n%s\nwant\n%s", tc.in, got, want)
		}
		// Grid's own JSON methods agree.
		b, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var h Grid
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		sameGrid(t, &h, g)
	}
}

func TestJSONErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"size":"3x3","puzzle":"` + p81 + `",}`, "line 1, column 108: json: invalid character '}' looking for beginning of object key string"},
		{`{"size":"3x3","puzzle":81}`, `line 1, column 24: json: field "puzzle": a number, want a string`},
		{`{"size":"3x3","cages":[{"sum":1e99}]}`, `line 1, column 31: json: field "cages.sum": the number 1e99, want an integer of 64 bits`},
		{`{"size":"3y3","puzzle":"` + p81 + `"}`, `json: size: shape "3y3": want RxC (box rows x box columns) or a side N: bad grid shape`},
		{`{"size":"2x3","puzzle":"` + p81 + `"}`, "json: puzzle: long puzzle: 81 cells, want 36"},
		{`{"puzzle":"` + p81[:40] + "x" + p81[41:] + `"}`, "json: puzzle: column 41: unexpected 'x', want 1-9 or a blank (. 0 - _)"},
		{`{"variant":"diagonal","regions":"1112122233443344","puzzle":"1..............4"}`, `json: variant "diagonal" with regions, want "jigsaw"`},
		{`{"regions":"1112","puzzle":"1..............4"}`, "json: region map: line 1: 4 symbols, want 16 (4 lines of 4): bad variant"},
		{`{"extra":[[0,1,2]],"puzzle":"1..............4"}`, "json: extra region 1: 3 cells, want 4: bad variant"},
		{`{"size":"3x3"}`, "json: puzzle: empty puzzle"},
		{`{"puzzle":"` + p81 + `"} {}`, "line 1, column 96: json: unexpected text after the object"},
		{`{"puzzle":"` + p81 + `"}}`, "line 1, column 95: json: unexpected text after the object"},
		{"\n\n  " + `{"puzzle":"` + p81 + `",` + "\n" + `"cage":[]}`, `line 4, column 1: json: unknown field "cage" (did you mean "cages"?)`},
	}
	for _, tc := range tests {
		_, _, err := ParseGrid(tc.in, ReadOptions{})
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %v is not a *ParseError", tc.in, err)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, err, tc.want)
		}
	}
}

// endless yields the same line forever.
type endless struct {
	line []byte
	off  int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], e.line[e.off:])
		n += k
		e.off = (e.off + k) % len(e.line)
	}
	return n, nil
}

// TestReaderAllocs: reading one-line 9x9 puzzles allocates one block per
// puzzle and nothing else, so a stream of any length reads in constant
// memory beyond the puzzles kept.
func TestReaderAllocs(t *testing.T) {
	r := NewReader(&endless{line: []byte(p81 + " 2.5\n" + p81 + "\n")}, ReadOptions{})
	allocs := testing.AllocsPerRun(10000, func() {
		if _, err := r.Next(); err != nil && err != io.EOF {
			t.Fatal(err)
		}
	})
	// One block per puzzle, one string for every other puzzle's Rest.
	if allocs > 1.5 {
		t.Errorf("%.2f allocations per puzzle, want at most 1.5", allocs)
	}
}
