package exactcover

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// expectedEstimate enumerates every root-to-leaf path that sample can
// walk below the solver's state, each with its probability (the inverse
// product of the degrees on it), and returns the expected value of the
// estimates and the number of paths. Paths are enumerated like an
// odometer: a script fixes the choices of the first levels, the levels
// below take option 0, and the next script advances the deepest choice
// that has options left.
func expectedEstimate(t *testing.T, s *Solver) (exp [3]float64, paths int) {
	t.Helper()
	var script, degrees []int32
	for {
		degrees = degrees[:0]
		pick := func(level int, deg int32) int32 {
			if level != len(degrees) {
				t.Fatalf("pick at level %d after %d levels", level, len(degrees))
			}
			degrees = append(degrees, deg)
			if level < len(script) {
				return script[level]
			}
			return 0
		}
		est, depth := s.linked().sample(pick)
		paths++
		if depth < len(degrees) {
			t.Fatalf("path of %d levels picked at %d", depth, len(degrees))
		}
		prob := 1.0
		for _, d := range degrees {
			prob /= float64(d)
		}
		for k := range exp {
			exp[k] += prob * est[k]
		}
		// The choices of the path just walked (the script, then 0 below
		// it), then the next script.
		full := make([]int32, len(degrees))
		copy(full, script)
		i := len(full) - 1
		for i >= 0 && full[i]+1 >= degrees[i] {
			i--
		}
		if i < 0 {
			return exp, paths
		}
		full[i]++
		script = full[:i+1]
	}
}

// TestEstimateUnbiased checks exactly, by enumerating every path with
// its probability, that the expected value of the estimator is the true
// node, update and solution count of the search, as Count finds them, on
// small problems of every kind the search handles (secondary items,
// colors, the counted search of Sudoku, choices made before, dead ends).
func TestEstimateUnbiased(t *testing.T) {
	type tc struct {
		name   string
		p      *Problem
		choose []int
	}
	tests := []tc{
		{"queens4", queensProblem(t, 4), nil},
		{"queens5", queensProblem(t, 5), nil},
		{"queens6", queensProblem(t, 6), nil},
		{"queens7", queensProblem(t, 7), nil},
		{"queens8-chosen", queensProblem(t, 8), []int{3}},
		{"pentomino3x5", pentominoProblem(t, 5, 3), nil},
	}
	sud := sudokuProblem(t)
	// A Sudoku grid with its first 60 cells filled (a valid grid's
	// digits): the counted search on what is left.
	grid := "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	var givens []int
	for i := range 60 {
		givens = append(givens, i*9+int(grid[i]-'1'))
	}
	tests = append(tests, tc{"sudoku-60-givens", sud, givens})
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 300 {
		tests = append(tests, tc{"random" + itoa(i), randomProblem(r, i%2 == 1), nil})
	}
	for _, tt := range tests {
		s := NewSolver(tt.p)
		for _, o := range tt.choose {
			if err := s.Choose(o); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
		}
		if strings.HasPrefix(tt.name, "sudoku") && s.linked().cnt == nil {
			t.Fatalf("%s: not the counted search", tt.name)
		}
		exp, paths := expectedEstimate(t, s)
		if _, err := s.Count(context.Background(), Options{Engine: EngineLinks}); err != nil {
			t.Fatal(err)
		}
		st := s.Stats()
		want := [3]float64{float64(st.Nodes), float64(st.Updates), float64(st.Solutions)}
		for k, name := range []string{"nodes", "updates", "solutions"} {
			if math.Abs(exp[k]-want[k]) > 1e-9*max(1, want[k]) {
				t.Errorf("%s: expected %s estimate %.6f over %d paths, true count %.0f", tt.name, name, exp[k], paths, want[k])
			}
		}
	}
}

