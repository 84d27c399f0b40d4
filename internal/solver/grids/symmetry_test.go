package grids

import (
	"context"
	"errors"
	"math/big"
	"sync"
	"testing"
	"time"
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

// TestClassTable: the conjugacy classes of the moves as numbers are the
// classes found from the moves as cell maps (every move listed, h*g*h
// for each generator h joined by union-find), for the small shapes; and
// 3x3 has 275 classes whose sizes sum to 2 x 6^8 = 3,359,232.
func TestClassTable(t *testing.T) {
	for _, tt := range [][2]int{{2, 2}, {2, 3}, {3, 2}} {
		g := newMoveGroup(tt[0], tt[1])
		got := g.classes()
		want, k := classesByCells(g)
		if len(got) != k {
			t.Fatalf("%dx%d: %d classes, by cell maps %d", tt[0], tt[1], len(got), k)
		}
		// The same partition: each class's members by cells.
		for _, cl := range got {
			if want[string(g.cells(cl.rep))] != cl.size {
				t.Errorf("%dx%d: the class of move %d has %d moves, by cell maps %d", tt[0], tt[1], cl.rep, cl.size, want[string(g.cells(cl.rep))])
			}
		}
	}
	g := newMoveGroup(3, 3)
	cls := g.classes()
	sum := 0
	for _, cl := range cls {
		sum += cl.size
		if 3359232%cl.size != 0 {
			t.Errorf("3x3: a class of %d moves", cl.size)
		}
	}
	if g.size() != 3359232 || len(cls) != 275 || sum != 3359232 {
		t.Errorf("3x3: %d moves, %d classes, sizes summing to %d; want 3359232, 275, 3359232", g.size(), len(cls), sum)
	}
}

// classesByCells returns, for each move as a cell map (string), the size
// of its conjugacy class, computed on cell maps, and the number of
// classes.
func classesByCells(g *moveGroup) (map[string]int, int) {
	var all []move
	for e := range g.size() {
		all = append(all, g.cells(e))
	}
	gens := g.generators()
	index := make(map[string]int, len(all))
	for i, m := range all {
		index[string(m)] = i
	}
	parent := make([]int, len(all))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	conj := make(move, len(all[0]))
	for i, m := range all {
		for _, h := range gens {
			for k := range conj {
				conj[k] = h[m[h[k]]]
			}
			if a, b := find(i), find(index[string(conj)]); a != b {
				parent[a] = b
			}
		}
	}
	size := make(map[int]int)
	for i := range all {
		size[find(i)]++
	}
	out := make(map[string]int, len(all))
	for i, m := range all {
		out[string(m)] = size[find(i)]
	}
	return out, len(size)
}

// TestFixedBySimpleSearch: the fixed-grid count of every class of the
// small shapes is the count of a plain search that fills the cells in
// order and records the relabelling the moved cells force.
func TestFixedBySimpleSearch(t *testing.T) {
	for _, tt := range [][2]int{{2, 2}, {2, 3}, {3, 2}} {
		r, c := tt[0], tt[1]
		g := newMoveGroup(r, c)
		cls := g.classes()
		got, err := countClasses(context.Background(), r, c, g, cls, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		nonzero := 0
		for k, cl := range cls {
			m := g.cells(cl.rep)
			if isIdentity(m) {
				continue
			}
			if want := simpleFixed(r, c, m); got[k] != uint64(want) {
				t.Errorf("%dx%d class %d: %d fixed grids, by the plain search %d", r, c, k, got[k], want)
			}
			if got[k] != 0 {
				nonzero++
			}
		}
		t.Logf("%dx%d: %d classes, %d besides the identity's fix a grid", r, c, len(cls), nonzero)
	}
}

// simpleFixed counts the grids with first row 1..N whose moved grid is a
// relabelling of them: cells filled in row-major order, the relabelling
// recorded as the pairs (cell, moved cell) force it.
func simpleFixed(r, c int, m move) int64 {
	n := r * c
	cells := n * n
	inv := make([]int, cells)
	for i, x := range m {
		inv[x] = i
	}
	g := make([]int, cells)
	for i := range g {
		g[i] = -1
	}
	sigma, sigmaInv := make([]int, n), make([]int, n)
	for i := range n {
		sigma[i], sigmaInv[i] = -1, -1
	}
	var count int64
	var rec func(i int)
	rec = func(i int) {
		if i == cells {
			count++
			return
		}
		row, col := i/n, i%n
		for d := range n {
			if row == 0 && d != col {
				continue
			}
			ok := true
			for k := range i {
				kr, kc := k/n, k%n
				if g[k] == d && (kr == row || kc == col || (kr/r == row/r && kc/c == col/c)) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			var set [][2]int
			link := func(a, b int) bool {
				if sigma[a] == b {
					return true
				}
				if sigma[a] >= 0 || sigmaInv[b] >= 0 {
					return false
				}
				sigma[a], sigmaInv[b] = b, a
				set = append(set, [2]int{a, b})
				return true
			}
			g[i] = d
			if y := int(m[i]); g[y] >= 0 {
				ok = link(d, g[y])
			}
			if x := inv[i]; ok && g[x] >= 0 {
				ok = link(g[x], d)
			}
			if ok {
				rec(i + 1)
			}
			for _, p := range set {
				sigma[p[0]], sigmaInv[p[1]] = -1, -1
			}
			g[i] = -1
		}
	}
	rec(0)
	return count
}

// TestEssentiallyDifferent9x9: 5,472,730,538 essentially different 9x9
// grids, and the classes that fix a grid are those of Russell and
// Jarvis's published table: (class size, grids with first row 1..9 fixed
// up to relabelling), 27 of them with the identity's.
func TestEssentiallyDifferent9x9(t *testing.T) {
	if testing.Short() {
		t.Skip("a minute or more of search")
	}
	total, err := Count(context.Background(), 3, 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sym, err := EssentiallyDifferent(context.Background(), 3, 3, total, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sym.Grids.String() != "5472730538" || len(sym.Classes) != 275 || sym.Moves != 3359232 {
		t.Errorf("%v essentially different grids, %d classes, %d moves; want 5472730538, 275, 3359232", sym.Grids, len(sym.Classes), sym.Moves)
	}
	published := map[[2]int64]int{
		{1, 18383222420692992}: 1, {96, 21233664}: 1, {16, 107495424}: 1, {192, 4204224}: 1,
		{64, 2508084}: 1, {5184, 323928}: 1, {20736, 162}: 1, {20736, 288}: 1,
		{144, 14837760}: 1, {1728, 2592}: 1, {288, 5184}: 1, {864, 2085120}: 1,
		{3456, 1296}: 1, {1728, 294912}: 1, {2304, 648}: 1, {1152, 6342480}: 1,
		{1296, 30258432}: 1, {10368, 1854}: 1, {93312, 288}: 1, {2916, 155492352}: 1,
		{69984, 13056}: 1, {972, 449445888}: 1, {3888, 27648}: 1, {31104, 6480}: 1,
		{15552, 1728}: 1, {15552, 3456}: 1, {7776, 13824}: 1,
	}
	nf := big.NewInt(362880)
	got := make(map[[2]int64]int)
	for _, cl := range sym.Classes {
		if cl.Fixed.Sign() == 0 {
			continue
		}
		q, m := new(big.Int).QuoRem(cl.Fixed, nf, new(big.Int))
		if m.Sign() != 0 || !q.IsInt64() {
			t.Errorf("class of %d moves: %v fixed, not 9! times a grid count", cl.Size, cl.Fixed)
			continue
		}
		got[[2]int64{int64(cl.Size), q.Int64()}]++
	}
	for k, v := range published {
		if got[k] != v {
			t.Errorf("class of %d moves fixing %d grids (first row 1..9): %d such classes, want %d", k[0], k[1], got[k], v)
		}
	}
	for k, v := range got {
		if published[k] == 0 {
			t.Errorf("%d classes of %d moves fixing %d grids: not in the published table", v, k[0], k[1])
		}
	}
}

// TestEssentiallyDifferentCancel: the 9x9 searches stop soon after the
// context is cancelled, with its error.
func TestEssentiallyDifferentCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	calls := 0
	opt := Options{Workers: 2, Progress: func(done, total int) {
		mu.Lock()
		calls++
		mu.Unlock()
	}}
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	_, err := EssentiallyDifferent(ctx, 3, 3, big.NewInt(1), opt)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > time.Minute {
		t.Errorf("stopped after %v", d)
	}
	mu.Lock()
	t.Logf("%d tasks done before the cancel", calls)
	mu.Unlock()
}
