package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/sudoku"
)

// puzzleRequest is a puzzle with the options of the request. The body is
// either the puzzle text in any format the sudoku package reads (the
// options then come from the query: size, variant, regions, alphabet,
// limit), or a JSON object: a sudoku.PuzzleJSON (size, variant, regions,
// extra, alphabet, puzzle or cells, constraints) with these extra fields,
// and no other (sudoku.DecodeJSON). It may also be what `sudoku import`
// reads: an f-puzzles or SudokuPad link, a payload, f-puzzles JSON (told
// from the project's object by its fields), or a JSON object whose
// "import" field holds one of them beside the extra fields.
type puzzleRequest struct {
	grid   *sudoku.Grid
	format sudoku.Format
	// imported is the puzzle an import read, nil for another request.
	imported *importedPuzzle
	extras
}

// extras are the fields of a JSON request beside the puzzle's own.
type extras struct {
	// Limit is the count limit of /api/count: nil for the default, 0 for
	// no limit.
	Limit *int `json:"limit"`
	// State is the player's grid for /api/hint: the givens plus entries,
	// in the puzzle's one-line form.
	State string `json:"state,omitempty"`
	// Pencil holds the player's pencil marks for /api/hint: for each cell
	// the digits marked, or empty.
	Pencil [][]int `json:"pencil,omitempty"`
	// Steps asks /api/rate for the whole logical solution.
	Steps bool `json:"steps,omitempty"`
}

const limitWant = "limit: want a count of 1 or more, or 0 for no limit"

// parsePuzzle reads the request's puzzle; the JSON of an imported puzzle
// is at most maxImport bytes (as a body is).
func parsePuzzle(body []byte, q url.Values, maxImport int64) (*puzzleRequest, *apiError) {
	opt, variant, regions, err := readOptions(q)
	if err != nil {
		return nil, err
	}
	req := &puzzleRequest{}
	if l := q.Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 0 {
			return nil, badRequest(limitWant)
		}
		req.Limit = &n
	}
	req.Steps = q.Get("steps") == "1" || q.Get("steps") == "true"
	// A byte-order mark before the body is skipped (by the reader and the
	// JSON decoder alike).
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(body, []byte("\uFEFF")))
	if len(trimmed) == 0 {
		return nil, newError(http.StatusBadRequest, jsonfmt.CodeParse, "empty body: want a puzzle")
	}
	var g *sudoku.Grid
	var f sudoku.Format
	var aerr *apiError
	switch {
	case trimmed[0] == '{' && fpuzzles.IsJSON(trimmed):
		g, f, req.imported, aerr = importFrom(string(trimmed), q, maxImport)
		if aerr != nil {
			return nil, aerr
		}
	case fpuzzles.IsLinkOrPayload(string(trimmed)):
		g, f, req.imported, aerr = importFrom(string(trimmed), q, maxImport)
		if aerr != nil {
			return nil, aerr
		}
	case trimmed[0] == '{':
		// One strict pass, with the decoder of the commands, for the
		// puzzle and the request's own fields; those of the body
		// override the query's.
		var obj struct {
			sudoku.PuzzleJSON
			extras
			// Import is a link, a payload or f-puzzles JSON (a string),
			// or an f-puzzles object, instead of the puzzle's fields.
			Import json.RawMessage `json:"import"`
		}
		obj.extras = req.extras
		if err := sudoku.DecodeJSON(body, &obj); err != nil {
			return nil, parseError(err)
		}
		pj := obj.PuzzleJSON
		req.extras = obj.extras
		if req.Limit != nil && *req.Limit < 0 {
			return nil, badRequest(limitWant)
		}
		if len(obj.Import) > 0 && string(obj.Import) != "null" {
			g, f, req.imported, aerr = importField(obj.Import, &pj, q, maxImport)
			if aerr != nil {
				return nil, aerr
			}
			break
		}
		if pj.Size == "" && q.Get("size") != "" {
			pj.Size = q.Get("size")
		}
		if pj.Variant == "" && pj.Regions == "" {
			pj.Variant, pj.Regions = variant, regions
		}
		var perr error
		g, f, perr = pj.Grid(opt)
		if perr != nil {
			// As the commands say it: on the object's first line.
			var pe *sudoku.ParseError
			if errors.As(perr, &pe) && pe.Line == 0 {
				pe.Line = 1 + bytes.Count(body[:bytes.IndexByte(body, '{')], []byte{'\n'})
			}
			return nil, parseError(perr)
		}
	default:
		rd := sudoku.NewReader(bytes.NewReader(body), opt)
		p, perr := rd.Next()
		if perr == io.EOF {
			return nil, newError(http.StatusBadRequest, jsonfmt.CodeParse, "no puzzle in the body")
		}
		if perr != nil {
			return nil, parseError(perr)
		}
		if _, perr := rd.Next(); perr != io.EOF {
			e := newError(http.StatusBadRequest, jsonfmt.CodeParse, "more than one puzzle in the body: send one per request")
			e.Line = lineAfter(p)
			return nil, e
		}
		g, f = p.Grid, p.Format
		if variant != "" || regions != "" {
			v, verr := makeVariant(g.Shape, variant, regions)
			if verr != nil {
				return nil, badRequest(verr.Error())
			}
			g.Variant = v
		}
	}
	req.grid, req.format = g, f
	return req, nil
}

func lineAfter(p *sudoku.Puzzle) int { return p.Line + 1 }

// readOptions reads size, alphabet, variant and regions from the query.
// The variant is made once the shape is known (after parsing).
func readOptions(q url.Values) (opt sudoku.ReadOptions, variant, regions string, _ *apiError) {
	if s := q.Get("size"); s != "" {
		sh, err := parseSize(s)
		if err != nil {
			return opt, "", "", badRequest("size: " + err.Error())
		}
		opt.Shape = sh
	}
	opt.Alphabet = q.Get("alphabet")
	return opt, q.Get("variant"), q.Get("regions"), nil
}

// parseSize reads a size as a side ("9", "16") or a box shape ("3x3",
// "2x3").
func parseSize(s string) (sudoku.Shape, error) {
	if n, err := strconv.Atoi(s); err == nil {
		sh, ok := sudoku.DefaultShape(n)
		if !ok {
			return sudoku.Shape{}, fmt.Errorf("no default box shape for side %d; give it as RxC", n)
		}
		return sh, nil
	}
	return sudoku.ParseShape(s)
}

func makeVariant(sh sudoku.Shape, name, regions string) (*sudoku.Variant, error) {
	if regions != "" {
		if name != "" && name != "jigsaw" {
			return nil, fmt.Errorf("variant %q with regions: want jigsaw", name)
		}
		return sudoku.Jigsaw(sh, regions)
	}
	return sudoku.VariantByName(name, sh)
}

// parseError turns a parse error into a 400 reply with its position.
func parseError(err error) *apiError {
	return fromError(http.StatusBadRequest, jsonfmt.CodeParse, err)
}
