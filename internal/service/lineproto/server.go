package lineproto

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Config configures a Server. The zero value serves with the defaults.
type Config struct {
	// NewSolver returns the solver of one connection; nil means
	// the baseline depth-first solver of internal/solver/dfs (the service
	// passes the fast bitboard solver).
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
	// (default 10,000).
	MaxConns int
	// MaxConnsPerAddr caps the open connections from one client address
	// (an IPv4 address, or the /64 prefix of an IPv6 one); further ones
	// are closed at once (default 256).
	MaxConnsPerAddr int
	// Logger receives connection errors at debug level (default: none).
	Logger *slog.Logger
}

func (c *Config) defaults() {
	if c.NewSolver == nil {
		c.NewSolver = func() Solver { return dfsSolver{} }
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
		c.MaxConns = 10000
	}
	if c.MaxConnsPerAddr <= 0 {
		c.MaxConnsPerAddr = 256
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
}

// Stats counts a server's work since it started.
type Stats struct {
	Requests     atomic.Int64 // request lines answered with a solution or NoSolution
	Solved       atomic.Int64 // of which solved
	BadRequests  atomic.Int64 // lines answered with Bad Request! or Id too long!
	Conns        atomic.Int64 // connections open now
	Accepted     atomic.Int64 // connections accepted in all
	Rejected     atomic.Int64 // connections closed at once, beyond MaxConns or MaxConnsPerAddr
	LineTimeouts atomic.Int64 // connections closed because a line took longer than LineTimeout
}

// ErrServerClosed is returned by Serve after Shutdown or Close.
var ErrServerClosed = errors.New("lineproto: server closed")

// Server serves the line protocol. Create it with New.
type Server struct {
	cfg   Config
	Stats Stats

	mu       sync.Mutex
	closing  bool
	lns      map[net.Listener]struct{}
	conns    map[net.Conn]struct{}
	perAddr  map[netip.Addr]int // open connections by client address (addrKey)
	wg       sync.WaitGroup     // connection goroutines
	shutdown chan struct{}
}

// New returns a server with cfg (defaults filled in).
func New(cfg Config) *Server {
	cfg.defaults()
	return &Server{
		cfg:      cfg,
		lns:      map[net.Listener]struct{}{},
		conns:    map[net.Conn]struct{}{},
		perAddr:  map[netip.Addr]int{},
		shutdown: make(chan struct{}),
	}
}

// Serve accepts connections on ln until Shutdown or Close, and then
// returns ErrServerClosed; it closes ln.
func (s *Server) Serve(ln net.Listener) error {
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
	var delay time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			select {
			case <-s.shutdown:
				return ErrServerClosed
			default:
			}
			if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) || errors.Is(err, syscall.ECONNABORTED) {
				delay = min(max(2*delay, 5*time.Millisecond), time.Second)
				time.Sleep(delay)
				continue
			}
			return err
		}
		delay = 0
		if !s.track(c) {
			s.Stats.Rejected.Add(1)
			c.Close()
			continue
		}
		go s.serveConn(c)
	}
}

// addrKey returns the address whose connections MaxConnsPerAddr counts:
// the client's IPv4 address, or the /64 prefix of its IPv6 address (one
// host commonly holds a whole /64). ok is false for a connection without
// an IP address (a Unix socket), which is not counted.
func addrKey(c net.Conn) (key netip.Addr, ok bool) {
	ta, isTCP := c.RemoteAddr().(*net.TCPAddr)
	if !isTCP {
		return netip.Addr{}, false
	}
	a, ok := netip.AddrFromSlice(ta.IP)
	if !ok {
		return netip.Addr{}, false
	}
	a = a.Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		a = p.Addr()
	}
	return a, true
}

func (s *Server) track(c net.Conn) bool {
	key, keyed := addrKey(c)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing || len(s.conns) >= s.cfg.MaxConns {
		return false
	}
	if keyed {
		if s.perAddr[key] >= s.cfg.MaxConnsPerAddr {
			return false
		}
		s.perAddr[key]++
	}
	s.conns[c] = struct{}{}
	s.wg.Add(1)
	s.Stats.Conns.Add(1)
	s.Stats.Accepted.Add(1)
	return true
}

func (s *Server) untrack(c net.Conn) {
	key, keyed := addrKey(c)
	s.mu.Lock()
	delete(s.conns, c)
	if keyed {
		if s.perAddr[key]--; s.perAddr[key] <= 0 {
			delete(s.perAddr, key)
		}
	}
	s.mu.Unlock()
	s.Stats.Conns.Add(-1)
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
// LineTimeout after the read that brought its first byte.
func (s *Server) serveConn(c net.Conn) {
	defer s.untrack(c)
	defer c.Close()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetNoDelay(true)
	}
	h := handler{solver: s.cfg.NewSolver()}
	buf := make([]byte, s.cfg.ReadBuffer)
	out := make([]byte, 0, 4096)
	maxLine := s.cfg.MaxLine
	start, end := 0, 0
	var lineDeadline time.Time // of the partial line in buf, if any
	for {
		if s.closed() {
			return
		}
		deadline := time.Now().Add(s.cfg.IdleTimeout)
		if end > 0 && lineDeadline.Before(deadline) {
			deadline = lineDeadline
		}
		c.SetReadDeadline(deadline)
		if s.closed() { // Shutdown may have set its deadline before ours
			return
		}
		n, rerr := c.Read(buf[end:])
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
			if !errors.Is(rerr, io.EOF) && !s.closed() {
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
