package sudoku

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// TestSharedData reads every one-per-line file of the shared data set
// without error, counts the puzzles against the README's figures and
// prints each one back byte for byte.
func TestReadSharedData(t *testing.T) {
	files := []struct {
		name  string
		count int
		blank byte
	}{
		{"puzzles2_17_clue", 49158, '.'},
		{"puzzles_17_clue_49151", 49151, '.'},
		{"test1000", 1000, '0'},
		{"test1", 1, '0'},
		{"puzzles5_forum_hardest_1905_11+", 48766, '.'},
		{"puzzles7_serg_benchmark", 10000, '.'},
		{"top95.txt", 95, '.'},
		{"hardest.txt", 11, '.'},
		{"sudoku_small.txt", 9999, '0'},
		{"p096_sudoku.txt", 50, '0'},
		{"se_rated_sample.txt", 5008, '0'},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			if testing.Short() && f.count > 10000 {
				t.Skip("large file in -short mode")
			}
			path := shareddata.Path(t, "data/"+f.name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			r := NewReader(bytes.NewReader(data), ReadOptions{})
			lines := bufio.NewScanner(bytes.NewReader(data))
			n := 0
			var buf []byte
			for {
				p, err := r.Next()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("puzzle %d: %v", n+1, err)
				}
				n++
				if p.Format.Layout != Line || p.Format.Blank != f.blank || p.Line != n || p.Grid.Shape != Standard {
					t.Fatalf("puzzle %d: format %+v, line %d, shape %v", n, p.Format, p.Line, p.Grid.Shape)
				}
				buf, err = AppendGrid(buf[:0], p.Grid, p.Format)
				if err != nil {
					t.Fatal(err)
				}
				lines.Scan()
				want := lines.Text()
				if got := string(buf[:len(buf)-1]) + p.Rest; got != want {
					t.Fatalf("puzzle %d prints back as\n%s\nwant\n%s", n, got, want)
				}
			}
			if n != f.count {
				t.Errorf("%d puzzles, README says %d", n, f.count)
			}
		})
	}
}
