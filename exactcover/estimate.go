package exactcover

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// Estimate is a Monte Carlo estimate of the size of a search tree (see
// Solver.Estimate): the means of the samples' estimates of Stats.Nodes,
// Stats.Updates and Stats.Solutions, and their standard deviations (the
// standard error of a mean is its deviation divided by the square root
// of Samples).
type Estimate struct {
	Samples                         int
	Nodes, Updates, Solutions       float64
	NodesSD, UpdatesSD, SolutionsSD float64
	// MaxDepth is the deepest level a sample reached (1 for a path that
	// stopped at the root).
	MaxDepth int
}

// Estimate estimates the nodes, updates and solutions that Count would
// find below the solver's current state (after its Choose calls), with
// Knuth's Monte Carlo method: each sample walks one random path from the
// root down to a leaf of the search tree, covering at each level the item
// the search branches on (the first one with the fewest options) and
// trying one of its t options chosen uniformly at random; a node at depth
// d stands for the product of the degrees t above it, and the path's
// estimate of a total is the sum of these products over its nodes. The
// estimate of each sample is unbiased: its expected value is the true
// count. The seed makes the samples reproducible; samples < 1 is taken as
// 1. Estimate leaves the solver's state as it was; on cancellation it
// returns the samples taken so far and ctx.Err().
//
// Problems with multiplicities (Problem.HasBounds) are not estimated: the
// error wraps errors.ErrUnsupported.
func (s *Solver) Estimate(ctx context.Context, samples int, seed uint64) (Estimate, error) {
	if s.zero() {
		return Estimate{}, errZero("estimate")
	}
	if s.spec.bounded() {
		return Estimate{}, fmt.Errorf("estimate of a problem with item bounds: %w", errors.ErrUnsupported)
	}
	samples = max(samples, 1)
	l := s.linked()
	l.rng = rng(seed)
	var e Estimate
	var sum, sq [3]float64
	var err error
	pick := func(_ int, t int32) int32 { return int32(l.rng.intn(uint64(t))) }
	for i := range samples {
		if i&63 == 0 {
			if err = ctx.Err(); err != nil {
				break
			}
		}
		v, depth := l.sample(pick)
		e.Samples++
		e.MaxDepth = max(e.MaxDepth, depth)
		for k := range v {
			sum[k] += v[k]
			sq[k] += v[k] * v[k]
		}
	}
	if e.Samples == 0 {
		return e, err
	}
	n := float64(e.Samples)
	mean := func(k int) (float64, float64) {
		m := sum[k] / n
		if e.Samples < 2 {
			return m, 0
		}
		v := (sq[k] - n*m*m) / (n - 1)
		return m, math.Sqrt(max(v, 0))
	}
	e.Nodes, e.NodesSD = mean(0)
	e.Updates, e.UpdatesSD = mean(1)
	e.Solutions, e.SolutionsSD = mean(2)
	return e, err
}

// sample walks one path of the search tree below the current state,
// taking at each level the option pick(level, t) (in [0, t)) of the t
// options of the branching item, and returns its estimates of the nodes,
// updates and solutions (each node weighted by the product of the degrees
// above it) and the number of levels it entered. It restores the links.
func (l *links) sample(pick func(level int, t int32) int32) (est [3]float64, depth int) {
	nd, it, col := l.nd, l.it, l.col
	if it[0].next == 0 { // the empty extension: one node, one solution
		return [3]float64{1, 0, 1}, 0
	}
	w := 1.0 // the product of the degrees above the current level
	for level := 0; ; level++ {
		// The branching item, as runX chooses it: the first item of the
		// list with the fewest options.
		best, t := int32(0), int32(1<<31-1)
		for k := it[0].next; k != 0; k = it[k].next {
			if l := it[k].len; l < t {
				t, best = l, k
				if l == 0 {
					break
				}
			}
		}
		est[0] += w
		var u int64
		if col != nil {
			u = coverC(nd, col, it, best)
		} else {
			u = cover(nd, it, best)
		}
		est[1] += w * float64(u)
		if t == 0 { // a dead end
			if col != nil {
				uncoverC(nd, col, it, best)
			} else {
				uncover(nd, it, best)
			}
			l.unwind(level - 1)
			return est, level + 1
		}
		j := pick(level, t)
		cur := nd[best].down
		for ; j > 0; j-- {
			cur = nd[cur].down
		}
		l.choice[level] = cur
		w *= float64(t)
		if col != nil {
			u = commitOthers(nd, col, it, cur)
		} else {
			u = coverOthers(nd, it, cur)
		}
		est[1] += w * float64(u)
		if it[0].next == 0 { // a solution, which is a node too
			est[0] += w
			est[2] += w
			l.unwind(level)
			return est, level + 1
		}
	}
}

// fraction returns Knuth's estimate of the part of the search tree below
// the current state that a search at the given depth has done, from the
// choices of levels 0..depth-1 (in l.choice): the options before the
// current one at level lv, over lv's degree, weighted by the inverse
// product of the degrees above, plus half of the current node's share.
// random tells whether the search shuffles the options (their positions
// are then in l.rpos).
func (l *links) fraction(depth int, random bool) float64 {
	nd, it := l.nd, l.it
	f, w := 0.0, 1.0
	for lv := range depth {
		cur := l.choice[lv]
		best := nd[cur].top
		t := it[best].len
		if t <= 0 {
			break
		}
		var k int32
		if random {
			k = l.rpos[lv]
		} else {
			for q := nd[best].down; q != cur && q != best; q = nd[q].down {
				k++
			}
		}
		w /= float64(t)
		f += float64(k) * w
	}
	return f + w/2
}
