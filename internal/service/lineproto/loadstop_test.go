package lineproto

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/solver/bitboard"
)

// fakeServer accepts connections on a loopback port and runs handle on
// each; at the end of the test it closes the listener and waits for the
// handlers.
func fakeServer(t *testing.T, handle func(c net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var conns []net.Conn
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
			wg.Go(func() {
				defer c.Close()
				handle(c)
			})
		}
	})
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close() // a handler may wait on a client that hangs
		}
		mu.Unlock()
		wg.Wait()
	})
	return ln.Addr().String()
}

// answer reads n request lines from c and answers each NoSolution; it
// returns false if the client went away first.
func answer(c net.Conn, br *bufio.Reader, n int) bool {
	for range n {
		l, err := br.ReadString('\n')
		if err != nil {
			return false
		}
		id, _, _ := strings.Cut(l, ":")
		if _, err := fmt.Fprintf(c, "%s:%s\r\n", id, NoSolution); err != nil {
			return false
		}
	}
	return true
}

// closeClean closes c's sending side (end of file for the client), and
// reads the rest: closing a connection with requests unread would reset it.
func closeClean(c net.Conn) {
	c.(*net.TCPConn).CloseWrite()
	io.Copy(io.Discard, c)
}

// loadWithin runs Load and fails the test if it has not returned within
// a generous deadline (a hang).
func loadWithin(t *testing.T, ctx context.Context, cfg LoadConfig) (*LoadResult, error) {
	t.Helper()
	type result struct {
		res *LoadResult
		err error
	}
	done := make(chan result, 1)
	go func() {
		res, err := Load(ctx, cfg)
		done <- result{res, err}
	}()
	select {
	case r := <-done:
		return r.res, r.err
	case <-time.After(20 * time.Second):
		t.Fatalf("Load did not return within 20 s")
		return nil, nil
	}
}

// TestLoadServerCloses: a server that answers some requests and then
// closes the connection (cleanly, with a reset, or after a reply line too
// long) ends the load test at once with an error that says so and the
// replies counted so far.
func TestLoadServerCloses(t *testing.T) {
	for _, tt := range []struct {
		name string
		then func(c net.Conn) // after 10 replies
		is   error
		want string
	}{
		{"close", closeClean, ErrConnClosed, "the server closed the connection"},
		{"reset", func(c net.Conn) { c.(*net.TCPConn).SetLinger(0) }, syscall.ECONNRESET, "connection reset by peer"},
		{"long reply", func(c net.Conn) { c.Write([]byte(strings.Repeat("x", 70000))) }, nil, "a reply longer than 65536 bytes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			addr := fakeServer(t, func(c net.Conn) {
				if answer(c, bufio.NewReader(c), 10) {
					tt.then(c)
				}
			})
			res, err := loadWithin(t, context.Background(), LoadConfig{Addr: addr, Puzzles: []string{easy}, N: 100, Conns: 1, Pipeline: 4, Check: true})
			if err == nil || (tt.is != nil && !errors.Is(err, tt.is)) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want %v containing %q", err, tt.is, tt.want)
			}
			if res == nil || res.Requests > 10 || (tt.name != "reset" && res.Requests != 10) || len(res.Latencies) != res.Requests {
				t.Fatalf("result %+v, want the 10 replies (at most, after a reset)", res)
			}
			if want := fmt.Sprintf("cut short after %d of 100 replies: connection 0: %s after %[1]d of its 100 replies", res.Requests, tt.want); err.Error() != want {
				t.Errorf("error %q, want %q", err, want)
			}
			if res.Sent < res.Requests || res.Sent > 100 || res.NoSolution != res.Requests || res.Errors != 0 {
				t.Errorf("sent %d, NoSolution %d, errors %d; want %d to 100 sent, %d NoSolution, 0 errors",
					res.Sent, res.NoSolution, res.Errors, res.Requests, res.Requests)
			}
		})
	}
}

