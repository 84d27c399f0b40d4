package exactcover

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// Split returns at least n subproblems (when the tree has that many
// branches) that together cover the search below the current state once.
//
// It walks the first levels of the search tree (the same tree that Count
// walks), one level deeper at a time, until the paths reaching the last
// level, together with the solutions found above it, number at least n.
// Each subproblem is one such path: choosing its options in order (with
// Choose, on a solver in the current state) and counting gives its share
// of the solutions, and the shares add up to the total. A path that is a
// solution is a subproblem whose count is 1. Split leaves the solver's
// state as it was.
//
// With multiplicities (Problem.HasBounds) the branches of the search are
// not all options, and Split returns nil; so does a zero Solver.
func (s *Solver) Split(n int) []Subproblem {
	if s.zero() || s.spec.bounded() {
		return nil
	}
	subs, _ := s.linked().split(n)
	return subs
}

// split is Split on the links, also returning the statistics of the levels
// it walked: those nodes and updates that a search of the subproblems does
// not count.
func (l *links) split(n int) ([]Subproblem, Stats) {
	if l.it[0].next == 0 || n <= 1 {
		return []Subproblem{{}}, Stats{}
	}
	path := make([]int32, 0, 64)
	for d := 1; ; d++ {
		var subs []Subproblem
		var st Stats
		deeper := l.splitLevel(0, d, path, &subs, &st)
		if len(subs) >= n || !deeper {
			return subs, st
		}
	}
}

// splitLevel enters the given level of the search tree, which is above
// depth, appending the subproblems below it to subs. It reports whether
// some path reached depth without being a solution.
func (l *links) splitLevel(level, depth int, path []int32, subs *[]Subproblem, st *Stats) bool {
	nd, it, col := l.nd, l.it, l.col
	st.Nodes++
	best, t := int32(0), int32(1<<31-1)
	for k := it[0].next; k != 0; k = it[k].next {
		if l := it[k].len; l < t {
			t, best = l, k
			if l == 0 {
				break
			}
		}
	}
	deeper := false
	if col != nil {
		st.Updates += coverC(nd, col, it, best)
	} else {
		st.Updates += cover(nd, it, best)
	}
	for cur := nd[best].down; cur != best; cur = nd[cur].down {
		if col != nil {
			st.Updates += commitOthers(nd, col, it, cur)
		} else {
			st.Updates += coverOthers(nd, it, cur)
		}
		p := append(path, l.optionOf(cur))
		switch {
		case it[0].next == 0 || level+1 == depth:
			sub := make(Subproblem, len(p))
			for i, o := range p {
				sub[i] = int(o)
			}
			*subs = append(*subs, sub)
			if it[0].next != 0 {
				deeper = true
			}
		default:
			if l.splitLevel(level+1, depth, p, subs, st) {
				deeper = true
			}
		}
		if col != nil {
			uncommitOthers(nd, col, it, cur)
		} else {
			uncoverOthers(nd, it, cur)
		}
	}
	if col != nil {
		uncoverC(nd, col, it, best)
	} else {
		uncover(nd, it, best)
	}
	return deeper
}

// subSeed derives the seed of subproblem i of a randomized parallel search.
func subSeed(seed uint64, i int) uint64 {
	z := seed ^ uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 31)) * 0xbf58476d1ce4e5b9
	if z == 0 {
		z = 1
	}
	return z
}

