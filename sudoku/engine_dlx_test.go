package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dlxkit/dlx/exactcover"
)

// These tests check, through the public API, the two things the Sudoku
// path relies on in the exact-cover engine: its two searches (the counted
// one, for problems without secondary items or colors, and the general
// one) visit the same tree, and ResetAfterSearch leaves the solver as
// Reset does.

// randomProblem returns a random exact-cover problem with nItems primary
// items and nOpt options of 1-4 items, plus nSec secondary items that no
// option uses (so that the engine takes its general search path) and, when
// colors is set, secondary items that some options give a color.
func randomProblem(r *rand.Rand, nItems, nOpt, nSec int, colors bool) *exactcover.Problem {
	p := exactcover.NewProblem()
	for i := range nItems {
		p.AddItem(fmt.Sprint("i", i), false)
	}
	for i := range nSec {
		p.AddItem(fmt.Sprint("s", i), true)
	}
	if colors {
		p.AddItem("x", true)
		p.AddItem("y", true)
	}
	for range nOpt {
		k := 1 + r.IntN(min(4, nItems))
		items := r.Perm(nItems)[:k]
		var names []string
		for _, i := range items {
			names = append(names, fmt.Sprint("i", i))
		}
		if colors {
			for _, c := range []string{"x", "y"} {
				if r.IntN(2) == 0 {
					names = append(names, c+":"+[]string{"red", "blue"}[r.IntN(2)])
				}
			}
		}
		if _, err := p.AddOption(names...); err != nil {
			panic(err)
		}
	}
	return p
}

// sparseProblem returns a random exact-cover problem of the shape the
// engine keeps counted (see exactcover's useCounted: no secondary items or
// colors, at least eight times as many items as the longest list has
// options), or with nSec unused secondary items added, the general search:
// nItems items, each in at most maxLen options, from two planted
// solutions (partitions of the items into parts of 1-4) and random
// options of 2-4 items.
func sparseProblem(r *rand.Rand, nItems, maxLen, nSec int) (*exactcover.Problem, int) {
	p := exactcover.NewProblem()
	for i := range nItems {
		p.AddItem(fmt.Sprint("i", i), false)
	}
	for i := range nSec {
		p.AddItem(fmt.Sprint("s", i), true)
	}
	uses := make([]int, nItems)
	var opts [][]int
	for range 2 {
		perm := r.Perm(nItems)
		for len(perm) > 0 {
			k := min(1+r.IntN(4), len(perm))
			opts = append(opts, perm[:k])
			for _, i := range perm[:k] {
				uses[i]++
			}
			perm = perm[k:]
		}
	}
	for range 4 * nItems {
		k := 2 + r.IntN(3)
		items := r.Perm(nItems)[:k]
		ok := true
		for _, i := range items {
			ok = ok && uses[i] < maxLen
		}
		if !ok {
			continue
		}
		for _, i := range items {
			uses[i]++
		}
		opts = append(opts, items)
	}
	r.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	for _, o := range opts {
		if _, err := p.AddOptionIndex(o, nil); err != nil {
			panic(err)
		}
	}
	return p, slices.Max(uses)
}

// TestCountedSearchAgrees: a problem that the engine searches counted and
// the same problem with an unused secondary item added (general search)
// give the same solutions, in the same order, with the same statistics.
func TestCountedSearchAgrees(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	searched := 0
	for trial := range 300 {
		maxLen := 2 + r.IntN(4)
		nItems := 8*maxLen + r.IntN(16)
		seed := r.Uint64()
		pa, longest := sparseProblem(rand.New(rand.NewPCG(seed, 0)), nItems, maxLen, 0)
		pb, _ := sparseProblem(rand.New(rand.NewPCG(seed, 0)), nItems, maxLen, 1)
		if nItems < 8*longest {
			t.Fatalf("trial %d: %d items, a list of %d options: not the counted shape", trial, nItems, longest)
		}
		a, b := exactcover.NewSolver(pa), exactcover.NewSolver(pb)
		var sa, sb [][]int
		for sol := range a.Solutions(ctx, exactcover.Options{}) {
			sa = append(sa, slices.Clone(sol))
		}
		for sol := range b.Solutions(ctx, exactcover.Options{}) {
			sb = append(sb, slices.Clone(sol))
		}
		if len(sa) < 2 || !slices.EqualFunc(sa, sb, slices.Equal) || a.Stats() != b.Stats() {
			t.Fatalf("trial %d: counted search %v %+v, general %v %+v", trial, sa, a.Stats(), sb, b.Stats())
		}
		searched += int(a.Stats().Nodes)
		// The same with a random order of the options tried, and with
		// options chosen first.
		opt := exactcover.Options{Seed: seed | 1}
		for _, o := range sa[0][:1] {
			if err := a.Choose(o); err != nil {
				t.Fatal(err)
			}
			if err := b.Choose(o); err != nil {
				t.Fatal(err)
			}
		}
		na, _ := a.Count(ctx, opt)
		nb, _ := b.Count(ctx, opt)
		if na != nb || na < 1 || a.Stats() != b.Stats() {
			t.Fatalf("trial %d seeded: counted search %d %+v, general %d %+v", trial, na, a.Stats(), nb, b.Stats())
		}
	}
	t.Logf("%d nodes searched", searched)
}

