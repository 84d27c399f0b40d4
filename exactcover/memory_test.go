package exactcover

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// sudokuN returns the exact cover problem of the blank Sudoku of boxes
// b×b (side n = b²), built as package sudoku builds it: items by index
// with names made on demand, arrays grown to size once.
func sudokuN(b int) *Problem {
	n := b * b
	p := NewProblem()
	p.Grow(4*n*n, n*n*n, 4*n*n*n)
	for _, kind := range []string{"p", "r", "c", "b"} {
		p.AddItems(n*n, false, func(i int) string { return kind + strconv.Itoa(i) })
	}
	items := make([]int, 4)
	for r := range n {
		for c := range n {
			for d := range n {
				items[0] = r*n + c
				items[1] = n*n + r*n + d
				items[2] = 2*n*n + c*n + d
				items[3] = 3*n*n + (r/b*b+c/b)*n + d
				p.AddOptionIndex(items, nil)
			}
		}
	}
	return p
}

// wideItems returns a random problem of nPrim primary and nSec secondary
// items and nOpt options of 2 to 5 items, built by index.
func wideItems(rng *rand.Rand, nPrim, nSec, nOpt int) *Problem {
	p := NewProblem()
	p.Grow(nPrim+nSec, nOpt, 5*nOpt)
	p.AddItems(nPrim, false, func(i int) string { return "p" + strconv.Itoa(i) })
	p.AddItems(nSec, true, func(i int) string { return "s" + strconv.Itoa(i) })
	var items [5]int
	for range nOpt {
		k := 2 + rng.IntN(4)
		for j := 0; j < k; {
			items[j] = rng.IntN(nPrim + nSec)
			dup := false
			for _, x := range items[:j] {
				dup = dup || x == items[j]
			}
			if !dup {
				j++
			}
		}
		p.AddOptionIndex(items[:k], nil)
	}
	return p
}

// TestSizeBytes checks that Size.Bytes bounds the memory that a problem's
// solver allocates (runtime.MemStats.TotalAlloc, garbage included) as the
// Sudoku solver uses it: build, choose an option, search with EngineAuto
// (which builds the engine it picks), on problems that each engine
// takes; and that it is close (within twice) for the links engine where
// the bits engine, counted in case EngineAuto picks it, cannot be.
func TestSizeBytes(t *testing.T) {
	if raceDetector {
		t.Skip("the race detector changes what the build allocates")
	}
	rng := rand.New(rand.NewPCG(28, 3))
	cases := []struct {
		name string
		p    func() *Problem
	}{
		{"queens 12 (bits)", func() *Problem { return queensProblem(t, 12) }},
		{"9x9 Sudoku (cells, masks)", func() *Problem { return sudokuN(3) }},
		{"25x25 Sudoku (links)", func() *Problem { return sudokuN(5) }},
		{"secondary items", func() *Problem { return wideItems(rng, 200, 500, 5000) }},
		{"long lists (cells)", func() *Problem { return wideItems(rng, 60, 0, 4000) }},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			name string
			p    func() *Problem
		}{"64x64 Sudoku (links)", func() *Problem { return sudokuN(8) }})
	}
	for _, tc := range cases {
		var z Size
		var engine Engine
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		p := tc.p()
		s := NewSolver(p)
		s.Choose(0)
		s.ResetAfterSearch()
		s.Count(context.Background(), Options{Limit: 1, MaxNodes: 1000})
		engine = s.EngineFor(EngineAuto)
		runtime.ReadMemStats(&m1)
		got := int64(m1.TotalAlloc - m0.TotalAlloc)
		z = p.Size()
		t.Logf("%s: %+v, engine %v: allocated %d, Bytes %d", tc.name, z, engine, got, z.Bytes())
		if got > z.Bytes() {
			t.Errorf("%s: allocated %d bytes, over Bytes %d", tc.name, got, z.Bytes())
		}
		if engine == EngineLinks && z.Options > maxBitsOptions && z.Bytes() > 2*got+1<<20 {
			t.Errorf("%s: Bytes %d, over twice the %d allocated", tc.name, z.Bytes(), got)
		}
	}
}

