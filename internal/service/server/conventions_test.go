package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// do sends one request to a server's handler.
func do(s *Server, method, target, body string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	return rec
}

// TestMethodNotAllowed: a method an endpoint does not answer gets 405
// with Allow and the JSON error method_not_allowed (the catch-all /api/
// route answered 404 not_found, so GET /api/solve looked like a typo in
// the path); OPTIONS gets 204 with Allow; an unknown path keeps its 404.
func TestMethodNotAllowed(t *testing.T) {
	s := New(Config{})
	for _, tt := range []struct {
		method, path string
		status       int
		allow, code  string
	}{
		{"GET", "/api/solve", 405, "POST, OPTIONS", "method_not_allowed"},
		{"PUT", "/api/count", 405, "POST, OPTIONS", "method_not_allowed"},
		{"DELETE", "/api/check", 405, "POST, OPTIONS", "method_not_allowed"},
		{"GET", "/api/rate", 405, "POST, OPTIONS", "method_not_allowed"},
		{"HEAD", "/api/hint", 405, "POST, OPTIONS", ""},
		{"POST", "/api/generate", 405, "GET, HEAD, OPTIONS", "method_not_allowed"},
		{"GET", "/api/exactcover", 405, "POST, OPTIONS", "method_not_allowed"},
		{"POST", "/api/openapi.json", 405, "GET, HEAD, OPTIONS", "method_not_allowed"},
		{"POST", "/healthz", 405, "GET, HEAD, OPTIONS", "method_not_allowed"},
		{"PATCH", "/readyz", 405, "GET, HEAD, OPTIONS", "method_not_allowed"},
		{"POST", "/metrics", 405, "GET, HEAD, OPTIONS", "method_not_allowed"},
		{"OPTIONS", "/api/solve", 204, "POST, OPTIONS", ""},
		{"OPTIONS", "/api/generate", 204, "GET, HEAD, OPTIONS", ""},
		{"OPTIONS", "/healthz", 204, "GET, HEAD, OPTIONS", ""},
		{"HEAD", "/api/generate?size=4&seed=1", 200, "", ""},
		{"HEAD", "/healthz", 200, "", ""},
		{"GET", "/api/nothing", 404, "", "not_found"},
		{"POST", "/api/nothing", 404, "", "not_found"},
		{"OPTIONS", "/api/nothing", 404, "", "not_found"},
		{"POST", "/", 405, "GET, HEAD", ""}, // the page
	} {
		rec := do(s, tt.method, tt.path, "")
		where := tt.method + " " + tt.path
		if rec.Code != tt.status || rec.Header().Get("Allow") != tt.allow {
			t.Errorf("%s: %d, Allow %q; want %d, %q", where, rec.Code, rec.Header().Get("Allow"), tt.status, tt.allow)
		}
		if tt.code == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil || get(m, "error.code") != tt.code || get(m, "error.message") == "" {
			t.Errorf("%s: body %q, want the error %s", where, rec.Body, tt.code)
		}
	}
	// The message names what the endpoint answers.
	if rec := do(s, "GET", "/api/solve", ""); !strings.Contains(rec.Body.String(), `/api/solve answers POST, not \"GET\"`) {
		t.Errorf("GET /api/solve: %s", rec.Body)
	}
}

