// Package connlimit caps the connections a server holds open, in all and
// per client address, so that clients cannot take every file descriptor
// of the process or every connection slot, and makes room for new clients
// by closing idle connections.
//
// A Limiter wraps a server's listeners (Listen). Its listener accepts as
// the plain one does, and then:
//
//   - a connection beyond a cap (MaxConns in all, MaxConnsPerAddr from one
//     address) is closed at once, unless an idle connection that counts
//     toward the same cap can be closed in its place: the one idle longest,
//     if idle for at least ReapIdle;
//   - once 80% of MaxConns are open, connections idle for BusyIdleTimeout
//     are closed (checked when connections arrive);
//   - an accept that fails for want of file descriptors (EMFILE, ENFILE) is
//     retried with a growing pause (up to a second) after closing the
//     connection idle longest (if idle ReapIdle), and logged when such
//     failures start, once a minute while they last and when they end,
//     rather than once per failure.
//
// The server says when a connection is idle (waiting for a new request)
// with Conn.Idle and when it is busy with Conn.Busy; a new connection is
// idle until the server marks it busy.
package connlimit

import (
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Defaults shared by the servers.
const (
	// DefaultMaxConns is the connection cap of one protocol when the file
	// descriptor limit allows it.
	DefaultMaxConns = 10000
	// DefaultMaxConnsPerAddr is the cap per client address when the
	// protocol's cap is at least twice as large.
	DefaultMaxConnsPerAddr = 256
	// DefaultBusyIdleTimeout is the idle time after which connections are
	// closed once 80% of the cap is open.
	DefaultBusyIdleTimeout = 10 * time.Second
	// DefaultReapIdle is the idle time after which a connection may be
	// closed to admit a new one at a cap.
	DefaultReapIdle = time.Second
)

// Config configures a Limiter.
type Config struct {
	// Name names the protocol in the log ("http", "line protocol").
	Name string
	// MaxConns caps the open connections; MaxConnsPerAddr those from one
	// client address (AddrKey). Values below 1 are taken as 1.
	MaxConns, MaxConnsPerAddr int
	// BusyIdleTimeout: once 80% of MaxConns are open, connections idle
	// this long are closed. Zero or less: never.
	BusyIdleTimeout time.Duration
	// ReapIdle: at a cap, the connection idle longest is closed to admit
	// a new one if it has been idle this long. Zero or less: never.
	ReapIdle time.Duration
	// Reap closes an idle connection to make room; it is called with the
	// limiter's lock held, so it must not block. The default closes it.
	// A server that reaps by waking its reader (SetReadDeadline) checks
	// Conn.Reaped after setting each read deadline.
	Reap func(*Conn)
	// Logger receives the accept errors (default: none).
	Logger *slog.Logger
}

// Stats counts a limiter's connections.
type Stats struct {
	Conns        atomic.Int64 // connections open now (reaped ones no longer count)
	Accepted     atomic.Int64 // connections admitted in all
	Rejected     atomic.Int64 // connections closed at once, beyond MaxConns or MaxConnsPerAddr
	Reaped       atomic.Int64 // idle connections closed to make room
	AcceptErrors atomic.Int64 // accepts failed for want of file descriptors
}

// Limiter holds the connections of one server. Create it with New.
type Limiter struct {
	cfg   Config
	stats *Stats
	start time.Time // the origin of Conn.idleSince

	mu     sync.Mutex
	conns  map[*Conn]struct{}
	byAddr map[netip.Addr]map[*Conn]struct{}
	// oldest are the connections that were idle longest at the last scan,
	// oldest first; stale entries are skipped. Together with noReapUntil
	// (no connection can be reaped before then) they spare a scan of
	// every connection at each arrival at the cap.
	oldest      []*Conn
	noReapUntil time.Duration
	nextSweep   time.Duration

	clock       func() time.Time // time.Now; tests set it
	failing     atomic.Bool      // in an episode of accept failures
	logMu       sync.Mutex
	failures    int64         // failures in the episode
	failStart   time.Time     // the first failure of the episode
	lastFailure time.Time     // the last one
	lastLog     time.Time     // the last log of the episode
	failBack    time.Duration // the pause before the next try
}

// oldestKept is the number of reap candidates kept by a scan.
const oldestKept = 64

// New returns a limiter with cfg; stats receives its counts (nil: its own).
func New(cfg Config, stats *Stats) *Limiter {
	cfg.MaxConns = max(cfg.MaxConns, 1)
	cfg.MaxConnsPerAddr = max(cfg.MaxConnsPerAddr, 1)
	if cfg.Reap == nil {
		cfg.Reap = func(c *Conn) { c.Conn.Close() }
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if stats == nil {
		stats = new(Stats)
	}
	return &Limiter{
		cfg:    cfg,
		stats:  stats,
		start:  time.Now(),
		clock:  time.Now,
		conns:  map[*Conn]struct{}{},
		byAddr: map[netip.Addr]map[*Conn]struct{}{},
	}
}

// Stats returns the limiter's counts.
func (l *Limiter) Stats() *Stats { return l.stats }

// Config returns the limiter's configuration (caps at least 1).
func (l *Limiter) Config() Config { return l.cfg }

// now is the time since the limiter started, never 0.
func (l *Limiter) now() time.Duration { return time.Since(l.start) + 1 }

// Conn is a connection admitted by a Limiter. Closing it gives its slot
// back.
type Conn struct {
	net.Conn
	lim       *Limiter
	key       netip.Addr
	keyed     bool
	idleSince atomic.Int64 // Limiter.now() when it became idle; 0: busy
	reaped    atomic.Bool
	tracked   bool // in lim.conns; under lim.mu
	closeOnce sync.Once
	closeErr  error
}

// Idle marks the connection idle: waiting for a new request. A connection
// already idle stays idle since its first call (or since it arrived).
func (c *Conn) Idle() { c.idleSince.CompareAndSwap(0, int64(c.lim.now())) }

// Busy marks the connection busy: a request is arriving or being answered.
func (c *Conn) Busy() { c.idleSince.Store(0) }

// Reaped reports whether the limiter closed (or asked to close) the
// connection to make room.
func (c *Conn) Reaped() bool { return c.reaped.Load() }

// Close closes the connection and gives its slot back.
func (c *Conn) Close() error {
	c.closeOnce.Do(func() {
		c.closeErr = c.Conn.Close()
		c.lim.untrack(c)
	})
	return c.closeErr
}

// CloseWrite shuts down the writing side when the connection can.
func (c *Conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return errors.ErrUnsupported
}

// AddrKey returns the address whose connections MaxConnsPerAddr counts:
// the client's IPv4 address, or the /64 prefix of its IPv6 address (one
// host commonly holds a whole /64). ok is false for an address that is
// not an IP address (a Unix socket), which is not counted.
func AddrKey(a net.Addr) (key netip.Addr, ok bool) {
	switch a := a.(type) {
	case *net.TCPAddr:
		ip, ok := netip.AddrFromSlice(a.IP)
		if !ok {
			return netip.Addr{}, false
		}
		return Key(ip), true
	case *net.UDPAddr:
		ip, ok := netip.AddrFromSlice(a.IP)
		if !ok {
			return netip.Addr{}, false
		}
		return Key(ip), true
	}
	return netip.Addr{}, false
}

// Key returns the per-address key of ip: ip itself for IPv4 (also when
// mapped into IPv6), the first address of its /64 for IPv6.
func Key(ip netip.Addr) netip.Addr {
	ip = ip.Unmap()
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.Addr()
	}
	return ip
}

// admit tracks c, making room by reaping if a cap is reached; ok is false
// when c must be refused.
func (l *Limiter) admit(nc net.Conn) (*Conn, bool) {
	c := &Conn{Conn: nc, lim: l}
	c.key, c.keyed = AddrKey(nc.RemoteAddr())
	now := l.now()
	c.idleSince.Store(int64(now))
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cfg.BusyIdleTimeout > 0 && len(l.conns)*5 >= l.cfg.MaxConns*4 && now >= l.nextSweep {
		l.sweep(now)
	}
	if c.keyed && len(l.byAddr[c.key]) >= l.cfg.MaxConnsPerAddr && !l.reapAddr(c.key, now) {
		return nil, false
	}
	if len(l.conns) >= l.cfg.MaxConns && !l.reapOldest(now) {
		return nil, false
	}
	l.conns[c] = struct{}{}
	c.tracked = true
	if c.keyed {
		set := l.byAddr[c.key]
		if set == nil {
			set = map[*Conn]struct{}{}
			l.byAddr[c.key] = set
		}
		set[c] = struct{}{}
	}
	l.stats.Conns.Add(1)
	l.stats.Accepted.Add(1)
	return c, true
}

// remove stops counting c (under mu).
func (l *Limiter) remove(c *Conn) {
	if !c.tracked {
		return
	}
	c.tracked = false
	delete(l.conns, c)
	if c.keyed {
		set := l.byAddr[c.key]
		delete(set, c)
		if len(set) == 0 {
			delete(l.byAddr, c.key)
		}
	}
	l.stats.Conns.Add(-1)
}

func (l *Limiter) untrack(c *Conn) {
	l.mu.Lock()
	l.remove(c)
	l.mu.Unlock()
}

// reap closes c to make room (under mu); it stops counting at once.
func (l *Limiter) reap(c *Conn) {
	l.remove(c)
	c.reaped.Store(true)
	l.stats.Reaped.Add(1)
	l.cfg.Reap(c)
}

// idleFor returns how long c has been idle at now (0 if busy).
func (c *Conn) idleFor(now time.Duration) time.Duration {
	s := c.idleSince.Load()
	if s == 0 || time.Duration(s) > now {
		return 0
	}
	return now - time.Duration(s)
}

// sweep reaps the connections idle for BusyIdleTimeout (under mu).
func (l *Limiter) sweep(now time.Duration) {
	next := now + l.cfg.BusyIdleTimeout
	for c := range l.conns {
		s := time.Duration(c.idleSince.Load())
		switch {
		case s == 0:
		case now-s >= l.cfg.BusyIdleTimeout:
			l.reap(c)
		default:
			next = min(next, s+l.cfg.BusyIdleTimeout)
		}
	}
	l.nextSweep = next
}

// reapAddr reaps the connection of key idle longest, if idle ReapIdle.
func (l *Limiter) reapAddr(key netip.Addr, now time.Duration) bool {
	if l.cfg.ReapIdle <= 0 {
		return false
	}
	var best *Conn
	var bestIdle time.Duration
	for c := range l.byAddr[key] {
		if d := c.idleFor(now); d >= l.cfg.ReapIdle && d > bestIdle {
			best, bestIdle = c, d
		}
	}
	if best == nil {
		return false
	}
	l.reap(best)
	return true
}

// reapOldest reaps the connection idle longest, if idle ReapIdle.
func (l *Limiter) reapOldest(now time.Duration) bool {
	if l.cfg.ReapIdle <= 0 {
		return false
	}
	for {
		for len(l.oldest) > 0 {
			c := l.oldest[0]
			l.oldest[0] = nil
			l.oldest = l.oldest[1:]
			// Still open and idle long enough. A connection's idle start
			// only moves forward, so the ones left out of the scan are
			// idle for less time than the candidates were.
			if c.tracked && c.idleFor(now) >= l.cfg.ReapIdle {
				l.reap(c)
				return true
			}
		}
		if now < l.noReapUntil {
			return false
		}
		l.scanOldest(now)
		if len(l.oldest) == 0 {
			return false
		}
	}
}

// scanOldest collects the connections idle for ReapIdle, longest first, at
// most oldestKept of them; with none, it sets noReapUntil to the time the
// first one can be.
func (l *Limiter) scanOldest(now time.Duration) {
	l.oldest = l.oldest[:0]
	soonest := now + l.cfg.ReapIdle
	for c := range l.conns {
		s := time.Duration(c.idleSince.Load())
		if s == 0 {
			continue
		}
		if now-s < l.cfg.ReapIdle {
			soonest = min(soonest, s+l.cfg.ReapIdle)
			continue
		}
		// Insert by idle start, oldest first, keeping oldestKept.
		i := len(l.oldest)
		for i > 0 && time.Duration(l.oldest[i-1].idleSince.Load()) > s {
			i--
		}
		if i >= oldestKept {
			continue
		}
		if len(l.oldest) < oldestKept {
			l.oldest = append(l.oldest, nil)
		}
		copy(l.oldest[i+1:], l.oldest[i:])
		l.oldest[i] = c
	}
	if len(l.oldest) == 0 {
		l.noReapUntil = soonest
	}
}

// reapForFDs reaps the connection idle longest, if idle ReapIdle, after
// an accept failed for want of file descriptors.
func (l *Limiter) reapForFDs() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.reapOldest(l.now())
}

