package server

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestRateHintGenerate(t *testing.T) {
	ts := startServer(t, Config{Timeout: time.Minute})
	status, _, m := call(t, "POST", ts.url+"/api/rate?steps=1", test1)
	if status != 200 {
		t.Fatalf("rate: %d %v", status, m)
	}
	if r, _ := m["rating"].(float64); r < 1 || r > 12 || m["level"] == "" || len(m["steps"].([]any)) == 0 {
		t.Errorf("rate: %v", m)
	}
	status, _, m = call(t, "POST", ts.url+"/api/rate", strings.Repeat(".", 81))
	if status != 422 || get(m, "error.code") != "multiple" {
		t.Errorf("rate blank: %d %v, want 422 multiple", status, m)
	}

	// A solution to make a state from, found by the service and checked here.
	_, _, m = call(t, "POST", ts.url+"/api/solve", test1)
	sol, _ := m["solution"].(string)
	if !validGrid(test1, sol, 3, 3) {
		t.Fatalf("solution %q", sol)
	}
	wrong := []byte(test1)
	wrong[0] = '1' + (sol[0]-'1'+1)%9 // not the solution's digit
	status, _, m = call(t, "POST", ts.url+"/api/hint", fmt.Sprintf(`{"puzzle":%q,"state":%q}`, test1, wrong))
	if status != 200 || fmt.Sprint(m["mistakes"]) != "[0]" || get(m, "step.technique") != "Mistake" {
		t.Errorf("hint with a mistake: %d %v", status, m)
	}
	status, _, m = call(t, "POST", ts.url+"/api/hint", fmt.Sprintf(`{"puzzle":%q,"state":%q}`, test1, test1))
	if status != 200 || len(m["mistakes"].([]any)) != 0 || get(m, "step.explanation") == "" || m["solved"] != false {
		t.Errorf("hint: %d %v", status, m)
	}
	status, _, m = call(t, "POST", ts.url+"/api/hint", fmt.Sprintf(`{"puzzle":%q,"state":%q}`, test1, sol))
	if status != 200 || m["solved"] != true {
		t.Errorf("hint on the solution: %d %v", status, m)
	}
	status, _, m = call(t, "POST", ts.url+"/api/hint", fmt.Sprintf(`{"puzzle":%q,"state":"12"}`, test1))
	if status != 400 {
		t.Errorf("hint with a bad state: %d %v", status, m)
	}

	for _, size := range []string{"4", "6", "9"} {
		status, _, m = call(t, "GET", ts.url+"/api/generate?size="+size+"&difficulty=easy&seed=7&symmetry=rot180", "")
		if status != 200 {
			t.Fatalf("generate size %s: %d %v", size, status, m)
		}
		sh := map[string][2]int{"4": {2, 2}, "6": {2, 3}, "9": {3, 3}}[size]
		p, s := m["puzzle"].(string), m["solution"].(string)
		if !validGrid(p, s, sh[0], sh[1]) {
			t.Errorf("generate size %s: solution %q does not solve %q", size, s, p)
		}
		n := len(p)
		for i := range n {
			if (p[i] == '.') != (p[n-1-i] == '.') {
				t.Errorf("generate size %s: %q is not symmetric under a half turn", size, p)
				break
			}
		}
	}
	if m["level"] != "easy" {
		t.Errorf("generate 9x9 easy: level %v", m["level"])
	}
	_, _, again := call(t, "GET", ts.url+"/api/generate?size=9&difficulty=easy&seed=7&symmetry=rot180", "")
	if again["puzzle"] != m["puzzle"] {
		t.Errorf("the same seed gave %v then %v", m["puzzle"], again["puzzle"])
	}
	status, _, m = call(t, "GET", ts.url+"/api/generate?difficulty=impossible", "")
	if status != 400 {
		t.Errorf("bad difficulty: %d %v", status, m)
	}
}
