package main

import (
	"time"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/service/lineproto"
)

// loadJSON is what loadtest -json prints: the figures of the text output,
// times in milliseconds.
type loadJSON struct {
	Requests   int      `json:"requests"`
	Conns      int      `json:"conns"`
	Pipeline   int      `json:"pipeline"`
	Rate       float64  `json:"rate,omitempty"` // requests per second asked for
	Ms         float64  `json:"ms"`             // elapsed
	Throughput float64  `json:"throughput"`     // replies per second
	P50        float64  `json:"p50_ms"`
	P90        float64  `json:"p90_ms"`
	P99        float64  `json:"p99_ms"`
	Max        float64  `json:"max_ms"`
	Lateness   *float64 `json:"lateness_ms,omitempty"` // with a rate
	// With -check: the replies solved, NoSolution and wrong.
	Solved     *int `json:"solved,omitempty"`
	NoSolution *int `json:"no_solution,omitempty"`
	Wrong      *int `json:"wrong,omitempty"`
}

// writeLoadJSON prints the result of a load test as one JSON object and
// returns the exit status, as the text output does: 1 when the run failed
// (err, said on standard error) or a reply was wrong.
func writeLoadJSON(fs *cli.FlagSet, cfg *lineproto.LoadConfig, res *lineproto.LoadResult, err error) int {
	ms := func(d time.Duration) float64 { return jsonfmt.Millis(d) }
	j := loadJSON{Requests: res.Requests, Conns: cfg.Conns, Pipeline: cfg.Pipeline, Rate: cfg.Rate,
		Ms: ms(res.Elapsed), Throughput: float64(int64(res.Throughput()*10+0.5)) / 10,
		P50: ms(res.Percentile(50)), P90: ms(res.Percentile(90)), P99: ms(res.Percentile(99)), Max: ms(res.Percentile(100))}
	if cfg.Rate > 0 {
		l := ms(res.Lateness)
		j.Lateness = &l
	}
	if cfg.Check {
		solved := res.Requests - res.NoSolution - res.Errors
		j.Solved, j.NoSolution, j.Wrong = &solved, &res.NoSolution, &res.Errors
	}
	w := fs.Output()
	jsonfmt.NewEncoder(w).Encode(&j)
	code := cli.ExitOK
	if err != nil || res.Errors > 0 {
		code = cli.ExitFail
	}
	code = fs.Finish(w, code)
	if err != nil {
		fs.Errorf("%v", err)
	}
	return code
}
