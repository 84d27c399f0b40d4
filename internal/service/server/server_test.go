package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// test1 is the first puzzle of data/test1000; its unique solution is
// checked by validGrid, not written here.
const test1 = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

type testServer struct {
	*Server
	url, line string
	// stop shuts the server down (once) and returns Serve's error.
	stop func() error
}

// startServer serves cfg on loopback ports, after applying the setup
// functions to the new server. At the end of the test it shuts the server
// down and checks that its goroutines are gone.
func startServer(t *testing.T, cfg Config, setup ...func(*Server)) *testServer {
	t.Helper()
	base := runtime.NumGoroutine()
	hl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ll, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(cfg)
	for _, f := range setup {
		f(s)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, hl, ll) }()
	stop := sync.OnceValue(func() error {
		cancel()
		return <-done
	})
	t.Cleanup(func() {
		if err := stop(); err != nil {
			t.Errorf("Serve: %v", err)
		}
		http.DefaultClient.CloseIdleConnections()
		waitGoroutines(t, base)
	})
	return &testServer{Server: s, url: "http://" + hl.Addr().String(), line: ll.Addr().String(), stop: stop}
}

func waitGoroutines(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > base {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("%d goroutines, want at most %d:\n%s", runtime.NumGoroutine(), base, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// call sends a request and decodes the JSON reply into a map.
func call(t *testing.T, method, url, body string) (int, http.Header, map[string]any) {
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
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s %s: reply %q is not a JSON object: %v", method, url, b, err)
	}
	return resp.StatusCode, resp.Header, m
}

// get returns the value at a dotted path of a decoded JSON object.
func get(m map[string]any, path string) any {
	var v any = m
	for _, k := range strings.Split(path, ".") {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

// validGrid reports whether sol is a complete valid n×n grid (boxes br×bc,
// digits in the default alphabet of its size) keeping puzzle's givens.
func validGrid(puzzle, sol string, br, bc int) bool {
	n := br * bc
	alpha := "123456789ABCDEFG"[:n]
	if n > 9 {
		alpha = "ABCDEFGHIJKLMNOP"[:n]
	}
	if len(sol) != n*n || len(puzzle) != n*n {
		return false
	}
	val := func(s string, i int) int { return strings.IndexByte(alpha, s[i]) }
	for i := range n * n {
		if val(sol, i) < 0 {
			return false
		}
		if p := val(puzzle, i); p >= 0 && p != val(sol, i) {
			return false
		}
	}
	for u := range n {
		var row, col, box [16]bool
		for k := range n {
			r, c := val(sol, u*n+k), val(sol, k*n+u)
			b := val(sol, (u/br*br+k/bc)*n+u%br*bc+k%bc)
			if row[r] || col[c] || box[b] {
				return false
			}
			row[r], col[c], box[b] = true, true, true
		}
	}
	return true
}

func TestSolveCountCheck(t *testing.T) {
	ts := startServer(t, Config{Timeout: time.Minute}) // the race detector is slow
	grid3 := ""                                        // test1 as a multi-line grid with a bad symbol on line 3, column 5
	for r := range 9 {
		row := test1[r*9 : r*9+9]
		if r == 2 {
			row = row[:4] + "x" + row[5:]
		}
		grid3 += row + "\n"
	}
	clash := "11" + test1[2:]
	noSol := "123456780000000009" + strings.Repeat("0", 63)
	tests := []struct {
		name, path, body string
		status           int
		check            func(t *testing.T, m map[string]any)
	}{
		{"solve", "/api/solve", test1, 200, func(t *testing.T, m map[string]any) {
			if s, _ := m["solution"].(string); !validGrid(test1, s, 3, 3) {
				t.Errorf("solution %q", s)
			}
			if get(m, "method") != "fast" {
				t.Errorf("method %v, want fast", get(m, "method"))
			}
		}},
		{"solve multi-line", "/api/solve", strings.ReplaceAll(grid3, "x", "0"), 200, func(t *testing.T, m map[string]any) {
			// The solution comes in the puzzle's format: 9 lines.
			text, _ := m["solution"].(string)
			if strings.Count(text, "\n") != 8 || !validGrid(test1, strings.ReplaceAll(text, "\n", ""), 3, 3) {
				t.Errorf("solution %q, want 9 lines", text)
			}
		}},
		{"solve json", "/api/solve", `{"puzzle":"` + test1 + `"}`, 200, func(t *testing.T, m map[string]any) {
			if s, _ := m["solution"].(string); !validGrid(test1, s, 3, 3) {
				t.Errorf("solution %q", s)
			}
		}},
		{"solve 4x4", "/api/solve", `{"size":"2x2","puzzle":"1...........4..."}`, 200, func(t *testing.T, m map[string]any) {
			if s, _ := m["solution"].(string); !validGrid("1...........4...", s, 2, 2) {
				t.Errorf("solution %q", s)
			}
		}},
		{"solve 6x6 diagonal", "/api/solve?variant=diagonal", strings.Repeat(".", 36), 200, func(t *testing.T, m map[string]any) {
			s, _ := m["solution"].(string)
			if !validGrid(strings.Repeat(".", 36), s, 2, 3) {
				t.Fatalf("solution %q", s)
			}
			for k := range 6 {
				for j := range k {
					if s[k*7] == s[j*7] || s[(k+1)*5] == s[(j+1)*5] {
						t.Fatalf("solution %q breaks a diagonal", s)
					}
				}
			}
		}},
		{"parse error position", "/api/solve", grid3, 400, func(t *testing.T, m map[string]any) {
			if get(m, "error.code") != "parse_error" || get(m, "error.line") != 3.0 || get(m, "error.column") != 5.0 {
				t.Errorf("error %v, want parse_error at line 3 column 5", m["error"])
			}
		}},
		{"json syntax error", "/api/solve", "{\n  \"puzzle\": \"1\",\n  x\n}", 400, func(t *testing.T, m map[string]any) {
			if get(m, "error.code") != "parse_error" || get(m, "error.line") != 3.0 || get(m, "error.column") != 3.0 {
				t.Errorf("error %v, want parse_error at line 3 column 3", m["error"])
			}
		}},
		{"empty body", "/api/solve", "", 400, nil},
		{"two puzzles", "/api/solve", test1 + "\n" + test1 + "\n", 400, nil},
		{"bad size", "/api/solve?size=7", test1, 400, nil},
		{"clash", "/api/solve", clash, 422, func(t *testing.T, m map[string]any) {
			if get(m, "error.code") != "invalid" || len(get(m, "error.clashes").([]any)) == 0 {
				t.Errorf("error %v, want invalid with clashes", m["error"])
			}
		}},
		{"no solution", "/api/solve", noSol, 422, func(t *testing.T, m map[string]any) {
			if get(m, "error.code") != "no_solution" {
				t.Errorf("error %v, want no_solution", m["error"])
			}
		}},
		{"count unique", "/api/count?limit=10", test1, 200, func(t *testing.T, m map[string]any) {
			if get(m, "count") != 1.0 || get(m, "complete") != true {
				t.Errorf("reply %v, want count 1, complete", m)
			}
		}},
		{"count 4x4 blank", "/api/count?limit=1000", strings.Repeat(".", 16), 200, func(t *testing.T, m map[string]any) {
			if get(m, "count") != 288.0 || get(m, "complete") != true { // the number of 4x4 Sudoku grids
				t.Errorf("reply %v, want count 288, complete", m)
			}
		}},
		{"count json limit", "/api/count", `{"puzzle":"` + strings.Repeat(".", 81) + `","limit":20000}`, 200, func(t *testing.T, m map[string]any) {
			if get(m, "count") != 20000.0 || get(m, "method") != "fast" || get(m, "complete") != false || get(m, "stopped") != "limit" {
				t.Errorf("reply %v, want count 20000 by the fast solver, stopped at the limit", m)
			}
		}},
		{"count default limit", "/api/count", strings.Repeat(".", 16), 200, func(t *testing.T, m map[string]any) {
			if get(m, "count") != 2.0 || get(m, "limit") != 2.0 || get(m, "complete") != false || get(m, "stopped") != "limit" {
				t.Errorf("reply %v, want count 2 of the default limit 2, stopped at the limit", m)
			}
		}},
		{"count limit 0 counts all", "/api/count?limit=0", strings.Repeat(".", 16), 200, func(t *testing.T, m map[string]any) {
			if get(m, "count") != 288.0 || get(m, "complete") != true || m["stopped"] != nil || m["limit"] != nil {
				t.Errorf("reply %v, want count 288, complete, no limit and no stopped", m)
			}
		}},
		{"count json limit 0", "/api/count?limit=5", `{"puzzle":"` + strings.Repeat(".", 16) + `","limit":0}`, 200, func(t *testing.T, m map[string]any) {
			if get(m, "count") != 288.0 || get(m, "complete") != true {
				t.Errorf("reply %v, want count 288, complete", m)
			}
		}},
		{"count json negative limit", "/api/count", `{"puzzle":"` + test1 + `","limit":-5}`, 400, func(t *testing.T, m map[string]any) {
			if get(m, "error.code") != "bad_request" {
				t.Errorf("error %v, want bad_request", m["error"])
			}
		}},
		{"count negative limit", "/api/count?limit=-5", test1, 400, nil},
		{"count limit 0 deadline", "/api/count?limit=0&timeout=200ms", strings.Repeat(".", 81), 200, func(t *testing.T, m map[string]any) {
			if get(m, "complete") != false || get(m, "stopped") != "deadline" || get(m, "method") != "fast" {
				t.Errorf("reply %v, want a count by the fast solver stopped at the deadline", m)
			}
		}},
		{"count limit too big", "/api/count?limit=99999999", test1, 400, nil},
		{"count clash", "/api/count", clash, 422, nil},
		{"check unique", "/api/check", test1, 200, func(t *testing.T, m map[string]any) {
			if get(m, "verdict") != "unique" {
				t.Errorf("verdict %v", m["verdict"])
			}
		}},
		{"check multiple", "/api/check", strings.Repeat(".", 81), 200, func(t *testing.T, m map[string]any) {
			if get(m, "verdict") != "multiple" {
				t.Errorf("verdict %v", m["verdict"])
			}
		}},
		{"check invalid", "/api/check", clash, 200, func(t *testing.T, m map[string]any) {
			if get(m, "verdict") != "invalid" || get(m, "clashes") == nil {
				t.Errorf("reply %v", m)
			}
		}},
		// The rater handles every side up to 64: an empty 64x64 is
		// refused for its many solutions, not for its size.
		{"rate 64x64", "/api/rate", strings.Repeat(".", 64*64), 422, func(t *testing.T, m map[string]any) {
			if get(m, "error.code") != "multiple" {
				t.Errorf("error %v, want multiple", m["error"])
			}
		}},
		{"hint 64x64", "/api/hint", strings.Repeat(".", 64*64), 422, func(t *testing.T, m map[string]any) {
			if get(m, "error.code") != "multiple" {
				t.Errorf("error %v, want multiple", m["error"])
			}
		}},
		{"unknown endpoint", "/api/nothing", test1, 404, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, _, m := call(t, "POST", ts.url+tt.path, tt.body)
			if status != tt.status {
				t.Fatalf("status %d, want %d; reply %v", status, tt.status, m)
			}
			if status >= 400 {
				if msg, _ := get(m, "error.message").(string); msg == "" {
					t.Errorf("error reply %v without a message", m)
				}
			}
			if tt.check != nil {
				tt.check(t, m)
			}
		})
	}
}

func TestBodyLimit(t *testing.T) {
	ts := startServer(t, Config{MaxBody: 1000})
	status, _, m := call(t, "POST", ts.url+"/api/solve", strings.Repeat(".", 2000))
	if status != 413 || get(m, "error.code") != "too_large" {
		t.Errorf("status %d %v, want 413 too_large", status, m)
	}
	status, _, _ = call(t, "POST", ts.url+"/api/exactcover", strings.Repeat("a ", 200<<10))
	if status != 413 {
		t.Errorf("exact cover: status %d, want 413", status)
	}
}

// TestDeadline: searches stop at their deadline, whatever the input.
func TestDeadline(t *testing.T) {
	ts := startServer(t, Config{Timeout: 300 * time.Millisecond})
	blank := func(n int) string { return fmt.Sprintf(`{"size":"%d","cells":[%s0]}`, n, strings.Repeat("0,", n*n-1)) }
	for _, tt := range []struct{ name, path, body string }{
		{"count 16x16 blank", "/api/count?limit=1000000", blank(16)},
		{"solve 64x64 blank", "/api/solve", blank(64)},
		{"check 64x64 blank", "/api/check", blank(64)},
		{"exact cover queens", "/api/exactcover?count=1", queens(20)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			status, _, m := call(t, "POST", ts.url+tt.path, tt.body)
			d := time.Since(start)
			t.Logf("status %d in %v: %.200v", status, d, m)
			if status != 200 && status != 504 {
				t.Errorf("status %d, want 200 or 504", status)
			}
			if status == 200 && get(m, "complete") == false && get(m, "stopped") != "deadline" {
				t.Errorf("stopped %v, want deadline", get(m, "stopped"))
			}
			// Generous: the machine is shared, and an uncancelled search
			// of these would run for minutes.
			if d > 10*time.Second {
				t.Errorf("the request took %v with a deadline of 300ms", d)
			}
		})
	}
	waitIdle(t, ts)
}

// waitIdle waits until no search runs.
func waitIdle(t *testing.T, ts *testServer) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for ts.slots.InUse() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d searches still running", ts.slots.InUse())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// queens returns the n-queens problem in Knuth's format.
func queens(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "R%d C%d ", i, i)
	}
	b.WriteString("|")
	for i := range 2*n - 1 {
		fmt.Fprintf(&b, " A%d B%d", i, i)
	}
	b.WriteString("\n")
	for r := range n {
		for c := range n {
			fmt.Fprintf(&b, "R%d C%d A%d B%d\n", r, c, r+c, r-c+n-1)
		}
	}
	return b.String()
}

