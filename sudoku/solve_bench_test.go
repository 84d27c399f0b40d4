package sudoku

import (
	"context"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
)

// benchSolveDLX solves the puzzles of a shared file in turn with the
// exact-cover solver on one goroutine, reporting puzzles per second and
// search nodes per puzzle, and the same per CPU second (a steadier measure
// on a shared machine). It checks the first solutions against the givens
// and the Sudoku rules first, untimed (checkSolution shares no code with
// the solver).
func benchSolveDLX(b *testing.B, rel string) {
	puzzles, _ := readLines81(b, rel)
	s := NewSolver(Options{Method: DLX})
	ctx := context.Background()
	for _, g := range puzzles[:min(len(puzzles), 500)] {
		sol, err := s.Solve(ctx, g)
		if err != nil {
			b.Fatalf("%v: %v", g.Cells, err)
		}
		checkSolution(b, g, sol)
	}
	b.ReportAllocs()
	var nodes, solved int64
	i := 0
	cpu0 := cputime.Process()
	for b.Loop() {
		g := puzzles[i]
		if i++; i == len(puzzles) {
			i = 0
		}
		if _, err := s.Solve(ctx, g); err != nil {
			b.Fatal(err)
		}
		nodes += int64(s.Guesses())
		solved++
	}
	cpu := cputime.Process() - cpu0
	b.ReportMetric(float64(solved)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(nodes)/float64(solved), "nodes/puzzle")
	if cpu > 0 {
		b.ReportMetric(float64(solved)/cpu.Seconds(), "puzzles/cpu-s")
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(solved), "cpu-ns/op")
	}
}

func BenchmarkSolveDLX17Clue(b *testing.B)  { benchSolveDLX(b, "data/puzzles2_17_clue") }
func BenchmarkSolveDLXHardest(b *testing.B) { benchSolveDLX(b, "data/puzzles5_forum_hardest_1905_11+") }
