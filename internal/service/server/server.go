package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/service/connlimit"
	"github.com/dlxkit/dlx/internal/service/lineproto"
	"github.com/dlxkit/dlx/internal/service/slots"
	"github.com/dlxkit/dlx/internal/service/web"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// Server is the Sudoku service. Create it with New; run it with
// ListenAndServe or Serve.
type Server struct {
	cfg     Config
	m       *metrics
	slots   *slots.Pool[netip.Addr] // search slots, shared by client address
	httpLim *connlimit.Limiter      // HTTP connections
	line    *lineproto.Server
	mux     *http.ServeMux
	http    *http.Server
	// The memory of the exact-cover matrices (memory.go): the bytes the
	// running requests reserved, the solvers kept between requests, and
	// the requests to return freed memory to the system.
	mem     memBudget
	solvers chan *sudoku.Solver
	free    chan struct{}
	// The rater's searches (logic.Rate and logic.Hint; tests stub them).
	rateFunc func(context.Context, *sudoku.Grid, logic.Options) (logic.Result, error)
	hintFunc func(ctx context.Context, puzzle, state *sudoku.Grid, pencil []uint64, opt logic.HintOptions) (logic.HintResult, error)
}

// New returns a server with cfg (defaults filled in).
func New(cfg Config) *Server {
	cfg.defaults()
	s := &Server{
		cfg:      cfg,
		slots:    slots.New[netip.Addr](cfg.MaxSearches, cfg.MaxSearchesPerAddr, 4*cfg.MaxSearches),
		rateFunc: logic.RateWith,
		hintFunc: logic.HintWith,
		mem:      memBudget{max: cfg.MatrixMemory},
		solvers:  make(chan *sudoku.Solver, maxPooled),
		free:     make(chan struct{}, 1),
	}
	lc := cfg.Line
	lc.NewSolver = func() lineproto.Solver { return new(bitboardSolver) }
	lc.Logger = cfg.Logger
	s.line = lineproto.New(lc)
	s.httpLim = connlimit.New(connlimit.Config{
		Name:            "http",
		MaxConns:        cfg.MaxConns,
		MaxConnsPerAddr: cfg.MaxConnsPerAddr,
		BusyIdleTimeout: connlimit.DefaultBusyIdleTimeout,
		ReapIdle:        connlimit.DefaultReapIdle,
		Logger:          cfg.Logger,
	}, nil)
	s.m = newMetrics(&s.line.Stats, s.httpLim.Stats(), s.slots)
	s.routes()
	s.http = &http.Server{
		Handler:           s.mux,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(cfg.Logger.Handler(), slog.LevelWarn),
		ConnState:         connState,
	}
	return s
}

// connState tells the HTTP connection limiter which connections are idle:
// waiting for a request (new ones are idle from the start).
func connState(c net.Conn, st http.ConnState) {
	lc, ok := c.(*connlimit.Conn)
	if !ok {
		return
	}
	switch st {
	case http.StateActive:
		lc.Busy()
	case http.StateIdle:
		lc.Idle()
	}
}

// Config returns the server's configuration, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// bitboardSolver adapts the fast 9x9 solver to the line protocol.
type bitboardSolver struct{ s bitboard.Solver }

func (b *bitboardSolver) Solve(puzzle, solution *[81]uint8) bool {
	n, _ := b.s.Count(puzzle, 1, solution)
	return n > 0
}

// Handler returns the HTTP handler: the API, the metrics and the page.
func (s *Server) Handler() http.Handler { return s.mux }

// LineServer returns the line protocol server (for its Stats).
func (s *Server) LineServer() *lineproto.Server { return s.line }

func (s *Server) routes() {
	mux := http.NewServeMux()
	handle := func(pattern, route string, h http.Handler) {
		mux.Handle(pattern, s.instrument(route, h))
	}
	handle("POST /api/solve", "solve", s.puzzleHandler(s.solve, true))
	handle("POST /api/count", "count", s.puzzleHandler(s.count, true))
	handle("POST /api/check", "check", s.puzzleHandler(s.check, true))
	handle("POST /api/rate", "rate", s.puzzleHandler(s.rate, false))
	handle("POST /api/hint", "hint", s.puzzleHandler(s.hint, false))
	handle("GET /api/generate", "generate", http.HandlerFunc(s.generate))
	handle("POST /api/exactcover", "exactcover", http.HandlerFunc(s.exactCover))
	handle("GET /healthz", "healthz", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	}))
	handle("GET /metrics", "metrics", promhttp.HandlerFor(s.m.reg, promhttp.HandlerOpts{}))
	handle("/api/", "other", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, newError(http.StatusNotFound, jsonfmt.CodeNotFound, "no API endpoint "+r.Method+" "+r.URL.Path))
	}))
	page := web.Handler()
	handle("/", "page", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		page.ServeHTTP(w, r)
	}))
	s.mux = mux
}

