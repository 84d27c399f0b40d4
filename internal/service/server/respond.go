package server

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// apiError is the body of every error reply, {"error": {...}}: the error
// object shared with the commands (code, message, and for a parse error
// the line and column of the request body; "problems" for an import with
// several), and the clashing cells of an invalid puzzle with the
// constraints they break.
type apiError struct {
	status int
	jsonfmt.Error
	// Clashes are the pairs of clashing cells (row-major indices) of an
	// invalid puzzle.
	Clashes [][2]int `json:"clashes,omitempty"`
	// Broken describes the constraints (cages, thermometers, ...) the
	// givens of an invalid puzzle break other than by equal digits.
	Broken []string `json:"broken,omitempty"`
	// Imported is the puzzle object an imported link held, in a 422
	// reply about that puzzle (invalid, no solution, rules not solvable
	// yet): what the service read, for a client to play it by.
	Imported *importedPuzzle `json:"imported,omitempty"`
}

// newError returns an error reply with the status, a code of jsonfmt and
// the message.
func newError(status int, code, msg string) *apiError {
	return &apiError{status: status, Error: jsonfmt.Error{Code: code, Message: msg}}
}

// fromError returns an error reply for err: its message, and its line and
// column when it is a parse error of package sudoku or exactcover.
func fromError(status int, code string, err error) *apiError {
	return &apiError{status: status, Error: *jsonfmt.FromError(code, err)}
}

func badRequest(msg string) *apiError {
	return newError(http.StatusBadRequest, jsonfmt.CodeBadRequest, msg)
}

// writeJSON writes v as one compact JSON object and a newline.
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	if err := jsonfmt.NewEncoder(&b).Encode(v); err != nil {
		status = http.StatusInternalServerError
		b.Reset()
		b.WriteString(`{"error":{"code":"internal","message":"cannot encode the reply"}}` + "\n")
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

func writeError(w http.ResponseWriter, e *apiError) {
	if e.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, e.status, struct {
		Error *apiError `json:"error"`
	}{e})
}
