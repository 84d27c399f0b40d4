package sudoku

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// readResults reads r to its end and describes each result as one
// string: an error by its text, a puzzle by describe. It fails the test
// when r returns more than lines+2 results.
func readResults(t *testing.T, r *Reader, lines int, describe func(*Puzzle) string) []string {
	t.Helper()
	var out []string
	for i := 0; i <= lines+2; i++ {
		p, err := r.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			out = append(out, "error "+err.Error())
			continue
		}
		out = append(out, describe(p))
	}
	t.Fatalf("more results than lines")
	return nil
}

// describeAll reads every puzzle and error of in, recycling each puzzle once
// keep later ones have been read (keep < 0: never), and describes each
// result as one string: what a reader that recycles must still return.
func describeAll(t *testing.T, in string, keep int) []string {
	t.Helper()
	r := NewReader(strings.NewReader(in), ReadOptions{})
	var held []*Puzzle
	return readResults(t, r, strings.Count(in, "\n"), func(p *Puzzle) string {
		text, err := AppendGrid(nil, p.Grid, p.Format)
		if err != nil {
			t.Fatalf("puzzle %s does not print: %v", p.Grid, err)
		}
		d := fmt.Sprintf("%v %q line %d rest %q variant %v %+v", p.Grid.Shape, text, p.Line, p.Rest, p.Grid.Variant != nil, p.Format)
		if keep >= 0 {
			held = append(held, p)
			if len(held) > keep {
				r.Recycle(held[0])
				held = held[1:]
			}
		}
		return d
	})
}

// TestReaderRecycle: a reader whose puzzles are handed back reads the
// same puzzles, formats, lines and errors as one whose puzzles are not,
// whether each is recycled at once or after later ones were read.
func TestReaderRecycle(t *testing.T) {
	in := strings.Join([]string{
		p81 + " 2.5",
		"# comment",
		strings.ReplaceAll(p81, "0", "."),
		"1234\n3412\n2143\n4321",
		p81[:80] + "x",
		p81 + "\r",
		"+-------+-------+-------+",
		"| 5 3 . | . 7 . | . . . |",
		"| 6 . . | 1 9 5 | . . . |",
		"| . 9 8 | . . . | . 6 . |",
		"+-------+-------+-------+",
		"| 8 . . | . 6 . | . . 3 |",
		"| 4 . . | 8 . 3 | . . 1 |",
		"| 7 . . | . 2 . | . . 6 |",
		"+-------+-------+-------+",
		"| . 6 . | . . . | 2 8 . |",
		"| . . . | 4 1 9 | . . 5 |",
		"| . . . | . 8 . | . 7 9 |",
		"+-------+-------+-------+",
		`{"puzzle":"` + p81 + `"}`,
		p81,
	}, "\n") + "\n"
	want := describeAll(t, in, -1)
	if len(want) < 7 {
		t.Fatalf("fixture reads as %d results, want at least 7: %q", len(want), want)
	}
	for _, keep := range []int{0, 1, 3} {
		got := describeAll(t, in, keep)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("recycling after %d more puzzles:\n%s\nwant\n%s", keep, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// FuzzReaderRecycle: TestReaderRecycle on any input.
func FuzzReaderRecycle(f *testing.F) {
	addFixtures(f)
	f.Fuzz(func(t *testing.T, in string) {
		want := strings.Join(describeAll(t, in, -1), "\n")
		for _, keep := range []int{0, 2} {
			if got := strings.Join(describeAll(t, in, keep), "\n"); got != want {
				t.Fatalf("recycling after %d more puzzles:\n%s\nwant\n%s", keep, got, want)
			}
		}
	})
}

// TestReaderRecycleAllocs: reading one-line 9x9 puzzles whose puzzles
// are handed back allocates nothing per puzzle.
func TestReaderRecycleAllocs(t *testing.T) {
	r := NewReader(&endless{line: []byte(p81 + "\n")}, ReadOptions{})
	allocs := testing.AllocsPerRun(10000, func() {
		p, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		r.Recycle(p)
	})
	if allocs > 0.01 {
		t.Errorf("%.3f allocations per puzzle, want none", allocs)
	}
}
