package exactcover

import (
	"fmt"
	"testing"
)

// queensProblem builds the n-queens problem: primary items for rows and
// columns, secondary items for the diagonals; option r*n+c puts a queen on
// row r, column c.
func queensProblem(tb testing.TB, n int) *Problem {
	tb.Helper()
	p := NewProblem()
	must := func(_ int, err error) {
		if err != nil {
			tb.Fatal(err)
		}
	}
	for i := range n {
		must(p.AddItem(fmt.Sprintf("r%d", i), false))
		must(p.AddItem(fmt.Sprintf("c%d", i), false))
	}
	for i := range 2*n - 1 {
		must(p.AddItem(fmt.Sprintf("a%d", i), true))
		must(p.AddItem(fmt.Sprintf("b%d", i), true))
	}
	for r := range n {
		for c := range n {
			must(p.AddOption(fmt.Sprintf("r%d", r), fmt.Sprintf("c%d", c),
				fmt.Sprintf("a%d", r+c), fmt.Sprintf("b%d", r-c+n-1)))
		}
	}
	return p
}

// sudokuProblem builds the exact cover problem of the empty 9x9 Sudoku:
// option r*81+c*9+d puts digit d+1 in row r, column c.
func sudokuProblem(tb testing.TB) *Problem {
	tb.Helper()
	p := NewProblem()
	for _, kind := range []string{"p", "r", "c", "b"} {
		for i := range 9 {
			for j := range 9 {
				if _, err := p.AddItem(fmt.Sprintf("%s%d%d", kind, i, j), false); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	items := make([]int, 4)
	for r := range 9 {
		for c := range 9 {
			for d := range 9 {
				b := r/3*3 + c/3
				items[0] = r*9 + c
				items[1] = 81 + r*9 + d
				items[2] = 162 + c*9 + d
				items[3] = 243 + b*9 + d
				if _, err := p.AddOptionIndex(items, nil); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	return p
}

// chooseGivens chooses the options of the givens of an 81-character
// puzzle ('1'-'9' givens, anything else blank).
func chooseGivens(s *Solver, puzzle string) error {
	for i := range 81 {
		if ch := puzzle[i]; ch >= '1' && ch <= '9' {
			if err := s.Choose(i*9 + int(ch-'1')); err != nil {
				return err
			}
		}
	}
	return nil
}

// pentominoProblem builds the problem of placing the 12 pentominoes in a
// w x h box (as Knuth's pento6x10.dlx does, though with other item and
// option orders).
func pentominoProblem(tb testing.TB, w, h int) *Problem {
	tb.Helper()
	shapes := map[string][]string{
		"F": {".##", "##.", ".#."}, "I": {"#####"}, "L": {"####", "#..."},
		"N": {"##..", ".###"}, "P": {"##", "##", "#."}, "T": {"###", ".#.", ".#."},
		"U": {"#.#", "###"}, "V": {"#..", "#..", "###"}, "W": {"#..", "##.", ".##"},
		"X": {".#.", "###", ".#."}, "Y": {"####", ".#.."}, "Z": {"##.", ".#.", ".##"},
	}
	names := []string{"F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"}
	p := NewProblem()
	for _, n := range names {
		if _, err := p.AddItem(n, false); err != nil {
			tb.Fatal(err)
		}
	}
	for y := range h {
		for x := range w {
			if _, err := p.AddItem(fmt.Sprintf("%d.%d", y, x), false); err != nil {
				tb.Fatal(err)
			}
		}
	}
	type cell struct{ y, x int }
	for _, n := range names {
		var base []cell
		for y, row := range shapes[n] {
			for x, ch := range row {
				if ch == '#' {
					base = append(base, cell{y, x})
				}
			}
		}
		seen := map[string]bool{}
		cells := base
		for k := range 8 { // 4 rotations, then mirrored
			if k == 4 {
				cells = make([]cell, len(base))
				for i, c := range base {
					cells[i] = cell{c.y, -c.x}
				}
			} else if k > 0 {
				next := make([]cell, len(cells))
				for i, c := range cells {
					next[i] = cell{c.x, -c.y}
				}
				cells = next
			}
			// Normalize: shift to the origin, sort for the key.
			miny, minx := 1<<30, 1<<30
			for _, c := range cells {
				miny, minx = min(miny, c.y), min(minx, c.x)
			}
			norm := make([]cell, len(cells))
			grid := [5][5]bool{}
			for i, c := range cells {
				norm[i] = cell{c.y - miny, c.x - minx}
				grid[norm[i].y][norm[i].x] = true
			}
			key := fmt.Sprint(grid)
			if seen[key] {
				continue
			}
			seen[key] = true
			for dy := range h {
				for dx := range w {
					opt := []string{n}
					ok := true
					for _, c := range norm {
						y, x := c.y+dy, c.x+dx
						if y >= h || x >= w {
							ok = false
							break
						}
						opt = append(opt, fmt.Sprintf("%d.%d", y, x))
					}
					if ok {
						if _, err := p.AddOption(opt...); err != nil {
							tb.Fatal(err)
						}
					}
				}
			}
		}
	}
	return p
}
