// Package generate makes Sudoku puzzles with exactly one solution, of
// three kinds, all from one Generator (NewGenerator, Generate; Many runs
// several in parallel) configured by one Options and giving one Result:
//
//   - classic puzzles: a random complete grid of any size and region
//     variant, holes dug in symmetric orbits while the solution stays
//     unique, optional targets (number of givens, minimality, a difficulty
//     level or a Sudoku Explainer range, rated by package logic);
//   - puzzles with givens that keep a set of rules (a Variant with
//     constraints: cages, thermometers, the chess and non-consecutive
//     rules, every rule of sudoku.Rules), minimal;
//   - killer puzzles: no givens, cages covering the grid.
//
// Every kind is seeded and reproducible whatever the number of workers.
// NewGenerator checks the options (ErrOptions); Generate returns
// ErrNotFound when no puzzle met the targets and ErrNoPuzzle when no grid
// keeps the rules. Classic standard 9x9 puzzles check uniqueness with the
// bitboard solver, other classic ones with internal/solver/backtrack; the
// other kinds use sudoku.Solver, which picks its method for the grid (the
// propagation solver for constrained grids up to 16x16) and, for killers,
// the exact-cover solver with a node budget.
package generate
