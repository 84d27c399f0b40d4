package server

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// apiError is the body of every error reply: {"error": {...}}.
type apiError struct {
	status  int
	Code    string `json:"code"`
	Message string `json:"message"`
	// Line and Column locate a parse error in the request body (1-based).
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Clashes are the pairs of clashing cells (row-major indices) of an
	// invalid puzzle.
	Clashes [][2]int `json:"clashes,omitempty"`
}

func (e *apiError) Error() string { return e.Message }

// Error codes, with their status.
const (
	codeBadRequest = "bad_request" // 400: a parameter
	codeParse      = "parse_error" // 400: the puzzle or problem text
	codeTooLarge   = "too_large"   // 413
	codeInvalid    = "invalid"     // 422: clashing givens
	codeNoSolution = "no_solution" // 422
	codeMultiple   = "multiple"    // 422: rating needs a unique solution
	codeShape      = "unsupported" // 422: a size the rater does not handle
	codeBusy       = "busy"        // 503 + Retry-After
	codeDeadline   = "deadline"    // 504
	codeInternal   = "internal"    // 500
)

func badRequest(format string) *apiError {
	return &apiError{status: http.StatusBadRequest, Code: codeBadRequest, Message: format}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"error":{"code":"internal","message":"cannot encode the reply"}}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

func writeError(w http.ResponseWriter, e *apiError) {
	if e.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, e.status, struct {
		Error *apiError `json:"error"`
	}{e})
}
