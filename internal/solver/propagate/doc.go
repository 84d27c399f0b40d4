// Package propagate is a constraint-propagation engine for variant
// Sudoku: candidates per cell, each rule removing the candidates it rules
// out, search on the cell with the fewest candidates. It takes a plain
// Model (a side N up to 16, houses, constraints over cell indices) and
// counts or lists the solutions of grids under it; it knows nothing of
// file formats or of the sudoku package.
//
// # Model
//
// Cells are row-major indices 0..N²-1; digits are 1..N. Houses are groups
// of N cells holding every digit once (rows, columns, boxes or jigsaw
// regions, diagonals, disjoint groups, any extra region): the engine
// takes their digits out of each other (naked singles) and places a digit
// with one place left in a house (hidden singles). Every other rule is a
// Constraint, one of these types:
//
//   - Distinct: the cells' digits are pairwise different (sumless killer
//     cages, anti-king and anti-knight as pairs).
//   - Pair: the two cells' digits satisfy an allowed-digit table. The
//     helpers build the usual ones: Less (thermometer steps, minimum and
//     maximum cells), LessOrEqual (slow thermometers), Equal (clones,
//     palindromes), NotEqual, Differ(k) (white kropki dot: |a-b| = k,
//     k = 1 by default), Ratio(k) (black dot: one digit k times the
//     other, k = 2 by default), SumIn(s...) (X = 10, V = 5, or any sums),
//     AtLeastApart(k) (German whispers, |a-b| >= k, 5 on 9x9;
//     non-consecutive: k = 2), Iff(x, y) (indexers); Not gives the
//     negative forms (no dot between two cells: Differ(1).Or(Ratio(2)).Not()).
//   - Domain: one cell's digits restricted to a set (even, odd).
//   - Sum: Min <= sum of weight*digit <= Max, digits free to repeat
//     (little killers, weighted sums).
//   - Cage: distinct digits adding up to Sum (a killer cage); Sum 0 is
//     distinct digits only.
//   - EqualSums: groups of cells with equal weighted sums (arrows, whose
//     circle is a number read from its 1 to 3 cells: 10a+b for a pill of
//     two; region-sum lines, one group per box segment; zipper lines).
//   - Renban: distinct digits forming a run of consecutive digits.
//   - Between: the inner cells of a line strictly between the digits of
//     its two ends (either end the larger).
//   - Count: at least Min of the cells hold a digit of a set
//     (quadruples: each listed digit, as many times as it is listed;
//     "at least one low, middle and high digit" rules).
//   - Sandwich: in a row or column, the digits strictly between 1 and N
//     add up to Sum.
//   - XSum: the first X cells from the clue add up to Sum, X being the
//     first cell's digit.
//   - Skyscraper: Visible digits are larger than all digits before them,
//     reading from the clue.
//   - Predicate: any rule as a function of the cells' digits, checked once
//     they are all fixed and used to prune when their candidates make few
//     combinations. It keeps every count exact where no propagator exists.
//
// The rule helpers (Thermometer, SlowThermometer, Whispers, Palindrome,
// Clone, Entropic, Zipper, RegionSumLine, Arrow, Quadruple, RowIndexer,
// ColumnIndexer, BoxIndexer, KnightPairs, KingPairs, OrthogonalPairs) turn
// a rule as setters state it into constraints, with these meanings (those
// of f-puzzles and its solver):
//
//   - thermometer: digits strictly increase from the bulb; slow
//     thermometer: they never decrease.
//   - whispers: neighbours on the line differ by at least k.
//   - palindrome: the line reads the same both ways; clone: cells at the
//     same position of the two shapes hold the same digit.
//   - entropic line: any three consecutive cells hold one low, one middle
//     and one high digit (EntropicGroups: 1-3, 4-6, 7-9 on 9x9; on other
//     sizes the middle group is the odd one out: N%3 == 1 makes it the
//     larger, else the smaller); equivalently two cells of the line share
//     a group exactly when their distance is a multiple of 3, which also
//     puts the two cells of a two-cell line in different groups.
//   - zipper line: cells equidistant from the centre add up to the same
//     total, the centre's digit on a line of odd length.
//   - region-sum line: cut into maximal runs of consecutive cells in one
//     region, every run adds up to the same total.
//   - arrow: the circle's number equals the sum of the shaft; an arrow
//     drawn with several lines from one circle is one arrow per line.
//     Beyond 9x9 a multi-cell circle concatenates its digits' decimal
//     forms (a Predicate).
//   - minimum and maximum cells (f-puzzles): smaller (larger) than each
//     orthogonal neighbour that is not itself a minimum (maximum) cell;
//     build them with Pair and Less.
//   - quadruple: each listed digit appears at least as often as listed
//     among the (up to four) cells around the vertex.
//   - row indexer: digit d in cell (r, c) means digit r in cell (d, c)
//     (1-based rows); column indexer: digit d in (r, c) means digit c in
//     (r, d); box indexer: digit d in the box's cell p (1-based, in the
//     box's order) means digit p in its cell d. Each is a Pair with Iff
//     between the indexing cell and each cell it can point at.
//
// # Engine
//
// New checks the model (errors wrap ErrModel) and compiles it: houses and
// Distinct into peer lists, Pair into arcs (NotEqual pairs into peers),
// the others into propagators: Cage and Renban as tables of the digit sets
// they may hold (a cage with more than 2,048 sets falls back to its sum's
// table and distinct digits); Sum and EqualSums as bit sets of reachable
// partial sums forward and backward, which keep exactly the digits some
// assignment of the group completes to an allowed total, cells that see
// each other (up to three, sharing a house or a Distinct) taken together
// with distinct digits while their candidates make at most 512
// assignments; Sandwich, XSum and Skyscraper as finite automata over the
// line, propagated the same way, exactly, and, for a sandwich or an X-sum
// whose cells see each other (a row or a column), also as the digit sets
// that the cells between the crusts, or the first X, may hold; Between by trying each pair of
// end digits, exactly; Count by counting the cells that can and must hold
// the set.
//
// A search loads the givens and propagates to a fixed point: a queue of
// changed cells (peers, arcs), then of houses (hidden singles, and locked
// candidates: a digit whose places in a house all lie in its
// intersection with another house leaves the rest of that house), then
// of constraints whose cells changed (not those whose propagation is
// exact, for the changes they made themselves). It then branches on one open cell:
// first its smallest candidate, then (after propagation) the cell without
// it. The cell has the fewest candidates per unit of conflict weight
// (every contradiction adds one to the weight of the cells of the rule
// that found it, as dom/wdeg does), ties broken by degree. Changes go on
// a trail that backtracking unwinds; nothing is allocated while
// searching. The context is polled every 4,096 nodes.
package propagate
