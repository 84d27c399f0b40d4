package lineproto

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	clash      = "11" + strings.Repeat("0", 79)
	noSolution = "123456780" + "000000009" + strings.Repeat("0", 63) // cell 8 has no candidate
	dotted     = strings.ReplaceAll(easy, "0", ".")
)

// checkReplies compares got (the server's replies) with want: a want line
// "~prefix|puzzle" stands for prefix followed by a valid solution of puzzle.
func checkReplies(t *testing.T, got string, want []string) {
	t.Helper()
	lines := strings.SplitAfter(got, "\r\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d reply lines %q, want %d %q", len(lines), got, len(want), want)
	}
	for i, w := range want {
		g := lines[i]
		if !strings.HasSuffix(g, "\r\n") {
			t.Errorf("reply %d %q does not end with CRLF", i, g)
			continue
		}
		g = strings.TrimSuffix(g, "\r\n")
		if rest, ok := strings.CutPrefix(w, "~"); ok {
			prefix, puzzle, _ := strings.Cut(rest, "|")
			sol, ok := strings.CutPrefix(g, prefix)
			if !ok || !validSolution(puzzle, sol) {
				t.Errorf("reply %d = %q, want %q and a solution of %s", i, g, prefix, puzzle)
			}
			continue
		}
		if g+"\r\n" != w && g != w {
			t.Errorf("reply %d = %q, want %q", i, g, w)
		}
	}
}

func TestProtocol(t *testing.T) {
	_, addr := startServer(t, Config{})
	long18 := strings.Repeat("i", 18)
	tests := []struct {
		name   string
		send   string
		want   []string
		closed bool // the server closes after the replies
	}{
		{"id", "a1:" + easy + "\r\n", []string{"~a1:|" + easy}, false},
		{"no id", easy + "\r\n", []string{"~|" + easy}, false},
		{"empty id", ":" + easy + "\r\n", []string{"~|" + easy}, false},
		{"LF only", "x:" + easy + "\n", []string{"~x:|" + easy}, false},
		{"dot blanks", "d:" + dotted + "\r\n", []string{"~d:|" + easy}, false},
		{"clash", "c:" + clash + "\r\n", []string{"c:NoSolution"}, false},
		{"no solution", noSolution + "\r\n", []string{"NoSolution"}, false},
		{"bad byte", "b:" + easy[:80] + "x\r\n", []string{"b:NoSolution"}, false},
		{"space", "b: " + easy[1:] + "\r\n", []string{"b:NoSolution"}, false},
		{"pipelined", "1:" + easy + "\r\n2:" + clash + "\r\n3:" + dotted + "\n",
			[]string{"~1:|" + easy, "2:NoSolution", "~3:|" + easy}, false},
		{"longest id", long18 + ":" + easy + "\r\n", []string{"~" + long18 + ":|" + easy}, false},
		{"short", "s:" + easy[:80] + "\r\n", []string{"Bad Request!"}, true},
		{"long", easy + "0\r\n", []string{"Bad Request!"}, true},
		{"empty line", "\r\n", []string{"Bad Request!"}, true},
		{"two colons", "a:b:" + easy + "\r\n", []string{"Bad Request!"}, true},
		{"good then bad", "1:" + easy + "\r\nshort\r\n1:" + easy + "\r\n",
			[]string{"~1:|" + easy, "Bad Request!"}, true},
		{"line too long", long18 + "i:" + easy + "\r\n", []string{"Id too long!"}, true},
		{"partial too long", strings.Repeat("z", 102), []string{"Id too long!"}, true},
		{"garbage", strings.Repeat("\x00\xff", 40) + "\n", []string{"Bad Request!"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := dial(t, addr)
			if _, err := io.WriteString(c, tt.send); err != nil {
				t.Fatal(err)
			}
			got := readLines(t, c, len(tt.want))
			checkReplies(t, got, tt.want)
			// Then nothing more, and a close only after an error.
			more, closed := readAll(t, c, map[bool]time.Duration{true: 10 * time.Second, false: 50 * time.Millisecond}[tt.closed])
			if more != "" {
				t.Errorf("unexpected further replies %q", more)
			}
			if closed != tt.closed {
				t.Errorf("closed = %v, want %v", closed, tt.closed)
			}
		})
	}
}

// readLines reads n reply lines (waiting up to 20 s: tests may run under
// the race detector on a loaded machine).
func readLines(t *testing.T, c net.Conn, n int) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	var b strings.Builder
	one := make([]byte, 1)
	for lines := 0; lines < n; {
		if _, err := c.Read(one); err != nil {
			t.Fatalf("after %q: %v", b.String(), err)
		}
		b.WriteByte(one[0])
		if one[0] == '\n' {
			lines++
		}
	}
	return b.String()
}

