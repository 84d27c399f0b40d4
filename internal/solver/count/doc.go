// Package count counts the solutions of standard 9x9 Sudoku puzzles
// without enumerating them one by one, for puzzles with millions of
// solutions (a 17-clue puzzle with two givens removed).
//
// A solution is three bands (rows 1-3, 4-6, 7-9) that fit together
// through the columns only: each column's nine digits are its three
// digits in each band. So the number of ways to fill the last band
// depends only on which digits each column still lacks, and the number
// of ways to fill the last two depends only on which digits each column
// holds in the first. Counter.Count turns the puzzle (swapping bands, or
// transposing so that a stack becomes a band) to put the band with the
// most blank cells last and the one with the next most first, then
//
//   - searches the first band, with the propagation internal/solver/bitboard
//     also uses (internal/solver/bandword: singles, locked candidates) over the
//     whole grid, guessing in the first band only;
//   - for each placing of the first band, looks up the columns of each
//     digit in a memo; when they are new, enumerates the fillings of the
//     middle band with a small depth-first search (naked singles together,
//     then the cell with the fewest candidates);
//   - for each filling of the middle band, looks up the number of ways to
//     fill the last band, keyed by the columns each digit takes in the
//     first two bands; when it is new, counts it from the candidates of
//     the last band's blank cells, from a memo kept from one puzzle to the
//     next (keyed by those candidates, sorted: the count does not depend
//     on which digit has which cells) or by search.
//
// Small limits are counted one solution at a time instead. The search
// looks at its context every few thousand steps.
package count
