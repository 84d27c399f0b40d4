// Package bitboard is the specialised solver for standard 9x9 Sudoku:
// candidates as bitboards, singles propagation and guessing, with no
// allocation per puzzle.
package bitboard
