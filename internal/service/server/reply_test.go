package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// checkKeys checks the keys of a decoded reply, at every depth: snake
// case, no other way to say a search stopped early than complete/stopped,
// times only in milliseconds, solution a string. The keys of a
// "techniques" map are technique names, not keys.
func checkKeys(t *testing.T, where string, v any) {
	t.Helper()
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			checkKeys(t, where, e)
		}
	case map[string]any:
		for k, e := range v {
			if !snakeCase.MatchString(k) {
				t.Errorf("%s: key %q is not snake case", where, k)
			}
			switch k {
			case "partial", "limit_reached", "seconds", "us", "micros":
				t.Errorf("%s: key %q (see the JSON conventions)", where, k)
			case "solution":
				if _, ok := e.(string); !ok {
					t.Errorf("%s: solution %v is not a string", where, e)
				}
			case "techniques":
				continue
			}
			if strings.HasSuffix(k, "_us") || strings.HasSuffix(k, "_seconds") || strings.HasSuffix(k, "_s") {
				t.Errorf("%s: key %q: times are in milliseconds (ms, *_ms)", where, k)
			}
			checkKeys(t, where, e)
		}
		if c, ok := v["complete"]; ok {
			stopped, has := v["stopped"]
			switch {
			case c == true && has:
				t.Errorf("%s: complete with stopped %v", where, stopped)
			case c == false && stopped != "limit" && stopped != "deadline" && stopped != "node budget" && stopped != "interrupted":
				t.Errorf("%s: incomplete with stopped %v", where, stopped)
			}
		} else if _, has := v["stopped"]; has {
			t.Errorf("%s: stopped without complete", where)
		}
	}
}

// TestReplyConventions sends a request of every kind, and errors of every
// kind, and checks each reply against the JSON conventions shared with the
// commands (docs/formats.md): one compact object and a line end; snake
// case keys; solution a string; times in ms; complete/stopped; errors as
// {"error": {"code", "message", "line", "column"}} (and clashes).
func TestReplyConventions(t *testing.T) {
	ts := startServer(t, Config{Timeout: time.Minute, MaxBody: 4000})
	multiLine := ""
	for r := range 9 {
		multiLine += test1[r*9:r*9+9] + "\n"
	}
	// Pencil marks in cell 0 that leave out its digit in the solution:
	// every digit but that one.
	_, _, sm := call(t, "POST", ts.url+"/api/solve", test1)
	sol, _ := sm["solution"].(string)
	if !validGrid(test1, sol, 3, 3) {
		t.Fatalf("solution %q", sol)
	}
	var marks []int
	for d := 1; d <= 9; d++ {
		if d != int(sol[0]-'0') {
			marks = append(marks, d)
		}
	}
	pencil := make([][]int, 81)
	pencil[0] = marks
	pj, _ := json.Marshal(pencil)
	hintBody := fmt.Sprintf(`{"puzzle":%q,"state":%q,"pencil":%s}`, test1, test1, pj)

	codes := map[string]bool{"bad_request": true, "not_found": true, "method_not_allowed": true, "parse_error": true, "too_large": true, "invalid": true,
		"no_solution": true, "multiple": true, "unsupported": true, "busy": true, "deadline": true, "canceled": true, "internal": true}
	tests := []struct {
		method, path, body string
		status             int
		want               []string // keys the reply must have
	}{
		{"POST", "/api/solve", test1, 200, []string{"size", "puzzle", "solution", "work", "method", "ms"}},
		{"POST", "/api/solve", multiLine, 200, []string{"solution"}},
		{"POST", "/api/solve?size=2x2", "1...........4...", 200, []string{"solution"}},
		{"POST", "/api/count?limit=10", test1, 200, []string{"count", "limit", "complete", "work", "method", "ms"}},
		{"POST", "/api/count?limit=3", strings.Repeat(".", 16), 200, []string{"count", "complete", "stopped"}},
		{"POST", "/api/count?limit=0&timeout=50ms", strings.Repeat(".", 81), 200, []string{"count", "complete", "stopped"}},
		{"POST", "/api/check", test1, 200, []string{"size", "puzzle", "verdict", "message", "solution", "ms"}},
		{"POST", "/api/check", "11" + test1[2:], 200, []string{"verdict", "clashes"}},
		{"POST", "/api/rate?steps=1", test1, 200, []string{"rating", "level", "hardest", "techniques", "steps", "ms"}},
		{"POST", "/api/hint", hintBody, 200, []string{"mistakes", "pencil_mistakes", "step", "solved", "ms"}},
		{"GET", "/api/generate?size=6&seed=1", "", 200, []string{"size", "puzzle", "solution", "givens", "symmetry", "seed", "ms"}},
		{"POST", "/api/exactcover?count=1", queens(6), 200, []string{"items", "options", "solutions", "count", "complete", "nodes", "updates", "ms"}},
		{"POST", "/api/exactcover?count=1&budget=10", queens(8), 200, []string{"complete", "stopped"}},
		{"GET", "/healthz", "", 200, []string{"status"}},
		{"POST", "/api/solve", "12x4", 400, []string{"error.code", "error.message", "error.line"}},
		{"POST", "/api/exactcover", "A B\nA C\n", 400, []string{"error.line", "error.column"}},
		{"POST", "/api/count?limit=x", test1, 400, []string{"error.code"}},
		{"POST", "/api/solve", "11" + test1[2:], 422, []string{"error.code", "error.clashes"}},
		{"POST", "/api/rate", strings.Repeat(".", 81), 422, []string{"error.code"}},
		{"POST", "/api/solve", strings.Repeat(".", 5000), 413, []string{"error.code"}},
		{"POST", "/api/nothing", "", 404, []string{"error.code"}}, // not_found
	}
	for _, tt := range tests {
		where := tt.method + " " + tt.path
		req, _ := http.NewRequest(tt.method, ts.url+tt.path, strings.NewReader(tt.body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tt.status {
			t.Errorf("%s: status %d, want %d: %s", where, resp.StatusCode, tt.status, b)
			continue
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, b); err != nil || compact.String()+"\n" != string(b) {
			t.Errorf("%s: reply %q is not one compact JSON object and a line end (%v)", where, b, err)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q", where, ct)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Errorf("%s: %v", where, err)
			continue
		}
		checkKeys(t, where, m)
		for _, k := range tt.want {
			if get(m, k) == nil {
				t.Errorf("%s: no %s in %s", where, k, b)
			}
		}
		if tt.status >= 400 {
			e, _ := m["error"].(map[string]any)
			if len(m) != 1 || e == nil || !codes[fmt.Sprint(e["code"])] || e["message"] == "" {
				t.Errorf("%s: error reply %s, want {\"error\": {\"code\", \"message\", ...}} with a code of jsonfmt", where, b)
			}
			for k := range e {
				switch k {
				case "code", "message", "line", "column", "clashes":
				default:
					t.Errorf("%s: error key %q", where, k)
				}
			}
		}
	}
}
