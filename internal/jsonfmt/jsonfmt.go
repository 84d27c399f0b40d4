// Package jsonfmt holds what the JSON written by the commands and by the
// HTTP API share, so that both speak one language (docs/formats.md):
// compact objects, one per line; snake_case keys; line numbers from 1;
// times in milliseconds under keys "ms" or ending in "_ms"; an early stop
// of a count said by "complete": false and "stopped"; and one error
// object, {"code", "message", "line", "column", "problems"}.
package jsonfmt

import (
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/sudoku"
)

// Error is the error object of every JSON reply and record. Line and
// Column (1-based) locate the error in the input when it has a place.
// Problems lists each problem of an input that has several (an imported
// puzzle: the message joins them with "; ").
type Error struct {
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Line     int      `json:"line,omitempty"`
	Column   int      `json:"column,omitempty"`
	Problems []string `json:"problems,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// Error codes.
const (
	CodeBadRequest = "bad_request" // a parameter or flag
	CodeNotFound   = "not_found"   // no such endpoint
	CodeParse      = "parse_error" // the puzzle or problem text
	CodeTooLarge   = "too_large"   // the input is over a size limit
	CodeInvalid    = "invalid"     // clashing givens
	CodeNoSolution = "no_solution"
	CodeMultiple   = "multiple"    // a unique solution was needed
	CodeShape      = "unsupported" // a size or variant the operation does not handle
	CodeBusy       = "busy"
	CodeDeadline   = "deadline"
	CodeCanceled   = "canceled" // interrupted
	CodeInternal   = "internal"
	CodeMethod     = "method_not_allowed" // an HTTP method the endpoint does not answer
)

// Reasons a search stopped before it was complete, the value of "stopped".
const (
	StoppedLimit       = "limit"       // the requested number of solutions was reached
	StoppedDeadline    = "deadline"    // the time limit passed
	StoppedBudget      = "node budget" // the node budget was spent
	StoppedInterrupted = "interrupted" // cancelled by the user or the client
)

// Millis returns d in milliseconds, to the microsecond.
func Millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// NewEncoder returns an encoder writing compact objects, one per line,
// without escaping <, > and &.
func NewEncoder(w io.Writer) *json.Encoder {
	e := json.NewEncoder(w)
	e.SetEscapeHTML(false)
	return e
}

// FromError returns the error object for err with the given code. A parse
// error of package sudoku or exactcover gives its line, column and
// message without the position prefix; an import with several problems
// (fpuzzles.Problems) lists them.
func FromError(code string, err error) *Error {
	e := &Error{Code: code, Message: err.Error()}
	var sp *sudoku.ParseError
	var xp *exactcover.ParseError
	var probs fpuzzles.Problems
	switch {
	case errors.As(err, &sp):
		e.Line, e.Column, e.Message = sp.Line, sp.Col, sp.Msg
	case errors.As(err, &xp):
		e.Line, e.Column, e.Message = xp.Line, xp.Col, xp.Msg
	case errors.As(err, &probs):
		for _, p := range probs {
			e.Problems = append(e.Problems, p.Error())
		}
	}
	return e
}
