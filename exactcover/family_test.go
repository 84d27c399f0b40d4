package exactcover

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
)

// familyPuzzle is a line of testdata/sudoku_family.txt: a Sudoku puzzle
// with 10^5 to 10^6 solutions (scripts/sudoku-family.sh).
type familyPuzzle struct {
	puzzle    string
	solutions int64
}

// sudokuFamily reads testdata/sudoku_family.txt.
func sudokuFamily(tb testing.TB) []familyPuzzle {
	tb.Helper()
	f, err := os.Open("testdata/sudoku_family.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []familyPuzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		pz, n, ok := strings.Cut(line, " ")
		c, err := strconv.ParseInt(n, 10, 64)
		if !ok || err != nil {
			tb.Fatalf("testdata/sudoku_family.txt: bad line %q", line)
		}
		out = append(out, familyPuzzle{pz, c})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// familyName names a family puzzle in a benchmark: its size and index.
func familyName(i int, pz familyPuzzle) string {
	n := 9
	if len(pz.puzzle) == 256 {
		n = 16
	}
	return fmt.Sprintf("%dx%d_%d", n, n, i)
}

// givenProblem builds the exact cover problem of a 9x9 or 16x16 Sudoku
// puzzle with its givens applied, as "dlx gen sudoku" writes it: primary
// items for the empty cells and for the digits missing from each row,
// column and box, one option per digit that an empty cell can take
// without clashing with a given. Digits are 1-9 for 9x9, A-P for 16x16;
// anything else is a blank.
func givenProblem(tb testing.TB, puzzle string) *Problem {
	tb.Helper()
	n, box := 9, 3
	if len(puzzle) == 256 {
		n, box = 16, 4
	} else if len(puzzle) != 81 {
		tb.Fatalf("puzzle of %d characters", len(puzzle))
	}
	digit := func(i int) int { // 0 for a blank
		ch := puzzle[i]
		switch {
		case n == 9 && ch >= '1' && ch <= '9':
			return int(ch - '0')
		case n == 16 && ch >= 'A' && ch <= 'P':
			return int(ch-'A') + 1
		}
		return 0
	}
	boxOf := func(r, c int) int { return r/box*box + c/box }
	var rowHas, colHas, boxHas [16][17]bool
	for i := range n * n {
		if d := digit(i); d > 0 {
			r, c := i/n, i%n
			rowHas[r][d], colHas[c][d], boxHas[boxOf(r, c)][d] = true, true, true
		}
	}
	p := NewProblem()
	for i := range n * n {
		if digit(i) == 0 {
			p.AddItem(fmt.Sprintf("p%d_%d", i/n, i%n), false)
		}
	}
	for _, kind := range []struct {
		name string
		has  *[16][17]bool
	}{{"r", &rowHas}, {"c", &colHas}, {"b", &boxHas}} {
		for u := range n {
			for d := 1; d <= n; d++ {
				if !kind.has[u][d] {
					p.AddItem(fmt.Sprintf("%s%d=%d", kind.name, u, d), false)
				}
			}
		}
	}
	for i := range n * n {
		r, c := i/n, i%n
		b := boxOf(r, c)
		if digit(i) != 0 {
			continue
		}
		for d := 1; d <= n; d++ {
			if rowHas[r][d] || colHas[c][d] || boxHas[b][d] {
				continue
			}
			if _, err := p.AddOption(fmt.Sprintf("p%d_%d", r, c), fmt.Sprintf("r%d=%d", r, d),
				fmt.Sprintf("c%d=%d", c, d), fmt.Sprintf("b%d=%d", b, d)); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return p
}

// TestSudokuFamily counts the family's puzzles: the counts of
// testdata/sudoku_family.txt, which the Sudoku solvers gave when the file
// was made. The cells engine counts every puzzle (those with up to
// 200,000 solutions in -short mode), the links and the sparse sets those
// with up to 300,000, the bits engine the 9x9 ones among them (not in
// -short mode).
func TestSudokuFamily(t *testing.T) {
	for i, pz := range sudokuFamily(t) {
		if testing.Short() && pz.solutions > 200_000 {
			continue
		}
		p := givenProblem(t, pz.puzzle)
		for _, e := range []Engine{EngineCells, EngineLinks, engineSparseCells, EngineBits} {
			t.Run(familyName(i, pz)+"/"+e.String(), func(t *testing.T) {
				switch {
				case e != EngineCells && pz.solutions > 300_000:
					t.Skip("a long count: the cells engine only")
				case e == EngineBits && (testing.Short() || len(pz.puzzle) != 81):
					t.Skip("the bits engine: 9x9 puzzles, not in -short mode")
				}
				n, _, err := p.Count(context.Background(), Options{Engine: e})
				if err != nil || n != pz.solutions {
					t.Fatalf("Count = %d, %v; want %d", n, err, pz.solutions)
				}
			})
		}
	}
}

// BenchmarkSudokuFamily counts the family's puzzles with up to 300,000
// solutions (a few tenths of a second each; one worker), with the links,
// the cells engine (mask layout) and its sparse-set layout.
func BenchmarkSudokuFamily(b *testing.B) {
	for i, pz := range sudokuFamily(b) {
		if pz.solutions > 300_000 {
			continue
		}
		p := givenProblem(b, pz.puzzle)
		for _, e := range []Engine{EngineLinks, EngineCells, engineSparseCells} {
			b.Run(familyName(i, pz)+"/"+e.String(), func(b *testing.B) {
				s := NewSolver(p)
				ctx := context.Background()
				opt := Options{Engine: e}
				var nodes int64
				cpu0 := cputime.Process()
				for b.Loop() {
					n, err := s.Count(ctx, opt)
					if err != nil || n != pz.solutions {
						b.Fatalf("Count = %d, %v; want %d", n, err, pz.solutions)
					}
					nodes += s.Stats().Nodes
				}
				if cpu := cputime.Process() - cpu0; cpu > 0 {
					ns := float64(cpu.Nanoseconds())
					b.ReportMetric(ns/float64(b.N), "cpu-ns/op")
					b.ReportMetric(ns/float64(nodes), "cpu-ns/node")
				}
			})
		}
	}
}
