package generate

import (
	"context"
	"errors"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// TestKiller: killer puzzles of several sizes have no givens, cages that
// cover the grid once with sums of the solution's distinct digits, and a
// unique solution (counted by the solver, the check not the maker's); the
// same seed gives the same puzzle.
func TestKiller(t *testing.T) {
	ctx := context.Background()
	for _, sh := range []sudoku.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 3, BoxCols: 3}} {
		for seed := uint64(1); seed <= 3; seed++ {
			r, err := one(ctx, Options{Killer: true, Shape: sh, Seed: seed})
			if err != nil {
				t.Fatalf("%v seed %d: %v", sh, seed, err)
			}
			g := r.Puzzle
			n := g.N()
			if slices.ContainsFunc(g.Cells, func(d uint8) bool { return d != 0 }) {
				t.Fatalf("givens in %v", g.Cells)
			}
			covered := make([]int, n*n)
			for _, cg := range g.Variant.Cages {
				sum, seen := 0, map[uint8]bool{}
				for _, c := range cg.Cells {
					covered[c]++
					d := r.Solution.Cells[c]
					if seen[d] {
						t.Fatalf("cage %v repeats %d", cg, d)
					}
					seen[d] = true
					sum += int(d)
				}
				if sum != cg.Sum {
					t.Fatalf("cage %v: solution sums to %d", cg, sum)
				}
			}
			for c, k := range covered {
				if k != 1 {
					t.Fatalf("cell %d in %d cages", c, k)
				}
			}
			v, err := sudoku.Check(ctx, g)
			if err != nil || v.Kind != sudoku.Unique || !slices.Equal(v.Solution.Cells, r.Solution.Cells) {
				t.Fatalf("%v seed %d: verdict %v, %v", sh, seed, v, err)
			}
			again, err := one(ctx, Options{Killer: true, Shape: sh, Seed: seed})
			if err != nil || !slices.EqualFunc(again.Puzzle.Variant.Cages, g.Variant.Cages, func(a, b sudoku.Cage) bool {
				return a.Sum == b.Sum && slices.Equal(a.Cells, b.Cells)
			}) {
				t.Fatalf("%v seed %d: another puzzle the second time", sh, seed)
			}
		}
	}
}

// BenchmarkKillerGenerate reports the median time to make a 9x9 killer
// over 30 seeds (issue 16: under 1 s), with cages and difficulty.
func BenchmarkKillerGenerate(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		var times []time.Duration
		cages, checks, solved, cageSteps, nodes, ones := 0, 0, 0, 0, 0, 0
		for seed := uint64(1); seed <= 30; seed++ {
			t0 := time.Now()
			r, err := one(ctx, Options{Killer: true, Seed: seed})
			if err != nil {
				b.Fatal(err)
			}
			times = append(times, time.Since(t0))
			cages += len(r.Puzzle.Variant.Cages)
			for _, cg := range r.Puzzle.Variant.Cages {
				if len(cg.Cells) == 1 {
					ones++
				}
			}
			checks += r.Checks
			cageSteps += r.Killer.CageSteps
			nodes += r.Killer.Nodes
			if r.Killer.Solved {
				solved++
			}
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		b.ReportMetric(float64(times[15].Microseconds())/1e3, "median-ms")
		b.ReportMetric(float64(times[29].Microseconds())/1e3, "max-ms")
		b.ReportMetric(float64(cages)/30, "cages")
		b.ReportMetric(float64(checks)/30, "checks")
		b.ReportMetric(float64(ones)/30, "one-cell-cages")
		b.ReportMetric(float64(cageSteps)/30, "cage-steps")
		b.ReportMetric(float64(nodes)/30, "nodes")
		b.ReportMetric(float64(solved), "logic-solved/30")
	}
}

// TestRateKiller: RateKiller measures a killer as Killer measured it when
// it made it; givens count as placed, not as singles; other constraints,
// no or several solutions are errors.
func TestRateKiller(t *testing.T) {
	ctx := context.Background()
	for _, sh := range []sudoku.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 3, BoxCols: 3}} {
		for seed := uint64(1); seed <= 3; seed++ {
			r, err := one(ctx, Options{Killer: true, Shape: sh, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			d, err := RateKiller(ctx, r.Puzzle)
			if err != nil || d != *r.Killer {
				t.Errorf("%v seed %d: RateKiller %+v, %v; Killer measured %+v", sh, seed, d, err, *r.Killer)
			}
			if !d.Solved {
				continue
			}
			// A given placed: one single fewer to find.
			g := r.Puzzle.Clone()
			g.Cells[0] = r.Solution.Cells[0]
			dg, err := RateKiller(ctx, g)
			if err != nil || !dg.Solved || dg.Singles != d.Singles-1 {
				t.Errorf("%v seed %d with a given: %+v, %v; want solved with %d singles", sh, seed, dg, err, d.Singles-1)
			}
		}
	}
	four := sudoku.Shape{BoxRows: 2, BoxCols: 2}
	cages := []sudoku.Cage{{Sum: 10, Cells: []int{0, 1, 2, 3}}}
	for _, tt := range []struct {
		name string
		v    *sudoku.Variant
		want error
	}{
		{"no cages", nil, sudoku.ErrVariant},
		{"anti-knight", &sudoku.Variant{Cages: cages, AntiKnight: true}, sudoku.ErrVariant},
		{"thermometer", &sudoku.Variant{Thermos: [][]int{{0, 1}}}, sudoku.ErrVariant},
		// The rules of sudoku.Rules too: the difficulty would ignore them.
		{"arrow", &sudoku.Variant{Cages: cages, Rules: sudoku.Rules{Arrows: []sudoku.Arrow{{Circle: []int{4}, Shaft: []int{9, 14}}}}}, sudoku.ErrVariant},
		{"several solutions", &sudoku.Variant{Cages: cages}, logic.ErrMultipleSolutions},
		{"no solution", &sudoku.Variant{Cages: []sudoku.Cage{{Sum: 3, Cells: []int{0, 1}}, {Sum: 3, Cells: []int{2, 3}}}}, sudoku.ErrNoSolution},
	} {
		_, err := RateKiller(ctx, sudoku.NewGrid(four, tt.v))
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
}
