package sudoku_test

import (
	"context"
	"fmt"

	"github.com/dlxkit/dlx/sudoku"
)

func ExampleSolve() {
	g, _, err := sudoku.ParseGrid("000000010400000000020000000000050407008000300001090000300400200050100000000806000", sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	sol, err := sudoku.Solve(context.Background(), g)
	fmt.Println(sol, err)
	// Output: 693784512487512936125963874932651487568247391741398625319475268856129743274836159 <nil>
}

// A diagonal 6x6 puzzle (2x3 boxes) through the exact-cover reduction:
// the variant is data, extra regions added to the rows, columns and boxes.
func ExampleCheck() {
	ctx := context.Background()
	v := sudoku.Diagonal(sudoku.Shape{BoxRows: 2, BoxCols: 3})
	for _, s := range []string{"1.....", "11....", ".2...."} {
		g := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 3}, v)
		for i, c := range s {
			if c != '.' {
				g.Cells[i] = uint8(c - '0')
			}
		}
		verdict, err := sudoku.Check(ctx, g)
		fmt.Println(s, verdict, err)
	}
	n, _ := sudoku.Count(ctx, sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 3}, v), -1) // -1: count them all
	fmt.Println("diagonal 6x6 grids:", n)
	// Output:
	// 1..... multiple <nil>
	// 11.... invalid: r1c1 and r1c2 both 1 <nil>
	// .2.... multiple <nil>
	// diagonal 6x6 grids: 8640
}
