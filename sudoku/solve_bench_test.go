package sudoku

import (
	"context"
	"math/rand/v2"
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

// puzzles16 returns 16x16 puzzles: random grids of pattern with
// 120 of their cells blank (several solutions: Solve stops at the first).
func puzzles16(n int) []*Grid {
	rng := rand.New(rand.NewPCG(16, 16))
	var out []*Grid
	for range n {
		g := patternGrid(Shape{4, 4}, rng)
		for _, c := range rng.Perm(256)[:120] {
			g.Cells[c] = 0
		}
		out = append(out, g)
	}
	return out
}

// BenchmarkSolve16x16 solves 16x16 puzzles with one Solver: its matrix is
// built once, each puzzle applies its givens to it and searches.
func BenchmarkSolve16x16(b *testing.B) {
	puzzles := puzzles16(64)
	s := NewSolver(Options{})
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := s.Solve(ctx, puzzles[i%len(puzzles)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkBuild builds the exact-cover matrix of a grid and solves it
// with a new Solver each time: the cost of a matrix not in the cache.
func BenchmarkBuild(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	killer := NewGrid(Standard, randomConstraints(patternGrid(Standard, rng), nil, rng))
	killer.Variant.AntiKing, killer.Variant.AntiKnight, killer.Variant.NonConsecutive = false, false, false
	killer.Variant.Thermos = nil
	for _, bc := range []struct {
		name string
		g    *Grid
	}{
		{"9x9", puzzles16(1)[0]},
		{"16x16", puzzles16(1)[0]},
		{"9x9killer", killer},
		{"25x25", NewGrid(Shape{5, 5}, nil)},
	} {
		if bc.name == "9x9" {
			bc.g = patternGrid(Standard, rng)
			bc.g.Cells[0], bc.g.Cells[40] = 0, 0
		}
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewSolver(Options{Method: DLX}).Solve(ctx, bc.g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
