package analyze_test

import (
	"context"
	"fmt"

	"github.com/dlxkit/dlx/analyze"
	"github.com/dlxkit/dlx/sudoku"
)

func ExampleEntries() {
	puzzle, _, _ := sudoku.ParseGrid("570060003030005060601007000053000001000080000900000270000800402080100030200040019", sudoku.ReadOptions{})
	// The player wrote 5 in r1c3 (a second 5 in row 1) and 2 in r1c4 (right).
	state, _, _ := sudoku.ParseGrid("575260003030005060601007000053000001000080000900000270000800402080100030200040019", sudoku.ReadOptions{})
	r, err := analyze.Entries(puzzle, state)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range r.Conflicts {
		fmt.Println("clash:", sudoku.CellName(c[0], 9), sudoku.CellName(c[1], 9))
	}
	for _, i := range r.Wrong {
		fmt.Println("wrong:", sudoku.CellName(i, 9))
	}
	fmt.Println("blanks:", r.Blanks, "complete:", r.Complete, "correct:", r.Correct)
	// Output:
	// clash: r1c1 r1c3
	// wrong: r1c3
	// blanks: 52 complete: false correct: false
}

func ExampleAnalyzer_RemoveK() {
	// A minimal 24-clue puzzle made by package generate (seed 2026, the
	// second of its sequence).
	puzzle, _, _ := sudoku.ParseGrid("....2..69....51.4.9.8...7.........71..3.69...74...8........6...83..9.....1...4.9.", sudoku.ReadOptions{})
	res, err := analyze.Analyzer{Workers: 2}.RemoveK(context.Background(), puzzle, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	name := func(cells []int) (s string) {
		for _, c := range cells {
			s += fmt.Sprintf(" %s=%d", sudoku.CellName(c, 9), puzzle.Cells[c])
		}
		return s
	}
	fmt.Println("givens:", res.Givens, "minimal:", res.Minimal)
	fmt.Printf("most:%s leaves %d solutions\n", name(res.Most.Cells), res.Most.Solutions)
	fmt.Printf("fewest:%s leaves %d solutions\n", name(res.Fewest.Cells), res.Fewest.Solutions)
	// Output:
	// givens: 24 minimal: true
	// most: r1c8=6 r3c3=8 leaves 3662 solutions
	// fewest: r5c3=3 r8c5=9 leaves 4 solutions
}
