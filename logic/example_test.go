package logic_test

import (
	"context"
	"fmt"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

func grid(s string) *sudoku.Grid {
	g := sudoku.NewGrid(sudoku.Standard, nil)
	for i := range g.Cells {
		if c := s[i]; c >= '1' && c <= '9' {
			g.Cells[i] = c - '0'
		}
	}
	return g
}

func ExampleRate() {
	// The first puzzle of se_rated_sample.txt (Sudoku Explainer: 2.5).
	g := grid("570060003030005060601007000053000001000080000900000270000800402080100030200040019")
	res, err := logic.Rate(context.Background(), g)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.1f %s %s, %d steps\n", res.Rating, res.Level, res.Hardest, len(res.Steps))
	// Output: 2.5 medium Direct Hidden Triple, 54 steps
}

func ExampleRateUpTo() {
	// A puzzle that needs chains, checked against an "easy" cap.
	g := grid("000801000005064100060700080250000403090000070406000012010009020002570900000103000")
	_, err := logic.RateUpTo(context.Background(), g, 2.3)
	fmt.Println(err)
	// Output: puzzle is harder than the cap
}

func ExampleHint() {
	g := grid("570060003030005060601007000053000001000080000900000270000800402080100030200040019")
	h, err := logic.Hint(context.Background(), g, nil, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(h.Step.Technique, h.Step.Placements)
	fmt.Println(h.Step.Explanation)
	// Output:
	// Hidden Single [{5 8}]
	// The 8 in box 2 can only go in r1c6, because every other cell of the box already sees an 8 or is filled.
}

func ExampleLevelOf() {
	for _, r := range []float64{1.5, 3.2, 4.2, 5.6, 8.3} {
		fmt.Println(r, logic.LevelOf(r))
	}
	// Output:
	// 1.5 easy
	// 3.2 medium
	// 4.2 hard
	// 5.6 expert
	// 8.3 extreme
}