// Listen returns ln wrapped: its Accept returns *Conn, admitted by l.
func (l *Limiter) Listen(ln net.Listener) net.Listener {
	return &listener{Listener: ln, lim: l, done: make(chan struct{})}
}

type listener struct {
	net.Listener
	lim       *Limiter
	done      chan struct{}
	closeOnce sync.Once
}

func (ln *listener) Close() error {
	ln.closeOnce.Do(func() { close(ln.done) })
	return ln.Listener.Close()
}

// Accept returns the next admitted connection; it closes the connections
// refused by a cap and retries the accepts that fail for want of file
// descriptors (or because the client went away first).
func (ln *listener) Accept() (net.Conn, error) {
	l := ln.lim
	for {
		nc, err := ln.Listener.Accept()
		if err != nil {
			if errors.Is(err, syscall.ECONNABORTED) {
				continue
			}
			if !isFDExhausted(err) {
				return nil, err
			}
			pause := l.acceptFailed(err)
			l.reapForFDs()
			t := time.NewTimer(pause)
			select {
			case <-ln.done:
				t.Stop()
				return nil, net.ErrClosed
			case <-t.C:
			}
			continue
		}
		l.acceptWorks()
		if c, ok := l.admit(nc); ok {
			return c, nil
		}
		l.stats.Rejected.Add(1)
		nc.Close()
	}
}

