package propagate

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
)

// pollEvery is the number of nodes between two looks at the context, as
// a mask.
const pollEvery = 1<<12 - 1

// propagator is a compiled constraint: propagate removes the candidates
// of its cells that no assignment satisfying it uses (or fewer), through
// Solver.narrow, and reports false on a contradiction. Whatever it prunes,
// it must reject any assignment of all its cells that breaks its rule:
// that is what keeps every count exact.
type propagator interface {
	propagate(s *Solver) bool
	// idempotent reports whether a second run right after the first can
	// prune nothing more: such a propagator is not run again for the
	// changes it made itself.
	idempotent() bool
}

// arc is one direction of a Pair: the candidates of cell `other` are
// those that rel[a-1] allows for some candidate a of the arc's cell.
type arc struct {
	other int32
	rel   int32
}

// overlap is the intersection of a house with another: when a digit's
// places in the house all lie in the intersection (its candidates in
// `rest`, the house's other cells, lack it), the digit leaves the other
// house's cells outside the intersection (`other`): locked candidates.
type overlap struct {
	in, rest, other []int32
}

type undo struct {
	cell int32
	old  uint32
}

// queue is a FIFO of small integers, each at most once in it.
type queue struct {
	buf        []int32
	in         []bool
	head, size int
}

func newQueue(n int) queue { return queue{buf: make([]int32, n), in: make([]bool, n)} }

func (q *queue) push(x int32) {
	if q.in[x] {
		return
	}
	q.in[x] = true
	i := q.head + q.size
	if i >= len(q.buf) {
		i -= len(q.buf)
	}
	q.buf[i] = x
	q.size++
}

func (q *queue) pop() int32 {
	x := q.buf[q.head]
	q.head++
	if q.head == len(q.buf) {
		q.head = 0
	}
	q.size--
	q.in[x] = false
	return x
}

func (q *queue) reset() {
	for q.size > 0 {
		q.pop()
	}
	q.head = 0
}

// Solver is a compiled model: it counts and finds the solutions of grids
// under the model's rules. It allocates nothing while it searches. It is
// not safe for concurrent use: give each goroutine its own (New again).
type Solver struct {
	// MaxNodes, when positive, bounds the search nodes of each Count,
	// Solutions or Each: past it the search stops with ErrNodeBudget
	// and the count so far.
	MaxNodes int64
	// Seed, when nonzero, makes each search try a cell's candidates in a
	// random order drawn from it (the same order for the same seed), so
	// that a search on an empty or sparse grid finds a random solution.
	// 0 tries them from the smallest digit up.
	Seed uint64

	n, ncell int
	full     uint32

	houses     [][]int32
	overlaps   [][]overlap // per house: the houses it shares 2 or more cells with
	cellHouses [][]int32
	peers      [][]int32
	arcs       [][]arc
	rels       []Relation
	props      []propagator
	propCells  [][]int32
	cellProps  [][]int32
	idem       []bool // idem[p]: props[p].idempotent()
	domain     []uint32
	degree     []int32

	cand   []uint32
	by     []int32 // by[c]: the propagator that last narrowed c, or -1
	trail  []undo
	cq     queue
	hq     queue
	pq     queue
	weight []int32

	// what was being processed, for the weights on failure
	curKind int8
	curID   int32

	ctx    context.Context
	err    error
	stop   bool
	limit  int
	count  int
	nodes  int64
	sol    []uint8
	visit  func([]uint8) bool
	digits []uint8
	pcg    rand.PCG // the random order when Seed is nonzero

	// noWeights turns the conflict weights off (for measurements): the
	// search then branches on the cell with the fewest candidates, ties
	// broken by degree.
	noWeights bool
}

const (
	curNone = iota
	curCell
	curHouse
	curProp
)