// TestPartialLine checks that a partial line of up to MaxLine bytes plus a
// CR waits for the rest.
func TestPartialLine(t *testing.T) {
	_, addr := startServer(t, Config{})
	c := dial(t, addr)
	req := strings.Repeat("i", 18) + ":" + easy + "\r"
	io.WriteString(c, req)
	if got, closed := readAll(t, c, 100*time.Millisecond); got != "" || closed {
		t.Fatalf("after a partial line of %d bytes: got %q closed=%v", len(req), got, closed)
	}
	io.WriteString(c, "\n")
	got := readLines(t, c, 1)
	checkReplies(t, got, []string{"~" + req[:19] + "|" + easy})
}

// TestSplitWrites splits a pipelined request stream at every byte: the
// server reads the first part (the watcher sees it wait for more) before
// the rest is sent.
func TestSplitWrites(t *testing.T) {
	_, addr, w := startWatched(t, Config{})
	stream := "7:" + easy + "\r\n" + ":" + clash + "\n" + dotted + "\r\n"
	want := []string{"~7:|" + easy, "NoSolution", "~|" + easy}
	for k := 1; k < len(stream); k++ {
		c := dial(t, addr)
		io.WriteString(c, stream[:k])
		w.waitRead(t, c, k)
		io.WriteString(c, stream[k:])
		r := bufio.NewReader(c)
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		var got strings.Builder
		for range want {
			l, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("split at %d: %v after %q", k, err, got.String())
			}
			got.WriteString(l)
		}
		checkReplies(t, got.String(), want)
		c.Close()
	}
	// And one byte per write.
	c := dial(t, addr)
	for i := range len(stream) {
		if _, err := c.Write([]byte{stream[i]}); err != nil {
			t.Fatal(err)
		}
		w.waitRead(t, c, i+1)
	}
	r := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	var got strings.Builder
	for range want {
		l, err := r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		got.WriteString(l)
	}
	checkReplies(t, got.String(), want)
}

// TestPipelinedFile sends a whole file in one stream and checks every reply
// in order.
func TestPipelinedFile(t *testing.T) {
	// Easy puzzles: the test is about the protocol, and the solver here
	// is the simple one (the service's test sends data/test1000 to the
	// fast solver).
	puzzles := readPuzzles(t, "data/sudoku_small.txt")[:1000]
	if testing.Short() {
		puzzles = puzzles[:200]
	}
	_, addr := startServer(t, Config{})
	c := dial(t, addr)
	var req strings.Builder
	for i, p := range puzzles {
		fmt.Fprintf(&req, "%d:%s\r\n", i, p)
	}
	go io.WriteString(c, req.String())
	r := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(30 * time.Second))
	for i, p := range puzzles {
		l, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reply %d: %v", i, err)
		}
		id, sol, _ := strings.Cut(strings.TrimSuffix(l, "\r\n"), ":")
		if id != fmt.Sprint(i) || !validSolution(p, sol) {
			t.Fatalf("reply %d = %q, want id %d and a solution of %s", i, l, i, p)
		}
	}
}

