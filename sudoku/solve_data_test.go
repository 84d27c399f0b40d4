package sudoku

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// readLines81 reads the 9x9 puzzles of a shared data file: the first
// 81-character field of each line ('.' or '0' blank, CSV: the first column),
// with the solution of the CSV's second column when there is one. It is
// deliberately independent of the package's readers.
func readLines81(tb testing.TB, rel string) (puzzles, solutions []*Grid) {
	tb.Helper()
	f, err := os.Open(shareddata.Path(tb, rel))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	parse := func(s string) *Grid {
		if len(s) != 81 {
			tb.Fatalf("%s: line %q is not 81 characters", rel, s)
		}
		g := NewGrid(Standard, nil)
		for i := 0; i < 81; i++ {
			if c := s[i]; c >= '1' && c <= '9' {
				g.Cells[i] = c - '0'
			}
		}
		return g
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		fields := strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == ' ' })
		puzzles = append(puzzles, parse(fields[0]))
		if strings.Contains(line, ",") {
			solutions = append(solutions, parse(fields[1]))
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return puzzles, solutions
}

// sharedFiles lists every puzzle file of the shared data with the verdict
// of all its puzzles (established by tdoku, see data/README.md).
var sharedFiles = []struct {
	name string
	kind VerdictKind
}{
	{"data/test1", Unique},
	{"data/test1000", Unique},
	{"data/hardest.txt", Unique},
	{"data/top95.txt", Unique},
	{"data/p096_sudoku.txt", Unique},
	{"data/sudoku_small.txt", Unique},
	{"data/sudoku_small.csv", Unique},
	{"data/se_rated_sample.txt", Unique},
	{"data/puzzles2_17_clue", Unique},
	{"data/puzzles_17_clue_49151", Unique},
	{"data/puzzles5_forum_hardest_1905_11+", Unique},
	{"data/puzzles7_serg_benchmark", Multiple},
}

// TestSharedData checks the verdict of every puzzle of every shared file
// and verifies each solution: with the fast solver on every puzzle, and
// with the exact-cover solver on a sample of each file (every puzzle of
// the small files).
func TestSharedData(t *testing.T) {
	ctx := context.Background()
	for _, f := range sharedFiles {
		t.Run(strings.TrimPrefix(f.name, "data/"), func(t *testing.T) {
			puzzles, solutions := readLines81(t, f.name)
			methods := []Method{DLX, Fast}
			for _, m := range methods {
				s := NewSolver(Options{Method: m})
				stride := 1
				if testing.Short() {
					// -short (and -race in CI): a few thousand per file.
					stride = max1(len(puzzles) / 3000)
				}
				if m == DLX {
					max := 1500
					switch {
					case strings.Contains(f.name, "hardest_1905"):
						max = 300
					}
					if testing.Short() {
						max /= 5
					}
					stride = max1(len(puzzles) / max)
				}
				checked := 0
				for i := 0; i < len(puzzles); i += stride {
					g := puzzles[i]
					v, err := s.Check(ctx, g)
					if err != nil {
						t.Fatalf("%v: puzzle %d: %v", m, i+1, err)
					}
					if v.Kind != f.kind {
						t.Fatalf("%v: puzzle %d: %v, want %v", m, i+1, v, f.kind)
					}
					if v.Kind == Unique {
						checkSolution(t, g, v.Solution)
						if solutions != nil && string(solutions[i].Cells) != string(v.Solution.Cells) {
							t.Fatalf("%v: puzzle %d: solution differs from the CSV's", m, i+1)
						}
					}
					checked++
				}
				t.Logf("%v: %d of %d puzzles checked: all %v", m, checked, len(puzzles), f.kind)
			}
		})
	}
}

func max1(x int) int {
	if x < 1 {
		return 1
	}
	return x
}

func benchFile(b *testing.B, rel string, m Method, limit int) {
	puzzles, _ := readLines81(b, rel)
	s := NewSolver(Options{Method: m})
	ctx := context.Background()
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		g := puzzles[i]
		if i++; i == len(puzzles) {
			i = 0
		}
		var err error
		if limit == 1 {
			_, err = s.Solve(ctx, g)
		} else {
			_, err = s.Count(ctx, g, limit)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkDLX17Clue solves puzzles2_17_clue with the exact-cover solver.
func BenchmarkDLX17Clue(b *testing.B) { benchFile(b, "data/puzzles2_17_clue", DLX, 1) }

// BenchmarkDLXHardest solves puzzles5_forum_hardest_1905_11+ with the
// exact-cover solver.
func BenchmarkDLXHardest(b *testing.B) {
	benchFile(b, "data/puzzles5_forum_hardest_1905_11+", DLX, 1)
}

// BenchmarkDLXSerg counts the first 2 solutions of the serg benchmark.
func BenchmarkDLXSerg(b *testing.B) { benchFile(b, "data/puzzles7_serg_benchmark", DLX, 2) }

// BenchmarkDLXSmall solves sudoku_small.txt with the exact-cover solver.
func BenchmarkDLXSmall(b *testing.B) { benchFile(b, "data/sudoku_small.txt", DLX, 1) }

// BenchmarkAuto17Clue and BenchmarkAutoHardest use Method Auto (the fast
// solver for standard 9x9 when it is available).
func BenchmarkAuto17Clue(b *testing.B) { benchFile(b, "data/puzzles2_17_clue", Auto, 1) }
func BenchmarkAutoHardest(b *testing.B) {
	benchFile(b, "data/puzzles5_forum_hardest_1905_11+", Auto, 1)
}