// New compiles m. It returns an error wrapping ErrModel when m is not
// valid (see Model.Validate).
func New(m *Model) (*Solver, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	n := m.N
	ncell := n * n
	s := &Solver{
		n:          n,
		ncell:      ncell,
		full:       1<<n - 1,
		cellHouses: make([][]int32, ncell),
		peers:      make([][]int32, ncell),
		arcs:       make([][]arc, ncell),
		cellProps:  make([][]int32, ncell),
		domain:     make([]uint32, ncell),
		degree:     make([]int32, ncell),
		cand:       make([]uint32, ncell),
		by:         make([]int32, ncell),
		weight:     make([]int32, ncell),
		digits:     make([]uint8, ncell),
	}
	for c := range s.domain {
		s.domain[c] = s.full
	}
	b := builder{s: s, peerSet: make([][]bool, ncell)}
	for h, house := range m.Houses {
		hc := make([]int32, n)
		for i, c := range house {
			hc[i] = int32(c)
			s.cellHouses[c] = append(s.cellHouses[c], int32(h))
		}
		s.houses = append(s.houses, hc)
		b.distinct(house)
	}
	s.overlaps = overlaps(m.Houses, ncell)
	for _, c := range m.Constraints {
		if err := b.add(c); err != nil {
			return nil, err
		}
	}
	b.finish()
	s.idem = make([]bool, len(s.props))
	for i, p := range s.props {
		s.idem[i] = p.idempotent()
	}
	for c := range ncell {
		s.degree[c] = int32(len(s.peers[c]) + 2*len(s.arcs[c]) + 4*len(s.cellProps[c]))
	}
	s.cq = newQueue(ncell)
	s.hq = newQueue(len(s.houses))
	s.pq = newQueue(len(s.props))
	// a cell loses a candidate at most n-1 times on the way to a leaf
	s.trail = make([]undo, 0, ncell*n)
	return s, nil
}

// Nodes returns the number of search nodes the last search visited.
func (s *Solver) Nodes() int64 { return s.nodes }

// overlaps returns, for each house, its intersections of two cells or
// more with the other houses.
func overlaps(houses [][]int, ncell int) [][]overlap {
	out := make([][]overlap, len(houses))
	where := make([]int, ncell)
	for h, a := range houses {
		for i := range where {
			where[i] = -1
		}
		for _, c := range a {
			where[c] = h
		}
		for h2, b := range houses {
			if h2 == h {
				continue
			}
			var o overlap
			for _, c := range b {
				if where[c] == h {
					o.in = append(o.in, int32(c))
				} else {
					o.other = append(o.other, int32(c))
				}
			}
			if len(o.in) < 2 || len(o.other) == 0 {
				continue
			}
			for _, c := range a {
				if !containsInt32(o.in, int32(c)) {
					o.rest = append(o.rest, int32(c))
				}
			}
			out[h] = append(out[h], o)
		}
	}
	return out
}

