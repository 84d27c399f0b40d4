package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// loadOpenAPI decodes the embedded document and checks its frame: the
// version, every operation with responses, every $ref resolving.
func loadOpenAPI(t *testing.T) *schemaDoc {
	t.Helper()
	v, err := decodeJSON(openAPIDoc)
	if err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	root := v.(map[string]any)
	d := &schemaDoc{root: root}
	if root["openapi"] != "3.1.0" {
		t.Errorf("openapi %v, want 3.1.0", root["openapi"])
	}
	if info, _ := root["info"].(map[string]any); info["title"] == nil || info["version"] == nil {
		t.Errorf("info %v lacks title or version", info)
	}
	var refs func(v any, at string)
	refs = func(v any, at string) {
		switch v := v.(type) {
		case map[string]any:
			if r, ok := v["$ref"].(string); ok {
				if _, err := d.resolve(r); err != nil {
					t.Errorf("%s: %v", at, err)
				}
			}
			for k, e := range v {
				refs(e, at+"/"+k)
			}
		case []any:
			for i, e := range v {
				refs(e, at+"/"+strconv.Itoa(i))
			}
		}
	}
	refs(root, "#")
	// Every schema of the components, checked against a value it cannot
	// fail for its keywords (the validator refuses keywords it does not
	// check, wherever a schema uses them).
	for name, s := range d.components("schemas") {
		for _, err := range d.validate(s, nil, name) {
			if strings.Contains(err.Error(), "not checked") {
				t.Error(err)
			}
		}
	}
	return d
}

// components returns a section of the document's components.
func (d *schemaDoc) components(section string) map[string]any {
	c, _ := d.root["components"].(map[string]any)
	m, _ := c[section].(map[string]any)
	return m
}

// operations returns the document's paths, each with its methods in
// upper case and their operation objects.
func (d *schemaDoc) operations() map[string]map[string]map[string]any {
	ops := map[string]map[string]map[string]any{}
	paths, _ := d.root["paths"].(map[string]any)
	for p, item := range paths {
		ops[p] = map[string]map[string]any{}
		for m, op := range item.(map[string]any) {
			ops[p][strings.ToUpper(m)] = op.(map[string]any)
		}
	}
	return ops
}

// deref follows a $ref of an object (a response, a parameter).
func (d *schemaDoc) deref(v any) map[string]any {
	m, _ := v.(map[string]any)
	if r, ok := m["$ref"].(string); ok {
		t, _ := d.resolve(r)
		m, _ = t.(map[string]any)
	}
	return m
}

// sample is a request of the OpenAPI test and the status it must get.
type sample struct {
	name         string
	method, path string // path with its query
	body         string
	ctype        string // the request body's media type in the document
	status       int
	srv          string // "" the main server, "stub" the one whose searches fail
}

