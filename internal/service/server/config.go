package server

import (
	"log/slog"
	"runtime"
	"time"

	"github.com/dlxkit/dlx/internal/service/connlimit"
	"github.com/dlxkit/dlx/internal/service/lineproto"
)

// Config configures a Server. The zero value serves with the defaults.
type Config struct {
	// HTTPAddr and LineAddr are the listen addresses of ListenAndServe
	// (defaults 127.0.0.1:8080 and 127.0.0.1:9981); "-" disables one.
	HTTPAddr, LineAddr string
	// MaxBody bounds a request body (default 1 MiB); exact-cover problems
	// are bounded by MaxExactCoverBody (default 256 KiB).
	MaxBody, MaxExactCoverBody int64
	// Timeout is the deadline of one request's search (default 5 s); a
	// request may ask for less with ?timeout=, never more.
	Timeout time.Duration
	// MaxSearches caps the searches running at once (default 2 per CPU);
	// MaxSearchesPerAddr caps those of one client address (an IPv4
	// address or an IPv6 /64; default half of MaxSearches, at least 1), so
	// that one client cannot hold every slot. A request that finds no
	// slot for it waits up to SearchWait (default 1 s; negative: not at
	// all), in a queue that gives each slot coming back to the waiting
	// address with the fewest searches running; then it gets 503 with
	// Retry-After. At most MaxSearchesPerAddr requests of one address, and
	// 4 x MaxSearches in all, wait; beyond them 503 at once.
	MaxSearches, MaxSearchesPerAddr int
	SearchWait                      time.Duration
	// TrustForwardedFor takes the client address of a request (for
	// MaxSearchesPerAddr) from the last address of its X-Forwarded-For
	// header, as a reverse proxy in front of the server appends it. Set it
	// only behind such a proxy: otherwise any client can name any address.
	// The connection caps always count the connection's own address.
	TrustForwardedFor bool
	// MaxConns caps the open HTTP connections; MaxConnsPerAddr those from
	// one client address. Beyond them a connection is closed at once,
	// unless an idle one (waiting for its next request, or for its first
	// since ReapIdle) is closed in its place; once 80% of MaxConns are
	// open, connections idle for 10 s are closed. Defaults: MaxConns a
	// share of the process's open-file limit (RLIMIT_NOFILE, less a
	// reserve for files; shared with the line protocol unless it is off),
	// at most 10,000; MaxConnsPerAddr 256, or half of MaxConns if less.
	MaxConns, MaxConnsPerAddr int
	// FDLimit is the open-file limit the default connection caps of both
	// protocols derive from (default: the process's).
	FDLimit int
	// NodeBudget bounds the search nodes of one exact-cover request
	// (default 50 million); a request may ask for less with ?budget=.
	NodeBudget int64
	// MaxCount caps the limit of a count request (default 1,000,000); a
	// limit of 0 (every solution) is bounded by the deadline alone.
	MaxCount int
	// MaxMatrix bounds the memory of one puzzle's exact-cover matrix, as
	// sudoku.EstimateMatrix figures it before building anything (default
	// 384 MiB: every grid up to 64x64 without cages, with or without the
	// chess constraints): solve, count and check answer 413 (too_large)
	// beyond it.
	MaxMatrix int64
	// MatrixMemory bounds the matrices of the requests running at once,
	// each counted at its estimate, and the exact-cover problems of
	// /api/exactcover (default 512 MiB, at least MaxMatrix): a request
	// that would go over gets 503 (busy).
	MatrixMemory int64
	// MemoryLimit is the Go runtime's soft memory limit that
	// ListenAndServe sets for the process (runtime/debug.SetMemoryLimit),
	// unless the GOMEMLIMIT environment variable sets one (default
	// MatrixMemory + 256 MiB; negative: none). Serve leaves it alone.
	MemoryLimit int64
	// ShutdownTimeout bounds the graceful shutdown (default 10 s).
	ShutdownTimeout time.Duration
	// Logger receives the request log (default: discard).
	Logger *slog.Logger
	// Line configures the line protocol server (its limits: MaxConns,
	// MaxConnsPerAddr, LineTimeout, IdleTimeout, ...; its NewSolver, nil,
	// is the fast solver); the service sets its Logger.
	Line lineproto.Config

	// CORSOrigins are the origins whose pages may call the API from a
	// browser ("https://sudoku.example.org"; "*": any): the API's replies
	// to them carry Access-Control-Allow-Origin, and their preflight
	// OPTIONS requests are answered. Default none: CORS is off (CheckOrigins
	// validates a list).
	CORSOrigins []string
	// DrainDelay is the time, once ctx is done, that /readyz answers 503
	// while everything is still served, so that a load balancer stops
	// sending requests before the listeners close (default 0). The
	// graceful shutdown (ShutdownTimeout) comes after it.
	DrainDelay time.Duration
	// PprofAddr, when set, is the address ListenAndServe serves the
	// net/http/pprof handlers on (/debug/pprof/), apart from the API.
	// Off by default; keep it on loopback: profiles show the process's
	// memory, and a CPU profile or trace costs time.
	PprofAddr string
	// Version and Commit label the sudoku_build_info metric (defaults
	// "(devel)" and none); its goversion label is the runtime's.
	Version, Commit string
}

func (c *Config) defaults() {
	if c.HTTPAddr == "" {
		c.HTTPAddr = "127.0.0.1:8080"
	}
	if c.LineAddr == "" {
		c.LineAddr = "127.0.0.1:9981"
	}
	if c.MaxBody <= 0 {
		c.MaxBody = 1 << 20
	}
	if c.MaxExactCoverBody <= 0 {
		c.MaxExactCoverBody = 256 << 10
	}
	if c.Timeout <= 0 {
		c.Timeout = 5 * time.Second
	}
	if c.MaxSearches <= 0 {
		c.MaxSearches = 2 * runtime.GOMAXPROCS(0)
	}
	if c.MaxSearchesPerAddr <= 0 {
		c.MaxSearchesPerAddr = max(1, c.MaxSearches/2)
	}
	if c.SearchWait == 0 {
		c.SearchWait = time.Second
	}
	if c.FDLimit <= 0 {
		c.FDLimit = connlimit.FDLimit()
	}
	protocols := 0
	for _, a := range []string{c.HTTPAddr, c.LineAddr} {
		if a != "-" {
			protocols++
		}
	}
	fdCap := connlimit.DefaultCap(c.FDLimit, protocols)
	if c.MaxConns <= 0 {
		c.MaxConns = fdCap
	}
	if c.MaxConnsPerAddr <= 0 {
		c.MaxConnsPerAddr = connlimit.DefaultPerAddr(c.MaxConns)
	}
	if c.Line.MaxConns <= 0 {
		c.Line.MaxConns = fdCap
	}
	if c.NodeBudget <= 0 {
		c.NodeBudget = 50_000_000
	}
	if c.MaxCount <= 0 {
		c.MaxCount = 1_000_000
	}
	if c.MaxMatrix <= 0 {
		c.MaxMatrix = 384 << 20
	}
	if c.MatrixMemory <= 0 {
		c.MatrixMemory = 512 << 20
	}
	c.MatrixMemory = max(c.MatrixMemory, c.MaxMatrix)
	if c.MemoryLimit == 0 {
		c.MemoryLimit = c.MatrixMemory + 256<<20
	}
	if c.ShutdownTimeout <= 0 {
		c.ShutdownTimeout = 10 * time.Second
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Version == "" {
		c.Version = "(devel)"
	}
}
