package exactcover

import (
	"context"
	"fmt"
	"iter"
	"math"
	"slices"
)

// Repeat cover ("set cover"): every primary item covered at least once,
// by as few options as possible. Secondary items keep the rules of exact
// cover with colors: options that share a secondary item give it the same
// color, and an item without color is used by at most one option.
//
// The search is IDA* over the cost of the cover (the number of options,
// unless they carry costs): a depth-first search that picks the
// uncovered primary item with the fewest usable options and branches on
// those options, cut off wherever the cost spent plus an admissible lower
// bound on the cost still needed passes the current threshold; the
// threshold starts at the lower bound of the whole problem and rises to
// the smallest cut-off value of the last pass until a pass finds a cover.
// Within a branch, the options tried before the current one are barred,
// so every set of options is met at most once.
//
// The state is kept in counters updated when an option is chosen or barred
// and undone in reverse: per item, the chosen options covering it and the
// usable options through it; per option, its uncovered items ("gain")
// and how many reasons bar it; and a histogram of the gains of the usable
// options, from which the bound is read in time proportional to the
// largest gain: the fewest options whose largest gains add up to the
// number of uncovered items.
//
// Costs: when the problem's options carry costs ("|n", Problem.Cost) a
// minimum cover is one of least total cost and, among those, of fewest
// options (so that an option of cost 0 is in it only when it is needed).
// The search then weighs option o as s.cost[o] = cost*scale + 1, with
// scale one more than the number of options, which orders covers by cost
// then size; without costs every option weighs 1. IDA* works for any such
// weights, and bound (the fewest options still needed times the smallest
// weight) stays admissible.

// CoverOptions configures a repeat cover search.
type CoverOptions struct {
	// MaxNodes, when positive, stops the search once it has entered this
	// many nodes (CoverStats.Nodes), with ErrNodeBudget.
	MaxNodes int64
	// Progress, when not nil, is called about every million nodes and at
	// the end of every pass with the statistics so far.
	Progress func(CoverStats)
}

// CoverStats counts the work of a repeat cover search.
type CoverStats struct {
	// Nodes goes up by one each time the search enters a node, in every
	// pass.
	Nodes int64
	// Passes is the number of depth-first passes (thresholds tried).
	Passes int
	// Bound is a cost proven too small for a cover: every cover costs
	// more (-1 before the search starts).
	Bound int64
	// Covers counts the minimum covers delivered.
	Covers int64
}

// Cover is a repeat cover: its options (indices into the problem, in
// ascending order), their number and their total cost.
type Cover struct {
	Options []int
	Size    int
	Cost    int64
}

// CoverSolver finds minimum repeat covers of one Problem. It is reusable
// but not safe for concurrent use. Make one with NewCoverSolver (or use
// Problem.MinCover): the zero value has no problem, and its Min and All
// end with an error wrapping ErrZeroSolver.
type CoverSolver struct {
	nP int // primary items; local numbers 0..nP-1

	// The usable options (those with at least one primary item), numbered
	// locally; orig maps them back to the problem's indices.
	orig  []int32
	real  []int64 // the cost of each option (1 without costs)
	cost  []int64 // its weight in the search (see above)
	scale int64   // 0 without costs
	// costErr: the costs are too large for the weights.
	costErr error
	oStart  []int32 // option o covers oItems[oStart[o]:oStart[o+1]] (local items)
	oItems  []int32
	sStart  []int32 // and uses secondary items sItems[sStart[o]:sStart[o+1]]
	sItems  []int32
	sColor  []int32 // with these colors (0: none)
	iStart  []int32 // the options through primary item i: iOpts[iStart[i]:iStart[i+1]]
	iOpts   []int32
	jStart  []int32 // the options through secondary item j: jOpts[jStart[j]:...]
	jOpts   []int32
	jColor  []int32 // with the color they give it

	// Search state.
	cov       []int32 // per item: chosen options covering it
	avail     []int32 // per item: options through it not barred
	gain      []int32 // per option: its uncovered items
	barred    []int32 // per option: reasons it may not be chosen (0: usable)
	hist      []int32 // per gain: options not barred with that gain
	maxGain   int32
	uncovered int
	secRef    []int32 // per secondary item: chosen options using it
	secColor  []int32 // its color while secRef > 0
	chosen    []int32 // the options chosen, in order
	bars      []int32 // the options barred by branching, a stack
	spent     int64
	threshold int64
	next      int64 // the smallest cut-off value above threshold in this pass

	ctx     context.Context
	opt     CoverOptions
	stats   CoverStats
	poll    int64
	stop    error
	visit   func([]int32) bool
	minCost int64
	err     error
	// bounds: the problem has multiplicities, which repeat cover does not
	// take (every search returns an error wrapping ErrBounds).
	bounds bool
}

