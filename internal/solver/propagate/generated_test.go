package propagate

// Generated puzzles kept in testdata: a little-killer and an X-sum puzzle,
// each checked unique with the same solution by another solver.

import (
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readLittleKiller reads testdata/littlekiller.txt into a model, its
// givens and its solution.
func readLittleKiller(t testing.TB) (*Model, []uint8, string) {
	data, err := os.ReadFile("testdata/littlekiller.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := standard(9, 3, 3)
	var givens []uint8
	var sol string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch f[0] {
		case "givens":
			givens = parseDigits(f[1])
		case "solution":
			sol = f[1]
		case "sum":
			total, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			var cells []int
			for _, name := range f[2:] {
				c, err := parseCellName(name, 9)
				if err != nil {
					t.Fatal(err)
				}
				cells = append(cells, c)
			}
			m.Constraints = append(m.Constraints, Sum{Cells: cells, Min: total, Max: total})
		default:
			t.Fatalf("line %q", line)
		}
	}
	if len(givens) != 81 || len(sol) != 81 {
		t.Fatal("no givens or no solution")
	}
	return m, givens, sol
}

// TestLittleKiller counts the little-killer puzzle of testdata to 2:
// exactly its solution. It is the slowest instance of the package's
// tests (tens of thousands of nodes), so it stays out of -short.
func TestLittleKiller(t *testing.T) {
	if testing.Short() {
		t.Skip("tens of thousands of nodes")
	}
	m, givens, want := readLittleKiller(t)
	// the solution satisfies the clues, read here on their own
	for _, c := range m.Constraints {
		sum := c.(Sum)
		total := 0
		for _, cell := range sum.Cells {
			total += int(want[cell] - '0')
		}
		if total != sum.Min {
			t.Fatalf("the solution breaks clue %v", sum)
		}
	}
	s, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	sol := make([]uint8, 81)
	n, err := s.Count(context.Background(), givens, 2, sol)
	if err != nil || n != 1 {
		t.Fatalf("%d solutions, %v", n, err)
	}
	for i, d := range sol {
		if want[i] != '0'+d {
			t.Fatalf("solution differs at %s", cellName(i, 9))
		}
	}
	t.Logf("%d nodes", s.Nodes())
}

// readXSum reads testdata/xsum.txt into a model and its solution.
func readXSum(t testing.TB) (*Model, string) {
	data, err := os.ReadFile("testdata/xsum.txt")
	if err != nil {
		t.Fatal(err)
	}
	m := standard(9, 3, 3)
	var sol string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch f[0] {
		case "solution":
			sol = f[1]
		case "xsum":
			total, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			name := strings.TrimSuffix(f[2], "-")
			i, err := strconv.Atoi(name[1:])
			if err != nil || i < 1 || i > 9 {
				t.Fatalf("line %q", line)
			}
			var cells []int
			for j := range 9 {
				if name[0] == 'r' {
					cells = append(cells, (i-1)*9+j)
				} else {
					cells = append(cells, j*9+i-1)
				}
			}
			if strings.HasSuffix(f[2], "-") {
				slices.Reverse(cells)
			}
			m.Constraints = append(m.Constraints, XSum{Cells: cells, Sum: total})
		default:
			t.Fatalf("line %q", line)
		}
	}
	if len(sol) != 81 {
		t.Fatal("no solution")
	}
	return m, sol
}

// TestXSumPuzzle counts the X-sum puzzle of testdata to 2: exactly its
// solution (with the X-sum digit sets; the automaton alone needs some
// 145,000 nodes).
func TestXSumPuzzle(t *testing.T) {
	m, want := readXSum(t)
	s, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	sol := make([]uint8, 81)
	n, err := s.Count(context.Background(), nil, 2, sol)
	if err != nil || n != 1 {
		t.Fatalf("%d solutions, %v", n, err)
	}
	for i, d := range sol {
		if want[i] != '0'+d {
			t.Fatalf("solution differs at %s", cellName(i, 9))
		}
	}
	t.Logf("%d nodes", s.Nodes())
}