// TestOpenAPI checks the document against the real handlers: every route
// is documented with its methods and nothing else is; every documented
// operation answers a sample request of success and (where it documents
// errors) of failure, and every reply's status, media type and body match
// the document (the JSON bodies by their schemas, with the validator of
// schema_test.go), as do the JSON request bodies; every error response of
// the components is met; and every method a path does not document gets
// 405 with Allow listing those it does, and OPTIONS 204 with the same.
func TestOpenAPI(t *testing.T) {
	d := loadOpenAPI(t)
	ops := d.operations()

	// The route table and the document name the same paths and methods.
	s := New(Config{})
	routes := map[string][]string{}
	for _, rt := range s.routeTable() {
		routes[rt.path] = rt.methods
	}
	for p, ms := range routes {
		if got := slices.Sorted(maps.Keys(ops[p])); !slices.Equal(got, ms) {
			t.Errorf("route %s answers %v; the document has %v", p, ms, got)
		}
	}
	for p := range ops {
		if _, ok := routes[p]; !ok {
			t.Errorf("the document has %s, which no route serves", p)
		}
	}

	ts := startServer(t, Config{Timeout: time.Minute, MaxBody: 4000, MaxExactCoverBody: 2000, MaxSearches: 1, SearchWait: -1})
	// stub's searches fail: rate with an internal error, hint never
	// ends (until its deadline). It is asked through its handler.
	stub := New(Config{})
	{
		s := stub
		s.rateFunc = func(context.Context, *sudoku.Grid, logic.Options) (logic.Result, error) {
			return logic.Result{}, errors.New("the rater broke")
		}
		s.hintFunc = func(ctx context.Context, _, _ *sudoku.Grid, _ []uint64, _ logic.HintOptions) (logic.HintResult, error) {
			<-ctx.Done()
			return logic.HintResult{}, ctx.Err()
		}
	}
	sol := solveFor(t, ts.url, test1)
	marks := []int{}
	for dg := 1; dg <= 9; dg++ {
		if dg != int(sol[0]-'0') {
			marks = append(marks, dg)
		}
	}
	pencil := make([][]int, 81)
	pencil[0] = marks
	pj, _ := json.Marshal(pencil)
	hintBody := fmt.Sprintf(`{"puzzle":%q,"state":%q,"pencil":%s}`, test1, test1, pj)
	blank := strings.Repeat(".", 81)
	const txt, js = "text/plain", "application/json"

	samples := []sample{
		{"solve text", "POST", "/api/solve", test1, txt, 200, ""},
		{"solve killer", "POST", "/api/solve", `{` + killer4 + `}`, js, 200, ""},
		{"solve jigsaw", "POST", "/api/solve?size=2x2&variant=jigsaw&regions=AABBAABBCCDDCCDD", "1...........4...", txt, 200, ""},
		{"solve parse error", "POST", "/api/solve", "12x4", txt, 400, ""},
		{"solve unknown field", "POST", "/api/solve", `{"puzzle":"` + test1 + `","limt":1}`, "", 400, ""},
		{"solve invalid", "POST", "/api/solve", "11" + test1[2:], txt, 422, ""},
		{"solve too large", "POST", "/api/solve", strings.Repeat(".", 5000), txt, 413, ""},
		{"count", "POST", "/api/count?limit=10", test1, txt, 200, ""},
		{"count stopped", "POST", "/api/count", `{"size":"2x2","puzzle":"................","limit":3}`, js, 200, ""},
		{"count bad limit", "POST", "/api/count?limit=x", test1, txt, 400, ""},
		{"count invalid", "POST", "/api/count", "11" + test1[2:], txt, 422, ""},
		{"check unique", "POST", "/api/check", test1, txt, 200, ""},
		{"check invalid", "POST", "/api/check", "11" + test1[2:], txt, 200, ""},
		{"check multiple", "POST", "/api/check?size=2x2", strings.Repeat(".", 16), txt, 200, ""},
		{"check bad timeout", "POST", "/api/check?timeout=soon", test1, txt, 400, ""},
		{"rate", "POST", "/api/rate?steps=1", test1, txt, 200, ""},
		{"rate multiple", "POST", "/api/rate", blank, txt, 422, ""},
		{"rate internal", "POST", "/api/rate", test1, txt, 500, "stub"},
		{"hint", "POST", "/api/hint", hintBody, js, 200, ""},
		{"hint bad pencil", "POST", "/api/hint", `{"puzzle":"` + test1 + `","pencil":[[1]]}`, js, 400, ""},
		{"hint deadline", "POST", "/api/hint?timeout=50ms", test1, txt, 504, "stub"},
		{"generate", "GET", "/api/generate?size=6&seed=1&symmetry=rot180", "", "", 200, ""},
		{"generate 9x9", "GET", "/api/generate?difficulty=easy&seed=5", "", "", 200, ""},
		{"generate killer", "GET", "/api/generate?variant=killer&size=4&seed=3", "", "", 200, ""},
		{"generate bad size", "GET", "/api/generate?size=7", "", "", 400, ""},
		{"exactcover", "POST", "/api/exactcover?count=1&solutions=2", queens(6), txt, 200, ""},
		{"exactcover budget", "POST", "/api/exactcover?count=1&budget=10", queens(8), txt, 200, ""},
		{"exactcover parse error", "POST", "/api/exactcover", "A B\nA C\n", txt, 400, ""},
		{"exactcover too large", "POST", "/api/exactcover", queens(12), txt, 413, ""},
		{"openapi", "GET", "/api/openapi.json", "", "", 200, ""},
		{"healthz", "GET", "/healthz", "", "", 200, ""},
		{"readyz", "GET", "/readyz", "", "", 200, ""},
		{"metrics", "GET", "/metrics", "", "", 200, ""},
	}
	answered := map[string]map[bool]bool{} // "METHOD path": success, error
	metResponses := map[string]bool{}
	for _, sm := range samples {
		path, _, _ := strings.Cut(sm.path, "?")
		op := ops[path][sm.method]
		if op == nil {
			t.Errorf("%s: %s %s is not in the document", sm.name, sm.method, path)
			continue
		}
		key := sm.method + " " + path
		if answered[key] == nil {
			answered[key] = map[bool]bool{}
		}
		answered[key][sm.status >= 400] = true
		// The request body against the document.
		if sm.ctype != "" {
			rb, _ := d.deref(op["requestBody"])["content"].(map[string]any)
			mt, _ := rb[sm.ctype].(map[string]any)
			if mt == nil {
				t.Errorf("%s: the document has no %s request body for %s", sm.name, sm.ctype, key)
			} else if sm.ctype == js {
				v, err := decodeJSON([]byte(sm.body))
				if err != nil {
					t.Fatalf("%s: request %v", sm.name, err)
				}
				for _, err := range d.validate(mt["schema"], v, "request") {
					t.Errorf("%s: %v", sm.name, err)
				}
			}
		}
		var status int
		var ctype string
		var body []byte
		if sm.srv == "stub" {
			rec := httptest.NewRecorder()
			stub.Handler().ServeHTTP(rec, httptest.NewRequest(sm.method, sm.path, strings.NewReader(sm.body)))
			status, ctype, body = rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes()
		} else {
			status, ctype, body = send(t, sm.method, ts.url+sm.path, sm.body)
		}
		if status != sm.status {
			t.Errorf("%s: status %d, want %d: %.200s", sm.name, status, sm.status, body)
			continue
		}
		validateReply(t, d, sm.name, op, status, ctype, body, metResponses)
	}
	// readyz before Serve: 503, as documented.
	rec := httptest.NewRecorder()
	New(Config{}).Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
	validateReply(t, d, "readyz not ready", ops["/readyz"]["GET"], rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes(), metResponses)
	answered["GET /readyz"][true] = rec.Code == 503

	// busy: the one search slot taken.
	release, err := ts.slots.Acquire(context.Background(), netip.MustParseAddr("192.0.2.1"), 0)
	if err != nil {
		t.Fatal(err)
	}
	status, ctype, body := send(t, "POST", ts.url+"/api/solve", test1)
	release()
	if status != 503 {
		t.Errorf("solve with every slot taken: status %d, want 503", status)
	} else {
		validateReply(t, d, "solve busy", ops["/api/solve"]["POST"], status, ctype, body, metResponses)
	}

	// Every operation answered with success, and with an error where it
	// documents any.
	for p, ms := range ops {
		for m, op := range ms {
			key := m + " " + p
			documentsErrors := false
			for code := range op["responses"].(map[string]any) {
				if n, _ := strconv.Atoi(code); n >= 400 {
					documentsErrors = true
				}
			}
			if !answered[key][false] {
				t.Errorf("%s: no sample of success", key)
			}
			if documentsErrors && !answered[key][true] {
				t.Errorf("%s: no sample of an error", key)
			}
		}
	}

	// Wrong methods: 405 with Allow, the body the MethodNotAllowed
	// response; OPTIONS: 204 with Allow.
	for p, ms := range ops {
		allow := slices.Sorted(maps.Keys(ms))
		if ms["GET"] != nil {
			allow = append(allow, "HEAD")
		}
		allow = append(allow, "OPTIONS")
		for _, m := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"} {
			if slices.Contains(allow, m) && m != "OPTIONS" {
				continue
			}
			req, _ := http.NewRequest(m, ts.url+p, nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			got := strings.Split(resp.Header.Get("Allow"), ", ")
			slices.Sort(got)
			want := slices.Sorted(slices.Values(allow))
			if !slices.Equal(got, want) {
				t.Errorf("%s %s: Allow %q, want %q", m, p, resp.Header.Get("Allow"), strings.Join(allow, ", "))
			}
			if m == "OPTIONS" {
				if resp.StatusCode != http.StatusNoContent {
					t.Errorf("OPTIONS %s: status %d, want 204", p, resp.StatusCode)
				}
				continue
			}
			if resp.StatusCode != http.StatusMethodNotAllowed {
				t.Errorf("%s %s: status %d, want 405: %s", m, p, resp.StatusCode, b)
				continue
			}
			if m == "HEAD" {
				continue // no body
			}
			r := d.deref(d.components("responses")["MethodNotAllowed"])
			validateBody(t, d, m+" "+p, r, resp.Header.Get("Content-Type"), b)
			metResponses["MethodNotAllowed"] = true
		}
	}
	for name := range d.components("responses") {
		if !metResponses[name] {
			t.Errorf("no sample met the response %s", name)
		}
	}
}

