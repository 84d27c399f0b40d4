package model

import (
	"context"
	"testing"

	"github.com/dlxkit/dlx/exactcover"
)

// benchCount counts all solutions of p once per iteration and reports
// updates and nodes per second (DLX1's measures, comparable across
// machines in ratio).
func benchCount(b *testing.B, p *exactcover.Problem, workers int, want int64) {
	b.Helper()
	s := exactcover.NewSolver(p)
	var st exactcover.Stats
	for b.Loop() {
		n, err := s.Count(context.Background(), exactcover.Options{Workers: workers})
		if err != nil {
			b.Fatal(err)
		}
		if n != want {
			b.Fatalf("%d solutions, want %d", n, want)
		}
		st = s.Stats()
	}
	sec := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(st.Updates)/sec, "updates/s")
	b.ReportMetric(float64(st.Nodes)/sec, "nodes/s")
	b.ReportMetric(float64(st.Updates), "updates/op")
}

func mustProblem(b *testing.B, p *exactcover.Problem, err error) *exactcover.Problem {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkModels counts the models sequentially (workers=1) and with two
// goroutines (workers=2). pento6x10 takes seconds per iteration: select it
// with -bench 'Models/pento6x10'.
func BenchmarkModels(b *testing.B) {
	type bench struct {
		name string
		gen  func() (*exactcover.Problem, error)
		want int64
	}
	benches := []bench{
		{"queens12", func() (*exactcover.Problem, error) { return Queens(12) }, 14200},
		{"queens13", func() (*exactcover.Problem, error) { return Queens(13) }, 73712},
		{"langford11", func() (*exactcover.Problem, error) { return Langford(11) }, 35584},
		{"langford12", func() (*exactcover.Problem, error) { return Langford(12) }, 216288},
		{"pento3x20", func() (*exactcover.Problem, error) { return Pentomino(3, 20) }, 8},
		{"pento6x10", func() (*exactcover.Problem, error) { return Pentomino(6, 10) }, 9356},
	}
	for _, bb := range benches {
		for _, workers := range []int{1, 2} {
			b.Run(bb.name+"/workers="+string(rune('0'+workers)), func(b *testing.B) {
				p, err := bb.gen()
				benchCount(b, mustProblem(b, p, err), workers, bb.want)
			})
		}
	}
}
