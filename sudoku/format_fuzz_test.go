package sudoku

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// addFixtures seeds a fuzz corpus with the format fixtures.
func addFixtures(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "formats", "*", "*.txt"))
	more, _ := filepath.Glob(filepath.Join("testdata", "formats", "*.in"))
	for _, file := range append(files, more...) {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(string(b))
		}
	}
	for _, s := range []string{
		"", "\n", "3\n", p81, p81[:80], p81 + " 2.5\r\n", "1234\n3412\n2143\n4321\n",
		"+---+\n|1.|\n", "-\n-\n", "----------------\n", "{", `{"puzzle":"` + p81 + `"}`,
		"1 2 | 3 4 | 5 6\n", "0 0 0\n", "||||\n", "-+-\n-+-\n",
	} {
		f.Add(s)
	}
}

// FuzzReader: the reader never panics nor loops, every error is a
// *ParseError, and every puzzle it reads prints back (in its own format)
// to a text that reads alone as the same grid.
func FuzzReader(f *testing.F) {
	addFixtures(f)
	f.Fuzz(func(t *testing.T, in string) {
		r := NewReader(strings.NewReader(in), ReadOptions{})
		lines := strings.Count(in, "\n") + 2
		for i := 0; ; i++ {
			if i > lines {
				t.Fatalf("more than %d results from %d lines", i, lines)
			}
			p, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("error %v (%T) is not a *ParseError", err, err)
				}
				continue
			}
			text, err := AppendGrid(nil, p.Grid, p.Format)
			if err != nil {
				t.Fatalf("puzzle %s with format %+v does not print: %v", p.Grid, p.Format, err)
			}
			opt := ReadOptions{Shape: p.Grid.Shape, Alphabet: p.Format.Alphabet, Variant: p.Grid.Variant}
			g, _, err := ParseGrid(string(text), opt)
			if err != nil {
				t.Fatalf("printed puzzle does not read back: %v\n%q\nformat %+v", err, text, p.Format)
			}
			if g.Shape != p.Grid.Shape || !slices.Equal(g.Cells, p.Grid.Cells) {
				t.Fatalf("printed puzzle reads back as %v %s, want %v %s\n%q", g.Shape, g, p.Grid.Shape, p.Grid, text)
			}
		}
	})
}

// FuzzParseGrid: ParseGrid never panics, and a grid it reads gives a
// String() that reads back as the same grid.
func FuzzParseGrid(f *testing.F) {
	addFixtures(f)
	f.Fuzz(func(t *testing.T, in string) {
		g, _, err := ParseGrid(in, ReadOptions{})
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T) is not a *ParseError", err, err)
			}
			return
		}
		s := g.String()
		h, _, err := ParseGrid(s, ReadOptions{Shape: g.Shape, Variant: g.Variant})
		if err != nil {
			t.Fatalf("String() %q does not read back: %v", s, err)
		}
		if !slices.Equal(g.Cells, h.Cells) || g.Shape != h.Shape {
			t.Fatalf("String() %q reads back as %s", s, h)
		}
	})
}

// FuzzJSON: JSON decoding never panics, and a grid it decodes encodes and
// decodes again to the same grid and variant.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{
		`{"size":"3x3","puzzle":"` + p81 + `"}`,
		`{"size":"2x2","variant":"diagonal","puzzle":"1.3...2........4"}`,
		`{"size":"2x2","variant":"jigsaw","regions":"1122112233443344","puzzle":"1.3...2........4"}`,
		`{"size":"2x2","variant":"mine","extra":[[0,5,10,15]],"cells":[1,0,3,0,0,0,2,0,0,0,0,0,0,0,0,4]}`,
		`{"size":"16x16","puzzle":"` + strings.Repeat(".", 256) + `"}`,
		`{"puzzle":3}`, `{}`, `[]`, `{"size":"0x0"}`, `{"cells":[]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var g Grid
		if err := json.Unmarshal([]byte(in), &g); err != nil {
			return
		}
		b, err := json.Marshal(&g)
		if err != nil {
			t.Fatalf("decoded grid %v %s does not encode: %v", g.Shape, &g, err)
		}
		var h Grid
		if err := json.Unmarshal(b, &h); err != nil {
			t.Fatalf("%s does not decode: %v", b, err)
		}
		if g.Shape != h.Shape || !slices.Equal(g.Cells, h.Cells) {
			t.Fatalf("%s decodes as %s, want %s", b, &h, &g)
		}
		if (g.Variant == nil) != (h.Variant == nil) {
			t.Fatalf("%s: variant %v, want %v", b, h.Variant, g.Variant)
		}
		if g.Variant != nil && (g.Variant.Name != h.Variant.Name || !slices.EqualFunc(g.Variant.Extra, h.Variant.Extra, slices.Equal) || !slices.EqualFunc(g.Variant.Boxes, h.Variant.Boxes, slices.Equal)) {
			t.Fatalf("%s: variant %+v, want %+v", b, h.Variant, g.Variant)
		}
	})
}
