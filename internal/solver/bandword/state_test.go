package bandword

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
)

// TestNakedSinglesClash makes two cells naked singles of the same digit,
// each digit in turn (placeSingles, at the root, has a block of code per
// digit; placeCells, in the search, finds the digit from bit planes), and
// checks that with Clash nakedSingles reports a contradiction exactly
// when they see each other (row, column or box, in one band or across
// bands), and that without Clash it places them.
func TestNakedSinglesClash(t *testing.T) {
	tests := []struct {
		name string
		a, b int // cells, row-major
		see  bool
	}{
		{"same minirow", 0, 1, true},
		{"same row, other box", 0, 8, true},
		{"same box, other row and column", 0, 10, true},
		{"same column, same band", 0, 18, true},
		{"same column, other band", 4, 76, true},
		{"same box, band 2", 60, 80, true},
		{"apart, same band", 0, 13, false},
		{"apart, other bands", 0, 40, false},
		{"apart, bands 1 and 2", 31, 66, false},
	}
	var empty [81]uint8
	for _, tc := range tests {
		for d := range 9 {
			for _, clash := range []bool{false, true} {
				var s Work
				if !s.Init(&empty) {
					t.Fatal("Init rejected the empty grid")
				}
				for _, i := range []int{tc.a, tc.b} {
					for e := range 9 { // only digit d+1 left in the cell
						if e != d {
							s.C[3*e+i/27] &^= 1 << (i % 27)
						}
					}
				}
				s.Clash = clash
				placed, ok := s.nakedSingles()
				if want := !(clash && tc.see); ok != want {
					t.Errorf("%s, digit %d, Clash %v: ok %v, want %v", tc.name, d+1, clash, ok, want)
				}
				if ok && !placed {
					t.Errorf("%s, digit %d, Clash %v: nothing placed", tc.name, d+1, clash)
				}
			}
		}
	}
}

// TestLightUnits removes one digit from every cell of a row, a box or a
// column of an empty grid and checks that the digit rules, full and
// light, report the contradiction (Propagate false), and that they find
// none in the grid left whole. Nothing else sees it: every cell keeps
// eight candidates, so the naked singles find no empty cell.
func TestLightUnits(t *testing.T) {
	var empty [81]uint8
	units := []struct {
		name  string
		cells func(i int) int // the unit's i-th cell, row-major
	}{
		{"none", nil},
		{"row 0", func(i int) int { return i }},
		{"row 4", func(i int) int { return 36 + i }},
		{"row 8", func(i int) int { return 72 + i }},
		{"box 0", func(i int) int { return i/3*9 + i%3 }},
		{"box 4", func(i int) int { return 30 + i/3*9 + i%3 }},
		{"box 8", func(i int) int { return 60 + i/3*9 + i%3 }},
		{"column 0", func(i int) int { return 9 * i }},
		{"column 7", func(i int) int { return 9*i + 7 }},
	}
	for _, u := range units {
		for _, d := range []int{0, 4, 8} {
			for _, light := range []bool{false, true} {
				var s Work
				if !s.Init(&empty) {
					t.Fatal("Init rejected the empty grid")
				}
				if u.cells != nil {
					for i := range 9 {
						c := u.cells(i)
						s.C[3*d+c/27] &^= 1 << (c % 27)
					}
				}
				s.Light = light
				if got, want := s.Propagate(), u.cells == nil; got != want {
					t.Errorf("%s without digit %d, Light %v: Propagate %v, want %v", u.name, d+1, light, got, want)
				}
			}
		}
	}
}

// checkPlaced checks the state of the empty grid after digit d was
// placed in cell i, against rows, columns and boxes computed here: the
// cell keeps only d, the cells that see it lose d, every other candidate
// stays, and only the cell is no longer unplaced.
func checkPlaced(t *testing.T, s *Work, d, i int, what string) {
	t.Helper()
	for e := range 9 {
		for j := range 81 {
			ri, rj, ci, cj := i/9, j/9, i%9, j%9
			sees := j != i && (ri == rj || ci == cj || (ri/3 == rj/3 && ci/3 == cj/3))
			want := (j == i && e == d) || (j != i && !(e == d && sees))
			if got := s.C[3*e+j/27]>>(j%27)&1 != 0; got != want {
				t.Fatalf("digit %d in cell %d%s: candidate %d of cell %d is %v, want %v", d+1, i, what, e+1, j, got, want)
			}
		}
	}
	if s.Unplaced() != 80 || s.Unsolved[i/27]>>(i%27)&1 != 0 {
		t.Fatalf("digit %d in cell %d%s: cell still unplaced or %d cells unplaced", d+1, i, what, s.Unplaced())
	}
}