const coverPoll = 1<<10 - 1 // poll the context every 1024 nodes

// NewCoverSolver prepares p for repeat cover searches. Later changes to p
// do not affect it.
func NewCoverSolver(p *Problem) *CoverSolver {
	s := &CoverSolver{bounds: p.HasBounds()}
	costs := p.HasCosts()
	nItems := p.NumItems()
	local := make([]int32, nItems) // problem item -> local primary or secondary number
	nS := 0
	for i := range nItems {
		if p.IsSecondary(i) {
			local[i] = int32(nS)
			nS++
		} else {
			local[i] = int32(s.nP)
			s.nP++
		}
	}
	s.oStart = []int32{0}
	s.sStart = []int32{0}
	iCount := make([]int32, s.nP+1)
	jCount := make([]int32, nS+1)
	var items, colors []int
	for k := range p.NumOptions() {
		items, colors = p.Option(k, items[:0], colors[:0])
		prim := 0
		for _, i := range items {
			if !p.IsSecondary(i) {
				prim++
			}
		}
		if prim == 0 {
			continue // covers nothing: never part of a minimum cover
		}
		s.orig = append(s.orig, int32(k))
		s.real = append(s.real, 1)
		if costs {
			s.real[len(s.real)-1] = p.Cost(k)
		}
		for n, i := range items {
			if p.IsSecondary(i) {
				s.sItems = append(s.sItems, local[i])
				s.sColor = append(s.sColor, int32(colors[n]))
				jCount[local[i]]++
			} else {
				s.oItems = append(s.oItems, local[i])
				iCount[local[i]]++
			}
		}
		s.oStart = append(s.oStart, int32(len(s.oItems)))
		s.sStart = append(s.sStart, int32(len(s.sItems)))
	}
	nO := len(s.orig)
	s.iStart = prefix(iCount)
	s.jStart = prefix(jCount)
	s.iOpts = make([]int32, len(s.oItems))
	s.jOpts = make([]int32, len(s.sItems))
	s.jColor = make([]int32, len(s.sItems))
	fillI := slices.Clone(s.iStart)
	fillJ := slices.Clone(s.jStart)
	for o := range nO {
		for _, i := range s.oItems[s.oStart[o]:s.oStart[o+1]] {
			s.iOpts[fillI[i]] = int32(o)
			fillI[i]++
		}
		for n := s.sStart[o]; n < s.sStart[o+1]; n++ {
			j := s.sItems[n]
			s.jOpts[fillJ[j]] = int32(o)
			s.jColor[fillJ[j]] = s.sColor[n]
			fillJ[j]++
		}
		if g := s.oStart[o+1] - s.oStart[o]; g > s.maxGain {
			s.maxGain = g
		}
	}
	s.cov = make([]int32, s.nP)
	s.avail = make([]int32, s.nP)
	s.gain = make([]int32, nO)
	s.barred = make([]int32, nO)
	s.hist = make([]int32, s.maxGain+1)
	s.secRef = make([]int32, nS)
	s.secColor = make([]int32, nS)
	s.chosen = make([]int32, 0, nO)
	s.bars = make([]int32, 0, nO)
	s.cost = make([]int64, nO)
	if costs {
		// Weights cost*scale + 1 must not overflow, summed over a cover.
		s.scale = int64(nO) + 1
		total := int64(0)
		for _, c := range s.real {
			total += c // each at most MaxCost (2^53-1): no overflow for nO < 2^10
			if total > (math.MaxInt64-s.scale)/s.scale {
				s.costErr = fmt.Errorf("repeat cover: the options' costs add up to too much for %d options: %w", nO, ErrCost)
				break
			}
		}
	}
	s.minCost = math.MaxInt64
	for o, c := range s.real {
		if s.scale > 0 {
			s.cost[o] = c*s.scale + 1
		} else {
			s.cost[o] = 1
		}
		s.minCost = min(s.minCost, s.cost[o])
	}
	s.reset()
	return s
}