func TestExactCover(t *testing.T) {
	ts := startServer(t, Config{Timeout: time.Minute})
	knuth := "| Knuth's example\nA B C D E F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n"
	status, _, m := call(t, "POST", ts.url+"/api/exactcover?solutions=5", knuth)
	if status != 200 {
		t.Fatalf("status %d %v", status, m)
	}
	sols, _ := get(m, "solutions").([]any)
	if len(sols) != 1 || get(m, "count") != 1.0 || get(m, "complete") != true {
		t.Fatalf("reply %v, want one solution, complete", m)
	}
	var got []string
	for _, o := range sols[0].([]any) {
		got = append(got, o.(string))
	}
	if strings.Join(got, ";") != "A D;B G;C E F" && strings.Join(got, ";") != "C E F;A D;B G" {
		// Any order of the three options is right.
		set := map[string]bool{}
		for _, o := range got {
			set[o] = true
		}
		if len(got) != 3 || !set["A D"] || !set["B G"] || !set["C E F"] {
			t.Errorf("solution %q, want A D, B G, C E F", got)
		}
	}
	// Eight queens: 92 solutions.
	status, _, m = call(t, "POST", ts.url+"/api/exactcover?count=1&solutions=0", queens(8))
	if status != 200 || get(m, "count") != 92.0 || get(m, "complete") != true {
		t.Errorf("8 queens: %d %v, want count 92", status, m)
	}
	status, _, m = call(t, "POST", ts.url+"/api/exactcover?count=1&limit=10", queens(8))
	if status != 200 || get(m, "count") != 10.0 || get(m, "stopped") != "limit" || len(get(m, "solutions").([]any)) != 1 {
		t.Errorf("8 queens limit 10: %d %v", status, m)
	}
	// The node budget: a sequential search stops after exactly that many
	// nodes.
	for _, budget := range []float64{1, 1000} {
		status, _, m = call(t, "POST", ts.url+fmt.Sprintf("/api/exactcover?count=1&budget=%v", budget), queens(16))
		if nodes, _ := get(m, "nodes").(float64); status != 200 || get(m, "stopped") != "node budget" || get(m, "complete") != false || nodes > budget || nodes < 1 {
			t.Errorf("16 queens with budget %v: %d %v, want at most %v nodes, stopped by the node budget", budget, status, m, budget)
		}
	}
	if status, _, m = call(t, "POST", ts.url+"/api/exactcover?budget=0", queens(4)); status != 400 {
		t.Errorf("budget 0: %d %v, want 400", status, m)
	}
	// Parse errors name line and column.
	status, _, m = call(t, "POST", ts.url+"/api/exactcover", "A B\nA C\n")
	if status != 400 || get(m, "error.line") != 2.0 || get(m, "error.column") != 3.0 {
		t.Errorf("unknown item: %d %v, want 400 at line 2 column 3", status, m)
	}
}

