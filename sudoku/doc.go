// Package sudoku models Sudoku grids of every box shape and common variants,
// parses and prints the usual text formats, and solves, counts and checks
// puzzles through their reduction to exact cover (package exactcover), with
// a specialised solver for standard 9x9 grids.
package sudoku
