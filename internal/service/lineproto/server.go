package lineproto

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dlxkit/dlx/internal/service/connlimit"
)

// Config configures a Server. The zero value serves with the defaults.
type Config struct {
	// NewSolver returns the solver of one connection; nil means a
	// sudoku.Solver (for these grids, the fast 9x9 solver).
	NewSolver func() Solver
	// MaxLine is the longest request line accepted, in bytes before the
	// line end (default 100, as in the muduo server: ids up to 18 bytes).
	MaxLine int
	// ReadBuffer is the size of a connection's input buffer (default
	// 16 KiB). It bounds the requests read, and so the replies produced,
	// by one batch: the server stops reading while it writes them.
	ReadBuffer int
	// WriteTimeout bounds each write: a client that does not read its
	// replies for this long is disconnected (default 10 s).
	WriteTimeout time.Duration
	// IdleTimeout disconnects a client that sends nothing for this long
	// (default 5 minutes).
	IdleTimeout time.Duration
	// LineTimeout bounds the time a request line takes to arrive, from its
	// first byte to its line end; a client still sending the line then is
	// disconnected (default 10 s). Unlike IdleTimeout, it is not renewed
	// by each byte that arrives.
	LineTimeout time.Duration
	// MaxConns caps the open connections; further ones are closed at once
	// unless an idle connection is closed in their place (default: a
	// share of the process's open-file limit, connlimit.DefaultCap, at
	// most 10,000).
	MaxConns int
	// MaxConnsPerAddr caps the open connections from one client address
	// (an IPv4 address, or the /64 prefix of an IPv6 one); further ones
	// are closed at once unless an idle connection of the address is
	// closed in their place (default 256, or half of MaxConns if less).
	MaxConnsPerAddr int
	// BusyIdleTimeout replaces IdleTimeout once 80% of MaxConns are open:
	// connections idle that long are then closed as new ones arrive
	// (default 10 s, or IdleTimeout if less; negative: never).
	BusyIdleTimeout time.Duration
	// ReapIdle: at a cap, the connection idle longest (sending nothing
	// and with no partial line) is closed to admit a new one if it has
	// been idle this long (default 1 s; negative: never).
	ReapIdle time.Duration
	// Logger receives connection errors at debug level (default: none).
	Logger *slog.Logger
}

func (c *Config) defaults() {
	if c.NewSolver == nil {
		c.NewSolver = newGridSolver
	}
	if c.MaxLine <= 0 {
		c.MaxLine = 100
	}
	if c.ReadBuffer < c.MaxLine+2 {
		c.ReadBuffer = max(16<<10, c.MaxLine+2)
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = 10 * time.Second
	}
	if c.IdleTimeout <= 0 {
		c.IdleTimeout = 5 * time.Minute
	}
	if c.LineTimeout <= 0 {
		c.LineTimeout = 10 * time.Second
	}
	if c.MaxConns <= 0 {
		c.MaxConns = connlimit.DefaultCap(connlimit.FDLimit(), 1)
	}
	if c.MaxConnsPerAddr <= 0 {
		c.MaxConnsPerAddr = connlimit.DefaultPerAddr(c.MaxConns)
	}
	if c.BusyIdleTimeout == 0 {
		c.BusyIdleTimeout = min(connlimit.DefaultBusyIdleTimeout, c.IdleTimeout)
	}
	if c.ReapIdle == 0 {
		c.ReapIdle = connlimit.DefaultReapIdle
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
}

// Stats counts a server's work since it started. The connection counts
// (Conns, Accepted, Rejected beyond MaxConns or MaxConnsPerAddr, Reaped
// idle to make room, AcceptErrors for want of file descriptors) are those
// of its connlimit.Limiter.
type Stats struct {
	Requests     atomic.Int64 // request lines answered with a solution or NoSolution
	Solved       atomic.Int64 // of which solved
	BadRequests  atomic.Int64 // lines answered with Bad Request! or Id too long!
	LineTimeouts atomic.Int64 // connections closed because a line took longer than LineTimeout
	connlimit.Stats
}

// ErrServerClosed is returned by Serve after Shutdown or Close.
var ErrServerClosed = errors.New("lineproto: server closed")

// Server serves the line protocol. Create it with New.
type Server struct {
	cfg   Config
	Stats Stats

	lim *connlimit.Limiter

	mu       sync.Mutex
	closing  bool
	lns      map[net.Listener]struct{}
	conns    map[net.Conn]struct{}
	wg       sync.WaitGroup // connection goroutines
	shutdown chan struct{}
}

// New returns a server with cfg (defaults filled in).
func New(cfg Config) *Server {
	cfg.defaults()
	s := &Server{
		cfg:      cfg,
		lns:      map[net.Listener]struct{}{},
		conns:    map[net.Conn]struct{}{},
		shutdown: make(chan struct{}),
	}
	s.lim = connlimit.New(connlimit.Config{
		Name:            "line protocol",
		MaxConns:        cfg.MaxConns,
		MaxConnsPerAddr: cfg.MaxConnsPerAddr,
		BusyIdleTimeout: cfg.BusyIdleTimeout,
		ReapIdle:        cfg.ReapIdle,
		// Wake the reader: it answers the lines it has read and closes
		// (serveConn checks Reaped after setting each deadline).
		Reap:   func(c *connlimit.Conn) { c.SetReadDeadline(time.Now()) },
		Logger: cfg.Logger,
	}, &s.Stats.Stats)
	return s
}

// Config returns the server's configuration, defaults filled in.
func (s *Server) Config() Config { return s.cfg }

// Serve accepts connections on ln until Shutdown or Close, and then
// returns ErrServerClosed; it closes ln.
func (s *Server) Serve(ln net.Listener) error {
	ln = s.lim.Listen(ln)
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		ln.Close()
		return ErrServerClosed
	}
	s.lns[ln] = struct{}{}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.lns, ln)
		s.mu.Unlock()
		ln.Close()
	}()
	for {
		// The limiter's listener closes the connections beyond the caps
		// and retries the accepts that fail for want of file descriptors.
		c, err := ln.Accept()
		if err != nil {
			select {
			case <-s.shutdown:
				return ErrServerClosed
			default:
			}
			return err
		}
		if !s.track(c) {
			c.Close()
			continue
		}
		go s.serveConn(c.(*connlimit.Conn))
	}
}

