// Package grids counts the filled Sudoku grids of a box shape exactly,
// by computation (docs/sudoku.md, "Counting every grid").
//
// A band is the rows of one row of boxes; its column sets are the digits
// each column holds in it. Bands meet only through the columns, so the
// number of grids is the sum, over the ways to give every band column sets
// that split each column's digits, of the product of the number of bands
// with each band's column sets (the ordered 1-factorisations of a regular
// bipartite graph of digits and columns). The grid is turned when that
// gives fewer bands.
//
// The first band's column sets are reduced by symmetry: a relabelling
// puts the first stack in standard form (factor: its ordered splits),
// column permutations sort the other stacks (factor (C!)^(stacks-1)), and
// the relabellings that keep the standard first stack split the rest
// into orbits, chosen stack by stack; the representatives, weighted by
// their orbit sizes, are the pieces of a Plan. Each piece's completions
// are summed over the column sets of band 2 (band 3 takes what is left;
// with more bands the sum recurses), with the band counts of three-band
// shapes taken from a table of every band whose first stack is standard.
//
// The stack method (NewStackPlan; NewPlan's for 12x12) counts the shapes
// of three bands with stacks of three columns: pieces up to stack moves
// too, and a table of every band count, filled row by row from the fills
// of all stacks but the last, grouped by the rows the digits miss.
//
// EssentiallyDifferent counts the grids up to relabelling, row and column
// moves and (square boxes) transposition by Burnside's lemma over the
// conjugacy classes of the moves (stored as row order, column order and
// transposition; 275 classes for 9x9), for sides up to 9: the grids each
// class fixes up to relabelling are counted by a search that chooses the
// relabelling first and fills whole cycles of the move.
package grids
