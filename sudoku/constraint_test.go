package sudoku

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func TestCheckConstraints(t *testing.T) {
	tests := []struct {
		name string
		n    int
		v    *Variant
		want string // "" for no error
	}{
		{"nil", 9, nil, ""},
		{"fine", 4, &Variant{Cages: []Cage{{3, []int{0, 1}}, {10, []int{2, 3, 6, 7}}}, Thermos: [][]int{{0, 5, 10, 15}, {0, 4}}}, ""},
		{"empty cage", 4, &Variant{Cages: []Cage{{3, nil}}}, "cage 1 (sum 3): no cells"},
		{"big cage", 4, &Variant{Cages: []Cage{{15, []int{0, 1, 2, 3, 4}}}}, "5 cells, more than the 4 digits"},
		{"outside", 4, &Variant{Cages: []Cage{{3, []int{0, 16}}}}, "cell 16 outside the 4x4 grid"},
		{"negative", 4, &Variant{Cages: []Cage{{3, []int{-1}}}}, "cell -1 outside"},
		{"twice", 4, &Variant{Cages: []Cage{{3, []int{1, 1}}}}, "cell r1c2 listed twice"},
		{"two cages", 4, &Variant{Cages: []Cage{{3, []int{0, 1}}, {5, []int{1, 2}}}}, "cage 2 (sum 5): cell r1c2 already in cage 1"},
		{"sum low", 9, &Variant{Cages: []Cage{{2, []int{0, 1}}}}, "no 2 distinct digits 1..9 add up to 2 (sums 3..17)"},
		{"sum high", 9, &Variant{Cages: []Cage{{18, []int{0, 1}}}}, "add up to 18"},
		{"too many sets", 36, &Variant{Cages: []Cage{{333, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}}}}, "more than the solver takes"},
		{"empty thermo", 4, &Variant{Thermos: [][]int{{}}}, "thermometer 1: no cells"},
		{"long thermo", 4, &Variant{Thermos: [][]int{{0, 1, 2, 3, 7}}}, "5 cells, longer than the 4 digits"},
		{"thermo gap", 4, &Variant{Thermos: [][]int{{0, 1}, {0, 2}}}, "thermometer 2: r1c3 does not touch r1c1"},
		{"thermo wraps", 4, &Variant{Thermos: [][]int{{3, 4}}}, "r2c1 does not touch r1c4"},
		{"thermo loop", 4, &Variant{Thermos: [][]int{{0, 1, 0}}}, "cell r1c1 listed twice"},
		{"thermo outside", 4, &Variant{Thermos: [][]int{{15, 16}}}, "cell 16 outside"},
	}
	for _, tc := range tests {
		err := CheckConstraints(tc.n, tc.v)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		case err != nil && (!errors.Is(err, ErrConstraint) || !errors.Is(err, ErrVariant)):
			t.Errorf("%s: %v wraps neither ErrConstraint nor ErrVariant", tc.name, err)
		}
		// The solver refuses what CheckConstraints refuses.
		if tc.v != nil && tc.n <= 16 {
			s, _ := DefaultShape(tc.n)
			_, serr := Count(context.Background(), NewGrid(s, tc.v), 1)
			if (err == nil) != (serr == nil || !errors.Is(serr, ErrVariant)) {
				t.Errorf("%s: Count error %v, CheckConstraints %v", tc.name, serr, err)
			}
		}
	}
}

func TestComboCount(t *testing.T) {
	for n := 1; n <= 12; n++ {
		for k := 0; k <= n; k++ {
			for s := 0; s <= 80; s++ {
				// By enumeration of every subset.
				want := 0
				var union uint64
				for m := 0; m < 1<<n; m++ {
					c, sum := 0, 0
					for d := 1; d <= n; d++ {
						if m&(1<<(d-1)) != 0 {
							c++
							sum += d
						}
					}
					if c == k && sum == s {
						want++
						union |= uint64(m)
					}
				}
				if got := comboCount(n, k, s); got != want {
					t.Fatalf("comboCount(%d, %d, %d) = %d, want %d", n, k, s, got, want)
				}
				if got := cageUnion(n, k, s); got != union {
					t.Fatalf("cageUnion(%d, %d, %d) = %b, want %b", n, k, s, got, union)
				}
				if k > 0 {
					if got := len(cageCombos(n, k, s)); got != want {
						t.Fatalf("cageCombos(%d, %d, %d): %d sets, want %d", n, k, s, got, want)
					}
				}
			}
		}
	}
}

// TestComboCountLarge checks comboCount and cageUnion on large sides
// against the sets cageCombos lists, where they number at most
// MaxCageSets, and the cap beyond.
func TestComboCountLarge(t *testing.T) {
	for _, n := range []int{16, 25, 36, 64} {
		for k := 1; k <= 5; k++ {
			lo, hi := sumRange(n, k)
			for s := lo - 1; s <= hi+1; s += 1 + (hi-lo)/40 {
				got := comboCount(n, k, s)
				if got > MaxCageSets {
					if got != MaxCageSets+1 {
						t.Fatalf("comboCount(%d, %d, %d) = %d, want the cap %d", n, k, s, got, MaxCageSets+1)
					}
					continue
				}
				sets := cageCombos(n, k, s)
				var union uint64
				for _, m := range sets {
					union |= m
				}
				if got != len(sets) || cageUnion(n, k, s) != union {
					t.Fatalf("n %d, %d digits, sum %d: comboCount %d, cageUnion %b; %d sets, union %b", n, k, s, got, cageUnion(n, k, s), len(sets), union)
				}
			}
		}
	}
	// Complements: the 60 of 64 digits adding up to 2080-10 leave out 4
	// digits adding up to 10: 1+2+3+4 only.
	if got := comboCount(64, 60, 2070); got != 1 {
		t.Errorf("60 digits of 64 adding up to 2070: %d sets, want 1", got)
	}
}

