// Package generate makes Sudoku puzzles with exactly one solution: random
// complete grids of any size and variant, holes dug in symmetric orbits while
// the solution stays unique, optional targets (number of givens, minimality,
// a difficulty level or a Sudoku Explainer range), seeded and reproducible,
// in parallel across cores.
//
// Standard 9x9 puzzles use the specialised solver (internal/solver/bitboard) to
// check uniqueness; other sizes and variants use the package's own
// constraint search (naked and hidden singles with branching on the
// most constrained cell).
package generate
