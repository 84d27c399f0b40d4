package exactcover

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/zerotest"
)

// TestZeroProblem: the zero Problem is an empty problem that can be
// built and solved (it used to panic with "assignment to entry in nil
// map" in AddItem and "index out of range" in Count).
func TestZeroProblem(t *testing.T) {
	ctx := context.Background()
	var empty Problem
	cases := zerotest.Cases{
		"AddItems": func() string {
			var p Problem
			i, err := p.AddItems(3, false, func(i int) string { return "x" + itoa(i) })
			if i != 0 || err != nil || p.NumItems() != 3 || p.ItemName(2) != "x2" {
				return fmt.Sprintf("first %d, %v, %d items, the third %q", i, err, p.NumItems(), p.ItemName(2))
			}
			return ""
		},
		"Grow": func() string {
			var p Problem
			p.Grow(4, 2, 8)
			if i, err := p.AddItem("a", false); i != 0 || err != nil || p.NumItems() != 1 || p.NumOptions() != 0 {
				return fmt.Sprintf("after Grow: AddItem %d, %v", i, err)
			}
			return ""
		},
		"Size": func() string {
			if z := empty.Size(); z.Items != 0 || z.Options != 0 || z.Entries != 0 {
				return fmt.Sprintf("size %+v of the empty problem", z)
			}
			return ""
		},
		"AddItem": func() string {
			var p Problem
			if i, err := p.AddItem("a", false); i != 0 || err != nil {
				return "got " + fmt.Sprint(err)
			}
			if _, err := p.AddItem("a", true); !errors.Is(err, ErrDuplicateItem) {
				return "repeated name: " + zerotest.WantErr(err, ErrDuplicateItem)
			}
			return ""
		},
		"AddItemBounds": func() string {
			var p Problem
			if i, err := p.AddItemBounds("a", 0, 2); i != 0 || err != nil || !p.HasBounds() {
				return "got " + fmt.Sprint(err)
			}
			return ""
		},
		"AddOption": func() string {
			var p Problem
			if _, err := p.AddOption("a"); !errors.Is(err, ErrUnknownItem) {
				return zerotest.WantErr(err, ErrUnknownItem)
			}
			p.AddItem("a", false)
			p.AddItem("b", true)
			if k, err := p.AddOption("a", "b:x"); k != 0 || err != nil {
				return "first option: " + fmt.Sprint(err)
			}
			if k, err := p.AddOption("a"); k != 1 || err != nil {
				return "second option: " + fmt.Sprint(err)
			}
			if n := p.NumOptions(); n != 2 {
				return "options after two AddOption: " + itoa(n)
			}
			if s := p.OptionString(0); s != "a b:x" {
				return "option 0 is " + s
			}
			return ""
		},
		"AddOptionCost": func() string {
			var p Problem
			p.AddItem("a", false)
			if k, err := p.AddOptionCost(5, "a"); k != 0 || err != nil || p.Cost(0) != 5 {
				return "got " + fmt.Sprint(err)
			}
			return ""
		},
		"AddOptionIndex": func() string {
			var p Problem
			if _, err := p.AddOptionIndex([]int{0}, nil); !errors.Is(err, ErrUnknownItem) {
				return zerotest.WantErr(err, ErrUnknownItem)
			}
			p.AddItem("a", false)
			if k, err := p.AddOptionIndex([]int{0}, nil); k != 0 || err != nil {
				return "got " + fmt.Sprint(err)
			}
			return ""
		},
		"ColorName": func() string {
			if s := empty.ColorName(3); s != "3" {
				return "color 3 named " + s
			}
			return ""
		},
		"Cost": func() string {
			if c := empty.Cost(0); c != 0 {
				return "cost " + itoa(int(c))
			}
			return ""
		},
		"Count": func() string {
			// The empty problem has one solution: no option.
			n, _, err := empty.Count(ctx, Options{})
			if n != 1 || err != nil {
				return "count " + itoa(int(n)) + ", " + fmt.Sprint(err) + "; want 1"
			}
			var p Problem
			p.AddItem("a", false)
			p.AddItem("b", false)
			p.AddOption("a")
			p.AddOption("b")
			p.AddOption("a", "b")
			if n, _, err := p.Count(ctx, Options{}); n != 2 || err != nil {
				return "count of a built zero Problem " + itoa(int(n)) + ", " + fmt.Sprint(err) + "; want 2"
			}
			return ""
		},
		"HasBounds": func() string {
			if empty.HasBounds() {
				return "true"
			}
			return ""
		},
		"HasCosts": func() string {
			if empty.HasCosts() {
				return "true"
			}
			return ""
		},
		"IsSecondary": func() string {
			var p Problem
			p.AddItem("s", true)
			if !p.IsSecondary(0) {
				return "false"
			}
			return ""
		},
		"Item": func() string {
			if i := empty.Item("a"); i != -1 {
				return "item a is " + itoa(i)
			}
			return ""
		},
		"ItemBounds": func() string {
			var p Problem
			p.AddItem("a", false)
			if lo, hi := p.ItemBounds(0); lo != 1 || hi != 1 {
				return "bounds " + itoa(lo) + ":" + itoa(hi)
			}
			return ""
		},
		"ItemName": func() string {
			var p Problem
			p.AddItem("a", false)
			if s := p.ItemName(0); s != "a" {
				return "name " + s
			}
			return ""
		},
		"MinCover": func() string {
			c, _, err := empty.MinCover(ctx, CoverOptions{})
			if err != nil || c.Size != 0 {
				return "cover of size " + itoa(c.Size) + ", " + fmt.Sprint(err)
			}
			return ""
		},
		"NumItems": func() string {
			if n := empty.NumItems(); n != 0 {
				return itoa(n)
			}
			return ""
		},
		"NumOptions": func() string {
			if n := empty.NumOptions(); n != 0 {
				return itoa(n) + ", want 0"
			}
			return ""
		},
		"NumPrimary": func() string {
			if n := empty.NumPrimary(); n != 0 {
				return itoa(n)
			}
			return ""
		},
		"Option": func() string {
			var p Problem
			p.AddItem("a", false)
			p.AddOption("a")
			if items, colors := p.Option(0, nil, nil); !slices.Equal(items, []int{0}) || !slices.Equal(colors, []int{0}) {
				return "wrong option"
			}
			return ""
		},
		"OptionString": func() string {
			var p Problem
			p.AddItem("a", false)
			p.AddOption("a")
			if s := p.OptionString(0); s != "a" {
				return s
			}
			return ""
		},
		"SetCost": func() string {
			if err := empty.SetCost(0, 1); !errors.Is(err, ErrNoOption) {
				return zerotest.WantErr(err, ErrNoOption)
			}
			return ""
		},
		"Solve": func() string {
			sol, _, err := empty.Solve(ctx, Options{})
			if len(sol) != 0 || err != nil {
				return "solution " + fmt.Sprint(err)
			}
			return ""
		},
	}
	zerotest.Run(t, &empty, cases)

	// The package functions that take a Problem.
	var p Problem
	if sols, _, err := MinCost(ctx, &p, Options{}, 1); err != nil || len(sols) != 1 || len(sols[0].Options) != 0 {
		t.Errorf("MinCost of the zero Problem: %v, %v; want one empty solution", sols, err)
	}
	var b strings.Builder
	if err := WriteKnuth(&b, &p); err != nil {
		t.Errorf("WriteKnuth of the zero Problem: %v", err)
	}
	var pc Piece
	if err := pc.Check(&p); err != nil {
		t.Errorf("the zero Piece is not a piece of the zero Problem: %v", err)
	}
	if s := NewSolver(&p); s.NumOptions() != 0 {
		t.Errorf("NewSolver of the zero Problem has %d options", s.NumOptions())
	}
}