// prefix turns counts into start offsets (one more entry than counts
// describe, the last being the total).
func prefix(count []int32) []int32 {
	start := make([]int32, len(count))
	t := int32(0)
	for i := range len(count) - 1 {
		start[i] = t
		t += count[i]
	}
	start[len(count)-1] = t
	return start
}

// reset sets the state of an empty cover.
func (s *CoverSolver) reset() {
	clear(s.cov)
	clear(s.barred)
	clear(s.hist)
	clear(s.secRef)
	s.chosen, s.bars = s.chosen[:0], s.bars[:0]
	s.spent = 0
	s.uncovered = s.nP
	for i := range s.nP {
		s.avail[i] = s.iStart[i+1] - s.iStart[i]
	}
	for o := range s.gain {
		g := s.oStart[o+1] - s.oStart[o]
		s.gain[o] = g
		s.hist[g]++
	}
}

// Stats returns the statistics of the last search.
func (s *CoverSolver) Stats() CoverStats { return s.stats }

// Err returns the error that ended the last All iteration, if any.
func (s *CoverSolver) Err() error { return s.err }

// Min returns a minimum cover: the first one found in the pass of the
// smallest threshold. It returns ErrNoSolution when there is no cover,
// ErrNodeBudget when opt.MaxNodes is spent, and the context's error when
// ctx is done.
func (s *CoverSolver) Min(ctx context.Context, opt CoverOptions) (Cover, error) {
	var c Cover
	found := false
	err := s.run(ctx, opt, func(sel []int32) bool {
		c = s.cover(sel)
		found = true
		return false
	})
	if err == nil && !found {
		err = ErrNoSolution
	}
	return c, err
}

// All returns an iterator over every minimum cover, each once, in the order
// of the search. Covers that come before an error are minimum: the error
// (Err) says only that the list may be incomplete; ErrNoSolution when there
// is no cover at all.
func (s *CoverSolver) All(ctx context.Context, opt CoverOptions) iter.Seq[Cover] {
	return func(yield func(Cover) bool) {
		found := false
		s.err = s.run(ctx, opt, func(sel []int32) bool {
			found = true
			return yield(s.cover(sel))
		})
		if s.err == nil && !found {
			s.err = ErrNoSolution
		}
	}
}

// MinCover is a shorthand for NewCoverSolver(p).Min.
func (p *Problem) MinCover(ctx context.Context, opt CoverOptions) (Cover, CoverStats, error) {
	s := NewCoverSolver(p)
	c, err := s.Min(ctx, opt)
	return c, s.Stats(), err
}

// cover returns the cover made of the local options sel.
func (s *CoverSolver) cover(sel []int32) Cover {
	c := Cover{Options: make([]int, len(sel)), Size: len(sel)}
	for n, o := range sel {
		c.Options[n] = int(s.orig[o])
		c.Cost += s.real[o]
	}
	slices.Sort(c.Options)
	return c
}

// coverStopped ends a pass when visit asks for no more covers.
type coverStopped struct{}

func (coverStopped) Error() string { return "stopped" }

