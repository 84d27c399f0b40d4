package exactcover

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// benchEngine counts the solutions of a shared instance with the given
// engine and workers, reporting the CPU time per search node and per
// update (each engine's own definitions, see Stats and cells_search.go).
func benchEngine(b *testing.B, file string, e Engine, workers int) {
	p := readInstance(b, file)
	s := NewSolver(p)
	ctx := context.Background()
	opt := Options{Engine: e, Workers: workers}
	if _, err := s.Count(ctx, opt); err != nil { // builds the engine
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes, updates int64
	cpu0 := cputime.Process()
	for b.Loop() {
		if _, err := s.Count(ctx, opt); err != nil {
			b.Fatal(err)
		}
		nodes += s.Stats().Nodes
		updates += s.Stats().Updates
	}
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		ns := float64(cpu.Nanoseconds())
		b.ReportMetric(ns/float64(b.N), "cpu-ns/op")
		b.ReportMetric(ns/float64(nodes), "cpu-ns/node")
		b.ReportMetric(ns/float64(updates), "cpu-ns/update")
	}
}

// BenchmarkEngines compares the two engines, one worker, on the shared
// instances.
func BenchmarkEngines(b *testing.B) {
	for _, file := range []string{"queens13.dlx", "langford11.dlx", "pento6x10.dlx", "sud_eastermon.dlx", "sud_inkala2012.dlx"} {
		for _, e := range []Engine{EngineLinks, EngineCells, EngineBits} {
			b.Run(file+"/"+e.String(), func(b *testing.B) { benchEngine(b, file, e, 1) })
		}
	}
}

// BenchmarkEnginesParallel counts with one and two workers.
func BenchmarkEnginesParallel(b *testing.B) {
	for _, file := range []string{"queens13.dlx", "pento6x10.dlx"} {
		for _, e := range []Engine{EngineLinks, EngineCells, EngineBits} {
			for _, w := range []int{1, 2} {
				b.Run(file+"/"+e.String()+"/"+map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) { benchEngine(b, file, e, w) })
			}
		}
	}
}

// BenchmarkSudokuPath is the Sudoku solver's use of the engines: the
// givens of a hard puzzle chosen, a count up to 2 (uniqueness), reset.
func BenchmarkSudokuPath(b *testing.B) {
	puzzles := []string{
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
		"800000000003600000070090200050007000000045700000100030001000068008500010090000400", // Inkala 2012
		"100007090030020008009600500005300900010080002600004000300000010040000007007000300", // Escargot
	}
	p := sudokuProblem(b)
	for _, e := range []Engine{EngineLinks, EngineCells, EngineBits} {
		b.Run(e.String(), func(b *testing.B) {
			s := NewSolver(p)
			ctx := context.Background()
			var nodes int64
			cpu0 := cputime.Process()
			for b.Loop() {
				for _, pz := range puzzles {
					if err := chooseGivens(s, pz); err != nil {
						b.Fatal(err)
					}
					s.ResetAfterSearch()
					if n, err := s.Count(ctx, Options{Limit: 2, Engine: e}); n != 1 || err != nil {
						b.Fatalf("Count = %d, %v", n, err)
					}
					nodes += s.Stats().Nodes
				}
			}
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*len(puzzles)), "cpu-ns/puzzle")
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(nodes), "cpu-ns/node")
			}
		})
	}
}

// BenchmarkSudokuFiles is BenchmarkSudokuPath on the shared puzzle files:
// the 11 of hardest.txt and the first 2,000 of sudoku_small.txt (easy).
func BenchmarkSudokuFiles(b *testing.B) {
	dir := shareddata.Path(b, "data")
	p := sudokuProblem(b)
	for _, file := range []string{"hardest.txt", "sudoku_small.txt"} {
		f, err := os.Open(filepath.Join(dir, file))
		if err != nil {
			b.Skipf("shared data: %v", err)
		}
		var puzzles []string
		sc := bufio.NewScanner(f)
		for sc.Scan() && len(puzzles) < 2000 {
			if l := sc.Text(); len(l) >= 81 {
				puzzles = append(puzzles, l[:81])
			}
		}
		f.Close()
		for _, e := range []Engine{EngineLinks, EngineCells} {
			b.Run(file+"/"+e.String(), func(b *testing.B) {
				s := NewSolver(p)
				ctx := context.Background()
				cpu0 := cputime.Process()
				for b.Loop() {
					for _, pz := range puzzles {
						if err := chooseGivens(s, pz); err != nil {
							b.Fatal(err)
						}
						s.ResetAfterSearch()
						if n, err := s.Count(ctx, Options{Limit: 2, Engine: e}); n != 1 || err != nil {
							b.Fatalf("Count = %d, %v", n, err)
						}
					}
				}
				if cpu := cputime.Process() - cpu0; cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*len(puzzles)), "cpu-ns/puzzle")
				}
			})
		}
	}
}