// TestZeroSolver: every method of a zero Solver returns an error or an
// empty result (it used to panic with "index out of range" in Solve,
// Count, Estimate, Split and SplitDepth).
func TestZeroSolver(t *testing.T) {
	ctx := context.Background()
	var s Solver
	count := func(opt Options) string {
		var z Solver
		n, err := z.Count(ctx, opt)
		if n != 0 {
			return "count " + itoa(int(n))
		}
		return zerotest.WantErr(err, ErrZeroSolver)
	}
	cases := zerotest.Cases{
		"Choose": func() string { return zerotest.WantErr(s.Choose(0), ErrZeroSolver) },
		"ChoosePiece": func() string {
			var p Problem
			return zerotest.WantErr(s.ChoosePiece(&p, &Piece{}), ErrZeroSolver)
		},
		"Chosen": func() string {
			if c := s.Chosen(nil); len(c) != 0 {
				return "chosen " + itoa(len(c))
			}
			return ""
		},
		"Count": func() string {
			for _, opt := range []Options{{}, {Workers: 2}, {Seed: 1, Engine: EngineCells}, {Engine: EngineBits}} {
				if msg := count(opt); msg != "" {
					return fmt.Sprintf("%+v: %s", opt, msg)
				}
			}
			return ""
		},
		"EngineFor": func() string {
			if e := s.EngineFor(EngineCells); e != EngineCells {
				return "engine " + e.String()
			}
			return ""
		},
		"Err": func() string {
			var z Solver
			if err := z.Err(); err != nil {
				return fmt.Sprint(err)
			}
			return ""
		},
		"Estimate": func() string {
			_, err := s.Estimate(ctx, 10, 1)
			return zerotest.WantErr(err, ErrZeroSolver)
		},
		"NumOptions": func() string {
			if n := s.NumOptions(); n != 0 {
				return itoa(n) + ", want 0"
			}
			return ""
		},
		"Reset": func() string { s.Reset(); return "" },
		"ResetAfterSearch": func() string {
			var z Solver
			z.ResetAfterSearch()
			_, err := z.Solve(ctx, Options{})
			return zerotest.WantErr(err, ErrZeroSolver)
		},
		"Solutions": func() string {
			var z Solver
			for range z.Solutions(ctx, Options{}) {
				return "a solution"
			}
			return zerotest.WantErr(z.Err(), ErrZeroSolver)
		},
		"Solve": func() string {
			sol, err := s.Solve(ctx, Options{})
			if sol != nil {
				return "a solution"
			}
			return zerotest.WantErr(err, ErrZeroSolver)
		},
		"SolveInto": func() string {
			sol, err := s.SolveInto(ctx, Options{}, []int{7})
			if !slices.Equal(sol, []int{7}) {
				return "dst changed"
			}
			return zerotest.WantErr(err, ErrZeroSolver)
		},
		"Split": func() string {
			if subs := s.Split(4); subs != nil {
				return "subproblems"
			}
			return ""
		},
		"SplitDepth": func() string {
			if subs := s.SplitDepth(2); subs != nil {
				return "subproblems"
			}
			return ""
		},
		"Stats": func() string {
			if st := s.Stats(); st != (Stats{}) {
				return "nonzero stats"
			}
			return ""
		},
		"Bytes": func() string {
			if b := s.Bytes(); b != 0 {
				return fmt.Sprintf("%d bytes, want 0", b)
			}
			return ""
		},
	}
	zerotest.Run(t, &s, cases)
}