// TestPlace places each digit in each cell of the empty grid and checks
// every candidate against the rows, columns and boxes computed here: the
// cell keeps only the digit, the cells that see it lose the digit, every
// other candidate stays.
func TestPlace(t *testing.T) {
	var empty [81]uint8
	for d := range 9 {
		for i := range 81 {
			var s Work
			if !s.Init(&empty) {
				t.Fatal("Init rejected the empty grid")
			}
			s.Place(d, i/27, 1<<(i%27))
			checkPlaced(t, &s, d, i, "")
		}
	}
}

// TestNakedSinglesLone makes one cell of the empty grid a naked single
// of each digit in turn and checks, with and without Clash (which place
// a lone single by different code), every candidate against the rows,
// columns and boxes computed here, and the unplaced cells.
func TestNakedSinglesLone(t *testing.T) {
	var empty [81]uint8
	for d := range 9 {
		for i := range 81 {
			for _, clash := range []bool{false, true} {
				var s Work
				if !s.Init(&empty) {
					t.Fatal("Init rejected the empty grid")
				}
				for e := range 9 {
					if e != d {
						s.C[3*e+i/27] &^= 1 << (i % 27)
					}
				}
				s.Clash = clash
				if placed, ok := s.nakedSingles(); !placed || !ok {
					t.Fatalf("digit %d in cell %d, Clash %v: placed %v, ok %v", d+1, i, clash, placed, ok)
				}
				checkPlaced(t, &s, d, i, fmt.Sprintf(", Clash %v", clash))
			}
		}
	}
}

// TestDigitLoneHidden makes one cell of the empty grid the only cell of
// its row with each digit in turn, and checks that the digit rules, full
// and light, with and without Clash (which place a lone hidden single by
// different code), place it (checkPlaced).
func TestDigitLoneHidden(t *testing.T) {
	var empty [81]uint8
	for d := range 9 {
		for i := range 81 {
			for _, light := range []bool{false, true} {
				for _, clash := range []bool{false, true} {
					var s Work
					if !s.Init(&empty) {
						t.Fatal("Init rejected the empty grid")
					}
					for j := i / 9 * 9; j < i/9*9+9; j++ {
						if j != i {
							s.C[3*d+j/27] &^= 1 << (j % 27)
						}
					}
					s.Light, s.Clash = light, clash
					what := fmt.Sprintf(", Light %v, Clash %v", light, clash)
					if changed, ok := s.digit(d); !changed || !ok {
						t.Fatalf("digit %d in cell %d%s: changed %v, ok %v", d+1, i, what, changed, ok)
					}
					checkPlaced(t, &s, d, i, what)
				}
			}
		}
	}
}

