package sudoku_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/dlxkit/dlx/sudoku"
)

// Read a puzzle in any of the text formats, check that it has one
// solution, and print the solution in the puzzle's own format: here a 6x6
// grid of 2x3 boxes, written one row per line.
func Example() {
	puzzle := `
1 . . | 4 . .
. 5 . | . 2 3
------+------
. 3 . | 5 . .
. . 4 | . 3 .
------+------
3 . . | 6 . 5
. 4 . | . 1 .
`
	g, format, err := sudoku.ParseGrid(puzzle, sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := sudoku.Check(context.Background(), g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Shape, v.Kind)
	if v.Kind != sudoku.Unique {
		return
	}
	sudoku.WriteGrid(os.Stdout, v.Solution, format)
	// Output:
	// 2x3 unique
	// 1 2 3 | 4 5 6
	// 4 5 6 | 1 2 3
	// ------+------
	// 2 3 1 | 5 6 4
	// 5 6 4 | 2 3 1
	// ------+------
	// 3 1 2 | 6 4 5
	// 6 4 5 | 3 1 2
}

// A Solver keeps its exact-cover matrices between puzzles: make one per
// goroutine and give it every puzzle. Count stops at its limit (2 tells a
// unique solution from several).
func ExampleNewSolver() {
	s := sudoku.NewSolver(sudoku.Options{})
	ctx := context.Background()
	for _, text := range []string{
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000", // 17 givens
		"000000010400000000020000000000050407008000300001090000300400200050100000000800000", // one given fewer
		"110000010400000000020000000000050407008000300001090000300400200050100000000806000", // two 1s in row 1
	} {
		g, _, err := sudoku.ParseGrid(text, sudoku.ReadOptions{})
		if err != nil {
			fmt.Println(err)
			continue
		}
		n, err := s.Count(ctx, g, 2)
		var ie *sudoku.InvalidError
		switch {
		case errors.As(err, &ie):
			fmt.Println("invalid:", ie)
		case err != nil:
			fmt.Println(err)
		default:
			fmt.Println("solutions (up to 2):", n)
		}
	}
	// Output:
	// solutions (up to 2): 1
	// solutions (up to 2): 2
	// invalid: invalid puzzle: r1c1 and r1c2 both 1; r1c1 and r1c8 both 1; r1c2 and r1c8 both 1
}
