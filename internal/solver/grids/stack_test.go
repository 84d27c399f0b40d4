package grids

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

var plan12Once struct {
	sync.Once
	p   *plan
	err error
}

// plan12 returns the stack method's plan of 12x12, made once (4 s).
func plan12(t testing.TB) *plan {
	t.Helper()
	plan12Once.Do(func() { plan12Once.p, plan12Once.err = newStackPlanFor(3, 4) })
	if plan12Once.err != nil {
		t.Fatal(plan12Once.err)
	}
	return plan12Once.p
}

// lazyTable lets p read table rows without the table: each row is
// counted on its own (the fills of its prefix, not relabelled from
// another row) when first read. For a few rows of the 12x12 table.
func lazyTable(t testing.TB, p *plan) {
	tr, err := p.newTriples()
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	rows := make(map[int][]uint32)
	p.st.lazy = func(k int) []uint32 {
		mu.Lock()
		defer mu.Unlock()
		if r, ok := rows[k]; ok {
			return r
		}
		r := make([]uint32, len(p.splits))
		if err := p.row(p.newRowFiller(context.Background(), tr), p.prefix(k), r); err != nil {
			t.Error(err)
		}
		rows[k] = r
		return r
	}
}

// stackPlan returns the stack method's plan of r x c boxes with its
// table: the whole table up to 9x9, rows counted when read for 12x12.
func stackPlan(t *testing.T, r, c int) *plan {
	t.Helper()
	if r*c == 12 {
		if testing.Short() {
			t.Skip("12x12: seconds per table row")
		}
		p := plan12(t)
		if p.st.table == nil {
			lazyTable(t, p)
		}
		return p
	}
	p, err := newStackPlanFor(r, c)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.fillStackTable(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestStackPublished: the stack method (pieces up to stack moves, the
// table filled by partitions into triples, the loop pairing band 2 and
// band 3) gives the published counts of the shapes it applies to.
func TestStackPublished(t *testing.T) {
	for _, tt := range published {
		if tt.r != stackW && tt.c != stackW {
			continue
		}
		got, err := Count(context.Background(), tt.r, tt.c, Options{stacks: true, Workers: 4})
		if err != nil {
			t.Fatalf("%dx%d: %v", tt.r, tt.c, err)
		}
		if got.String() != tt.want {
			t.Errorf("%dx%d by stacks: %v grids, want %s", tt.r, tt.c, got, tt.want)
		}
	}
	if _, err := Count(context.Background(), 2, 4, Options{stacks: true}); !errors.Is(err, ErrShape) {
		t.Errorf("2x4 by stacks: %v, want ErrShape", err)
	}
}

// TestStackWeights: the pieces' weights times the factor are every first
// band's column sets, (n!/(h!)^3)^stacks, exactly (12x12: 34,650^4).
func TestStackWeights(t *testing.T) {
	for _, sh := range [][2]int{{2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 3}} {
		if sh[0]*sh[1] == 12 && testing.Short() {
			continue
		}
		var p *plan
		if sh[0]*sh[1] == 12 {
			p = plan12(t)
		} else {
			var err error
			if p, err = newStackPlanFor(sh[0], sh[1]); err != nil {
				t.Fatal(err)
			}
		}
		n := sh[0] * sh[1]
		h := n / stackW
		ordered := new(big.Int).MulRange(1, int64(n))
		hf := new(big.Int).MulRange(1, int64(h))
		for range stackW {
			ordered.Quo(ordered, hf)
		}
		want := new(big.Int).Exp(ordered, big.NewInt(int64(h)), nil)
		sum := new(big.Int)
		for _, pc := range p.pieces {
			sum.Add(sum, new(big.Int).SetUint64(pc.Weight))
		}
		if got := sum.Mul(sum, p.factor); got.Cmp(want) != 0 {
			t.Errorf("%dx%d: %d pieces weigh %v first bands, want %v", sh[0], sh[1], len(p.pieces), got, want)
		}
	}
}

// randomBand returns random column sets: a random split per stack, its
// sets in random order, the digits relabelled at random.
func randomBand(rng *rand.Rand, p *plan) (cols [MaxN]uint16) {
	for s := range p.ns {
		sp := p.splits[rng.IntN(len(p.splits))]
		o := rng.Perm(stackW)
		for j := range stackW {
			cols[s*stackW+j] = sp[o[j]]
		}
	}
	var g perm
	for d, x := range rng.Perm(p.n) {
		g[d] = uint8(x)
	}
	for c := range p.n {
		cols[c] = relabel(&g, cols[c])
	}
	return cols
}

// TestStackBandCounts: the table's band counts against the matching
// search (bandCount) on random bands; for 12x12 the rows are counted
// one by one (not relabelled from their orbit's row).
func TestStackBandCounts(t *testing.T) {
	for _, tt := range []struct{ r, c, samples int }{{2, 3, 200}, {3, 3, 200}, {3, 4, 4}} {
		p := stackPlan(t, tt.r, tt.c)
		rng := rand.New(rand.NewPCG(uint64(tt.r), uint64(tt.c)))
		for range tt.samples {
			cols := randomBand(rng, p)
			want, ok := bandCount(cols, p.n, p.h)
			if !ok {
				t.Fatal("bandCount overflow")
			}
			if got := p.tableCount(&cols); uint64(got) != want {
				t.Errorf("%dx%d %v: %d bands by the table, %d by the matching search", tt.r, tt.c, cols[:p.n], got, want)
			}
		}
	}
}

// TestStackRelabelRow: a 12x12 table row made by relabelling its orbit
// representative's row (as the table is filled) is the row counted on
// its own.
func TestStackRelabelRow(t *testing.T) {
	if testing.Short() {
		t.Skip("12x12: a second per row")
	}
	p := plan12(t)
	tr, err := p.newTriples()
	if err != nil {
		t.Fatal(err)
	}
	f := p.newRowFiller(context.Background(), tr)
	u := len(p.splits)
	rng := rand.New(rand.NewPCG(3, 4))
	direct, rep, made := make([]uint32, u), make([]uint32, u), make([]uint32, u)
	for tried := 0; tried < 3; {
		bi := rng.IntN(len(p.st.bReps))
		x := rng.IntN(u)
		nd := p.st.root.child[p.st.bReps[bi]]
		r := nd.rep[x]
		if r == int32(x) {
			continue
		}
		tried++
		if err := p.row(f, p.prefix(bi*u+x), direct); err != nil {
			t.Fatal(err)
		}
		if err := p.row(f, p.prefix(bi*u+int(r)), rep); err != nil {
			t.Fatal(err)
		}
		p.relabelRow(rep, nd.to[x], made)
		for y := range u {
			if made[y] != direct[y] {
				t.Fatalf("row (%d, %d), split %d: %d relabelled from (%d, %d), %d counted", bi, x, y, made[y], bi, r, direct[y])
			}
		}
	}
}

// pairOf returns, for each choice of a stack, the index of the choice
// band 3 then has.
func pairOf(ch []stackChoice) []int {
	pos := make(map[[stackW]uint16]int)
	for k, c := range ch {
		pos[c.sets] = k
	}
	out := make([]int, len(ch))
	for k, c := range ch {
		out[k] = pos[c.rest]
	}
	return out
}

// TestStackSubSum: a piece's sum over a random part of band 2's choices
// (a few per stack, with the choices band 3 then has) by the loop and
// the table against the sum of the two band counts by the matching
// search, choice by choice.
func TestStackSubSum(t *testing.T) {
	for _, tt := range []struct{ r, c, per, pieces int }{{2, 3, 2, 2}, {3, 3, 4, 2}, {3, 4, 1, 1}} {
		p := stackPlan(t, tt.r, tt.c)
		rng := rand.New(rand.NewPCG(uint64(tt.per), 7))
		for range tt.pieces {
			pc := &p.pieces[rng.IntN(len(p.pieces))]
			first := p.firstBand(pc)
			ch := make([][]stackChoice, p.ns)
			kept := make([]map[int]bool, p.ns)
			for s := range p.ns {
				ch[s] = p.stackChoices(&first, s)
				kept[s] = make(map[int]bool)
				n := tt.per
				if s == p.ns-1 {
					n++
				}
				for range n {
					kept[s][rng.IntN(len(ch[s]))] = true
				}
			}
			// The loop counts band 2 and band 3 swapped once for both:
			// the choices kept hold their pairs.
			for s := range p.ns {
				pair := pairOf(ch[s])
				for k := range kept[s] {
					kept[s][pair[k]] = true
				}
			}
			sw := &stackWorker{p: p, ctx: context.Background(), keep: func(s, k int) bool { return kept[s][k] }}
			got, err := sw.completions(&first)
			if err != nil {
				t.Fatal(err)
			}
			// The same choices one by one.
			var want u128
			var b2, b3 [MaxN]uint16
			var rec func(s int)
			rec = func(s int) {
				if s == p.ns {
					x, _ := bandCount(b2, p.n, p.h)
					y, _ := bandCount(b3, p.n, p.h)
					want, _ = want.addMul(x, y)
					return
				}
				for k := range kept[s] {
					copy(b2[s*stackW:], ch[s][k].sets[:])
					copy(b3[s*stackW:], ch[s][k].rest[:])
					rec(s + 1)
				}
			}
			rec(0)
			if got != want || want == (u128{}) {
				t.Errorf("%dx%d piece %v: %v by the loop, %v by the matching search", tt.r, tt.c, pc.Stacks, got.big(), want.big())
			}
		}
	}
}

// TestStackCancel: a cancelled count stops, in the 12x12 table too.
func TestStackCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, 3, 3, Options{stacks: true}); !errors.Is(err, context.Canceled) {
		t.Errorf("3x3 cancelled: %v", err)
	}
	if testing.Short() {
		return
	}
	p := plan12(t)
	if p.st.table != nil {
		return
	}
	// The same plan with its own (empty) table.
	q := &plan{layout: p.layout, subsets: p.subsets, splits: p.splits, splitOf: p.splitOf, group: p.group, factor: p.factor, pieces: p.pieces,
		st: &stackData{pow3: p.st.pow3, dense: p.st.dense, root: p.st.root, bIndex: p.st.bIndex, bReps: p.st.bReps}}
	ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	pl := &Plan{q}
	if _, err := pl.CountPiece(ctx, 0, Options{Workers: 2}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("12x12 piece with a deadline: %v", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("12x12 piece stopped after %v", d)
	}
}
