package fpuzzles_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/sudoku"
)

// Import a 4x4 f-puzzles puzzle with a thermometer and two killer cages,
// print the project's puzzle object it becomes, and solve it.
func Example() {
	fp := `{"size":4,"title":"Warm-up","author":"dlx",
 "grid":[[{},{},{},{"value":4,"given":true}],[{"value":3,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
 "thermometer":[{"lines":[["R1C1","R1C2","R1C3"]]}],
 "killercage":[{"cells":["R4C1","R4C2"],"value":"7"},{"cells":["R2C4","R3C4"],"value":"5"}]}`
	p, err := fpuzzles.Read(fp)
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := json.Marshal(p.PuzzleJSON)
	fmt.Printf("%q by %s: %s\n", p.Title, p.Author, out)
	g, _, err := p.Grid(sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := sudoku.Check(context.Background(), g)
	fmt.Println(v, v.Solution, err)
	// Output:
	// "Warm-up" by dlx: {"size":"2x2","cages":[{"sum":7,"cells":[12,13]},{"sum":5,"cells":[7,11]}],"thermos":[[0,1,2]],"puzzle":"...43..........."}
	// unique 1234341221434321 <nil>
}

// Read takes every form setters share: an f-puzzles or SudokuPad link, the
// payload alone, or the JSON. This link holds an empty 9x9 grid with a 1
// in r1c1.
func ExampleRead() {
	p, err := fpuzzles.Read("https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA5gJwgEwQbT1ADcBDAGwFc54BGVNCImAOwQBcMqBfZYHv3vyGCRfALrJCwgTOlyJU0XKVKFsles1c1yrRu2S9R+Yd1nVp/Vdk7r58WK5A")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Size, p.Puzzle)
	// Output: 3x3 1................................................................................
}

// Parse reports every problem of a puzzle at once, each wrapping one of
// the package's sentinel errors.
func ExampleParse() {
	_, err := fpuzzles.Parse([]byte(`{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],
 "thermometer":[{"lines":[["R1C1"]]}],
 "killercage":[{"cells":["R5C1"],"value":3}],
 "text":[{"cells":["R1C1"],"value":"hi"}]}`))
	var problems fpuzzles.Problems
	if errors.As(err, &problems) {
		for _, e := range problems {
			fmt.Println("-", e)
		}
	}
	fmt.Println(errors.Is(err, fpuzzles.ErrInvalid), errors.Is(err, fpuzzles.ErrUnsupported), errors.Is(err, fpuzzles.ErrSyntax))
	// Output:
	// - bad f-puzzles puzzle: killercage 1: cell "R5C1" outside the 4x4 grid
	// - bad f-puzzles puzzle: thermometer 1 has 1 cells, want 2 or more
	// - unsupported: cosmetic texts (text 1): f-puzzles gives them no rule, the puzzle's rules text does, which this importer cannot read
	// true true false
}
