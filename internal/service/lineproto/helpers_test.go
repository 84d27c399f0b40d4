package lineproto

import (
	"bufio"
	"net"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// test1 is the first puzzle of data/test1000 (Royle's 17-clue list).
const test1 = "000000010400000000020000000000050407008000300001090000300400200050100000000806000"

// easy is test1's solution with every other cell blank: quick to solve,
// for the tests that send many requests.
var easy = func() string {
	var p, sol [81]uint8
	for i := range 81 {
		p[i] = test1[i] - '0'
	}
	if n, _ := new(bitboard.Solver).Count(&p, 1, &sol); n != 1 {
		panic("test1 unsolved")
	}
	b := make([]byte, 81)
	for i, v := range sol {
		b[i] = '0' + v
		if i%2 == 0 {
			b[i] = '0'
		}
	}
	return string(b)
}()

// startServer serves cfg on a loopback port and returns its address. At
// the end of the test it closes the server and checks that the goroutines
// it started are gone.
func startServer(t *testing.T, cfg Config) (*Server, string) {
	t.Helper()
	base := runtime.NumGoroutine()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(cfg)
	done := make(chan error, 1)
	go func() { done <- s.Serve(ln) }()
	t.Cleanup(func() {
		s.Close()
		if err := <-done; err != ErrServerClosed {
			t.Errorf("Serve returned %v, want ErrServerClosed", err)
		}
		waitGoroutines(t, base)
	})
	return s, ln.Addr().String()
}

// waitGoroutines fails the test unless the number of goroutines comes back
// to at most base within a few seconds.
func waitGoroutines(t *testing.T, base int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		n := runtime.NumGoroutine()
		if n <= base {
			return
		}
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			t.Fatalf("%d goroutines, want at most %d:\n%s", n, base, buf)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// readAll reads until end of file or the deadline and returns what came.
func readAll(t *testing.T, c net.Conn, d time.Duration) (string, bool) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(d))
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := c.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			var ne net.Error
			if ok := asNetError(err, &ne); ok && ne.Timeout() {
				return b.String(), false
			}
			return b.String(), true // EOF or reset: the server closed
		}
	}
}

func asNetError(err error, ne *net.Error) bool {
	e, ok := err.(net.Error)
	if ok {
		*ne = e
	}
	return ok
}

// validSolution reports whether sol is a complete valid grid that keeps
// the givens of puzzle ('0' or '.' blanks). It is the test's own check.
func validSolution(puzzle, sol string) bool {
	if len(puzzle) != 81 || len(sol) != 81 {
		return false
	}
	for i := range 81 {
		p, s := puzzle[i], sol[i]
		if s < '1' || s > '9' {
			return false
		}
		if p != '0' && p != '.' && p != s {
			return false
		}
	}
	for u := range 9 {
		var row, col, box [10]bool
		for k := range 9 {
			r := sol[u*9+k] - '0'
			c := sol[k*9+u] - '0'
			b := sol[(u/3*3+k/3)*9+u%3*3+k%3] - '0'
			if row[r] || col[c] || box[b] {
				return false
			}
			row[r], col[c], box[b] = true, true, true
		}
	}
	return true
}

// readPuzzles returns the lines of a shared data file.
func readPuzzles(t testing.TB, rel string) []string {
	t.Helper()
	f, err := os.Open(shareddata.Path(t, rel))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ps []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); len(l) == 81 {
			ps = append(ps, l)
		}
	}
	return ps
}

// watcher sees the server's side of every connection of a listener: the
// bytes the server has read and whether it waits in Read. A test orders
// its steps after the server's with waitRead instead of sleeping.
type watcher struct {
	net.Listener
	mu    sync.Mutex
	cond  *sync.Cond
	conns map[string]*watched // by the client's address
}

// watched is one server connection: read is the bytes read so far,
// waiting is true while the server is in Read.
type watched struct {
	net.Conn
	w       *watcher
	read    int
	waiting bool
}

func (w *watcher) Accept() (net.Conn, error) {
	c, err := w.Listener.Accept()
	if err != nil {
		return nil, err
	}
	wc := &watched{Conn: c, w: w}
	w.mu.Lock()
	w.conns[c.RemoteAddr().String()] = wc
	w.mu.Unlock()
	return wc, nil
}

func (c *watched) Read(p []byte) (int, error) {
	c.w.mu.Lock()
	c.waiting = true
	c.w.cond.Broadcast()
	c.w.mu.Unlock()
	n, err := c.Conn.Read(p)
	c.w.mu.Lock()
	c.waiting = false
	c.read += n
	c.w.cond.Broadcast()
	c.w.mu.Unlock()
	return n, err
}

// CloseWrite keeps the server's half-close (lingerClose) working.
func (c *watched) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// waitRead waits until the server has read the first n bytes client
// sent and waits in Read for more: it has answered every complete line
// among them, and with no partial line its connection is idle. It fails
// t after 10 seconds.
func (w *watcher) waitRead(t *testing.T, client net.Conn, n int) {
	t.Helper()
	stop := time.AfterFunc(10*time.Second, func() {
		w.mu.Lock()
		w.cond.Broadcast()
		w.mu.Unlock()
	})
	defer stop.Stop()
	deadline := time.Now().Add(10 * time.Second)
	key := client.LocalAddr().String()
	w.mu.Lock()
	defer w.mu.Unlock()
	for {
		if c := w.conns[key]; c != nil && c.read >= n && c.waiting {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not read %d bytes from %s and wait for more", n, key)
		}
		w.cond.Wait()
	}
}

// startWatched is startServer with a watcher on the server's connections.
func startWatched(t *testing.T, cfg Config) (*Server, string, *watcher) {
	t.Helper()
	base := runtime.NumGoroutine()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w := &watcher{Listener: ln, conns: map[string]*watched{}}
	w.cond = sync.NewCond(&w.mu)
	s := New(cfg)
	done := make(chan error, 1)
	go func() { done <- s.Serve(w) }()
	t.Cleanup(func() {
		s.Close()
		if err := <-done; err != ErrServerClosed {
			t.Errorf("Serve returned %v, want ErrServerClosed", err)
		}
		waitGoroutines(t, base)
	})
	return s, ln.Addr().String(), w
}