// run makes IDA* passes with rising thresholds until one finds a cover;
// within that pass it calls visit with every cover until visit returns
// false. It returns nil when the last pass ended or visit stopped it.
func (s *CoverSolver) run(ctx context.Context, opt CoverOptions, visit func([]int32) bool) error {
	if s.oStart == nil { // made by NewCoverSolver: at least {0}
		return fmt.Errorf("repeat cover: %w", ErrZeroSolver)
	}
	if s.bounds {
		return fmt.Errorf("repeat cover of a problem with item bounds (lo:hi|name): %w", ErrBounds)
	}
	if s.costErr != nil {
		return s.costErr
	}
	s.reset()
	s.ctx, s.opt, s.visit = ctx, opt, visit
	s.stats = CoverStats{Bound: -1}
	s.stop = nil
	s.poll = 0
	defer func() { s.ctx, s.visit, s.opt = nil, nil, CoverOptions{} }()
	if err := ctx.Err(); err != nil {
		return err
	}
	if s.uncovered == 0 {
		s.stats.Nodes++
		s.stats.Passes++
		s.stats.Covers++
		visit(nil)
		return nil
	}
	lb := s.bound()
	if lb == math.MaxInt64 {
		s.stats.Nodes++
		return nil // some item is on no option
	}
	s.threshold = lb
	s.stats.Bound = s.costBound(lb)
	for {
		s.next = math.MaxInt64
		found := s.stats.Covers
		s.stats.Passes++
		s.search()
		s.reset() // a pass stopped early leaves its state behind
		if s.opt.Progress != nil {
			s.opt.Progress(s.stats)
		}
		switch {
		case s.stop == errCoverStopped:
			return nil
		case s.stop != nil:
			return s.stop
		case s.stats.Covers > found:
			return nil
		}
		if s.next == math.MaxInt64 {
			return nil // no cover at all
		}
		// A cover cut off in this pass costs at least its cut-off value:
		// every cover costs next or more.
		s.threshold = s.next
		s.stats.Bound = s.costBound(s.next)
	}
}

var errCoverStopped error = coverStopped{}

// search explores the node of the current state; it returns false when the
// search must stop (s.stop says why).
func (s *CoverSolver) search() bool {
	s.stats.Nodes++
	if s.stats.Nodes&coverPoll == 0 {
		if err := s.ctx.Err(); err != nil {
			s.stop = err
			return false
		}
		if s.opt.Progress != nil && s.stats.Nodes&(1<<20-1) == 0 {
			s.opt.Progress(s.stats)
		}
	}
	if s.opt.MaxNodes > 0 && s.stats.Nodes > s.opt.MaxNodes {
		s.stats.Nodes--
		s.stop = ErrNodeBudget
		return false
	}
	if s.uncovered == 0 {
		s.stats.Covers++
		if !s.visit(s.chosen) {
			s.stop = errCoverStopped
			return false
		}
		return true
	}
	if lb := s.bound(); lb == math.MaxInt64 {
		return true
	} else if f := s.spent + lb; f > s.threshold {
		s.next = min(s.next, f)
		return true
	}
	// The uncovered item with the fewest usable options.
	best, bestN := int32(-1), int32(math.MaxInt32)
	for i := range int32(s.nP) {
		if s.cov[i] == 0 && s.avail[i] < bestN {
			best, bestN = i, s.avail[i]
			if bestN <= 1 {
				break
			}
		}
	}
	if bestN == 0 {
		return true
	}
	mark := len(s.bars)
	ok := true
	for _, o := range s.iOpts[s.iStart[best]:s.iStart[best+1]] {
		if s.barred[o] != 0 {
			continue
		}
		if f := s.spent + s.cost[o]; f > s.threshold {
			s.next = min(s.next, f)
			continue
		}
		s.choose(o)
		ok = s.search()
		s.unchoose(o)
		if !ok {
			break
		}
		s.bar(o)
		s.bars = append(s.bars, o)
	}
	for len(s.bars) > mark {
		o := s.bars[len(s.bars)-1]
		s.bars = s.bars[:len(s.bars)-1]
		s.unbar(o)
	}
	return ok
}

