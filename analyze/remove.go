package analyze

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/dlxkit/dlx/sudoku"
)

// Counter counts the solutions of a grid up to limit (a negative limit
// counts them all). *sudoku.Solver is one.
type Counter interface {
	Count(ctx context.Context, g *sudoku.Grid, limit int) (int, error)
}

// Removal is a set of givens and the number of solutions the puzzle has
// without them.
type Removal struct {
	Cells     []int `json:"cells"` // cell indices, increasing
	Solutions int   `json:"solutions"`
}

// Result is the analysis of a puzzle's givens.
type Result struct {
	K      int `json:"k"`
	Givens int `json:"givens"`
	// Most is the first set of K givens (in the lexicographic order of
	// the sets of givens, givens ordered by cell index) whose removal
	// leaves the most solutions.
	Most Removal `json:"most"`
	// Fewest is the first set of K givens whose removal leaves the fewest
	// solutions above one; Cells is nil when every set of K givens keeps
	// the solution unique.
	Fewest Removal `json:"fewest"`
	// Redundant lists the givens that can be removed alone keeping the
	// solution unique; Minimal reports that there is none.
	Redundant []int `json:"redundant"`
	Minimal   bool  `json:"minimal"`
	// Subsets is the number of sets of K givens; Counted the number whose
	// solutions were counted to the end (all of them: see RemoveK).
	Subsets int `json:"subsets"`
	Counted int `json:"counted"`
	// Solutions is the total of the solutions counted over all the sets,
	// a measure of the work done.
	Solutions int64 `json:"solutions_counted"`
}

// Errors of RemoveK.
var (
	// ErrK is returned when k is outside 1..givens.
	ErrK = errors.New("k out of range")
	// ErrTooMany is returned when there are more than MaxSubsets sets of k
	// givens.
	ErrTooMany = errors.New("too many sets of givens")
)

// MaxSubsets bounds the sets of k givens RemoveK accepts.
const MaxSubsets = 1 << 30

// Analyzer runs RemoveK. The zero value uses one worker per CPU and
// counts standard 9x9 grids band by band (package internal/solver/count) and
// other grids with sudoku.Solver.
type Analyzer struct {
	// Workers counts sets in parallel; 0 means GOMAXPROCS.
	Workers int
	// NewCounter returns a counter for one worker; nil means the band
	// counter of internal/solver/count for standard 9x9 grids and sudoku.Solver
	// for the others.
	NewCounter func() Counter
	// Progress, when set, is called after each set of k givens is counted
	// with the number done so far and the total; it is called from the
	// workers' goroutines and must be safe for concurrent use.
	Progress func(done, total int)
}

// RemoveK analyses puzzle with the zero Analyzer.
func RemoveK(ctx context.Context, puzzle *sudoku.Grid, k int) (Result, error) {
	return Analyzer{}.RemoveK(ctx, puzzle, k)
}

// RemoveK finds which k givens of puzzle, removed together, leave the most
// solutions and the fewest above one, and which givens are redundant. The
// puzzle must have a unique solution (ErrNotUnique otherwise, checked
// first), and k must be in 1..givens (ErrK).
//
// Every one of the C(givens, k) sets is counted exactly, in parallel, each
// worker with its own counter; the workers keep their own best sets and
// the answer is their merge in a fixed order, so it does not depend on the
// number of workers. Nothing is pruned: the most needs every count (a
// set's solutions have no cheap upper bound, and counting up to the best
// so far saves nothing since a set that reaches it must be counted to the
// end), and the fewest comes from the same counts. The redundant givens
// are found by counting each single removal up to two (exactly when k is
// 1).
//
// Standard 9x9 grids are counted by default without enumerating every
// solution (package internal/solver/count: band by band, the last band's
// completions from a memo), which looks at ctx as it runs; other grids,
// or a NewCounter that does not, are counted in parts when a set has
// many solutions, so that cancelling ctx takes effect within a second or
// so. The time grows with C(givens, k) and with the solutions per set:
// k = 2 on a 17-clue puzzle (136 pairs, 620 million solutions) takes
// seconds, where enumerating them took minutes (docs/generate.md has
// figures).
func (a Analyzer) RemoveK(ctx context.Context, puzzle *sudoku.Grid, k int) (Result, error) {
	newCounter := a.NewCounter
	if newCounter == nil {
		newCounter = newBandCounter
	}
	workers := a.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var givens []int
	for i, d := range puzzle.Cells {
		if d != 0 {
			givens = append(givens, i)
		}
	}
	m := len(givens)
	n, err := newCounter().Count(ctx, puzzle, 2)
	if err != nil {
		return Result{}, err
	}
	if n == 0 {
		return Result{}, fmt.Errorf("%w (%w)", ErrNotUnique, sudoku.ErrNoSolution)
	}
	if n != 1 {
		return Result{}, fmt.Errorf("%w (%d solutions)", ErrNotUnique, n)
	}
	if k < 1 || k > m {
		return Result{}, fmt.Errorf("%w: k = %d with %d givens", ErrK, k, m)
	}
	subsets := binomial(m, k)
	if subsets > MaxSubsets {
		return Result{}, fmt.Errorf("%w: C(%d, %d) is over %d", ErrTooMany, m, k, MaxSubsets)
	}
	res := Result{K: k, Givens: m, Subsets: subsets, Redundant: []int{}}

	// Singles: the puzzle without each given, counted up to two (or
	// exactly for k = 1).
	limit := 2
	if k == 1 {
		limit = -1
	}
	single := make([]int, m)
	_, err = parallel(ctx, workers, m, newCounter, puzzle, func(ctx context.Context, c Counter, g *sudoku.Grid, i int, _ *best) error {
		g.Cells[givens[i]] = 0
		n, err := c.Count(ctx, g, limit)
		single[i] = n
		return err
	})
	if err != nil {
		return Result{}, err
	}
	for i, n := range single {
		if n == 1 {
			res.Redundant = append(res.Redundant, givens[i])
		}
	}
	res.Minimal = len(res.Redundant) == 0

	// Every k-subset by rank, counted exactly; each worker keeps its best.
	var done atomic.Int64
	b, err := parallel(ctx, workers, subsets, newCounter, puzzle, func(ctx context.Context, c Counter, g *sudoku.Grid, rank int, b *best) error {
		var n int
		if k == 1 {
			n = single[rank]
		} else {
			for _, i := range unrank(rank, m, k, make([]int, k)) {
				g.Cells[givens[i]] = 0
			}
			var err error
			if n, err = countAll(ctx, c, g); err != nil {
				return err
			}
		}
		b.add(rank, n)
		if a.Progress != nil {
			a.Progress(int(done.Add(1)), subsets)
		}
		return nil
	})
	if err != nil {
		return Result{}, err
	}
	res.Counted, res.Solutions = b.counted, b.total
	if b.mostRank >= 0 {
		res.Most = Removal{Cells: cellsOf(unrank(b.mostRank, m, k, make([]int, k)), givens), Solutions: b.most}
	}
	if b.fewestRank >= 0 {
		res.Fewest = Removal{Cells: cellsOf(unrank(b.fewestRank, m, k, make([]int, k)), givens), Solutions: b.fewest}
	}
	return res, nil
}