// TestManyConnections runs clients at once, each pipelining requests.
func TestManyConnections(t *testing.T) {
	s, addr := startServer(t, Config{})
	const clients, each = 50, 40
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	for k := range clients {
		wg.Go(func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			var req strings.Builder
			for i := range each {
				p := easy
				if (i+k)%3 == 0 {
					p = clash
				}
				fmt.Fprintf(&req, "%d-%d:%s\r\n", k, i, p)
			}
			go io.WriteString(c, req.String())
			r := bufio.NewReader(c)
			c.SetReadDeadline(time.Now().Add(20 * time.Second))
			for i := range each {
				l, err := r.ReadString('\n')
				if err != nil {
					errs <- fmt.Errorf("client %d reply %d: %v", k, i, err)
					return
				}
				id, res, _ := strings.Cut(strings.TrimSuffix(l, "\r\n"), ":")
				ok := id == fmt.Sprintf("%d-%d", k, i)
				if (i+k)%3 == 0 {
					ok = ok && res == NoSolution
				} else {
					ok = ok && validSolution(easy, res)
				}
				if !ok {
					errs <- fmt.Errorf("client %d reply %d = %q", k, i, l)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if got, want := s.Stats.Requests.Load(), int64(clients*each); got != want {
		t.Errorf("Stats.Requests = %d, want %d", got, want)
	}
	if got, want := s.Stats.Solved.Load(), int64(clients*each*2/3); got < want-clients || got > want+clients {
		t.Errorf("Stats.Solved = %d, want about %d", got, want)
	}
}

// TestGarbageConnections opens 1,000 connections that send garbage,
// oversized lines and half lines, then close; the server must go on.
func TestGarbageConnections(t *testing.T) {
	s, addr := startServer(t, Config{})
	n := 1000
	if testing.Short() {
		n = 200
	}
	payloads := []string{
		strings.Repeat("\xff", 300),
		strings.Repeat("9", 5000) + "\r\n",
		"1:" + easy[:40],
		"\r\n\r\n\r\n",
		"id:" + easy + "\r\n" + "id:" + easy[:50],
		strings.Repeat(":", 100) + "\n",
		"",
	}
	var wg sync.WaitGroup
	sem := make(chan struct{}, 100)
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Error(err)
				return
			}
			io.WriteString(c, payloads[i%len(payloads)])
			if i%2 == 0 {
				c.(*net.TCPConn).CloseWrite()
				c.SetReadDeadline(time.Now().Add(5 * time.Second))
				io.Copy(io.Discard, c)
			}
			c.Close()
		})
	}
	wg.Wait()
	// The server still answers.
	c := dial(t, addr)
	io.WriteString(c, "ok:"+easy+"\r\n")
	r := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	l, err := r.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	checkReplies(t, l, []string{"~ok:|" + easy})
	c.Close()
	waitConns(t, s, 0)
	if got := s.Stats.Accepted.Load(); got != int64(n+1) {
		t.Errorf("Stats.Accepted = %d, want %d", got, n+1)
	}
}

func waitConns(t *testing.T, s *Server, want int64) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for s.Stats.Conns.Load() != want {
		if time.Now().After(deadline) {
			t.Fatalf("Stats.Conns = %d, want %d", s.Stats.Conns.Load(), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestDisconnectMidStream: a client sends many requests and goes away
// without reading the replies.
func TestDisconnectMidStream(t *testing.T) {
	s, addr := startServer(t, Config{})
	for range 20 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		var req strings.Builder
		for i := range 500 {
			fmt.Fprintf(&req, "%d:%s\r\n", i, easy)
		}
		io.WriteString(c, req.String()+"half:"+easy[:30])
		c.Close()
	}
	waitConns(t, s, 0)
}

// TestSlowReader: a client that sends without reading makes the server
// stop reading (bounded buffers), and the write deadline then drops it.
func TestSlowReader(t *testing.T) {
	s, addr := startServer(t, Config{WriteTimeout: 300 * time.Millisecond})
	c := dial(t, addr)
	line := []byte("0123456789:" + easy + "\r\n")
	var sent int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.SetWriteDeadline(time.Now().Add(5 * time.Second))
		for range 400000 {
			if _, err := c.Write(line); err != nil {
				return
			}
			sent++
		}
	}()
	<-done
	if sent == 400000 {
		t.Fatalf("the client wrote all %d requests (%d MB) without reading: the server did not stop reading", sent, sent*int64(len(line))>>20)
	}
	waitConns(t, s, 0)
	if got := s.Stats.Requests.Load(); got >= sent {
		t.Errorf("the server answered %d of %d requests while its replies were not read", got, sent)
	}
	t.Logf("client wrote %d requests before blocking; server answered %d", sent, s.Stats.Requests.Load())
}

// heldSolver tells started when it is called, and solves once release
// is closed.
type heldSolver struct {
	Solver
	started chan<- struct{}
	release <-chan struct{}
}

func (h heldSolver) Solve(puzzle, solution *[81]uint8) bool {
	h.started <- struct{}{}
	<-h.release
	return h.Solver.Solve(puzzle, solution)
}

// TestShutdown: a request the server has read is answered after Shutdown
// begins, then the connection closes and Shutdown returns. The solver
// holds the request until Shutdown has closed the listener.
func TestShutdown(t *testing.T) {
	started, release := make(chan struct{}, 1), make(chan struct{})
	s, addr := startServer(t, Config{NewSolver: func() Solver {
		return heldSolver{newGridSolver(), started, release}
	}})
	c := dial(t, addr)
	r := bufio.NewReader(c)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	io.WriteString(c, "2:"+easy+"\r\n")
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not start solving the request")
	}
	ctx, cancel := contextWithTimeout(10 * time.Second)
	defer cancel()
	shut := make(chan error, 1)
	go func() { shut <- s.Shutdown(ctx) }()
	for deadline := time.Now().Add(10 * time.Second); !s.closed(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("Shutdown did not begin")
		}
	}
	close(release)
	rest, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-shut; err != nil {
		t.Fatal(err)
	}
	checkReplies(t, string(rest), []string{"~2:|" + easy})
	if _, err := net.Dial("tcp", addr); err == nil {
		t.Error("the server still accepts connections after Shutdown")
	}
}

