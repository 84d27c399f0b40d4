package logic

import (
	"fmt"
	"slices"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// emptyBoard9 returns an empty 9x9 board where every cell has every
// candidate; tests then shape the candidates by hand.
func emptyBoard9(t *testing.T) *board {
	t.Helper()
	g, err := geomOf(sudoku.NewGrid(sudoku.Standard, nil))
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBoard(g, make([]uint8, 81))
	if err != nil {
		t.Fatal(err)
	}
	b.verbose = true
	return b
}

// rc is the index of the cell at row r, column c (1-based).
func rc(r, c int) int { return (r-1)*9 + c - 1 }

// only keeps digit d in row r at the given columns.
func onlyInRow(b *board, d, r int, cols ...int) {
	for c := 1; c <= 9; c++ {
		if !slices.Contains(cols, c) {
			b.cand[rc(r, c)] &^= dbit(d)
		}
	}
}

func set(b *board, cell int, ds ...int) {
	b.cand[cell] = 0
	for _, d := range ds {
		b.cand[cell] |= dbit(d)
	}
}

func cands(cells []int, d int) []Candidate {
	var cs []Candidate
	for _, c := range cells {
		cs = append(cs, Candidate{c, d})
	}
	return cs
}

func rowCells(r int, cols ...int) []int {
	var cs []int
	for _, c := range cols {
		cs = append(cs, rc(r, c))
	}
	return cs
}

func colCells(c int, rows ...int) []int {
	var cs []int
	for _, r := range rows {
		cs = append(cs, rc(r, c))
	}
	return cs
}

func sortCands(cs []Candidate) []Candidate {
	cs = slices.Clone(cs)
	slices.SortFunc(cs, func(a, b Candidate) int {
		if a.Cell != b.Cell {
			return a.Cell - b.Cell
		}
		return a.Digit - b.Digit
	})
	return cs
}

// TestTechniques checks each technique on a hand-made candidate grid where
// the conclusion was worked out by hand (comments give the reasoning).
func TestTechniques(t *testing.T) {
	tests := []struct {
		name       string
		setup      func(b *board)
		find       func(b *board) *Step
		technique  string
		placements []Placement
		elims      []Candidate
	}{
		{
			name: "hidden single in a box",
			// 5 removed from box 1 except r2c2: it must go there.
			setup: func(b *board) {
				for r := 1; r <= 3; r++ {
					for c := 1; c <= 3; c++ {
						if r != 2 || c != 2 {
							b.cand[rc(r, c)] &^= dbit(5)
						}
					}
				}
			},
			find:       hiddenSingles,
			technique:  "Hidden Single",
			placements: []Placement{{rc(2, 2), 5}},
		},
		{
			name:       "naked single",
			setup:      func(b *board) { set(b, rc(5, 5), 7) },
			find:       nakedSingle,
			technique:  "Naked Single",
			placements: []Placement{{rc(5, 5), 7}},
		},
		{
			name: "pointing",
			// In box 1 the 3 is only in r1c1 and r1c2, so it leaves the rest of row 1.
			setup: func(b *board) {
				for _, c := range []int{rc(1, 3), rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)} {
					b.cand[c] &^= dbit(3)
				}
			},
			find:      func(b *board) *Step { return lockedCandidates(b, true, false) },
			technique: "Pointing",
			elims:     cands(rowCells(1, 4, 5, 6, 7, 8, 9), 3),
		},
		{
			name: "claiming",
			// In row 1 the 4 is only in box 1, so it leaves rows 2 and 3 of box 1.
			setup:     func(b *board) { onlyInRow(b, 4, 1, 1, 2, 3) },
			find:      func(b *board) *Step { return lockedCandidates(b, false, false) },
			technique: "Claiming",
			elims:     cands(append(rowCells(2, 1, 2, 3), rowCells(3, 1, 2, 3)...), 4),
		},
		{
			name: "naked pair",
			// r1c1 and r1c5 hold only 1 and 2: no other cell of row 1 can.
			// (Two cells of one box would be found in the box first, as
			// SE scans boxes before rows.)
			setup:     func(b *board) { set(b, rc(1, 1), 1, 2); set(b, rc(1, 5), 1, 2) },
			find:      func(b *board) *Step { return nakedSubset(b, 2) },
			technique: "Naked Pair",
			elims:     append(cands(rowCells(1, 2, 3, 4, 6, 7, 8, 9), 1), cands(rowCells(1, 2, 3, 4, 6, 7, 8, 9), 2)...),
		},
		{
			name: "hidden pair",
			// In row 5, 6 and 7 fit only in r5c1 and r5c9: those cells hold nothing else.
			setup:     func(b *board) { onlyInRow(b, 6, 5, 1, 9); onlyInRow(b, 7, 5, 1, 9) },
			find:      func(b *board) *Step { return hiddenSubset(b, 2, false) },
			technique: "Hidden Pair",
			elims: func() []Candidate {
				var cs []Candidate
				for _, d := range []int{1, 2, 3, 4, 5, 8, 9} {
					cs = append(cs, Candidate{rc(5, 1), d}, Candidate{rc(5, 9), d})
				}
				return cs
			}(),
		},
		{
			name: "x-wing",
			// Rows 2 and 6 have their 5 only in columns 3 and 7.
			setup:     func(b *board) { onlyInRow(b, 5, 2, 3, 7); onlyInRow(b, 5, 6, 3, 7) },
			find:      func(b *board) *Step { return fish(b, 2) },
			technique: "X-Wing",
			elims:     cands(append(colCells(3, 1, 3, 4, 5, 7, 8, 9), colCells(7, 1, 3, 4, 5, 7, 8, 9)...), 5),
		},
		{
			name: "swordfish",
			// Rows 1, 4, 7 have their 8 only in columns 2, 5, 8.
			setup: func(b *board) {
				onlyInRow(b, 8, 1, 2, 5)
				onlyInRow(b, 8, 4, 5, 8)
				onlyInRow(b, 8, 7, 2, 8)
			},
			find:      func(b *board) *Step { return fish(b, 3) },
			technique: "Swordfish",
			elims: cands(slices.Concat(colCells(2, 2, 3, 5, 6, 8, 9), colCells(5, 2, 3, 5, 6, 8, 9),
				colCells(8, 2, 3, 5, 6, 8, 9)), 8),
		},
		{
			name: "xy-wing",
			// Pivot r5c5 {1,2}; r5c1 {1,3} and r1c5 {2,3}: one of the pincers is 3,
			// so r1c1, which sees both, is not 3.
			setup: func(b *board) {
				set(b, rc(5, 5), 1, 2)
				set(b, rc(5, 1), 1, 3)
				set(b, rc(1, 5), 2, 3)
			},
			find:      func(b *board) *Step { return xyWing(b, false) },
			technique: "XY-Wing",
			elims:     []Candidate{{rc(1, 1), 3}},
		},
		{
			name: "xyz-wing",
			// Pivot r5c5 {1,2,3}, r5c4 {1,3}, r2c5 {2,3}: one of the three is 3;
			// r4c5 and r6c5 see all three.
			setup: func(b *board) {
				set(b, rc(5, 5), 1, 2, 3)
				set(b, rc(5, 4), 1, 3)
				set(b, rc(2, 5), 2, 3)
			},
			find:      func(b *board) *Step { return xyWing(b, true) },
			technique: "XYZ-Wing",
			elims:     []Candidate{{rc(4, 5), 3}, {rc(6, 5), 3}},
		},
		{
			name: "skyscraper",
			// The 9 of row 1 is in r1c1 or r1c5, the 9 of row 6 in r6c1 or r6c6;
			// r1c1 and r6c1 are not both 9, so r1c5 or r6c6 is: the cells that
			// see both lose their 9.
			setup:     func(b *board) { onlyInRow(b, 9, 1, 1, 5); onlyInRow(b, 9, 6, 1, 6) },
			find:      func(b *board) *Step { return turbotFish(b, rSkyscraper) },
			technique: "Skyscraper",
			elims:     cands([]int{rc(2, 6), rc(3, 6), rc(4, 5), rc(5, 5)}, 9),
		},
		{
			name: "unique rectangle type 1",
			// r1c1, r1c2, r4c1 are {1,2}; were r4c2 1 or 2 the digits could swap.
			setup: func(b *board) {
				set(b, rc(1, 1), 1, 2)
				set(b, rc(1, 2), 1, 2)
				set(b, rc(4, 1), 1, 2)
				set(b, rc(4, 2), 1, 2, 5)
			},
			find:      uniqueLoop,
			technique: "Unique Rectangle Type 1",
			elims:     []Candidate{{rc(4, 2), 1}, {rc(4, 2), 2}},
		},
		{
			name: "w-wing",
			// r1c1 and r9c9 are {4,6}; the 4 of row 5 is in r5c1 or r5c9. If
			// neither end cell were 6 both would be 4 and row 5 would have no
			// 4: so r1c9 and r9c1 lose their 6.
			setup: func(b *board) {
				set(b, rc(1, 1), 4, 6)
				set(b, rc(9, 9), 4, 6)
				onlyInRow(b, 4, 5, 1, 9)
			},
			find:      wWing,
			technique: "W-Wing",
			elims:     []Candidate{{rc(1, 9), 6}, {rc(9, 1), 6}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := emptyBoard9(t)
			tt.setup(b)
			s := tt.find(b)
			if s == nil {
				t.Fatal("not found")
			}
			if s.Technique != tt.technique {
				t.Errorf("technique %q, want %q", s.Technique, tt.technique)
			}
			if !slices.Equal(s.Placements, tt.placements) {
				t.Errorf("placements %v, want %v", s.Placements, tt.placements)
			}
			if got, want := sortCands(s.Eliminations), sortCands(tt.elims); !slices.Equal(got, want) {
				t.Errorf("eliminations\n%v, want\n%v", got, want)
			}
			if s.Explanation == "" {
				t.Error("no explanation")
			}
			t.Log(s)
		})
	}
}

func TestLengthBonus(t *testing.T) {
	// Sudoku Explainer adds 0.1 each time the chain passes 4, 6, 8, 12,
	// 16, 24, ... nodes beyond the first two.
	for _, tc := range []struct {
		complexity int
		want       float64
	}{{2, 0}, {6, 0}, {7, 0.1}, {8, 0.1}, {9, 0.2}, {10, 0.2}, {11, 0.3}, {14, 0.3}, {15, 0.4}, {18, 0.4}, {19, 0.5}, {27, 0.6}} {
		if got := lengthBonus(tc.complexity); fmt.Sprintf("%.1f", got) != fmt.Sprintf("%.1f", tc.want) {
			t.Errorf("lengthBonus(%d) = %.1f, want %.1f", tc.complexity, got, tc.want)
		}
	}
}