// best is what one worker keeps of the counts it made: the set (by rank)
// with the most solutions and the one with the fewest above one, the
// smaller rank winning ties.
type best struct {
	most, mostRank     int
	fewest, fewestRank int
	counted            int
	total              int64
}

func newBest() best { return best{mostRank: -1, fewestRank: -1} }

func (b *best) add(rank, n int) {
	b.counted++
	b.total += int64(n)
	if b.mostRank < 0 || n > b.most || (n == b.most && rank < b.mostRank) {
		b.most, b.mostRank = n, rank
	}
	if n > 1 && (b.fewestRank < 0 || n < b.fewest || (n == b.fewest && rank < b.fewestRank)) {
		b.fewest, b.fewestRank = n, rank
	}
}

// merge adds o's sets to b; the result does not depend on the order of
// merges.
func (b *best) merge(o best) {
	b.counted += o.counted
	b.total += o.total
	if o.mostRank >= 0 && (b.mostRank < 0 || o.most > b.most || (o.most == b.most && o.mostRank < b.mostRank)) {
		b.most, b.mostRank = o.most, o.mostRank
	}
	if o.fewestRank >= 0 && (b.fewestRank < 0 || o.fewest < b.fewest || (o.fewest == b.fewest && o.fewestRank < b.fewestRank)) {
		b.fewest, b.fewestRank = o.fewest, o.fewestRank
	}
}

func cellsOf(sub []int, givens []int) []int {
	out := make([]int, len(sub))
	for i, s := range sub {
		out[i] = givens[s]
	}
	return out
}

// parallel runs job(i) for i in 0..n-1 on workers goroutines, each with its
// own counter, its own copy of puzzle (restored before every job) and its
// own best, and returns the merge of the bests.
func parallel(ctx context.Context, workers, n int, newCounter func() Counter, puzzle *sudoku.Grid,
	job func(ctx context.Context, c Counter, g *sudoku.Grid, i int, b *best) error) (best, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var mu sync.Mutex
	var firstErr error
	total := newBest()
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := newCounter()
			g := puzzle.Clone()
			b := newBest()
			defer func() {
				mu.Lock()
				total.merge(b)
				mu.Unlock()
			}()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				copy(g.Cells, puzzle.Cells)
				if err := job(ctx, c, g, i, &b); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return best{}, firstErr
	}
	if err := ctx.Err(); err != nil {
		return best{}, err
	}
	return total, nil
}

// binomial returns C(n, k), or MaxInt when it overflows.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	r := 1
	for i := 1; i <= k; i++ {
		if r > math.MaxInt/(n-k+i) {
			return math.MaxInt
		}
		r = r * (n - k + i) / i
	}
	return r
}

// unrank writes into sub the k-subset of 0..m-1 of the given rank in
// lexicographic order, and returns it.
func unrank(rank, m, k int, sub []int) []int {
	x := 0
	for i := 0; i < k; i++ {
		for {
			c := binomial(m-x-1, k-i-1)
			if rank < c {
				break
			}
			rank -= c
			x++
		}
		sub[i] = x
		x++
	}
	return sub
}
