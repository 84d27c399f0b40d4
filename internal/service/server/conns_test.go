package server

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/service/connlimit"
)

// TestConnCaps: the default connection caps of both protocols derive from
// the open-file limit (FDLimit stands in for the process's), shared by the
// protocols served; set caps are kept.
func TestConnCaps(t *testing.T) {
	tests := []struct {
		name                  string
		cfg                   Config
		http, httpPer         int
		line, linePer         int
		searches, searchesPer int
	}{
		{"ulimit -n 256", Config{FDLimit: 256, MaxSearches: 4}, 104, 52, 104, 52, 4, 2},
		{"ulimit -n 256, no line protocol", Config{FDLimit: 256, LineAddr: "-"}, 208, 104, 208, 104, 0, 0},
		{"ulimit -n 1024", Config{FDLimit: 1024, MaxSearches: 1}, 464, 232, 464, 232, 1, 1},
		{"plenty", Config{FDLimit: 1 << 20, MaxSearches: 9}, 10000, 256, 10000, 256, 9, 4},
		{"set", Config{FDLimit: 256, MaxConns: 7, MaxConnsPerAddr: 3, MaxSearches: 6, MaxSearchesPerAddr: 5}, 7, 3, 104, 52, 6, 5},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.cfg
			c.defaults()
			lc := New(tc.cfg).LineServer().Config()
			if c.MaxConns != tc.http || c.MaxConnsPerAddr != tc.httpPer || lc.MaxConns != tc.line || lc.MaxConnsPerAddr != tc.linePer {
				t.Errorf("HTTP %d/%d per address, line %d/%d; want %d/%d, %d/%d",
					c.MaxConns, c.MaxConnsPerAddr, lc.MaxConns, lc.MaxConnsPerAddr, tc.http, tc.httpPer, tc.line, tc.linePer)
			}
			if tc.searches > 0 && (c.MaxSearches != tc.searches || c.MaxSearchesPerAddr != tc.searchesPer) {
				t.Errorf("searches %d/%d per address, want %d/%d", c.MaxSearches, c.MaxSearchesPerAddr, tc.searches, tc.searchesPer)
			}
		})
	}
}

// dialIdle opens n connections to addr from the local address ip that
// send nothing; they are closed at the end of the test.
func dialIdle(t *testing.T, ip, addr string, n int) []net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	var conns []net.Conn
	for range n {
		c, err := d.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d of %d: %v", len(conns)+1, n, err)
		}
		conns = append(conns, c)
	}
	t.Cleanup(func() {
		for _, c := range conns {
			c.Close()
		}
	})
	return conns
}

// closedConns counts the connections the server has closed (end of file or
// a reset), waiting up to d for each of the first.
func closedConns(conns []net.Conn, d time.Duration) int {
	n := 0
	for i, c := range conns {
		wait := time.Millisecond
		if i == 0 {
			wait = d
		}
		c.SetReadDeadline(time.Now().Add(wait))
		_, err := c.Read(make([]byte, 1))
		var ne net.Error
		if err != nil && !(asNetErr(err, &ne) && ne.Timeout()) {
			n++
		}
	}
	return n
}

func asNetErr(err error, ne *net.Error) bool {
	e, ok := err.(net.Error)
	if ok {
		*ne = e
	}
	return ok
}

// healthy polls url/healthz from the local address ip on fresh
// connections until it answers 200, or fails the test after deadline.
func healthy(t *testing.T, ip, url string, deadline time.Duration) int {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	c := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}}
	end := time.Now().Add(deadline)
	for tries := 1; ; tries++ {
		resp, err := c.Get(url + "/healthz")
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return tries
			}
		}
		if time.Now().After(end) {
			t.Fatalf("GET /healthz from %s: no answer within %v (%d tries; last: %v)", ip, deadline, tries, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// reapIdle sets the HTTP limiter's ReapIdle (1 s in the server).
func reapIdle(d time.Duration) func(*Server) {
	return func(s *Server) {
		cfg := s.httpLim.Config()
		cfg.ReapIdle = d
		s.httpLim = connlimit.New(cfg, s.httpLim.Stats())
	}
}

// waitHTTPConns waits until the server counts n HTTP connections.
func waitHTTPConns(t *testing.T, ts *testServer, n int64) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for ts.httpLim.Stats().Conns.Load() != n {
		if time.Now().After(deadline) {
			t.Fatalf("%d HTTP connections counted, want %d", ts.httpLim.Stats().Conns.Load(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestHTTPConnCap: HTTP connections beyond the cap in all or per address
// are closed at once, and another address is served while one holds its
// share.
func TestHTTPConnCap(t *testing.T) {
	ts := startServer(t, Config{MaxConns: 4, MaxConnsPerAddr: 2}, reapIdle(time.Hour))
	addr := strings.TrimPrefix(ts.url, "http://")
	hog := dialIdle(t, "127.0.0.1", addr, 4)
	if n := closedConns(hog[2:], 10*time.Second); n != 2 {
		t.Errorf("%d of the 2 connections beyond the address's cap closed", n)
	}
	// 127.0.0.2 is served at once: the hog holds only its share.
	if tries := healthy(t, "127.0.0.2", ts.url, 10*time.Second); tries != 1 {
		t.Errorf("127.0.0.2 took %d tries, want 1", tries)
	}
	waitHTTPConns(t, ts, 2) // the server has closed the probe's connection
	more := dialIdle(t, "127.0.0.3", addr, 2)
	more = append(more, dialIdle(t, "127.0.0.4", addr, 1)...)
	if n := closedConns(more[2:], 10*time.Second); n != 1 {
		t.Errorf("a connection beyond the cap in all was not closed")
	}
	if n := closedConns(append(hog[:2], more[:2]...), 50*time.Millisecond); n != 0 {
		t.Errorf("%d admitted connections closed", n)
	}
	// A connection that closes gives its slot back.
	more[0].Close()
	waitHTTPConns(t, ts, 3)
	resp, err := clientFrom(t, "127.0.0.9").Get(ts.url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	mb, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	b := string(mb)
	for _, want := range []string{"sudoku_http_connections_rejected_total 3\n", "sudoku_http_connections_reaped_total 0\n"} {
		if !strings.Contains(b, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
}

// TestHTTPReapIdle: with every HTTP connection slot held by idle
// connections, a new client is served at once by closing the one idle
// longest (once idle for ReapIdle).
func TestHTTPReapIdle(t *testing.T) {
	const idle = 200 * time.Millisecond
	ts := startServer(t, Config{MaxConns: 4, MaxConnsPerAddr: 4}, reapIdle(idle))
	addr := strings.TrimPrefix(ts.url, "http://")
	held := dialIdle(t, "127.0.0.1", addr, 4)
	waitHTTPConns(t, ts, 4) // admitted: idle from now
	time.Sleep(idle)
	if tries := healthy(t, "127.0.0.2", ts.url, 10*time.Second); tries != 1 {
		t.Errorf("the new client took %d tries, want 1", tries)
	}
	if n := closedConns(held, 10*time.Second); n != 1 {
		t.Errorf("%d idle connections closed for the new client, want 1", n)
	}
}

// lineAnswers sends the line protocol server at addr one request on a
// fresh connection from the local address ip and reports whether it
// answered.
func lineAnswers(addr, ip string) bool {
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 2 * time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		return false
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(2 * time.Second))
	if _, err := io.WriteString(c, "p:"+test1+"\r\n"); err != nil {
		return false
	}
	l, err := bufio.NewReader(c).ReadString('\n')
	return err == nil && strings.HasPrefix(l, "p:") && len(l) == 2+81+2
}
