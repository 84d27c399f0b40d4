package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/internal/lzstring"
	"github.com/dlxkit/dlx/sudoku"
)

// FuzzParsePuzzle feeds arbitrary bodies and queries to the request
// parser: it must return a grid or an error (400; for an import also 413
// or 422), never panic, never a negative count limit (from the query or
// the JSON body), and never accept a JSON body holding a field that no
// puzzle or request field takes (matched without regard to case, as
// encoding/json does), unless the body is f-puzzles JSON, imported.
func FuzzParsePuzzle(f *testing.F) {
	fpz := `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"thermometer":[{"lines":[["R4C1","R4C2","R4C3"]]}]}`
	payload := lzstring.CompressToBase64(fpz)
	many := `{"size":4,"grid":[[{},{},{},{}],[{},{"givenPencilMarks":[1,2]},{},{}],[{},{},{},{}],[{},{},{},{}]],"quadruple":[{"cells":["R1C1","R1C2","R2C1","R2C2"],"values":[9]}],"xv":[{"cells":["R3C1","R3C2"],"value":"Y"}],"line":[{"lines":[["R4C1","R4C2"]]}]}`
	for _, s := range []struct{ body, query string }{
		{"https://www.f-puzzles.com/?load=" + payload, ""},
		{"https://sudokupad.app/fpuzzles" + payload, "limit=3"},
		{"https://sudokupad.app/?puzzleid=fpuz" + payload, ""},
		{"sudokupad.app/abc123", ""},
		{payload, "size=4"},
		{"N4Ig" + payload[4:len(payload)/2], ""},
		{fpz, ""},
		{many, ""},
		{`{"import":"https://f-puzzles.com/?load=` + payload + `","limit":2}`, ""},
		{`{"import":` + fpz + `,"steps":true}`, ""},
		{`{"import":` + fpz + `,"puzzle":"1"}`, ""},
		{`{"import":7}`, ""},
		{`{"size":"4","grid":[[]]}`, ""},
	} {
		f.Add([]byte(s.body), s.query)
	}
	for _, s := range []struct{ body, query string }{
		{test1, ""},
		{`{"puzzle":"` + test1 + `","limit":3}`, ""},
		{`{"puzzle":"` + test1 + `","limit":-5}`, ""},
		{`{"puzzle":"` + test1 + `","limit":0}`, "limit=7"},
		{`{"puzzle":"` + test1 + `","limit":1e3}`, ""},
		{`{"puzzle":"` + test1 + `","limit":"2"}`, ""},
		{`{"puzzle":"` + test1 + `","limit":null}`, "limit=-1"},
		{test1, "limit=0"},
		{`{"size":"2x2","cells":[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}`, ""},
		{`{"size":"2x3","variant":"jigsaw","regions":"x"}`, ""},
		{"1...\n..2.\n....\n...4\n", "size=4"},
		{strings.Repeat(".", 36), "variant=diagonal"},
		{`{"puzzle": 12}`, ""},
		{"{\n", ""},
		{"", "size=99"},
		{test1, "regions=" + strings.Repeat("1", 81)},
		{`{"size":"2x2","puzzle":"................","cages":[{"sum":5,"cells":[0,1]}],"thermos":[[5,6,11]],"antiknight":true,"antiking":true,"nonconsecutive":true}`, ""},
		{`{"size":"3x3","puzzle":"` + strings.Repeat(".", 81) + `","cages":[{"sum":99,"cells":[0,1]},{"sum":3,"cells":[1,80]}]}`, ""},
		{`{"size":"2x2","puzzle":"................","thermos":[[0,5,10,15,14]]}`, ""},
		{`{"puzzle":"` + test1 + `","antiknigth":true}`, ""},
		{`{"size":"2x2","puzzle":"................","cage":[{"sum":3,"cells":[0,1]}]}`, ""},
		{`{"size":"2x2","puzzle":"................","cages":[{"sum":3,"cels":[0,1]}]}`, ""},
		{`{"puzzle":"` + test1 + `","STATE":"` + test1 + `","Pencil":[],"steps":true,"limt":1}`, ""},
		{"\uFEFF" + `{"puzzle":"` + test1 + `"}`, ""},
		{"\uFEFF" + test1, ""},
		{`{"puzzle":"` + test1 + `"}}`, ""},
	} {
		f.Add([]byte(s.body), s.query)
	}
	f.Fuzz(func(t *testing.T, body []byte, query string) {
		q, err := url.ParseQuery(query)
		if err != nil {
			return
		}
		req, aerr := parsePuzzle(body, q, 1<<20)
		if aerr != nil {
			imp := aerr.status == http.StatusRequestEntityTooLarge || aerr.status == http.StatusUnprocessableEntity
			if aerr.status != http.StatusBadRequest && !imp || aerr.Message == "" {
				t.Fatalf("error %d %q", aerr.status, aerr.Message)
			}
			return
		}
		if req.Limit != nil && *req.Limit < 0 {
			t.Fatalf("limit %d accepted", *req.Limit)
		}
		if k, ok := unknownKey(body); ok && !(req.imported != nil && fpuzzles.IsJSON(bytes.TrimSpace(bytes.TrimPrefix(body, []byte("\uFEFF"))))) {
			t.Fatalf("accepted a body with the unknown field %q", k)
		}
		if req.imported != nil {
			// The grid is the imported object's.
			g, _, err := req.imported.PuzzleJSON.Grid(sudoku.ReadOptions{})
			if err != nil || g.String() != req.grid.String() {
				t.Fatalf("imported %+v: grid %v (%v), request grid %v", req.imported, g, err, req.grid)
			}
		}
		g := req.grid
		if n := g.N(); n < 1 || len(g.Cells) != n*n {
			t.Fatalf("grid of side %d with %d cells", n, len(g.Cells))
		}
		for _, v := range g.Cells {
			if int(v) > g.N() {
				t.Fatalf("cell value %d in a grid of side %d", v, g.N())
			}
		}
	})
}

// requestKeys are the fields of a JSON request, and those of a cage.
var requestKeys = map[string][]string{
	"":      {"size", "variant", "regions", "extra", "cages", "antiknight", "antiking", "nonconsecutive", "thermos", "alphabet", "puzzle", "cells", "limit", "state", "pencil", "steps", "import"},
	"cages": {"sum", "cells"},
}

// unknownKey returns a key of a JSON object body (after a byte-order
// mark) that no request field takes, at the top or in a cage.
func unknownKey(body []byte) (string, bool) {
	var m map[string]any
	if json.Unmarshal(bytes.TrimPrefix(body, []byte("\uFEFF")), &m) != nil {
		return "", false
	}
	known := func(k string, names []string) bool {
		return slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(k, n) })
	}
	for k, v := range m {
		if !known(k, requestKeys[""]) {
			return k, true
		}
		if cages, ok := v.([]any); ok && strings.EqualFold(k, "cages") {
			for _, c := range cages {
				cm, _ := c.(map[string]any)
				for ck := range cm {
					if !known(ck, requestKeys["cages"]) {
						return ck, true
					}
				}
			}
		}
	}
	return "", false
}
