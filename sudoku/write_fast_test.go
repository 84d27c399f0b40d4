package sudoku

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// TestAppendDigits81 checks the eight-cells-at-a-time path of AppendGrid
// for filled 9x9 grids against a cell-by-cell rendering, on random grids
// with blanks, values 1-9 and values over 9 at every position.
func TestAppendDigits81(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	_, f, err := ParseGrid(".................................................................................", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for trial := range 5000 {
		g := &Grid{Shape: Shape{BoxRows: 3, BoxCols: 3}, Cells: make([]uint8, 81)}
		for i := range g.Cells {
			g.Cells[i] = uint8(1 + r.IntN(9))
		}
		switch trial % 4 {
		case 1:
			g.Cells[r.IntN(81)] = 0
		case 2:
			g.Cells[r.IntN(81)] = uint8(10 + r.IntN(246))
		case 3:
			g.Cells[80] = uint8(r.IntN(2) * 10)
		}
		want := make([]byte, 0, 82)
		bad := false
		for _, v := range g.Cells {
			switch {
			case v == 0:
				want = append(want, '.')
			case v > 9:
				bad = true
			default:
				want = append(want, '0'+v)
			}
		}
		want = append(want, '\n')
		got, err := AppendGrid([]byte("x"), g, f)
		if bad {
			if !errors.Is(err, ErrGrid) {
				t.Fatalf("trial %d: cells %v: err %v, want ErrGrid", trial, g.Cells, err)
			}
			continue
		}
		if err != nil || string(got) != "x"+string(want) {
			t.Fatalf("trial %d: got %q, %v; want %q", trial, got, err, "x"+string(want))
		}
	}
}