// TestInit checks Init on grids with clashing givens or values above 9
// (rejected), including pairs that straddle the eight-cell words Init
// reads and the last cell, which it reads alone, and on valid grids,
// whose every candidate and unplaced cell it checks against the rows,
// columns and boxes computed here.
func TestInit(t *testing.T) {
	set := func(cells ...int) [81]uint8 { // pairs: cell, value
		var p [81]uint8
		for k := 0; k < len(cells); k += 2 {
			p[cells[k]] = uint8(cells[k+1])
		}
		return p
	}
	r := rand.New(rand.NewPCG(11, 7))
	sparse := gridtest.Random(r)
	for i := range sparse {
		if r.IntN(3) != 0 {
			sparse[i] = 0
		}
	}
	full := gridtest.Random(r)
	oneBlank := full
	oneBlank[80] = 0
	tests := []struct {
		name   string
		puzzle [81]uint8
		ok     bool
	}{
		{"empty", [81]uint8{}, true},
		{"full", full, true},
		{"one blank, the last cell", oneBlank, true},
		{"a third of a grid", sparse, true},
		{"each digit once, apart", set(0, 1, 13, 2, 26, 3, 28, 4, 41, 5, 51, 6, 56, 7, 66, 8, 80, 9), true},
		{"same digit, apart in every unit", set(0, 9, 13, 9, 26, 9, 28, 9, 41, 9, 51, 9, 56, 9, 66, 9, 79, 9), true},
		{"row, same box", set(0, 7, 1, 7), false},
		{"row, other box", set(9, 3, 17, 3), false},
		{"row 8, across the last word", set(72, 5, 80, 5), false},
		{"row 7, across two words", set(63, 2, 64, 2), false},
		{"column, same band", set(0, 4, 18, 4), false},
		{"column, bands 0 and 2", set(4, 6, 76, 6), false},
		{"column, bands 1 and 2", set(35, 1, 71, 1), false},
		{"box, other row and column", set(0, 5, 10, 5), false},
		{"box, band 2", set(60, 9, 80, 9), false},
		{"box 4", set(30, 8, 50, 8), false},
		{"full, one cell changed", func() [81]uint8 { p := full; p[40] = p[41]; return p }(), false},
		{"value 10, first cell", set(0, 10), false},
		{"value 10, cell 70", set(70, 10), false},
		{"value 10, last cell", set(80, 10), false},
		{"value 15", set(33, 15), false},
		{"value 128", set(7, 128), false},
		{"value 255, last cell", set(80, 255), false},
		{"value 12 in a full grid", func() [81]uint8 { p := full; p[64] = 12; return p }(), false},
	}
	for _, tc := range tests {
		var s Work
		if ok := s.Init(&tc.puzzle); ok != tc.ok {
			t.Errorf("%s: Init %v, want %v", tc.name, ok, tc.ok)
			continue
		}
		if !tc.ok {
			continue
		}
		checkInit(t, tc.name, &tc.puzzle, &s)
	}
}

// checkInit checks the state s that Init set up for the valid puzzle p:
// the unplaced cells, and each cell's candidates (a given's digit alone;
// for a blank, every digit no given of a row, column or box of the cell
// has).
func checkInit(t *testing.T, name string, p *[81]uint8, s *Work) {
	t.Helper()
	for j := range 81 {
		if got, want := s.Unsolved[j/27]>>(j%27)&1 != 0, p[j] == 0; got != want {
			t.Errorf("%s: cell %d unplaced %v, want %v", name, j, got, want)
		}
		for e := uint8(1); e <= 9; e++ {
			want := p[j] == e
			if p[j] == 0 {
				want = true
				for i := range 81 {
					ri, rj, ci, cj := i/9, j/9, i%9, j%9
					if p[i] == e && (ri == rj || ci == cj || (ri/3 == rj/3 && ci/3 == cj/3)) {
						want = false
					}
				}
			}
			if got := s.C[3*int(e-1)+j/27]>>(j%27)&1 != 0; got != want {
				t.Errorf("%s: candidate %d of cell %d is %v, want %v", name, e, j, got, want)
			}
		}
	}
}

// TestInitEachCell runs Init on puzzles with one given, each value in
// each cell (Init reads the cells eight at a time, each word by code of
// its own), and with one value above 9 in each cell (10 and 255 match no
// digit in the bit planes, 17 and 145 match 1, 16 no given: only the
// range check rejects the last three), and on
// every pair of cells holding the same value (the value varies with the
// pair): the givens clash exactly when the cells share a row, column or
// box.
func TestInitEachCell(t *testing.T) {
	for i := range 81 {
		for v := uint8(1); v <= 9; v++ {
			var p [81]uint8
			p[i] = v
			var s Work
			name := fmt.Sprintf("value %d in cell %d", v, i)
			if !s.Init(&p) {
				t.Fatalf("%s: rejected", name)
			}
			checkInit(t, name, &p, &s)
		}
		for _, v := range []uint8{10, 16, 17, 145, 255} {
			var p [81]uint8
			p[i] = v
			var s Work
			if s.Init(&p) {
				t.Errorf("value %d in cell %d: accepted", v, i)
			}
		}
	}
	for i := range 81 {
		for j := i + 1; j < 81; j++ {
			var p [81]uint8
			v := uint8(1 + (7*i+j)%9)
			p[i], p[j] = v, v
			ri, rj, ci, cj := i/9, j/9, i%9, j%9
			want := !(ri == rj || ci == cj || (ri/3 == rj/3 && ci/3 == cj/3))
			var s Work
			if got := s.Init(&p); got != want {
				t.Fatalf("value %d in cells %d and %d: Init %v, want %v", v, i, j, got, want)
			}
		}
	}
}

