package sudoku

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func gridOf(t testing.TB, s Shape, v *Variant, rows string) *Grid {
	t.Helper()
	g := NewGrid(s, v)
	i := 0
	for _, r := range rows {
		switch {
		case r == '.' || r == '0':
			i++
		case r >= '1' && r <= '9':
			g.Cells[i] = uint8(r - '0')
			i++
		case r >= 'A' && r <= 'Z':
			g.Cells[i] = uint8(r-'A') + 10
			i++
		}
	}
	if i != len(g.Cells) {
		t.Fatalf("gridOf: %d cells, want %d", i, len(g.Cells))
	}
	return g
}

func TestValid(t *testing.T) {
	for _, tc := range []struct {
		name  string
		shape Shape
		v     *Variant
		grid  string
		want  [][2]int
		text  string
	}{
		{"empty", Shape{2, 2}, nil, "................", nil, ""},
		{"row", Shape{2, 2}, nil, "1..1 ............", [][2]int{{0, 3}}, "r1c1 and r1c4 both 1"},
		{"column", Shape{2, 2}, nil, "2... .... .... 2...", [][2]int{{0, 12}}, "r1c1 and r4c1 both 2"},
		{"row and box once", Shape{2, 2}, nil, "33.. .... .... ....", [][2]int{{0, 1}}, "r1c1 and r1c2 both 3"},
		{"box", Shape{2, 3}, nil, "1..... .1.... ...... ...... ...... ......", [][2]int{{0, 7}}, "r1c1 and r2c2 both 1"},
		{"diagonal", Shape{2, 2}, Diagonal(Shape{2, 2}), "4... .... ..4. ....", [][2]int{{0, 10}}, "r1c1 and r3c3 both 4"},
		{"not diagonal", Shape{2, 2}, nil, "4... .... ..4. ....", nil, ""},
		{"two", Shape{2, 2}, nil, "1.1. 2... 2... ....", [][2]int{{0, 2}, {4, 8}}, "r1c1 and r1c3 both 1; r2c1 and r3c1 both 2"},
	} {
		g := gridOf(t, tc.shape, tc.v, tc.grid)
		got := Valid(g)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: Valid = %v, want %v", tc.name, got, tc.want)
		}
		ie := invalid(g)
		if (ie == nil) != (tc.want == nil) {
			t.Errorf("%s: invalid = %v", tc.name, ie)
			continue
		}
		if ie != nil {
			if !strings.HasSuffix(ie.Error(), tc.text) || !errors.Is(ie, ErrInvalid) {
				t.Errorf("%s: error %q, want suffix %q", tc.name, ie.Error(), tc.text)
			}
		}
	}
}
