package sudoku

import (
	"fmt"

	"strconv"
)

// ErrConstraint is wrapped by the errors that reject a constraint of a
// variant: a cage or thermometer that does not fit the grid. It wraps
// ErrVariant, so errors.Is(err, ErrVariant) holds for these errors too.
var ErrConstraint error = constraintError{}

type constraintError struct{}

func (constraintError) Error() string { return "bad constraint" }
func (constraintError) Unwrap() error { return ErrVariant }

// CheckConstraints reports an error wrapping ErrConstraint when the
// constraints of v do not fit a grid of side n: a cage that is empty, has
// more than n cells, lists a cell twice, holds a cell outside the grid or
// already in another cage, or has a sum (other than 0, no sum) that no
// distinct digits 1..n of its size reach; a thermometer that is empty,
// longer than n, holds a cell outside the grid or twice, or is not a path
// of cells each a king's move from the one before; a rule of v.Rules that
// does not fit (docs/variants.md lists the checks; ConstraintProblems
// returns them all). A nil v, or one without constraints, is fine.
func CheckConstraints(n int, v *Variant) error {
	if v == nil {
		return nil
	}
	nc := n * n
	if len(v.Cages) > nc {
		return fmt.Errorf("%d cages for %d cells: %w", len(v.Cages), nc, ErrConstraint)
	}
	var owner []int // cage+1 of each cell
	if len(v.Cages) > 0 {
		owner = make([]int, nc)
	}
	for k, cg := range v.Cages {
		where := func() string {
			if cg.Sum == 0 {
				return "cage " + strconv.Itoa(k+1) + " (no sum)"
			}
			return "cage " + strconv.Itoa(k+1) + " (sum " + strconv.Itoa(cg.Sum) + ")"
		}
		if len(cg.Cells) == 0 {
			return fmt.Errorf("%s: no cells: %w", where(), ErrConstraint)
		}
		if len(cg.Cells) > n {
			return fmt.Errorf("%s: %d cells, more than the %d digits: %w", where(), len(cg.Cells), n, ErrConstraint)
		}
		for i, c := range cg.Cells {
			if c < 0 || c >= nc {
				return fmt.Errorf("%s: cell %d outside the %dx%d grid (cells 0..%d): %w", where(), c, n, n, nc-1, ErrConstraint)
			}
			for _, d := range cg.Cells[:i] {
				if d == c {
					return fmt.Errorf("%s: cell %s listed twice: %w", where(), CellName(c, n), ErrConstraint)
				}
			}
			if o := owner[c]; o != 0 && o != k+1 {
				return fmt.Errorf("%s: cell %s already in cage %d: %w", where(), CellName(c, n), o, ErrConstraint)
			}
			owner[c] = k + 1
		}
		if cg.Sum == 0 {
			continue // a cage without a sum: distinct digits only
		}
		lo, hi := sumRange(n, len(cg.Cells))
		if cg.Sum < lo || cg.Sum > hi {
			return fmt.Errorf("%s: no %d distinct digits 1..%d add up to %d (sums %d..%d): %w", where(), len(cg.Cells), n, cg.Sum, lo, hi, ErrConstraint)
		}
		if c := comboCount(n, len(cg.Cells), cg.Sum); c > MaxCageSets {
			return fmt.Errorf("%s: over %d sets of %d digits 1..%d add up to %d, more than the solver takes: %w", where(), MaxCageSets, len(cg.Cells), n, cg.Sum, ErrConstraint)
		}
	}
	if len(v.Thermos) > nc {
		return fmt.Errorf("%d thermometers for %d cells: %w", len(v.Thermos), nc, ErrConstraint)
	}
	for t, th := range v.Thermos {
		if len(th) == 0 {
			return fmt.Errorf("thermometer %d: no cells: %w", t+1, ErrConstraint)
		}
		if len(th) > n {
			return fmt.Errorf("thermometer %d: %d cells, longer than the %d digits: %w", t+1, len(th), n, ErrConstraint)
		}
		for i, c := range th {
			if c < 0 || c >= nc {
				return fmt.Errorf("thermometer %d: cell %d outside the %dx%d grid (cells 0..%d): %w", t+1, c, n, n, nc-1, ErrConstraint)
			}
			for _, d := range th[:i] {
				if d == c {
					return fmt.Errorf("thermometer %d: cell %s listed twice: %w", t+1, CellName(c, n), ErrConstraint)
				}
			}
			if i > 0 && !kingMove(th[i-1], c, n) {
				return fmt.Errorf("thermometer %d: %s does not touch %s, want a path of neighbouring cells: %w", t+1, CellName(c, n), CellName(th[i-1], n), ErrConstraint)
			}
		}
	}
	if errs := checkRules(n, v); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// MaxCageSets is the most digit sets a cage may have (each is an option
// of the exact-cover matrix): every cage of a 16x16 grid has at most
// 12,870 (8 of 16 digits), larger grids' big cages are refused.
const MaxCageSets = 20000

// sumRange returns the smallest and largest sums of k distinct digits
// 1..n. Every sum in between is reached by some k digits.
func sumRange(n, k int) (lo, hi int) {
	return k * (k + 1) / 2, k*n - k*(k-1)/2
}

// kingMove reports whether cells a and b of a grid of side n are distinct
// and a king's move apart.
func kingMove(a, b, n int) bool {
	dr, dc := a/n-b/n, a%n-b%n
	return a != b && dr >= -1 && dr <= 1 && dc >= -1 && dc <= 1
}

// knightPairs returns the pairs of cells (smaller first) a knight's move
// apart in a grid of side n.
func knightPairs(n int) [][2]int {
	var out [][2]int
	for r := range n {
		for c := range n {
			for _, m := range [4][2]int{{1, -2}, {1, 2}, {2, -1}, {2, 1}} {
				r2, c2 := r+m[0], c+m[1]
				if r2 < n && c2 >= 0 && c2 < n {
					out = append(out, [2]int{r*n + c, r2*n + c2})
				}
			}
		}
	}
	return out
}

// kingDiagonals returns the pairs of diagonal neighbours (smaller first):
// with the orthogonal neighbours, which share a row or column, they are
// the cells a king's move apart.
func kingDiagonals(n int) [][2]int {
	var out [][2]int
	for r := 0; r+1 < n; r++ {
		for c := range n {
			if c+1 < n {
				out = append(out, [2]int{r*n + c, (r+1)*n + c + 1})
			}
			if c > 0 {
				out = append(out, [2]int{r*n + c, (r+1)*n + c - 1})
			}
		}
	}
	return out
}

// orthogonalPairs returns the pairs of orthogonal neighbours (smaller
// first).
func orthogonalPairs(n int) [][2]int {
	var out [][2]int
	for r := range n {
		for c := range n {
			if c+1 < n {
				out = append(out, [2]int{r*n + c, r*n + c + 1})
			}
			if r+1 < n {
				out = append(out, [2]int{r*n + c, (r+1)*n + c})
			}
		}
	}
	return out
}

// cageCombos returns the sets of size distinct digits 1..n adding up to
// sum, as masks (digit d as bit d-1), in increasing order of the masks'
// lowest differing digit.
func cageCombos(n, size, sum int) []uint64 {
	out := make([]uint64, 0, comboCount(n, size, sum))
	var rec func(from, left, rest int, m uint64)
	rec = func(from, left, rest int, m uint64) {
		if left == 0 {
			if rest == 0 {
				out = append(out, m)
			}
			return
		}
		for d := from; d <= n; d++ {
			// The smallest sum of left digits from d on exceeds rest:
			// so does every later d.
			if left*d+left*(left-1)/2 > rest {
				return
			}
			// The largest sum of left digits up to n falls short.
			if left*n-left*(left-1)/2 < rest {
				return
			}
			rec(d+1, left-1, rest-d, m|1<<(d-1))
		}
	}
	rec(1, size, sum, 0)
	return out
}

// thermoRange returns, for each cell, the mask of digits the variant's
// thermometers leave it (a cell i places from the bulb of a thermometer
// of length L holds at least i+1 and at most n-L+i+1), or nil when there
// are no thermometers.
func thermoRange(n int, v *Variant) []uint64 {
	if v == nil || len(v.Thermos) == 0 {
		return nil
	}
	all := ^uint64(0) >> (64 - uint(n))
	m := make([]uint64, n*n)
	for c := range m {
		m[c] = all
	}
	for _, th := range v.Thermos {
		l := len(th)
		for i, c := range th {
			lo, hi := i+1, n-l+i+1
			m[c] &= all >> uint(n-hi) &^ (uint64(1)<<uint(lo-1) - 1)
		}
	}
	return m
}

// brokenRules checks the filled cells of g against the constraints of its
// variant (CheckRules without the houses): it returns the pairs of cells
// holding the same digit against a rule (a knight's or king's move apart,
// in one cage or renban, ...; smaller index first, with the digit), and
// the descriptions of the other broken rules: neighbours with consecutive
// digits, thermometers not increasing, full cages with the wrong sum,
// cages whose digits exceed their sum, and each rule of Rules.
func brokenRules(g *Grid) (pairs [][2]int, digits []int, rules []string) {
	v := g.Variant
	n := g.N()
	if !v.Constrained() || len(g.Cells) != n*n {
		return nil, nil, nil
	}
	c := newRuleChecker(g)
	if !c.fit {
		return nil, nil, nil
	}
	c.constraints()
	for _, b := range c.out {
		if b.Same {
			pairs = append(pairs, [2]int{b.Cells[0], b.Cells[1]})
			digits = append(digits, int(g.Cells[b.Cells[0]]))
		} else {
			rules = append(rules, b.Msg)
		}
	}
	return pairs, digits, rules
}
