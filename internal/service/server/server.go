package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/service/connlimit"
	"github.com/dlxkit/dlx/internal/service/lineproto"
	"github.com/dlxkit/dlx/internal/service/slots"
	"github.com/dlxkit/dlx/internal/service/web"
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
	cors    *cors       // nil: CORS off
	ready   atomic.Bool // /readyz: serving, not stopping
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
	s.m = newMetrics(&s.line.Stats, s.httpLim.Stats(), s.slots, cfg.Version, cfg.Commit)
	s.cors = newCORS(cfg.CORSOrigins)
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

// Handler returns the HTTP handler: the API, the metrics and the page.
// Its /readyz answers 200 only while Serve (or ListenAndServe) runs.
func (s *Server) Handler() http.Handler { return s.mux }

// LineServer returns the line protocol server (for its Stats).
func (s *Server) LineServer() *lineproto.Server { return s.line }

// route is one endpoint of the service.
type route struct {
	path string
	// name is the route label of the metrics.
	name string
	// methods are the methods it answers, besides HEAD (with GET) and
	// OPTIONS; any other gets 405 with Allow.
	methods []string
	// api: under /api/, where CORS applies.
	api bool
	// quiet: logged at debug, not info (health checks and scrapes).
	quiet bool
	h     http.Handler
}

var (
	getOnly  = []string{http.MethodGet}
	postOnly = []string{http.MethodPost}
)

// routeTable returns the endpoints of the service, the web page aside;
// each is in the OpenAPI document (openapi.json), which a test checks.
func (s *Server) routeTable() []route {
	return []route{
		{path: "/api/solve", name: "solve", methods: postOnly, api: true, h: s.puzzleHandler(s.solve, true)},
		{path: "/api/count", name: "count", methods: postOnly, api: true, h: s.puzzleHandler(s.count, true)},
		{path: "/api/check", name: "check", methods: postOnly, api: true, h: s.puzzleHandler(s.check, true)},
		{path: "/api/rate", name: "rate", methods: postOnly, api: true, h: s.puzzleHandler(s.rate, false)},
		{path: "/api/hint", name: "hint", methods: postOnly, api: true, h: s.puzzleHandler(s.hint, false)},
		{path: "/api/generate", name: "generate", methods: getOnly, api: true, h: http.HandlerFunc(s.generate)},
		{path: "/api/exactcover", name: "exactcover", methods: postOnly, api: true, h: http.HandlerFunc(s.exactCover)},
		{path: "/api/openapi.json", name: "openapi", methods: getOnly, api: true, h: http.HandlerFunc(serveOpenAPI)},
		{path: "/healthz", name: "healthz", methods: getOnly, quiet: true, h: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
		})},
		{path: "/readyz", name: "readyz", methods: getOnly, quiet: true, h: http.HandlerFunc(s.readyz)},
		{path: "/metrics", name: "metrics", methods: getOnly, quiet: true, h: promhttp.HandlerFor(s.m.reg, promhttp.HandlerOpts{})},
	}
}

func (s *Server) routes() {
	mux := http.NewServeMux()
	for _, rt := range s.routeTable() {
		mux.Handle(rt.path, s.instrument(rt.name, rt.quiet, s.endpoint(rt)))
	}
	mux.Handle("/api/", s.instrument("other", false, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.cors.allow(w, r)
		writeError(w, newError(http.StatusNotFound, jsonfmt.CodeNotFound, "no API endpoint "+r.Method+" "+r.URL.Path))
	})))
	page := web.Handler()
	mux.Handle("/", s.instrument("page", false, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		page.ServeHTTP(w, r)
	})))
	s.mux = mux
}

// endpoint serves rt's methods with its handler, OPTIONS (and a CORS
// preflight) with 204, and any other method with 405; every answer names
// the methods in Allow.
func (s *Server) endpoint(rt route) http.Handler {
	methods := slices.Clone(rt.methods)
	if slices.Contains(methods, http.MethodGet) {
		methods = append(methods, http.MethodHead)
	}
	allow := strings.Join(append(slices.Clone(methods), http.MethodOptions), ", ")
	want := strings.Join(rt.methods, " or ")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodOptions:
			w.Header().Set("Allow", allow)
			if rt.api && r.Header.Get("Access-Control-Request-Method") != "" {
				s.cors.preflight(w, r, methods)
			} else if rt.api {
				s.cors.allow(w, r)
			}
			w.WriteHeader(http.StatusNoContent)
		case !slices.Contains(methods, r.Method):
			w.Header().Set("Allow", allow)
			if rt.api {
				s.cors.allow(w, r)
			}
			writeError(w, newError(http.StatusMethodNotAllowed, jsonfmt.CodeMethod,
				rt.path+" answers "+want+", not "+quote.Short(r.Method)))
		default:
			if rt.api {
				s.cors.allow(w, r)
			}
			rt.h.ServeHTTP(w, r)
		}
	})
}