func TestMaxConns(t *testing.T) {
	// No reaping: the test is about the cap alone.
	s, addr := startServer(t, Config{MaxConns: 2, MaxConnsPerAddr: 2, ReapIdle: -1})
	a, b := dial(t, addr), dial(t, addr)
	waitConns(t, s, 2)
	c := dial(t, addr)
	if _, closed := readAll(t, c, 2*time.Second); !closed {
		t.Error("a third connection beyond MaxConns=2 was not closed")
	}
	for _, x := range []net.Conn{a, b} {
		io.WriteString(x, easy+"\n")
		got, _ := readAll(t, x, 300*time.Millisecond)
		checkReplies(t, got, []string{"~|" + easy})
	}
}

// dialFrom connects to addr from the local IP address from (any of
// 127.0.0.0/8 is loopback).
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

// TestMaxConnsPerAddr: one address that opens more connections than its
// cap gets the excess closed at once, and cannot take the slots of the
// others: another address is still served.
func TestMaxConnsPerAddr(t *testing.T) {
	s, addr := startServer(t, Config{MaxConns: 6, MaxConnsPerAddr: 3, ReapIdle: -1})
	var conns []net.Conn
	for range 8 {
		conns = append(conns, dialFrom(t, "127.0.0.1", addr))
	}
	// The server accepts in order: the first three are held, the others
	// closed.
	for i, c := range conns[3:] {
		if _, closed := readAll(t, c, 2*time.Second); !closed {
			t.Errorf("connection %d from 127.0.0.1 beyond the cap of 3 is open", i+4)
		}
	}
	other := dialFrom(t, "127.0.0.2", addr)
	io.WriteString(other, "o:"+easy+"\r\n")
	checkReplies(t, readLines(t, other, 1), []string{"~o:|" + easy})
	for i, c := range conns[:3] {
		io.WriteString(c, fmt.Sprintf("%d:%s\r\n", i, easy))
		checkReplies(t, readLines(t, c, 1), []string{fmt.Sprintf("~%d:|%s", i, easy)})
	}
	if got := s.Stats.Rejected.Load(); got != 5 {
		t.Errorf("Stats.Rejected = %d, want 5", got)
	}
	// A connection that ends gives its address a slot back.
	conns[0].Close()
	waitConns(t, s, 3)
	again := dialFrom(t, "127.0.0.1", addr)
	io.WriteString(again, "a:"+easy+"\r\n")
	checkReplies(t, readLines(t, again, 1), []string{"~a:|" + easy})
}

// TestLineTimeout: a client trickling a line one byte at a time, each
// within the idle timeout, is disconnected once the line has taken
// LineTimeout, without a reply; a client whose lines each arrive in time
// is served however long it stays.
func TestLineTimeout(t *testing.T) {
	const lineTimeout = 300 * time.Millisecond
	s, addr := startServer(t, Config{LineTimeout: lineTimeout, IdleTimeout: 10 * time.Second})

	// Lines split across writes 60 ms apart, each write finishing one
	// line and starting the next: 8 lines in about 0.5 s.
	c := dial(t, addr)
	var all strings.Builder
	var want []string
	for i := range 8 {
		fmt.Fprintf(&all, "%d:%s\r\n", i, easy)
		want = append(want, fmt.Sprintf("~%d:|%s", i, easy))
	}
	req, half := all.String(), len(easy)/2
	for off := 0; off < len(req); {
		end := min(off+half+2+len(easy)/2, len(req))
		if off == 0 {
			end = half
		}
		io.WriteString(c, req[off:end])
		off = end
		time.Sleep(60 * time.Millisecond)
	}
	checkReplies(t, readLines(t, c, 8), want)

	// One byte every 20 ms: 85 bytes would take 1.7 s.
	tr := dial(t, addr)
	start := time.Now()
	done := make(chan struct{})
	var got string
	var closed bool
	var after time.Duration
	go func() {
		defer close(done)
		got, closed = readAll(t, tr, 5*time.Second)
		after = time.Since(start)
	}()
	for _, b := range []byte("t:" + easy + "\r\n") {
		if _, err := tr.Write([]byte{b}); err != nil {
			break
		}
		select {
		case <-done:
		case <-time.After(20 * time.Millisecond):
			continue
		}
		break
	}
	<-done
	if got != "" || !closed || after > lineTimeout+time.Second {
		t.Errorf("trickling client: got %q, closed=%v after %v; want no reply and a close after about %v", got, closed, after, lineTimeout)
	}
	t.Logf("trickling client closed after %v", after)
	// The first client is still served.
	io.WriteString(c, "z:"+easy+"\r\n")
	checkReplies(t, readLines(t, c, 1), []string{"~z:|" + easy})
	_ = s
}