// costBound returns the Bound of CoverStats when every cover weighs at
// least w: w-1 without costs; with costs, a cover of cost c and size n <
// scale weighs c*scale + n >= w, so c >= ceil((w-scale+1)/scale).
func (s *CoverSolver) costBound(w int64) int64 {
	if s.scale == 0 {
		return w - 1
	}
	num := w - s.scale + 1
	c := num / s.scale
	if num > 0 && num%s.scale != 0 {
		c++
	}
	return max(c, 0) - 1
}

// bound returns a lower bound on the cost of covering the uncovered items
// with the options not barred, or math.MaxInt64 when they cannot: the
// fewest options whose gains, largest first, add up to the number of
// uncovered items, times the smallest cost.
func (s *CoverSolver) bound() int64 {
	need := int32(s.uncovered)
	if need == 0 {
		return 0
	}
	n := int64(0)
	for g := s.maxGain; g > 0; g-- {
		h := s.hist[g]
		if h == 0 {
			continue
		}
		if h*g >= need {
			n += int64((need + g - 1) / g)
			return n * s.minCost
		}
		n += int64(h)
		need -= h * g
	}
	return math.MaxInt64
}

// choose adds option o to the cover.
func (s *CoverSolver) choose(o int32) {
	s.chosen = append(s.chosen, o)
	s.spent += s.cost[o]
	for _, i := range s.oItems[s.oStart[o]:s.oStart[o+1]] {
		s.cov[i]++
		if s.cov[i] == 1 {
			s.uncovered--
			for _, q := range s.iOpts[s.iStart[i]:s.iStart[i+1]] {
				g := s.gain[q]
				s.gain[q] = g - 1
				if s.barred[q] == 0 {
					s.hist[g]--
					s.hist[g-1]++
				}
			}
		}
	}
	for n := s.sStart[o]; n < s.sStart[o+1]; n++ {
		j, c := s.sItems[n], s.sColor[n]
		s.secRef[j]++
		if s.secRef[j] > 1 {
			continue // already used, with color c: nothing new is barred
		}
		s.secColor[j] = c
		for m := s.jStart[j]; m < s.jStart[j+1]; m++ {
			if q := s.jOpts[m]; q != o && (c == 0 || s.jColor[m] != c) {
				s.bar(q)
			}
		}
	}
}

// unchoose undoes choose(o).
func (s *CoverSolver) unchoose(o int32) {
	for n := s.sStart[o+1] - 1; n >= s.sStart[o]; n-- {
		j, c := s.sItems[n], s.sColor[n]
		s.secRef[j]--
		if s.secRef[j] > 0 {
			continue
		}
		for m := s.jStart[j]; m < s.jStart[j+1]; m++ {
			if q := s.jOpts[m]; q != o && (c == 0 || s.jColor[m] != c) {
				s.unbar(q)
			}
		}
	}
	for _, i := range s.oItems[s.oStart[o]:s.oStart[o+1]] {
		s.cov[i]--
		if s.cov[i] == 0 {
			s.uncovered++
			for _, q := range s.iOpts[s.iStart[i]:s.iStart[i+1]] {
				g := s.gain[q]
				s.gain[q] = g + 1
				if s.barred[q] == 0 {
					s.hist[g]--
					s.hist[g+1]++
				}
			}
		}
	}
	s.spent -= s.cost[o]
	s.chosen = s.chosen[:len(s.chosen)-1]
}

// bar adds a reason why option o may not be chosen.
func (s *CoverSolver) bar(o int32) {
	s.barred[o]++
	if s.barred[o] > 1 {
		return
	}
	s.hist[s.gain[o]]--
	for _, i := range s.oItems[s.oStart[o]:s.oStart[o+1]] {
		s.avail[i]--
	}
}

// unbar undoes bar(o).
func (s *CoverSolver) unbar(o int32) {
	s.barred[o]--
	if s.barred[o] > 0 {
		return
	}
	s.hist[s.gain[o]]++
	for _, i := range s.oItems[s.oStart[o]:s.oStart[o+1]] {
		s.avail[i]++
	}
}
