package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strconv"

	"github.com/dlxkit/dlx/exactcover"
)

// ErrTooLarge is wrapped by the errors of a puzzle whose exact-cover
// matrix would take more memory than the Solver's budget
// (Options.MaxBytes): the message gives the matrix's size and the limit.
var ErrTooLarge = errors.New("puzzle too large")

// MatrixSize is the size of the exact-cover matrix of a shape and variant
// as the Solver builds it: every placement the constraints leave, with
// the cages' digit sets (see reduce.go and reduce_constraint.go).
type MatrixSize struct {
	Items     int // primary and secondary
	Secondary int
	Options   int
	// Nodes is the number of option entries, the options' lengths summed:
	// the nodes of the dancing links.
	Nodes int
	// Bytes is an upper bound on the memory the Solver allocates to build
	// the matrix and search it: the layout of the constraints, the
	// exactcover.Problem and Solver (exactcover.Size.Bytes), the map of
	// placements to options.
	Bytes int64
}

// String gives the figures: "16,384 items, 262,144 options, 1,048,576
// nodes, 77 MB".
func (z MatrixSize) String() string {
	return group(int64(z.Items)) + " items, " + group(int64(z.Options)) + " options, " +
		group(int64(z.Nodes)) + " nodes, " + megabytes(z.Bytes)
}

// group writes n with commas between groups of three digits.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return "-" + group(-n)
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// megabytes writes b in MB (2^20 bytes), rounded up.
func megabytes(b int64) string {
	return group((b+1<<20-1)>>20) + " MB"
}

// DefaultMaxBytes is the memory budget of a Solver whose Options.MaxBytes
// is 0: 2 GiB, enough for every grid without constraints up to 64x64
// (about 80 MB) and for 64x64 grids with the chess constraints.
const DefaultMaxBytes = 2 << 30

// EstimateMatrix returns the size of the exact-cover matrix of shape s
// (the zero Shape is 9x9) with variant v as the Solver builds it,
// computed from the shape and the constraints without building it: a few
// milliseconds even for a 64x64 grid with every constraint (the rules on
// pairs of cells take time and memory in proportion to the pairs they
// name: EstimateMatrixWithin bounds them). Items, Secondary, Options and
// Nodes are exact; Bytes is an upper bound. The errors are those of
// NewGeometry, CheckConstraints and ExactCoverRules (wrapping ErrShape,
// ErrConstraint, ErrVariant).
func EstimateMatrix(s Shape, v *Variant) (MatrixSize, error) {
	return EstimateMatrixWithin(context.Background(), s, v, -1)
}

// EstimateMatrixWithin is EstimateMatrix with a budget of maxBytes
// (negative: none): when Bytes is over it, an error wrapping ErrTooLarge
// that gives the figures, returned as soon as the count shows it (before
// listing the pairs of cells of rules that would take more), so that
// counting a hostile puzzle takes at most about maxBytes; and ctx's error
// when ctx ends. The Solver counts its matrices so, with Options.MaxBytes.
func EstimateMatrixWithin(ctx context.Context, s Shape, v *Variant, maxBytes int64) (MatrixSize, error) {
	l, err := newLayout(ctx, s.norm(), v)
	if err != nil {
		return MatrixSize{}, err
	}
	mc, err := l.count(ctx, maxBytes)
	if err != nil {
		return MatrixSize{}, err
	}
	if maxBytes >= 0 {
		if err := mc.Within(maxBytes); err != nil {
			return mc.MatrixSize, err
		}
	}
	return mc.MatrixSize, nil
}

// EstimateWork returns an upper bound on the memory that EstimateMatrix
// takes to count the matrix of shape s with variant v: at most a few
// megabytes, but the pairs of cells the rules of v relate are listed to
// count them (at most about maxBytes of them in EstimateMatrixWithin). It
// counts them without listing them, in time in proportion to them and
// memory in proportion to the grid: a caller that bounds its memory
// reserves the work before it counts. The errors are those of
// EstimateMatrix.
func EstimateWork(s Shape, v *Variant) (int64, error) {
	ctx := context.Background()
	l, err := newLayout(ctx, s.norm(), v)
	if err != nil {
		return 0, err
	}
	n, nn := int64(l.n), int64(l.n*l.n)
	// The layout and the count's arrays per cell, the geometry (as in
	// bytes), the derived cages.
	b := nn*(8+24+8*int64(l.nxtra)) + nn*8*4 + int64(len(l.units))*(n*8+24)*2 + nn*(3*n+int64(l.nxtra))*8 + nn*(8*5+24*2)
	b += 2*n*maxRun*maxRun*n*8 + nn*8*4 + int64(len(l.cages))*(n*8+64) + int64(len(l.groups))*56
	// The lists of knight, king and orthogonal pairs, grown by append.
	b += nn * 256
	if !v.Constrained() {
		return b, nil
	}
	e, err := newRuleEncoder(ctx, v, l.geo, -1, true)
	if err != nil {
		return 0, err
	}
	base, per := ruleBytes(l.n)
	r := &v.Rules
	b += base + per*e.pairCalls + nn*8 + 128*int64(2*(len(r.Differences)+len(r.Ratios))+len(r.XV)+len(r.Minimums)+len(r.Maximums)) + n*(n*8+64) + 64*n
	return b, nil
}

