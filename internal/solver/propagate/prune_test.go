package propagate

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestExactPruning checks the constraints whose propagation is exact on
// their own cells: alone in a model with no houses and random domains,
// the first propagation must leave in each cell exactly the digits that
// some assignment satisfying the constraint uses, as found by trying
// every assignment here.
func TestExactPruning(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 29))
	n := 6
	type gen func() (Constraint, []int, func([]int) bool)
	line := func(k int) []int { return rng.Perm(n * n)[:k] }
	gens := map[string]gen{
		"pair": func() (Constraint, []int, func([]int) bool) {
			c := line(2)
			rel := NewRelation(func(a, b int) bool { return rng.IntN(3) == 0 })
			return Pair{A: c[0], B: c[1], Rel: rel}, c, func(d []int) bool { return rel.Allows(d[0], d[1]) }
		},
		"sum": func() (Constraint, []int, func([]int) bool) {
			c := line(2 + rng.IntN(3))
			w := make([]int, len(c))
			for i := range w {
				w[i] = rng.IntN(41) - 20
			}
			lo := rng.IntN(40) - 20
			hi := lo + rng.IntN(10)
			return Sum{Cells: c, Weights: w, Min: lo, Max: hi}, c, func(d []int) bool {
				s := 0
				for i, x := range d {
					s += w[i] * x
				}
				return lo <= s && s <= hi
			}
		},
		"arrow": func() (Constraint, []int, func([]int) bool) {
			c := line(4 + rng.IntN(2))
			return Arrow(c[:2], c[2:], n), c, func(d []int) bool { return d[0]*10+d[1] == sumInts(d[2:]) }
		},
		"between": func() (Constraint, []int, func([]int) bool) {
			c := line(3 + rng.IntN(2))
			return Between{Cells: c}, c, func(d []int) bool {
				lo, hi := min(d[0], d[len(d)-1]), max(d[0], d[len(d)-1])
				for _, x := range d[1 : len(d)-1] {
					if x <= lo || x >= hi {
						return false
					}
				}
				return true
			}
		},
		"count": func() (Constraint, []int, func([]int) bool) {
			c := line(2 + rng.IntN(3))
			set := Digits(1 + rng.IntN(1<<n-1))
			k := 1 + rng.IntN(len(c))
			return Count{Cells: c, Set: set, Min: k}, c, func(d []int) bool {
				have := 0
				for _, x := range d {
					if set.Has(x) {
						have++
					}
				}
				return have >= k
			}
		},
		"sandwich": func() (Constraint, []int, func([]int) bool) {
			c := line(n)
			sum := rng.IntN(12)
			return Sandwich{Cells: c, Sum: sum}, c, func(d []int) bool {
				i, j, ones, ns := -1, -1, 0, 0
				for k, x := range d {
					if x == 1 {
						i, ones = k, ones+1
					}
					if x == n {
						j, ns = k, ns+1
					}
				}
				if ones != 1 || ns != 1 {
					return false
				}
				return sumInts(d[min(i, j)+1:max(i, j)]) == sum
			}
		},
		"x-sum": func() (Constraint, []int, func([]int) bool) {
			c := line(4)
			sum := 1 + rng.IntN(15)
			return XSum{Cells: c, Sum: sum}, c, func(d []int) bool { return d[0] <= len(d) && sumInts(d[:d[0]]) == sum }
		},
		"skyscraper": func() (Constraint, []int, func([]int) bool) {
			c := line(4)
			v := 1 + rng.IntN(4)
			return Skyscraper{Cells: c, Visible: v}, c, func(d []int) bool {
				top, k := 0, 0
				for _, x := range d {
					if x > top {
						top, k = x, k+1
					}
				}
				return k == v
			}
		},
		"predicate": func() (Constraint, []int, func([]int) bool) {
			c := line(3)
			f := func(d []int) bool { return (d[0]*d[1]+d[2])%4 == 1 }
			return Predicate{Cells: c, Check: f, Enumerate: 1000}, c, f
		},
		"equal sums": func() (Constraint, []int, func([]int) bool) {
			c := line(4 + rng.IntN(2))
			return EqualSums{Groups: [][]int{c[:2], c[2:]}}, c, func(d []int) bool { return d[0]+d[1] == sumInts(d[2:]) }
		},
	}
	for name, g := range gens {
		for range 60 {
			con, cells, ok := g()
			m := &Model{N: n, Constraints: []Constraint{con}}
			doms := make([]uint32, len(cells))
			for i, c := range cells {
				doms[i] = uint32(1 + rng.IntN(1<<n-1))
				m.Constraints = append(m.Constraints, Domain{Cell: c, Allowed: Digits(doms[i])})
			}
			s, err := New(m)
			if err != nil {
				t.Fatal(err)
			}
			feasible, err := s.load(nil)
			if err != nil {
				t.Fatal(err)
			}
			// supports by trying every assignment of the domains
			sup := make([]uint32, len(cells))
			d := make([]int, len(cells))
			var walk func(i int)
			walk = func(i int) {
				if i == len(cells) {
					if ok(d) {
						for j, x := range d {
							sup[j] |= 1 << (x - 1)
						}
					}
					return
				}
				for m := doms[i]; m != 0; m &= m - 1 {
					d[i] = bits.TrailingZeros32(m) + 1
					walk(i + 1)
				}
			}
			walk(0)
			if !feasible {
				if sup[0] != 0 {
					t.Fatalf("%s %+v, domains %b: the engine finds no solution, there is one", name, con, doms)
				}
				continue
			}
			for i, c := range cells {
				if s.cand[c] != sup[i] {
					t.Fatalf("%s %+v, domains %b: cell %d keeps %b, supported %b", name, con, doms, i, s.cand[c], sup[i])
				}
			}
		}
	}
}

