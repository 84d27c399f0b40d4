package lineproto

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// LoadConfig describes a load test of a line protocol server.
type LoadConfig struct {
	Addr    string
	Puzzles []string // 81-byte requests, sent round robin
	N       int      // requests in all (default 100,000)
	Conns   int      // connections (default 4)
	// Pipeline is the number of requests in flight per connection
	// (default 16). Without a rate, a connection writes as many requests
	// as it has room for with one write.
	Pipeline int
	// Rate, when positive, spreads the requests evenly at this many per
	// second in all (one write each). LoadResult.Lateness then tells how
	// late the requests went out (a server that stalls the client shows
	// there rather than in the latencies).
	Rate float64
	// Check verifies every reply: the id, and a valid solution keeping the
	// puzzle's givens (or NoSolution).
	Check bool
}

// LoadResult is what a load test measured.
type LoadResult struct {
	Requests   int           // replies received
	Errors     int           // replies that failed the check
	NoSolution int           // NoSolution replies
	Elapsed    time.Duration // from the first request to the last reply
	// Latencies are the times from writing each request to reading its
	// reply.
	Latencies []time.Duration
	// Lateness, with a Rate, is the largest delay of a request's write
	// after the time it was due.
	Lateness time.Duration
}

// Throughput returns the replies per second.
func (r *LoadResult) Throughput() float64 { return float64(r.Requests) / r.Elapsed.Seconds() }

// Percentile returns the p-th percentile (0-100) of the latencies; it
// sorts them on first use.
func (r *LoadResult) Percentile(p float64) time.Duration {
	if len(r.Latencies) == 0 {
		return 0
	}
	if !slices.IsSorted(r.Latencies) {
		slices.Sort(r.Latencies)
	}
	i := int(p / 100 * float64(len(r.Latencies)-1))
	return r.Latencies[max(0, min(i, len(r.Latencies)-1))]
}

// Load runs a load test: cfg.Conns connections send cfg.N requests in
// all, pipelined, and every reply's latency is recorded.
func Load(ctx context.Context, cfg LoadConfig) (*LoadResult, error) {
	if len(cfg.Puzzles) == 0 {
		return nil, errors.New("no puzzles to send")
	}
	for i, p := range cfg.Puzzles {
		if len(p) != 81 {
			return nil, fmt.Errorf("puzzle %d is %d bytes, want 81", i+1, len(p))
		}
	}
	if cfg.N <= 0 {
		cfg.N = 100_000
	}
	if cfg.Conns <= 0 {
		cfg.Conns = 4
	}
	cfg.Conns = min(cfg.Conns, cfg.N)
	if cfg.Pipeline <= 0 {
		cfg.Pipeline = 16
	}
	conns := make([]net.Conn, cfg.Conns)
	for i := range conns {
		var d net.Dialer
		c, err := d.DialContext(ctx, "tcp", cfg.Addr)
		if err != nil {
			for _, c := range conns[:i] {
				c.Close()
			}
			return nil, err
		}
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetNoDelay(true)
		}
		conns[i] = c
	}
	stop := context.AfterFunc(ctx, func() {
		for _, c := range conns {
			c.SetDeadline(time.Now())
		}
	})
	defer stop()
	results := make([]connResult, cfg.Conns)
	start := time.Now()
	var wg sync.WaitGroup
	for i, c := range conns {
		count := cfg.N / cfg.Conns
		if i < cfg.N%cfg.Conns {
			count++
		}
		wg.Go(func() {
			defer c.Close()
			results[i] = runConn(c, &cfg, i, count, start)
		})
	}
	wg.Wait()
	res := &LoadResult{Elapsed: time.Since(start)}
	var errs []error
	for _, r := range results {
		res.Requests += r.replies
		res.Errors += r.bad
		res.NoSolution += r.noSolution
		res.Latencies = append(res.Latencies, r.lat...)
		res.Lateness = max(res.Lateness, r.late)
		if r.err != nil {
			errs = append(errs, r.err)
		}
	}
	if ctx.Err() != nil {
		return res, ctx.Err()
	}
	return res, errors.Join(errs...)
}