// TestResetAfterSearch: after a search that ResetAfterSearch preceded
// (stopping at a solution, at a limit, by cancellation or at the end; one
// or two workers; with and without colors), the solver is back at the full
// problem: nothing chosen, and the same counts and first solutions as a
// fresh solver, also after new choices.
func TestResetAfterSearch(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 400 {
		colors := trial%3 == 2
		nSec := trial % 2
		p := randomProblem(r, 3+r.IntN(9), 2+r.IntN(40), nSec, colors)
		fresh := func() *exactcover.Solver { return exactcover.NewSolver(p) }
		wantAll, _ := fresh().Count(ctx, exactcover.Options{})
		s := fresh()
		for round := range 6 {
			// Choose up to two random options (skipping conflicts), as
			// givens, on s and on a fresh solver.
			f := fresh()
			for range r.IntN(3) {
				o := r.IntN(p.NumOptions())
				if s.Choose(o) == nil {
					if err := f.Choose(o); err != nil {
						t.Fatalf("trial %d: fresh solver refused option %d: %v", trial, o, err)
					}
				}
			}
			want, _ := f.Count(ctx, exactcover.Options{})
			wantSol, wantErr := f.Solve(ctx, exactcover.Options{})
			s.ResetAfterSearch()
			switch round % 6 {
			case 0:
				sol, err := s.Solve(ctx, exactcover.Options{})
				if !slices.Equal(sol, wantSol) || (err == nil) != (wantErr == nil) {
					t.Fatalf("trial %d: Solve %v %v, want %v %v", trial, sol, err, wantSol, wantErr)
				}
			case 1:
				if n, _ := s.Count(ctx, exactcover.Options{Limit: 1}); n != min(want, 1) {
					t.Fatalf("trial %d: Count limit 1 = %d, want %d", trial, n, min(want, 1))
				}
			case 2:
				if n, _ := s.Count(ctx, exactcover.Options{}); n != want {
					t.Fatalf("trial %d: Count = %d, want %d", trial, n, want)
				}
			case 3:
				for range s.Solutions(ctx, exactcover.Options{}) {
					break
				}
			case 4:
				if n, _ := s.Count(ctx, exactcover.Options{Workers: 2, Limit: 2}); n != min(want, 2) {
					t.Fatalf("trial %d: parallel Count = %d, want %d", trial, n, min(want, 2))
				}
			case 5:
				cctx, cancel := context.WithCancel(ctx)
				cancel()
				s.Count(cctx, exactcover.Options{})
			}
			if c := s.Chosen(nil); len(c) != 0 {
				t.Fatalf("trial %d round %d: %v still chosen", trial, round, c)
			}
			if n, _ := s.Count(ctx, exactcover.Options{}); n != wantAll {
				t.Fatalf("trial %d round %d: %d solutions after the search, want %d", trial, round, n, wantAll)
			}
		}
	}
}

// TestDLXSolverSequence: one Solver taking puzzles of several shapes in
// turn, with Solve, Count and Check mixed, answers as fresh solvers do.
func TestDLXSolverSequence(t *testing.T) {
	ctx := context.Background()
	puzzles := []string{
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
		"11...............................................................................",
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1....",
	}
	var grids []*Grid
	for _, s := range puzzles {
		g := NewGrid(Standard, nil)
		for i := range 81 {
			if c := s[i]; c >= '1' && c <= '9' {
				g.Cells[i] = c - '0'
			}
		}
		grids = append(grids, g)
	}
	small := NewGrid(Shape{BoxRows: 2, BoxCols: 2}, nil)
	small.Cells[0], small.Cells[5] = 1, 3
	grids = append(grids, small)
	s := NewSolver(Options{Method: DLX})
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 60 {
		g := grids[r.IntN(len(grids))]
		f := NewSolver(Options{Method: DLX})
		switch i % 3 {
		case 0:
			got, err := s.Solve(ctx, g)
			want, werr := f.Solve(ctx, g)
			if (err == nil) != (werr == nil) || (err == nil && !slices.Equal(got.Cells, want.Cells)) {
				t.Fatalf("step %d: Solve %v %v, fresh %v %v", i, got, err, want, werr)
			}
		case 1:
			got, err := s.Count(ctx, g, 3)
			want, werr := f.Count(ctx, g, 3)
			if got != want || (err == nil) != (werr == nil) {
				t.Fatalf("step %d: Count %d %v, fresh %d %v", i, got, err, want, werr)
			}
		case 2:
			got, err := s.Check(ctx, g)
			want, werr := f.Check(ctx, g)
			if got.Kind != want.Kind || (err == nil) != (werr == nil) {
				t.Fatalf("step %d: Check %v %v, fresh %v %v", i, got.Kind, err, want.Kind, werr)
			}
		}
	}
}
