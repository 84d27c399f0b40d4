package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/dlxkit/dlx/internal/solver/propagate"
)

// The constraint-propagation path of Solver (Method Propagate): the
// grid's houses and every constraint of its variant as a propagate.Model,
// compiled once per shape and variant. Each rule keeps the meaning
// docs/variants.md gives it and CheckRules checks: the rules on one or
// two cells are the very tables of the exact-cover reduction
// (newRuleEncoder, reduce_rules.go), so the two solvers cannot read a
// rule differently; the others map to the engine's constraints.

// MaxPropagateN is the largest side the propagation solver takes.
const MaxPropagateN = propagate.MaxN

// propagateModel returns the model of a grid of shape s under variant v.
// Errors wrap ErrShape, ErrVariant or ErrConstraint.
func propagateModel(ctx context.Context, s Shape, v *Variant, limit int64) (*propagate.Model, error) {
	s = s.norm()
	n := s.N()
	if n < 1 || n > propagate.MaxN {
		return nil, fmt.Errorf("the propagation solver takes sides up to %d, not %d: %w", propagate.MaxN, n, ErrShape)
	}
	geo, err := NewGeometry(s, v)
	if err != nil {
		return nil, err
	}
	if err := CheckConstraints(n, v); err != nil {
		return nil, err
	}
	m := &propagate.Model{N: n, Houses: geo.Houses}
	if v == nil {
		return m, nil
	}
	add := func(cs ...propagate.Constraint) { m.Constraints = append(m.Constraints, cs...) }
	addPairs := func(ps [][2]int) {
		for _, p := range ps {
			add(propagate.Distinct{Cells: []int{p[0], p[1]}})
		}
	}
	if v.AntiKnight {
		addPairs(knightPairs(n))
	}
	if v.AntiKing {
		addPairs(kingDiagonals(n))
	}
	for _, cg := range v.Cages {
		add(propagate.Cage{Cells: cg.Cells, Sum: cg.Sum})
	}
	for _, th := range v.Thermos {
		add(propagate.Thermometer(th)...)
	}
	if v.NonConsecutive {
		dotted := map[[2]int]bool{}
		for _, list := range [][]Dot{v.Differences, v.Ratios} {
			for _, d := range list {
				dotted[[2]int{min(d.Cells[0], d.Cells[1]), max(d.Cells[0], d.Cells[1])}] = true
			}
		}
		for _, p := range orthogonalPairs(n) {
			if !dotted[p] { // the dot's rule replaces non-consecutive
				add(propagate.Pair{A: p[0], B: p[1], Rel: propagate.Differ(1).Not()})
			}
		}
	}
	pairs, err := unaryAndPairRules(ctx, v, geo, limit)
	if err != nil {
		return nil, err
	}
	add(pairs...)
	r := &v.Rules
	for _, a := range r.Arrows {
		add(propagate.Arrow(a.Circle, a.Shaft, n))
	}
	for _, lk := range r.LittleKillers {
		add(propagate.Sum{Cells: lk.Cells(n), Min: lk.Sum, Max: lk.Sum})
	}
	for _, o := range r.Sandwiches {
		add(propagate.Sandwich{Cells: o.Cells(n), Sum: o.Value})
	}
	for _, o := range r.XSums {
		add(propagate.XSum{Cells: o.Cells(n), Sum: o.Value})
	}
	for _, o := range r.Skyscrapers {
		add(propagate.Skyscraper{Cells: o.Cells(n), Visible: o.Value})
	}
	for _, q := range r.Quadruples {
		add(propagate.Quadruple(q.Cells, q.Digits)...)
	}
	for _, l := range r.Renbans {
		add(propagate.Renban{Cells: l})
	}
	for _, l := range r.BetweenLines {
		add(propagate.Between{Cells: l})
	}
	for _, l := range r.RegionSumLines {
		// Runs by box or jigsaw region, as CheckRules cuts them; a line
		// in one region says nothing.
		if e := propagate.RegionSumLine(l, geo.Box); len(e.Groups) > 1 {
			add(e)
		}
	}
	for _, l := range r.ZipperLines {
		if z := propagate.Zipper(l); len(z.Groups) > 1 {
			add(z)
		}
	}
	for _, l := range r.DoubleArrows {
		ends := []int{l[0], l[len(l)-1]}
		add(propagate.EqualSums{Groups: [][]int{ends, slices.Clone(l[1 : len(l)-1])}})
	}
	for _, l := range r.EntropicLines {
		// The exact-cover tables bind cells up to two apart; cells three
		// or more apart are implied, given here to propagate further.
		add(implied(l, propagate.Entropic(distinct(l), n))...)
	}
	return m, nil
}

