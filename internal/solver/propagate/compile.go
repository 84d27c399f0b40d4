package propagate

import (
	"fmt"
	"math/bits"
)

// maxCombos is the largest number of digit sets a cage's table may hold;
// a larger cage is propagated by its sum's bounds and its distinct
// digits.
const maxCombos = 2048

// maxStates bounds the automata of sandwich, X-sum and skyscraper clues.
const maxStates = 1 << 14

type builder struct {
	s       *Solver
	peerSet [][]bool
	lines   []lineClue        // sandwiches and X-sums, for finish
	combos  map[uint32]combos // digit-set tables by pool
}

// lineClue is a sandwich (sandwich true) or an X-sum clue.
type lineClue struct {
	cells    []int
	sum      int
	sandwich bool
}

// finish adds what needs every peer known: the cliques of sums, and the
// digit-set propagators of sandwiches and X-sums along lines whose cells
// see each other.
func (b *builder) finish() {
	s := b.s
	for _, p := range s.props {
		if sp, ok := p.(*sumProp); ok {
			sp.cliques(b.peerSet)
		}
	}
	table := func(pool uint32) combos {
		if b.combos == nil {
			b.combos = map[uint32]combos{}
		}
		if t, ok := b.combos[pool]; ok {
			return t
		}
		t := newCombos(pool)
		b.combos[pool] = t
		return t
	}
	for _, l := range b.lines {
		if !allSee(b.peerSet, l.cells) {
			continue
		}
		cells := toInt32(l.cells)
		sup := make([]uint32, len(cells))
		if l.sandwich {
			if s.n < 3 {
				continue
			}
			lo, hi := uint32(1), uint32(1)<<(s.n-1)
			b.prop(&sandwichSets{cells: cells, sum: l.sum, lo: lo, hi: hi, sets: table(s.full &^ (lo | hi)), sup: sup}, l.cells)
		} else {
			b.prop(&xsumSets{cells: cells, sum: l.sum, sets: table(s.full), sup: sup}, l.cells)
		}
	}
}

func (b *builder) addPeer(x, y int) {
	s := b.s
	if b.peerSet[x] == nil {
		b.peerSet[x] = make([]bool, s.ncell)
	}
	if b.peerSet[x][y] {
		return
	}
	b.peerSet[x][y] = true
	s.peers[x] = append(s.peers[x], int32(y))
}

func (b *builder) distinct(cells []int) {
	for i, x := range cells {
		for _, y := range cells[:i] {
			b.addPeer(x, y)
			b.addPeer(y, x)
		}
	}
}

func toInt32(cells []int) []int32 {
	out := make([]int32, len(cells))
	for i, c := range cells {
		out[i] = int32(c)
	}
	return out
}

func (b *builder) prop(p propagator, cells []int) {
	s := b.s
	id := int32(len(s.props))
	s.props = append(s.props, p)
	s.propCells = append(s.propCells, toInt32(cells))
	seen := map[int]bool{}
	for _, c := range cells {
		if !seen[c] {
			seen[c] = true
			s.cellProps[c] = append(s.cellProps[c], id)
		}
	}
}

func (b *builder) pair(x, y int, rel Relation) {
	s := b.s
	full := uint16(s.full)
	ne := true
	for a := range s.n {
		if rel[a]&full != full&^(1<<a) {
			ne = false
			break
		}
	}
	if ne {
		b.addPeer(x, y)
		b.addPeer(y, x)
		return
	}
	id := int32(len(s.rels))
	s.rels = append(s.rels, rel, rel.Swap())
	s.arcs[x] = append(s.arcs[x], arc{other: int32(y), rel: id})
	s.arcs[y] = append(s.arcs[y], arc{other: int32(x), rel: id + 1})
}