// matrixCount is the size of a layout's matrix, with the counts that
// size the constraint layout's arrays.
type matrixCount struct {
	MatrixSize
	auxOptions, auxEntries int // the group options and their entries
	// conEntries counts the constraint items of the placements, the
	// placements left out included.
	conEntries int
	// primaryNodes counts the entries of primary items.
	primaryNodes int
	// ruleBytes is the memory of the rules' encoder (ruleBytes).
	ruleBytes int64
}

// size counts the matrix of l as fullProblem builds it, placement by
// placement, from the rules of newConLayout and reduce_rules.go: the
// placements the digit-set groups, thermometers and rules leave out,
// then what each constraint adds to the placements left. It makes the
// rules' encoder (l.rules), which lists the pairs of cells the rules
// relate and which the build reads: an error wrapping ErrTooLarge when it
// takes more than limit bytes (negative: no limit), ctx's error when ctx
// ends. TestEstimateMatrix checks it against the built matrices.
func (l *layout) size(ctx context.Context, limit int64) (matrixCount, error) {
	n := l.n
	nn := n * n
	all := ^uint64(0) >> (64 - uint(n))
	var mc matrixCount
	items := 4*nn + l.nxtra*n
	sec := 0
	// groups[c] and per[c]: the primary (digit-set group) and secondary
	// (chess, cages without a sum) items of every placement of cell c;
	// nbr[c]: its orthogonal neighbours under non-consecutive; alive[c]:
	// the digits left to it.
	groups := make([]int, nn)
	per := make([]int, nn)
	nbr := make([]int, nn)
	alive := make([]uint64, nn)
	for c := range alive {
		alive[c] = all
	}
	v := l.v
	var nodes int
	if v.Constrained() {
		// The placements left out: the digits outside every set of a
		// group, outside a thermometer's range, and those the rules rule
		// out (reduce_rules.go).
		items += len(l.groups) * (n + 1)
		sets := setsOf(n)
		for _, g := range l.groups {
			k := len(g.cells)
			var opts int
			var u uint64
			if g.name.prefix == 'g' {
				// A renban: the runs of k digits, which cover every digit.
				if opts = max(n-k+1, 0); opts > 0 {
					u = all
				}
			} else {
				opts = int(sets.count(k, g.sum)) // at most MaxCageSets
				u = cageUnion(n, k, g.sum)
			}
			mc.auxOptions += opts
			mc.auxEntries += opts * (1 + n - k)
			for _, c := range g.cells {
				groups[c]++
				if encoding.prune {
					alive[c] &= u
				}
			}
		}
		rng := thermoRange(n, v)
		if rng != nil && encoding.prune {
			for c, m := range rng {
				alive[c] &= m
			}
		}
		e, err := newRuleEncoder(ctx, v, l.geo, limit, false)
		if err != nil {
			return mc, err
		}
		l.rules = e
		mc.ruleBytes = e.bytes
		for p, d := range e.dead {
			if d {
				alive[p/n] &^= 1 << (p % n)
			}
		}
		// The items, and the nodes of the secondary items whose count
		// differs from digit to digit.
		for _, cg := range v.Cages {
			if cg.Sum == 0 { // distinct digits: an item per digit
				sec += n
				for _, c := range cg.Cells {
					per[c]++
				}
			}
		}
		pairs := func(ps [][2]int) {
			for _, p := range ps {
				if !l.peer(p[0], p[1]) {
					sec += n
					per[p[0]]++
					per[p[1]]++
				}
			}
		}
		if v.AntiKnight {
			pairs(knightPairs(n))
		}
		if v.AntiKing && encoding.kingPairs {
			pairs(kingDiagonals(n))
		}
		if v.AntiKing && !encoding.kingPairs {
			for r := 0; r+1 < n; r++ {
				for c := 0; c+1 < n; c++ {
					a := r*n + c
					if l.peer(a, a+n+1) && l.peer(a+1, a+n) {
						continue
					}
					sec += n
					for _, x := range [4]int{a, a + 1, a + n, a + n + 1} {
						per[x]++
					}
				}
			}
		}
		if v.NonConsecutive {
			dotted := dottedPairs(v)
			for _, p := range orthogonalPairs(n) {
				if dotted[p] {
					continue
				}
				sec += n - 1
				nbr[p[0]]++
				nbr[p[1]]++
				mc.conEntries += 4 * (n - 1)
			}
		}
		if rng != nil {
			for _, th := range v.Thermos {
				for i := 0; i+1 < len(th); i++ {
					a, b := th[i], th[i+1]
					for j := 1; j <= n; j++ {
						if encoding.prune && (rng[a]>>(j-1) == 0 || rng[b]&(1<<j-1) == 0) {
							continue
						}
						sec++
						mc.conEntries += n + 1
						// a holds j or more, b j or less.
						nodes += bits.OnesCount64(alive[a]&^(1<<(j-1)-1)) + bits.OnesCount64(alive[b]&(1<<j-1))
					}
				}
			}
		}
		// The pair rules: an item per digit x of a that rules out digits
		// of b (the encoder's masks, settled by finish).
		for _, pr := range e.pairs {
			a, b := pr.a, pr.b
			for x, m := range pr.m {
				if m == 0 {
					continue
				}
				sec++
				mc.conEntries += 1 + bits.OnesCount64(m)
				nodes += int(alive[a]>>x&1) + bits.OnesCount64(m&alive[b])
			}
		}
	}
	items += sec
	options := mc.auxOptions
	nodes += mc.auxEntries
	for c := range nn {
		d := bits.OnesCount64(alive[c])
		options += d
		prim := d * (4 + len(l.extra[c]) + groups[c])
		mc.primaryNodes += prim
		nodes += prim + d*per[c]
		nodes += nbr[c] * (bits.OnesCount64(alive[c]&^1) + bits.OnesCount64(alive[c]&^(1<<(n-1))))
		mc.conEntries += n * (groups[c] + per[c])
	}
	mc.primaryNodes += mc.auxEntries
	mc.Items, mc.Secondary, mc.Options, mc.Nodes = items, sec, options, nodes
	mc.Bytes = mc.bytes(l)
	return mc, nil
}

