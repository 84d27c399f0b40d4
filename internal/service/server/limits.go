package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/dlxkit/dlx/internal/jsonfmt"
	"github.com/dlxkit/dlx/internal/service/connlimit"
	"github.com/dlxkit/dlx/internal/service/slots"
)

// readBody reads the request body, at most limit bytes.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, *apiError) {
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			s.m.rejected.WithLabelValues("body").Inc()
			return nil, newError(http.StatusRequestEntityTooLarge, jsonfmt.CodeTooLarge,
				"request body larger than "+strconv.FormatInt(limit, 10)+" bytes")
		}
		return nil, badRequest("reading the request body: " + err.Error())
	}
	return b, nil
}

// startSearch takes a search slot and returns the search's context and
// the function that ends it and gives the slot back (call it when the
// request ends). The context ends at the request's deadline (the
// configured Timeout, or less when the query asks: ?timeout=500ms) and
// when the client goes away (it derives from r.Context()). With no slot
// for the client (every slot taken, or its address's share) it waits up
// to SearchWait (never past the deadline), then fails with 503.
func (s *Server) startSearch(r *http.Request) (context.Context, func(), *apiError) {
	d := s.cfg.Timeout
	if q := r.URL.Query().Get("timeout"); q != "" {
		t, err := time.ParseDuration(q)
		if err != nil || t <= 0 {
			return nil, nil, badRequest("timeout: want a positive duration such as 500ms or 2s")
		}
		d = min(d, t)
	}
	release, err := s.slots.Acquire(r.Context(), s.clientKey(r), min(s.cfg.SearchWait, d))
	switch {
	case errors.Is(err, slots.ErrKeyBusy):
		s.m.rejected.WithLabelValues("busy_addr").Inc()
		return nil, nil, newError(http.StatusServiceUnavailable, jsonfmt.CodeBusy,
			"too many searches from your address at once ("+strconv.Itoa(s.slots.PerKey())+"); retry later")
	case errors.Is(err, slots.ErrBusy):
		s.m.rejected.WithLabelValues("busy").Inc()
		return nil, nil, newError(http.StatusServiceUnavailable, jsonfmt.CodeBusy,
			"too many searches at once ("+strconv.Itoa(s.slots.Max())+"); retry later")
	case err != nil:
		return nil, nil, newError(499, jsonfmt.CodeCanceled, "request canceled")
	}
	s.m.inflight.Inc()
	ctx, cancel := context.WithTimeout(r.Context(), d)
	return ctx, func() {
		cancel()
		s.m.inflight.Dec()
		release()
	}, nil
}

// clientKey returns the address whose searches MaxSearchesPerAddr counts:
// the connection's IPv4 address or IPv6 /64, or with TrustForwardedFor the
// last address of X-Forwarded-For. Requests with neither (not over TCP)
// share the zero address.
func (s *Server) clientKey(r *http.Request) netip.Addr {
	if s.cfg.TrustForwardedFor {
		if v := r.Header.Values("X-Forwarded-For"); len(v) > 0 {
			last := v[len(v)-1]
			last = last[strings.LastIndexByte(last, ',')+1:]
			if a, err := netip.ParseAddr(strings.TrimSpace(last)); err == nil {
				return connlimit.Key(a)
			}
		}
	}
	if ap, err := netip.ParseAddrPort(r.RemoteAddr); err == nil {
		return connlimit.Key(ap.Addr())
	}
	return netip.Addr{}
}

// searchError turns a search's error into a reply: the deadline (504), a
// client gone (499, never seen by it), or an internal error.
func (s *Server) searchError(ctx context.Context, err error) *apiError {
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded):
		s.m.rejected.WithLabelValues("deadline").Inc()
		return newError(http.StatusGatewayTimeout, jsonfmt.CodeDeadline, "the search did not finish before its deadline")
	case errors.Is(err, context.Canceled):
		return newError(499, jsonfmt.CodeCanceled, "request canceled")
	}
	return newError(http.StatusInternalServerError, jsonfmt.CodeInternal, err.Error())
}
