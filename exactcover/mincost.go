package exactcover

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// CostSolution is a solution found by MinCost: its options (0-based
// indices, ascending) and its total cost, the sum of their costs.
type CostSolution struct {
	Options []int
	Cost    int64
}

// lenThresh bounds the options MinCost counts in an item's list when it
// chooses the branching item (beyond it, the list's length stands in).
const lenThresh = 10

// infCost is a cost no solution reaches; the item headers carry it in
// MinCost's node costs, so that a walk down a list stops at the header.
const infCost = math.MaxInt64

// MinCost returns the k cheapest solutions of p (k >= 1; fewer when p has
// fewer), in order of cost, by the method of Knuth's DLX5. Solutions of
// equal cost come in the order found.
//
// Setup: every primary item is taxed the cost of its cheapest option, which
// is taken off every option holding it; the options' net costs are then
// nonnegative and each item has a free option, and every solution's cost is
// its net cost plus the total tax. The options are ordered by net cost
// (stably), so every item's list is sorted. The search is Algorithm X on
// the links with a cutoff, the k-th cheapest net cost found so far: an
// option whose cost would reach it is not tried (nor any after it in the
// list), and a node is abandoned when a lower bound on the net cost of
// covering the items left reaches it. The bound is the largest, over
// classes of primary items no two of which share an option (found greedily
// at the start: in a pentomino problem, the pieces; in an assignment, the
// rows), of the sum of the cheapest option cost left for each item of the
// class. The branching item is the one with the fewest options that stay
// under the cutoff (counted up to 10, beyond which the list's length is
// used), and among those the one whose cheapest option costs most.
//
// Options.MaxNodes and Options.Progress work as in a Solver's searches;
// Limit, Workers and Seed are ignored. Stats count as DLX1 does, with
// Solutions the number of solutions that improved on the k best known.
// When ctx is done or the budget is spent, MinCost returns the best
// solutions found so far with ctx's error or ErrNodeBudget. Problems with
// item bounds (Problem.HasBounds) are refused with ErrBounds.
func MinCost(ctx context.Context, p *Problem, opt Options, k int) ([]CostSolution, Stats, error) {
	if k < 1 {
		return nil, Stats{}, fmt.Errorf("MinCost: k = %d, want at least 1", k)
	}
	if p.HasBounds() {
		return nil, Stats{}, fmt.Errorf("MinCost of a problem with item bounds: %w", ErrBounds)
	}
	m, err := newMinCost(p, k)
	if err != nil {
		return nil, Stats{}, err
	}
	err = m.run(ctx, opt)
	return m.results(), m.stats, err
}

// minCost is the state of one MinCost search.
type minCost struct {
	s     *links
	nc    []int64 // net cost of every node's option; infCost on item headers
	perm  []int32 // option j of the sorted problem is option perm[j] of p
	cls   []int32 // per internal primary item: its class, or -1
	nCls  int
	tax   int64
	k     int
	heap  []costEntry // the k best found so far, a max-heap by (cost, seq)
	seq   int64
	stats Stats
}

type costEntry struct {
	cost int64 // net cost
	seq  int64 // order found
	opts []int32
}

