package sudoku

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// readAll reads every puzzle of a file, failing on any error.
func readAll(t *testing.T, text string, opt ReadOptions) []*Puzzle {
	t.Helper()
	r := NewReader(bytes.NewReader([]byte(text)), opt)
	var ps []*Puzzle
	for {
		p, err := r.Next()
		if err == io.EOF {
			return ps
		}
		if err != nil {
			t.Fatalf("puzzle %d: %v", len(ps)+1, err)
		}
		ps = append(ps, p)
	}
}

func readFixture(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "formats", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSeedExamples reads each seed document's example input, takes the
// solutions from its expected output (read as puzzles too), and checks
// that printing each solution in its puzzle's format gives the expected
// output byte for byte.
func TestSeedExamples(t *testing.T) {
	for _, name := range []string{"seed001", "seed002"} {
		t.Run(name, func(t *testing.T) {
			in := readAll(t, readFixture(t, name+".in"), ReadOptions{})
			wantText := readFixture(t, name+".want")
			out := readAll(t, wantText, ReadOptions{})
			if len(in) != len(out) {
				t.Fatalf("%d puzzles in, %d solutions out", len(in), len(out))
			}
			var buf bytes.Buffer
			for i, p := range in {
				sol := out[i].Grid
				for c, v := range p.Grid.Cells {
					if v != 0 && sol.Cells[c] != v {
						t.Fatalf("puzzle %d cell %d: given %d, solution %d", i+1, c, v, sol.Cells[c])
					}
					if sol.Cells[c] == 0 {
						t.Fatalf("solution %d has a blank at cell %d", i+1, c)
					}
				}
				if err := WriteGrid(&buf, sol, p.Format); err != nil {
					t.Fatal(err)
				}
			}
			if got := buf.String(); got != wantText {
				t.Errorf("output differs:\n got %q\nwant %q", got, wantText)
			}
		})
	}
}
