package fpuzzles

import (
	"bytes"
	"encoding/json"

	"github.com/dlxkit/dlx/sudoku"
)

// IsJSON reports whether b is an f-puzzles JSON object (a "grid" array
// and a numeric "size"), as opposed to the project's own puzzle object,
// whose "size" is a box shape string.
func IsJSON(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' || !bytes.Contains(b, []byte(`"grid"`)) {
		return false // the common case, without decoding
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(b, &fields) != nil {
		return false // the strict decoder says what is wrong
	}
	grid, size := bytes.TrimSpace(fields["grid"]), bytes.TrimSpace(fields["size"])
	return len(grid) > 0 && grid[0] == '[' && len(size) > 0 && (size[0] == '-' || size[0] >= '0' && size[0] <= '9')
}

// LineImporter is the sudoku.Importer of this package's formats, for
// sudoku.ReadOptions.Import: a line holding an f-puzzles or SudokuPad
// link, a payload or f-puzzles JSON is read as its puzzle. Its zero value
// is ready to use.
type LineImporter struct{}

// Recognize reports whether line is a link, a payload or f-puzzles JSON.
func (LineImporter) Recognize(line []byte) bool {
	return IsJSON(line) || IsLinkOrPayload(string(line))
}

// Import reads the puzzle of line (Read); the notes of a puzzle whose
// rules were read from its rules text are not kept.
func (LineImporter) Import(line []byte) (*sudoku.PuzzleJSON, error) {
	p, err := Read(string(line))
	if err != nil {
		return nil, err
	}
	return &p.PuzzleJSON, nil
}
