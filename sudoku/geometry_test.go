package sudoku

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestGeometryErrors(t *testing.T) {
	jig := func(boxes [][]int) *Variant { return &Variant{Name: "jigsaw", Boxes: boxes} }
	rowsAsBoxes := make([][]int, 9)
	for r := range rowsAsBoxes {
		for c := range 9 {
			rowsAsBoxes[r] = append(rowsAsBoxes[r], r*9+c)
		}
	}
	overlap := slices.Clone(rowsAsBoxes)
	overlap[1] = rowsAsBoxes[0]
	for _, tc := range []struct {
		name string
		s    Shape
		v    *Variant
		want error
	}{
		{"negative box", Shape{-1, 3}, nil, ErrShape},
		{"zero rows", Shape{0, 3}, nil, ErrShape},
		{"65", Shape{5, 13}, nil, ErrShape},
		{"short extra", Standard, &Variant{Extra: [][]int{{0, 1, 2}}}, ErrVariant},
		{"extra out of range", Standard, &Variant{Extra: [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 81}}}, ErrVariant},
		{"extra repeats a cell", Standard, &Variant{Extra: [][]int{{0, 1, 2, 3, 4, 5, 6, 7, 7}}}, ErrVariant},
		{"8 jigsaw regions", Standard, jig(rowsAsBoxes[:8]), ErrVariant},
		{"jigsaw overlap", Standard, jig(overlap), ErrVariant},
		{"jigsaw rows", Standard, jig(rowsAsBoxes), nil},
		{"64x64", Shape{8, 8}, nil, nil},
		{"1x1", Shape{1, 1}, nil, nil},
	} {
		_, err := NewGeometry(tc.s, tc.v)
		if (tc.want == nil) != (err == nil) || (tc.want != nil && !errors.Is(err, tc.want)) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestGeometryHouses checks every geometry against the rules by
// coordinates: houses of N distinct cells, each cell in one row, column
// and box, its houses listed box first, and its peers exactly the cells
// that share a house with it.
func TestGeometryHouses(t *testing.T) {
	hyper := Hyper()
	jigsaw, err := Jigsaw(Standard, "111222333\n111222333\n111222333\n444555666\n444555666\n444555666\n777888999\n777888999\n777888999")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s Shape
		v *Variant
	}{
		{Standard, nil}, {Shape{2, 3}, nil}, {Shape{3, 2}, nil}, {Shape{4, 4}, nil}, {Shape{2, 5}, Diagonal(Shape{2, 5})},
		{Standard, hyper}, {Standard, Disjoint(Standard)}, {Standard, jigsaw}, {Shape{8, 8}, nil},
	} {
		g, err := NewGeometry(tc.s, tc.v)
		if err != nil {
			t.Fatal(err)
		}
		n, s := tc.s.N(), tc.s
		if g.N != n || g.Cells != n*n || len(g.Houses) != 3*n+len(variantExtra(tc.v)) {
			t.Fatalf("%v: N %d, cells %d, %d houses", s, g.N, g.Cells, len(g.Houses))
		}
		// inHouse[h][c]: by coordinates for rows, columns and boxes.
		in := func(h, c int) bool {
			r, col := c/n, c%n
			switch {
			case h < n:
				return r == h
			case h < 2*n:
				return col == h-n
			case h < 3*n && (tc.v == nil || tc.v.Boxes == nil):
				b := h - 2*n
				return r/s.BoxRows == b/s.BoxRows && col/s.BoxCols == b%s.BoxRows
			case h < 3*n:
				return slices.Contains(tc.v.Boxes[h-2*n], c)
			}
			return slices.Contains(tc.v.Extra[h-3*n], c)
		}
		for h, cells := range g.Houses {
			want := HouseKind(min(h/n, 3))
			if g.Kinds[h] != want || len(cells) != n {
				t.Fatalf("%v house %d: kind %d, %d cells", s, h, g.Kinds[h], len(cells))
			}
			for c := range g.Cells {
				if in(h, c) != slices.Contains(cells, c) {
					t.Fatalf("%v house %d: cell %d listed %v", s, h, c, slices.Contains(cells, c))
				}
			}
		}
		for c := range g.Cells {
			var want []int
			for h := range g.Houses {
				if in(h, c) {
					want = append(want, h)
				}
			}
			got := g.CellHouses[c]
			if got[0] != g.Box[c] || got[1] != g.Row[c] || got[2] != g.Col[c] || !slices.Equal(slices.Sorted(slices.Values(got)), want) {
				t.Fatalf("%v cell %d: houses %v, want %v box first", s, c, got, want)
			}
			var peers []int
			for d := range g.Cells {
				for _, h := range want {
					if d != c && in(h, d) {
						peers = append(peers, d)
						break
					}
				}
			}
			if !slices.Equal(slices.Sorted(slices.Values(g.Peers[c])), peers) {
				t.Fatalf("%v cell %d: peers %v, want %v", s, c, g.Peers[c], peers)
			}
		}
		if g.Plain() != (tc.v == nil) {
			t.Errorf("%v %v: Plain %v", s, tc.v, g.Plain())
		}
	}
}

