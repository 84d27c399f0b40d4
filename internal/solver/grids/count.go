package grids

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"runtime"
	"sync"
	"sync/atomic"
)

// Options tunes Count.
type Options struct {
	// Workers is the number of pieces counted at once (0: the number of
	// CPUs).
	Workers int
	// Progress, when not nil, is called after each piece with the number
	// of pieces done and their total (from the workers' goroutines, one
	// call at a time).
	Progress func(done, total int)
	// turn forces the orientation (tests): -1 never turned, 1 always.
	turn int
	// generic: no table of band counts (tests: the other way to sum).
	generic bool
	// stacks: the stack method (tests: on the shapes it applies to).
	stacks bool
}

// Count returns the number of filled Sudoku grids with r x c boxes (r
// rows and c columns per box). It stops with ctx's error when ctx is
// done.
func Count(ctx context.Context, r, c int, opt Options) (*big.Int, error) {
	p, err := planFor(r, c, opt)
	if err != nil {
		return nil, err
	}
	return (&Plan{p}).Count(ctx, opt)
}

// A Plan is the count of the grids of one box shape split into pieces
// (see the package documentation); the count is the sum of the pieces'
// counts times Factor.
type Plan struct{ p *plan }

// NewPlan returns the plan of the grids with r x c boxes: 12x12 (3x4
// and 4x3) by the stack method, the others by bands.
func NewPlan(r, c int) (*Plan, error) {
	p, err := planFor(r, c, Options{})
	if err != nil {
		return nil, err
	}
	return &Plan{p}, nil
}

// NewStackPlan returns the plan of the grids with r x c boxes by the
// stack method (docs/sudoku.md, "12x12 by stacks"): boxes with a side of
// 3 and three bands (2x3, 3x2, 3x3, 3x4, 4x3); NewPlan uses it for 12x12.
// Its first Count or CountPiece fills its table of band counts (12x12:
// 1.2 GB, minutes of CPU).
func NewStackPlan(r, c int) (*Plan, error) {
	p, err := newStackPlanFor(r, c)
	if err != nil {
		return nil, err
	}
	return &Plan{p}, nil
}

// Pieces returns the number of pieces.
func (pl *Plan) Pieces() int {
	if pl == nil || pl.p == nil {
		return 0
	}
	return len(pl.p.pieces)
}

// Count returns the number of grids: every piece counted, with
// opt.Workers at once.
func (pl *Plan) Count(ctx context.Context, opt Options) (*big.Int, error) {
	if pl == nil || pl.p == nil {
		return nil, fmt.Errorf("count of a zero Plan: %w", ErrShape)
	}
	p := pl.p
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if err := p.prepare(ctx, opt); err != nil {
		return nil, err
	}
	sum, err := p.sum(ctx, opt)
	if err != nil {
		return nil, err
	}
	return sum.Mul(sum, p.factor), nil
}