// readyz answers /readyz: 200 while serving, 503 before Serve and from
// the moment it is told to stop (during Config.DrainDelay and the
// graceful shutdown).
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	if !s.ready.Load() {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
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

// instrument counts, times and logs the requests of one route: at info
// level, at debug for a quiet route (health checks and metric scrapes),
// at warn for a server error (but a 503 of /readyz, which only says the
// server is stopping).
func (s *Server) instrument(route string, quiet bool, h http.Handler) http.Handler {
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
		if quiet {
			level = slog.LevelDebug
		}
		if sw.code >= 500 && !(route == "readyz" && sw.code == http.StatusServiceUnavailable) {
			level = slog.LevelWarn
		}
		s.cfg.Logger.LogAttrs(r.Context(), level, "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path),
			slog.Int("status", sw.code), slog.Duration("duration", d),
			slog.String("remote", r.RemoteAddr))
	})
}

// ListenAndServe sets the process's memory limit (Config.MemoryLimit),
// listens on the configured addresses (and on PprofAddr when set) and
// serves until ctx is done, then shuts down gracefully.
func (s *Server) ListenAndServe(ctx context.Context) error {
	s.setMemoryLimit()
	var ls [3]net.Listener // HTTP, line protocol, pprof
	for i, addr := range []string{s.cfg.HTTPAddr, s.cfg.LineAddr, s.cfg.PprofAddr} {
		if addr == "-" || addr == "" {
			continue
		}
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			for _, l := range ls[:i] {
				if l != nil {
					l.Close()
				}
			}
			if i == 2 {
				err = fmt.Errorf("pprof: %w", err)
			}
			return err
		}
		ls[i] = ln
	}
	return s.serve(ctx, ls[0], ls[1], ls[2])
}

// Serve serves HTTP on hl and the line protocol on ll (either may be nil)
// until ctx is done. Then /readyz answers 503 for Config.DrainDelay while
// all is served, then it stops accepting, lets the requests in flight
// finish (up to Config.ShutdownTimeout) and returns nil; or it returns the
// first serving error.
func (s *Server) Serve(ctx context.Context, hl, ll net.Listener) error {
	return s.serve(ctx, hl, ll, nil)
}

// serve is Serve, with the pprof handlers on pl (nil: none).
func (s *Server) serve(ctx context.Context, hl, ll, pl net.Listener) error {
	errc := make(chan error, 3)
	var wg sync.WaitGroup
	stopFree := make(chan struct{})
	wg.Go(func() { s.freeLoop(stopFree) })
	if hl != nil {
		s.cfg.Logger.Info("http listening", "addr", hl.Addr().String(),
			"max_conns", s.cfg.MaxConns, "max_conns_per_addr", s.cfg.MaxConnsPerAddr,
			"max_searches", s.cfg.MaxSearches, "max_searches_per_addr", s.cfg.MaxSearchesPerAddr,
			"search_wait", s.cfg.SearchWait.String(), "trust_x_forwarded_for", s.cfg.TrustForwardedFor,
			"cors_origins", strings.Join(s.cfg.CORSOrigins, ","), "version", s.cfg.Version)
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
	var ps *http.Server
	if pl != nil {
		ps = s.servePprof(pl, &wg, errc)
	}
	s.ready.Store(true)
	var err error
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	s.ready.Store(false)
	if err == nil && s.cfg.DrainDelay > 0 {
		s.cfg.Logger.Info("draining: /readyz answers 503", "drain_delay", s.cfg.DrainDelay.String())
		t := time.NewTimer(s.cfg.DrainDelay)
		select {
		case <-t.C:
		case err = <-errc:
			t.Stop()
		}
	}
	s.cfg.Logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	var werr sync.WaitGroup
	var herr, lerr error
	werr.Go(func() { herr = s.http.Shutdown(sctx) })
	werr.Go(func() { lerr = s.line.Shutdown(sctx) })
	if ps != nil {
		ps.Close() // a profile in flight is not worth waiting for
	}
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
