package bitboard_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/solver/dfs"
	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
	"github.com/dlxkit/dlx/sudoku"
)

// uniqueFiles are the shared puzzle files whose puzzles all have exactly
// one solution, with how many puzzles the slower DFS baseline and
// exact-cover solver check (0: all). The fast solver checks them all.
var uniqueFiles = []struct {
	name           string
	dfsMax, dlxMax int
}{
	{"test1000", 200, 0},
	{"top95.txt", 0, 0},
	{"hardest.txt", 0, 0},
	{"p096_sudoku.txt", 0, 0},
	{"sudoku_small.txt", 0, 2000},
	{"se_rated_sample.txt", 1000, 1000},
	{"puzzles2_17_clue", 100, 1000},
	{"puzzles_17_clue_49151", 100, 1000},
	{"puzzles5_forum_hardest_1905_11+", 50, 300},
}

func toGrid(p *[81]uint8) *sudoku.Grid {
	g := sudoku.NewGrid(sudoku.Standard, nil)
	copy(g.Cells, p[:])
	return g
}

// TestFiles solves every puzzle of the files with a unique solution: the
// fast solver must count exactly 1 (limit 2) with a valid solution, the
// DFS baseline and the exact-cover solver must give the same solution.
func TestFiles(t *testing.T) {
	ctx := context.Background()
	for _, f := range uniqueFiles {
		t.Run(f.name, func(t *testing.T) {
			ps := gridtest.ReadPuzzles81(t, shareddata.Path(t, "data/"+f.name), 0)
			var s bitboard.Solver
			dlx := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
			var g int
			for i := range ps {
				var sol, ref [81]uint8
				n, guesses := s.Count(&ps[i], 2, &sol)
				g += guesses
				if n != 1 {
					t.Fatalf("puzzle %d: fast count %d, want 1", i+1, n)
				}
				if !validSolution(&ps[i], &sol) {
					t.Fatalf("puzzle %d: fast solution %v is not valid", i+1, sol)
				}
				// The search for one solution may take the other mode.
				var one [81]uint8
				if n, _ := s.Count(&ps[i], 1, &one); n != 1 || one != sol {
					t.Fatalf("puzzle %d: limit 1: count %d solution %v, limit 2: %v", i+1, n, one, sol)
				}
				if f.dfsMax == 0 || i < f.dfsMax {
					if n, _ := dfs.Count(&ps[i], 2, &ref); n != 1 || ref != sol {
						t.Fatalf("puzzle %d: dfs count %d solution %v, fast %v", i+1, n, ref, sol)
					}
				}
				if f.dlxMax == 0 || i < f.dlxMax {
					d, err := dlx.Solve(ctx, toGrid(&ps[i]))
					if err != nil || string(d.Cells) != string(sol[:]) {
						t.Fatalf("puzzle %d: dlx solution %v (error %v), fast %v", i+1, d, err, sol)
					}
				}
			}
			t.Logf("%d puzzles, %.2f guesses per puzzle (limit 2)", len(ps), float64(g)/float64(len(ps)))
		})
	}
}

// TestSerg counts the solutions of Serg's benchmark, whose puzzles all
// have two or more, with the solver in each of its modes and the DFS and
// exact-cover solvers.
func TestSerg(t *testing.T) {
	ps := gridtest.ReadPuzzles81(t, shareddata.Path(t, "data/puzzles7_serg_benchmark"), 0)
	var s bitboard.Solver
	all := modes()
	forced := all[1:]
	dlx := sudoku.NewSolver(sudoku.Options{Method: sudoku.DLX})
	for i := range ps {
		var sol [81]uint8
		n, _ := s.Count(&ps[i], 2, &sol)
		if n != 2 || !validSolution(&ps[i], &sol) {
			t.Fatalf("puzzle %d: fast count %d, want 2 (solution %v valid: %v)", i+1, n, sol, validSolution(&ps[i], &sol))
		}
		if m, _ := dfs.Count(&ps[i], 2, nil); m != n {
			t.Fatalf("puzzle %d: dfs count %d, fast %d", i+1, m, n)
		}
		var one [81]uint8
		if m, _ := s.Count(&ps[i], 1, &one); m != 1 || !validSolution(&ps[i], &one) {
			t.Fatalf("puzzle %d: limit 1: fast count %d (solution %v valid: %v)", i+1, m, one, validSolution(&ps[i], &one))
		}
		// Every mode, whichever the solver chose for the file.
		for k, f := range forced {
			if m, _ := f.Count(&ps[i], 2, nil); m != n {
				t.Fatalf("puzzle %d: fast count %d, %d when forced to mode %d", i+1, n, m, k+1)
			}
		}
		if i < 2000 {
			if m, err := dlx.Count(context.Background(), toGrid(&ps[i]), 2); m != n || err != nil {
				t.Fatalf("puzzle %d: dlx count %d (error %v), fast %d", i+1, m, err, n)
			}
		}
	}
}

