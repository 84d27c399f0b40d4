package bitboard_test

import (
	"runtime"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/solver/dfs"
	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// benchFiles are the files the benchmarks run on, with the number of
// solutions to look for (2 for serg, whose puzzles have several) and how
// many puzzles the slow DFS baseline takes (0: all).
var benchFiles = []struct {
	name   string
	limit  int
	dfsMax int
}{
	{"sudoku_small.txt", 1, 0},
	{"puzzles2_17_clue", 1, 500},
	{"puzzles5_forum_hardest_1905_11+", 1, 300},
	{"puzzles7_serg_benchmark", 2, 0},
	{"top95.txt", 1, 0},
}

// benchSolve runs count over the puzzles once per iteration and reports
// puzzles per second and guesses per puzzle, and where the system gives
// it the thread's CPU time per puzzle (cpu-µs/puzzle), which stays put
// when other jobs share the cores and wall time does not.
func benchSolve(b *testing.B, ps [][81]uint8, limit int, count func(*[81]uint8, int, *[81]uint8) (int, int)) {
	b.ReportAllocs()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var sol [81]uint8
	guesses := 0
	cpu0 := cputime.Thread()
	for b.Loop() {
		guesses = 0
		for i := range ps {
			_, g := count(&ps[i], limit, &sol)
			guesses += g
		}
	}
	n := float64(b.N) * float64(len(ps))
	if cpu := cputime.Thread() - cpu0; cpu > 0 {
		b.ReportMetric(cpu.Seconds()*1e6/n, "cpu-µs/puzzle")
	}
	b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(b.Elapsed().Seconds()*1e6/n, "µs/puzzle")
	b.ReportMetric(float64(guesses)/float64(len(ps)), "guesses/puzzle")
}

func BenchmarkFast(b *testing.B) {
	for _, f := range benchFiles {
		b.Run(f.name, func(b *testing.B) {
			ps := gridtest.ReadPuzzles81(b, shareddata.Path(b, "data/"+f.name), 0)
			var s bitboard.Solver
			benchSolve(b, ps, f.limit, s.Count)
		})
	}
}

// BenchmarkFastCount2 is tdoku's task on every file: up to two solutions,
// a solution and the proof that it is the only one.
func BenchmarkFastCount2(b *testing.B) {
	for _, f := range benchFiles {
		b.Run(f.name, func(b *testing.B) {
			ps := gridtest.ReadPuzzles81(b, shareddata.Path(b, "data/"+f.name), 0)
			var s bitboard.Solver
			benchSolve(b, ps, 2, s.Count)
		})
	}
}

func BenchmarkDFS(b *testing.B) {
	for _, f := range benchFiles {
		b.Run(f.name, func(b *testing.B) {
			ps := gridtest.ReadPuzzles81(b, shareddata.Path(b, "data/"+f.name), f.dfsMax)
			benchSolve(b, ps, f.limit, dfs.Count)
		})
	}
}