// TestValid checks Valid on filled grids: valid ones, and grids broken
// in one kind of unit only (a Latin square whose boxes repeat digits, two
// rows of bands 0 and 1 swapped, two cells swapped in a row inside a box
// so that only columns break, and in a column inside a box so that only
// rows break), and a grid with a cell holding two digits and one holding
// none. (When rows, columns and the boxes of bands 0 and 1 hold every
// digit, so do the boxes of band 2: no grid breaks those alone.)
func TestValid(t *testing.T) {
	state := func(g *[81]uint8) *State {
		var s State
		for i, v := range g {
			if v != 0 {
				s.C[3*int(v-1)+i/27] |= 1 << (i % 27)
			}
		}
		return &s
	}
	r := rand.New(rand.NewPCG(3, 5))
	for range 20 {
		g := gridtest.Random(r)
		if !state(&g).Valid() {
			t.Fatalf("valid grid %v rejected", g)
		}
	}
	var latin [81]uint8
	for i := range latin {
		latin[i] = uint8((i/9+i%9)%9 + 1)
	}
	g := gridtest.Random(r)
	cols := g
	cols[3], cols[4] = cols[4], cols[3] // row 0, box 1: columns 3 and 4 break
	rows := g
	rows[40], rows[49] = rows[49], rows[40] // column 4, box 4: rows 4 and 5 break
	rows2 := g
	rows2[60], rows2[69] = rows2[69], rows2[60] // column 6, box 8: rows 6 and 7 break
	boxes := g                                  // rows 0 and 3 swapped: only the boxes of bands 0 and 1 break
	copy(boxes[0:9], g[27:36])
	copy(boxes[27:36], g[0:9])
	s := state(&g)
	s.C[3*int(g[80]-1)+2] &^= 1 << 26 // cell 80 empty
	s.C[3*int(g[80]-1)+2] |= 1 << 25  // cell 79 with two digits
	for _, tc := range []struct {
		name string
		s    *State
	}{
		{"Latin square, boxes broken", state(&latin)},
		{"boxes of bands 0 and 1 broken", state(&boxes)},
		{"columns broken", state(&cols)},
		{"rows broken", state(&rows)},
		{"rows of band 2 broken", state(&rows2)},
		{"a cell moved into another", s},
	} {
		if tc.s.Valid() {
			t.Errorf("%s: accepted", tc.name)
		}
	}
}