func variantExtra(v *Variant) [][]int {
	if v == nil {
		return nil
	}
	return v.Extra
}

// TestGeometryCache: shapes without a variant share one geometry (up to
// 36x36); geometries with variant regions are never kept, however many
// distinct regions come.
func TestGeometryCache(t *testing.T) {
	size := func() int {
		k := 0
		standardGeoms.Range(func(any, any) bool { k++; return true })
		return k
	}
	a, _ := NewGeometry(Shape{4, 4}, nil)
	b, _ := NewGeometry(Shape{4, 4}, &Variant{Name: "standard"})
	if a != b {
		t.Error("16x16 geometry built twice")
	}
	before := size()
	rng := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		if _, err := NewGeometry(Shape{5, 5}, &Variant{Extra: [][]int{rng.Perm(625)[:25]}}); err != nil {
			t.Fatal(err)
		}
	}
	big1, _ := NewGeometry(Shape{8, 8}, nil)
	big2, _ := NewGeometry(Shape{8, 8}, nil)
	if after := size(); after != before || big1 == big2 {
		t.Errorf("cache grew from %d to %d entries (64x64 cached: %v)", before, after, big1 == big2)
	}
}

func TestDigitName(t *testing.T) {
	for _, tc := range []struct {
		f    Format
		d, n int
		want string
	}{
		{Format{}, 7, 9, "7"},
		{Format{}, 11, 16, "K"},
		{Format{Alphabet: "0123456789ABCDEF"}, 11, 16, "A"},
		{Format{Numbers: true}, 11, 16, "11"},
		{Format{}, 64, 64, "64"}, // no default alphabet above 62
		{Format{Alphabet: "123"}, 5, 9, "5"},
	} {
		if got := tc.f.DigitName(tc.d, tc.n); got != tc.want {
			t.Errorf("%+v DigitName(%d, %d) = %q, want %q", tc.f, tc.d, tc.n, got, tc.want)
		}
	}
}

func TestGeometryDigits(t *testing.T) {
	for _, tt := range []struct {
		s    Shape
		want uint64
	}{
		{Shape{BoxRows: 1, BoxCols: 1}, 1},
		{Shape{BoxRows: 2, BoxCols: 2}, 0xf},
		{Standard, 0x1ff},
		{Shape{BoxRows: 4, BoxCols: 8}, 0xffffffff},
		{Shape{BoxRows: 8, BoxCols: 8}, ^uint64(0)},
	} {
		g, err := NewGeometry(tt.s, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Digits(); got != tt.want {
			t.Errorf("%v: Digits() = %#x, want %#x", tt.s, got, tt.want)
		}
	}
}