func (b *builder) add(c Constraint) error {
	s := b.s
	switch c := c.(type) {
	case Distinct:
		b.distinct(c.Cells)
	case Pair:
		b.pair(c.A, c.B, c.Rel)
	case Domain:
		s.domain[c.Cell] &= uint32(c.Allowed)
	case Sum:
		b.prop(newSumProp(s.n, [][]int{c.Cells}, [][]int{c.Weights}, c.Min, c.Max, false), c.Cells)
	case Cage:
		b.distinct(c.Cells)
		if c.Sum > 0 {
			b.cage(c.Cells, c.Sum)
		}
	case EqualSums:
		var all []int
		for _, g := range c.Groups {
			all = append(all, g...)
		}
		b.prop(newSumProp(s.n, c.Groups, c.Weights, 0, 0, true), all)
	case Renban:
		b.distinct(c.Cells)
		k := len(c.Cells)
		var masks []uint32
		for lo := 0; lo+k <= s.n; lo++ {
			masks = append(masks, (1<<k-1)<<lo)
		}
		b.prop(&setProp{cells: toInt32(c.Cells), masks: masks}, c.Cells)
	case Between:
		if len(c.Cells) > 2 {
			b.prop(&betweenProp{cells: toInt32(c.Cells)}, c.Cells)
		}
	case Count:
		b.prop(&countProp{cells: toInt32(c.Cells), set: uint32(c.Set), min: c.Min}, c.Cells)
	case Sandwich:
		b.lines = append(b.lines, lineClue{cells: c.Cells, sum: c.Sum, sandwich: true})
		return b.automaton(c.Cells, sandwichRule(s.n, c.Sum))
	case XSum:
		b.lines = append(b.lines, lineClue{cells: c.Cells, sum: c.Sum})
		return b.automaton(c.Cells, xsumRule(c.Sum))
	case Skyscraper:
		return b.automaton(c.Cells, skyscraperRule(c.Visible))
	case Predicate:
		limit := c.Enumerate
		if limit == 0 {
			limit = 256
		}
		b.prop(&predProp{cells: toInt32(c.Cells), check: c.Check, limit: limit,
			vals: make([]int, len(c.Cells)), sup: make([]uint32, len(c.Cells)), idx: make([]int, len(c.Cells))}, c.Cells)
	default:
		return fmt.Errorf("constraint of type %T: not one of this package's: %w", c, ErrModel)
	}
	return nil
}

// cage adds the sum of a cage of distinct digits: as the table of the
// digit sets it may hold when that is small, else as bounds.
func (b *builder) cage(cells []int, sum int) {
	s := b.s
	k := len(cells)
	var masks []uint32
	tooMany := false
	var walk func(d, left, total int, m uint32)
	walk = func(d, left, total int, m uint32) {
		if tooMany {
			return
		}
		if left == 0 {
			if total == sum {
				masks = append(masks, m)
				tooMany = len(masks) > maxCombos
			}
			return
		}
		// the smallest total the remaining picks can reach is too large
		if d > s.n || total+left*d+left*(left-1)/2 > sum {
			return
		}
		walk(d+1, left-1, total+d, m|1<<(d-1))
		walk(d+1, left, total, m)
	}
	if k <= s.n {
		walk(1, k, 0, 0)
	}
	if !tooMany {
		b.prop(&setProp{cells: toInt32(cells), masks: masks}, cells)
		return
	}
	b.prop(newSumProp(s.n, [][]int{cells}, nil, sum, sum, false), cells)
}

// setProp: its cells (distinct, by their peers) hold exactly one of the
// digit sets masks, each of as many digits as there are cells.
type setProp struct {
	cells []int32
	masks []uint32
}

func (p *setProp) idempotent() bool { return false }

func (p *setProp) propagate(s *Solver) bool {
	var union uint32
	inter := s.full
	for _, m := range p.masks {
		var cov uint32
		ok := true
		for _, c := range p.cells {
			x := s.cand[c] & m
			if x == 0 {
				ok = false
				break
			}
			cov |= x
		}
		if ok && cov == m {
			union |= m
			inter &= m
		}
	}
	if union == 0 {
		return false
	}
	for _, c := range p.cells {
		if !s.narrow(c, s.cand[c]&union) {
			return false
		}
	}
	for x := inter; x != 0; x &= x - 1 {
		d := x & -x
		where := int32(-1)
		for _, c := range p.cells {
			if s.cand[c]&d != 0 {
				if where >= 0 {
					where = -2
					break
				}
				where = c
			}
		}
		switch {
		case where == -1:
			return false
		case where >= 0:
			if !s.narrow(where, d) {
				return false
			}
		}
	}
	return true
}

