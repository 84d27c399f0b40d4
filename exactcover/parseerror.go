package exactcover

import "fmt"

// ParseError reports a malformed input to ReadKnuth, ReadMatrix or
// ReadSparse. Err is one of the package's sentinel errors (ErrSyntax,
// ErrUnknownItem, ErrRepeatedItem, ErrEmptyOption, ErrDuplicateItem,
// ErrColorPrimary, ErrBounds, ErrCost) or an error of the underlying reader, so that callers can
// test it with errors.Is.
type ParseError struct {
	Line int    // 1-based line number of the offending token
	Col  int    // 1-based byte column of the offending token; 0 if none
	Msg  string // what was wrong or expected
	Err  error  // the sentinel or reader error
}

// Error returns "line L, column C: msg" (without the column when it is 0).
func (e *ParseError) Error() string {
	msg := e.Msg
	if msg == "" && e.Err != nil {
		msg = e.Err.Error()
	}
	switch {
	case e.Line == 0:
		return "empty input: " + msg
	case e.Col > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, msg)
}

// Unwrap returns the sentinel or reader error.
func (e *ParseError) Unwrap() error { return e.Err }
