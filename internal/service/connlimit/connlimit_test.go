package connlimit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

func TestKey(t *testing.T) {
	tests := []struct {
		addr net.Addr
		want string // "" for not keyed
	}{
		{&net.TCPAddr{IP: net.ParseIP("127.0.0.2"), Port: 1}, "127.0.0.2"},
		{&net.TCPAddr{IP: net.ParseIP("::ffff:10.1.2.3"), Port: 1}, "10.1.2.3"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:3:4:5:6"), Port: 1}, "2001:db8:1:2::"},
		{&net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:ffff::1"), Port: 9}, "2001:db8:1:2::"},
		{&net.UDPAddr{IP: net.ParseIP("192.0.2.1")}, "192.0.2.1"},
		{&net.TCPAddr{}, ""},
		{&net.UnixAddr{Name: "/tmp/x", Net: "unix"}, ""},
	}
	for _, tc := range tests {
		key, ok := AddrKey(tc.addr)
		if got := key.String(); ok != (tc.want != "") || ok && got != tc.want {
			t.Errorf("AddrKey(%v) = %v, %v; want %q", tc.addr, got, ok, tc.want)
		}
	}
	if got := Key(netip.MustParseAddr("::ffff:1.2.3.4")); got != netip.MustParseAddr("1.2.3.4") {
		t.Errorf("Key of a mapped IPv4 address = %v", got)
	}
}

func TestDefaultCap(t *testing.T) {
	tests := []struct{ fdLimit, protocols, want int }{
		{0, 2, DefaultMaxConns},             // unknown
		{1 << 20, 2, DefaultMaxConns},       // plenty
		{256, 2, (256 - 32 - 16) / 2},       // ulimit -n 256: 104 each
		{256, 1, 256 - 32 - 16},             // one protocol
		{1024, 2, (1024 - 32 - 64) / 2},     // 464
		{4096, 0, 4096 - 32 - 256},          // protocols below 1 count as 1
		{20, 2, 1},                          // hopeless: still 1
		{21000, 2, (21000 - 32 - 1312) / 2}, // 9828
	}
	for _, tc := range tests {
		if got := DefaultCap(tc.fdLimit, tc.protocols); got != tc.want {
			t.Errorf("DefaultCap(%d, %d) = %d, want %d", tc.fdLimit, tc.protocols, got, tc.want)
		}
	}
	for _, tc := range []struct{ cap, want int }{{10000, 256}, {512, 256}, {104, 52}, {3, 1}, {1, 1}, {0, 1}} {
		if got := DefaultPerAddr(tc.cap); got != tc.want {
			t.Errorf("DefaultPerAddr(%d) = %d, want %d", tc.cap, got, tc.want)
		}
	}
	if n := FDLimit(); n < 0 {
		t.Errorf("FDLimit() = %d", n)
	}
}

// testServer accepts on a limited loopback listener; each admitted
// connection reads until it fails, as an idle server connection does.
type testServer struct {
	lim    *Limiter
	addr   string
	conns  chan *Conn // admitted connections, in order
	wg     sync.WaitGroup
	stopLn func()
}

func startTest(t *testing.T, cfg Config) *testServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ts := &testServer{lim: New(cfg, nil), addr: ln.Addr().String(), conns: make(chan *Conn, 1000)}
	lln := ts.lim.Listen(ln)
	ts.stopLn = func() { lln.Close() }
	ts.wg.Go(func() {
		for {
			c, err := lln.Accept()
			if err != nil {
				return
			}
			lc := c.(*Conn)
			ts.conns <- lc
			ts.wg.Go(func() {
				io.Copy(io.Discard, lc)
				lc.Close()
			})
		}
	})
	t.Cleanup(func() {
		ts.stopLn()
		for {
			select {
			case c := <-ts.conns:
				c.Close()
				continue
			default:
			}
			break
		}
		ts.wg.Wait()
	})
	return ts
}

// next returns the next admitted connection.
func (ts *testServer) next(t *testing.T) *Conn {
	t.Helper()
	select {
	case c := <-ts.conns:
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("no connection admitted")
		return nil
	}
}

func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedByServer reports whether the server closed c (end of file or
// reset) within a generous deadline, false if c is still open after
// wait.
func closedByServer(c net.Conn, wait time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(wait))
	_, err := c.Read(make([]byte, 1))
	var ne net.Error
	return err != nil && !(errors.As(err, &ne) && ne.Timeout())
}

// TestCaps: connections beyond the cap in all or per address are closed
// at once; one address at its cap leaves the others served; a closed
// connection gives its slot back.
func TestCaps(t *testing.T) {
	ts := startTest(t, Config{MaxConns: 3, MaxConnsPerAddr: 2})
	a1 := dialFrom(t, "127.0.0.1", ts.addr)
	ts.next(t)
	dialFrom(t, "127.0.0.1", ts.addr)
	ts.next(t)
	a3 := dialFrom(t, "127.0.0.1", ts.addr)
	if !closedByServer(a3, 10*time.Second) {
		t.Error("a third connection from 127.0.0.1 (cap 2 per address) was not closed")
	}
	dialFrom(t, "127.0.0.2", ts.addr)
	ts.next(t)
	c1 := dialFrom(t, "127.0.0.3", ts.addr)
	if !closedByServer(c1, 10*time.Second) {
		t.Error("a fourth connection (cap 3) was not closed")
	}
	if got := ts.lim.Stats().Rejected.Load(); got != 2 {
		t.Errorf("Rejected = %d, want 2", got)
	}
	a1.Close()
	waitConns(t, ts.lim, 2)
	dialFrom(t, "127.0.0.3", ts.addr)
	ts.next(t)
	if s := ts.lim.Stats(); s.Accepted.Load() != 4 || s.Conns.Load() != 3 || s.Reaped.Load() != 0 {
		t.Errorf("Accepted %d, Conns %d, Reaped %d; want 4, 3, 0", s.Accepted.Load(), s.Conns.Load(), s.Reaped.Load())
	}
}

func waitConns(t *testing.T, l *Limiter, want int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for l.Stats().Conns.Load() != want {
		if time.Now().After(deadline) {
			t.Fatalf("Conns = %d, want %d", l.Stats().Conns.Load(), want)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestReapPerAddr: at an address's cap, its connection idle longest is
// closed for the new one, never a busy one nor one idle for less than
// ReapIdle, nor another address's.
func TestReapPerAddr(t *testing.T) {
	const reapIdle = 50 * time.Millisecond
	ts := startTest(t, Config{MaxConns: 10, MaxConnsPerAddr: 2, ReapIdle: reapIdle})
	other := dialFrom(t, "127.0.0.2", ts.addr) // idle longest of all
	ts.next(t)
	a := dialFrom(t, "127.0.0.1", ts.addr)
	sa := ts.next(t)
	b := dialFrom(t, "127.0.0.1", ts.addr)
	ts.next(t)
	sa.Busy() // a is older but busy
	time.Sleep(reapIdle)
	dialFrom(t, "127.0.0.1", ts.addr)
	sc := ts.next(t)
	sc.Busy() // now both of the address's connections are busy
	if !closedByServer(b, 10*time.Second) {
		t.Error("b, the idle connection of the address, was not reaped")
	}
	if closedByServer(a, 50*time.Millisecond) || closedByServer(other, 50*time.Millisecond) {
		t.Error("a busy connection or another address's was reaped")
	}
	d := dialFrom(t, "127.0.0.1", ts.addr)
	if !closedByServer(d, 10*time.Second) {
		t.Error("a connection beyond the cap was admitted with nothing to reap")
	}
	if s := ts.lim.Stats(); s.Reaped.Load() != 1 || s.Rejected.Load() != 1 {
		t.Errorf("Reaped %d, Rejected %d; want 1, 1", s.Reaped.Load(), s.Rejected.Load())
	}

	// A connection idle for less than ReapIdle is not reaped.
	young := startTest(t, Config{MaxConns: 10, MaxConnsPerAddr: 1, ReapIdle: time.Hour})
	y1 := dialFrom(t, "127.0.0.1", young.addr)
	young.next(t)
	y2 := dialFrom(t, "127.0.0.1", young.addr)
	if !closedByServer(y2, 10*time.Second) || closedByServer(y1, 50*time.Millisecond) {
		t.Error("a connection idle for less than ReapIdle was reaped")
	}
}

// TestReapOldest: at the cap in all, each new connection replaces the
// connection idle longest, in order of their idle time; more than one
// scan's worth of candidates.
func TestReapOldest(t *testing.T) {
	const n = oldestKept + 6
	const reapIdle = 30 * time.Millisecond
	ts := startTest(t, Config{MaxConns: n, MaxConnsPerAddr: 2 * n, ReapIdle: reapIdle})
	var first []net.Conn
	for range n {
		first = append(first, dialFrom(t, "127.0.0.1", ts.addr))
		ts.next(t)
	}
	time.Sleep(reapIdle)
	for i := range n {
		dialFrom(t, "127.0.0.1", ts.addr)
		ts.next(t)
		if !closedByServer(first[i], 10*time.Second) {
			t.Fatalf("new connection %d did not replace the connection idle longest (%d)", i, i)
		}
		if i+1 < n && closedByServer(first[i+1], time.Millisecond) {
			t.Fatalf("new connection %d closed connection %d too", i, i+1)
		}
	}
	if s := ts.lim.Stats(); s.Reaped.Load() != n || s.Rejected.Load() != 0 || s.Conns.Load() != n {
		t.Errorf("Reaped %d, Rejected %d, Conns %d; want %d, 0, %d", s.Reaped.Load(), s.Rejected.Load(), s.Conns.Load(), n, n)
	}
}

// TestBusySweep: once 80% of the cap is open, an arriving connection
// closes those idle for BusyIdleTimeout; below 80%, none.
func TestBusySweep(t *testing.T) {
	const busyIdle = 50 * time.Millisecond
	ts := startTest(t, Config{MaxConns: 10, MaxConnsPerAddr: 10, BusyIdleTimeout: busyIdle})
	var clients []net.Conn
	var servers []*Conn
	for range 7 {
		clients = append(clients, dialFrom(t, "127.0.0.1", ts.addr))
		servers = append(servers, ts.next(t))
	}
	time.Sleep(busyIdle)
	dialFrom(t, "127.0.0.1", ts.addr) // 7 open: below 80%
	ts.next(t)
	if got := ts.lim.Stats().Reaped.Load(); got != 0 {
		t.Fatalf("%d connections reaped below 80%% of the cap", got)
	}
	servers[3].Busy()
	dialFrom(t, "127.0.0.1", ts.addr) // 8 open: 80%
	ts.next(t)
	for i, c := range clients {
		wait := 10 * time.Second
		if i == 3 {
			wait = 100 * time.Millisecond // the sweep is done by now
		}
		if got, want := closedByServer(c, wait), i != 3; got != want {
			t.Errorf("connection %d closed: %v, want %v", i, got, want)
		}
	}
	if got := ts.lim.Stats().Reaped.Load(); got != 6 {
		t.Errorf("Reaped = %d, want 6", got)
	}
}

// step is one result of fakeListener.Accept: an error, or a connection
// if err is nil; at is the time the limiter's clock then reads.
type step struct {
	err error
	at  time.Duration
}

// fakeListener plays its steps, then blocks until Close.
type fakeListener struct {
	mu     sync.Mutex
	steps  []step
	now    time.Duration // the clock of the last step
	closed chan struct{}
	once   sync.Once
}

func (f *fakeListener) Accept() (net.Conn, error) {
	f.mu.Lock()
	if len(f.steps) > 0 {
		st := f.steps[0]
		f.steps = f.steps[1:]
		f.now = st.at
		f.mu.Unlock()
		if st.err != nil {
			return nil, st.err
		}
		c1, c2 := net.Pipe()
		c2.Close()
		return c1, nil
	}
	f.mu.Unlock()
	<-f.closed
	return nil, net.ErrClosed
}

func (f *fakeListener) clock(base time.Time) func() time.Time {
	return func() time.Time {
		f.mu.Lock()
		defer f.mu.Unlock()
		return base.Add(f.now)
	}
}

func (f *fakeListener) add(steps ...step) {
	f.mu.Lock()
	f.steps = append(f.steps, steps...)
	f.mu.Unlock()
}

func (f *fakeListener) Close() error   { f.once.Do(func() { close(f.closed) }); return nil }
func (f *fakeListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)} }

// TestAcceptFDErrors: accepts failing for want of file descriptors are
// retried and logged when they start, once a minute while they last, and
// when they end, not once each; accept works again when descriptors come
// back; Close ends a pause at once; other errors end Accept.
func TestAcceptFDErrors(t *testing.T) {
	var logBuf bytes.Buffer
	var logMu sync.Mutex
	logger := slog.New(slog.NewTextHandler(lockedWriter{&logMu, &logBuf}, nil))
	logs := func() string {
		logMu.Lock()
		defer logMu.Unlock()
		s := logBuf.String()
		logBuf.Reset()
		return s
	}
	opErr := func(e error) error { return &net.OpError{Op: "accept", Net: "tcp", Err: &osSyscallError{e}} }
	emfile, enfile, aborted := opErr(syscall.EMFILE), opErr(syscall.ENFILE), opErr(syscall.ECONNABORTED)
	conn := func(at time.Duration) step { return step{nil, at} }
	f := &fakeListener{closed: make(chan struct{})}
	lim := New(Config{Name: "test", MaxConns: 100, MaxConnsPerAddr: 100, Logger: logger}, nil)
	lim.clock = f.clock(time.Now())
	ln := lim.Listen(f)
	accept := func(what string, lines int, wantLogs ...string) {
		t.Helper()
		c, err := ln.Accept()
		if err != nil {
			t.Fatalf("%s: Accept: %v", what, err)
		}
		c.Close()
		out := logs()
		if n := strings.Count(out, "\n"); n != lines {
			t.Errorf("%s: %d log lines, want %d:\n%s", what, n, lines, out)
		}
		for _, w := range wantLogs {
			if !strings.Contains(out, w) {
				t.Errorf("%s: the log lacks %q:\n%s", what, w, out)
			}
		}
	}
	sec := time.Second
	// A burst of failures, then a connection: one log.
	f.add(step{emfile, 0}, step{enfile, 0}, step{aborted, 0}, step{emfile, 0}, step{emfile, 0}, step{emfile, 0}, conn(0))
	accept("a burst", 1, `msg="accept failing`)
	if n := lim.Stats().AcceptErrors.Load(); n != 5 {
		t.Errorf("AcceptErrors = %d, want 5 (ECONNABORTED is not one)", n)
	}
	// A reap frees a descriptor between failures: the same episode.
	f.add(step{emfile, sec / 2}, conn(sec/2))
	accept("one accept between failures", 0)
	// Accepts working a second past the last failure end the episode.
	f.add(conn(2 * sec))
	accept("recovery", 1, `msg="accept working again"`, "failures=6")
	f.add(conn(3 * sec))
	accept("a normal accept", 0)
	// Failures for over a minute: logged at the start and once a minute.
	f.add(step{emfile, 10 * sec}, step{emfile, 40 * sec}, step{emfile, 71 * sec}, step{emfile, 100 * sec}, conn(103*sec))
	accept("a long episode", 3, `msg="accept failing`, `msg="accept still failing`, "failures=3", `msg="accept working again"`, "failures=4")
	// A failure long after the last one starts a new episode.
	f.add(step{emfile, 200 * sec}, conn(200*sec))
	accept("a new episode", 1, `msg="accept failing`)
	f.add(step{emfile, 300 * sec}, conn(300*sec))
	accept("another one", 1, `msg="accept failing`)

	// Close during a pause ends Accept at once.
	for range 20 {
		f.add(step{emfile, 400 * sec})
	}
	done := make(chan error, 1)
	go func() { _, err := ln.Accept(); done <- err }()
	deadline := time.Now().Add(10 * time.Second)
	for lim.Stats().AcceptErrors.Load() < 15 { // in the pauses of 80 ms and more
		if time.Now().After(deadline) {
			t.Fatal("the accepts were not retried")
		}
		time.Sleep(time.Millisecond)
	}
	ln.Close()
	select {
	case err := <-done:
		if !errors.Is(err, net.ErrClosed) {
			t.Errorf("Accept after Close: %v, want net.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Accept did not end at Close")
	}
	// Another error ends Accept with it.
	f2 := &fakeListener{steps: []step{{errors.New("boom"), 0}}, closed: make(chan struct{})}
	if _, err := lim.Listen(f2).Accept(); err == nil || err.Error() != "boom" {
		t.Errorf("Accept with another error: %v, want it returned", err)
	}
}

// osSyscallError wraps an errno as os.SyscallError does.
type osSyscallError struct{ err error }

func (e *osSyscallError) Error() string { return "accept4: " + e.err.Error() }
func (e *osSyscallError) Unwrap() error { return e.err }

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (w lockedWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(b)
}

// TestStress: clients from four addresses connect, idle, turn busy and
// close at random, with reaping and the busy sweep on: the caps always
// hold, every slot comes back. Run it with -race.
func TestStress(t *testing.T) {
	const maxConns, perAddr = 12, 5
	clients, each := 24, 40
	if testing.Short() {
		each = 15
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	lim := New(Config{MaxConns: maxConns, MaxConnsPerAddr: perAddr, ReapIdle: time.Millisecond, BusyIdleTimeout: 3 * time.Millisecond}, nil)
	lln := lim.Listen(ln)
	check := func() {
		lim.mu.Lock()
		defer lim.mu.Unlock()
		if len(lim.conns) > maxConns || int(lim.stats.Conns.Load()) != len(lim.conns) {
			t.Errorf("%d connections counted (Conns %d), cap %d", len(lim.conns), lim.stats.Conns.Load(), maxConns)
		}
		n := 0
		for key, set := range lim.byAddr {
			if len(set) > perAddr || len(set) == 0 {
				t.Errorf("%v holds %d connections, cap %d", key, len(set), perAddr)
			}
			n += len(set)
		}
		if n != len(lim.conns) {
			t.Errorf("%d connections by address, %d in all", n, len(lim.conns))
		}
	}
	var srv sync.WaitGroup
	srv.Go(func() {
		for {
			c, err := lln.Accept()
			if err != nil {
				return
			}
			check()
			lc := c.(*Conn)
			srv.Go(func() {
				defer lc.Close()
				buf := make([]byte, 16)
				for {
					lc.Idle()
					lc.SetReadDeadline(time.Now().Add(time.Second))
					n, err := lc.Read(buf)
					if err != nil || lc.Reaped() {
						return
					}
					lc.Busy()
					if _, err := lc.Write(buf[:n]); err != nil {
						return
					}
				}
			})
		}
	})
	var cl sync.WaitGroup
	var dialed atomic.Int64
	for g := range clients {
		cl.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(g), 2))
			from := fmt.Sprintf("127.0.0.%d", 1+g%4)
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
			for range each {
				c, err := d.Dial("tcp", ln.Addr().String())
				if err != nil {
					continue
				}
				dialed.Add(1)
				for range rng.IntN(4) {
					time.Sleep(time.Duration(rng.IntN(3)) * time.Millisecond)
					c.SetDeadline(time.Now().Add(2 * time.Second))
					if _, err := c.Write([]byte("x")); err != nil {
						break
					}
					if _, err := c.Read(make([]byte, 1)); err != nil {
						break
					}
				}
				c.Close()
			}
		})
	}
	cl.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for lim.Stats().Conns.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("Conns = %d after every client closed", lim.Stats().Conns.Load())
		}
		time.Sleep(time.Millisecond)
	}
	lln.Close()
	srv.Wait()
	check()
	s := lim.Stats()
	if len(lim.byAddr) != 0 {
		t.Errorf("%d addresses still counted", len(lim.byAddr))
	}
	if s.Rejected.Load()+s.Accepted.Load() != dialed.Load() || s.Rejected.Load() == 0 || s.Reaped.Load() == 0 {
		t.Errorf("Accepted %d + Rejected %d, want %d connections, some refused and some reaped", s.Accepted.Load(), s.Rejected.Load(), dialed.Load())
	}
	t.Logf("accepted %d, rejected %d, reaped %d", s.Accepted.Load(), s.Rejected.Load(), s.Reaped.Load())
}
