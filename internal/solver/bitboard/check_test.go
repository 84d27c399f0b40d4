package bitboard_test

import (
	"bufio"
	"os"
	"testing"
)

// readPuzzles reads up to max puzzles (max <= 0: all) from a file of
// 81-character lines, '.' or '0' for blanks; text after the grid is ignored.
func readPuzzles(t testing.TB, path string, max int) [][81]uint8 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][81]uint8
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if len(s) < 81 {
			continue
		}
		var p [81]uint8
		for i := range 81 {
			switch ch := s[i]; {
			case ch == '.' || ch == '0':
			case ch >= '1' && ch <= '9':
				p[i] = ch - '0'
			default:
				t.Fatalf("%s:%d:%d: unexpected %q", path, line, i+1, ch)
			}
		}
		out = append(out, p)
		if max > 0 && len(out) == max {
			break
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// validSolution reports whether sol is a full valid grid that keeps the
// givens of puzzle. It checks every row, column and box directly, without
// any table shared with the solvers.
func validSolution(puzzle, sol *[81]uint8) bool {
	for i := range 81 {
		if sol[i] < 1 || sol[i] > 9 || (puzzle[i] != 0 && puzzle[i] != sol[i]) {
			return false
		}
	}
	for u := range 9 {
		var row, col, box [10]bool
		for k := range 9 {
			r := sol[u*9+k]
			c := sol[k*9+u]
			b := sol[(u/3*3+k/3)*9+u%3*3+k%3]
			if row[r] || col[c] || box[b] {
				return false
			}
			row[r], col[c], box[b] = true, true, true
		}
	}
	return true
}
