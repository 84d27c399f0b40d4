package model

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/dlxkit/dlx/exactcover"
)

// MaxPentominoCells bounds the board area Pentomino accepts.
const MaxPentominoCells = 10000

// cell is a square of a board: a in 0..w-1, b in 0..h-1.
type cell struct{ a, b int }

// pentominoes are the twelve pieces in their base orientation, named by
// Conway's letters, in the order of the items.
var pentominoes = []struct {
	name  string
	cells []cell
}{
	{"F", []cell{{0, 1}, {0, 2}, {1, 0}, {1, 1}, {2, 1}}},
	{"I", []cell{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}}},
	{"L", []cell{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}}},
	{"N", []cell{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {1, 3}}},
	{"P", []cell{{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}}},
	{"T", []cell{{0, 0}, {0, 1}, {0, 2}, {1, 1}, {2, 1}}},
	{"U", []cell{{0, 0}, {0, 2}, {1, 0}, {1, 1}, {1, 2}}},
	{"V", []cell{{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}}},
	{"W", []cell{{0, 0}, {1, 0}, {1, 1}, {2, 1}, {2, 2}}},
	{"X", []cell{{0, 1}, {1, 0}, {1, 1}, {1, 2}, {2, 1}}},
	{"Y", []cell{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 1}}},
	{"Z", []cell{{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}}},
}

// normalize shifts a shape so that its smallest coordinates are 0 and
// sorts its cells.
func normalize(s []cell) []cell {
	a0, b0 := s[0].a, s[0].b
	for _, c := range s {
		a0, b0 = min(a0, c.a), min(b0, c.b)
	}
	out := make([]cell, len(s))
	for i, c := range s {
		out[i] = cell{c.a - a0, c.b - b0}
	}
	slices.SortFunc(out, func(x, y cell) int {
		if x.a != y.a {
			return x.a - y.a
		}
		return x.b - y.b
	})
	return out
}

// orientations returns the distinct orientations of a shape: the shape and
// its three quarter turns, then its mirror image and the mirror's three
// quarter turns, each kept only if not seen before.
func orientations(base []cell) [][]cell {
	var out [][]cell
	add := func(s []cell) {
		s = normalize(s)
		for _, o := range out {
			if slices.Equal(o, s) {
				return
			}
		}
		out = append(out, s)
	}
	turn := func(s []cell) []cell {
		t := make([]cell, len(s))
		for i, c := range s {
			t[i] = cell{c.b, -c.a}
		}
		return t
	}
	s := base
	for range 4 {
		add(s)
		s = turn(s)
	}
	s = make([]cell, len(base))
	for i, c := range base {
		s[i] = cell{c.a, -c.b}
	}
	for range 4 {
		add(s)
		s = turn(s)
	}
	return out
}

// Pentomino returns the problem of packing the twelve pentominoes into a
// w×h board, every piece used once and every cell covered.
//
// The primary items are the pieces F I L N P T U V W X Y Z, then the cells,
// named by two characters 0-9a-z (coordinate a from 0 to w-1, then b from 0
// to h-1; "a.b" in decimal on boards wider or taller than 36), a major. The
// options are every placement of every orientation of every piece ("F 01 02
// 10 11 21"); no symmetry is broken, so each packing is counted once per
// symmetry of the board (4 times on a rectangle). Only a board of 60 cells
// has solutions.
func Pentomino(w, h int) (*exactcover.Problem, error) {
	if w < 1 || h < 1 || w > MaxPentominoCells || h > MaxPentominoCells || w*h > MaxPentominoCells {
		return nil, fmt.Errorf("pentomino: board %dx%d out of range (at most %d cells)", w, h, MaxPentominoCells)
	}
	p := exactcover.NewProblem()
	for _, pc := range pentominoes {
		if _, err := p.AddItem(pc.name, false); err != nil {
			return nil, err
		}
	}
	first := len(pentominoes)
	for a := range w {
		for b := range h {
			name := strconv.Itoa(a) + "." + strconv.Itoa(b)
			if w <= 36 && h <= 36 {
				name = digit36[a:a+1] + digit36[b:b+1]
			}
			if _, err := p.AddItem(name, false); err != nil {
				return nil, err
			}
		}
	}
	items := make([]int, 6)
	for k, pc := range pentominoes {
		for _, o := range orientations(pc.cells) {
			ha, hb := 0, 0
			for _, c := range o {
				ha, hb = max(ha, c.a+1), max(hb, c.b+1)
			}
			for da := 0; da+ha <= w; da++ {
				for db := 0; db+hb <= h; db++ {
					items[0] = k
					for i, c := range o {
						items[i+1] = first + (c.a+da)*h + c.b + db
					}
					if _, err := p.AddOptionIndex(items, nil); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return p, nil
}
