package bitboard_test

import (
	"testing"

	"github.com/dlxkit/dlx/internal/bitboard"
	"github.com/dlxkit/dlx/internal/dfs"
	"github.com/dlxkit/dlx/internal/shareddata"
)

// uniqueFiles are the shared puzzle files whose puzzles all have exactly
// one solution, with how many puzzles the slow DFS baseline checks (0: all).
var uniqueFiles = []struct {
	name   string
	dfsMax int
}{
	{"test1000", 200},
	{"top95.txt", 0},
	{"hardest.txt", 0},
	{"p096_sudoku.txt", 0},
	{"sudoku_small.txt", 0},
	{"puzzles2_17_clue", 100},
	{"puzzles_17_clue_49151", 100},
	{"puzzles5_forum_hardest_1905_11+", 50},
}

func TestFilesFastVsDFS(t *testing.T) {
	for _, f := range uniqueFiles {
		t.Run(f.name, func(t *testing.T) {
			ps := readPuzzles(t, shareddata.Path(t, "data/"+f.name), 0)
			var s bitboard.Solver
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
				if f.dfsMax > 0 && i >= f.dfsMax {
					continue
				}
				if n, _ := dfs.Count(&ps[i], 2, &ref); n != 1 || ref != sol {
					t.Fatalf("puzzle %d: dfs count %d solution %v, fast %v", i+1, n, ref, sol)
				}
			}
			t.Logf("%d puzzles, %.2f guesses per puzzle (limit 2)", len(ps), float64(g)/float64(len(ps)))
		})
	}
}