// TestConstraintSizes solves each constraint on every grid size from 4x4
// to 16x16: cages partitioning a random grid (sums from it), with and
// without its digits; thermometers along increasing paths of it; the
// chess and adjacency constraints on the empty grid. Every solution is
// checked by the brute-force oracle's rules.
func TestConstraintSizes(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rng := rand.New(rand.NewPCG(4, 16))
	shapes := []Shape{{2, 2}, {2, 3}, {2, 4}, {3, 3}, {3, 4}, {4, 4}}
	if testing.Short() {
		shapes = []Shape{{2, 2}, {2, 3}, {3, 3}, {4, 4}}
	}
	for _, sh := range shapes {
		sol := patternGrid(sh, rng)
		n := sh.N()
		v := randomConstraints(sol, nil, rng)
		v.AntiKing, v.AntiKnight, v.NonConsecutive = false, false, false
		var thermos [][]int
		for _, th := range v.Thermos {
			up := true
			for i := 1; i < len(th); i++ {
				up = up && sol.Cells[th[i]] > sol.Cells[th[i-1]]
			}
			if up {
				thermos = append(thermos, th)
			}
		}
		v.Thermos = thermos
		// Cages over the whole grid.
		v.Cages = nil
		taken := make([]bool, n*n)
		for _, c := range rng.Perm(n * n) {
			if taken[c] {
				continue
			}
			cells := []int{c}
			taken[c] = true
			for _, x := range []int{c + 1, c + n, c + n + 1} {
				if x < n*n && x%n >= c%n && !taken[x] && rng.IntN(2) == 0 && sol.Cells[x] != sol.Cells[c] {
					taken[x] = true
					cells = append(cells, x)
				}
			}
			if !distinctDigits(sol, cells) {
				for _, x := range cells[1:] {
					taken[x] = false
				}
				cells = cells[:1]
			}
			sum := 0
			for _, x := range cells {
				sum += int(sol.Cells[x])
			}
			v.Cages = append(v.Cages, Cage{Sum: sum, Cells: cells})
		}
		kinds := map[string]*Variant{
			"killer+thermos": v,
			"antiking":       {AntiKing: true},
			"antiknight":     {AntiKnight: true},
			"nonconsecutive": {NonConsecutive: true},
		}
		if n > 9 {
			// Seconds to a minute for the first solution of an empty
			// anti-knight grid this large (docs/variants.md).
			delete(kinds, "antiknight")
		}
		for name, kv := range kinds {
			g := NewGrid(sh, kv)
			// A seeded search, as a generator's: the first solution in
			// the fixed order can take seconds to reach on the empty
			// anti-knight grid (docs/variants.md).
			t0 := time.Now()
			out, err := NewSolver(Options{Seed: 3}).Solve(ctx, g)
			t.Logf("%dx%d %s: %v", n, n, name, time.Since(t0).Round(time.Microsecond))
			if errors.Is(err, ErrNoSolution) && name != "killer+thermos" && n <= 6 {
				continue // small grids may have none
			}
			if err != nil {
				t.Fatalf("%dx%d %s: %v", n, n, name, err)
			}
			if !bruteValid(g, out.Cells) {
				t.Fatalf("%dx%d %s: solution %v breaks a rule", n, n, name, out.Cells)
			}
		}
	}
}

// distinctDigits reports whether the cells of sol hold distinct digits.
func distinctDigits(sol *Grid, cells []int) bool {
	seen := map[uint8]bool{}
	for _, c := range cells {
		if seen[sol.Cells[c]] {
			return false
		}
		seen[sol.Cells[c]] = true
	}
	return true
}

// TestConstraintsReplaceDefault: a JSON object's constraints replace
// those of the default variant (ReadOptions.Variant) instead of adding to
// them: reading a killer back with its own variant as the default failed
// with "cell r1c1 already in cage 1".
func TestConstraintsReplaceDefault(t *testing.T) {
	in := `{"size":"2x2","puzzle":"1...............","cages":[{"sum":3,"cells":[0,1]}],"antiking":true}`
	g, _, err := ParseGrid(in, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	text, err := AppendGrid(nil, g, Format{Layout: JSON})
	if err != nil {
		t.Fatal(err)
	}
	for _, def := range []*Variant{g.Variant, {Name: "x", Cages: []Cage{{7, []int{2, 3}}}, NonConsecutive: true}} {
		g2, _, err := ParseGrid(string(text), ReadOptions{Shape: g.Shape, Variant: def})
		if err != nil {
			t.Fatalf("default %+v: %v", def, err)
		}
		if variantKey(g.Shape, g.Variant) != variantKey(g2.Shape, g2.Variant) {
			t.Fatalf("default %+v: read %+v, want %+v", def, g2.Variant, g.Variant)
		}
	}
	// Without constraints of its own, a puzzle takes the default's.
	def := &Variant{Cages: []Cage{{7, []int{2, 3}}}}
	g3, _, err := ParseGrid(`{"size":"2x2","puzzle":"1..............."}`, ReadOptions{Variant: def})
	if err != nil || g3.Variant != def {
		t.Fatalf("variant %+v, %v; want the default", g3.Variant, err)
	}
}
