package analyze_test

import (
	"context"
	"fmt"

	"github.com/dlxkit/dlx/analyze"
	"github.com/dlxkit/dlx/sudoku"
)

// Is a puzzle minimal, or can some given go while the solution stays
// unique? A puzzle of 17 givens is minimal (no 9x9 puzzle of 16 has one
// solution); the same puzzle with one more given, r9c9 from its
// solution, is not: that given at least can go.
func Example() {
	ctx := context.Background()
	for _, text := range []string{
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
		"000000010400000000020000000000050407008000300001090000300400200050100000000806009",
	} {
		puzzle, _, err := sudoku.ParseGrid(text, sudoku.ReadOptions{})
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := analyze.RemoveK(ctx, puzzle, 1)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Print(res.Givens, " givens, minimal: ", res.Minimal, ", redundant:")
		for _, c := range res.Redundant {
			fmt.Print(" ", sudoku.CellName(c, 9))
		}
		fmt.Println()
	}
	// Output:
	// 17 givens, minimal: true, redundant:
	// 18 givens, minimal: false, redundant: r9c9
}
