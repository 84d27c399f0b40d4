package exactcover

import "errors"

// Sentinel errors. Errors returned by this package wrap one of these where a
// caller may need to tell them apart.
var (
	ErrSyntax        = errors.New("syntax error")
	ErrUnknownItem   = errors.New("unknown item")
	ErrRepeatedItem  = errors.New("item repeated in option")
	ErrEmptyOption   = errors.New("empty option")
	ErrDuplicateItem = errors.New("duplicate item name")
	ErrColorPrimary  = errors.New("color on a primary item")
	// ErrBounds: an item's multiplicity bounds are not 0 <= lo <= hi
	// with hi >= 1, or are given to a secondary item.
	ErrBounds     = errors.New("invalid item bounds")
	ErrConflict   = errors.New("option conflicts with the options already chosen")
	ErrNoSolution = errors.New("no solution")
	ErrNoOption   = errors.New("no such option")
	// ErrCost is a bad option cost: negative, above MaxCost, or a sum
	// of costs that could overflow.
	ErrCost = errors.New("invalid cost")
	// ErrNodeBudget ends a search that spent Options.MaxNodes nodes.
	ErrNodeBudget = errors.New("node budget spent")
	// ErrPieceMismatch: a piece file (see ReadPiece) is not a piece of
	// the problem it is used with.
	ErrPieceMismatch = errors.New("piece does not match the problem")
	// ErrZeroSolver: a Solver or CoverSolver that is a zero value, not
	// made by NewSolver or NewCoverSolver, has no problem to search.
	ErrZeroSolver = errors.New("solver not made by NewSolver or NewCoverSolver")
)

// Options configures a search. The zero value searches sequentially, in
// input order, for all solutions (or the first, for Solve).
type Options struct {
	// Limit stops the search after this many solutions; 0 means no limit.
	Limit int64
	// Workers is the number of goroutines searching in parallel; 0 or 1
	// searches sequentially on the calling goroutine.
	Workers int
	// Seed, when nonzero, randomizes the order in which the options of the
	// branching item are tried (the branching item itself is unchanged).
	// Searches with the same seed visit the same solutions in the same order.
	Seed uint64
	// Progress, when not nil, is called now and then (about every million
	// nodes, or when a parallel subproblem finishes) with the statistics so
	// far. It is called from the searching goroutine(s), one call at a time.
	Progress func(Stats)
	// MaxNodes, when positive, stops the search once it has entered this
	// many nodes (Stats.Nodes), with ErrNodeBudget. A sequential search
	// stops after exactly MaxNodes nodes; a parallel one checks its
	// workers' total every 4096 nodes of each worker, so it may run up to
	// 4096 nodes per worker more.
	MaxNodes int64
	// Engine selects the search engine: EngineAuto (the zero value)
	// lets the solver choose (see Solver.EngineFor), EngineLinks is
	// dancing links, EngineCells dancing cells. The engines find the same
	// solutions, in different orders, and count nodes and updates each
	// its own way (see Stats).
	Engine Engine
}

// Stats counts the work of a search, with Knuth's DLX1 definitions:
// Nodes goes up by one each time the search enters a level (also when the
// chosen item then has no options) and by one for every solution; Updates
// goes up by one each time an item is covered and by one for every node
// removed from a vertical list while that item's options are hidden.
type Stats struct {
	Nodes     int64
	Updates   int64
	Solutions int64
	// Subproblems and SubproblemsDone count the pieces of a parallel search.
	Subproblems     int
	SubproblemsDone int
	// Fraction, set only in the statistics passed to Options.Progress by
	// a sequential search, estimates the part of the search tree done
	// (from 0 to 1), with Knuth's measure: at each level, the options
	// tried before the current one over the number of options, weighted
	// by the inverse product of the numbers of options above.
	Fraction float64
}

// Subproblem is a part of a search expressed as data: the options chosen at
// its root, in order. Solving every subproblem of a split covers the whole
// search tree exactly once.
type Subproblem []int