// prepare fills the table of band counts when the count uses it.
func (p *plan) prepare(ctx context.Context, opt Options) error {
	if p.st != nil {
		return p.fillStackTable(ctx, opt.Workers)
	}
	if p.nb != 3 || opt.generic {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.table != nil {
		return nil
	}
	return p.fillTable(ctx, opt.Workers)
}

func newPlanFor(r, c, turn int) (*plan, error) {
	l, err := newLayout(r, c, turn)
	if err != nil {
		return nil, err
	}
	return newPlan(l)
}

// planFor returns the plan of r x c boxes: by stacks for 12x12 (3x4,
// 4x3) or with opt.stacks, else by bands (turned as opt.turn says).
func planFor(r, c int, opt Options) (*plan, error) {
	if opt.stacks || opt.turn == 0 && r*c == 12 && (r == stackW || c == stackW) {
		return newStackPlanFor(r, c)
	}
	return newPlanFor(r, c, opt.turn)
}

func newStackPlanFor(r, c int) (*plan, error) {
	l, err := stackLayout(r, c)
	if err != nil {
		return nil, fmt.Errorf("%dx%d boxes: the stack method wants a side of the box %d and a side up to %d: %w", r, c, stackW, MaxN, err)
	}
	return newStackPlan(l)
}

// pieceCounter counts pieces; one per goroutine.
type pieceCounter interface {
	piece(pc *Piece) (*big.Int, error)
}

// counter returns a piece counter of the plan's method.
func (p *plan) counter(ctx context.Context, opt Options) pieceCounter {
	if p.st != nil {
		return &stackWorker{p: p, ctx: ctx}
	}
	wk := newWorker(ctx, p)
	wk.generic = opt.generic
	return wk
}

// sum returns the weighted sum over the pieces of their first band's
// count times its completions.
func (p *plan) sum(ctx context.Context, opt Options) (*big.Int, error) {
	workers := min(max(opt.Workers, 1), len(p.pieces))
	results := make([]*big.Int, len(p.pieces))
	var next atomic.Int64
	var done int
	var mu sync.Mutex
	var firstErr error
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			wk := p.counter(ctx, opt)
			for {
				i := int(next.Add(1) - 1)
				if i >= len(p.pieces) {
					return
				}
				v, err := wk.piece(&p.pieces[i])
				mu.Lock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					cancel()
					return
				}
				results[i] = v
				done++
				if opt.Progress != nil {
					opt.Progress(done, len(p.pieces))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	total := new(big.Int)
	for _, v := range results {
		total.Add(total, v)
	}
	return total, nil
}

// piece returns the piece's weight times its first band's count times
// the completions of that band.
func (wk *worker) piece(pc *Piece) (*big.Int, error) {
	first := wk.p.firstBand(pc)
	f, ok := wk.bands(&first)
	if !ok {
		return nil, wk.err
	}
	var rest u128
	if wk.p.table != nil && !wk.generic {
		rest, ok = wk.threeBands(&first)
	} else {
		rest, ok = wk.completions(&first, 1)
	}
	if !ok {
		return nil, wk.err
	}
	v := rest.big()
	v.Mul(v, new(big.Int).SetUint64(f))
	return v.Mul(v, new(big.Int).SetUint64(pc.Weight)), nil
}

// Factor returns the number the pieces' sum is multiplied by: the ordered
// splits of the first stack times (C!)^(stacks-1) (see the package
// documentation).
func (pl *Plan) Factor() *big.Int {
	if pl == nil || pl.p == nil {
		return new(big.Int)
	}
	return new(big.Int).Set(pl.p.factor)
}

// Piece returns piece i: its weight and the first band's column sets,
// one digit set (bit d for digit d+1) per column of the turned grid
// (Transposed says whether it is turned).
func (pl *Plan) Piece(i int) (weight uint64, columns []uint16, err error) {
	if err := pl.check(i); err != nil {
		return 0, nil, err
	}
	p := pl.p
	cols := p.firstBand(&p.pieces[i])
	return p.pieces[i].Weight, cols[:p.n], nil
}

// Transposed reports whether the plan counts the grids turned (rows for
// columns: C x R boxes), which has fewer bands.
func (pl *Plan) Transposed() bool { return pl != nil && pl.p != nil && pl.p.transposed }

// CountPiece returns piece i's part of the sum: its weight times the
// number of its first bands times their completions. The count is Factor
// times the sum of every piece's part; pieces may be counted in any
// order, on any machine, and summed exactly.
func (pl *Plan) CountPiece(ctx context.Context, i int, opt Options) (*big.Int, error) {
	if err := pl.check(i); err != nil {
		return nil, err
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	if err := pl.p.prepare(ctx, opt); err != nil {
		return nil, err
	}
	return pl.p.counter(ctx, opt).piece(&pl.p.pieces[i])
}

// ErrPiece reports a piece index out of range.
var ErrPiece = errors.New("grids: no such piece")

func (pl *Plan) check(i int) error {
	if pl == nil || pl.p == nil {
		return fmt.Errorf("piece %d of a zero Plan: %w", i, ErrPiece)
	}
	if i < 0 || i >= len(pl.p.pieces) {
		return fmt.Errorf("piece %d: want 0 to %d: %w", i, len(pl.p.pieces)-1, ErrPiece)
	}
	return nil
}
