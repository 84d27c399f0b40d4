package sudoku

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrInvalid is wrapped by *InvalidError: the givens of a puzzle break the
// rules (two equal digits in one row, column, box or extra region).
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
}

func (e *InvalidError) Error() string {
	return "invalid puzzle: " + clashString(e.Clashes, e.Digits, e.N)
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
// row, column, box or extra region (of g's variant) holding the same digit.
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
	if cl == nil {
		return nil
	}
	return &InvalidError{Clashes: cl, Digits: dig, N: g.N()}
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
