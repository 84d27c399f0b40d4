package sudoku_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dlxkit/dlx/sudoku"
)

func ExampleNewReader() {
	input := `# one puzzle per line; the text after a puzzle is kept in Rest
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... 9.1
4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....
+-----+-----+
| 1 . | 3 . |
| . . | 2 . |
+-----+-----+
| . . | . . |
| . . | . 4 |
+-----+-----+
`
	r := sudoku.NewReader(strings.NewReader(input), sudoku.ReadOptions{})
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err) // one bad puzzle; the reader goes on
			continue
		}
		fmt.Printf("line %d: %dx%d %v %s rest=%q\n", p.Line, p.Grid.N(), p.Grid.N(), p.Format.Layout, p.Grid, p.Rest)
	}
	// Output:
	// line 2: 9x9 line 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... rest=" 9.1"
	// error: line 3: short puzzle: 80 cells, want 81
	// line 4: 4x4 boxed 1.3...2........4 rest=""
}

func ExampleWriteGrid() {
	// Seed 001's layout: 16x16 letter grids, '-' blanks. A solution prints
	// like its puzzle: the same layout, with the empty line after it.
	puzzle := strings.Repeat("-", 16) + "\n" + strings.Repeat("ABCDEFGHIJKLMNOP\n", 15)
	g, f, err := sudoku.ParseGrid(puzzle, sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	copy(g.Cells, []uint8{16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1})
	sudoku.WriteGrid(os.Stdout, g, f)

	// A 9x9 grid in the canonical forum layout.
	g, _, _ = sudoku.ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", sudoku.ReadOptions{})
	sudoku.WriteGrid(os.Stdout, g, sudoku.Format{Layout: sudoku.Boxed})
	// Output:
	// PONMLKJIHGFEDCBA
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	// ABCDEFGHIJKLMNOP
	//
	// 4 . . | . . . | 8 . 5
	// . 3 . | . . . | . . .
	// . . . | 7 . . | . . .
	// ------+-------+------
	// . 2 . | . . . | . 6 .
	// . . . | . 8 . | 4 . .
	// . . . | . 1 . | . . .
	// ------+-------+------
	// . . . | 6 . 3 | . 7 .
	// 5 . . | 2 . . | . . .
	// 1 . 4 | . . . | . . .
}

func ExampleParseGrid() {
	g, f, err := sudoku.ParseGrid("1 2 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 6\n", sudoku.ReadOptions{Shape: sudoku.Shape{BoxRows: 3, BoxCols: 2}})
	fmt.Println(g.Shape, f.Layout, f.Spaced, string(f.Blank), g)
	_, _, err = sudoku.ParseGrid("12345x"+strings.Repeat(".", 30), sudoku.ReadOptions{})
	fmt.Println(err)
	// Output:
	// 3x2 rows true 0 12.................................6
	// line 1, column 6: unexpected 'x', want 1-6 or a blank (. 0 - _)
}

func ExampleGrid_String() {
	g := sudoku.NewGrid(sudoku.Shape{BoxRows: 2, BoxCols: 2}, nil)
	g.Cells[0], g.Cells[15] = 1, 4
	fmt.Println(g)
	// Output: 1..............4
}

func ExamplePuzzleJSON() {
	g, f, err := sudoku.ParseGrid(`{"size":"2x2","variant":"jigsaw","regions":"1112122233443344","puzzle":"1..............4"}`, sudoku.ReadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Variant.Name, g.Variant.Boxes, f.Layout)
	sudoku.WriteGrid(os.Stdout, g, f)
	// Output:
	// jigsaw [[0 1 2 4] [3 5 6 7] [8 9 12 13] [10 11 14 15]] json
	// {"size":"2x2","variant":"jigsaw","regions":"1112122233443344","puzzle":"1..............4"}
}
