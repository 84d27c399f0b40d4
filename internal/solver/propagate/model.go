package propagate

import (
	"errors"
	"fmt"
)

// MaxN is the largest side the engine takes: candidates are 16-bit sets.
const MaxN = 16

// ErrModel is wrapped by every error that rejects a model: a side out of
// range, a house that is not N distinct cells, a cell out of the grid, a
// constraint whose fields do not fit together.
var ErrModel = errors.New("bad propagation model")

// ErrNodeBudget is returned when a search visits more than
// Solver.MaxNodes nodes.
var ErrNodeBudget = errors.New("node budget exceeded")

// Digits is a set of digits: bit d-1 stands for digit d.
type Digits uint32

// DigitSet returns the set of the digits ds (those outside 1..MaxN are
// ignored).
func DigitSet(ds ...int) Digits {
	var m Digits
	for _, d := range ds {
		if d >= 1 && d <= MaxN {
			m |= 1 << (d - 1)
		}
	}
	return m
}

// Has reports whether digit d is in the set.
func (m Digits) Has(d int) bool { return d >= 1 && d <= MaxN && m&(1<<(d-1)) != 0 }

// Model is a variant Sudoku as the engine sees it: a side, houses and
// constraints over the N² cells (row-major indices from 0). Givens are
// not part of the model: they are passed to each search, so that one
// compiled model serves many grids of the same rules.
type Model struct {
	// N is the side of the grid, 1 to MaxN; digits are 1..N.
	N int
	// Houses are groups of exactly N distinct cells that hold every digit
	// once: rows, columns, boxes or jigsaw regions, extra regions
	// (diagonals, disjoint groups, windows). The engine derives naked
	// and hidden singles from them.
	Houses [][]int
	// Constraints are the further rules, each one of the types of this
	// package (Distinct, Pair, Domain, Sum, Cage, EqualSums, Renban,
	// Between, Count, Sandwich, XSum, Skyscraper, Predicate).
	Constraints []Constraint
}

// Constraint is one rule over some cells. The types that implement it
// are those of this package; each documents its exact meaning.
type Constraint interface {
	// validate checks the constraint against a grid of side n.
	validate(n int) error
	// kind names the constraint in error messages.
	kind() string
}

// Distinct: the digits of Cells are pairwise different (a killer cage
// without a sum, a set of cells that may not repeat a digit). A Distinct
// of N cells is not a house: give full houses as Model.Houses to get
// hidden singles too.
type Distinct struct {
	Cells []int
}

// Relation is an allowed-digit table for a Pair: bit b-1 of Relation[a-1]
// is set when digit a in the first cell allows digit b in the second.
type Relation [MaxN]uint16

// NewRelation returns the table of allow over digits 1..MaxN.
func NewRelation(allow func(a, b int) bool) Relation {
	var r Relation
	for a := 1; a <= MaxN; a++ {
		for b := 1; b <= MaxN; b++ {
			if allow(a, b) {
				r[a-1] |= 1 << (b - 1)
			}
		}
	}
	return r
}

// Allows reports whether digits a and b may stand in the first and the
// second cell.
func (r *Relation) Allows(a, b int) bool {
	return a >= 1 && a <= MaxN && b >= 1 && b <= MaxN && r[a-1]&(1<<(b-1)) != 0
}

// Pair: the digits a of cell A and b of cell B satisfy Rel (Rel.Allows(a,
// b)). Kropki dots, XV, their negative forms, thermometer steps, whispers,
// clones, palindromes, anti-knight and indexers are all pairs; see the
// relation helpers (Less, Differ, Ratio, SumIn, ...).
type Pair struct {
	A, B int
	Rel  Relation
}

// Domain: Cell holds one of Allowed (even and odd cells, and any other
// restriction of one cell's digits).
type Domain struct {
	Cell    int
	Allowed Digits
}

// Sum: Min <= sum of Weights[i] * digit(Cells[i]) <= Max. Weights nil
// means every weight is 1. Digits may repeat (little killers, arrows);
// add a Distinct, or use Cage, when they may not.
type Sum struct {
	Cells   []int
	Weights []int
	Min     int
	Max     int
}

// Cage is a killer cage: the digits of Cells are distinct and, when Sum
// is positive, add up to Sum. A cage with Sum 0 is a Distinct.
type Cage struct {
	Cells []int
	Sum   int
}

// EqualSums: the weighted sums of the groups are all equal: sum of
// Weights[g][i] * digit(Groups[g][i]) is the same for every g. Weights
// nil, or Weights[g] nil, means weights 1. Arrows (the circle, read as a
// number, against the shaft), region-sum lines (one group per box
// segment) and zipper lines (one group per pair of cells equidistant
// from the centre, plus the centre alone) are equal sums.
type EqualSums struct {
	Groups  [][]int
	Weights [][]int
}