// countProp: at least min of its cells hold a digit of set.
type countProp struct {
	cells []int32
	set   uint32
	min   int
}

func (p *countProp) idempotent() bool { return true }

func (p *countProp) propagate(s *Solver) bool {
	can := 0
	for _, c := range p.cells {
		if s.cand[c]&p.set != 0 {
			can++
		}
	}
	if can < p.min {
		return false
	}
	if can == p.min {
		for _, c := range p.cells {
			if m := s.cand[c]; m&p.set != 0 {
				if !s.narrow(c, m&p.set) {
					return false
				}
			}
		}
	}
	return true
}

// betweenProp: the inner cells lie strictly between the two ends. It
// tries each pair of end digits, which makes it exact on its own cells.
type betweenProp struct {
	cells []int32
}

func (p *betweenProp) idempotent() bool { return true }

func (p *betweenProp) propagate(s *Solver) bool {
	k := len(p.cells)
	a, z := p.cells[0], p.cells[k-1]
	inner := p.cells[1 : k-1]
	var supA, supZ uint32
	var supI [MaxN * MaxN]uint32
	for xa := s.cand[a]; xa != 0; xa &= xa - 1 {
		da := bits.TrailingZeros32(xa)
		for xz := s.cand[z]; xz != 0; xz &= xz - 1 {
			dz := bits.TrailingZeros32(xz)
			lo, hi := min(da, dz), max(da, dz)
			// digits strictly between: bits lo+1 .. hi-1
			if hi <= lo+1 {
				continue
			}
			between := (uint32(1)<<hi - 1) &^ (uint32(1)<<(lo+1) - 1)
			ok := true
			for _, c := range inner {
				if s.cand[c]&between == 0 {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			supA |= 1 << da
			supZ |= 1 << dz
			for i, c := range inner {
				supI[i] |= s.cand[c] & between
			}
		}
	}
	if supA == 0 {
		return false
	}
	if !s.narrow(a, s.cand[a]&supA) || !s.narrow(z, s.cand[z]&supZ) {
		return false
	}
	for i, c := range inner {
		if !s.narrow(c, supI[i]) {
			return false
		}
	}
	return true
}

// predProp: the fallback; it enumerates the open cells' candidates when
// there are few combinations.
type predProp struct {
	cells []int32
	check func([]int) bool
	limit int
	vals  []int
	idx   []int
	sup   []uint32
}

func (p *predProp) idempotent() bool { return true }

func (p *predProp) propagate(s *Solver) bool {
	prod := 1
	for _, c := range p.cells {
		prod *= bits.OnesCount32(s.cand[c])
		if prod > p.limit {
			return true
		}
	}
	clear(p.sup)
	// odometer over the candidates, idx[i] holding the current bit
	k := len(p.cells)
	for i, c := range p.cells {
		m := s.cand[c]
		p.idx[i] = bits.TrailingZeros32(m)
		p.vals[i] = p.idx[i] + 1
	}
	for {
		if p.check(p.vals) {
			for i := range k {
				p.sup[i] |= 1 << p.idx[i]
			}
		}
		i := k - 1
		for ; i >= 0; i-- {
			m := s.cand[p.cells[i]] >> (p.idx[i] + 1)
			if m != 0 {
				p.idx[i] += bits.TrailingZeros32(m) + 1
				p.vals[i] = p.idx[i] + 1
				break
			}
			p.idx[i] = bits.TrailingZeros32(s.cand[p.cells[i]])
			p.vals[i] = p.idx[i] + 1
		}
		if i < 0 {
			break
		}
	}
	for i, c := range p.cells {
		if !s.narrow(c, p.sup[i]) {
			return false
		}
	}
	return true
}
