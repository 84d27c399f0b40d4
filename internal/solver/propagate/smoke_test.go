package propagate

import (
	"context"
	"testing"
)

func standard(n, br, bc int) *Model {
	var h [][]int
	h = append(h, Rows(n)...)
	h = append(h, Columns(n)...)
	h = append(h, Boxes(n, br, bc)...)
	return &Model{N: n, Houses: h}
}

func TestSmoke(t *testing.T) {
	s, err := New(standard(4, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.Count(context.Background(), nil, 1000, nil)
	t.Log(n, err, s.Nodes())
	s, _ = New(standard(9, 3, 3))
	g := []uint8{}
	for _, ch := range "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" {
		if ch == '.' {
			g = append(g, 0)
		} else {
			g = append(g, uint8(ch-'0'))
		}
	}
	n, err = s.Count(context.Background(), g, 2, nil)
	t.Log(n, err, s.Nodes())
}
