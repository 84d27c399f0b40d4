package sudoku

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
)

// regionsPartitionOrCover checks that each region has n distinct cells.
func checkRegions(t *testing.T, name string, regs [][]int, n int) {
	t.Helper()
	for i, r := range regs {
		if len(r) != n {
			t.Fatalf("%s: region %d has %d cells, want %d", name, i, len(r), n)
		}
		s := slices.Clone(r)
		slices.Sort(s)
		if len(slices.Compact(s)) != n || s[0] < 0 || s[len(s)-1] >= n*n {
			t.Fatalf("%s: region %d = %v is not %d distinct cells", name, i, r, n)
		}
	}
}

func TestVariantConstructors(t *testing.T) {
	d := Diagonal(Standard)
	checkRegions(t, "diagonal", d.Extra, 9)
	if !slices.Equal(d.Extra[0], []int{0, 10, 20, 30, 40, 50, 60, 70, 80}) ||
		!slices.Equal(d.Extra[1], []int{8, 16, 24, 32, 40, 48, 56, 64, 72}) {
		t.Errorf("diagonals: %v", d.Extra)
	}
	h := Hyper()
	checkRegions(t, "hyper", h.Extra, 9)
	if len(h.Extra) != 4 || !slices.Equal(h.Extra[0], []int{10, 11, 12, 19, 20, 21, 28, 29, 30}) ||
		!slices.Equal(h.Extra[3], []int{50, 51, 52, 59, 60, 61, 68, 69, 70}) {
		t.Errorf("hyper: %v", h.Extra)
	}
	for _, s := range []Shape{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {3, 4}, {4, 4}} {
		dj := Disjoint(s)
		n := s.N()
		checkRegions(t, "disjoint", dj.Extra, n)
		if len(dj.Extra) != n {
			t.Fatalf("disjoint %v: %d regions", s, len(dj.Extra))
		}
		// Every cell in exactly one group; a group has one cell per box.
		seen := make([]int, n*n)
		for _, r := range dj.Extra {
			for _, c := range r {
				seen[c]++
			}
		}
		for c, k := range seen {
			if k != 1 {
				t.Fatalf("disjoint %v: cell %d in %d groups", s, c, k)
			}
		}
		if _, err := newLayout(context.Background(), s, dj); err != nil {
			t.Fatalf("disjoint %v: %v", s, err)
		}
	}
	// The group of r1c1 in 9x9, by hand.
	if got := Disjoint(Standard).Extra[0]; !slices.Equal(got, []int{0, 3, 6, 27, 30, 33, 54, 57, 60}) {
		t.Errorf("disjoint group 1: %v", got)
	}
}

func TestVariantByName(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape Shape
		extra int
		err   string
	}{
		{"standard", Standard, 0, ""},
		{"", Shape{2, 3}, 0, ""},
		{"diagonal", Shape{2, 3}, 2, ""},
		{"X", Standard, 2, ""},
		{"hyper", Standard, 4, ""},
		{"hyper", Shape{4, 4}, 0, "variant hyper needs the 9x9 grid"},
		{"disjoint", Shape{3, 4}, 12, ""},
		{"jigsaw", Standard, 0, "needs a region map"},
		{"killer", Standard, 0, `unknown variant "killer"`},
	} {
		v, err := VariantByName(tc.name, tc.shape)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrVariant) {
				t.Errorf("VariantByName(%q, %v): err %v, want %q wrapping ErrVariant", tc.name, tc.shape, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("VariantByName(%q): %v", tc.name, err)
			continue
		}
		got := 0
		if v != nil {
			got = len(v.Extra)
		}
		if got != tc.extra {
			t.Errorf("VariantByName(%q, %v): %d extra regions, want %d", tc.name, tc.shape, got, tc.extra)
		}
	}
}

const jigsaw6 = `
# a 6x6 jigsaw
AAABBB
AACCBB
ACCDDB
EECDDF
EECDFF
EEDFFF
`

func TestJigsaw(t *testing.T) {
	v, err := Jigsaw(Shape{2, 3}, jigsaw6)
	if err != nil {
		t.Fatal(err)
	}
	checkRegions(t, "jigsaw6", v.Boxes, 6)
	if !slices.Equal(v.Boxes[0], []int{0, 1, 2, 6, 7, 12}) {
		t.Errorf("region A: %v", v.Boxes[0])
	}
	// Fields form, and one-line form, give the same regions.
	v2, err := Jigsaw(Shape{2, 2}, "1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n")
	if err != nil {
		t.Fatal(err)
	}
	v3, err := Jigsaw(Shape{2, 2}, "aabbaabbccddccdd")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(v2.Boxes, v3.Boxes, slices.Equal) || !slices.Equal(v2.Boxes[3], []int{10, 11, 14, 15}) {
		t.Errorf("fields %v, one line %v", v2.Boxes, v3.Boxes)
	}
	// Multi-character fields for big grids.
	var b strings.Builder
	for r := range 16 {
		for c := range 16 {
			if c > 0 {
				b.WriteByte(' ')
			}
			b.WriteString([]string{"10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25"}[(r/4)*4+c/4])
		}
		b.WriteByte('\n')
	}
	v4, err := Jigsaw(Shape{4, 4}, b.String())
	if err != nil {
		t.Fatal(err)
	}
	checkRegions(t, "jigsaw16", v4.Boxes, 16)

	for _, tc := range []struct {
		shape Shape
		m     string
		err   string
	}{
		{Shape{2, 2}, "aabb\naabb\nccdd\nccd", "line 4: 15 symbols, want 16"},
		{Shape{2, 2}, "aabb\naabb\nccdd\nccdde", "line 4, column 5: more than 16 symbols"},
		{Shape{2, 2}, "aabb\naabb\nccdd\ncede", "line 4, column 2: region \"e\" is region number 5, want 4 regions"},
		{Shape{2, 2}, "aaab\naabb\nccdd\nccdd", "line 2, column 2: region \"a\" has more than 4 cells"},
		{Shape{2, 2}, "aaaa\nbbbb\naaaa\nbbbb", "line 3, column 1: region \"a\" has more than 4 cells"},
		{Shape{2, 2}, "a b c\n", "line 1: 3 symbols"},
	} {
		_, err := Jigsaw(tc.shape, tc.m)
		if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrVariant) {
			t.Errorf("Jigsaw(%q): err %v, want %q", tc.m, err, tc.err)
		}
	}
}

func TestUnitsRejectBadVariants(t *testing.T) {
	for _, tc := range []struct {
		v   *Variant
		err string
	}{
		{&Variant{Extra: [][]int{{0, 1, 2}}}, "extra region 1: 3 cells, want 4"},
		{&Variant{Extra: [][]int{{0, 1, 2, 16}}}, "cell index 16 out of range"},
		{&Variant{Extra: [][]int{{0, 1, 2, 2}}}, "cell r1c3 listed twice"},
		{&Variant{Boxes: [][]int{{0, 1, 2, 3}}}, "1 boxes, want 4"},
		{&Variant{Boxes: [][]int{{0, 1, 2, 3}, {0, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15}}}, "box 2: cell r1c1 already in another box"},
	} {
		_, err := newLayout(context.Background(), Shape{2, 2}, tc.v)
		if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.Is(err, ErrVariant) {
			t.Errorf("%v: err %v, want %q", tc.v, err, tc.err)
		}
	}
	if _, err := newLayout(context.Background(), Shape{9, 9}, nil); !errors.Is(err, ErrShape) {
		t.Errorf("81x81: %v, want ErrShape", err)
	}
}
