package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/quote"
)

const importDoc = `Prints the puzzle of an f-puzzles or SudokuPad link as the project's JSON
puzzle object, on one line (docs/import.md): the givens, size, irregular
regions, diagonals and extra regions, and every constraint of the f-puzzles
format and its userscripts (killer cages, thermometers, arrows, kropki dots,
XV, little killers, sandwiches, lines, indexers, ...: docs/variants.md). The
argument is a link (https://www.f-puzzles.com/?load=N4Ig...,
https://sudokupad.app/fpuzzlesN4Ig..., https://sudokupad.app/fpuzN4Ig...,
https://sudokupad.app/?puzzleid=fpuzzlesN4Ig...), a file holding a link, an
f-puzzles payload or f-puzzles JSON, or "-" (or nothing) for standard input.
A puzzle whose rules are in cosmetic lines, cages or texts (the rules text
gives them), or in constraints this command does not know, is an error that
names them: the output could not be played by its rules. Every problem of a
puzzle is reported, one a line. Errors go to standard error only (nothing
reaches the next command of a pipe); with -json also, as for the other
commands, as a record {"status":"error","error":{...}} on standard output.
The output is JSON with or without -json. Exit status: 0 on success, 1 when
the output could not be written, 2 for usage or input errors.`

func runImport(ctx context.Context, e *cli.Env, args []string) int {
	fset := cli.NewFlagSet(e, "sudoku import", "[flags] [LINK|FILE|-]", importDoc)
	out := fset.String("o", "json", "output `FORMAT`: json (the puzzle object)")
	asJSON := fset.Bool("json", false, "errors also as a JSON record on standard output (the puzzle is JSON either way)")
	pos, code, ok := fset.Parse(args)
	if !ok {
		return code
	}
	if *out != "json" {
		return fset.Usagef("-o %s: want json", *out)
	}
	if len(pos) > 1 {
		return fset.Usagef("want one LINK, FILE or -, got %d arguments", len(pos))
	}
	var text, arg string
	switch {
	case len(pos) == 0 || pos[0] == "-":
		b, err := io.ReadAll(e.Stdin)
		if err != nil {
			return fset.Usagef("reading standard input: %v", err)
		}
		text = string(b)
	default:
		// A file, unless no file has that name: then the argument is the
		// link or payload itself.
		text = pos[0]
		if st, err := os.Stat(pos[0]); err == nil && !st.IsDir() {
			b, err := os.ReadFile(pos[0])
			if err != nil {
				return inputError(fset, *asJSON, jsonfmt.CodeParse, err)
			}
			text = string(b)
		} else {
			arg = pos[0]
		}
	}
	p, err := fpuzzles.Read(text)
	if err != nil && arg != "" && errors.Is(err, fpuzzles.ErrSyntax) && !strings.Contains(arg, "://") {
		err = fmt.Errorf("%s is no file, nor a link or payload: %w", quote.Short(arg), err)
	}
	if err != nil {
		code := jsonfmt.CodeParse
		if errors.Is(err, fpuzzles.ErrUnsupported) {
			code = jsonfmt.CodeShape
		}
		var probs fpuzzles.Problems
		if errors.As(err, &probs) {
			// Every problem, one a line.
			if *asJSON {
				fset.ErrorRecord(code, err)
			}
			fset.Errorf("%d problems:", len(probs))
			for _, p := range probs {
				fset.Errorf("%v", p)
			}
			return cli.ExitUsage
		}
		return inputError(fset, *asJSON, code, err)
	}
	for _, note := range p.Notes {
		fset.Errorf("note: %s", note)
	}
	w := fset.Output()
	jsonfmt.NewEncoder(w).Encode(p)
	return fset.Finish(w, cli.ExitOK)
}