// TestConnErrorsMessage: connections that stopped alike are told
// together, the first three reasons only.
func TestConnErrorsMessage(t *testing.T) {
	closed := func(i, n int) error { return &ConnError{Conn: i, Replies: n, Count: 100, Err: ErrConnClosed} }
	reset := func(i, n int) error {
		return &ConnError{Conn: i, Replies: n, Count: 100, Err: &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}}
	}
	other := func(i int) error { return &ConnError{Conn: i, Replies: 0, Count: 100, Err: fmt.Errorf("odd %d", i)} }
	for _, tt := range []struct {
		errs connErrors
		want string
	}{
		{connErrors{closed(0, 5)}, "connection 0: the server closed the connection after 5 of its 100 replies"},
		{connErrors{closed(0, 5), reset(1, 7), closed(2, 9)},
			"2 connections: the server closed the connection after 14 of their 200 replies; connection 1: connection reset by peer after 7 of its 100 replies"},
		{connErrors{context.Canceled, reset(0, 1), reset(1, 2)},
			"context canceled; 2 connections: connection reset by peer after 3 of their 200 replies"},
		{connErrors{other(0), other(1), other(2), other(3), closed(4, 1), closed(5, 1)},
			"connection 0: odd 0 after 0 of its 100 replies; connection 1: odd 1 after 0 of its 100 replies; connection 2: odd 2 after 0 of its 100 replies; and 3 more connections"},
	} {
		if got := tt.errs.Error(); got != tt.want {
			t.Errorf("got  %q\nwant %q", got, tt.want)
		}
	}
}

// FuzzLoadReplies: whatever a server sends, Load ends (at the end of the
// input) with figures that match the input's lines and an error when
// they are fewer than the requests.
func FuzzLoadReplies(f *testing.F) {
	sol := solutionOf(f, easy)
	for _, s := range []string{
		"0:" + sol + "\r\n1:" + NoSolution + "\r\n", "0:" + sol + "\r\n" + "5:" + sol + "\r\n2:x\r\n",
		"", "\n\n\n\n\n\n\n\n\n\n", "0:" + sol, ":\r\n1\r\n", strings.Repeat("x", 70000) + "\n",
	} {
		f.Add([]byte(s))
	}
	const n = 8
	f.Fuzz(func(t *testing.T, in []byte) {
		// A pipe, not TCP: the fuzzer's many runs would use up the
		// loopback ports.
		var wg sync.WaitGroup
		defer wg.Wait()
		dial := func(context.Context) (net.Conn, error) {
			c, s := net.Pipe()
			wg.Go(func() { io.Copy(io.Discard, s) }) // the requests
			wg.Go(func() {
				s.Write(in)
				s.Close()
			})
			return c, nil
		}
		res, err := loadWithin(t, context.Background(), LoadConfig{Puzzles: []string{easy}, N: n, Conns: 1, Pipeline: 4, Check: true, dial: dial})
		// The oracle: the input's lines, checked here.
		var replies, noSol, bad int
		rest := string(in)
		for k := 0; k < n; k++ {
			l, after, found := strings.Cut(rest, "\n")
			if !found || len(l)+1 > 65536 {
				break
			}
			rest = after
			replies++
			id, r, _ := strings.Cut(strings.TrimSuffix(l, "\r"), ":")
			switch {
			case id != strconv.Itoa(k):
				bad++
			case r == NoSolution:
				noSol++
			case !validSolution(easy, r):
				bad++
			}
		}
		if res == nil || res.Requests != replies || res.NoSolution != noSol || res.Errors != bad || len(res.Latencies) != replies {
			t.Fatalf("result %+v, want %d replies, %d NoSolution, %d wrong", res, replies, noSol, bad)
		}
		if (err != nil) != (replies < n) {
			t.Fatalf("%d replies of %d, error %v", replies, n, err)
		}
	})
}

// solutionOf returns the solution of puzzle, found by the bitboard solver.
func solutionOf(t testing.TB, puzzle string) string {
	var p, sol [81]uint8
	for i := range 81 {
		if c := puzzle[i]; c >= '1' && c <= '9' {
			p[i] = c - '0'
		}
	}
	if n, _ := new(bitboard.Solver).Count(&p, 1, &sol); n != 1 {
		t.Fatalf("%s: %d solutions, want 1", puzzle, n)
	}
	b := make([]byte, 81)
	for i, v := range sol {
		b[i] = '0' + v
	}
	return string(b)
}

