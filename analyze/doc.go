// Package analyze checks a player's grid against a puzzle and analyses a
// puzzle's givens: which k givens, removed together, leave the most
// solutions (and the fewest above one), which givens are redundant, and
// whether the puzzle is minimal.
package analyze
