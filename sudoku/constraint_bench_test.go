package sudoku

import (
	"context"
	"math/rand/v2"
	"testing"
)

// variantInstances returns 9x9 puzzles for each constraint: the published
// killers, and for the others solutions found with a seed, 55 of their
// cells blanked at random (counting such a puzzle to 2 is the work of
// proving a puzzle unique, or of finding it is not).
func variantInstances(tb testing.TB) map[string][]*Grid {
	out := map[string][]*Grid{}
	for _, p := range loadPublishedKillers(tb) {
		if p.Puzzle.Regions != "" {
			continue
		}
		g, _, err := p.Puzzle.Grid(ReadOptions{})
		if err != nil {
			tb.Fatal(err)
		}
		out["killer"] = append(out["killer"], g)
	}
	thermos := [][]int{{0, 1, 2, 11, 20}, {8, 16, 24, 32}, {40, 41, 42, 43}, {72, 63, 54, 45, 36}, {80, 70, 60}}
	kinds := map[string]*Variant{
		"antiknight":     {AntiKnight: true},
		"antiking":       {AntiKing: true},
		"nonconsecutive": {NonConsecutive: true},
		"thermos":        {Thermos: thermos},
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for name, v := range kinds {
		for seed := uint64(1); seed <= 5; seed++ {
			s := NewSolver(Options{Seed: seed})
			sol, err := s.Solve(context.Background(), NewGrid(Standard, v))
			if err != nil {
				tb.Fatalf("%s: %v", name, err)
			}
			g := sol.Clone()
			for _, c := range rng.Perm(81)[:55] {
				g.Cells[c] = 0
			}
			out[name] = append(out[name], g)
		}
	}
	return out
}

// BenchmarkVariants9x9 counts 9x9 puzzles of each constraint to 2, five
// per constraint, reporting the time per puzzle (ns/op is for all five).
func BenchmarkVariants9x9(b *testing.B) {
	ctx := context.Background()
	for name, gs := range variantInstances(b) {
		b.Run(name, func(b *testing.B) {
			s := NewSolver(Options{})
			for b.Loop() {
				for _, g := range gs {
					if _, err := s.Count(ctx, g, 2); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// BenchmarkConstraintEncodings repeats the measurement behind the
// encodings chosen in reduce_constraint.go (docs/variants.md): each set of
// BenchmarkVariants9x9's puzzles counted to 2 with the chosen encoding and
// with one choice reversed, reporting search nodes and time per puzzle.
func BenchmarkConstraintEncodings(b *testing.B) {
	ctx := context.Background()
	inst := variantInstances(b)
	saved := encoding
	defer func() { encoding = saved }()
	cfgs := []struct {
		name                     string
		derived, prune, kingPair bool
	}{
		{"chosen", true, true, false},
		{"no-derived-cages", false, true, false},
		{"no-pruning", true, false, false},
		{"king-pairs", true, true, true},
	}
	for _, name := range []string{"killer", "antiking", "antiknight", "nonconsecutive", "thermos"} {
		for _, c := range cfgs {
			b.Run(name+"/"+c.name, func(b *testing.B) {
				encoding.derived, encoding.prune, encoding.kingPairs = c.derived, c.prune, c.kingPair
				s := NewSolver(Options{}) // a new matrix for the encoding
				nodes := 0
				for b.Loop() {
					nodes = 0
					for _, g := range inst[name] {
						if _, err := s.Count(ctx, g, 2); err != nil {
							b.Fatal(err)
						}
						nodes += s.Guesses()
					}
				}
				k := float64(len(inst[name]))
				b.ReportMetric(float64(nodes)/k, "nodes/puzzle")
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/k/1e3, "µs/puzzle")
			})
		}
	}
}
