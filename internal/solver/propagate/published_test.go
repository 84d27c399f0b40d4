package propagate

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestPublished counts each published puzzle of testdata/published to 2:
// exactly one solution, the published one where it is given, and one
// that keeps the givens. With -v it logs the nodes and time of each.
func TestPublished(t *testing.T) {
	var times []time.Duration
	for _, p := range readPublished(t) {
		t.Run(fmt.Sprint(p.line), func(t *testing.T) {
			f, err := readFpuzzles(p.text, cosmeticRules[p.line])
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			s, err := New(f.m)
			if err != nil {
				t.Fatal(err)
			}
			sol := make([]uint8, f.n*f.n)
			n, err := s.Count(context.Background(), f.givens, 2, sol)
			took := time.Since(start)
			times = append(times, took)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %d nodes, %.2f ms", p.name, s.Nodes(), float64(took.Microseconds())/1000)
			if n != 1 {
				t.Fatalf("%s: %d solutions, want 1", p.name, n)
			}
			for c, d := range f.givens {
				if d != 0 && sol[c] != d {
					t.Errorf("solution has %d at %s, the given is %d", sol[c], cellName(c, f.n), d)
				}
			}
			if p.solution != "" {
				got := make([]byte, len(sol))
				for i, d := range sol {
					got[i] = '0' + d
				}
				if string(got) != p.solution {
					t.Errorf("solution\n%s, published\n%s", got, p.solution)
				}
			}
		})
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	if len(times) > 0 {
		t.Logf("%d puzzles: median %v, max %v", len(times), times[len(times)/2], times[len(times)-1])
	}
}

// TestPublishedKillers counts the published killer puzzles that the
// sudoku package keeps (no givens; one a jigsaw) to 2: exactly the
// published solution.
func TestPublishedKillers(t *testing.T) {
	data, err := os.ReadFile("../../../sudoku/testdata/killer_published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var p struct {
			Name   string `json:"name"`
			Puzzle struct {
				Puzzle  string `json:"puzzle"`
				Regions string `json:"regions"`
				Cages   []struct {
					Sum   int   `json:"sum"`
					Cells []int `json:"cells"`
				} `json:"cages"`
			} `json:"puzzle"`
			Solution string `json:"solution"`
		}
		if err := json.Unmarshal([]byte(line), &p); err != nil {
			t.Fatal(err)
		}
		m := &Model{N: 9, Houses: append(Rows(9), Columns(9)...)}
		if p.Puzzle.Regions != "" {
			region := make([]int, 81)
			for i, ch := range p.Puzzle.Regions {
				region[i] = int(ch - '1')
			}
			m.Houses = append(m.Houses, Regions(region)...)
		} else {
			m.Houses = append(m.Houses, Boxes(9, 3, 3)...)
		}
		for _, c := range p.Puzzle.Cages {
			m.Constraints = append(m.Constraints, Cage{Cells: c.Cells, Sum: c.Sum})
		}
		s, err := New(m)
		if err != nil {
			t.Fatal(err)
		}
		sol := make([]uint8, 81)
		n, err := s.Count(context.Background(), parseDigits(p.Puzzle.Puzzle), 2, sol)
		if err != nil || n != 1 {
			t.Fatalf("%s: %d solutions, %v", p.Name, n, err)
		}
		t.Logf("%s: %d nodes", p.Name, s.Nodes())
		for i, d := range sol {
			if p.Solution[i] != '0'+d {
				t.Fatalf("%s: solution differs from the published one at %s", p.Name, cellName(i, 9))
			}
		}
	}
}
