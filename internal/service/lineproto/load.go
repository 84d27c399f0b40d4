package lineproto

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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
	// Timeout, when positive, is the longest wait for a reply from the
	// time its request was written: a connection whose server answers
	// nothing for that long stops with ErrNoReply (0: no limit, only the
	// context stops a stalled server).
	Timeout time.Duration

	dial func(ctx context.Context) (net.Conn, error) // for tests; nil: TCP to Addr
}

// LoadResult is what a load test measured. A test cut short (see Load)
// holds the figures up to where it stopped.
type LoadResult struct {
	Sent       int           // requests written
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

// Throughput returns the replies per second (0 before any reply).
func (r *LoadResult) Throughput() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Requests) / r.Elapsed.Seconds()
}

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

// loadBuffer is the size of a load test connection's buffers: the longest
// reply line read.
const loadBuffer = 64 << 10

// Why a connection of a load test stopped before all its replies came.
// Load's error wraps them, in a *ConnError for each connection (test with
// errors.Is); a reset or another read error is wrapped the same way.
var (
	// ErrConnClosed: the server closed the connection (end of file).
	ErrConnClosed = errors.New("the server closed the connection")
	// ErrNoReply: no reply within LoadConfig.Timeout.
	ErrNoReply = errors.New("no reply")
	// errStopped: the context ended (Load reports its cause once).
	errStopped = errors.New("stopped")
)

// Load runs a load test: cfg.Conns connections send cfg.N requests in
// all, pipelined, and every reply's latency is recorded.
//
// A connection stops early when the server closes or resets it, when a
// reply takes longer than cfg.Timeout, or when ctx ends; the others go on.
// Load then returns the figures so far with an error that says how many
// replies of cfg.N came and why each connection stopped (ErrConnClosed,
// ErrNoReply, a net error, or ctx's cause).
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
	if cfg.dial == nil {
		cfg.dial = func(ctx context.Context) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "tcp", cfg.Addr)
		}
	}
	conns := make([]*loadConn, cfg.Conns)
	for i := range conns {
		c, err := cfg.dial(ctx)
		if err != nil {
			for _, lc := range conns[:i] {
				lc.c.Close()
			}
			return nil, err
		}
		if tc, ok := c.(*net.TCPConn); ok {
			tc.SetNoDelay(true)
		}
		count := cfg.N / cfg.Conns
		if i < cfg.N%cfg.Conns {
			count++
		}
		conns[i] = newLoadConn(c, &cfg, i, count)
	}
	stop := context.AfterFunc(ctx, func() {
		for _, lc := range conns {
			lc.stop(errStopped)
		}
	})
	defer stop()
	start := time.Now()
	var wg sync.WaitGroup
	for _, lc := range conns {
		wg.Go(func() { lc.run(start) })
	}
	wg.Wait()
	res := &LoadResult{}
	var errs []error
	for _, lc := range conns {
		r := &lc.res
		res.Sent += r.sent
		res.Requests += r.replies
		res.Errors += r.bad
		res.NoSolution += r.noSolution
		res.Latencies = append(res.Latencies, r.lat...)
		res.Lateness = max(res.Lateness, r.late)
		res.Elapsed = max(res.Elapsed, r.last)
		if r.err != nil {
			errs = append(errs, r.err)
		}
	}
	if res.Requests == cfg.N {
		return res, nil
	}
	if err := context.Cause(ctx); err != nil {
		errs = append([]error{err}, errs...)
		return res, fmt.Errorf("interrupted after %d of %d replies: %w", res.Requests, cfg.N, connErrors(errs))
	}
	return res, fmt.Errorf("cut short after %d of %d replies: %w", res.Requests, cfg.N, connErrors(errs))
}

// A ConnError says why one connection of a load test stopped before all
// its replies came.
type ConnError struct {
	Conn    int   // the connection's index, from 0
	Replies int   // replies it received
	Count   int   // requests it had to send
	Err     error // ErrConnClosed, ErrNoReply, or the error of the read (of a write, for a reset)
}

func (e *ConnError) Error() string {
	return fmt.Sprintf("connection %d: %s after %d of its %d replies", e.Conn, e.reason(), e.Replies, e.Count)
}

func (e *ConnError) Unwrap() error { return e.Err }

