package sudoku

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/internal/testkit/zerotest"
)

// TestZeroSolver: the zero Solver is ready, as NewSolver(Options{}).
func TestZeroSolver(t *testing.T) {
	ctx := context.Background()
	puzzle := func() *Grid {
		g, _, err := ParseGrid(gridtest.Solution, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 30 {
			g.Cells[i*2] = 0
		}
		return g
	}
	small := NewGrid(Shape{BoxRows: 2, BoxCols: 2}, nil) // an empty 4x4: the exact-cover path
	var s Solver
	zerotest.Run(t, &s, zerotest.Cases{
		"Check": func() string {
			var z Solver
			v, err := z.Check(ctx, puzzle())
			if err != nil || v.Kind != Unique || v.Solution.String() != gridtest.Solution {
				return fmt.Sprintf("verdict %v, %v", v, err)
			}
			return ""
		},
		"Count": func() string {
			var z Solver
			if n, err := z.Count(ctx, puzzle(), 0); n != 1 || err != nil {
				return fmt.Sprintf("count %d, %v; want 1", n, err)
			}
			// 288 grids of 4x4; the zero Options count up to 2.
			if n, err := z.Count(ctx, small, 0); n != 2 || err != nil {
				return fmt.Sprintf("count of an empty 4x4 %d, %v; want 2", n, err)
			}
			if n, err := z.Count(ctx, small, -1); n != 288 || err != nil {
				return fmt.Sprintf("count of every 4x4 %d, %v; want 288", n, err)
			}
			return ""
		},
		"CachedBytes": func() string {
			var z Solver
			if b := z.CachedBytes(); b != 0 {
				return fmt.Sprintf("%d bytes cached, want 0", b)
			}
			return ""
		},
		"MethodFor": func() string {
			var z Solver
			if m, err := z.MethodFor(puzzle()); m != Fast || err != nil {
				return fmt.Sprintf("9x9: %v, %v; want fast", m, err)
			}
			if m, err := z.MethodFor(small); m != DLX || err != nil {
				return fmt.Sprintf("empty 4x4: %v, %v; want dlx", m, err)
			}
			return ""
		},
		"Guesses": func() string {
			var z Solver
			if n := z.Guesses(); n != 0 {
				return fmt.Sprint("guesses ", n)
			}
			return ""
		},
		"Solve": func() string {
			var z Solver
			sol, err := z.Solve(ctx, puzzle())
			if err != nil || sol.String() != gridtest.Solution {
				return fmt.Sprintf("solution %v, %v", sol, err)
			}
			if _, err := z.Solve(ctx, &Grid{}); err == nil {
				return "no error for a grid of no cells"
			}
			return ""
		},
		"SolveInto": func() string {
			var z Solver
			sol, err := z.SolveInto(ctx, small, nil)
			if err != nil || len(Valid(sol)) != 0 || strings.Contains(sol.String(), ".") {
				return fmt.Sprintf("solution %v, %v", sol, err)
			}
			return ""
		},
		"SolveIntoCount": func() string {
			var z Solver
			_, n, err := z.SolveIntoCount(ctx, small, nil, 2)
			if n != 2 || err != nil {
				return fmt.Sprintf("count %d, %v; want 2", n, err)
			}
			return ""
		},
	})
}

// TestZeroReader: the zero Reader has no input and reads nothing (it used
// to panic with a nil pointer dereference).
func TestZeroReader(t *testing.T) {
	var r Reader
	zerotest.Run(t, &r, zerotest.Cases{
		"Buffered": func() string {
			if n := r.Buffered(); n != 0 {
				return fmt.Sprint(n)
			}
			return ""
		},
		"Next": func() string {
			for range 2 {
				if p, err := r.Next(); p != nil || err != io.EOF {
					return fmt.Sprintf("%v, %v; want io.EOF", p, err)
				}
			}
			return ""
		},
		"Recycle": func() string {
			r.Recycle(nil)
			r.Recycle(&Puzzle{Grid: NewGrid(Standard, nil)})
			if p, err := r.Next(); p != nil || err != io.EOF {
				return fmt.Sprintf("after Recycle: %v, %v; want io.EOF", p, err)
			}
			return ""
		},
	})
}

// TestZeroValues: the other exported types with methods.
func TestZeroValues(t *testing.T) {
	ctx := context.Background()
	var g Grid // a zero Shape is 9x9: the zero Grid lacks its cells
	zerotest.Run(t, &g, zerotest.Cases{
		"Clone": func() string {
			if c := g.Clone(); len(c.Cells) != 0 || c == &g {
				return "not a copy"
			}
			return ""
		},
		"IsStandard9": func() string {
			// The zero Shape and a nil Variant: standard 9x9 rules.
			if !g.IsStandard9() {
				return "false"
			}
			return ""
		},
		"MarshalJSON": func() string {
			_, err := g.MarshalJSON()
			return zerotest.WantErr(err, ErrShape)
		},
		"N": func() string {
			if g.N() != 9 {
				return fmt.Sprint(g.N())
			}
			return ""
		},
		"String": func() string {
			if s := g.String(); !strings.Contains(s, "0 cells") {
				return s
			}
			return ""
		},
		"UnmarshalJSON": func() string {
			var z Grid
			if err := z.UnmarshalJSON([]byte(`{"puzzle":"` + gridtest.Solution + `"}`)); err != nil || z.String() != gridtest.Solution {
				return fmt.Sprintf("%v, %v", z.String(), err)
			}
			return ""
		},
	})
	var geo Geometry
	zerotest.Run(t, &geo, zerotest.Cases{
		"Digits": func() string {
			if d := geo.Digits(); d != 0 {
				return fmt.Sprint(d)
			}
			return ""
		},
		"Plain": func() string { _ = geo.Plain(); return "" },
	})
	var f Format
	zerotest.Run(t, &f, zerotest.Cases{
		"Canonical": func() string {
			if f.Canonical() != f {
				return "changed"
			}
			return ""
		},
		"DigitName": func() string {
			if s := f.DigitName(7, 9); s != "7" {
				return s
			}
			return ""
		},
		"Exact": func() string {
			if f.Exact() {
				return "true"
			}
			return ""
		},
	})
	var sh Shape
	zerotest.Run(t, &sh, zerotest.Cases{
		"Cells":  func() string { return wantInt(sh.Cells(), 81) },
		"N":      func() string { return wantInt(sh.N(), 9) },
		"String": func() string { return wantString(sh.String(), "3x3") },
	})
	var l Layout
	zerotest.Run(t, &l, zerotest.Cases{"String": func() string { return wantString(l.String(), Line.String()) }})
	var m Method
	zerotest.Run(t, &m, zerotest.Cases{"String": func() string { return wantString(m.String(), "auto") }})
	var vk VerdictKind
	zerotest.Run(t, &vk, zerotest.Cases{"String": func() string { return wantString(vk.String(), "VerdictKind(0)") }})
	var v Verdict
	zerotest.Run(t, &v, zerotest.Cases{"String": func() string { return wantString(v.String(), "VerdictKind(0)") }})
	var ie InvalidError
	zerotest.Run(t, &ie, zerotest.Cases{
		"Error":  func() string { _ = ie.Error(); return "" },
		"Unwrap": func() string { return zerotest.WantErr(&ie, ErrInvalid) },
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
	var rules Rules
	zerotest.Run(t, &rules, zerotest.Cases{"RuleNames": func() string {
		if n := rules.RuleNames(); len(n) != 0 {
			return fmt.Sprint(n)
		}
		return ""
	}})
	var lk LittleKiller
	zerotest.Run(t, &lk, zerotest.Cases{"Cells": func() string {
		if c := lk.Cells(9); c != nil {
			return fmt.Sprint(c)
		}
		return ""
	}})
	var oc OutsideClue
	zerotest.Run(t, &oc, zerotest.Cases{"Cells": func() string {
		if c := oc.Cells(9); c != nil {
			return fmt.Sprint(c)
		}
		return ""
	}})
	var pj PuzzleJSON
	zerotest.Run(t, &pj, zerotest.Cases{
		"Grid": func() string {
			_, _, err := pj.Grid(ReadOptions{})
			return zerotest.WantErr(err, ErrSyntax)
		},
		"RuleNames": func() string {
			if n := pj.RuleNames(); len(n) != 0 {
				return fmt.Sprint(n)
			}
			return ""
		},
	})
	var va Variant
	zerotest.Run(t, &va, zerotest.Cases{
		"Constrained": func() string {
			if va.Constrained() {
				return "true"
			}
			// The zero Variant is the standard rules.
			g := NewGrid(Shape{BoxRows: 2, BoxCols: 2}, &va)
			if n, err := Count(ctx, g, -1); n != 288 || err != nil {
				return fmt.Sprintf("count of every 4x4 with the zero Variant %d, %v; want 288", n, err)
			}
			return ""
		},
		"RuleNames": func() string {
			if n := va.RuleNames(); len(n) != 0 {
				return fmt.Sprint(n)
			}
			return ""
		},
	})
}

func wantInt(got, want int) string {
	if got != want {
		return fmt.Sprintf("%d, want %d", got, want)
	}
	return ""
}

func wantString(got, want string) string {
	if got != want {
		return fmt.Sprintf("%q, want %q", got, want)
	}
	return ""
}
