package exactcover

import (
	"context"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
)

// benchCount counts the solutions of a shared instance, reporting
// updates per second.
func benchCount(b *testing.B, file string, workers int) {
	p := readInstance(b, file)
	s := NewSolver(p)
	ctx := context.Background()
	// A first count builds the engine (NewSolver builds only the one
	// EngineAuto picks).
	if _, err := s.Count(ctx, Options{Workers: workers, Engine: EngineLinks}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var updates int64
	cpu0 := cputime.Process()
	for b.Loop() {
		if _, err := s.Count(ctx, Options{Workers: workers, Engine: EngineLinks}); err != nil {
			b.Fatal(err)
		}
		updates += s.Stats().Updates
	}
	for _, f := range dlx1Figures {
		if st := s.Stats(); f.file == file && (st.Nodes != f.nodes || st.Updates != f.updates || st.Solutions != f.solutions) {
			b.Fatalf("stats %+v, DLX1: %d solutions, %d nodes, %d updates", st, f.solutions, f.nodes, f.updates)
		}
	}
	if f, ok := knuthDLX3[strings.TrimPrefix(file, "mcc/")]; ok {
		if st := s.Stats(); st.Nodes != f.nodes || st.Updates != f.updates || st.Solutions != f.solutions {
			b.Fatalf("stats %+v, DLX3: %d solutions, %d nodes, %d updates", st, f.solutions, f.nodes, f.updates)
		}
	}
	b.ReportMetric(float64(updates)/b.Elapsed().Seconds(), "updates/s")
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		// CPU time is a steadier measure than wall time on a shared machine.
		b.ReportMetric(float64(updates)/cpu.Seconds(), "updates/cpu-s")
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkCountPento6x10(b *testing.B) { benchCount(b, "pento6x10.dlx", 1) }
func BenchmarkCountQueens13(b *testing.B)  { benchCount(b, "queens13.dlx", 1) }
func BenchmarkCountQueens12(b *testing.B)  { benchCount(b, "queens12.dlx", 1) }
func BenchmarkCountLangford(b *testing.B)  { benchCount(b, "langford11.dlx", 1) }

// BenchmarkCountStar2x10 is the search with multiplicities (DLX3's).
func BenchmarkCountStar2x10(b *testing.B) { benchCount(b, "mcc/star2_10.dlx", 1) }

func BenchmarkParallelPento6x10(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) {
			benchCount(b, "pento6x10.dlx", w)
		})
	}
}

func BenchmarkParallelQueens13(b *testing.B) {
	for _, w := range []int{1, 2} {
		b.Run(map[int]string{1: "workers=1", 2: "workers=2"}[w], func(b *testing.B) {
			benchCount(b, "queens13.dlx", w)
		})
	}
}
