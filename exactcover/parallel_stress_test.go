package exactcover

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestParallelLimitStress searches with a limit on several workers many
// times: each search must deliver exactly min(limit, total) distinct
// solutions. Workers that find solutions at the same moment as the one
// reaching the limit used to drop theirs.
func TestParallelLimitStress(t *testing.T) {
	p := queensProblem(t, 8)
	iterations := 300
	if testing.Short() {
		iterations = 100
	}
	for _, w := range []int{2, 4} {
		s := NewSolver(p)
		for i := range iterations {
			for _, lim := range []int64{1, 2, 5} {
				seen := map[string]bool{}
				for sol := range s.Solutions(context.Background(), Options{Limit: lim, Workers: w}) {
					k := slices.Clone(sol)
					slices.Sort(k)
					key := fmt.Sprint(k)
					if seen[key] {
						t.Fatalf("workers %d, limit %d, run %d: solution %v twice", w, lim, i, sol)
					}
					seen[key] = true
				}
				if err := s.Err(); err != nil || int64(len(seen)) != lim {
					t.Fatalf("workers %d, limit %d, run %d: %d solutions, err %v", w, lim, i, len(seen), err)
				}
				if st := s.Stats(); st.Solutions != lim {
					t.Fatalf("workers %d, limit %d, run %d: Stats().Solutions = %d", w, lim, i, st.Solutions)
				}
			}
			sol, err := s.Solve(context.Background(), Options{Workers: w})
			if err != nil || len(sol) != 8 {
				t.Fatalf("workers %d, run %d: Solve = %v, %v", w, i, sol, err)
			}
		}
	}
}