// TestCORS: off by default (no Access-Control header, whatever the
// Origin); with allowed origins, the API's replies to them (errors too)
// carry Access-Control-Allow-Origin and preflights for a method of the
// endpoint are answered; other origins, other methods and the operator's
// endpoints get nothing.
func TestCORS(t *testing.T) {
	const acao = "Access-Control-Allow-Origin"
	off := New(Config{})
	on := New(Config{CORSOrigins: []string{"https://a.example:443", "HTTP://LocalHost:3000"}})
	any := New(Config{CORSOrigins: []string{"*"}})
	preflight := func(method, headers string) []string {
		return []string{"Origin", "https://a.example", "Access-Control-Request-Method", method, "Access-Control-Request-Headers", headers}
	}
	for _, tt := range []struct {
		name         string
		s            *Server
		method, path string
		header       []string
		status       int
		want         map[string]string // headers; "" absent
	}{
		{"off", off, "POST", "/api/solve", []string{"Origin", "https://a.example"}, 200, map[string]string{acao: "", "Vary": ""}},
		{"off preflight", off, "OPTIONS", "/api/solve", preflight("POST", "content-type"), 204,
			map[string]string{acao: "", "Access-Control-Allow-Methods": "", "Allow": "POST, OPTIONS"}},
		{"allowed", on, "POST", "/api/solve", []string{"Origin", "https://a.example"}, 200,
			map[string]string{acao: "https://a.example", "Vary": "Origin", "Access-Control-Expose-Headers": "Retry-After"}},
		{"allowed, normalized port and case", on, "GET", "/api/generate?size=4&seed=2", []string{"Origin", "http://localhost:3000"}, 200,
			map[string]string{acao: "http://localhost:3000"}},
		{"allowed error", on, "POST", "/api/solve", []string{"Origin", "https://a.example"}, 400, map[string]string{acao: "https://a.example"}},
		{"allowed 405", on, "GET", "/api/solve", []string{"Origin", "https://a.example"}, 405, map[string]string{acao: "https://a.example"}},
		{"allowed 404", on, "GET", "/api/nothing", []string{"Origin", "https://a.example"}, 404, map[string]string{acao: "https://a.example"}},
		{"other origin", on, "POST", "/api/solve", []string{"Origin", "https://evil.example"}, 200, map[string]string{acao: "", "Vary": "Origin"}},
		{"other port", on, "POST", "/api/solve", []string{"Origin", "https://a.example:8443"}, 200, map[string]string{acao: ""}},
		{"no origin", on, "POST", "/api/solve", nil, 200, map[string]string{acao: "", "Vary": "Origin"}},
		{"preflight", on, "OPTIONS", "/api/solve", preflight("POST", "content-type"), 204, map[string]string{
			acao: "https://a.example", "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "Content-Type",
			"Access-Control-Max-Age": "600", "Allow": "POST, OPTIONS"}},
		{"preflight GET", on, "OPTIONS", "/api/generate", preflight("GET", ""), 204, map[string]string{
			acao: "https://a.example", "Access-Control-Allow-Methods": "GET, HEAD"}},
		{"preflight other method", on, "OPTIONS", "/api/solve", preflight("DELETE", ""), 204, map[string]string{
			acao: "", "Access-Control-Allow-Methods": ""}},
		{"preflight other origin", on, "OPTIONS", "/api/solve",
			[]string{"Origin", "https://evil.example", "Access-Control-Request-Method", "POST"}, 204, map[string]string{acao: "", "Access-Control-Allow-Methods": ""}},
		{"not the API", on, "GET", "/healthz", []string{"Origin", "https://a.example"}, 200, map[string]string{acao: ""}},
		{"not the API, preflight", on, "OPTIONS", "/metrics", preflight("GET", ""), 204, map[string]string{acao: "", "Access-Control-Allow-Methods": ""}},
		{"any", any, "POST", "/api/solve", []string{"Origin", "https://b.example"}, 200, map[string]string{acao: "*", "Vary": ""}},
		{"any preflight", any, "OPTIONS", "/api/count", []string{"Origin", "https://b.example", "Access-Control-Request-Method", "POST"}, 204,
			map[string]string{acao: "*", "Access-Control-Allow-Methods": "POST"}},
	} {
		body := test1
		if tt.status == 400 {
			body = "12x4"
		}
		rec := do(tt.s, tt.method, tt.path, body, tt.header...)
		if rec.Code != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, rec.Code, tt.status)
		}
		for k, v := range tt.want {
			if got := strings.Join(rec.Header().Values(k), ", "); got != v {
				t.Errorf("%s: %s %q, want %q", tt.name, k, got, v)
			}
		}
	}
}

// TestCheckOrigins: what -cors-origin takes.
func TestCheckOrigins(t *testing.T) {
	for _, tt := range []struct {
		origin string
		ok     bool
	}{
		{"*", true},
		{"https://sudoku.example.org", true},
		{"http://localhost:3000", true},
		{"http://[::1]:8080", true},
		{"https://a.example/", true},
		{"https://a.example/path", false},
		{"a.example", false},
		{"ftp://a.example", false},
		{"https://", false},
		{"https://user@a.example", false},
		{"https://a.example?x=1", false},
		{"null", false},
		{"", false},
	} {
		err := CheckOrigins([]string{tt.origin})
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrOrigin)) {
			t.Errorf("%q: %v, want ok %v", tt.origin, err, tt.ok)
		}
	}
}