func isFDExhausted(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// An episode of accept failures is logged when it starts, then at most
// once every failLogEvery while it lasts, and when accepts work again
// recoveredAfter past the last failure (a failure more than failLogEvery
// after the last one starts a new episode). A descriptor freed by a reap
// lets one accept through between failures: that does not end the
// episode.
const (
	failLogEvery   = time.Minute
	recoveredAfter = time.Second
)

// acceptFailed counts a failure for want of file descriptors, logs as
// above, and returns the pause before the next try (growing from 5 ms to
// a second while accepts keep failing).
func (l *Limiter) acceptFailed(err error) time.Duration {
	l.stats.AcceptErrors.Add(1)
	l.logMu.Lock()
	defer l.logMu.Unlock()
	now := l.clock()
	switch {
	case !l.failing.Load() || now.Sub(l.lastFailure) > failLogEvery:
		l.failing.Store(true)
		l.failStart, l.lastLog, l.failures = now, now, 0
		l.cfg.Logger.Warn("accept failing: out of file descriptors; closing idle connections and retrying",
			"protocol", l.cfg.Name, "err", err)
	case now.Sub(l.lastLog) >= failLogEvery:
		l.lastLog = now
		l.cfg.Logger.Warn("accept still failing: out of file descriptors",
			"protocol", l.cfg.Name, "err", err, "failures", l.failures+1, "for", now.Sub(l.failStart).Round(time.Second).String())
	}
	l.failures++
	l.lastFailure = now
	l.failBack = min(max(2*l.failBack, 5*time.Millisecond), time.Second)
	return l.failBack
}

// acceptWorks notes an accept that worked: the next failure pauses
// briefly again, and an episode of failures ends (logged) once accepts
// work recoveredAfter past the last failure.
func (l *Limiter) acceptWorks() {
	if !l.failing.Load() {
		return
	}
	l.logMu.Lock()
	defer l.logMu.Unlock()
	l.failBack = 0
	now := l.clock()
	if !l.failing.Load() || now.Sub(l.lastFailure) < recoveredAfter {
		return
	}
	l.failing.Store(false)
	l.cfg.Logger.Warn("accept working again", "protocol", l.cfg.Name,
		"failures", l.failures, "after", l.lastFailure.Sub(l.failStart).Round(time.Millisecond).String())
}
