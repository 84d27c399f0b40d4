package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/dlxkit/dlx/exactcover"
)

const jigsaw4 = `
AABB
ACCB
ACCB
DDDD
`

// jigsaw9 is box regions with two cells of the first and fourth boxes
// exchanged (cells holding the same digit in a known grid, so the map has
// solutions: many jigsaw maps have none).
const jigsaw9 = `
AAABBBCCC
AAABBBCCC
ADABBBCCC
DDAEEEFFF
DDDEEEFFF
DDDEEEFFF
GGGHHHIII
GGGHHHIII
GGGHHHIII
`

// testClash reports whether two givens of g share a region (independently
// of Valid).
func testClash(g *Grid) bool {
	for _, reg := range testRegions(g) {
		seen := map[uint8]bool{}
		for _, c := range reg {
			if v := g.Cells[c]; v != 0 {
				if seen[v] {
					return true
				}
				seen[v] = true
			}
		}
	}
	return false
}

type variantCase struct {
	name  string
	shape Shape
	v     *Variant
}

func variantCases(t testing.TB) []variantCase {
	jig := func(s Shape, m string) *Variant {
		v, err := Jigsaw(s, m)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	return []variantCase{
		{"4x4", Shape{2, 2}, nil},
		{"4x4 diagonal", Shape{2, 2}, Diagonal(Shape{2, 2})},
		{"4x4 jigsaw", Shape{2, 2}, jig(Shape{2, 2}, jigsaw4)},
		{"4x4 disjoint", Shape{2, 2}, Disjoint(Shape{2, 2})},
		{"6x6", Shape{2, 3}, nil},
		{"6x6 3x2 boxes", Shape{3, 2}, nil},
		{"6x6 diagonal", Shape{2, 3}, Diagonal(Shape{2, 3})},
		{"6x6 jigsaw", Shape{2, 3}, jig(Shape{2, 3}, jigsaw6)},
		{"6x6 disjoint", Shape{2, 3}, Disjoint(Shape{2, 3})},
		{"8x8", Shape{2, 4}, nil},
		{"9x9", Standard, nil},
		{"9x9 diagonal", Standard, Diagonal(Standard)},
		{"9x9 hyper", Standard, Hyper()},
		{"9x9 disjoint", Standard, Disjoint(Standard)},
		{"9x9 jigsaw", Standard, jig(Standard, jigsaw9)},
	}
}

// TestAgainstBruteForce compares Count, Check, Solve and the one-puzzle
// reduction ExactCover with the brute-force counter on random puzzles of
// every small shape and variant: blanked random solutions, some with a
// wrong digit added (no solution or clashing givens).
func TestAgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 11))
	s := NewSolver(Options{Method: DLX})
	perCase := 60
	if testing.Short() {
		perCase = 15
	}
	kinds := map[string]int{}
	for _, vc := range variantCases(t) {
		n := vc.shape.N()
		var sol *Grid
		if n <= 6 {
			sol = randomSolution(vc.shape, vc.v, rng)
		} else {
			// A randomized search from the empty grid has a heavy tail
			// (some orders take minutes on a jigsaw): restart with
			// another seed after a second.
			for try := 0; sol == nil; try++ {
				seeded := NewSolver(Options{Method: DLX, Seed: rng.Uint64() | 1})
				tctx, cancel := context.WithTimeout(ctx, time.Second)
				g, err := seeded.Solve(tctx, NewGrid(vc.shape, vc.v))
				cancel()
				switch {
				case err == nil:
					sol = g
				case !errors.Is(err, context.DeadlineExceeded) || try == 20:
					t.Fatalf("%s: random solution: %v", vc.name, err)
				}
			}
		}
		if sol == nil {
			t.Fatalf("%s: no solution of the empty grid found by brute force", vc.name)
		}
		checkSolution(t, sol, sol)
		for i := 0; i < perCase; i++ {
			p := 0.3 + 0.5*rng.Float64()
			if n >= 8 {
				p = 0.3 + 0.35*rng.Float64()
			}
			g := blank(sol, p, rng)
			if i%4 == 3 { // a random digit in a random blank cell
				c := rng.IntN(len(g.Cells))
				if g.Cells[c] == 0 {
					g.Cells[c] = uint8(rng.IntN(n) + 1)
				}
			}
			name := fmt.Sprintf("%s #%d %v", vc.name, i, g.Cells)
			want := bruteCount(g, 3, nil)
			clash := testClash(g)

			got, err := s.Count(ctx, g, 3)
			if clash {
				if !errors.Is(err, ErrInvalid) || got != 0 {
					t.Fatalf("%s: Count = %d, %v; want 0 and ErrInvalid", name, got, err)
				}
			} else if err != nil || got != want {
				t.Fatalf("%s: Count = %d, %v; brute force %d", name, got, err, want)
			}

			v, err := s.Check(ctx, g)
			if err != nil {
				t.Fatalf("%s: Check: %v", name, err)
			}
			wantKind := map[int]VerdictKind{0: NoSolution, 1: Unique, 2: Multiple, 3: Multiple}[want]
			if clash {
				wantKind = Invalid
			}
			if v.Kind != wantKind {
				t.Fatalf("%s: Check = %v, want %v", name, v.Kind, wantKind)
			}
			kinds[wantKind.String()]++
			switch v.Kind {
			case Unique:
				checkSolution(t, g, v.Solution)
			case Invalid:
				if v.Invalid == nil || len(v.Invalid.Clashes) == 0 {
					t.Fatalf("%s: invalid verdict without clashes", name)
				}
			}

			solved, err := s.Solve(ctx, g)
			switch {
			case clash:
				var ie *InvalidError
				if !errors.As(err, &ie) || len(ie.Clashes) == 0 {
					t.Fatalf("%s: Solve error %v, want *InvalidError", name, err)
				}
			case want == 0:
				if !errors.Is(err, ErrNoSolution) {
					t.Fatalf("%s: Solve error %v, want ErrNoSolution", name, err)
				}
			default:
				if err != nil {
					t.Fatalf("%s: Solve: %v", name, err)
				}
				checkSolution(t, g, solved)
			}

			if !clash && want > 0 {
				sc, nc, err := s.SolveIntoCount(ctx, g, nil, 2)
				if err != nil || nc != min(want, 2) {
					t.Fatalf("%s: SolveIntoCount = %d, %v; brute force %d", name, nc, err, want)
				}
				checkSolution(t, g, sc)
			}

			p1, err := ExactCover(g)
			if clash {
				if !errors.Is(err, ErrInvalid) {
					t.Fatalf("%s: ExactCover error %v, want ErrInvalid", name, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: ExactCover: %v", name, err)
			}
			c1, _, err := p1.Count(ctx, exactcover.Options{Limit: 3})
			if err != nil || int(c1) != want {
				t.Fatalf("%s: ExactCover count %d, %v; brute force %d", name, c1, err, want)
			}
		}
	}
	t.Logf("verdicts: %v", kinds)
	for _, k := range []VerdictKind{Invalid, NoSolution, Unique, Multiple} {
		if kinds[k.String()] == 0 {
			t.Errorf("no puzzle with verdict %v among the random ones: the test is too weak", k)
		}
	}
}

// TestSolveIntoCount9: on 9x9 puzzles (the fast solver) SolveIntoCount
// finds a solution and counts up to 2 as the exact-cover solver counts;
// with limit 1 it counts 1, as SolveInto.
func TestSolveIntoCount9(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 5))
	fast, dlx := NewSolver(Options{Method: Fast}), NewSolver(Options{Method: DLX})
	sol, err := dlx.Solve(ctx, NewGrid(Standard, nil))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]int{}
	for i := range 200 {
		g := blank(sol, 0.5+0.3*rng.Float64(), rng)
		want, err := dlx.Count(ctx, g, 2)
		if err != nil {
			t.Fatal(err)
		}
		got, n, err := fast.SolveIntoCount(ctx, g, nil, 2)
		if err != nil || n != want {
			t.Fatalf("#%d %v: SolveIntoCount = %d, %v; exact cover counts %d", i, g, n, err, want)
		}
		checkSolution(t, g, got)
		if _, n1, err := fast.SolveIntoCount(ctx, g, nil, 1); err != nil || n1 != 1 {
			t.Fatalf("#%d: limit 1: %d, %v", i, n1, err)
		}
		seen[n]++
	}
	if seen[1] == 0 || seen[2] == 0 {
		t.Errorf("counts seen %v: want unique and multiple puzzles", seen)
	}
}