// parallel splits the search below the options chosen into pieces and
// solves them on opt.Workers goroutines, each with its own clone of the
// engine eng (e), taking pieces from a shared queue. The pieces are the
// units of the engine's own tree (see units) with item bounds, and with
// the bits engine when the search is not randomized (a randomized search
// draws its order as it goes: the walk to a unit would not be the same in
// every worker); otherwise they are the subproblems of the links' split
// (Split: at least 16 per worker), each searched below the options it
// chooses. Solutions are passed to visit on the calling goroutine.
func (s *Solver) parallel(ctx context.Context, opt Options, e Engine, eng engine, visit func([]int) bool) error {
	var (
		subs    []Subproblem
		top     Stats
		nPieces int
		depth   int // with item bounds: the depth of the units
	)
	if s.spec.bounded() || (e == EngineBits && opt.Seed == 0) {
		perWorker := 16
		if e == EngineBits { // cheap levels, uneven units
			perWorker = 64
		}
		var n int64
		depth, n, top = splitUnits(ctx, eng, s.chosen, perWorker*opt.Workers, opt.Seed)
		nPieces = int(n)
	} else {
		subs, top = s.linked().split(16 * opt.Workers)
		nPieces = len(subs)
	}
	workers := max(1, min(opt.Workers, nPieces))
	limit := opt.Limit
	inner, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		next  atomic.Int64 // the next piece to take
		found atomic.Int64 // solutions found, when they are counted one by one
		mu    sync.Mutex   // guards total and the calls of opt.Progress
		wg    sync.WaitGroup
	)
	total := top
	total.Subproblems = nPieces
	countEach := visit != nil || limit > 0
	var spent atomic.Int64 // nodes entered, for the node budget
	spent.Store(top.Nodes)
	var overBudget atomic.Bool
	sols := make(chan []int, 2*workers)
	free := make(chan []int, 4*workers)

	for range workers {
		w := eng.clone()
		j := job{
			chosen: append([]int32(nil), s.chosen...),
			budget: budget{max: opt.MaxNodes, spent: &spent},
		}
		base := len(j.chosen)
		wg.Go(func() {
			if countEach {
				j.visit = func(depth int) bool {
					n := found.Add(1)
					if limit > 0 && n > limit {
						cancel()
						return false
					}
					if visit != nil {
						var buf []int
						select {
						case buf = <-free:
						default:
						}
						buf = appendOptions(buf[:0], j.chosen)
						buf = w.path(buf, depth)
						// Always delivered: the caller's loop drains sols
						// until every worker has stopped. Dropping it when
						// another worker reached the limit and cancelled
						// lost solution n <= limit.
						sols <- buf
					}
					if limit > 0 && n == limit {
						cancel()
						return false
					}
					return true
				}
			}
			for inner.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= nPieces {
					break
				}
				j.seed = opt.Seed
				if depth > 0 {
					// The same seed in every unit: the units are numbered
					// in the order of the shuffled lists (links, item
					// bounds).
					j.units = units{depth: depth, target: int64(i)}
				} else {
					j.chosen = j.chosen[:base]
					for _, o := range subs[i] {
						j.chosen = append(j.chosen, int32(o))
					}
					if j.seed != 0 {
						j.seed = subSeed(j.seed, i)
					}
				}
				err := w.run(inner, &j)
				mu.Lock()
				total.Nodes += j.stats.Nodes
				total.Updates += j.stats.Updates
				total.Solutions += j.stats.Solutions
				if err == nil {
					total.SubproblemsDone++
				}
				if opt.Progress != nil {
					opt.Progress(total)
				}
				mu.Unlock()
				// The budget: checked by run every 4096 nodes, and here,
				// for the pieces smaller than that.
				if errors.Is(err, ErrNodeBudget) || (err == nil && opt.MaxNodes > 0 && spent.Load() > opt.MaxNodes) {
					overBudget.Store(true)
					cancel()
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(sols)
	}()
	stopped := false
	visited := int64(0)
	for sol := range sols {
		if !stopped {
			visited++
			if !visit(sol) {
				stopped = true
				cancel()
			}
		}
		select {
		case free <- sol:
		default:
		}
	}
	if visit != nil {
		total.Solutions = visited
	} else if countEach {
		total.Solutions = found.Load()
		if limit > 0 && total.Solutions > limit {
			total.Solutions = limit
		}
	}
	s.stats = total
	if err := ctx.Err(); err != nil {
		return err
	}
	// Over the budget with pieces left undone, and not stopped by the
	// limit or the visitor: the search is incomplete.
	if overBudget.Load() && !stopped && total.SubproblemsDone < nPieces && (limit == 0 || total.Solutions < limit) {
		return ErrNodeBudget
	}
	return nil
}

// splitUnits numbers the units of a parallel search on eng, below the
// options chosen: it walks the levels above depth 1, 2,
// ... until the nodes at that depth and the solutions above it number at
// least n, or no node is that deep. It returns the depth, the number of
// units, and the statistics of the walk (the nodes and updates above the
// units).
func splitUnits(ctx context.Context, eng engine, chosen []int32, n int, seed uint64) (depth int, count int64, top Stats) {
	for d := 1; ; d++ {
		j := job{chosen: chosen, seed: seed, units: units{depth: d, target: -1}}
		err := eng.run(ctx, &j)
		// When no node reached depth d, every unit is a solution and a
		// deeper walk finds the same ones.
		if err != nil || j.units.n >= int64(n) || !j.units.deep {
			return d, j.units.n, j.stats
		}
	}
}

// appendOptions appends the options os to dst.
func appendOptions(dst []int, os []int32) []int {
	for _, o := range os {
		dst = append(dst, int(o))
	}
	return dst
}