// TestValidSwaps compares Valid with a check of the 27 units of the grid
// on grids that break few digits, made from random grids by: every swap
// of two cells (in a column inside a box only the two digits' rows break,
// in a row inside a box only their columns); and every swap of a cycle of
// two rows (columns): the cells of rows r1 and r2 on a set of columns
// whose values are the same in both rows, exchanged, keep every row and
// column whole and break the boxes of the digits that change stack (or
// band), or none. Each kind of unit breaks alone in some grids, and some
// changed grids stay valid.
func TestValidSwaps(t *testing.T) {
	var kinds [8]int // by rows | cols<<1 | boxes<<2
	check := func(g *[81]uint8, what string) {
		t.Helper()
		var s State
		for i, v := range g {
			s.C[3*int(v-1)+i/27] |= 1 << (i % 27)
		}
		r, c, b := gridtest.BrokenUnits(g)
		k := 0
		if r {
			k |= 1
		}
		if c {
			k |= 2
		}
		if b {
			k |= 4
		}
		kinds[k]++
		if got, want := s.Valid(), k == 0; got != want {
			t.Fatalf("%s: Valid = %v, want %v (rows %v, columns %v, boxes %v): %v", what, got, want, r, c, b, g)
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	for range 3 {
		g := gridtest.Random(r)
		check(&g, "random grid")
		for i := range 81 {
			for j := i + 1; j < 81; j++ {
				h := g
				h[i], h[j] = h[j], h[i]
				check(&h, fmt.Sprintf("cells %d and %d swapped", i, j))
			}
		}
		pos := []int{0, 1, 2, 3, 4, 5, 6, 7, 8}
		row := func(r, k int) int { return 9*r + k }
		col := func(c, k int) int { return 9*k + c }
		for _, line := range []func(int, int) int{row, col} {
			for a := range 9 {
				for b := a + 1; b < 9; b++ {
					for k0 := range 9 {
						// The cycle through position k0: the value of
						// line b at k is in line a at the next position.
						h := g
						for k := k0; ; {
							v := g[line(b, k)]
							h[line(a, k)], h[line(b, k)] = v, g[line(a, k)]
							k = slices.IndexFunc(pos, func(j int) bool { return g[line(a, j)] == v })
							if k == k0 {
								break
							}
						}
						check(&h, fmt.Sprintf("cycle from %d of lines %d and %d swapped", k0, a, b))
					}
				}
			}
		}
	}
	if kinds[0] == 0 || kinds[1] == 0 || kinds[2] == 0 || kinds[4] == 0 {
		t.Errorf("grids valid / with only rows, columns, boxes broken: %d, %d, %d, %d; want some of each", kinds[0], kinds[1], kinds[2], kinds[4])
	}
}

// TestTriadSearchFixedPoint follows a few triad searches (the first
// branch of every guess down to a contradiction or a solution, and the
// second branch of each) and checks that every propagation that left
// cells unplaced stopped at a fixed point of all the rules: no naked
// single, no digit whose rules change anything, no triad rule to apply.
// In the triad search a propagation opens with the digit rules (s.open);
// this fails when it stops without having run the naked singles.
func TestTriadSearchFixedPoint(t *testing.T) {
	puzzles := []string{
		"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
		"98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
		"98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
	}
	checked := 0
	check := func(s *Work, where string) {
		t.Helper()
		if s.Unsolved == [3]uint32{} {
			return
		}
		checked++
		n := *s
		n.open = false
		if placed, ok := n.nakedSingles(); placed || !ok {
			t.Errorf("%s: naked singles left (placed %v, ok %v)", where, placed, ok)
		}
		for d := range 9 {
			g := *s
			g.Seen[3*d] = 1 << 30
			if changed, ok := g.digit(d); changed || !ok {
				t.Errorf("%s: the rules of digit %d change the state (changed %v, ok %v)", where, d+1, changed, ok)
			}
		}
		tr := *s
		if changed, ok := tr.triads(); changed || !ok {
			t.Errorf("%s: triad rules left (changed %v, ok %v)", where, changed, ok)
		}
	}
	for _, p := range puzzles {
		grid := gridtest.Parse81(t, p)
		var s Work
		if !s.Init(&grid) || !s.Propagate() {
			t.Fatalf("%.20s...: no solution at the root", p)
		}
		s.Triads, s.Clash = true, true
		if !s.Propagate() {
			t.Fatalf("%.20s...: no solution at the root", p)
		}
		check(&s, p[:20]+" root")
		var stack [MaxTriadDepth]TriadFrame
		var br Triad
		for sp := 0; s.Unsolved != [3]uint32{} && s.Choose(&br); sp++ {
			s.GuessTriad(&stack[sp], &br)
			ok := s.Propagate()
			if ok {
				check(&s, fmt.Sprintf("%.20s guess %d, first branch", p, sp))
			}
			// The second branch, then back to the first to go deeper.
			first := s
			s.BackTriad(&stack[sp])
			if s.Propagate() {
				check(&s, fmt.Sprintf("%.20s guess %d, second branch", p, sp))
			}
			if !ok {
				break
			}
			s = first
		}
	}
	t.Logf("%d states checked", checked)
	if checked < 10 {
		t.Errorf("only %d states checked", checked)
	}
}

// TestCount9 checks count9, written out as a chain of adders, against
// the count of each bit taken word by word: nine all-ones words (9 in
// every bit, the carry into bit 3 from the last two words), and random
// words, dense ones (each bit set with probability 7/8) included.
func TestCount9(t *testing.T) {
	var full [9]uint64
	for i := range full {
		full[i] = ^uint64(0)
	}
	cases := [][9]uint64{full, {}}
	r := rand.New(rand.NewPCG(11, 9))
	for i := range 3000 {
		var x [9]uint64
		for j := range x {
			x[j] = r.Uint64()
			if i%2 == 0 {
				x[j] |= r.Uint64() | r.Uint64()
			}
		}
		cases = append(cases, x)
	}
	for _, x := range cases {
		n := count9(&x)
		for b := range 64 {
			want := 0
			for _, v := range x {
				want += int(v >> b & 1)
			}
			got := int(n[0]>>b&1) | int(n[1]>>b&1)<<1 | int(n[2]>>b&1)<<2 | int(n[3]>>b&1)<<3
			if got != want {
				t.Fatalf("count9(%x), bit %d: %d, want %d", x, b, got, want)
			}
		}
	}
}

// TestColumns checks columns (a digit's columns held once, and exactly
// once) and stackIndex with MatchStack (the stacks' matchings in digit)
// against bit-by-bit counts on random band words, sparse and dense.
func TestColumns(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 5))
	for i := range 20000 {
		var w [3]uint32
		for b := range w {
			w[b] = r.Uint32() & All
			for range i % 4 { // sparser words: fewer cells per column
				w[b] &= r.Uint32()
			}
		}
		var wantOnce, wantLone uint32
		for c := range 9 {
			n := 0
			for b := range 3 {
				for row := range 3 {
					n += int(w[b] >> (9*row + c) & 1)
				}
			}
			if n >= 1 {
				wantOnce |= 1 << c
			}
			if n == 1 {
				wantLone |= 1 << c
			}
		}
		if once, lone := columns(w[0]|w[1]|w[2], w[0]&w[1]|w[2]&(w[0]|w[1])); once != wantOnce || lone != wantLone {
			t.Fatalf("columns(%#x, %#x, %#x) = %#x, %#x, want %#x, %#x", w[0], w[1], w[2], once, lone, wantOnce, wantLone)
		}
		// The stacks: the column-by-band matrix of stack k (bit 3b+j:
		// band b has column 3k+j), and the columns a perfect matching of
		// bands to columns can use (matched), in g's layout.
		g := Fold(w[0]) | Fold(w[1])<<9 | Fold(w[2])<<18
		a := stacks(g)
		var want uint32
		for k := range 3 {
			var m uint32
			for b := range 3 {
				for j := range 3 {
					m |= (g >> (9*b + 3*k + j) & 1) << (3*b + j)
				}
			}
			if got := stackIndex(g >> (3 * k)); got != m {
				t.Fatalf("stackIndex(%#x>>%d) = %#x, want %#x", g, 3*k, got, m)
			}
			for b := range 3 {
				for j := range 3 {
					want |= matched(m) >> (3*b + j) & 1 << (9*b + 3*k + j)
				}
			}
		}
		if a != want {
			t.Fatalf("stacks of %#x: MatchStack gives %#x, want %#x", g, a, want)
		}
	}
}

