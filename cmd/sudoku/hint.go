package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

func init() {
	register(command{name: "hint", short: "explain the next logical step of a puzzle", run: runHint})
}

const hintUsage = `Usage: sudoku hint [flags] PUZZLE

Prints the next step for a player: the technique, its rating, the cells and
digits it uses, what it concludes and a sentence that explains it. PUZZLE is
the puzzle in any one-line format (81 characters for 9x9, '.' or '0' blank).
-state is the player's grid (the puzzle plus entries); when an entry
contradicts the solution the hint says so first. -pencil gives the player's
candidates: one field per cell separated by spaces or commas, each the
digits of that cell ("." or "0" for none; letters A.. for 10 and up).
Flags may come before or after the puzzle. Exit status: 0 on success, 1 when
the puzzle has no or several solutions, 2 for usage or input errors.

Flags:
`

func runHint(ctx context.Context, e *env, args []string) int {
	fs := flag.NewFlagSet("hint", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	state := fs.String("state", "", "the player's `GRID`: the puzzle with the entries made so far")
	pencil := fs.String("pencil", "", "the player's pencil `MARKS`, one field per cell")
	asJSON := fs.Bool("json", false, "print the hint as JSON")
	size := fs.String("size", "", "box shape `RxC` of the grid; default: detect")
	fs.Usage = func() { fmt.Fprint(fs.Output(), hintUsage); fs.PrintDefaults() }
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return 0
			}
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		fmt.Fprintln(e.stderr, "sudoku hint: want exactly one PUZZLE")
		fs.Usage()
		return 2
	}
	var opt sudoku.ReadOptions
	if *size != "" {
		s, err := sudoku.ParseShape(*size)
		if err != nil {
			fmt.Fprintf(e.stderr, "sudoku hint: -size: %v\n", err)
			return 2
		}
		opt.Shape = s
	}
	puzzle, pformat, err := sudoku.ParseGrid(pos[0], opt)
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku hint: puzzle: %v\n", err)
		return 2
	}
	st := puzzle
	if *state != "" {
		opt.Shape = puzzle.Shape
		if st, _, err = sudoku.ParseGrid(*state, opt); err != nil {
			fmt.Fprintf(e.stderr, "sudoku hint: -state: %v\n", err)
			return 2
		}
		if len(st.Cells) != len(puzzle.Cells) {
			fmt.Fprintln(e.stderr, "sudoku hint: -state is not the size of the puzzle")
			return 2
		}
		st.Variant = puzzle.Variant
	}
	var marks []uint64
	if *pencil != "" {
		if marks, err = parsePencil(*pencil, len(puzzle.Cells)); err != nil {
			fmt.Fprintf(e.stderr, "sudoku hint: -pencil: %v\n", err)
			return 2
		}
	}
	h, err := logic.HintWith(ctx, puzzle, st, marks, logic.HintOptions{Format: pformat})
	if err != nil {
		fmt.Fprintf(e.stderr, "sudoku hint: %v\n", err)
		if errors.Is(err, sudoku.ErrNoSolution) || errors.Is(err, logic.ErrMultipleSolutions) {
			return 1
		}
		return 2
	}
	if *asJSON {
		out, _ := json.MarshalIndent(&h, "", "  ")
		fmt.Fprintln(e.stdout, string(out))
		return 0
	}
	if h.Solved {
		fmt.Fprintln(e.stdout, "solved: the grid is complete and correct")
		return 0
	}
	fmt.Fprint(e.stdout, logic.DescribeIn(puzzle, h.Step, pformat))
	return 0
}

// parsePencil reads one candidate field per cell.
func parsePencil(s string, cells int) ([]uint64, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	if len(fields) != cells {
		return nil, fmt.Errorf("%d fields, want one per cell (%d)", len(fields), cells)
	}
	marks := make([]uint64, cells)
	for i, f := range fields {
		for j := 0; j < len(f); j++ {
			c := f[j]
			var d int
			switch {
			case c == '.' || c == '0':
				continue
			case c >= '1' && c <= '9':
				d = int(c - '0')
			case c >= 'A' && c <= 'Z':
				d = int(c-'A') + 10
			case c >= 'a' && c <= 'z':
				d = int(c-'a') + 10
			default:
				return nil, fmt.Errorf("field %d: unexpected %q", i+1, c)
			}
			marks[i] |= 1 << d
		}
	}
	return marks, nil
}
