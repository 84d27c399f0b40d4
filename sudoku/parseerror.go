package sudoku

import (
	"errors"
	"fmt"
)

// ErrSyntax is wrapped by every *ParseError: the text is not a grid in any
// format the reader knows (a bad symbol, a wrong number of cells, a digit
// too large for the size, a malformed JSON object).
var ErrSyntax = errors.New("bad puzzle text")

// ErrCountLine is the error of an input whose count line (a first line
// holding only the number of puzzles, seed 002's batch format) does not
// match the puzzles that follow. It wraps ErrSyntax; it concerns the
// input as a whole, not one of its puzzles.
var ErrCountLine = fmt.Errorf("the count line does not match the puzzles: %w", ErrSyntax)

// ParseError reports where a puzzle text went wrong: Line and Col are
// 1-based (Col is a byte column; 0 when the error concerns a whole line or
// grid, Line is 0 when it concerns no line in particular), Msg says what
// was found and what was expected. Err is ErrSyntax, or the error of a
// variant constructor (wrapping ErrVariant or ErrShape) for a JSON puzzle.
type ParseError struct {
	Line, Col int
	Msg       string
	Err       error
}

// Error returns "line L, column C: msg", "line L: msg" or "msg".
func (e *ParseError) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Unwrap returns e.Err.
func (e *ParseError) Unwrap() error { return e.Err }

func syntaxError(line, col int, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Err: ErrSyntax}
}