// TestLoadManyConns: a server that closes every connection after a few
// replies; each connection's stop is counted and reported.
func TestLoadManyConns(t *testing.T) {
	addr := fakeServer(t, func(c net.Conn) {
		if answer(c, bufio.NewReader(c), 5) {
			closeClean(c)
		}
	})
	res, err := loadWithin(t, context.Background(), LoadConfig{Addr: addr, Puzzles: []string{easy}, N: 600, Conns: 6, Pipeline: 8})
	if !errors.Is(err, ErrConnClosed) || res == nil || res.Requests != 30 || len(res.Latencies) != 30 {
		t.Fatalf("result %+v, error %v; want 30 replies, ErrConnClosed", res, err)
	}
	msg := err.Error()
	if want := "cut short after 30 of 600 replies: 6 connections: the server closed the connection after 30 of their 600 replies"; msg != want {
		t.Errorf("error %q, want %q", msg, want)
	}
	var ces connErrors
	if !errors.As(err, &ces) || len(ces) != 6 {
		t.Fatalf("error %v: want the 6 connections' errors", err)
	}
	for i, e := range ces {
		var ce *ConnError
		if !errors.As(e, &ce) || ce.Conn != i || ce.Replies != 5 || ce.Count != 100 || ce.Err != ErrConnClosed {
			t.Errorf("connection %d: %#v, want 5 of 100 replies, ErrConnClosed", i, e)
		}
	}
	if res.Elapsed <= 0 || res.Throughput() <= 0 || res.Percentile(50) <= 0 {
		t.Errorf("elapsed %v, throughput %v, p50 %v: want the figures of the 30 replies", res.Elapsed, res.Throughput(), res.Percentile(50))
	}
}

// stallServer reads the requests and never answers; it closes read at
// the first request line.
func stallServer(t *testing.T) (addr string, read chan struct{}) {
	read = make(chan struct{})
	var once sync.Once
	addr = fakeServer(t, func(c net.Conn) {
		br := bufio.NewReader(c)
		for {
			if _, err := br.ReadString('\n'); err != nil {
				return
			}
			once.Do(func() { close(read) })
		}
	})
	return addr, read
}

// TestLoadStallTimeout: a server that answers a few requests and then
// nothing; the connection stops at the reply timeout.
func TestLoadStallTimeout(t *testing.T) {
	for _, rate := range []float64{0, 1000} {
		addr := fakeServer(t, func(c net.Conn) {
			br := bufio.NewReader(c)
			answer(c, br, 3)
			for {
				if _, err := br.ReadString('\n'); err != nil {
					return
				}
			}
		})
		res, err := loadWithin(t, context.Background(), LoadConfig{Addr: addr, Puzzles: []string{easy}, N: 50, Conns: 1, Pipeline: 4, Rate: rate, Timeout: 200 * time.Millisecond})
		want := "cut short after 3 of 50 replies: connection 0: no reply within 200ms after 3 of its 50 replies"
		if !errors.Is(err, ErrNoReply) || err.Error() != want || res == nil || res.Requests != 3 {
			t.Errorf("rate %v: result %+v, error %v; want 3 replies, %q", rate, res, err, want)
		}
	}
}

// TestLoadStallCancelled: a server that reads the requests and never
// answers; without a reply timeout the load test ends when the context
// is cancelled.
func TestLoadStallCancelled(t *testing.T) {
	addr, read := stallServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-read
		cancel()
	}()
	res, err := loadWithin(t, ctx, LoadConfig{Addr: addr, Puzzles: []string{easy}, N: 100, Conns: 2, Pipeline: 4})
	want := "interrupted after 0 of 100 replies: context canceled"
	if !errors.Is(err, context.Canceled) || err.Error() != want || res == nil || res.Requests != 0 || res.Sent == 0 {
		t.Fatalf("result %+v, error %v; want requests sent, 0 replies, %q", res, err, want)
	}
}

// TestLoadServerStops: a real server closed while a load test runs, many
// times, on connections in every state (run it with -race): the test
// always ends, with figures that add up.
func TestLoadServerStops(t *testing.T) {
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	for i := range rounds {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		s := New(Config{})
		go s.Serve(ln)
		done := make(chan struct{})
		go func() {
			defer close(done)
			// Close at a different point each round.
			for s.Stats.Requests.Load() < int64(50*(i+1)) {
				time.Sleep(time.Millisecond)
			}
			s.Close()
		}()
		cfg := LoadConfig{Addr: ln.Addr().String(), Puzzles: []string{easy}, N: 1_000_000, Conns: 4, Pipeline: 4 + i, Check: true, Timeout: 10 * time.Second}
		if i%2 == 1 {
			cfg.Rate = 20_000
		}
		res, err := loadWithin(t, context.Background(), cfg)
		<-done
		if err == nil || res == nil || res.Requests >= cfg.N || len(res.Latencies) != res.Requests || res.Sent < res.Requests || res.Errors != 0 {
			t.Fatalf("round %d: result %+v, error %v", i, res, err)
		}
		if !strings.Contains(err.Error(), fmt.Sprintf("cut short after %d of 1000000 replies", res.Requests)) {
			t.Errorf("round %d: error %v", i, err)
		}
	}
}
