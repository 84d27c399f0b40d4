package server

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dlxkit/dlx/logic"
	"github.com/dlxkit/dlx/sudoku"
)

// clientFrom returns an HTTP client whose connections leave from the local
// address ip (any of 127.0.0.0/8 is loopback); its idle connections are
// closed at the end of the test, before the server's goroutines are
// counted.
func clientFrom(t *testing.T, ip string) *http.Client {
	t.Helper()
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 32}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

// post sends body to url and returns the status and the error code of the
// reply (if any).
func post(c *http.Client, url, body string) (int, string, error) {
	resp, err := c.Post(url, "text/plain", strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, "", err
	}
	code := ""
	if i := strings.Index(string(b), `"code":"`); i >= 0 {
		code, _, _ = strings.Cut(string(b[i+8:]), `"`)
	}
	return resp.StatusCode, code, nil
}

// TestFairShare: four clients of one address looping on searches that
// hold their slot (the issue's /api/count?limit=0 on a blank grid, here a
// rating that waits until the test ends it) keep to their address's share
// of the search slots: a client of another address gets every search
// answered, while the hogs' own extra searches get 503 after a wait, and
// the metrics count those refusals as per address.
func TestFairShare(t *testing.T) {
	release := make(chan struct{})
	var running, peak atomic.Int64
	ts := startServer(t, Config{MaxSearches: 4, Timeout: time.Minute}, func(s *Server) {
		s.rateFunc = func(ctx context.Context, g *sudoku.Grid, opt logic.Options) (logic.Result, error) {
			n := running.Add(1)
			defer running.Add(-1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			select {
			case <-release:
			case <-ctx.Done():
			}
			return logic.RateWith(ctx, g, opt)
		}
	})
	hogClient, probeClient := clientFrom(t, "127.0.0.1"), clientFrom(t, "127.0.0.2")
	var hogs sync.WaitGroup
	var hogStatus sync.Map // status -> *atomic.Int64
	stop := make(chan struct{})
	for range 4 {
		hogs.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				status, _, err := post(hogClient, ts.url+"/api/rate", test1)
				if err != nil {
					t.Errorf("hog: %v", err)
					return
				}
				v, _ := hogStatus.LoadOrStore(status, new(atomic.Int64))
				v.(*atomic.Int64).Add(1)
			}
		})
	}
	defer func() {
		close(stop)
		close(release)
		hogs.Wait()
	}()
	// The hogs hold their share of the slots (half).
	deadline := time.Now().Add(10 * time.Second)
	for running.Load() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d hogs searching, want 2", running.Load())
		}
		time.Sleep(time.Millisecond)
	}
	// A probe from the hogs' address waits, then gets 503: its share is
	// taken.
	status, code, err := post(hogClient, ts.url+"/api/solve", test1)
	if err != nil || status != 503 || code != "busy" {
		t.Errorf("a search from the hogs' address: %d %q %v, want 503 busy", status, code, err)
	}
	// Another address is served every time.
	var refused int
	for i := range 30 {
		status, code, err := post(probeClient, ts.url+"/api/solve", test1)
		if err != nil || status != 200 {
			refused++
			t.Errorf("probe %d from 127.0.0.2: %d %q %v, want 200", i, status, code, err)
		}
	}
	if p := peak.Load(); p > 2 {
		t.Errorf("%d hog searches ran at once, want at most the address's share, 2", p)
	}
	b := fetch(t, ts.url+"/metrics")
	if !strings.Contains(b, `sudoku_rejected_requests_total{reason="busy_addr"}`) {
		t.Error(`metrics lack the per-address refusals, sudoku_rejected_requests_total{reason="busy_addr"}`)
	}
	if strings.Contains(b, `sudoku_rejected_requests_total{reason="busy"}`) {
		t.Error(`metrics count a refusal for want of any slot (reason="busy"): the probes had slots`)
	}
	t.Logf("probes refused: %d of 30", refused)
}

