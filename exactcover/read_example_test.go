package exactcover_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/dlxkit/dlx/exactcover"
)

func ExampleReadKnuth() {
	in := `| two dominoes on a 1x4 strip, with a secondary item
a b c d | x
a b x
b c
c d
`
	p, err := exactcover.ReadKnuth(strings.NewReader(in))
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, _, err := p.Solve(context.Background(), exactcover.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, i := range sol {
		fmt.Println(p.OptionString(i))
	}
	// Output:
	// a b x
	// c d
}

func ExampleReadMatrix() {
	// Seed 001's first example.
	m, err := exactcover.ReadMatrix(strings.NewReader("3 3\n0 1 0\n0 0 1\n1 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, _, err := m.Problem.Solve(context.Background(), exactcover.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.FormatSolution(sol))
	// Output: 1 2 3
}

func ExampleReadSparse() {
	// Row 2 is all zeros; rows 1 and 3 cover the columns.
	m, err := exactcover.ReadSparse(strings.NewReader("sparse 4 3\n1 2\n-\n3\n2 3\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	n, _, _ := m.Problem.Count(context.Background(), exactcover.Options{})
	sol, _, _ := m.Problem.Solve(context.Background(), exactcover.Options{})
	fmt.Println(n, "solution:", m.FormatSolution(sol))
	// Output: 1 solution: 1 3
}

func ExampleReadKnuth_error() {
	_, err := exactcover.ReadKnuth(strings.NewReader("a b\na c\n"))
	fmt.Println(err)
	// Output: line 2, column 3: unknown item "c"
}

func ExampleWriteKnuth() {
	p := exactcover.NewProblem()
	p.AddItem("a", false)
	p.AddItem("b", false)
	p.AddItem("x", true)
	p.AddOption("a", "x:red")
	p.AddOption("b", "x:red")
	exactcover.WriteKnuth(os.Stdout, p)
	// Output:
	// a b | x
	// a x:red
	// b x:red
}