// unaryAndPairRules returns the rules of v on one or two cells (even and
// odd cells, kropki dots and their negative, XV and its negative,
// minimum and maximum cells, clones, palindromes, whispers, entropic,
// modular and nabner lines, slow thermometers, indexers) as the tables
// the exact-cover reduction builds from them: a Domain per cell with
// ruled-out digits, a Pair per pair of cells with every rule on it.
//
// The encoder stops with an error wrapping ErrTooLarge past limit bytes
// (negative: no limit), and with ctx's error when ctx ends.
func unaryAndPairRules(ctx context.Context, v *Variant, geo *Geometry, limit int64) ([]propagate.Constraint, error) {
	n := geo.N
	e, err := newRuleEncoder(ctx, v, geo, limit, false)
	if err != nil {
		return nil, err
	}
	var out []propagate.Constraint
	all := uint16(1)<<n - 1
	for c := range n * n {
		var allowed uint16
		for d := 1; d <= n; d++ {
			if !e.dead[c*n+d-1] {
				allowed |= 1 << (d - 1)
			}
		}
		if allowed != all {
			out = append(out, propagate.Domain{Cell: c, Allowed: propagate.Digits(allowed)})
		}
	}
	for _, pr := range e.pairs { // sorted by cells
		var rel propagate.Relation
		for x := 1; x <= n; x++ {
			rel[x-1] = all &^ uint16(pr.m[x-1])
		}
		out = append(out, propagate.Pair{A: pr.a, B: pr.b, Rel: rel})
	}
	return out, nil
}

// distinct returns whether line l visits no cell twice: l itself, or nil.
func distinct(l []int) []int {
	for i, c := range l {
		if slices.Contains(l[:i], c) {
			return nil
		}
	}
	return l
}

// implied keeps the pairs of cs between cells three or more apart on line
// l (the closer ones are in the exact-cover tables already).
func implied(l []int, cs []propagate.Constraint) []propagate.Constraint {
	pos := map[int]int{}
	for i, c := range l {
		pos[c] = i
	}
	var out []propagate.Constraint
	for _, c := range cs {
		if p, ok := c.(propagate.Pair); ok && pos[p.B]-pos[p.A] >= 3 {
			out = append(out, p)
		}
	}
	return out
}

// propEntry is the compiled propagation solver of one shape and variant.
type propEntry struct {
	cacheID
	n   int
	ps  *propagate.Solver
	sol []uint8
}

// maxPropCached is the number of compiled models a Solver keeps.
const maxPropCached = 8

// propagator returns the cached propagation solver of g's shape and
// variant, compiling it on first use.
func (s *Solver) propagator(ctx context.Context, g *Grid) (*propEntry, error) {
	shape := g.Shape.norm()
	e, key, ok := findCached(s.props, shape, g.Variant)
	if ok {
		return e, nil
	}
	limit := s.opt.MaxBytes
	if limit == 0 {
		limit = DefaultMaxBytes
	}
	m, err := propagateModel(ctx, shape, g.Variant, limit)
	if err != nil {
		return nil, err
	}
	ps, err := propagate.New(m)
	if err != nil {
		// propagateModel checked what the engine checks: a bug.
		return nil, fmt.Errorf("compiling the variant: %w: %w", err, ErrVariant)
	}
	e = &propEntry{cacheID: cacheID{shape, g.Variant, key}, n: m.N, ps: ps, sol: make([]uint8, m.N*m.N)}
	s.props = pushCached(s.props, e, maxPropCached)
	return e, nil
}

// propagateCount counts the solutions of g up to limit with the
// propagation solver, the first one in e.sol. It returns an
// *InvalidError when there is none because the givens clash or break a
// rule.
func (s *Solver) propagateCount(ctx context.Context, g *Grid, limit int) (*propEntry, int, error) {
	if err := checkCells(g); err != nil {
		return nil, 0, err
	}
	e, err := s.propagator(ctx, g)
	if err != nil {
		return nil, 0, err
	}
	if limit == math.MaxInt {
		limit = 0 // all of them
	}
	e.ps.MaxNodes, e.ps.Seed = s.opt.MaxNodes, s.opt.Seed
	n, err := e.ps.Count(ctx, g.Cells, limit, e.sol)
	s.guesses = int(e.ps.Nodes())
	if errors.Is(err, propagate.ErrNodeBudget) {
		return e, n, fmt.Errorf("more than %d search nodes: %w", s.opt.MaxNodes, ErrNodeBudget)
	}
	if err != nil {
		return e, n, err
	}
	if n == 0 {
		if ie := invalid(g); ie != nil {
			return e, 0, ie
		}
	}
	return e, n, nil
}

// solvePropagate is SolveIntoCount with the propagation solver.
func (s *Solver) solvePropagate(ctx context.Context, g, dst *Grid, limit int) (*Grid, int, error) {
	e, n, err := s.propagateCount(ctx, g, limit)
	if err != nil {
		return nil, 0, err
	}
	if n == 0 {
		return nil, 0, ErrNoSolution
	}
	out := into(dst, g)
	copy(out.Cells, e.sol)
	return out, n, nil
}

// checkPropagate is Check with the propagation solver.
func (s *Solver) checkPropagate(ctx context.Context, g *Grid) (Verdict, error) {
	e, n, err := s.propagateCount(ctx, g, 2)
	var ie *InvalidError
	switch {
	case errors.As(err, &ie):
		return invalidVerdict(ie), nil
	case err != nil:
		return Verdict{}, err
	case n == 0:
		return Verdict{Kind: NoSolution}, nil
	case n == 1:
		sol := into(nil, g)
		copy(sol.Cells, e.sol)
		return Verdict{Kind: Unique, Solution: sol}, nil
	}
	return Verdict{Kind: Multiple}, nil
}