// TestSizes solves puzzles of every size from 4x4 to 36x36, made from
// permuted pattern grids with 45% of the cells blanked.
func TestSizes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	shapes := []Shape{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {3, 4}, {4, 3}, {4, 4}, {4, 5}, {5, 5}, {5, 6}, {6, 6}}
	for _, sh := range shapes {
		if testing.Short() && sh.N() > 25 {
			continue
		}
		n := sh.N()
		sol := patternGrid(sh, rng)
		g := blank(sol, 0.45, rng)
		blanks := 0
		for _, v := range g.Cells {
			if v == 0 {
				blanks++
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		start := time.Now()
		got, err := NewSolver(Options{Method: DLX}).Solve(ctx, g)
		cancel()
		if err != nil {
			t.Fatalf("%dx%d (%d of %d blank): %v", n, n, blanks, n*n, err)
		}
		checkSolution(t, g, got)
		t.Logf("%dx%d: %d of %d cells blank (%.0f%%), solved in %v", n, n, blanks, n*n, 100*float64(blanks)/float64(n*n), time.Since(start))
		if n == 25 && float64(blanks) < 0.4*float64(n*n) {
			t.Errorf("25x25 puzzle has only %d blanks", blanks)
		}
	}
}

func TestSolverErrors(t *testing.T) {
	ctx := context.Background()
	s := NewSolver(Options{})
	if _, err := s.Solve(ctx, &Grid{Shape: Standard, Cells: make([]uint8, 80)}); !errors.Is(err, ErrGrid) {
		t.Errorf("80 cells: %v", err)
	}
	g := NewGrid(Shape{2, 2}, nil)
	g.Cells[5] = 5
	if _, err := s.Solve(ctx, g); !errors.Is(err, ErrGrid) || err.Error() != "cell r2c2 holds 5, over 4: bad grid" {
		t.Errorf("digit 5 in 4x4: %v", err)
	}
	if _, err := s.Solve(ctx, NewGrid(Shape{2, 2}, Hyper())); !errors.Is(err, ErrVariant) {
		t.Errorf("hyper on 4x4: %v", err)
	}
	if _, err := NewSolver(Options{Method: Fast}).Solve(ctx, NewGrid(Shape{2, 2}, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("fast on 4x4: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := NewSolver(Options{Method: DLX}).Count(cctx, NewGrid(Shape{3, 3}, nil), -1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled count: %v", err)
	}
}

// TestSolverCache solves puzzles of alternating kinds with one Solver, so
// that cached matrices are reused after others, and variants equal by
// content share one.
func TestSolverCache(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 9))
	s := NewSolver(Options{Method: DLX})
	cases := variantCases(t)
	for i := 0; i < 100; i++ {
		vc := cases[rng.IntN(len(cases))]
		v := vc.v
		if v != nil && v.Name == "diagonal" {
			v = Diagonal(vc.shape) // a new pointer, same content
		}
		var sol *Grid
		if vc.v == nil {
			sol = patternGrid(vc.shape, rng)
		} else {
			var err error
			sol, err = NewSolver(Options{Method: DLX, Seed: uint64(i + 1)}).Solve(ctx, NewGrid(vc.shape, v))
			if err != nil {
				t.Fatal(err)
			}
		}
		g := blank(sol, 0.5, rng)
		g.Variant = v
		got, err := s.Solve(ctx, g)
		if err != nil {
			t.Fatalf("%s: %v", vc.name, err)
		}
		checkSolution(t, g, got)
	}
	if len(s.cache) > maxCached {
		t.Errorf("%d cached matrices", len(s.cache))
	}
}

func TestSeedGivesDifferentSolutions(t *testing.T) {
	ctx := context.Background()
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 5; seed++ {
		g, err := NewSolver(Options{Seed: seed}).Solve(ctx, NewGrid(Standard, nil))
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, NewGrid(Standard, nil), g)
		seen[fmt.Sprint(g.Cells)] = true
		again, _ := NewSolver(Options{Seed: seed}).Solve(ctx, NewGrid(Standard, nil))
		if fmt.Sprint(again.Cells) != fmt.Sprint(g.Cells) {
			t.Errorf("seed %d: two different solutions", seed)
		}
	}
	if len(seen) < 2 {
		t.Errorf("5 seeds gave %d distinct solutions", len(seen))
	}
}
