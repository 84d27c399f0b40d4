package sudoku

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// printAll prints puzzles the way they were read: each grid in its own
// format, one-line puzzles followed by their Rest.
func printAll(t *testing.T, ps []*Puzzle) string {
	t.Helper()
	var buf bytes.Buffer
	for _, p := range ps {
		if p.Rest != "" {
			b, err := AppendGrid(nil, p.Grid, p.Format)
			if err != nil {
				t.Fatal(err)
			}
			end := len(b) - 1
			if p.Format.CRLF {
				end--
			}
			buf.Write(b[:end])
			buf.WriteString(p.Rest)
			buf.Write(b[end:])
			continue
		}
		if err := WriteGrid(&buf, p.Grid, p.Format); err != nil {
			t.Fatal(err)
		}
	}
	return buf.String()
}

// TestRoundTrip reads every fixture in testdata/formats/roundtrip, prints
// the puzzles back in the format each came in, and wants the file byte
// for byte. Each puzzle's own text must also parse alone (ParseGrid) to
// the same grid, and its canonical forms in every layout must read back
// to the same grid.
func TestRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "formats", "roundtrip", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			ps := readAll(t, string(b), ReadOptions{})
			if len(ps) == 0 {
				t.Fatal("no puzzles")
			}
			if got := printAll(t, ps); got != string(b) {
				t.Errorf("printed back differently:\n got %q\nwant %q", got, b)
			}
			for i, p := range ps {
				one := printAll(t, []*Puzzle{p})
				if p.Rest != "" {
					one = printAll(t, []*Puzzle{{Grid: p.Grid, Format: p.Format}})
				}
				g, f, err := ParseGrid(one, ReadOptions{Variant: p.Grid.Variant})
				if err != nil {
					t.Fatalf("puzzle %d alone: %v\n%s", i+1, err, one)
				}
				sameGrid(t, g, p.Grid)
				if f.Layout != p.Format.Layout || f.Alphabet != p.Format.Alphabet || f.Numbers != p.Format.Numbers {
					t.Errorf("puzzle %d alone: format %+v, in the file %+v", i+1, f, p.Format)
				}
				for _, layout := range []Layout{Line, Rows, Boxed, JSON} {
					cf := p.Format.Canonical()
					cf.Layout = layout
					text, err := AppendGrid(nil, p.Grid, cf)
					if err != nil {
						t.Fatal(err)
					}
					opt := ReadOptions{Shape: p.Grid.Shape, Alphabet: p.Format.Alphabet, Variant: p.Grid.Variant}
					g, f, err := ParseGrid(string(text), opt)
					if err != nil {
						t.Fatalf("puzzle %d as %v: %v\n%s", i+1, layout, err, text)
					}
					sameGrid(t, g, p.Grid)
					if f.Layout != layout {
						t.Errorf("puzzle %d as %v reads back as %v:\n%s", i+1, layout, f.Layout, text)
					}
				}
			}
		})
	}
}

func sameGrid(t *testing.T, got, want *Grid) {
	t.Helper()
	if got.Shape.norm() != want.Shape.norm() || !slices.Equal(got.Cells, want.Cells) {
		t.Fatalf("grid differs:\n got %v %s\nwant %v %s", got.Shape, got, want.Shape, want)
	}
	gn, wn := "", ""
	if got.Variant != nil {
		gn = got.Variant.Name
	}
	if want.Variant != nil {
		wn = want.Variant.Name
	}
	if gn != wn {
		t.Fatalf("variant %q, want %q", gn, wn)
	}
}

var _ = strings.TrimSpace