func TestKnown(t *testing.T) {
	empty := ""
	for range 81 {
		empty += "."
	}
	full := gridtest.Solution
	twoSevens := "77" + empty[2:]                    // clash in a row
	colClash := "5" + empty[1:9] + "5" + empty[10:]  // clash in a column
	boxClash := "5" + empty[1:10] + "5" + empty[11:] // clash in a box
	// Row 1 lacks only 5 and 6, and column 1 already holds both lower
	// down: r1c1 has no candidate. No solution, no clash.
	noSol := "..3478912" + "5........" + "6........" + empty[27:]
	for _, tc := range []struct {
		name   string
		puzzle string
		limit  int
		want   int
	}{
		{"empty limit 1", empty, 1, 1},
		{"empty limit 0 means 1", empty, 0, 1},
		{"empty limit 2", empty, 2, 2},
		{"empty limit 1000", empty, 1000, 1000},
		{"full grid", full, 2, 1},
		{"row clash", twoSevens, 2, 0},
		{"column clash", colClash, 2, 0},
		{"box clash", boxClash, 2, 0},
		{"no solution", noSol, 2, 0},
		{"one blank", "." + full[1:], 2, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s bitboard.Solver
			var sol [81]uint8
			pz := gridtest.Parse81(t, tc.puzzle)
			p := &pz
			n, _ := s.Count(p, tc.limit, &sol)
			if n != tc.want {
				t.Fatalf("count %d, want %d", n, tc.want)
			}
			if n > 0 && !validSolution(p, &sol) {
				t.Fatalf("solution %v not valid", sol)
			}
			if m, _ := dfs.Count(p, tc.limit, nil); m != n {
				t.Fatalf("dfs counts %d, fast %d", m, n)
			}
		})
	}
	var s bitboard.Solver
	badGrid := gridtest.Parse81(t, gridtest.Solution)
	bad := &badGrid
	bad[40] = 10
	if n, _ := s.Count(bad, 2, nil); n != 0 {
		t.Errorf("value 10: count %d, want 0", n)
	}
	if n, _ := dfs.Count(bad, 2, nil); n != 0 {
		t.Errorf("value 10: dfs count %d, want 0", n)
	}
}

func ExampleSolver_Count() {
	const line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	var puzzle [81]uint8 // row-major, 0 for a blank
	for i := range puzzle {
		if c := line[i]; c != '.' {
			puzzle[i] = c - '0'
		}
	}
	var s bitboard.Solver
	var solution [81]uint8
	n, guesses := s.Count(&puzzle, 2, &solution)
	fmt.Println(n, guesses)
	for r := range 9 {
		fmt.Println(solution[9*r : 9*r+9])
	}
	// Output:
	// 1 0
	// [5 3 4 6 7 8 9 1 2]
	// [6 7 2 1 9 5 3 4 8]
	// [1 9 8 3 4 2 5 6 7]
	// [8 5 9 7 6 1 4 2 3]
	// [4 2 6 8 5 3 7 9 1]
	// [7 1 3 9 2 4 8 5 6]
	// [9 6 1 5 3 7 2 8 4]
	// [2 8 7 4 1 9 6 3 5]
	// [3 4 5 2 8 6 1 7 9]
}
