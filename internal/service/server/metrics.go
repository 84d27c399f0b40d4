package server

import (
	"net/netip"
	"runtime"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/dlxkit/dlx/internal/service/connlimit"
	"github.com/dlxkit/dlx/internal/service/lineproto"
	"github.com/dlxkit/dlx/internal/service/slots"
)

// metrics are the service's Prometheus metrics, in a registry of its own
// (so that tests can run several servers).
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec   // route, code
	latency  *prometheus.HistogramVec // route
	solved   *prometheus.CounterVec   // kind: sudoku, exactcover
	nodes    *prometheus.CounterVec   // kind
	rejected *prometheus.CounterVec   // reason: busy, busy_addr, body, deadline, budget, memory
	inflight prometheus.Gauge
}

// newMetrics returns the metrics of a server, reading the counters of the
// line protocol, the HTTP connections and the search slots, with the
// build's version and commit in sudoku_build_info.
func newMetrics(line *lineproto.Stats, conns *connlimit.Stats, searches *slots.Pool[netip.Addr], version, commit string) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudoku_http_requests_total", Help: "HTTP requests by route and status code.",
		}, []string{"route", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "sudoku_http_request_duration_seconds",
			Help:    "HTTP request latency by route.",
			Buckets: prometheus.ExponentialBuckets(0.0001, 4, 10), // 100 µs to 26 s
		}, []string{"route"}),
		solved: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudoku_puzzles_solved_total", Help: "Puzzles solved (or counted, checked, rated) over HTTP, by kind.",
		}, []string{"kind"}),
		nodes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudoku_search_nodes_total", Help: "Search nodes (exact cover) or guesses (fast 9x9 solver) spent, by kind.",
		}, []string{"kind"}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "sudoku_rejected_requests_total", Help: "Requests refused or cut short, by reason (busy: every search slot taken; busy_addr: the client address's share taken; body, deadline, budget; memory: a matrix over -max-matrix, or the matrices running at once over -matrix-memory).",
		}, []string{"reason"}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "sudoku_searches_in_flight", Help: "Searches running now.",
		}),
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "sudoku_build_info", Help: "Always 1: the server's version, commit and Go version in its labels.",
		ConstLabels: prometheus.Labels{"version": version, "commit": commit, "goversion": runtime.Version()},
	})
	build.Set(1)
	m.reg.MustRegister(m.requests, m.latency, m.solved, m.nodes, m.rejected, m.inflight, build,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	counter := func(name, help string, f func() int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(f()) })
	}
	gauge := func(name, help string, f func() int64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, func() float64 { return float64(f()) })
	}
	m.reg.MustRegister(
		counter("sudoku_line_requests_total", "Line protocol requests answered (solution or NoSolution).", line.Requests.Load),
		counter("sudoku_line_solved_total", "Line protocol puzzles solved.", line.Solved.Load),
		counter("sudoku_line_bad_requests_total", "Line protocol connections closed for a bad request or a too long line.", line.BadRequests.Load),
		counter("sudoku_line_connections_total", "Line protocol connections accepted.", line.Accepted.Load),
		counter("sudoku_line_connections_rejected_total", "Line protocol connections refused beyond the cap (in all or per address).", line.Rejected.Load),
		counter("sudoku_line_request_timeouts_total", "Line protocol connections closed because a request line took longer than the line timeout (named sudoku_line_line_timeouts_total before).", line.LineTimeouts.Load),
		counter("sudoku_line_connections_reaped_total", "Idle line protocol connections closed to make room near the cap.", line.Reaped.Load),
		counter("sudoku_line_accept_errors_total", "Line protocol accepts failed for want of file descriptors.", line.AcceptErrors.Load),
		gauge("sudoku_line_connections", "Line protocol connections open now.", line.Conns.Load),
		counter("sudoku_http_connections_total", "HTTP connections accepted.", conns.Accepted.Load),
		counter("sudoku_http_connections_rejected_total", "HTTP connections refused beyond the cap (in all or per address).", conns.Rejected.Load),
		counter("sudoku_http_connections_reaped_total", "Idle HTTP connections closed to make room near the cap.", conns.Reaped.Load),
		counter("sudoku_http_accept_errors_total", "HTTP accepts failed for want of file descriptors.", conns.AcceptErrors.Load),
		gauge("sudoku_http_connections", "HTTP connections open now.", conns.Conns.Load),
		gauge("sudoku_searches_waiting", "Requests waiting for a search slot now.", func() int64 { return int64(searches.Waiting()) }),
	)
	return m
}