// TestAutoEngineLarge: the default engine of a blank 64x64 Sudoku is
// links, whose memory is its links: the cells engine, picked before for
// its 64 options per item, saved every active item at every level, which
// took a gigabyte in a few seconds of search.
func TestAutoEngineLarge(t *testing.T) {
	p := sudokuN(8)
	s := NewSolver(p)
	if e := s.EngineFor(EngineAuto); e != EngineLinks {
		t.Errorf("64x64 Sudoku: auto picks %v, want links", e)
	}
	// Still cells on long lists with few items (pentomino-like).
	if e := NewSolver(wideItems(rand.New(rand.NewPCG(1, 2)), 60, 0, 4000)).EngineFor(EngineAuto); e == EngineLinks {
		t.Errorf("60 items in 4,000 options: auto picks links")
	}
}

// TestAddItems: items added with AddItems are named on demand, everywhere
// a name is used, and checked at the first lookup by name.
func TestAddItems(t *testing.T) {
	p := NewProblem()
	p.AddItem("a", false)
	first, err := p.AddItems(3, false, func(i int) string { return "x" + strconv.Itoa(i) })
	if err != nil || first != 1 {
		t.Fatalf("AddItems: %d, %v", first, err)
	}
	if _, err := p.AddItems(2, true, func(i int) string { return "s" + strconv.Itoa(i) }); err != nil {
		t.Fatal(err)
	}
	if p.NumItems() != 6 || p.NumPrimary() != 4 || !p.IsSecondary(4) || p.IsSecondary(3) {
		t.Fatalf("%d items, %d primary", p.NumItems(), p.NumPrimary())
	}
	for i, want := range []string{"a", "x0", "x1", "x2", "s0", "s1"} {
		if got := p.ItemName(i); got != want {
			t.Errorf("item %d: %q, want %q", i, got, want)
		}
	}
	if _, err := p.AddOption("a", "x1", "s1"); err != nil {
		t.Fatal(err)
	}
	p.AddOptionIndex([]int{1, 2, 3, 4}, nil)
	if got := p.OptionString(0); got != "a x1 s1" {
		t.Errorf("option 0: %q", got)
	}
	if p.Item("x2") != 3 || p.Item("s0") != 4 || p.Item("y") != -1 {
		t.Errorf("Item: x2 %d, s0 %d, y %d", p.Item("x2"), p.Item("s0"), p.Item("y"))
	}
	if _, err := p.AddItem("x0", false); !errors.Is(err, ErrDuplicateItem) {
		t.Errorf("AddItem x0 again: %v", err)
	}
	var b bytes.Buffer
	WriteKnuth(&b, p)
	if want := "a x0 x1 x2 | s0 s1\na x1 s1\nx0 x1 x2 s0\n"; b.String() != want {
		t.Errorf("WriteKnuth:\n%s\nwant\n%s", b.String(), want)
	}
	q, err := ReadKnuth(strings.NewReader(b.String()))
	if err != nil || q.NumItems() != 6 || q.NumOptions() != 2 {
		t.Errorf("read back: %v", err)
	}
	// Bad names are found at the first lookup by name.
	for _, name := range []string{"", "a b", "a"} {
		p := NewProblem()
		p.AddItem("a", false)
		p.AddItems(1, false, func(int) string { return name })
		_, err := p.AddOption("a")
		if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrDuplicateItem) {
			t.Errorf("name %q: AddOption: %v", name, err)
		}
	}
	if _, err := NewProblem().AddItems(-1, false, func(int) string { return "x" }); err == nil {
		t.Error("AddItems(-1): no error")
	}
	if _, err := NewProblem().AddItems(1, false, nil); err == nil {
		t.Error("AddItems without names: no error")
	}
	// A million items by index keep no name: under 32 bytes each.
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	big := NewProblem()
	big.AddItems(1<<20, true, func(i int) string { return "s" + strconv.Itoa(i) })
	runtime.ReadMemStats(&m1)
	if per := float64(m1.TotalAlloc-m0.TotalAlloc) / (1 << 20); per > 32 && !raceDetector {
		t.Errorf("AddItems: %.1f bytes per item", per)
	}
	if big.ItemName(123456) != "s123456" {
		t.Errorf("item 123456: %q", big.ItemName(123456))
	}
}

// TestNewSolverContext: a cancelled context stops the links' build.
func TestNewSolverContext(t *testing.T) {
	p := sudokuN(5)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if s, err := NewSolverContext(ctx, p); s != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, %v", s, err)
	}
	s, err := NewSolverContext(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := s.Count(context.Background(), Options{Limit: 3}); n != 3 || err != nil {
		t.Errorf("Count: %d, %v", n, err)
	}
}