// Renban: the digits of Cells are distinct and form a run of consecutive
// digits (in any order).
type Renban struct {
	Cells []int
}

// Between: the digits of the inner cells (all of Cells but the first and
// the last) lie strictly between the digits of the two ends, whichever
// end is the larger. A line of two cells or fewer says nothing.
type Between struct {
	Cells []int
}

// Count: at least Min of Cells hold a digit of Set. A quadruple clue
// listing digit d k times is Count{Cells, DigitSet(d), k}.
type Count struct {
	Cells []int
	Set   Digits
	Min   int
}

// Sandwich: in Cells (a full row or column, read from its clue), the
// digits strictly between the digit 1 and the digit N add up to Sum; 1
// and N appear exactly once in Cells.
type Sandwich struct {
	Cells []int
	Sum   int
}

// XSum: Cells are read from the clue; the first cell's digit X counts the
// cells, from the first, whose digits add up to Sum (X is among them).
type XSum struct {
	Cells []int
	Sum   int
}

// Skyscraper: Cells are read from the clue; a digit is seen when it is
// larger than every digit before it, and exactly Visible digits are
// seen.
type Skyscraper struct {
	Cells   []int
	Visible int
}

// Predicate is the fallback for any rule: Check receives the digits of
// Cells (in order) once all are fixed and reports whether the rule holds.
// While some are open, the engine prunes by trying every combination of
// the open cells' candidates when there are at most Enumerate of them
// (0: 256), and does nothing otherwise. Check must be a pure function.
type Predicate struct {
	Name      string
	Cells     []int
	Check     func(digits []int) bool
	Enumerate int
}

func (Distinct) kind() string   { return "distinct" }
func (Pair) kind() string       { return "pair" }
func (Domain) kind() string     { return "domain" }
func (Sum) kind() string        { return "sum" }
func (Cage) kind() string       { return "cage" }
func (EqualSums) kind() string  { return "equal sums" }
func (Renban) kind() string     { return "renban" }
func (Between) kind() string    { return "between" }
func (Count) kind() string      { return "count" }
func (Sandwich) kind() string   { return "sandwich" }
func (XSum) kind() string       { return "x-sum" }
func (Skyscraper) kind() string { return "skyscraper" }
func (p Predicate) kind() string {
	if p.Name != "" {
		return "predicate " + p.Name
	}
	return "predicate"
}

// maxWeight bounds the weights of sums, so that the range of a sum stays
// small enough for the engine's tables.
const maxWeight = 1000

// maxClue bounds the clues of sandwiches, X-sums and skyscrapers (far
// above any that a line of MaxN digits can meet).
const maxClue = 1 << 12

// maxSumBits bounds the width (in possible totals) of a sum's table.
const maxSumBits = 1 << 16

func checkCells(cells []int, n int, min int) error {
	if len(cells) < min {
		return fmt.Errorf("%d cells, want at least %d", len(cells), min)
	}
	if len(cells) > n*n {
		return fmt.Errorf("%d cells, more than the grid's %d", len(cells), n*n)
	}
	for i, c := range cells {
		if c < 0 || c >= n*n {
			return fmt.Errorf("cell %d out of range 0..%d", c, n*n-1)
		}
		for _, d := range cells[:i] {
			if d == c {
				return fmt.Errorf("cell %s listed twice", cellName(c, n))
			}
		}
	}
	return nil
}

func cellName(c, n int) string { return fmt.Sprintf("r%dc%d", c/n+1, c%n+1) }

func (d Distinct) validate(n int) error { return checkCells(d.Cells, n, 1) }

func (p Pair) validate(n int) error {
	if err := checkCells([]int{p.A, p.B}, n, 2); err != nil {
		return err
	}
	return nil
}

func (d Domain) validate(n int) error {
	if err := checkCells([]int{d.Cell}, n, 1); err != nil {
		return err
	}
	if uint32(d.Allowed)>>n != 0 {
		return fmt.Errorf("digits %b beyond %d", uint32(d.Allowed), n)
	}
	return nil
}

func checkWeights(cells, weights []int) error {
	if weights == nil {
		return nil
	}
	if len(weights) != len(cells) {
		return fmt.Errorf("%d weights for %d cells", len(weights), len(cells))
	}
	for _, w := range weights {
		if w < -maxWeight || w > maxWeight {
			return fmt.Errorf("weight %d out of range -%d..%d", w, maxWeight, maxWeight)
		}
	}
	return nil
}

// sumSpan returns the smallest and largest weighted sums of cells.
func sumSpan(weights []int, k, n int) (lo, hi int) {
	for i := range k {
		w := 1
		if weights != nil {
			w = weights[i]
		}
		a, b := w, w*n
		if a > b {
			a, b = b, a
		}
		lo += a
		hi += b
	}
	return lo, hi
}

