// Package bitboard is the specialised solver for standard 9x9 Sudoku:
// candidates as bitboards, singles propagation and guessing, with no
// allocation per puzzle.
//
// Each digit's candidates are 81 bits kept as three 27-bit band words.
// Propagation, repeated to a fixed point, applies per digit: locked
// candidates inside each band and each stack (a row-by-box or
// column-by-band matching on a 3x3 matrix, by table), hidden singles in
// rows, boxes and columns; and per cell: naked singles, all those of a
// round placed at once, digit by digit, their peers found by table with
// no loop over cells; and at each fixed point of those, the triad rules
// (each minirow and minicolumn holds exactly three digits). Propagation
// stops as soon as every cell is placed; a full grid is then checked once
// (each digit in every row, column and box). When propagation stops short
// of a full grid, the solver guesses on a triad: a digit confined to a
// minirow or minicolumn, in the band or stack with the fewest possible
// triads, saving a copy of its small state on an explicit stack; on
// backtracking it removes the digit from there instead. Looking for one
// solution of a puzzle that the first propagation leaves mostly filled
// (at most 50 cells), it guesses on cells instead and does without the
// triad rules (see cellModeMax); so does it for any number of solutions
// of such a puzzle with 30 givens or more, with lighter digit rules until
// the first solution (see cellGivens).
package bitboard
