package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// killer4 is the fields of a 4x4 killer whose one solution is
// 4321214334121234; without its cages it has others, which break them.
const killer4 = `"size":"2x2","puzzle":"4...............","cages":[{"sum":6,"cells":[0,4]},{"sum":5,"cells":[1,2]},{"sum":4,"cells":[3,7]},{"sum":5,"cells":[5,6]},{"sum":7,"cells":[8,9]},{"sum":3,"cells":[10,11]},{"sum":3,"cells":[12,13]},{"sum":7,"cells":[14,15]}]`

// reply is a decoded answer of the handler.
type reply struct {
	status int
	body   map[string]any
	raw    string
}

// serve sends one request to the real handler of a server with the
// default configuration.
func serve(t *testing.T, s *Server, method, target, body string) reply {
	t.Helper()
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest(method, target, strings.NewReader(body)))
	r := reply{status: rec.Code, raw: rec.Body.String()}
	if err := json.Unmarshal(rec.Body.Bytes(), &r.body); err != nil {
		t.Fatalf("%s %s: reply %q is not a JSON object: %v", method, target, r.raw, err)
	}
	return r
}

// TestUnknownFields: a JSON request with a field no endpoint knows,
// misspelled at the top or inside a cage, is a 400 parse error naming
// the field, its line and column and the field meant, on every endpoint
// that takes a JSON object. (The API decoded with plain json.Unmarshal
// and ignored them: "cage" for "cages" answered a solution that breaks
// the cages, "antiknigth" a solution valid without anti-knight.)
func TestUnknownFields(t *testing.T) {
	s := New(Config{})
	obj := `{"puzzle":"` + test1 + `",` // the next key at column 95
	endpoints := []string{"/api/solve", "/api/count", "/api/check", "/api/rate", "/api/hint"}
	tests := []struct {
		name, body string
		endpoints  []string // nil: all
		msg        string
		line, col  int
	}{
		{"antiknight", obj + `"antiknigth":true}`, nil, `json: unknown field "antiknigth" (did you mean "antiknight"?)`, 1, 95},
		{"cages", `{` + strings.Replace(killer4, `"cages"`, `"cage"`, 1) + `}`, nil, `json: unknown field "cage" (did you mean "cages"?)`, 1, 43},
		{"in a cage", "{\"size\":\"2x2\",\"puzzle\":\"................\",\n\"cages\":[{\"summ\":3,\"cells\":[0,1]}]}", nil, `json: unknown field "summ" (did you mean "sum"?)`, 2, 11},
		{"size", `{"sise":"3x3","puzzle":"` + test1 + `"}`, nil, `json: unknown field "sise" (did you mean "size"?)`, 1, 2},
		{"variant", obj + `"varient":"diagonal"}`, nil, `json: unknown field "varient" (did you mean "variant"?)`, 1, 95},
		{"thermos", obj + `"thermo":[[0,1,2]]}`, nil, `json: unknown field "thermo" (did you mean "thermos"?)`, 1, 95},
		{"limit", obj + `"limt":0}`, []string{"/api/count"}, `json: unknown field "limt" (did you mean "limit"?)`, 1, 95},
		{"steps", obj + `"step":true}`, []string{"/api/rate"}, `json: unknown field "step" (did you mean "steps"?)`, 1, 95},
		{"state", obj + `"stat":"` + test1 + `"}`, []string{"/api/hint"}, `json: unknown field "stat" (did you mean "state"?)`, 1, 95},
		{"pencil", obj + `"pencils":[]}`, []string{"/api/hint"}, `json: unknown field "pencils" (did you mean "pencil"?)`, 1, 95},
		{"far from any", obj + `"colour":"red"}`, nil, `json: unknown field "colour"`, 1, 95},
		{"wrong type", obj + `"limit":"2"}`, nil, `json: field "limit": a string, want an integer of 64 bits`, 1, 103},
		{"text after", obj + `"steps":true}}`, nil, `json: unexpected text after the object`, 1, 108},
	}
	for _, tc := range tests {
		eps := tc.endpoints
		if eps == nil {
			eps = endpoints
		}
		for _, ep := range eps {
			r := serve(t, s, "POST", ep, tc.body)
			e, _ := r.body["error"].(map[string]any)
			if r.status != http.StatusBadRequest || e == nil || e["code"] != jsonfmt.CodeParse || e["message"] != tc.msg ||
				e["line"] != float64(tc.line) || e["column"] != float64(tc.col) {
				t.Errorf("%s %s: %d %s\nwant 400 parse_error %q at line %d, column %d", tc.name, ep, r.status, r.raw, tc.msg, tc.line, tc.col)
			}
		}
	}
}

