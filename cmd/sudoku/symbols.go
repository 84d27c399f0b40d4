package main

import (
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/sudoku"
)

// The commands name cells rRcC and values with the symbols of the grid
// they were given: a 16x16 grid of letters gets letters, one written
// 0-9A-F gets those.

// symbol returns the symbol of digit d (1..n) in format f: a number for
// grids written as numbers or larger than the alphabet, "." for a blank.
func symbol(d int, n int, f sudoku.Format) string {
	if d == 0 {
		return "."
	}
	a := f.Alphabet
	if a == "" {
		a = sudoku.DefaultAlphabet(n)
	}
	if f.Numbers || d > len(a) {
		return strconv.Itoa(d)
	}
	return a[d-1 : d]
}

// clashText names clashing givens: "r1c1 and r1c5 both 7", several
// separated by "; ".
func clashText(clashes [][2]int, digits []int, n int, f sudoku.Format) string {
	var b strings.Builder
	for i, c := range clashes {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(sudoku.CellName(c[0], n) + " and " + sudoku.CellName(c[1], n))
		if i < len(digits) {
			b.WriteString(" both " + symbol(digits[i], n, f))
		}
	}
	return b.String()
}

// gridText returns g written as a puzzle in format f came in, without the
// final line end (a grid of several lines keeps the line ends between
// them); for a puzzle read as a JSON object, the one-line form in its
// alphabet.
func gridText(g *sudoku.Grid, f sudoku.Format) string {
	if f.Layout == sudoku.JSON {
		f = sudoku.Format{Layout: sudoku.Line, Blank: f.Blank, Alphabet: f.Alphabet, Numbers: f.Numbers}
	}
	b, err := sudoku.AppendGrid(nil, g, f)
	if err != nil {
		return g.String()
	}
	return strings.TrimRight(string(b), "\r\n")
}