// newMinCost taxes the items, sorts the options and builds the links.
func newMinCost(p *Problem, k int) (*minCost, error) {
	nOpt := p.NumOptions()
	nItems := p.NumItems()
	net := make([]int64, nOpt)
	for j := range net {
		net[j] = p.Cost(j)
	}
	// The options of each item (CSR).
	start := make([]int32, nItems+1)
	for _, i := range p.optItems {
		start[i+1]++
	}
	for i := range nItems {
		start[i+1] += start[i]
	}
	of := make([]int32, len(p.optItems))
	fill := slices.Clone(start[:nItems])
	for j := range nOpt {
		for _, i := range p.optItems[p.optStart[j]:p.optStart[j+1]] {
			of[fill[i]] = int32(j)
			fill[i]++
		}
	}
	// Taxes, item by item in input order; and a bound on every solution's
	// cost (each solution takes one option per primary item at most).
	var tax int64
	bound := uint64(0)
	for i := range nItems {
		if p.secondary[i] || start[i] == start[i+1] {
			continue
		}
		lo, hi := int64(infCost), int64(0)
		for _, j := range of[start[i]:start[i+1]] {
			lo, hi = min(lo, net[j]), max(hi, net[j])
		}
		bound += uint64(hi)
		if bound > 1<<62 {
			return nil, fmt.Errorf("the costs of a solution could add up to more than 2^62: %w", ErrCost)
		}
		if lo > 0 {
			tax += lo
			for _, j := range of[start[i]:start[i+1]] {
				net[j] -= lo
			}
		}
	}
	// The options sorted by net cost, stably, in a problem of their own.
	perm := make([]int32, nOpt)
	for j := range perm {
		perm[j] = int32(j)
	}
	slices.SortStableFunc(perm, func(a, b int32) int { return cmp.Compare(net[a], net[b]) })
	q := NewProblem()
	for i := range nItems {
		if _, err := q.AddItem(p.ItemName(i), p.secondary[i]); err != nil {
			return nil, err
		}
	}
	var items, colors []int
	for _, j := range perm {
		items, colors = p.Option(int(j), items[:0], colors[:0])
		c := colors
		if p.optColors == nil {
			c = nil
		}
		if _, err := q.AddOptionIndex(items, c); err != nil {
			return nil, err
		}
	}
	mq, err := newSpec(context.Background(), q)
	if err != nil {
		return nil, err
	}
	s, err := newLinks(context.Background(), mq)
	if err != nil {
		return nil, err
	}
	m := &minCost{s: s, perm: perm, tax: tax, k: k}
	nd := s.nd
	n := s.nItems
	m.nc = make([]int64, len(nd))
	for c := int32(1); c <= n; c++ {
		m.nc[c] = infCost
	}
	pos := n + 2
	for j, o := range perm {
		for range q.optStart[j+1] - q.optStart[j] {
			m.nc[pos] = net[o]
			pos++
		}
		pos++ // the spacer
	}
	m.classes()
	m.heap = make([]costEntry, 0, min(k, 1024))
	return m, nil
}

// classes splits the primary items greedily into classes of items no two
// of which share an option (at most 64 classes; an item that fits in none,
// or that would be alone in its class, has none), spending at most a few
// tens of millions of steps.
func (m *minCost) classes() {
	s := m.s
	nd, nPrim := s.nd, s.nPrim
	cls := make([]int32, nPrim+1)
	for i := range cls {
		cls[i] = -1
	}
	size := make([]int, 64)
	work := 0
	for c := int32(1); c <= nPrim && work < 1<<25; c++ {
		var used uint64
		for r := nd[c].down; r != c; r = nd[r].down {
			for q := r + 1; q != r; {
				t := nd[q].top
				if t <= 0 {
					q = nd[q].up
					continue
				}
				if t <= nPrim && cls[t] >= 0 {
					used |= 1 << cls[t]
				}
				q++
				work++
			}
		}
		if used != math.MaxUint64 {
			x := int32(bits.TrailingZeros64(^used))
			cls[c] = x
			size[x]++
		}
	}
	// Number the classes of two items or more 0, 1, ...
	num := make([]int32, 64)
	for x := range num {
		num[x] = -1
		if size[x] >= 2 {
			num[x] = int32(m.nCls)
			m.nCls++
		}
	}
	for c := int32(1); c <= nPrim; c++ {
		if cls[c] >= 0 {
			cls[c] = num[cls[c]]
		}
	}
	m.cls = cls
}