// statusWriter records the status code of a reply.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// instrument counts, times and logs the requests of one route.
func (s *Server) instrument(route string, h http.Handler) http.Handler {
	lat := s.m.latency.WithLabelValues(route)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		h.ServeHTTP(sw, r)
		if sw.code == 0 {
			sw.code = http.StatusOK
		}
		d := time.Since(start)
		lat.Observe(d.Seconds())
		s.m.requests.WithLabelValues(route, strconv.Itoa(sw.code)).Inc()
		level := slog.LevelInfo
		if sw.code >= 500 {
			level = slog.LevelWarn
		}
		s.cfg.Logger.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.Int("status", sw.code), slog.Duration("duration", d),
			slog.String("remote", r.RemoteAddr))
	})
}

// ListenAndServe sets the process's memory limit (Config.MemoryLimit),
// listens on the configured addresses and serves until ctx is done, then
// shuts down gracefully.
func (s *Server) ListenAndServe(ctx context.Context) error {
	s.setMemoryLimit()
	var hl, ll net.Listener
	var err error
	if s.cfg.HTTPAddr != "-" {
		if hl, err = net.Listen("tcp", s.cfg.HTTPAddr); err != nil {
			return err
		}
	}
	if s.cfg.LineAddr != "-" {
		if ll, err = net.Listen("tcp", s.cfg.LineAddr); err != nil {
			if hl != nil {
				hl.Close()
			}
			return err
		}
	}
	return s.Serve(ctx, hl, ll)
}

// Serve serves HTTP on hl and the line protocol on ll (either may be nil)
// until ctx is done. Then it stops accepting, lets the requests in flight
// finish (up to Config.ShutdownTimeout) and returns nil; or it returns the
// first serving error.
func (s *Server) Serve(ctx context.Context, hl, ll net.Listener) error {
	errc := make(chan error, 2)
	var wg sync.WaitGroup
	stopFree := make(chan struct{})
	wg.Go(func() { s.freeLoop(stopFree) })
	if hl != nil {
		s.cfg.Logger.Info("http listening", "addr", hl.Addr().String(),
			"max_conns", s.cfg.MaxConns, "max_conns_per_addr", s.cfg.MaxConnsPerAddr,
			"max_searches", s.cfg.MaxSearches, "max_searches_per_addr", s.cfg.MaxSearchesPerAddr,
			"search_wait", s.cfg.SearchWait.String(), "trust_x_forwarded_for", s.cfg.TrustForwardedFor)
		hl = s.httpLim.Listen(hl)
		wg.Go(func() {
			if err := s.http.Serve(hl); !errors.Is(err, http.ErrServerClosed) {
				errc <- fmt.Errorf("http: %w", err)
			}
		})
	}
	if ll != nil {
		lc := s.line.Config()
		s.cfg.Logger.Info("line protocol listening", "addr", ll.Addr().String(),
			"max_conns", lc.MaxConns, "max_conns_per_addr", lc.MaxConnsPerAddr)
		wg.Go(func() {
			if err := s.line.Serve(ll); !errors.Is(err, lineproto.ErrServerClosed) {
				errc <- fmt.Errorf("line protocol: %w", err)
			}
		})
	}
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	s.cfg.Logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	var werr sync.WaitGroup
	var herr, lerr error
	werr.Go(func() { herr = s.http.Shutdown(sctx) })
	werr.Go(func() { lerr = s.line.Shutdown(sctx) })
	werr.Wait()
	close(stopFree)
	wg.Wait()
	if err == nil {
		err = errors.Join(herr, lerr)
	}
	s.cfg.Logger.Info("stopped", "err", err)
	return err
}

func itoa(n int) string { return strconv.Itoa(n) }