// TestEstimateSampled checks Estimate itself: the mean of many samples is
// within 5 standard errors of the true counts, the same seed gives the
// same estimate, and the solver's state is left as it was.
func TestEstimateSampled(t *testing.T) {
	for _, n := range []int{6, 8, 9} {
		p := queensProblem(t, n)
		s := NewSolver(p)
		if n == 9 {
			if err := s.Choose(4); err != nil {
				t.Fatal(err)
			}
		}
		want, _ := s.Count(context.Background(), Options{Engine: EngineLinks})
		st := s.Stats()
		e, err := s.Estimate(context.Background(), 20000, 12345)
		if err != nil || e.Samples != 20000 {
			t.Fatalf("queens%d: %d samples, %v", n, e.Samples, err)
		}
		se := 1 / math.Sqrt(float64(e.Samples))
		checks := []struct {
			name      string
			got, sd   float64
			trueCount int64
		}{
			{"nodes", e.Nodes, e.NodesSD, st.Nodes},
			{"updates", e.Updates, e.UpdatesSD, st.Updates},
			{"solutions", e.Solutions, e.SolutionsSD, want},
		}
		for _, c := range checks {
			if math.Abs(c.got-float64(c.trueCount)) > 5*c.sd*se || (c.sd == 0 && c.got != float64(c.trueCount)) {
				t.Errorf("queens%d: %s estimate %.1f (sd %.1f), true %d", n, c.name, c.got, c.sd, c.trueCount)
			}
		}
		again, _ := s.Estimate(context.Background(), 20000, 12345)
		if again != e {
			t.Errorf("queens%d: same seed, estimates %+v and %+v", n, e, again)
		}
		if other, _ := s.Estimate(context.Background(), 20000, 999); other == e {
			t.Errorf("queens%d: another seed, the same estimate", n)
		}
		if c, _ := s.Count(context.Background(), Options{Engine: EngineLinks}); c != want || s.Stats() != st {
			t.Errorf("queens%d: after Estimate, count %d %+v, want %d %+v", n, c, s.Stats(), want, st)
		}
	}
}

func TestEstimateCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e, err := NewSolver(queensProblem(t, 6)).Estimate(ctx, 1000, 1)
	if err != context.Canceled || e.Samples != 0 {
		t.Errorf("cancelled: %d samples, %v", e.Samples, err)
	}
}

// TestFraction checks Knuth's progress measure: on a tree of two levels
// of two options each it is exact (solution i of 4 sits at (i+0.5)/4), and
// on queens it grows from solution to solution, between 0 and 1, in input
// and in random order.
func TestFraction(t *testing.T) {
	p := NewProblem()
	p.AddItem("a", false)
	p.AddItem("b", false)
	p.AddOption("a")
	p.AddOption("a")
	p.AddOption("b")
	p.AddOption("b")
	s := NewSolver(p)
	i := 0
	for sol := range s.Solutions(context.Background(), Options{Engine: EngineLinks}) {
		if got, want := s.links.fraction(len(sol), false), (float64(i)+0.5)/4; got != want {
			t.Errorf("solution %d: fraction %v, want %v", i, got, want)
		}
		i++
	}
	if i != 4 {
		t.Fatalf("%d solutions", i)
	}
	q := queensProblem(t, 8)
	for _, seed := range []uint64{0, 5} {
		s := NewSolver(q)
		last, n := 0.0, 0
		for sol := range s.Solutions(context.Background(), Options{Seed: seed, Engine: EngineLinks}) {
			f := s.links.fraction(len(sol), seed != 0)
			if f <= last || f >= 1 {
				t.Errorf("seed %d: solution %d at %v after %v", seed, n, f, last)
			}
			last = f
			n++
		}
		if n != 92 || last < 0.9 {
			t.Errorf("seed %d: %d solutions, the last at %v", seed, n, last)
		}
	}
}

// TestProgressFraction: the progress reports of a long sequential count
// carry a growing fraction below 1.
func TestProgressFraction(t *testing.T) {
	if testing.Short() {
		t.Skip("counts queens 14 (5.4 million nodes)")
	}
	var got []float64
	opt := Options{Progress: func(st Stats) { got = append(got, st.Fraction) }}
	if _, _, err := queensProblem(t, 14).Count(context.Background(), opt); err != nil {
		t.Fatal(err)
	}
	if len(got) < 3 {
		t.Fatalf("%d progress reports", len(got))
	}
	for i, f := range got {
		if f <= 0 || f >= 1 || (i > 0 && f <= got[i-1]) {
			t.Errorf("progress fractions %v", got)
			break
		}
	}
}
