package server

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"

	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// openAPIDoc is the OpenAPI 3.1 document of the API, written by hand
// beside the handlers: the request bodies are text formats or objects of
// the commands' strict decoder, and the query parameters, statuses and
// prose are not in the Go types. TestOpenAPI keeps it true: every
// endpoint is in it and answers its methods, and every reply of a sample
// request of each endpoint, success and error, matches its schema (the
// reply types' JSON fields are checked against the schemas too).
//
//go:embed openapi.json
var openAPIDoc []byte

// openAPICompact is the document as one compact object and a line end,
// as every reply of the API.
var openAPICompact = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, openAPIDoc); err != nil {
		return nil
	}
	b.WriteByte('\n')
	return b.Bytes()
})

// serveOpenAPI answers GET /api/openapi.json.
func serveOpenAPI(w http.ResponseWriter, r *http.Request) {
	doc := openAPICompact()
	if doc == nil {
		writeError(w, newError(http.StatusInternalServerError, jsonfmt.CodeInternal, "the embedded OpenAPI document is not JSON"))
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(doc)))
	w.Write(doc)
}
