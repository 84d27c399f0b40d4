package exactcover_test

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/dlxkit/dlx/exactcover"
)

// Knuth's example of exact cover: seven items a to g and six options; one
// set of options covers every item exactly once.
func Example() {
	p, err := exactcover.ReadKnuth(strings.NewReader(`
a b c d e f g
c e
a d g
b c f
a d f
b g
d e g
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, _, err := p.Solve(context.Background(), exactcover.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, o := range sol {
		fmt.Printf("option %d: %s\n", o, p.OptionString(o))
	}
	// Output:
	// option 3: a d f
	// option 4: b g
	// option 0: c e
}

// The two cheapest ways to give three jobs to three workers, one each:
// an option per worker and job, its cost the worker's price for the job.
func ExampleMinCost() {
	price := [3][3]int64{
		{4, 1, 3}, // worker 0's price for jobs 0, 1 and 2
		{2, 0, 5},
		{4, 2, 2},
	}
	p := exactcover.NewProblem()
	for i := range 3 {
		p.AddItem(fmt.Sprint("w", i), false)
		p.AddItem(fmt.Sprint("j", i), false)
	}
	for w := range 3 {
		for j := range 3 {
			p.AddOptionCost(price[w][j], fmt.Sprint("w", w), fmt.Sprint("j", j))
		}
	}
	sols, _, err := exactcover.MinCost(context.Background(), p, exactcover.Options{}, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range sols {
		var opts []string
		for _, o := range s.Options {
			opts = append(opts, p.OptionString(o))
		}
		fmt.Println(s.Cost, strings.Join(opts, ", "))
	}
	// Output:
	// 5 w0 j1 |1, w1 j0 |2, w2 j2 |2
	// 6 w0 j0 |4, w1 j1, w2 j2 |2
}

// A repeat cover covers every primary item at least once (not exactly
// once) with as few options as possible: here, the smallest sets of
// teams that together speak five languages.
func ExampleCoverSolver_All() {
	p, err := exactcover.ReadKnuth(strings.NewReader(`
en fr de es it
en fr de
de es
es it
en it
fr es it
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	s := exactcover.NewCoverSolver(p)
	for c := range s.All(context.Background(), exactcover.CoverOptions{}) {
		var opts []string
		for _, o := range c.Options {
			opts = append(opts, "["+p.OptionString(o)+"]")
		}
		fmt.Println(c.Size, strings.Join(opts, " "))
	}
	fmt.Println(s.Err())
	// Output:
	// 2 [en fr de] [es it]
	// 2 [en fr de] [fr es it]
	// <nil>
}

// Estimate guesses the size of a search before running it, from random
// paths down the search tree: here, the solutions of the eight queens
// problem, which Count then finds exactly.
func ExampleSolver_Estimate() {
	p := exactcover.NewProblem()
	const n = 8
	for i := range n {
		p.AddItem(fmt.Sprint("r", i), false)
		p.AddItem(fmt.Sprint("c", i), false)
	}
	for d := range 2*n - 1 {
		p.AddItem(fmt.Sprint("a", d), true)
		p.AddItem(fmt.Sprint("b", d), true)
	}
	for r := range n {
		for c := range n {
			p.AddOption(fmt.Sprint("r", r), fmt.Sprint("c", c), fmt.Sprint("a", r+c), fmt.Sprint("b", r-c+n-1))
		}
	}
	s := exactcover.NewSolver(p)
	ctx := context.Background()
	est, err := s.Estimate(ctx, 2000, 1) // 2000 random paths, seed 1
	if err != nil {
		fmt.Println(err)
		return
	}
	count, _ := s.Count(ctx, exactcover.Options{})
	// The standard error of the mean is the deviation over √samples.
	se := est.SolutionsSD / math.Sqrt(float64(est.Samples))
	fmt.Printf("estimate: %.0f ± %.0f solutions\n", est.Solutions, se)
	fmt.Println("within 3 standard errors of the count:", math.Abs(est.Solutions-float64(count)) < 3*se)
	fmt.Println("count:", count)
	// Output:
	// estimate: 87 ± 4 solutions
	// within 3 standard errors of the count: true
	// count: 92
}
