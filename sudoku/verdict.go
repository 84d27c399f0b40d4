package sudoku

import "fmt"

// VerdictKind says what a puzzle is: invalid, without solution, with a
// unique solution or with several.
type VerdictKind int

// The verdicts of Check.
const (
	// Invalid: the givens clash (Verdict.Invalid names them).
	Invalid VerdictKind = iota + 1
	// NoSolution: the givens do not clash, but no grid completes them.
	NoSolution
	// Unique: exactly one solution (Verdict.Solution).
	Unique
	// Multiple: two solutions or more.
	Multiple
)

// String returns "invalid", "no solution", "unique" or "multiple".
func (k VerdictKind) String() string {
	switch k {
	case Invalid:
		return "invalid"
	case NoSolution:
		return "no solution"
	case Unique:
		return "unique"
	case Multiple:
		return "multiple"
	}
	return fmt.Sprintf("VerdictKind(%d)", int(k))
}

// Verdict is the result of Check.
type Verdict struct {
	Kind VerdictKind
	// Invalid holds the clashing cells and the broken constraints of an
	// invalid puzzle (Kind Invalid), else nil.
	Invalid *InvalidError
	// Solution is the solution of a puzzle with a unique one, else nil.
	Solution *Grid
}

// String returns the verdict as the `sudoku check` command prints it:
// "invalid: r1c1 and r1c5 both 7", "no solution", "unique" or "multiple".
func (v Verdict) String() string {
	if v.Kind == Invalid && v.Invalid != nil {
		return "invalid: " + invalidString(v.Invalid.Clashes, v.Invalid.Digits, v.Invalid.N, v.Invalid.Broken)
	}
	return v.Kind.String()
}