// TestReapIdle: with every connection slot held, a new client is served:
// the connection idle longest is closed for it, never one with a partial
// line (busy), nor one idle for less than ReapIdle. This is how 10,000
// idle connections from 42 addresses no longer lock everyone out.
func TestReapIdle(t *testing.T) {
	const reapIdle = 100 * time.Millisecond
	s, addr, w := startWatched(t, Config{MaxConns: 3, MaxConnsPerAddr: 3, ReapIdle: reapIdle, BusyIdleTimeout: -1})
	a := dial(t, addr)
	io.WriteString(a, "a:"+easy[:40]) // a partial line: busy
	w.waitRead(t, a, 42)
	var idle []net.Conn
	for i := range 2 {
		c := dial(t, addr)
		line := fmt.Sprintf("%d:%s\r\n", i, easy)
		io.WriteString(c, line)
		checkReplies(t, readLines(t, c, 1), []string{fmt.Sprintf("~%d:|%s", i, easy)})
		w.waitRead(t, c, len(line)) // idle from here
		idle = append(idle, c)
	}
	time.Sleep(reapIdle) // both idle for at least reapIdle
	// idle[1] speaks again: now idle[0] has been idle longest.
	again := "again:" + easy + "\r\n"
	io.WriteString(idle[1], again)
	checkReplies(t, readLines(t, idle[1], 1), []string{"~again:|" + easy})
	w.waitRead(t, idle[1], len("1:"+easy+"\r\n")+len(again))
	n := dial(t, addr)
	io.WriteString(n, "new:"+easy+"\r\n")
	checkReplies(t, readLines(t, n, 1), []string{"~new:|" + easy})
	if got, closed := readAll(t, idle[0], 10*time.Second); !closed || got != "" {
		t.Errorf("the connection idle longest: got %q, closed %v; want it closed", got, closed)
	}
	// The busy one and the one idle for less than ReapIdle are served.
	io.WriteString(a, easy[40:]+"\r\n")
	checkReplies(t, readLines(t, a, 1), []string{"~a:|" + easy})
	io.WriteString(idle[1], "z:"+easy+"\r\n")
	checkReplies(t, readLines(t, idle[1], 1), []string{"~z:|" + easy})
	if got := s.Stats.Reaped.Load(); got != 1 {
		t.Errorf("Stats.Reaped = %d, want 1", got)
	}
}

// TestBusyIdleTimeout: once 80% of MaxConns are open, a connection idle
// for BusyIdleTimeout is closed when the next one arrives; the defaults
// keep BusyIdleTimeout within IdleTimeout.
func TestBusyIdleTimeout(t *testing.T) {
	const busyIdle = 100 * time.Millisecond
	s, addr, w := startWatched(t, Config{MaxConns: 5, MaxConnsPerAddr: 5, BusyIdleTimeout: busyIdle, ReapIdle: -1})
	var conns []net.Conn
	for range 4 {
		c := dial(t, addr)
		w.waitRead(t, c, 0) // idle from here
		conns = append(conns, c)
	}
	time.Sleep(busyIdle) // all idle for at least busyIdle
	n := dial(t, addr)
	io.WriteString(n, "new:"+easy+"\r\n")
	checkReplies(t, readLines(t, n, 1), []string{"~new:|" + easy})
	for i, c := range conns {
		if _, closed := readAll(t, c, 10*time.Second); !closed {
			t.Errorf("idle connection %d still open", i)
		}
	}
	if got := s.Stats.Reaped.Load(); got != 4 {
		t.Errorf("Stats.Reaped = %d, want 4", got)
	}
	for _, tc := range []struct{ idle, busy, want time.Duration }{
		{0, 0, 10 * time.Second},
		{3 * time.Second, 0, 3 * time.Second},
		{0, time.Minute, time.Minute},
		{0, -1, -1},
	} {
		c := Config{IdleTimeout: tc.idle, BusyIdleTimeout: tc.busy}
		c.defaults()
		if c.BusyIdleTimeout != tc.want {
			t.Errorf("IdleTimeout %v, BusyIdleTimeout %v: default %v, want %v", tc.idle, tc.busy, c.BusyIdleTimeout, tc.want)
		}
	}
}