// syncBuffer is a buffer safe for the log of a running server.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestReadyz: /readyz is 503 before Serve, 200 while serving, and 503
// from the moment the server is told to stop, during DrainDelay, while
// the API and /healthz still answer; then the listener closes. (There
// was no /readyz: the page answered 404.)
func TestReadyz(t *testing.T) {
	base := runtime.NumGoroutine()
	var logb syncBuffer
	s := New(Config{DrainDelay: 2 * time.Second, Logger: slog.New(slog.NewTextHandler(&logb, nil))})
	if rec := do(s, "GET", "/readyz", ""); rec.Code != 503 || !strings.Contains(rec.Body.String(), `"not ready"`) {
		t.Errorf("before Serve: %d %s, want 503 not ready", rec.Code, rec.Body)
	}
	hl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + hl.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, hl, nil) }()
	client := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	status := func(method, path, body string) int {
		req, _ := http.NewRequest(method, url+path, strings.NewReader(body))
		resp, err := client.Do(req)
		if err != nil {
			return 0
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	deadline := time.Now().Add(5 * time.Second)
	for status("GET", "/readyz", "") != 200 {
		if time.Now().After(deadline) {
			t.Fatal("/readyz never 200 while serving")
		}
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	cancel()
	for status("GET", "/readyz", "") != 503 {
		if time.Since(start) > time.Second {
			t.Fatal("/readyz still not 503 a second after the stop")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if time.Since(start) < 2*time.Second {
		// Still in the drain: everything else is served.
		if st := status("GET", "/healthz", ""); st != 200 {
			t.Errorf("/healthz while draining: %d, want 200", st)
		}
		if st := status("POST", "/api/solve", test1); st != 200 {
			t.Errorf("/api/solve while draining: %d, want 200", st)
		}
	}
	if time.Since(start) > 2*time.Second {
		t.Log("the machine is slow: the drain was over before the checks")
	}
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if d := time.Since(start); d < 2*time.Second {
		t.Errorf("Serve returned %v after the stop, before the 2s drain delay", d)
	}
	if st := status("GET", "/readyz", ""); st != 0 {
		t.Errorf("after Serve: status %d, want no answer", st)
	}
	if !strings.Contains(logb.String(), "draining") {
		t.Errorf("log without the drain: %s", logb.String())
	}
	client.CloseIdleConnections()
	waitGoroutines(t, base)
}

// TestBuildInfo: /metrics has sudoku_build_info with the version and
// commit of the configuration and the Go version.
func TestBuildInfo(t *testing.T) {
	for _, tt := range []struct {
		cfg  Config
		want string
	}{
		{Config{Version: "v1.2.3", Commit: "7b420a0eb55ef92544c31619562eff4daf63fb6f"},
			`sudoku_build_info{commit="7b420a0eb55ef92544c31619562eff4daf63fb6f",goversion="` + runtime.Version() + `",version="v1.2.3"} 1`},
		{Config{}, `sudoku_build_info{commit="",goversion="` + runtime.Version() + `",version="(devel)"} 1`},
	} {
		rec := do(New(tt.cfg), "GET", "/metrics", "")
		if !strings.Contains(rec.Body.String(), tt.want+"\n") {
			t.Errorf("%+v: metrics lack %s", tt.cfg, tt.want)
		}
	}
}

// TestMetricNames: no metric of the service repeats a word
// (sudoku_line_line_timeouts_total is sudoku_line_request_timeouts_total).
func TestMetricNames(t *testing.T) {
	rec := do(New(Config{}), "GET", "/metrics", "")
	names := regexp.MustCompile(`(?m)^# TYPE (sudoku_\w+)`).FindAllStringSubmatch(rec.Body.String(), -1)
	if len(names) < 15 {
		t.Fatalf("%d sudoku_ metrics", len(names))
	}
	have := map[string]bool{}
	for _, n := range names {
		have[n[1]] = true
		words := strings.Split(n[1], "_")
		for i := 1; i < len(words); i++ {
			if words[i] == words[i-1] {
				t.Errorf("%s repeats %q", n[1], words[i])
			}
		}
	}
	if !have["sudoku_line_request_timeouts_total"] {
		t.Error("no sudoku_line_request_timeouts_total")
	}
}

// TestPprof: the profiles are served on PprofAddr only, and nowhere when
// it is unset; never by the API's handler.
func TestPprof(t *testing.T) {
	if rec := do(New(Config{}), "GET", "/debug/pprof/", ""); rec.Code != 404 {
		t.Errorf("the API's handler answers /debug/pprof/: %d", rec.Code)
	}
	for _, addr := range []string{"", "127.0.0.1:0"} {
		base := runtime.NumGoroutine()
		var logb syncBuffer
		s := New(Config{HTTPAddr: "127.0.0.1:0", LineAddr: "-", PprofAddr: addr, Logger: slog.New(slog.NewTextHandler(&logb, nil))})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- s.ListenAndServe(ctx) }()
		re := regexp.MustCompile(`msg="pprof listening" addr=(\S+)`)
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(logb.String(), "http listening") && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		m := re.FindStringSubmatch(logb.String())
		switch {
		case addr == "" && m != nil:
			t.Errorf("pprof served without PprofAddr: %s", logb.String())
		case addr != "" && m == nil:
			t.Errorf("no pprof listening line: %s", logb.String())
		case addr != "":
			client := &http.Client{Transport: &http.Transport{}}
			for _, p := range []string{"/debug/pprof/", "/debug/pprof/cmdline", "/debug/pprof/goroutine?debug=1"} {
				resp, err := client.Get("http://" + m[1] + p)
				if err != nil {
					t.Errorf("%s: %v", p, err)
					continue
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || len(b) == 0 {
					t.Errorf("%s: %d, %d bytes", p, resp.StatusCode, len(b))
				}
			}
			client.CloseIdleConnections()
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("ListenAndServe: %v", err)
		}
		waitGoroutines(t, base)
	}
}

// TestLogLevels: health checks, readiness checks and metric scrapes are
// logged at debug, the API's requests at info, server errors at warn
// (but a 503 of /readyz, which only says the server is stopping).
func TestLogLevels(t *testing.T) {
	var logb bytes.Buffer
	s := New(Config{Logger: slog.New(slog.NewJSONHandler(&logb, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	s.rateFunc = func(context.Context, *sudoku.Grid, logic.Options) (logic.Result, error) {
		return logic.Result{}, errors.New("the rater broke")
	}
	for _, tt := range []struct {
		method, path, body string
		level              string
	}{
		{"GET", "/healthz", "", "DEBUG"},
		{"GET", "/readyz", "", "DEBUG"}, // 503: not serving
		{"GET", "/metrics", "", "DEBUG"},
		{"POST", "/api/solve", test1, "INFO"},
		{"GET", "/api/nothing", "", "INFO"},
		{"GET", "/api/openapi.json", "", "INFO"},
		{"POST", "/api/rate", test1, "WARN"}, // 500
	} {
		logb.Reset()
		do(s, tt.method, tt.path, tt.body)
		var rec struct{ Level, Msg, Path string }
		if err := json.Unmarshal(logb.Bytes(), &rec); err != nil || rec.Msg != "request" || rec.Path != tt.path {
			t.Errorf("%s %s: log %q (%v)", tt.method, tt.path, logb.String(), err)
			continue
		}
		if rec.Level != tt.level {
			t.Errorf("%s %s: logged at %s, want %s", tt.method, tt.path, rec.Level, tt.level)
		}
	}
}

// TestReadyzStress: clients polling /readyz and solving while the server
// stops (run it under -race): each client sees 200s, then 503s, then no
// answer, never ready again once it saw the server stopping; every solve
// answered is a 200.
func TestReadyzStress(t *testing.T) {
	base := runtime.NumGoroutine()
	s := New(Config{DrainDelay: 300 * time.Millisecond})
	hl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + hl.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, hl, nil) }()
	tr := &http.Transport{MaxIdleConnsPerHost: 16}
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			path, body := "/readyz", ""
			if w%2 == 1 {
				path, body = "/api/solve", test1
			}
			phase := 0 // 0: before the stop, 1: draining, 2: gone
			for range 2000 {
				req, _ := http.NewRequest("GET", url+path, strings.NewReader(body))
				if body != "" {
					req.Method = "POST"
				}
				resp, err := client.Do(req)
				st := 0
				if err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					st = resp.StatusCode
				}
				switch {
				case st == 0:
					phase = 2
				case phase == 2:
					t.Errorf("%s: %d after the server was gone", path, st)
					return
				case path == "/api/solve" && st != 200:
					t.Errorf("solve: %d", st)
				case path == "/readyz" && st == 503:
					phase = 1
				case path == "/readyz" && (st != 200 || phase == 1):
					t.Errorf("readyz: %d in phase %d", st, phase)
				}
				if phase == 2 {
					return
				}
			}
		})
	}
	time.Sleep(100 * time.Millisecond)
	cancel()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	wg.Wait()
	tr.CloseIdleConnections()
	waitGoroutines(t, base)
}