// reason is the error without what is particular to the connection (its
// addresses), so that connections that stopped alike are told at once.
func (e *ConnError) reason() string {
	var errno syscall.Errno
	if errors.As(e.Err, &errno) {
		return errno.Error()
	}
	return e.Err.Error()
}

// connErrors are the errors of a load test: the connections that stopped
// for the same reason are told together, the first few reasons only.
type connErrors []error

func (e connErrors) Error() string {
	type group struct {
		reason                string
		conns, replies, count int
		first                 error
	}
	var groups []*group
	byReason := map[string]*group{}
	for _, err := range e {
		ce, ok := err.(*ConnError)
		if !ok {
			groups = append(groups, &group{conns: 1, first: err})
			continue
		}
		g := byReason[ce.reason()]
		if g == nil {
			g = &group{reason: ce.reason(), first: err}
			byReason[g.reason] = g
			groups = append(groups, g)
		}
		g.conns++
		g.replies += ce.Replies
		g.count += ce.Count
	}
	const shown = 3
	var b strings.Builder
	for i, g := range groups[:min(len(groups), shown)] {
		if i > 0 {
			b.WriteString("; ")
		}
		if g.conns == 1 {
			b.WriteString(g.first.Error())
		} else {
			fmt.Fprintf(&b, "%d connections: %s after %d of their %d replies", g.conns, g.reason, g.replies, g.count)
		}
	}
	if len(groups) > shown {
		n := 0
		for _, g := range groups[shown:] {
			n += g.conns
		}
		fmt.Fprintf(&b, "; and %d more connections", n)
	}
	return b.String()
}

func (e connErrors) Unwrap() []error { return e }

// loadConn is one connection of a load test: a writer goroutine sends the
// requests, at most cfg.Pipeline ahead of the replies, and run reads the
// replies.
type loadConn struct {
	c            net.Conn
	cfg          *LoadConfig
	index, count int
	start        time.Time

	sent    []atomic.Int64 // write time of request k, at k%Pipeline, in ns since start
	written atomic.Int64   // requests handed to the connection (flushed)
	late    atomic.Int64
	credits chan struct{} // one per request the writer may send
	done    chan struct{} // closed when the reader stops

	mu    sync.Mutex
	cause error // why the connection stopped early, the first reason only

	res connResult
}

type connResult struct {
	sent, replies, bad, noSolution int
	lat                            []time.Duration
	late, last                     time.Duration
	err                            error
}

func newLoadConn(c net.Conn, cfg *LoadConfig, index, count int) *loadConn {
	lc := &loadConn{
		c: c, cfg: cfg, index: index, count: count,
		sent:    make([]atomic.Int64, cfg.Pipeline),
		credits: make(chan struct{}, cfg.Pipeline),
		done:    make(chan struct{}),
	}
	for range cfg.Pipeline {
		lc.credits <- struct{}{}
	}
	return lc
}

// stop records why the connection stops (unless a reason came first) and
// ends the reads and writes in progress.
func (lc *loadConn) stop(err error) {
	lc.mu.Lock()
	if lc.cause == nil {
		lc.cause = err
	}
	lc.mu.Unlock()
	lc.c.SetDeadline(time.Now())
}

func (lc *loadConn) stopped() error {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	return lc.cause
}

// due returns the time request k is due after the start, with a rate.
func (lc *loadConn) due(k int) time.Duration {
	return time.Duration(float64(k*lc.cfg.Conns+lc.index) / lc.cfg.Rate * float64(time.Second))
}

func (lc *loadConn) puzzle(k int) string {
	return lc.cfg.Puzzles[(k*lc.cfg.Conns+lc.index)%len(lc.cfg.Puzzles)]
}

