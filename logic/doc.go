// Package logic solves Sudoku puzzles the way a person does: it applies
// human techniques in order of difficulty (singles, locked candidates,
// subsets, fish, wings, unique rectangles, chains, forcing chains) and
// records every step. From the steps it rates a puzzle on the Sudoku
// Explainer scale (the hardest step of the path that always takes the
// easiest available technique) and names a level; for a partly solved grid
// it gives the next step as a hint with a plain English explanation.
//
// Standard 9x9 grids get every technique. Other sizes and variants (extra
// regions are treated as houses) get singles, locked candidates, subsets,
// fish, wings and chains; when logic is exhausted a step of trial and
// error (the solution's digit in the cell with the fewest candidates) is
// taken and rated at the top of the scale.
package logic
