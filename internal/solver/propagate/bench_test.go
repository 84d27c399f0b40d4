package propagate

import (
	"context"
	"fmt"
	"testing"
)

// benchCount counts givens under s to 2 b.N times, reporting the nodes
// of one count.
func benchCount(b *testing.B, s *Solver, givens []uint8) {
	ctx := context.Background()
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		if n, err := s.Count(ctx, givens, 2, nil); n != 1 || err != nil {
			b.Fatalf("%d, %v", n, err)
		}
		nodes += s.Nodes()
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkSnipes counts all the snipes of testdata/snipes.txt to 2, with
// the conflict weights (wdeg) and without (mrv: fewest candidates, then
// degree).
func BenchmarkSnipes(b *testing.B) {
	snipes := readSnipes(b)
	for _, mode := range []string{"wdeg", "mrv"} {
		b.Run(mode, func(b *testing.B) {
			solvers := make([]*Solver, len(snipes))
			for i, sn := range snipes {
				s, err := New(snipeModel(sn))
				if err != nil {
					b.Fatal(err)
				}
				s.noWeights = mode == "mrv"
				solvers[i] = s
			}
			ctx := context.Background()
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				for _, s := range solvers {
					if n, err := s.Count(ctx, nil, 2, nil); n != 1 || err != nil {
						b.Fatalf("%d, %v", n, err)
					}
					nodes += s.Nodes()
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}

// BenchmarkPublished counts each published puzzle of testdata/published
// to 2, with and without the conflict weights.
func BenchmarkPublished(b *testing.B) {
	for _, mode := range []string{"wdeg", "mrv"} {
		for _, p := range readPublished(b) {
			f, err := readFpuzzles(p.text, cosmeticRules[p.line])
			if err != nil {
				b.Fatal(err)
			}
			s, err := New(f.m)
			if err != nil {
				b.Fatal(err)
			}
			s.noWeights = mode == "mrv"
			b.Run(fmt.Sprintf("%s/%d", mode, p.line), func(b *testing.B) { benchCount(b, s, f.givens) })
		}
	}
}

// BenchmarkLittleKiller counts the little-killer puzzle of testdata to 2.
func BenchmarkLittleKiller(b *testing.B) {
	m, givens, _ := readLittleKiller(b)
	s, err := New(m)
	if err != nil {
		b.Fatal(err)
	}
	benchCount(b, s, givens)
}

// BenchmarkXSum counts the X-sum puzzle of testdata to 2.
func BenchmarkXSum(b *testing.B) {
	m, _ := readXSum(b)
	s, err := New(m)
	if err != nil {
		b.Fatal(err)
	}
	benchCount(b, s, nil)
}
