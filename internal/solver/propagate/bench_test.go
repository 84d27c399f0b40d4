package propagate

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
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

// BenchmarkKillers counts the published killers of the sudoku package to
// 2, with the cages alone and with the cages that sudoku.DerivedCages
// adds (the rule of 45: innies and outies).
func BenchmarkKillers(b *testing.B) {
	data, err := os.ReadFile("../../../sudoku/testdata/killer_published.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var p struct {
			Name   string `json:"name"`
			Puzzle struct {
				Puzzle  string        `json:"puzzle"`
				Regions string        `json:"regions"`
				Cages   []sudoku.Cage `json:"cages"`
			} `json:"puzzle"`
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			b.Fatal(err)
		}
		v := &sudoku.Variant{Cages: p.Puzzle.Cages}
		if p.Puzzle.Regions != "" {
			j, err := sudoku.Jigsaw(sudoku.Standard, p.Puzzle.Regions)
			if err != nil {
				b.Fatal(err)
			}
			v.Boxes = j.Boxes
		}
		geo, err := sudoku.NewGeometry(sudoku.Standard, v)
		if err != nil {
			b.Fatal(err)
		}
		for _, derived := range []bool{false, true} {
			cages := p.Puzzle.Cages
			name := "cages"
			if derived {
				cages = append(append([]sudoku.Cage(nil), cages...), sudoku.DerivedCages(geo, cages)...)
				name = "derived"
			}
			m := &Model{N: 9, Houses: geo.Houses}
			for _, c := range cages {
				m.Constraints = append(m.Constraints, Cage{Cells: c.Cells, Sum: c.Sum})
			}
			s, err := New(m)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(p.Name+"/"+name, func(b *testing.B) { benchCount(b, s, parseDigits(p.Puzzle.Puzzle)) })
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
