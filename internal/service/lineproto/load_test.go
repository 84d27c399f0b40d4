package lineproto

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestLoad(t *testing.T) {
	_, addr := startServer(t, Config{})
	bad := "11" + strings.Repeat("0", 79)
	res, err := Load(context.Background(), LoadConfig{
		Addr: addr, Puzzles: []string{easy, dotted, bad}, N: 3000, Conns: 3, Pipeline: 8, Check: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 3000 || res.Errors != 0 || res.NoSolution != 1000 || len(res.Latencies) != 3000 {
		t.Errorf("requests %d errors %d NoSolution %d latencies %d, want 3000, 0, 1000, 3000",
			res.Requests, res.Errors, res.NoSolution, len(res.Latencies))
	}
	if p50, p99 := res.Percentile(50), res.Percentile(99); p50 <= 0 || p99 < p50 {
		t.Errorf("p50 %v p99 %v", p50, p99)
	}
	// With a rate: 200 requests at 2,000 per second take about 0.1 s.
	res, err = Load(context.Background(), LoadConfig{Addr: addr, Puzzles: []string{easy}, N: 200, Conns: 2, Rate: 2000, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Requests != 200 || res.Errors != 0 || res.Elapsed < 90*time.Millisecond {
		t.Errorf("rate 2000: %d requests, %d errors in %v", res.Requests, res.Errors, res.Elapsed)
	}
}

// TestLoadCheck: the check catches a server that answers wrongly.
func TestLoadCheck(t *testing.T) {
	_, addr := startServer(t, Config{NewSolver: func() Solver { return wrongSolver{} }})
	res, err := Load(context.Background(), LoadConfig{Addr: addr, Puzzles: []string{easy}, N: 50, Conns: 1, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Errors != 50 {
		t.Errorf("%d errors, want 50", res.Errors)
	}
}

// wrongSolver answers a grid of ones.
type wrongSolver struct{}

func (wrongSolver) Solve(_, sol *[81]uint8) bool {
	for i := range sol {
		sol[i] = 1
	}
	return true
}