// TestPropagateChangedDigits marks each word of a state at a fixed point
// changed in turn (Seen differs from C in one bit, a low one or the bit
// 30 that Init uses) and checks that Propagate runs the digit rules on
// that word's digit (they set its Seen back to C) and changes nothing
// else: Propagate's mask of changed digits sees every word.
func TestPropagateChangedDigits(t *testing.T) {
	grid := gridtest.Parse81(t, "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6")
	var s Work
	if !s.Init(&grid) || !s.Propagate() {
		t.Fatal("no solution at the root")
	}
	for k := range 27 {
		for _, bit := range []uint32{1, 1 << 30} {
			g := s
			g.Seen[k] ^= bit
			if !g.Propagate() {
				t.Fatalf("word %d, bit %#x: contradiction", k, bit)
			}
			if g.Seen != s.C || g.State != s.State {
				t.Errorf("word %d (digit %d), bit %#x: Seen[%d] = %#x, C[%d] = %#x after Propagate (state changed: %v)",
					k, k/3+1, bit, k, g.Seen[k], k, g.C[k], g.State != s.State)
			}
		}
	}
}

// TestForced checks forced against the triads counted group by group:
// a minirow is forced when it is the only one of its row, a minicolumn
// when it is the only one of its stack in its band.
func TestForced(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 11))
	for i := range 20000 {
		x := r.Uint64()
		for range i % 3 {
			x &= r.Uint64() | r.Uint64()
		}
		x &= tAll
		var want uint64
		for b := range 3 {
			for row := range 3 {
				var n, last int
				for k := range 3 {
					if bit := 3*(3*row+k) + b; x>>bit&1 != 0 {
						n, last = n+1, bit
					}
				}
				if n == 1 {
					want |= 1 << last
				}
			}
			for k := range 3 {
				var n, last int
				for j := range 3 {
					if bit := tHi + 9*b + 3*k + j; x>>bit&1 != 0 {
						n, last = n+1, bit
					}
				}
				if n == 1 {
					want |= 1 << last
				}
			}
		}
		if got := forced(x); got != want {
			t.Fatalf("forced(%#x) = %#x, want %#x", x, got, want)
		}
	}
}