// TestJSONFieldsAccepted: the fields of each endpoint, in any case (as
// the commands read them), with those of the body over the query's.
func TestJSONFieldsAccepted(t *testing.T) {
	s := New(Config{})
	r := serve(t, s, "POST", "/api/solve", `{`+strings.Replace(killer4, `"cages"`, `"Cages"`, 1)+`}`)
	if r.status != http.StatusOK || r.body["solution"] != "4321214334121234" {
		t.Errorf("Cages: %d %s", r.status, r.raw)
	}
	blank := `{"size":"2x2","puzzle":"................"`
	for _, tc := range []struct {
		target, body string
		count        float64
	}{
		{"/api/count", blank + `,"Limit":3}`, 3},
		{"/api/count?limit=5", blank + `}`, 5},
		{"/api/count?limit=5", blank + `,"limit":7}`, 7},
	} {
		r := serve(t, s, "POST", tc.target, tc.body)
		if r.status != http.StatusOK || r.body["count"] != tc.count {
			t.Errorf("%s %s: %d %s, want count %v", tc.target, tc.body, r.status, r.raw, tc.count)
		}
	}
	r = serve(t, s, "POST", "/api/rate?steps=1", `{"puzzle":"`+test1+`"}`)
	if steps, _ := r.body["steps"].([]any); r.status != http.StatusOK || len(steps) == 0 {
		t.Errorf("rate?steps=1 with a JSON body: %d %.200s", r.status, r.raw)
	}
	r = serve(t, s, "POST", "/api/hint", `{"puzzle":"`+test1+`","STATE":"`+test1+`","Pencil":null}`)
	if r.status != http.StatusOK {
		t.Errorf("hint: %d %s", r.status, r.raw)
	}
}

// TestByteOrderMark: a UTF-8 byte-order mark before the body is skipped,
// before a JSON object or a puzzle's text, on every puzzle endpoint; the
// columns of errors do not count it. (They were refused: the JSON as not
// an object, the text as a puzzle with three bad symbols.)
func TestByteOrderMark(t *testing.T) {
	s := New(Config{})
	const bom = "\uFEFF"
	for _, ep := range []string{"/api/solve", "/api/count", "/api/check", "/api/rate", "/api/hint"} {
		for _, body := range []string{
			bom + `{"puzzle":"` + test1 + `"}`,
			bom + "\n" + `{"puzzle":"` + test1 + `"}` + "\n",
			bom + test1,
			bom + test1 + "\r\n",
		} {
			if r := serve(t, s, "POST", ep, body); r.status != http.StatusOK {
				t.Errorf("%s %q: %d %s", ep, body, r.status, r.raw)
			}
		}
	}
	r := serve(t, s, "POST", "/api/solve", bom+`{"puzle":"`+test1+`"}`)
	e, _ := r.body["error"].(map[string]any)
	if r.status != http.StatusBadRequest || e == nil || e["column"] != float64(2) || e["message"] != `json: unknown field "puzle" (did you mean "puzzle"?)` {
		t.Errorf("after a BOM: %d %s, want the error at column 2", r.status, r.raw)
	}
}
