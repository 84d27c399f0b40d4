package generate

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// benchGenerate generates b.N puzzles on one generator and reports
// puzzles per second.
func benchGenerate(b *testing.B, opt Options) {
	b.Helper()
	g, err := NewGenerator(opt)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	grids := 0
	var slowest time.Duration
	for b.Loop() {
		start := time.Now()
		r, err := g.Generate(ctx, i)
		if err != nil {
			b.Fatal(err)
		}
		slowest = max(slowest, time.Since(start))
		grids += r.Grids
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
	b.ReportMetric(float64(grids)/float64(i), "grids/puzzle")
	// The slowest puzzle (wall time): 16x16 puzzles vary a lot.
	b.ReportMetric(slowest.Seconds()*1000, "max-ms/puzzle")
}

// BenchmarkMinimal: minimal 9x9 puzzles of any level, one worker.
func BenchmarkMinimal(b *testing.B) {
	benchGenerate(b, Options{Seed: 1})
}

// BenchmarkSymmetry: minimal 9x9 puzzles with each symmetry.
func BenchmarkSymmetry(b *testing.B) {
	for s := None; s <= Diagonal; s++ {
		b.Run(s.String(), func(b *testing.B) { benchGenerate(b, Options{Seed: 1, Symmetry: s}) })
	}
}

// BenchmarkGivens: 9x9 puzzles with 30 givens.
func BenchmarkGivens(b *testing.B) {
	benchGenerate(b, Options{Seed: 1, Givens: 30})
}

// BenchmarkSize: puzzles of other sizes: minimal up to 9x9; 16x16 with
// bounded uniqueness checks, and minimal (4x4-minimal, slow: use a small
// -benchtime such as 10x).
func BenchmarkSize(b *testing.B) {
	for _, s := range []sudoku.Shape{{BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}} {
		b.Run(fmt.Sprintf("%dx%d", s.BoxRows, s.BoxCols), func(b *testing.B) { benchGenerate(b, Options{Seed: 1, Shape: s}) })
	}
	b.Run("4x4-minimal", func(b *testing.B) {
		benchGenerate(b, Options{Seed: 1, Shape: sudoku.Shape{BoxRows: 4, BoxCols: 4}, Minimal: true})
	})
}

// BenchmarkFill: random complete 9x9 grids.
func BenchmarkFill(b *testing.B) {
	g, err := NewGenerator(Options{Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := g.srch.Fill(ctx, g.rng, g.solution); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkShortcut compares digging with and without the singles test
// that settles a removal without a search.
func BenchmarkShortcut(b *testing.B) {
	for _, on := range []bool{true, false} {
		name := "singles"
		if !on {
			name = "search-only"
		}
		b.Run(name, func(b *testing.B) {
			g, err := NewGenerator(Options{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			g.noShortcut = !on
			ctx := context.Background()
			i := 0
			for b.Loop() {
				if _, err := g.Generate(ctx, i); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkLevel: minimal-or-easier 9x9 puzzles of each level (givens put
// back when a puzzle is too hard), one worker.
func BenchmarkLevel(b *testing.B) {
	for _, l := range logic.Levels() {
		b.Run(l.String(), func(b *testing.B) { benchGenerate(b, Options{Seed: 1, Level: l, HasLevel: true}) })
	}
	// The same extreme puzzles with a lower bound of their rating
	// (Options.LevelOnly: sudoku generate without -json).
	b.Run("extreme-level-only", func(b *testing.B) {
		benchGenerate(b, Options{Seed: 1, Level: logic.Extreme, HasLevel: true, LevelOnly: true})
	})
}

// BenchmarkStrategy compares, for the easier levels, putting givens back
// into a too-hard puzzle with restarting from a fresh grid.
func BenchmarkStrategy(b *testing.B) {
	for _, l := range logic.Levels() {
		for _, st := range []int{putBack, restartOnly} {
			name := l.String() + "/putback"
			if st == restartOnly {
				name = l.String() + "/restart"
			}
			b.Run(name, func(b *testing.B) {
				g, err := NewGenerator(Options{Seed: 1, Level: l, HasLevel: true})
				if err != nil {
					b.Fatal(err)
				}
				g.strategy = st
				ctx := context.Background()
				i := 0
				for b.Loop() {
					if _, err := g.Generate(ctx, i); err != nil {
						b.Fatal(err)
					}
					i++
				}
				b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
			})
		}
	}
}
