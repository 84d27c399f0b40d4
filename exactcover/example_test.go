package exactcover_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/dlxkit/dlx/exactcover"
)

// A problem built through the API: items A, B, C must be covered exactly
// once; X is secondary (at most once, or shared by options of one color).
func ExampleNewProblem() {
	p := exactcover.NewProblem()
	for _, name := range []string{"A", "B", "C"} {
		p.AddItem(name, false)
	}
	p.AddItem("X", true)
	p.AddOption("A", "X:red")
	p.AddOption("B", "X:red")
	p.AddOption("B", "X:blue")
	p.AddOption("C")
	p.AddOption("A", "B")

	s := exactcover.NewSolver(p)
	// The links engine: nodes and updates as Knuth's DLX2 counts them.
	for sol := range s.Solutions(context.Background(), exactcover.Options{Engine: exactcover.EngineLinks}) {
		var opts []string // sol belongs to the solver: copy what to keep
		for _, o := range sol {
			opts = append(opts, "["+p.OptionString(o)+"]")
		}
		fmt.Println(strings.Join(opts, " "))
	}
	fmt.Printf("%+v\n", s.Stats())
	// Output:
	// [C] [A X:red] [B X:red]
	// [C] [A B]
	// {Nodes:5 Updates:9 Solutions:2 Subproblems:0 SubproblemsDone:0 Fraction:0}
}

// Count with two workers: the count equals the sequential one.
func ExampleSolver_Count() {
	p := exactcover.NewProblem()
	// Four queens: rows and columns primary, diagonals secondary.
	for i := range 4 {
		p.AddItem(fmt.Sprint("r", i), false)
		p.AddItem(fmt.Sprint("c", i), false)
	}
	for d := range 7 {
		p.AddItem(fmt.Sprint("a", d), true)
		p.AddItem(fmt.Sprint("b", d), true)
	}
	for r := range 4 {
		for c := range 4 {
			p.AddOption(fmt.Sprint("r", r), fmt.Sprint("c", c), fmt.Sprint("a", r+c), fmt.Sprint("b", r-c+3))
		}
	}
	n, err := exactcover.NewSolver(p).Count(context.Background(), exactcover.Options{Workers: 2})
	fmt.Println(n, err)
	// Output: 2 <nil>
}

// Choose fixes options before the search (a Sudoku's givens, say);
// Reset undoes them.
func ExampleSolver_Choose() {
	p := exactcover.NewProblem()
	p.AddItem("A", false)
	p.AddItem("B", false)
	p.AddOption("A")      // 0
	p.AddOption("B")      // 1
	p.AddOption("A", "B") // 2
	s := exactcover.NewSolver(p)
	ctx := context.Background()
	n, _ := s.Count(ctx, exactcover.Options{})
	fmt.Println("solutions:", n)
	s.Choose(1)
	sol, err := s.Solve(ctx, exactcover.Options{})
	fmt.Println("with option 1:", sol, err)
	fmt.Println("option 2 now:", s.Choose(2) != nil)
	s.Reset()
	n, _ = s.Count(ctx, exactcover.Options{})
	fmt.Println("after Reset:", n)
	// Output:
	// solutions: 2
	// with option 1: [1 0] <nil>
	// option 2 now: true
	// after Reset: 2
}