// validateReply checks a reply against the operation's response for its
// status, and records the component response it met.
func validateReply(t *testing.T, d *schemaDoc, name string, op map[string]any, status int, ctype string, body []byte, met map[string]bool) {
	t.Helper()
	rs, _ := op["responses"].(map[string]any)
	r, ok := rs[strconv.Itoa(status)]
	if !ok {
		t.Errorf("%s: status %d is not documented", name, status)
		return
	}
	if ref, ok := r.(map[string]any)["$ref"].(string); ok {
		met[ref[strings.LastIndexByte(ref, '/')+1:]] = true
	}
	validateBody(t, d, name, d.deref(r), ctype, body)
}

// validateBody checks a reply's media type and body against a response
// object.
func validateBody(t *testing.T, d *schemaDoc, name string, r map[string]any, ctype string, body []byte) {
	t.Helper()
	mt, _, err := mime.ParseMediaType(ctype)
	if err != nil {
		t.Errorf("%s: Content-Type %q: %v", name, ctype, err)
		return
	}
	content, _ := r["content"].(map[string]any)
	media, ok := content[mt].(map[string]any)
	if !ok {
		t.Errorf("%s: media type %s is not documented (%v)", name, mt, slices.Collect(maps.Keys(content)))
		return
	}
	var v any = string(body)
	if mt == "application/json" {
		if v, err = decodeJSON(body); err != nil {
			t.Errorf("%s: reply %.100q: %v", name, body, err)
			return
		}
	}
	for _, err := range d.validate(media["schema"], v, "$") {
		t.Errorf("%s: %v in %.300s", name, err, body)
	}
}