// run is the search; it leaves the links as they are when it stops.
func (m *minCost) run(ctx context.Context, opt Options) (err error) {
	s := m.s
	nd, it, col, nc, cls := s.nd, s.it, s.col, m.nc, m.cls
	colored := col != nil
	choice := make([]int32, s.nPrim+1)
	part := make([]int64, s.nPrim+1)
	var sums [64]int64
	csum := sums[:m.nCls]
	progress := opt.Progress
	clk := newClock(ctx, pollMask, budget{max: opt.MaxNodes})
	nextTick := clk.next // a local: the test at every node stays in a register
	var nodes, updates int64
	cutoff := int64(infCost) // the k-th best net cost so far
	var cur, next int64
	var level int
	var best, node int32

	if err = ctx.Err(); err != nil {
		goto finish
	}
	if it[0].next == 0 { // no primary item: the empty solution
		nodes = 1
		m.record(choice[:0], 0)
		goto finish
	}

forward:
	nodes++
	if nodes >= nextTick {
		var report bool
		report, err = clk.tick(nodes)
		nextTick = clk.next
		if err != nil {
			nodes-- // not entered, cancelled or over the budget
			goto finish
		}
		if report && progress != nil {
			progress(Stats{Nodes: nodes, Updates: updates, Solutions: m.stats.Solutions})
		}
	}
	{
		// The branching item, and the bounds.
		gap := cutoff - cur
		clear(csum)
		t, bestMin := int32(math.MaxInt32), int64(-1)
		for c := it[0].next; c != 0; c = it[c].next {
			p := nd[c].down
			lo := nc[p] // infCost when the list is empty
			if lo >= gap {
				goto backdown
			}
			if x := cls[c]; x >= 0 {
				if lo >= gap-csum[x] {
					goto backdown
				}
				csum[x] += lo
			}
			n := int32(1)
			q := nd[p].down
			for n < t && n < lenThresh && nc[q] < gap {
				n++
				q = nd[q].down
			}
			if nc[q] < gap { // more options under the cutoff than counted
				if n == t {
					continue
				}
				n = it[c].len
			}
			if n < t || (n == t && lo > bestMin) {
				t, best, bestMin = n, c, lo
			}
		}
	}
	if colored {
		updates += coverC(nd, col, it, best)
	} else {
		updates += cover(nd, it, best)
	}
	part[level] = cur
	node = nd[best].down
	choice[level] = node

advance:
	if node == best {
		goto backup
	}
	next = cur + nc[node]
	if next >= cutoff { // so do the options after it
		goto backup
	}
	if colored {
		updates += commitOthers(nd, col, it, node)
	} else {
		updates += coverOthers(nd, it, node)
	}
	if it[0].next == 0 {
		nodes++ // a solution counts as a node
		if clk.maxNodes > 0 && nodes > clk.maxNodes {
			nodes--
			err = ErrNodeBudget
			goto finish
		}
		m.record(choice[:level+1], next)
		if len(m.heap) == m.k {
			cutoff = m.heap[0].cost
		}
		goto recover
	}
	level++
	cur = next
	goto forward

backup:
	if colored {
		uncoverC(nd, col, it, best)
	} else {
		uncover(nd, it, best)
	}
backdown:
	if level == 0 {
		goto finish
	}
	level--
	node = choice[level]
	best = nd[node].top
	cur = part[level]

recover:
	if colored {
		uncommitOthers(nd, col, it, node)
	} else {
		uncoverOthers(nd, it, node)
	}
	node = nd[node].down
	choice[level] = node
	goto advance

finish:
	m.stats.Nodes, m.stats.Updates = nodes, updates
	return err
}

// record keeps the solution of the nodes chosen, of net cost cost, among
// the k best (it is better than the k-th best when there are k).
func (m *minCost) record(chosen []int32, cost int64) {
	m.stats.Solutions++
	m.seq++
	h := m.heap
	var e costEntry
	if len(h) < m.k {
		e.opts = make([]int32, 0, len(chosen))
	} else {
		e.opts = h[0].opts[:0]
	}
	nd := m.s.nd
	for _, q := range chosen {
		for nd[q].top > 0 {
			q++
		}
		e.opts = append(e.opts, m.perm[-nd[q].top-1])
	}
	e.cost, e.seq = cost, m.seq
	// Sift the new entry up from the end, or down from the root.
	if len(h) < m.k {
		h = append(h, e)
		i := len(h) - 1
		for i > 0 {
			up := (i - 1) / 2
			if !h[up].less(e) {
				break
			}
			h[i] = h[up]
			i = up
		}
		h[i] = e
	} else {
		i := 0
		for {
			l := 2*i + 1
			if l >= len(h) {
				break
			}
			if r := l + 1; r < len(h) && h[l].less(h[r]) {
				l = r
			}
			if !e.less(h[l]) {
				break
			}
			h[i] = h[l]
			i = l
		}
		h[i] = e
	}
	m.heap = h
}

func (a costEntry) less(b costEntry) bool {
	return a.cost < b.cost || (a.cost == b.cost && a.seq < b.seq)
}

// results returns the solutions kept, cheapest first, with their costs
// restored (net cost plus tax).
func (m *minCost) results() []CostSolution {
	h := slices.Clone(m.heap)
	slices.SortFunc(h, func(a, b costEntry) int {
		if a.less(b) {
			return -1
		}
		if b.less(a) {
			return 1
		}
		return 0
	})
	out := make([]CostSolution, len(h))
	for i, e := range h {
		opts := make([]int, len(e.opts))
		for j, o := range e.opts {
			opts[j] = int(o)
		}
		slices.Sort(opts)
		out[i] = CostSolution{Options: opts, Cost: e.cost + m.tax}
	}
	return out
}
