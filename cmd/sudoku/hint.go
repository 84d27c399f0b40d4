package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

const hintDoc = `Prints the next step for a player: the technique, its rating, the cells and
digits it uses, what it concludes and a sentence that explains it. PUZZLE is
the puzzle in any format the reader knows (81 characters for 9x9, '.' or '0'
blank), as an argument, in the file the argument names, or on standard
input (when absent or "-"). -state is the player's grid (the puzzle plus
entries); when an entry contradicts the solution the hint says so first.
-pencil gives the player's candidates: one field per cell separated by
spaces or commas, each the digits of that cell ("." or "0" for none;
letters A.. for 10 and up). Flags may come before or after the puzzle; "--"
before a puzzle that starts with '-'. With -json, one object
(docs/formats.md). Exit status: 0 on success, 1 when the puzzle has no or
several solutions or the output could not be written, 2 for usage or input
errors.`

// hintJSON is what hint -json prints: the cells (0-based indices,
// row-major) whose entries are wrong, those whose pencil marks leave out
// the solution's digit, whether the grid is solved, and the next step.
type hintJSON struct {
	Mistakes       []int       `json:"mistakes,omitempty"`
	PencilMistakes []int       `json:"pencil_mistakes,omitempty"`
	Solved         bool        `json:"solved"`
	Step           *logic.Step `json:"step,omitempty"`
}

func runHint(ctx context.Context, e *cli.Env, args []string) int {
	fs := cli.NewFlagSet(e, "sudoku hint", "[flags] [PUZZLE]", hintDoc)
	state := fs.String("state", "", "the player's `GRID`: the puzzle with the entries made so far")
	pencil := fs.String("pencil", "", "the player's pencil `MARKS`, one field per cell")
	asJSON := fs.Bool("json", false, "print the hint as JSON")
	size := fs.String("size", "", "box shape `RxC` of the grid; default: detect")
	pos, code, ok := fs.Parse(args)
	if !ok {
		return code
	}
	puzzle, pformat, code, ok := readPuzzle(e, fs, pos, *size, *asJSON)
	if !ok {
		return code
	}
	st := puzzle
	var err error
	if *state != "" {
		if st, _, err = sudoku.ParseGrid(*state, sudoku.ReadOptions{Shape: puzzle.Shape}); err != nil {
			return fs.Usagef("-state: %v", err)
		}
		if len(st.Cells) != len(puzzle.Cells) {
			return fs.Usagef("-state is not the size of the puzzle")
		}
		st.Variant = puzzle.Variant
	}
	var marks []uint64
	if *pencil != "" {
		if marks, err = parsePencil(*pencil, len(puzzle.Cells)); err != nil {
			return fs.Usagef("-pencil: %v", err)
		}
	}
	h, err := logic.HintWith(ctx, puzzle, st, marks, logic.HintOptions{Format: pformat})
	if err != nil {
		if ctx.Err() != nil { // Ctrl-C
			if *asJSON {
				fs.ErrorRecord(jsonfmt.CodeCanceled, errors.New("interrupted"))
			}
			return fs.Failf("interrupted")
		}
		if errors.Is(err, sudoku.ErrNoSolution) || errors.Is(err, logic.ErrMultipleSolutions) {
			code := jsonfmt.CodeNoSolution
			if errors.Is(err, logic.ErrMultipleSolutions) {
				code = jsonfmt.CodeMultiple
			}
			inputError(fs, *asJSON, code, err)
			return cli.ExitFail
		}
		return inputError(fs, *asJSON, jsonfmt.CodeInvalid, err)
	}
	w := fs.Output()
	switch {
	case *asJSON:
		jsonfmt.NewEncoder(w).Encode(hintJSON{Mistakes: h.Mistakes, PencilMistakes: h.PencilMistakes, Solved: h.Solved, Step: h.Step})
	case h.Solved:
		fmt.Fprintln(w, "solved: the grid is complete and correct")
	default:
		fmt.Fprint(w, logic.DescribeIn(puzzle, h.Step, pformat))
	}
	return fs.Finish(w, cli.ExitOK)
}

// readPuzzle reads the one puzzle of hint and analyze: the argument, or
// standard input when there is none or it is "-"; size is the -size flag.
// It returns ok false with the exit status when it fails.
func readPuzzle(e *cli.Env, fs *cli.FlagSet, pos []string, size string, asJSON bool) (g *sudoku.Grid, f sudoku.Format, code int, ok bool) {
	var opt sudoku.ReadOptions
	if size != "" {
		s, err := sudoku.ParseShape(size)
		if err != nil {
			return nil, f, fs.Usagef("-size: %v", err), false
		}
		opt.Shape = s
	}
	var text string
	switch {
	case len(pos) > 1:
		return nil, f, fs.Usagef("want one PUZZLE, got %d arguments", len(pos)), false
	case len(pos) == 1 && pos[0] != "-":
		// The puzzle itself, or a file that holds it (a file of that
		// name wins, as for the batch commands).
		text = pos[0]
		if st, err := os.Stat(pos[0]); err == nil && st.Mode().IsRegular() {
			b, err := os.ReadFile(pos[0])
			if err != nil {
				return nil, f, fs.Usagef("%v", err), false
			}
			text = string(b)
		}
	default:
		b, err := io.ReadAll(e.Stdin)
		if err != nil {
			return nil, f, fs.Usagef("reading standard input: %v", err), false
		}
		if text = string(b); strings.TrimSpace(text) == "" {
			return nil, f, fs.Usagef("no PUZZLE (as an argument or on standard input)"), false
		}
	}
	g, f, err := sudoku.ParseGrid(text, opt)
	if err != nil {
		return nil, f, inputError(fs, asJSON, jsonfmt.CodeParse, fmt.Errorf("puzzle: %w", err)), false
	}
	return g, f, 0, true
}

// inputError reports err on standard error and, with -json, as a record
// on standard output; it returns ExitUsage.
func inputError(fs *cli.FlagSet, asJSON bool, code string, err error) int {
	if asJSON {
		fs.ErrorRecord(code, err)
	}
	return fs.Usagef("%v", err)
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
			marks[i] |= 1 << (d - 1) // logic.Hint: bit d-1 for digit d
		}
	}
	return marks, nil
}