// send sends a request and returns the status, the Content-Type and the
// body of the reply.
func send(t *testing.T, method, url, body string) (int, string, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), b
}

// solveFor returns the solution of a puzzle, checked.
func solveFor(t *testing.T, url, puzzle string) string {
	t.Helper()
	_, _, m := call(t, "POST", url+"/api/solve", puzzle)
	sol, _ := m["solution"].(string)
	if !validGrid(puzzle, sol, 3, 3) {
		t.Fatalf("solution %q of %s", sol, puzzle)
	}
	return sol
}

// TestOpenAPITypes: the properties of each reply schema are the JSON
// fields of its Go type, and its required ones those without omitempty;
// the request object names every field the decoder takes. (A field added
// to a reply type and not to the document, or the reverse, fails here
// even when no sample shows it.)
func TestOpenAPITypes(t *testing.T) {
	d := loadOpenAPI(t)
	schemas := d.components("schemas")
	errObj := d.deref(schemas["Error"])["properties"].(map[string]any)["error"]
	for _, tt := range []struct {
		name     string
		schema   any
		typ      reflect.Type
		required bool // compare the required fields too
	}{
		{"Error.error", errObj, reflect.TypeFor[apiError](), true},
		{"Cage", schemas["Cage"], reflect.TypeFor[sudoku.Cage](), true},
		{"Candidate", schemas["Candidate"], reflect.TypeFor[logic.Candidate](), true},
		{"Step", schemas["Step"], reflect.TypeFor[logic.Step](), true},
		{"SolveReply", schemas["SolveReply"], reflect.TypeFor[solveReply](), true},
		{"CountReply", schemas["CountReply"], reflect.TypeFor[countReply](), true},
		{"CheckReply", schemas["CheckReply"], reflect.TypeFor[checkReply](), true},
		{"RateReply", schemas["RateReply"], reflect.TypeFor[rateReply](), true},
		{"HintReply", schemas["HintReply"], reflect.TypeFor[hintReply](), true},
		{"GenerateReply", schemas["GenerateReply"], reflect.TypeFor[generateReply](), true},
		{"ExactCoverReply", schemas["ExactCoverReply"], reflect.TypeFor[exactCoverReply](), true},
		{"PuzzleRequest", schemas["PuzzleRequest"], reflect.TypeFor[struct {
			sudoku.PuzzleJSON
			extras
		}](), false},
	} {
		s, _ := tt.schema.(map[string]any)
		if s == nil {
			t.Errorf("%s: no schema", tt.name)
			continue
		}
		fields := jsonFields(tt.typ)
		props, _ := s["properties"].(map[string]any)
		if got, want := slices.Sorted(maps.Keys(props)), slices.Sorted(maps.Keys(fields)); !slices.Equal(got, want) {
			t.Errorf("%s: properties %v, want the fields of %v: %v", tt.name, got, tt.typ, want)
		}
		if s["additionalProperties"] != false {
			t.Errorf("%s: additionalProperties %v, want false", tt.name, s["additionalProperties"])
		}
		if !tt.required {
			continue
		}
		var got []string
		req, _ := s["required"].([]any)
		for _, r := range req {
			got = append(got, fmt.Sprint(r))
		}
		var want []string
		for f, omit := range fields {
			if !omit {
				want = append(want, f)
			}
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: required %v, want the fields without omitempty: %v", tt.name, got, want)
		}
	}
}

// jsonFields returns the JSON names of a struct type's fields, as
// encoding/json writes them (embedded structs without a tag flattened),
// each with whether it has omitempty.
func jsonFields(typ reflect.Type) map[string]bool {
	fields := map[string]bool{}
	for f := range typ.Fields() {
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				maps.Copy(fields, jsonFields(ft))
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields[name] = strings.Contains(","+opts+",", ",omitempty,")
	}
	return fields
}
