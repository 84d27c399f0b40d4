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
	if s.bound != nil || s.zero() {
		return nil
	}
	subs, _ := s.split(n)
	return subs
}

// split is Split, also returning the statistics of the levels it walked:
// those nodes and updates that a search of the subproblems does not count.
func (s *Solver) split(n int) ([]Subproblem, Stats) {
	if s.it[0].next == 0 || n <= 1 {
		return []Subproblem{{}}, Stats{}
	}
	path := make([]int32, 0, 64)
	for d := 1; ; d++ {
		var subs []Subproblem
		var st Stats
		deeper := s.splitLevel(0, d, path, &subs, &st)
		if len(subs) >= n || !deeper {
			return subs, st
		}
	}
}

// splitLevel enters the given level of the search tree, which is above
// depth, appending the subproblems below it to subs. It reports whether
// some path reached depth without being a solution.
func (s *Solver) splitLevel(level, depth int, path []int32, subs *[]Subproblem, st *Stats) bool {
	nd, it, col := s.nd, s.it, s.col
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
		p := append(path, s.optionOf(cur))
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
			if s.splitLevel(level+1, depth, p, subs, st) {
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

// parallel splits the search into subproblems, at least 16 per worker,
// and solves them on opt.Workers goroutines, each with its own copy of the
// links, taking subproblems from a shared queue. Solutions are passed to
// visit on the calling goroutine.
func (s *Solver) parallel(ctx context.Context, opt Options, visit func([]int) bool) error {
	// The pieces: subproblems (options to choose), or with multiplicities
	// the units of runM.
	var (
		subs      []Subproblem
		top       Stats
		nPieces   int
		unitDepth int
	)
	if s.bound != nil {
		var n int64
		if s.engine == EngineBits {
			unitDepth, n, top = s.splitBitsM(ctx, 64*opt.Workers)
		} else {
			unitDepth, n, top = s.splitM(ctx, 16*opt.Workers, opt.Seed)
		}
		nPieces = int(n)
	} else {
		subs, top = s.split(16 * opt.Workers)
		nPieces = len(subs)
	}
	workers := max(1, min(opt.Workers, nPieces))
	limit := opt.Limit
	inner, cancel := context.WithCancel(ctx)
	defer cancel()

	var (
		next  atomic.Int64 // the next subproblem to take
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
		w := s.clone()
		w.budget = budget{max: opt.MaxNodes, spent: &spent}
		wg.Go(func() {
			base := len(w.chosen)
			var wvisit func(depth int) bool
			if countEach {
				wvisit = func(depth int) bool {
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
						buf = append(buf[:0], w.solution(depth)...)
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
				var err error
				if w.bound != nil {
					// The same seed in every unit: the units are numbered
					// in the order of the shuffled lists.
					w.unitDepth, w.unitTarget = unitDepth, int64(i)
					err = w.run(inner, 0, opt.Seed, nil, wvisit)
					w.unitDepth = 0
				} else {
					ok := true
					for _, o := range subs[i] {
						if w.Choose(o) != nil {
							ok = false // cannot happen: the options were chosen together
							break
						}
					}
					seed := opt.Seed
					if seed != 0 {
						seed = subSeed(seed, i)
					}
					if ok {
						err = w.run(inner, 0, seed, nil, wvisit)
					} else {
						w.stats = Stats{}
					}
				}
				for len(w.chosen) > base {
					w.unchoose()
				}
				mu.Lock()
				total.Nodes += w.stats.Nodes
				total.Updates += w.stats.Updates
				total.Solutions += w.stats.Solutions
				if err == nil {
					total.SubproblemsDone++
				}
				if opt.Progress != nil {
					opt.Progress(total)
				}
				mu.Unlock()
				// The budget: checked by run every 4096 nodes, and here,
				// for the subproblems smaller than that.
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
	// Over the budget with subproblems left undone, and not stopped by the
	// limit or the visitor: the search is incomplete.
	if overBudget.Load() && !stopped && total.SubproblemsDone < nPieces && (limit == 0 || total.Solutions < limit) {
		return ErrNodeBudget
	}
	return nil
}