// write sends the requests; it returns at the first write error or when
// the reader stops.
func (lc *loadConn) write() error {
	cfg, p, start := lc.cfg, lc.cfg.Pipeline, lc.start
	bw := bufio.NewWriterSize(lc.c, loadBuffer)
	flush := func(k int) error {
		if err := bw.Flush(); err != nil {
			return fmt.Errorf("connection %d, writing request %d: %w", lc.index, lc.written.Load(), err)
		}
		lc.written.Store(int64(k))
		return nil
	}
	var line []byte
	var wait *time.Timer
	for k := range lc.count {
		var due time.Duration
		if cfg.Rate > 0 {
			// Requests of all connections interleave evenly.
			due = lc.due(k)
			if d := due - time.Since(start); d > 0 {
				if wait == nil {
					wait = time.NewTimer(d)
					defer wait.Stop()
				} else {
					wait.Reset(d)
				}
				select {
				case <-wait.C:
				case <-lc.done:
					return nil
				}
			}
		}
		select {
		case <-lc.credits:
		default:
			if err := flush(k); err != nil {
				return err
			}
			select {
			case <-lc.credits:
			case <-lc.done:
				return nil
			}
		}
		now := time.Since(start)
		if cfg.Rate > 0 && now-due > time.Duration(lc.late.Load()) {
			lc.late.Store(int64(now - due))
		}
		lc.sent[k%p].Store(int64(now))
		line = strconv.AppendInt(line[:0], int64(k), 10)
		line = append(line, ':')
		line = append(line, lc.puzzle(k)...)
		line = append(line, '\r', '\n')
		bw.Write(line)
		if cfg.Rate > 0 {
			if err := flush(k + 1); err != nil {
				return err
			}
		}
	}
	return flush(lc.count)
}

// run sends the connection's requests and reads their replies until all
// came or the connection stops; it fills lc.res and closes the connection.
func (lc *loadConn) run(start time.Time) {
	lc.start = start
	cfg, p := lc.cfg, lc.cfg.Pipeline
	werr := make(chan error, 1)
	go func() { werr <- lc.write() }()
	r := &lc.res
	r.lat = make([]time.Duration, 0, lc.count)
	br := bufio.NewReaderSize(lc.c, loadBuffer)
	for k := range lc.count {
		if cfg.Timeout > 0 && !lineBuffered(br) {
			lc.c.SetReadDeadline(start.Add(lc.replyDue(k) + cfg.Timeout))
			// A stop before the new deadline would be undone by it.
			if lc.stopped() != nil {
				break
			}
		}
		l, err := br.ReadSlice('\n')
		if err != nil {
			lc.stop(lc.readError(k, err))
			break
		}
		now := time.Since(start)
		r.lat = append(r.lat, now-time.Duration(lc.sent[k%p].Load()))
		r.replies++
		r.last = now
		select {
		case lc.credits <- struct{}{}:
		default: // more replies than requests: a server gone wrong
		}
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
		if !solves(lc.puzzle(k), res) {
			r.bad++
		}
	}
	close(lc.done)
	lc.c.Close() // unblock a write in progress
	err := <-werr
	r.sent = int(lc.written.Load())
	r.late = time.Duration(lc.late.Load())
	cause := lc.stopped()
	if ce, ok := cause.(*ConnError); ok && ce.Err == ErrConnClosed && errors.Is(err, syscall.ECONNRESET) {
		// A reset is reported once, to the read or the write that
		// comes first: the writer had it, the reader then saw an end of
		// file.
		ce.Err = err
	}
	if cause != errStopped {
		r.err = cause
	}
}

// replyDue returns when, after the start, request k was written or is
// due: the time its reply's wait starts.
func (lc *loadConn) replyDue(k int) time.Duration {
	if lc.written.Load() > int64(k) {
		return time.Duration(lc.sent[k%lc.cfg.Pipeline].Load())
	}
	now := time.Since(lc.start)
	if lc.cfg.Rate > 0 {
		return max(now, lc.due(k))
	}
	return now
}

// readError says why reading reply k failed.
func (lc *loadConn) readError(k int, err error) error {
	switch {
	case lc.stopped() != nil:
		return errStopped // the context ended (or a cause came first)
	case errors.Is(err, io.EOF):
		err = ErrConnClosed
	case errors.Is(err, os.ErrDeadlineExceeded):
		err = fmt.Errorf("%w within %v", ErrNoReply, lc.cfg.Timeout)
	case errors.Is(err, bufio.ErrBufferFull):
		err = fmt.Errorf("a reply longer than %d bytes", loadBuffer)
	}
	return &ConnError{Conn: lc.index, Replies: k, Count: lc.count, Err: err}
}

// lineBuffered reports whether br holds a whole line.
func lineBuffered(br *bufio.Reader) bool {
	b, _ := br.Peek(br.Buffered())
	return bytes.IndexByte(b, '\n') >= 0
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
