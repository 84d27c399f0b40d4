package propagate

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// patternGrid returns a full grid of side n = br*bc: the standard pattern
// with its digits, bands, stacks, rows in bands and columns in stacks
// shuffled.
func patternGrid(rng *rand.Rand, br, bc int) []int {
	n := br * bc
	digits := rng.Perm(n)
	var rows, cols []int
	for _, b := range rng.Perm(bc) { // bc bands of br rows
		for _, r := range rng.Perm(br) {
			rows = append(rows, b*br+r)
		}
	}
	for _, s := range rng.Perm(br) { // br stacks of bc columns
		for _, c := range rng.Perm(bc) {
			cols = append(cols, s*bc+c)
		}
	}
	g := make([]int, n*n)
	for r := range n {
		for c := range n {
			rr, cc := rows[r], cols[c]
			g[r*n+c] = digits[(rr%br*bc+rr/br+cc)%n] + 1
		}
	}
	return g
}

// validGrid checks rows, columns and boxes of a full grid, in the
// test's own code.
func validGrid(g []int, n, br, bc int) bool {
	for i := range n {
		seenR, seenC, seenB := map[int]bool{}, map[int]bool{}, map[int]bool{}
		for j := range n {
			r0, c0 := i/(n/bc)*br, i%(n/bc)*bc
			for _, x := range []struct {
				seen map[int]bool
				d    int
			}{{seenR, g[i*n+j]}, {seenC, g[j*n+i]}, {seenB, g[(r0+j/bc)*n+c0+j%bc]}} {
				if x.d < 1 || x.d > n || x.seen[x.d] {
					return false
				}
				x.seen[x.d] = true
			}
		}
	}
	return true
}

// TestSixteen runs the engine on 16x16 grids: a puzzle cut from a random
// grid (its solutions must keep the givens and be valid grids; a unique
// one must be the grid), and a blank grid with thermometers true to a
// random grid and a few of its digits, whose first solution must satisfy
// them.
func TestSixteen(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	const n, br, bc = 16, 4, 4
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for round := range 4 {
		seed := patternGrid(rng, br, bc)
		if !validGrid(seed, n, br, bc) {
			t.Fatal("pattern grid not valid")
		}
		givens := make([]uint8, n*n)
		for c, d := range seed {
			if rng.IntN(100) < 30+15*round {
				givens[c] = uint8(d)
			}
		}
		s, err := New(standard(n, br, bc))
		if err != nil {
			t.Fatal(err)
		}
		sols, err := s.Solutions(ctx, givens, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(sols) == 0 {
			t.Fatalf("round %d: no solution, the seed is one", round)
		}
		for _, sol := range sols {
			g := make([]int, n*n)
			for c, d := range sol {
				g[c] = int(d)
				if givens[c] != 0 && givens[c] != d {
					t.Fatalf("round %d: a solution breaks a given", round)
				}
			}
			if !validGrid(g, n, br, bc) {
				t.Fatalf("round %d: a solution is not a valid grid", round)
			}
			if len(sols) == 1 && !equalInts(g, seed) {
				t.Fatalf("round %d: the only solution is not the seed", round)
			}
		}
		t.Logf("round %d: %d solutions (limit 2), %d nodes", round, len(sols), s.Nodes())

		// thermometers true to the seed, and anti-knight when it holds
		m := standard(n, br, bc)
		var thermos [][]int
		for range 12 {
			if th := randomThermo(rng, seed, n, 8); th != nil {
				thermos = append(thermos, th)
				m.Constraints = append(m.Constraints, Thermometer(th)...)
			}
		}
		few := make([]uint8, n*n)
		for _, c := range rng.Perm(n * n)[:30] {
			few[c] = uint8(seed[c])
		}
		s, err = New(m)
		if err != nil {
			t.Fatal(err)
		}
		sol := make([]uint8, n*n)
		k, err := s.Count(ctx, few, 1, sol)
		if err != nil || k != 1 {
			t.Fatalf("round %d: thermometers: %d, %v", round, k, err)
		}
		g := make([]int, n*n)
		for c, d := range sol {
			g[c] = int(d)
		}
		if !validGrid(g, n, br, bc) {
			t.Fatalf("round %d: thermometer solution not a valid grid", round)
		}
		for _, th := range thermos {
			for i := 1; i < len(th); i++ {
				if g[th[i-1]] >= g[th[i]] {
					t.Fatalf("round %d: thermometer broken", round)
				}
			}
		}
		t.Logf("round %d: %d thermometers, a solution in %d nodes", round, len(thermos), s.Nodes())
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
