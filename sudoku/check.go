package sudoku

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrInvalid is wrapped by *InvalidError: the givens of a puzzle break the
// rules (two equal digits in one row, column, box or extra region, or a
// constraint of the variant).
var ErrInvalid = errors.New("invalid puzzle")

// ErrGrid is wrapped by the errors that reject a grid as data: a cell
// count that does not match the shape, or a cell value above N.
var ErrGrid = errors.New("bad grid")

// InvalidError reports the clashing givens of an invalid puzzle. It wraps
// ErrInvalid.
type InvalidError struct {
	// Clashes are pairs of cell indices (row-major, the smaller first)
	// holding the same digit in one region, sorted.
	Clashes [][2]int
	// Digits holds the digit of each clash, parallel to Clashes.
	Digits []int
	// N is the side of the grid, for naming cells.
	N int
	// Broken describes the constraints of the variant the givens break
	// other than by equal digits (those are in Clashes): "non-consecutive:
	// r1c1=3 beside r1c2=4", "thermometer 2: r3c4=2 after r3c3=5", "cage
	// 4: digits add up to 12, want 10".
	Broken []string
}

func (e *InvalidError) Error() string {
	return "invalid puzzle: " + invalidString(e.Clashes, e.Digits, e.N, e.Broken)
}

// invalidString names clashes and broken constraints, "; " between them.
func invalidString(clashes [][2]int, digits []int, n int, broken []string) string {
	s := clashString(clashes, digits, n)
	for _, b := range broken {
		if s != "" {
			s += "; "
		}
		s += b
	}
	return s
}

// Unwrap returns ErrInvalid.
func (e *InvalidError) Unwrap() error { return ErrInvalid }

// clashString names clashes as "r1c1 and r1c5 both 7; ...".
func clashString(clashes [][2]int, digits []int, n int) string {
	var b strings.Builder
	for i, c := range clashes {
		if i > 0 {
			b.WriteString("; ")
		}
		if n <= 0 {
			fmt.Fprintf(&b, "cells %d and %d", c[0], c[1])
		} else {
			b.WriteString(CellName(c[0], n))
			b.WriteString(" and ")
			b.WriteString(CellName(c[1], n))
		}
		if i < len(digits) {
			fmt.Fprintf(&b, " both %d", digits[i])
		}
	}
	return b.String()
}

// Valid returns the pairs of filled cells of g that clash: cells of one
// row, column, box, extra region, cage, renban or nabner line (of g's
// variant), or a knight's or king's move apart under those constraints,
// holding the same digit.
// Each pair is listed once, the smaller index first, pairs sorted. It
// returns nil when there is no clash. Cell values above N are ignored, and
// a variant that does not fit the shape is checked for rows and columns
// only.
func Valid(g *Grid) [][2]int {
	cl, _ := clashes(g)
	return cl
}

// invalid returns the *InvalidError of g, or nil when its givens do not
// clash.
func invalid(g *Grid) *InvalidError {
	cl, dig := clashes(g)
	_, _, broken := brokenRules(g)
	if cl == nil && broken == nil {
		return nil
	}
	return &InvalidError{Clashes: cl, Digits: dig, N: g.N(), Broken: broken}
}

func clashes(g *Grid) ([][2]int, []int) {
	n := g.N()
	if len(g.Cells) != n*n {
		return nil, nil
	}
	var us [][]int
	if geo, err := NewGeometry(g.Shape, g.Variant); err == nil {
		us = geo.Houses
	} else if geo, err := NewGeometry(g.Shape, nil); err == nil {
		us = geo.Houses[:2*n]
	} else {
		return nil, nil
	}
	var out [][2]int
	for _, u := range us {
		for i, a := range u {
			da := g.Cells[a]
			if da == 0 || int(da) > n {
				continue
			}
			for _, b := range u[i+1:] {
				if g.Cells[b] == da {
					out = append(out, [2]int{min(a, b), max(a, b)})
				}
			}
		}
	}
	cp, _, _ := brokenRules(g)
	out = append(out, cp...)
	if out == nil {
		return nil, nil
	}
	slices.SortFunc(out, func(x, y [2]int) int {
		return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]))
	})
	out = slices.Compact(out)
	digits := make([]int, len(out))
	for i, c := range out {
		digits[i] = int(g.Cells[c[0]])
	}
	return out, digits
}
