package grids

import (
	"context"
	"math/big"
	"testing"
)

// TestEssentiallyDifferent: Burnside's count over the conjugacy classes
// is the number of orbits found by joining every grid (first row 1..N:
// one per relabelling class) with its images under the generators, and
// the published figures (2x2: 2; 2x3: 49).
func TestEssentiallyDifferent(t *testing.T) {
	for _, tt := range []struct {
		r, c  int
		want  int64
		moves int
	}{
		{2, 2, 2, 2 * 8 * 8},
		{2, 3, 49, 48 * 72},
		{3, 2, 49, 72 * 48},
	} {
		total, err := Count(context.Background(), tt.r, tt.c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sym, err := EssentiallyDifferent(context.Background(), tt.r, tt.c, total, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if sym.Grids.Int64() != tt.want {
			t.Errorf("%dx%d: %v essentially different grids, want %d", tt.r, tt.c, sym.Grids, tt.want)
		}
		if brute := bruteOrbits(t, tt.r, tt.c); brute != sym.Grids.Int64() {
			t.Errorf("%dx%d: Burnside %v, orbits by brute force %d", tt.r, tt.c, sym.Grids, brute)
		}
		sizes := 0
		for _, cl := range sym.Classes {
			sizes += cl.Size
			if tt.moves%cl.Size != 0 {
				t.Errorf("%dx%d: a class of %d moves (not a divisor of the group's %d)", tt.r, tt.c, cl.Size, tt.moves)
			}
		}
		n := tt.r * tt.c
		order := new(big.Int).MulRange(1, int64(n))
		order.Mul(order, big.NewInt(int64(tt.moves)))
		if sym.Moves != tt.moves || sizes != tt.moves || sym.Order.Cmp(order) != 0 {
			t.Errorf("%dx%d: %d moves, class sizes sum to %d, order %v; want %d moves, order %v", tt.r, tt.c, sym.Moves, sizes, sym.Order, tt.moves, order)
		}
		identities := 0
		for _, cl := range sym.Classes {
			if isIdentity(cl.Rep) {
				identities++
				if cl.Size != 1 || cl.Fixed.Cmp(total) != 0 {
					t.Errorf("%dx%d: the identity's class has %d moves fixing %v", tt.r, tt.c, cl.Size, cl.Fixed)
				}
			}
		}
		if identities != 1 {
			t.Errorf("%dx%d: %d classes with the identity", tt.r, tt.c, identities)
		}
		t.Logf("%dx%d: %d classes", tt.r, tt.c, len(sym.Classes))
	}
	if _, err := EssentiallyDifferent(context.Background(), 3, 4, big.NewInt(1), Options{}); err == nil {
		t.Error("3x4: no error")
	}
}

// bruteOrbits lists every grid with first row 1..N by backtracking and
// counts the orbits of the moves (each image relabelled back to first
// row 1..N) with a union-find over the generators.
func bruteOrbits(t *testing.T, r, c int) int64 {
	n := r * c
	var grids []string
	g := make([]byte, n*n)
	var rec func(i int)
	rec = func(i int) {
		if i == n*n {
			grids = append(grids, string(g))
			return
		}
		row, col := i/n, i%n
		for d := byte(0); int(d) < n; d++ {
			if row == 0 && int(d) != col {
				continue
			}
			ok := true
			for k := 0; k < i; k++ {
				kr, kc := k/n, k%n
				if g[k] == d && (kr == row || kc == col || (kr/r == row/r && kc/c == col/c)) {
					ok = false
					break
				}
			}
			if ok {
				g[i] = d
				rec(i + 1)
			}
		}
	}
	rec(0)
	index := make(map[string]int, len(grids))
	for i, s := range grids {
		index[s] = i
	}
	parent := make([]int, len(grids))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	gens := newMoveGroup(r, c).generators()
	orbits := int64(len(grids))
	img := make([]byte, n*n)
	for i, s := range grids {
		for _, m := range gens {
			for k := range img {
				img[k] = s[m[k]]
			}
			var relabel [MaxSymmetryN]byte
			for k := range n {
				relabel[img[k]] = byte(k)
			}
			for k := range img {
				img[k] = relabel[img[k]]
			}
			j, ok := index[string(img)]
			if !ok {
				t.Fatalf("%dx%d: a moved grid is not a grid", r, c)
			}
			if a, b := find(i), find(j); a != b {
				parent[a] = b
				orbits--
			}
		}
	}
	return orbits
}