type connResult struct {
	replies, bad, noSolution int
	lat                      []time.Duration
	late                     time.Duration
	err                      error
}

// runConn sends count requests on c and reads their replies.
func runConn(c net.Conn, cfg *LoadConfig, index, count int, start time.Time) connResult {
	p := cfg.Pipeline
	sent := make([]atomic.Int64, p) // write time of request k, at k%p, in ns since start
	var late atomic.Int64
	credits := make(chan struct{}, p)
	for range p {
		credits <- struct{}{}
	}
	werr := make(chan error, 1)
	go func() {
		bw := bufio.NewWriterSize(c, 64<<10)
		var line []byte
		for k := range count {
			var due time.Duration
			if cfg.Rate > 0 {
				// Requests of all connections interleave evenly.
				due = time.Duration(float64(k*cfg.Conns+index) / cfg.Rate * float64(time.Second))
				if d := due - time.Since(start); d > 0 {
					time.Sleep(d)
				}
			}
			select {
			case <-credits:
			default:
				if err := bw.Flush(); err != nil {
					werr <- err
					return
				}
				<-credits
			}
			now := time.Since(start)
			if cfg.Rate > 0 && now-due > time.Duration(late.Load()) {
				late.Store(int64(now - due))
			}
			sent[k%p].Store(int64(now))
			line = strconv.AppendInt(line[:0], int64(k), 10)
			line = append(line, ':')
			line = append(line, cfg.Puzzles[(k*cfg.Conns+index)%len(cfg.Puzzles)]...)
			line = append(line, '\r', '\n')
			bw.Write(line)
			if cfg.Rate > 0 {
				if err := bw.Flush(); err != nil {
					werr <- err
					return
				}
			}
		}
		werr <- bw.Flush()
	}()
	r := connResult{lat: make([]time.Duration, 0, count)}
	br := bufio.NewReaderSize(c, 64<<10)
	for k := range count {
		l, err := br.ReadSlice('\n')
		if err != nil {
			r.err = fmt.Errorf("connection %d, reply %d: %w", index, k, err)
			break
		}
		r.lat = append(r.lat, time.Since(start)-time.Duration(sent[k%p].Load()))
		r.replies++
		credits <- struct{}{}
		if !cfg.Check {
			continue
		}
		l = bytes.TrimSuffix(l, []byte("\r\n"))
		id, res, ok := bytes.Cut(l, []byte{':'})
		if !ok || string(id) != strconv.Itoa(k) {
			r.bad++
			continue
		}
		if string(res) == NoSolution {
			r.noSolution++
			continue
		}
		if !solves(cfg.Puzzles[(k*cfg.Conns+index)%len(cfg.Puzzles)], res) {
			r.bad++
		}
	}
	c.Close() // unblock the writer if the reader stopped early
	werr2 := <-werr
	r.late = time.Duration(late.Load())
	if err := werr2; err != nil && r.err == nil && r.replies < count {
		r.err = fmt.Errorf("connection %d: %w", index, err)
	}
	return r
}

// solves reports whether sol is a valid grid keeping puzzle's givens.
func solves(puzzle string, sol []byte) bool {
	if len(sol) != 81 {
		return false
	}
	var rows, cols, boxes [9]uint16
	for i, c := range sol {
		if c < '1' || c > '9' {
			return false
		}
		if p := puzzle[i]; p != '0' && p != '.' && p != c {
			return false
		}
		m := uint16(1) << (c - '0')
		r, k := i/9, i%9
		b := r/3*3 + k/3
		if (rows[r]|cols[k]|boxes[b])&m != 0 {
			return false
		}
		rows[r] |= m
		cols[k] |= m
		boxes[b] |= m
	}
	return true
}