func containsInt32(s []int32, x int32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// narrow sets the candidates of cell c to m, a subset of its candidates,
// and queues the cell when they changed. It reports false when m is
// empty.
func (s *Solver) narrow(c int32, m uint32) bool {
	old := s.cand[c]
	if m == old {
		return true
	}
	if m == 0 {
		return false
	}
	s.trail = append(s.trail, undo{c, old})
	s.cand[c] = m
	s.by[c] = -1
	if s.curKind == curProp {
		s.by[c] = s.curID
	}
	s.cq.push(c)
	return true
}

func (s *Solver) undoTo(mark int) {
	for i := len(s.trail) - 1; i >= mark; i-- {
		u := s.trail[i]
		s.cand[u.cell] = u.old
	}
	s.trail = s.trail[:mark]
}

// cell applies the cell-level rules after cell c changed: a placed digit
// leaves its peers, pairs revise the other cell, and the houses and
// constraints over c are queued.
func (s *Solver) cell(c int32) bool {
	m := s.cand[c]
	if m&(m-1) == 0 {
		for _, p := range s.peers[c] {
			if pm := s.cand[p]; pm&m != 0 {
				if !s.narrow(p, pm&^m) {
					return false
				}
			}
		}
	}
	for _, a := range s.arcs[c] {
		rel := &s.rels[a.rel]
		var sup uint32
		for x := m; x != 0; x &= x - 1 {
			sup |= uint32(rel[bits.TrailingZeros32(x)])
		}
		if om := s.cand[a.other]; om&sup != om {
			if !s.narrow(a.other, om&sup) {
				return false
			}
		}
	}
	for _, h := range s.cellHouses[c] {
		s.hq.push(h)
	}
	for _, p := range s.cellProps[c] {
		if p != s.by[c] || !s.idem[p] {
			s.pq.push(p)
		}
	}
	return true
}

// house applies hidden singles to house h: a digit with one place in it
// goes there; a digit with no place is a contradiction.
func (s *Solver) house(h int32) bool {
	cells := s.houses[h]
	var once, twice uint32
	for _, c := range cells {
		m := s.cand[c]
		twice |= once & m
		once |= m
	}
	if once != s.full {
		return false
	}
	if uniq := once &^ twice; uniq != 0 {
		for _, c := range cells {
			m := s.cand[c]
			if x := m & uniq; x != 0 && x != m {
				if x&(x-1) != 0 {
					return false
				}
				if !s.narrow(c, x) {
					return false
				}
			}
		}
	}
	for i := range s.overlaps[h] {
		o := &s.overlaps[h][i]
		var in, rest uint32
		for _, c := range o.in {
			if m := s.cand[c]; m&(m-1) != 0 {
				in |= m
			}
		}
		if in == 0 {
			continue
		}
		for _, c := range o.rest {
			rest |= s.cand[c]
		}
		if locked := in &^ rest; locked != 0 {
			for _, c := range o.other {
				if m := s.cand[c]; m&locked != 0 {
					if !s.narrow(c, m&^locked) {
						return false
					}
				}
			}
		}
	}
	return true
}

// propagate runs the queued rules to a fixed point. On a contradiction it
// empties the queues, raises the weights of the failing rule's cells and
// reports false.
func (s *Solver) propagate() bool {
	for {
		var ok bool
		switch {
		case s.cq.size > 0:
			c := s.cq.pop()
			s.curKind, s.curID = curCell, c
			ok = s.cell(c)
		case s.hq.size > 0:
			h := s.hq.pop()
			s.curKind, s.curID = curHouse, h
			ok = s.house(h)
		case s.pq.size > 0:
			p := s.pq.pop()
			s.curKind, s.curID = curProp, p
			ok = s.props[p].propagate(s)
		default:
			return true
		}
		if !ok {
			s.fail()
			return false
		}
	}
}

func (s *Solver) fail() {
	s.cq.reset()
	s.hq.reset()
	s.pq.reset()
	switch s.curKind {
	case curCell:
		s.weight[s.curID]++
	case curHouse:
		for _, c := range s.houses[s.curID] {
			s.weight[c]++
		}
	case curProp:
		for _, c := range s.propCells[s.curID] {
			s.weight[c]++
		}
	}
}

// load resets the state to the model's domains and the givens, and runs
// the first propagation. It reports false when that finds a
// contradiction.
func (s *Solver) load(givens []uint8) (bool, error) {
	if givens != nil && len(givens) != s.ncell {
		return false, fmt.Errorf("givens: %d cells, want %d: %w", len(givens), s.ncell, ErrModel)
	}
	for c, d := range givens {
		if int(d) > s.n {
			return false, fmt.Errorf("givens: %s holds %d, above %d: %w", cellName(c, s.n), d, s.n, ErrModel)
		}
	}
	s.trail = s.trail[:0]
	s.cq.reset()
	s.hq.reset()
	s.pq.reset()
	clear(s.weight)
	copy(s.cand, s.domain)
	s.curKind = curNone
	ok := true
	for c := range s.ncell {
		if givens != nil && givens[c] != 0 {
			s.cand[c] &= 1 << (givens[c] - 1)
		}
		if s.cand[c] == 0 {
			ok = false
		}
		s.cq.push(int32(c))
	}
	for h := range s.houses {
		s.hq.push(int32(h))
	}
	for p := range s.props {
		s.pq.push(int32(p))
	}
	if !ok {
		s.cq.reset()
		s.hq.reset()
		s.pq.reset()
		return false, nil
	}
	return s.propagate(), nil
}

// choose returns the open cell to branch on: fewest candidates, most
// conflict weight, highest degree; -1 when every cell is fixed.
func (s *Solver) choose() int32 {
	best := int32(-1)
	var bn, bw, bd int32
	for c := range int32(s.ncell) {
		m := s.cand[c]
		if m&(m-1) == 0 {
			continue
		}
		k := int32(bits.OnesCount32(m))
		w := int32(1)
		if !s.noWeights {
			w += s.weight[c]
		}
		d := s.degree[c]
		if best < 0 {
			best, bn, bw, bd = c, k, w, d
			continue
		}
		// compare k/w with bn/bw, then degree
		l, r := int64(k)*int64(bw), int64(bn)*int64(w)
		if l < r || l == r && d > bd {
			best, bn, bw, bd = c, k, w, d
		}
	}
	return best
}

func (s *Solver) dfs() {
	s.nodes++
	if s.MaxNodes > 0 && s.nodes > s.MaxNodes {
		s.err, s.stop = ErrNodeBudget, true
		return
	}
	if s.nodes&pollEvery == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err, s.stop = err, true
			return
		}
	}
	c := s.choose()
	if c < 0 {
		s.found()
		return
	}
	m := s.cand[c]
	b := m & -m
	if s.Seed != 0 {
		b = s.randomBit(m)
	}
	mark := len(s.trail)
	s.curKind = curNone
	if s.narrow(c, b) && s.propagate() {
		s.dfs()
	}
	s.undoTo(mark)
	if s.stop {
		return
	}
	s.curKind = curNone
	if s.narrow(c, m&^b) && s.propagate() {
		s.dfs()
	}
	s.undoTo(mark)
}