// TestSearchSlotsStress: clients of four addresses send searches, some
// holding their slot a while, some giving up early: no more searches than
// MaxSearches ever run, every reply is an answer or a 503, and at the end
// every slot is back and nothing waits. Run it with -race.
func TestSearchSlotsStress(t *testing.T) {
	const maxSearches = 3
	rounds := 30
	if testing.Short() {
		rounds = 10
	}
	var running, peak atomic.Int64
	ts := startServer(t, Config{MaxSearches: maxSearches, MaxSearchesPerAddr: 2, SearchWait: 5 * time.Millisecond, Timeout: 10 * time.Second}, func(s *Server) {
		s.rateFunc = func(ctx context.Context, g *sudoku.Grid, opt logic.Options) (logic.Result, error) {
			n := running.Add(1)
			defer running.Add(-1)
			for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
			}
			select {
			case <-time.After(time.Duration(rand.IntN(3)) * time.Millisecond):
			case <-ctx.Done():
			}
			return logic.RateWith(ctx, g, opt)
		}
	})
	var wg sync.WaitGroup
	var ok, busy atomic.Int64
	for a := range 4 {
		c := clientFrom(t, fmt.Sprintf("127.0.0.%d", a+1))
		for g := range 4 {
			wg.Go(func() {
				rng := rand.New(rand.NewPCG(uint64(a), uint64(g)))
				for range rounds {
					path := "/api/rate"
					if rng.IntN(3) == 0 {
						path = "/api/solve"
					}
					ctx, cancel := context.WithCancel(context.Background())
					if rng.IntN(6) == 0 {
						time.AfterFunc(time.Duration(rng.IntN(2000))*time.Microsecond, cancel)
					}
					req, _ := http.NewRequestWithContext(ctx, "POST", ts.url+path, strings.NewReader(test1))
					resp, err := c.Do(req)
					if err != nil {
						cancel()
						if ctx.Err() == nil {
							t.Errorf("%s: %v", path, err)
						}
						continue
					}
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					cancel()
					switch resp.StatusCode {
					case 200:
						ok.Add(1)
					case 503:
						busy.Add(1)
					default:
						t.Errorf("%s: status %d", path, resp.StatusCode)
					}
				}
			})
		}
	}
	wg.Wait()
	if p := peak.Load(); p > maxSearches {
		t.Errorf("%d searches at once, cap %d", p, maxSearches)
	}
	deadline := time.Now().Add(10 * time.Second)
	for ts.slots.InUse() != 0 || ts.slots.Waiting() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("at the end: %d slots in use, %d waiting", ts.slots.InUse(), ts.slots.Waiting())
		}
		time.Sleep(time.Millisecond)
	}
	if b := fetch(t, ts.url+"/metrics"); !strings.Contains(b, "sudoku_searches_in_flight 0\n") || !strings.Contains(b, "sudoku_searches_waiting 0\n") {
		t.Error("metrics: searches still in flight or waiting")
	}
	if ok.Load() == 0 || busy.Load() == 0 {
		t.Errorf("%d answered, %d refused: the stress did not reach the caps", ok.Load(), busy.Load())
	}
	t.Logf("%d answered, %d refused, peak %d", ok.Load(), busy.Load(), peak.Load())
}

// TestClientKey: the search share counts the connection's address (IPv6
// by /64); X-Forwarded-For only when trusted, and then its last address.
func TestClientKey(t *testing.T) {
	tests := []struct {
		remote string
		xff    []string
		trust  bool
		want   string
	}{
		{"127.0.0.2:5000", nil, false, "127.0.0.2"},
		{"127.0.0.2:5000", []string{"10.0.0.1"}, false, "127.0.0.2"},
		{"127.0.0.2:5000", []string{"10.0.0.1"}, true, "10.0.0.1"},
		{"127.0.0.2:5000", []string{"1.1.1.1, 10.0.0.1 "}, true, "10.0.0.1"},
		{"127.0.0.2:5000", []string{"1.1.1.1", "2.2.2.2,3.3.3.3"}, true, "3.3.3.3"},
		{"127.0.0.2:5000", []string{"junk"}, true, "127.0.0.2"},
		{"127.0.0.2:5000", []string{""}, true, "127.0.0.2"},
		{"[2001:db8::1:2:3:4]:80", nil, false, "2001:db8::"},
		{"[::ffff:10.1.1.1]:80", nil, false, "10.1.1.1"},
		{"127.0.0.2:5000", []string{"2001:db8:0:7:1::9"}, true, "2001:db8:0:7::"},
		{"pipe", nil, false, "invalid IP"},
	}
	for _, tc := range tests {
		s := &Server{cfg: Config{TrustForwardedFor: tc.trust}}
		r := httptest.NewRequest("POST", "/api/solve", nil)
		r.RemoteAddr = tc.remote
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := s.clientKey(r).String(); got != tc.want {
			t.Errorf("remote %q, X-Forwarded-For %q, trusted %v: key %s, want %s", tc.remote, tc.xff, tc.trust, got, tc.want)
		}
	}
}

// FuzzClientKey: any header and remote address give a key without a
// panic: the zero address or a valid one.
func FuzzClientKey(f *testing.F) {
	f.Add("127.0.0.1:1", "10.0.0.1, 10.0.0.2")
	f.Add("[::1]:80", ",,,")
	f.Add("x", "2001:db8::1%eth0")
	f.Fuzz(func(t *testing.T, remote, xff string) {
		s := &Server{cfg: Config{TrustForwardedFor: true}}
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		r.Header.Set("X-Forwarded-For", xff)
		k := s.clientKey(r)
		if k.IsValid() && k.Is4In6() {
			t.Errorf("key %v is a mapped address", k)
		}
		if k != (netip.Addr{}) && !k.IsValid() {
			t.Errorf("key %v", k)
		}
	})
}