// TestBusy: beyond MaxSearches, 503 with Retry-After.
func TestBusy(t *testing.T) {
	ts := startServer(t, Config{MaxSearches: 1, SearchWait: -1, Timeout: 3 * time.Second})
	slow := make(chan int)
	go func() {
		resp, err := http.Post(ts.url+"/api/exactcover?count=1&timeout=1s", "text/plain", strings.NewReader(queens(20)))
		if err != nil {
			slow <- 0
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		slow <- resp.StatusCode
	}()
	deadline := time.Now().Add(2 * time.Second)
	for ts.slots.InUse() == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	status, h, m := call(t, "POST", ts.url+"/api/solve", test1)
	if status != 503 || h.Get("Retry-After") == "" || get(m, "error.code") != "busy" {
		t.Errorf("second search: %d Retry-After=%q %v, want 503 busy with Retry-After", status, h.Get("Retry-After"), m)
	}
	if s := <-slow; s != 200 {
		t.Errorf("first search: status %d", s)
	}
	status, _, _ = call(t, "POST", ts.url+"/api/solve", test1)
	if status != 200 {
		t.Errorf("after the slow search: status %d", status)
	}
	_, _, mt := call(t, "GET", ts.url+"/healthz", "")
	if mt["status"] != "ok" {
		t.Errorf("healthz %v", mt)
	}
	b := fetch(t, ts.url+"/metrics")
	for _, want := range []string{
		`sudoku_rejected_requests_total{reason="busy"} 1`,
		`sudoku_http_requests_total{code="503",route="solve"} 1`,
		`sudoku_http_request_duration_seconds_bucket{route="solve"`,
		`sudoku_puzzles_solved_total{kind="sudoku"} 1`,
		`sudoku_search_nodes_total{kind="exactcover"}`,
		`sudoku_line_requests_total 0`,
	} {
		if !strings.Contains(b, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

func fetch(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// TestGracefulShutdown: a request in flight when the server is told to
// stop still gets its answer.
func TestGracefulShutdown(t *testing.T) {
	hl, _ := net.Listen("tcp", "127.0.0.1:0")
	s := New(Config{Timeout: 5 * time.Second})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, hl, nil) }()
	url := "http://" + hl.Addr().String()
	got := make(chan int)
	go func() {
		// Counts 16 queens until its 700 ms deadline: in flight for a while.
		resp, err := http.Post(url+"/api/exactcover?count=1&timeout=700ms", "text/plain", strings.NewReader(queens(16)))
		if err != nil {
			got <- 0
			return
		}
		var m map[string]any
		json.NewDecoder(resp.Body).Decode(&m)
		resp.Body.Close()
		got <- resp.StatusCode
	}()
	for s.slots.InUse() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if status := <-got; status != 200 {
		t.Errorf("request in flight at shutdown: status %d, want 200", status)
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if _, err := http.Post(url+"/api/solve", "text/plain", bytes.NewReader([]byte(test1))); err == nil {
		t.Error("the server still answers after shutdown")
	}
}