// peer reports whether cells a and b share a house.
func (l *layout) peer(a, b int) bool {
	for _, p := range l.geo.Peers[a] {
		if p == b {
			return true
		}
	}
	return false
}

// bytes bounds the memory of building and searching the matrix of
// layout l: the exactcover problem and solver, the geometry (built
// before, or cached), the layout, the derived cages, the constraint
// layout and the map of placements.
func (mc *matrixCount) bytes(l *layout) int64 {
	n, nn := int64(l.n), int64(l.n*l.n)
	P := nn * n
	b := exactcover.Size{
		Items: mc.Items, Primary: mc.Items - mc.Secondary, Options: mc.Options,
		Entries: mc.Nodes, PrimaryEntries: mc.primaryNodes,
	}.Bytes()
	// The geometry: houses, the houses and peers of each cell, and the
	// layout's box and extra regions per cell.
	houses := int64(len(l.units))
	b += houses*n*8*2 + houses*24*2 + nn*(8*5+24*2) + nn*(3*n+int64(l.nxtra))*8
	b += nn * (8 + 24 + int64(l.nxtra)*8)
	if !l.v.Constrained() {
		return b
	}
	// The derived cages: runs of up to maxRun lines, and the cages; the
	// digit-set groups.
	b += 2*n*maxRun*maxRun*n*8 + nn*8*4 + int64(len(l.cages))*(n*8+64) + int64(len(l.groups))*(48+8)
	// The rules' encoder (ruleBytes), and the maps of its rules and of
	// non-consecutive's exemptions: at most 128 bytes an entry, growth
	// included.
	r := &l.v.Rules
	b += mc.ruleBytes + 128*int64(2*(len(r.Differences)+len(r.Ratios))+len(r.XV)+len(r.Minimums)+len(r.Maximums)) + n*(n*8+64) + 64*n
	// The constraint layout: per placement a slice header, a flag and its
	// items (grown by append: at most 4 times their number of int32 and 8
	// bytes each), the secondary items' names, the cage options.
	b += P*(24+1+8) + 16*int64(mc.conEntries) + int64(mc.Secondary)*16
	// The cage options, and the sets of each cage listed while they are
	// made.
	b += int64(mc.auxEntries)*4 + int64(mc.auxOptions+1)*8 + int64(mc.auxOptions)*8 + (n+1)*8
	// The placements' map.
	b += P*4 + int64(mc.Options)*4
	return b
}

// Within returns nil when z.Bytes is at most limit, else an error
// wrapping ErrTooLarge that gives the matrix's size and the limit.
func (z MatrixSize) Within(limit int64) error {
	if z.Bytes <= limit {
		return nil
	}
	return fmt.Errorf("the exact-cover matrix of this puzzle needs about %s (%s items, %s options, %s nodes), over the limit of %s: %w",
		megabytes(z.Bytes), group(int64(z.Items)), group(int64(z.Options)), group(int64(z.Nodes)), megabytes(limit), ErrTooLarge)
}