// TestZeroCoverSolver: a zero CoverSolver's searches end with
// ErrZeroSolver (they used to report the empty cover of no problem).
func TestZeroCoverSolver(t *testing.T) {
	ctx := context.Background()
	var s CoverSolver
	cases := zerotest.Cases{
		"All": func() string {
			var z CoverSolver
			for range z.All(ctx, CoverOptions{}) {
				return "a cover"
			}
			return zerotest.WantErr(z.Err(), ErrZeroSolver)
		},
		"Err": func() string {
			var z CoverSolver
			if err := z.Err(); err != nil {
				return fmt.Sprint(err)
			}
			return ""
		},
		"Min": func() string {
			_, err := s.Min(ctx, CoverOptions{})
			return zerotest.WantErr(err, ErrZeroSolver)
		},
		"Stats": func() string {
			var z CoverSolver
			if st := z.Stats(); st != (CoverStats{}) {
				return "nonzero stats"
			}
			return ""
		},
	}
	zerotest.Run(t, &s, cases)
}

// TestZeroValues: the other exported types with methods.
func TestZeroValues(t *testing.T) {
	var m Matrix
	zerotest.Run(t, &m, zerotest.Cases{
		"FormatSolution": func() string {
			if s := m.FormatSolution(nil); s != "" {
				return s
			}
			return ""
		},
		"RowNumbers": func() string {
			if r := m.RowNumbers(nil); len(r) != 0 {
				return "rows"
			}
			return ""
		},
	})
	var pe ParseError
	zerotest.Run(t, &pe, zerotest.Cases{
		"Error": func() string { _ = pe.Error(); return "" },
		"Unwrap": func() string {
			if pe.Unwrap() != nil {
				return "not nil"
			}
			return ""
		},
	})
	var pc Piece
	zerotest.Run(t, &pc, zerotest.Cases{"Check": func() string {
		var p Problem
		p.AddItem("a", false)
		return zerotest.WantErr(pc.Check(&p), ErrPieceMismatch)
	}})
	var e Engine
	zerotest.Run(t, &e, zerotest.Cases{"String": func() string {
		if e.String() != "auto" {
			return e.String()
		}
		return ""
	}})
}
