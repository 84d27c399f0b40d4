package generate_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/dlxkit/dlx/generate"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// Make a standard 9x9 puzzle with a fixed seed (the same puzzle every
// time) and check it: one solution, the one the generator gives.
func Example() {
	ctx := context.Background()
	g, err := generate.NewGenerator(generate.Options{Seed: 2026})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := g.Generate(ctx, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Puzzle)
	v, err := sudoku.Check(ctx, r.Puzzle)
	fmt.Println(v.Kind, v.Solution.String() == r.Solution.String(), err)
	// Output:
	// ...24..5.....1.....4.9.....4......3..716...2.....27......7.2.65..953...8......1.3
	// unique true <nil>
}

// Many makes a sequence of puzzles in parallel, in index order: the same
// sequence for a seed whatever the number of workers. Here, three easy
// puzzles with givens unchanged by a half turn, rated by package logic.
func ExampleMany() {
	opt := generate.Options{Seed: 7, Symmetry: generate.Rot180, Workers: 2}
	opt.SetLevel(logic.Easy)
	for r, err := range generate.Many(context.Background(), 3, opt) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d: %s %d givens, %s (%.1f)\n", r.Index, r.Puzzle, r.Givens, r.Level, r.Rating)
	}
	// Output:
	// 0: 5..1.96.292.54.1....32...45..2.1...68...7...41...6.2..26...45....1.58.277.53.1..9 37 givens, easy (1.2)
	// 1: 24..89..3..7..3.4...1..4.82.3..27.6..1.3.6.9..6.95..2.15.4..7...2.7..8..4..86..19 36 givens, easy (1.2)
	// 2: ..46289.19.2.......3..956..359......481...376......859..671..9.......7.47.59432.. 36 givens, easy (1.2)
}

// A killer puzzle: no givens, cages covering the grid (the digits of a
// cage differ and add up to its sum), one solution. A 4x4 here; the
// zero Shape makes 9x9 ones.
func ExampleOptions_killer() {
	ctx := context.Background()
	g, err := generate.NewGenerator(generate.Options{Killer: true, Shape: sudoku.Shape{BoxRows: 2, BoxCols: 2}, Seed: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := g.Generate(ctx, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range r.Puzzle.Variant.Cages {
		fmt.Printf("%2d:", c.Sum)
		for _, i := range c.Cells {
			fmt.Print(" ", sudoku.CellName(i, 4))
		}
		fmt.Println()
	}
	n, err := sudoku.Count(ctx, r.Puzzle, -1) // -1: count them all
	fmt.Println("solutions:", n, err)
	fmt.Println(r.Solution)
	// Output:
	//  1: r1c1
	// 10: r1c2 r2c1 r2c2 r2c3
	//  9: r1c3 r1c4 r2c4
	//  6: r3c1 r3c2 r4c1
	//  4: r3c3
	//  3: r3c4
	//  7: r4c2 r4c3 r4c4
	// solutions: 1 <nil>
	// 1234431221433421
}

// A puzzle with givens that keeps a set of rules: here a 6x6 with two
// arrows (the digits on a shaft add up to the digit in its circle) and a
// white kropki dot (neighbours that differ by 1). The puzzle is printed
// as the JSON puzzle object that sudoku solve, count and check read.
func ExampleOptions_rules() {
	ctx := context.Background()
	v := &sudoku.Variant{Rules: sudoku.Rules{
		Arrows: []sudoku.Arrow{
			{Circle: []int{0}, Shaft: []int{6, 12}},
			{Circle: []int{35}, Shaft: []int{34, 33}},
		},
		Differences: []sudoku.Dot{{Cells: []int{14, 15}}},
	}}
	g, err := generate.NewGenerator(generate.Options{Shape: sudoku.Shape{BoxRows: 2, BoxCols: 3}, Variant: v, Seed: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := g.Generate(ctx, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	pj, err := sudoku.NewPuzzleJSON(r.Puzzle, sudoku.Format{})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := json.Marshal(pj)
	fmt.Println(string(b))
	fmt.Println(r.Givens, "givens, solution", r.Solution)
	n, err := sudoku.Count(ctx, r.Puzzle, 2)
	fmt.Println("solutions:", n, err)
	// Output:
	// {"size":"2x3","arrows":[{"circle":[0],"shaft":[6,12]},{"circle":[35],"shaft":[34,33]}],"differences":[{"cells":[14,15]}],"puzzle":".....4.4.6...3..5..6..1............."}
	// 7 givens, solution 613524245631431256562413154362326145
	// solutions: 1 <nil>
}
