package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestGenerateKiller asks for killers of each size the page offers and
// checks each reply against its own solution, cage by cage: no givens,
// the cages partition the grid, and the solution's digits in each cage
// are distinct and add up to its sum. Bad requests get 400.
func TestGenerateKiller(t *testing.T) {
	ts := startServer(t, Config{Timeout: time.Minute})
	for _, c := range []struct {
		size string
		n    int
	}{{"4", 4}, {"6", 6}, {"9", 9}} {
		for seed := 1; seed <= 3; seed++ {
			url := fmt.Sprintf("%s/api/generate?variant=killer&size=%s&seed=%d", ts.url, c.size, seed)
			code, _, m := call(t, "GET", url, "")
			if code != http.StatusOK {
				t.Fatalf("%s: status %d, reply %v", url, code, m)
			}
			var rep struct {
				Puzzle, Solution, Variant string
				Givens                    int
				Seed                      int
				Cages                     []struct {
					Sum   int   `json:"sum"`
					Cells []int `json:"cells"`
				}
			}
			b, _ := json.Marshal(m)
			if err := json.Unmarshal(b, &rep); err != nil {
				t.Fatal(err)
			}
			n := c.n
			if rep.Variant != "killer" || rep.Givens != 0 || rep.Seed != seed || rep.Puzzle != strings.Repeat(".", n*n) || len(rep.Solution) != n*n {
				t.Fatalf("%s: reply %v", url, m)
			}
			seen := make([]bool, n*n)
			for _, cg := range rep.Cages {
				sum, digits := 0, map[byte]bool{}
				for _, i := range cg.Cells {
					if i < 0 || i >= n*n || seen[i] {
						t.Fatalf("%s: cage %v: cell %d outside the grid or in two cages", url, cg, i)
					}
					seen[i] = true
					d := rep.Solution[i]
					if digits[d] {
						t.Errorf("%s: cage %v repeats %c in the solution", url, cg, d)
					}
					digits[d] = true
					sum += int(d - '0')
				}
				if sum != cg.Sum {
					t.Errorf("%s: cage %v: the solution adds up to %d", url, cg, sum)
				}
			}
			for i, ok := range seen {
				if !ok {
					t.Errorf("%s: cell %d is in no cage", url, i)
				}
			}
		}
	}
	if code, _, m := call(t, "GET", ts.url+"/api/generate?variant=killer&seed=x", ""); code != http.StatusBadRequest {
		t.Errorf("bad seed: status %d, reply %v", code, m)
	}
}
