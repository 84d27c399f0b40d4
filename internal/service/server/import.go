package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"reflect"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/lzstring"
	"github.com/dlxkit/dlx/sudoku"
)

// importedPuzzle is the puzzle an f-puzzles or SudokuPad link, payload or
// f-puzzles JSON held, as `sudoku import` prints it (the project's JSON
// puzzle object), with its title and author: the "imported" field of the
// replies of solve, count and check, from which a client (the web page)
// takes the rules to play it by.
type importedPuzzle struct {
	sudoku.PuzzleJSON
	Title  string `json:"title,omitempty"`
	Author string `json:"author,omitempty"`
	// Notes say which cosmetic lines and cages were read as rules from
	// the puzzle's rules text (fpuzzles.Puzzle.Notes).
	Notes []string `json:"notes,omitempty"`
}

// importFrom reads the puzzle of an f-puzzles or SudokuPad link, a
// payload or f-puzzles JSON (fpuzzles.ReadMax, its JSON at most maxJSON
// bytes: it counts as a request body). The query may not give the size,
// variant, regions or alphabet: they are the puzzle's.
func importFrom(text string, q url.Values, maxJSON int64) (*sudoku.Grid, sudoku.Format, *importedPuzzle, *apiError) {
	for _, k := range []string{"size", "variant", "regions", "alphabet"} {
		if q.Has(k) {
			return nil, sudoku.Format{}, nil, badRequest(k + ": an imported puzzle gives its own size, variant, regions and alphabet; leave " + k + " out")
		}
	}
	p, err := fpuzzles.ReadMax(text, int(min(maxJSON, int64(lzstring.MaxOutput))))
	if err != nil {
		return nil, sudoku.Format{}, nil, importError(err)
	}
	g, f, err := p.PuzzleJSON.Grid(sudoku.ReadOptions{})
	if err != nil {
		return nil, sudoku.Format{}, nil, parseError(err)
	}
	return g, f, &importedPuzzle{PuzzleJSON: p.PuzzleJSON, Title: p.Title, Author: p.Author, Notes: p.Notes}, nil
}

// importError is the reply to an import that failed, with every problem
// of the puzzle in "problems" when it has several: 413 for JSON over the
// size limit, 422 "unsupported" for constraints or link kinds the
// importer does not take (short links, which need the network, among
// them), as `sudoku import -json` codes it; else 400 "parse_error".
func importError(err error) *apiError {
	switch {
	case errors.Is(err, lzstring.ErrTooLong):
		return fromError(http.StatusRequestEntityTooLarge, jsonfmt.CodeTooLarge, err)
	case errors.Is(err, fpuzzles.ErrUnsupported):
		return fromError(http.StatusUnprocessableEntity, jsonfmt.CodeShape, err)
	}
	return fromError(http.StatusBadRequest, jsonfmt.CodeParse, err)
}

// importField reads the "import" field of a JSON request: a string (a
// link, a payload or f-puzzles JSON) or an f-puzzles object. pj, the
// puzzle fields of the request, must be empty.
func importField(raw json.RawMessage, pj *sudoku.PuzzleJSON, q url.Values, maxJSON int64) (*sudoku.Grid, sudoku.Format, *importedPuzzle, *apiError) {
	if !reflect.ValueOf(*pj).IsZero() {
		return nil, sudoku.Format{}, nil, badRequest("import: the puzzle comes from the link; leave out the puzzle's own fields (size, puzzle, cells, variant, regions, constraints, ...)")
	}
	raw = bytes.TrimSpace(raw)
	var text string
	switch raw[0] {
	case '"':
		if json.Unmarshal(raw, &text) != nil {
			return nil, sudoku.Format{}, nil, badRequest("import: not a valid string")
		}
	case '{':
		text = string(raw)
	default:
		return nil, sudoku.Format{}, nil, badRequest("import: want a link, a payload or f-puzzles JSON as a string, or an f-puzzles object")
	}
	return importFrom(text, q, maxJSON)
}
