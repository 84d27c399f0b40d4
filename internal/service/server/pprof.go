package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"sync"
	"time"
)

// pprofHandler serves the profiles of net/http/pprof under /debug/pprof/,
// on a mux of its own (not http.DefaultServeMux, where the package
// registers them too, and which nothing here serves).
func pprofHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// servePprof serves the profiles on ln (Config.PprofAddr) until the
// returned server is closed; a serving error goes to errc.
func (s *Server) servePprof(ln net.Listener, wg *sync.WaitGroup, errc chan<- error) *http.Server {
	addr := ln.Addr().String()
	s.cfg.Logger.Info("pprof listening", "addr", addr)
	if ap, err := netip.ParseAddrPort(addr); err == nil && !ap.Addr().IsLoopback() {
		s.cfg.Logger.Warn("pprof listening beyond loopback: whoever reaches it can read the process's profiles and command line", "addr", addr)
	}
	ps := &http.Server{
		Handler:           pprofHandler(),
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(s.cfg.Logger.Handler(), slog.LevelWarn),
	}
	wg.Go(func() {
		if err := ps.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			errc <- fmt.Errorf("pprof: %w", err)
		}
	})
	return ps
}
