package exactcover

import (
	"context"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
)

// benchEngine counts the solutions of a shared instance with the given
// engine and workers, reporting the CPU time per search node and per
// update (each engine's own definitions, see Stats and cells_search.go).
func benchEngine(b *testing.B, file string, e Engine, workers int) {
	p := readInstance(b, file)
	s := NewSolver(p)
	ctx := context.Background()
	opt := Options{Engine: e, Workers: workers}
	if _, err := s.Count(ctx, opt); err != nil { // builds the cells
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
