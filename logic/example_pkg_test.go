package logic_test

import (
	"context"
	"fmt"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// Solve a puzzle as a person would, step by step, and rate it: the rating
// is that of the hardest step, on the Sudoku Explainer scale.
func Example() {
	g, _, err := sudoku.ParseGrid("570060003030005060601007000053000001000080000900000270000800402080100030200040019", sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := logic.RateWith(context.Background(), g, logic.Options{Steps: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, s := range res.Steps[:3] {
		fmt.Println(s)
	}
	fmt.Printf("%d steps; rating %.1f (%s), hardest: %s\n", len(res.Steps), res.Rating, res.Level, res.Hardest)
	// Output:
	// Hidden Single (1.2): The 8 in box 2 can only go in r1c6, because every other cell of the box already sees an 8 or is filled.
	// Hidden Single (1.2): The 1 in box 2 can only go in r2c5, because every other cell of the box already sees a 1 or is filled.
	// Hidden Single (1.2): The 1 in box 3 can only go in r1c7, because every other cell of the box already sees a 1 or is filled.
	// 54 steps; rating 2.5 (medium), hardest: Direct Hidden Triple
}
