package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// confinedGrid returns a grid of side b*b with no solution that takes a
// long search to see: in the first box, the digits A, B and C are kept out
// of rows 2..b (by givens in the other boxes of those rows) and out of
// columns 3..b, so that three digits have two cells. Letters stand for the
// digits, '.' for a blank.
func confinedGrid(b, k int) string { return gridtest.Letters(gridtest.Confined(b, b, k)) }

// The 16x16 grid of issue 10.
const confined16 = "....................ABC.................ABC.................ABC...A...............B...............C................................A...............B...............C............................................................................................"

func TestConfinedGrid(t *testing.T) {
	if got := confinedGrid(4, 3); got != confined16 {
		t.Fatalf("confinedGrid(4, 3) =\n%s\nwant\n%s", got, confined16)
	}
}

// timedCall is call with a client timeout, returning the time taken.
func timedCall(t *testing.T, url, body string, timeout time.Duration) (int, map[string]any, time.Duration) {
	t.Helper()
	c := &http.Client{Timeout: timeout}
	start := time.Now()
	resp, err := c.Post(url, "text/plain", strings.NewReader(body))
	if err != nil {
		t.Errorf("POST %s: no reply after %v: %v", url, time.Since(start), err)
		return 0, nil, time.Since(start)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	d := time.Since(start)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Errorf("POST %s: reply %q is not a JSON object: %v", url, b, err)
	}
	return resp.StatusCode, m, d
}

// otherEndpointsAnswer checks that every search endpoint still answers
// (no 503: the slots of the requests that timed out are free).
func otherEndpointsAnswer(t *testing.T, ts *testServer) {
	t.Helper()
	for _, tt := range []struct{ method, path, body string }{
		{"POST", "/api/solve", test1},
		{"POST", "/api/count", test1},
		{"POST", "/api/check", confined16},
		{"POST", "/api/rate", test1},
		{"POST", "/api/hint", test1},
		{"GET", "/api/generate?size=4&seed=3", ""},
		{"POST", "/api/exactcover", queens(6)},
	} {
		status, _, m := call(t, tt.method, ts.url+tt.path, tt.body)
		if status != 200 {
			t.Errorf("%s %s after the timed-out requests: %d %v, want 200", tt.method, tt.path, status, m)
		}
	}
}

// stopPromptly shuts the server down and checks that it takes less than
// limit and that Serve returns no error.
func stopPromptly(t *testing.T, ts *testServer, limit time.Duration) {
	t.Helper()
	start := time.Now()
	err := ts.stop()
	if d := time.Since(start); err != nil || d > limit {
		t.Errorf("shutdown took %v (want under %v), Serve: %v", d, limit, err)
	}
}

// TestRateHintContext checks with stand-ins for the rater's searches (on
// grids other than 9x9 they run until their context ends) that /api/rate and /api/hint pass a
// context ending at the configured deadline, at ?timeout=, and when the
// client goes away, that the search slot comes back, and that the server
// then answers everything and shuts down at once.
func TestRateHintContext(t *testing.T) {
	const timeout = 400 * time.Millisecond
	ended := make(chan error, 64) // ctx.Err() of each stand-in search
	wait := func(ctx context.Context) error {
		<-ctx.Done()
		ended <- ctx.Err()
		return ctx.Err()
	}
	ts := startServer(t, Config{Timeout: timeout, MaxSearches: 2}, func(s *Server) {
		s.rateFunc = func(ctx context.Context, g *sudoku.Grid, _ logic.Options) (logic.Result, error) {
			if g.N() == 9 {
				return logic.Rate(ctx, g)
			}
			return logic.Result{}, wait(ctx)
		}
		s.hintFunc = func(ctx context.Context, g, state *sudoku.Grid, pencil []uint64, _ logic.HintOptions) (logic.HintResult, error) {
			if g.N() == 9 {
				return logic.Hint(ctx, g, state, pencil)
			}
			return logic.HintResult{}, wait(ctx)
		}
	})
	for _, path := range []string{"/api/rate", "/api/hint"} {
		// The configured deadline, then a shorter one asked for.
		for _, q := range []struct {
			query    string
			min, max time.Duration
		}{{"", timeout, timeout + 3*time.Second}, {"?timeout=50ms", 50 * time.Millisecond, timeout}} {
			status, m, d := timedCall(t, ts.url+path+q.query, confined16, 10*time.Second)
			if status != 504 || get(m, "error.code") != "deadline" || d < q.min || d > q.max {
				t.Errorf("%s%s: %d %v after %v, want 504 deadline after %v to %v", path, q.query, status, m, d, q.min, q.max)
			}
			if err := <-ended; err != context.DeadlineExceeded {
				t.Errorf("%s%s: the search's context ended with %v", path, q.query, err)
			}
		}
		// A client that goes away: the search ends and its slot comes back.
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		req, _ := http.NewRequestWithContext(ctx, "POST", ts.url+path+"?timeout=1m", strings.NewReader(confined16))
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			t.Errorf("%s: a reply (%d) before the client went away", path, resp.StatusCode)
		}
		cancel()
		select {
		case err := <-ended:
			if err != context.Canceled {
				t.Errorf("%s: after the client went away the search's context ended with %v", path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the search went on after the client went away", path)
		}
		waitIdle(t, ts)
	}
	// More timed-out requests than slots, at once.
	done := make(chan struct{})
	for range 6 {
		go func() {
			defer func() { done <- struct{}{} }()
			resp, err := http.Post(ts.url+"/api/rate?timeout=100ms", "text/plain", strings.NewReader(confined16))
			if err == nil {
				resp.Body.Close()
			}
		}()
	}
	for range 6 {
		<-done
	}
	waitIdle(t, ts)
	otherEndpointsAnswer(t, ts)
	stopPromptly(t, ts, 2*time.Second)
}

// TestRateHintDeadline sends /api/rate and /api/hint grids without a
// solution whose uniqueness check by the rater once ran for hours (a box
// where k digits have k-1 cells; /api/check sees it at once) with a short
// ?timeout=: the reply must come promptly, either the rater's "no
// solution" (it now sees the issue's grids, k = 3, at once) or the
// deadline; afterwards every endpoint answers and the server shuts down at
// once.
func TestRateHintDeadline(t *testing.T) {
	ts := startServer(t, Config{Timeout: 20 * time.Second, MaxSearches: 4, ShutdownTimeout: 2 * time.Second})
	for _, g := range []struct{ b, k int }{{4, 3}, {5, 3}, {4, 4}, {5, 4}, {5, 5}} {
		grid := confinedGrid(g.b, g.k)
		name := fmt.Sprintf("%dx%d grid with %d digits in %d cells", g.b*g.b, g.b*g.b, g.k, g.k-1)
		status, _, m := call(t, "POST", ts.url+"/api/check", grid)
		if status != 200 || m["verdict"] != "no solution" {
			t.Fatalf("check of the %s: %d %v, want the verdict no solution", name, status, m)
		}
		for _, path := range []string{"/api/rate", "/api/hint"} {
			status, m, d := timedCall(t, ts.url+path+"?timeout=200ms", grid, 5*time.Second)
			code := get(m, "error.code")
			ok := (status == 504 && code == "deadline") || (status == 422 && code == "no_solution")
			if !ok || d > 3*time.Second {
				t.Errorf("%s of the %s with timeout=200ms: %d %v after %v, want 504 deadline or 422 no_solution within a few hundred ms", path, name, status, m, d)
			}
		}
	}
	waitIdle(t, ts)
	otherEndpointsAnswer(t, ts)
	stopPromptly(t, ts, 2*time.Second)
}