func (s Sum) validate(n int) error {
	if err := checkCells(s.Cells, n, 1); err != nil {
		return err
	}
	if err := checkWeights(s.Cells, s.Weights); err != nil {
		return err
	}
	if s.Min > s.Max {
		return fmt.Errorf("min %d above max %d", s.Min, s.Max)
	}
	lo, hi := sumSpan(s.Weights, len(s.Cells), n)
	if hi-lo >= maxSumBits {
		return fmt.Errorf("sums range over %d values, more than %d", hi-lo+1, maxSumBits)
	}
	return nil
}

func (c Cage) validate(n int) error {
	if err := checkCells(c.Cells, n, 1); err != nil {
		return err
	}
	if c.Sum < 0 {
		return fmt.Errorf("negative sum %d", c.Sum)
	}
	return nil
}

func (e EqualSums) validate(n int) error {
	if len(e.Groups) == 0 {
		return fmt.Errorf("no groups")
	}
	if e.Weights != nil && len(e.Weights) != len(e.Groups) {
		return fmt.Errorf("%d weight lists for %d groups", len(e.Weights), len(e.Groups))
	}
	var all []int
	glo, ghi := 0, 0
	for g, cells := range e.Groups {
		if err := checkCells(cells, n, 1); err != nil {
			return fmt.Errorf("group %d: %w", g+1, err)
		}
		var w []int
		if e.Weights != nil {
			w = e.Weights[g]
		}
		if err := checkWeights(cells, w); err != nil {
			return fmt.Errorf("group %d: %w", g+1, err)
		}
		lo, hi := sumSpan(w, len(cells), n)
		if g == 0 || lo < glo {
			glo = lo
		}
		if g == 0 || hi > ghi {
			ghi = hi
		}
		all = append(all, cells...)
	}
	if ghi-glo >= maxSumBits {
		return fmt.Errorf("sums range over %d values, more than %d", ghi-glo+1, maxSumBits)
	}
	if err := checkCells(all, n, 1); err != nil {
		return fmt.Errorf("across groups: %w", err)
	}
	return nil
}

func (r Renban) validate(n int) error  { return checkCells(r.Cells, n, 1) }
func (b Between) validate(n int) error { return checkCells(b.Cells, n, 1) }

func (c Count) validate(n int) error {
	if err := checkCells(c.Cells, n, 1); err != nil {
		return err
	}
	if c.Set == 0 || uint32(c.Set)>>n != 0 {
		return fmt.Errorf("digit set %b empty or beyond %d", uint32(c.Set), n)
	}
	if c.Min < 0 {
		return fmt.Errorf("negative minimum %d", c.Min)
	}
	return nil
}

func (s Sandwich) validate(n int) error {
	if err := checkCells(s.Cells, n, 2); err != nil {
		return err
	}
	if s.Sum < 0 || s.Sum > maxClue {
		return fmt.Errorf("sum %d out of range 0..%d", s.Sum, maxClue)
	}
	return nil
}

func (x XSum) validate(n int) error {
	if err := checkCells(x.Cells, n, 1); err != nil {
		return err
	}
	if x.Sum < 0 || x.Sum > maxClue {
		return fmt.Errorf("sum %d out of range 0..%d", x.Sum, maxClue)
	}
	return nil
}

func (s Skyscraper) validate(n int) error {
	if err := checkCells(s.Cells, n, 1); err != nil {
		return err
	}
	if s.Visible < 0 || s.Visible > maxClue {
		return fmt.Errorf("count %d out of range 0..%d", s.Visible, maxClue)
	}
	return nil
}

func (p Predicate) validate(n int) error {
	if err := checkCells(p.Cells, n, 1); err != nil {
		return err
	}
	if p.Check == nil {
		return fmt.Errorf("no check function")
	}
	if p.Enumerate < 0 {
		return fmt.Errorf("negative enumeration limit %d", p.Enumerate)
	}
	return nil
}

// Validate reports the first problem of m, as an error wrapping ErrModel.
func (m *Model) Validate() error {
	if m == nil {
		return fmt.Errorf("nil model: %w", ErrModel)
	}
	n := m.N
	if n < 1 || n > MaxN {
		return fmt.Errorf("side %d out of range 1..%d: %w", n, MaxN, ErrModel)
	}
	for h, house := range m.Houses {
		if len(house) != n {
			return fmt.Errorf("house %d: %d cells, want %d: %w", h+1, len(house), n, ErrModel)
		}
		if err := checkCells(house, n, n); err != nil {
			return fmt.Errorf("house %d: %w: %w", h+1, err, ErrModel)
		}
	}
	for i, c := range m.Constraints {
		if c == nil {
			return fmt.Errorf("constraint %d: nil: %w", i+1, ErrModel)
		}
		if err := c.validate(n); err != nil {
			return fmt.Errorf("constraint %d (%s): %w: %w", i+1, c.kind(), err, ErrModel)
		}
	}
	return nil
}