// TestDigitMatchingFixedPoint gives one digit random candidates on an
// empty grid and checks that the words digit leaves in Seen (its words
// after the matching, before the hidden singles) are a fixed point of the
// matchings: every row-box pair of a band and every band-column pair of a
// stack that holds a candidate belongs to a perfect matching (a
// permutation covering three pairs that all hold one), checked here pair
// by pair. It fails when the matching loop stops after two passes.
func TestDigitMatchingFixedPoint(t *testing.T) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	// matched reports whether every pair (i, j) with has(i, j) is in a
	// permutation whose three pairs all have has.
	matched := func(has func(i, j int) bool) bool {
		for i := range 3 {
			for j := range 3 {
				if !has(i, j) {
					continue
				}
				in := false
				for _, p := range perms {
					if p[i] == j && has(0, p[0]) && has(1, p[1]) && has(2, p[2]) {
						in = true
					}
				}
				if !in {
					return false
				}
			}
		}
		return true
	}
	r := rand.New(rand.NewPCG(7, 1))
	var empty [81]uint8
	runs, passes := 0, 0
	for range 20000 {
		var s Work
		if !s.Init(&empty) {
			t.Fatal("Init rejected the empty grid")
		}
		d := r.IntN(9)
		for b := range 3 {
			s.C[3*d+b] = r.Uint32() & r.Uint32() & All
		}
		before := [3]uint32{s.C[3*d], s.C[3*d+1], s.C[3*d+2]}
		if _, ok := s.digit(d); !ok {
			continue
		}
		runs++
		w := [3]uint32{s.Seen[3*d], s.Seen[3*d+1], s.Seen[3*d+2]}
		if w != before {
			passes++
		}
		for b := range 3 {
			// Rows of the band by boxes.
			if !matched(func(row, k int) bool { return w[b]>>(9*row+3*k)&7 != 0 }) {
				t.Fatalf("digit %d, words %#x: band %d of %#x not matched", d+1, before, b, w)
			}
			// Bands by the columns of stack b.
			if !matched(func(band, j int) bool { return Fold(w[band])>>(3*b+j)&1 != 0 }) {
				t.Fatalf("digit %d, words %#x: stack %d of %#x not matched", d+1, before, b, w)
			}
		}
	}
	if runs < 1000 || passes < 100 {
		t.Errorf("%d states without a contradiction, %d changed by the matching", runs, passes)
	}
}

// TestMinKey checks minKey (Choose's branch-free minimum) against the
// builtin min on equal, adjacent and random keys up to and over none.
func TestMinKey(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	pairs := [][2]int{{0, 0}, {0, 1}, {1, 0}, {none, 0}, {0, none}, {none + 27<<3, none}, {1 << 31, 1<<31 - 1}}
	for range 10000 {
		pairs = append(pairs, [2]int{r.IntN(1 << 32), r.IntN(1 << 32)}, [2]int{r.IntN(300), r.IntN(300)})
	}
	for _, p := range pairs {
		if got, want := minKey(p[0], p[1]), min(p[0], p[1]); got != want {
			t.Fatalf("minKey(%d, %d) = %d, want %d", p[0], p[1], got, want)
		}
	}
}

// TestBoxMatrixLoneRows checks BoxMatrix and LoneRows (tables per row of
// the band word) against the cells of random band words taken one by
// one, and LoneUnits: the lone cells, and above them the boxes the word
// touches (bits 27-29), an empty row (bit 31) and the columns (bits
// 32-40), which the light rules check.
func TestBoxMatrixLoneRows(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	for i := range 20000 {
		w := r.Uint32() & All
		for range i % 5 {
			w &= r.Uint32()
		}
		var m, lone uint32
		var units uint64 // LoneUnits above the lone cells
		for row := range 3 {
			n := 0
			for c := range 9 {
				if w>>(9*row+c)&1 != 0 {
					m |= 1 << (3*row + c/3)
					units |= 1<<(27+c/3) | 1<<(32+c)
					n++
				}
			}
			if n == 1 {
				lone |= w & (0x1FF << (9 * row))
			}
			if n == 0 {
				units |= 1 << 31
			}
		}
		if got := BoxMatrix(w); got != m {
			t.Fatalf("BoxMatrix(%#x) = %#x, want %#x", w, got, m)
		}
		if got := LoneRows(w); got != lone {
			t.Fatalf("LoneRows(%#x) = %#x, want %#x", w, got, lone)
		}
		if got, want := LoneUnits(w), uint64(lone)|units; got != want {
			t.Fatalf("LoneUnits(%#x) = %#x, want %#x", w, got, want)
		}
	}
}