func sumInts(d []int) int {
	s := 0
	for _, x := range d {
		s += x
	}
	return s
}

// TestShifts checks the multi-word shifts of the sum tables against a
// plain slice of booleans.
func TestShifts(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		words := 1 + rng.IntN(4)
		width := words * 64
		a, b := make([]uint64, words), make([]uint64, words)
		for i := range a {
			a[i], b[i] = rng.Uint64()&rng.Uint64()&rng.Uint64(), rng.Uint64()&rng.Uint64()
		}
		has := func(x []uint64, i int) bool { return i >= 0 && i < width && x[i>>6]>>(i&63)&1 == 1 }
		k := rng.IntN(width + 10)
		shl, shr := make([]uint64, words), make([]uint64, words)
		orShl(shl, a, k)
		orShr(shr, a, k)
		meets := false
		for i := range width {
			if has(shl, i) != has(a, i-k) {
				t.Fatalf("orShl by %d: bit %d", k, i)
			}
			if has(shr, i) != has(a, i+k) {
				t.Fatalf("orShr by %d: bit %d", k, i)
			}
			meets = meets || has(a, i-k) && has(b, i)
		}
		if meetsShl(a, k, b) != meets {
			t.Fatalf("meetsShl by %d: %v, want %v", k, !meets, meets)
		}
	}
}

// TestHiddenSingles: a puzzle that hidden singles solve (naked singles
// alone do not) is solved without a guess.
func TestHiddenSingles(t *testing.T) {
	s, err := New(standard(9, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	// from ../shared/data/sudoku_small.txt: naked singles alone need a guess
	g := parseDigits("000700084895000000104960520300040107050000068280005400706200000010030000040080316")
	n, err := s.Count(context.Background(), g, 2, nil)
	if err != nil || n != 1 {
		t.Fatalf("%d solutions, %v", n, err)
	}
	if s.Nodes() != 1 {
		t.Errorf("%d nodes, want 1 (no guess)", s.Nodes())
	}
}

func parseDigits(s string) []uint8 {
	out := make([]uint8, len(s))
	for i, ch := range s {
		if ch >= '1' && ch <= '9' {
			out[i] = uint8(ch - '0')
		}
	}
	return out
}

// TestCliquePruning: the cells of a sum that share a house are taken
// together, their digits distinct, so that the first propagation leaves
// only digits some assignment with distinct digits uses. Here a 4x4 grid
// has a single house, its first row; a sum covers three of its cells,
// whose domains are random; the fourth cell is free.
func TestCliquePruning(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 29))
	n := 4
	row := []int{0, 1, 2, 3}
	checked := 0
	for range 300 {
		w := []int{1 + rng.IntN(3), 1 + rng.IntN(3), 1 + rng.IntN(3)}
		total := rng.IntN(20)
		m := &Model{N: n, Houses: [][]int{row}, Constraints: []Constraint{
			Sum{Cells: row[:3], Weights: w, Min: total, Max: total}}}
		doms := make([]uint32, 3)
		for i := range doms {
			doms[i] = uint32(1 + rng.IntN(1<<n-1))
			m.Constraints = append(m.Constraints, Domain{Cell: i, Allowed: Digits(doms[i])})
		}
		s, err := New(m)
		if err != nil {
			t.Fatal(err)
		}
		feasible, err := s.load(nil)
		if err != nil {
			t.Fatal(err)
		}
		var sup [3]uint32
		for _, p := range permutations(n) {
			ok := true
			sum := 0
			for i := range 3 {
				ok = ok && doms[i]&(1<<(p[i]-1)) != 0
				sum += w[i] * p[i]
			}
			if ok && sum == total {
				for i := range 3 {
					sup[i] |= 1 << (p[i] - 1)
				}
			}
		}
		if !feasible {
			if sup[0] != 0 {
				t.Fatalf("weights %v, total %d, domains %b: no solution found, there is one", w, total, doms)
			}
			continue
		}
		checked++
		for i := range 3 {
			if s.cand[i] != sup[i] {
				t.Fatalf("weights %v, total %d, domains %b: cell %d keeps %b, supported %b", w, total, doms, i, s.cand[i], sup[i])
			}
		}
	}
	if checked < 20 {
		t.Fatalf("only %d feasible cases", checked)
	}
}

// permutations returns every ordering of the digits 1..n.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int(nil), p[:i]...), n), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}
