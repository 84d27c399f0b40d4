package propagate_test

// BenchmarkKillers lives in the external test package: it builds its
// models with the sudoku package, which imports this one.

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/solver/propagate"
	"github.com/dlxkit/dlx/sudoku"
)

// countTo2 counts puzzle (81 characters, '.' or '0' for a blank) under s
// to 2 b.N times, reporting the nodes of one count.
func countTo2(b *testing.B, s *propagate.Solver, puzzle string) {
	givens := make([]uint8, len(puzzle))
	for i := range puzzle {
		if d := puzzle[i]; d >= '1' && d <= '9' {
			givens[i] = d - '0'
		}
	}
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
			m := &propagate.Model{N: 9, Houses: geo.Houses}
			for _, c := range cages {
				m.Constraints = append(m.Constraints, propagate.Cage{Cells: c.Cells, Sum: c.Sum})
			}
			s, err := propagate.New(m)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(p.Name+"/"+name, func(b *testing.B) { countTo2(b, s, p.Puzzle.Puzzle) })
		}
	}
}