// TestLightRandom runs the light rules (digit with Light) on random words
// of one digit, sparse enough that rows, boxes and columns run empty,
// against a check of the 27 units and of the rows cell by cell: a
// contradiction exactly when some unit of the digit has no cell, else a
// change exactly when an unplaced cell is alone in its row, and then
// that cell keeps only the digit.
func TestLightRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 17))
	var outcomes [3]int // contradictions, changes, no change
	for i := range 10000 {
		var s Work
		for k := range s.C {
			s.C[k] = r.Uint32() & All
		}
		d := r.IntN(9)
		for b := range 3 {
			var w uint32
			for row := range 3 {
				x := r.Uint32() & 0x1FF // a random row
				switch r.IntN(40) {
				case 0: // empty
					x = 0
				case 1, 2, 3, 4, 5, 6, 7, 8, 9, 10: // one cell
					x = 1 << r.IntN(9)
				case 11, 12, 13, 14, 15, 16: // sparse
					x &= r.Uint32()
				}
				w |= x << (9 * row)
			}
			s.C[3*d+b] = w
			s.Unsolved[b] = r.Uint32() & All
		}
		s.Light, s.Clash = true, i%2 == 0
		has := func(cell int) bool { return s.C[3*d+cell/27]>>(cell%27)&1 != 0 }
		wantOK := true
		var lone []int
		for u := range 9 {
			var row, col, box []int
			for k := range 9 {
				row = append(row, 9*u+k)
				col = append(col, 9*k+u)
				box = append(box, 27*(u/3)+9*(k/3)+3*(u%3)+k%3)
			}
			for _, unit := range [][]int{row, col, box} {
				n := 0
				for _, c := range unit {
					if has(c) {
						n++
					}
				}
				wantOK = wantOK && n > 0
			}
			n, last := 0, 0
			for _, c := range row {
				if has(c) {
					n, last = n+1, c
				}
			}
			if n == 1 && s.Unsolved[last/27]>>(last%27)&1 != 0 {
				lone = append(lone, last)
			}
		}
		before := s
		changed, ok := s.digit(d)
		if ok != wantOK {
			t.Fatalf("case %d, digit %d, words %#x: ok %v, want %v", i, d+1, before.C[3*d:3*d+3], ok, wantOK)
		}
		if !ok {
			outcomes[0]++
			continue
		}
		if changed {
			outcomes[1]++
		} else {
			outcomes[2]++
		}
		if changed != (len(lone) > 0) {
			t.Fatalf("case %d, digit %d, words %#x, unsolved %#x: changed %v, lone cells %v", i, d+1, before.C[3*d:3*d+3], before.Unsolved, changed, lone)
		}
		if !changed && s.C != before.C {
			t.Fatalf("case %d, digit %d: candidates changed without a change reported", i, d+1)
		}
		for _, c := range lone {
			for e := range 9 {
				if got := s.C[3*e+c/27]>>(c%27)&1 != 0; got != (e == d) {
					t.Fatalf("case %d, digit %d, lone cell %d: candidate %d is %v", i, d+1, c, e+1, got)
				}
			}
		}
	}
	if min(outcomes[0], outcomes[1], outcomes[2]) < 1000 {
		t.Fatalf("contradictions, changes, no changes: %v, want 1,000 of each", outcomes)
	}
	if testing.Verbose() {
		t.Logf("contradictions, changes, no changes: %v", outcomes)
	}
}

// matched returns the pairs (bit 3r+k) of the 3x3 matrix m that belong
// to some perfect matching of its rows to its columns, trying the six.
func matched(m uint32) uint32 {
	var keep uint32
	for a := range 3 {
		for b := range 3 {
			for c := range 3 {
				if pm := uint32(1)<<a | 1<<(3+b) | 1<<(6+c); a != b && b != c && a != c && m&pm == pm {
					keep |= pm
				}
			}
		}
	}
	return keep
}