// track registers the goroutine of c; false when closing.
func (s *Server) track(c net.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return false
	}
	s.conns[c] = struct{}{}
	s.wg.Add(1)
	return true
}

func (s *Server) untrack(c net.Conn) {
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
	s.wg.Done()
}

// Shutdown stops accepting, lets every connection answer the requests it
// has already read, closes the connections and waits for them (or for ctx).
func (s *Server) Shutdown(ctx context.Context) error {
	s.beginClose()
	s.mu.Lock()
	for c := range s.conns {
		// Wake the reader; it answers what it has and closes.
		c.SetReadDeadline(time.Now())
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		s.Close()
		return ctx.Err()
	}
}

// Close closes the listeners and every connection at once, and waits for
// the connection goroutines to end.
func (s *Server) Close() error {
	s.beginClose()
	s.mu.Lock()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
	return nil
}

func (s *Server) beginClose() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closing {
		s.closing = true
		close(s.shutdown)
	}
	for ln := range s.lns {
		ln.Close()
	}
}

func (s *Server) closed() bool {
	select {
	case <-s.shutdown:
		return true
	default:
		return false
	}
}

// serveConn runs one connection: read what has arrived, answer every
// complete line, write the replies at once, repeat. A read waits at most
// IdleTimeout, and while a partial line is buffered, no later than
// LineTimeout after the read that brought its first byte. The connection
// is idle for the limiter while it waits with no partial line; when the
// limiter reaps it, it ends after answering the lines it has read.
func (s *Server) serveConn(c *connlimit.Conn) {
	defer s.untrack(c)
	defer c.Close()
	if tc, ok := c.Conn.(*net.TCPConn); ok {
		tc.SetNoDelay(true)
	}
	h := handler{solver: s.cfg.NewSolver()}
	buf := make([]byte, s.cfg.ReadBuffer)
	out := make([]byte, 0, 4096)
	maxLine := s.cfg.MaxLine
	start, end := 0, 0
	var lineDeadline time.Time // of the partial line in buf, if any
	for {
		if s.closed() || c.Reaped() {
			return
		}
		deadline := time.Now().Add(s.cfg.IdleTimeout)
		if end > 0 {
			c.Busy()
			if lineDeadline.Before(deadline) {
				deadline = lineDeadline
			}
		} else {
			c.Idle()
		}
		c.SetReadDeadline(deadline)
		// Shutdown or the limiter may have set their deadline before ours.
		if s.closed() || c.Reaped() {
			return
		}
		n, rerr := c.Read(buf[end:])
		c.Busy()
		hadPartial := end > 0
		end += n
		var consumed int
		var bad bool
		out, consumed, bad = h.process(out, buf[start:end], maxLine)
		if consumed < end && (consumed > 0 || !hadPartial) {
			// A new partial line: its first byte came with this read.
			lineDeadline = time.Now().Add(s.cfg.LineTimeout)
		}
		start += consumed
		s.Stats.Requests.Add(int64(h.solved + h.unsolvable))
		s.Stats.Solved.Add(int64(h.solved))
		h.solved, h.unsolvable = 0, 0
		if bad {
			s.Stats.BadRequests.Add(1)
		}
		if len(out) > 0 {
			c.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
			if _, err := c.Write(out); err != nil {
				s.cfg.Logger.Debug("line protocol write", "remote", c.RemoteAddr().String(), "err", err)
				return
			}
			out = out[:0]
		}
		if bad {
			s.lingerClose(c)
			return
		}
		copy(buf, buf[start:end])
		end -= start
		start = 0
		if rerr != nil {
			if end > 0 && !s.closed() && isTimeout(rerr) && !time.Now().Before(lineDeadline) {
				s.Stats.LineTimeouts.Add(1)
				s.cfg.Logger.Debug("line protocol line timeout", "remote", c.RemoteAddr().String(), "buffered", end)
				return
			}
			if !errors.Is(rerr, io.EOF) && !s.closed() && !c.Reaped() {
				s.cfg.Logger.Debug("line protocol read", "remote", c.RemoteAddr().String(), "err", rerr)
			}
			return
		}
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// lingerClose closes the write side, so that the client reads the last
// reply and then end of file, and discards what the client still sends for
// a moment: closing with unread input would reset the connection and could
// destroy the reply before the client reads it.
func (s *Server) lingerClose(c net.Conn) {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
	c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	io.CopyN(io.Discard, c, 1<<16)
}