// randomBit returns one of the set bits of m, which has two or more,
// drawn from the search's random sequence.
func (s *Solver) randomBit(m uint32) uint32 {
	for k := s.pcg.Uint64() % uint64(bits.OnesCount32(m)); k > 0; k-- {
		m &= m - 1
	}
	return m & -m
}

func (s *Solver) found() {
	for c, m := range s.cand {
		s.digits[c] = uint8(bits.TrailingZeros32(m) + 1)
	}
	if s.count == 0 && s.sol != nil {
		copy(s.sol, s.digits)
	}
	s.count++
	if s.visit != nil && !s.visit(s.digits) {
		s.stop = true
	}
	if s.count >= s.limit {
		s.stop = true
	}
}

func (s *Solver) run(ctx context.Context, givens []uint8, limit int, sol []uint8, visit func([]uint8) bool) (int, error) {
	if limit < 1 {
		limit = math.MaxInt
	}
	if sol != nil && len(sol) != s.ncell {
		return 0, fmt.Errorf("solution buffer: %d cells, want %d: %w", len(sol), s.ncell, ErrModel)
	}
	s.ctx, s.err, s.stop, s.limit, s.count, s.nodes, s.sol, s.visit = ctx, nil, false, limit, 0, 0, sol, visit
	s.pcg.Seed(s.Seed, s.Seed^0x70726f70)
	defer func() { s.ctx, s.sol, s.visit = nil, nil, nil }()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	ok, err := s.load(givens)
	if err != nil {
		return 0, err
	}
	if ok {
		s.dfs()
	}
	s.undoTo(0)
	return s.count, s.err
}

// Count counts the solutions of the grid whose givens are givens (N²
// digits row-major, 0 for a blank; nil for none) up to limit (all of
// them when limit < 1). When sol is not nil (N² cells) and a solution exists, the first one
// found is copied there. It returns ctx's error, with the count so far,
// when ctx is done before the count is settled.
func (s *Solver) Count(ctx context.Context, givens []uint8, limit int, sol []uint8) (int, error) {
	return s.run(ctx, givens, limit, sol, nil)
}

// Solutions returns up to limit solutions of the grid (see Count).
func (s *Solver) Solutions(ctx context.Context, givens []uint8, limit int) ([][]uint8, error) {
	var out [][]uint8
	_, err := s.run(ctx, givens, limit, nil, func(d []uint8) bool {
		out = append(out, append([]uint8(nil), d...))
		return true
	})
	return out, err
}

// Each calls visit with each solution (N² digits, valid only during the
// call) until visit returns false or limit solutions were seen, and
// returns how many were seen.
func (s *Solver) Each(ctx context.Context, givens []uint8, limit int, visit func([]uint8) bool) (int, error) {
	return s.run(ctx, givens, limit, nil, visit)
}
