package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// WorkerOptions configures a worker.
type WorkerOptions struct {
	// Workers is the number of pieces counted at once, each on its own
	// goroutine; 0 is 1.
	Workers int
	// AckWait is how long the server waits for a piece's ack (or a
	// heartbeat) before it delivers the piece again; 0 is 30 seconds. The
	// worker sends a heartbeat every third of it while a piece runs.
	AckWait time.Duration
	// MaxDeliver is how many deliveries of a piece may end without a
	// result (a count that failed, a worker killed or timed out) before
	// the piece is recorded as failed; 0 is 5. A stopping worker's release
	// of a piece does not count. AckWait is the consumer's: the last
	// worker to start sets it for all; MaxDeliver is each worker's.
	MaxDeliver int
	// Name names the worker in the results; "" is HOST/PID.
	Name string
	// Logf, when not nil, gets a line per event (pieces that failed,
	// reconnections).
	Logf func(format string, a ...any)
	// Done, when not nil, is called after each piece recorded.
	Done func(Result)

	// Test hooks: before counting a piece (an error fails the delivery),
	// and after recording it, before the ack.
	beforeCount func(ctx context.Context, m *pieceMsg, delivery uint64) error
	afterRecord func(m *pieceMsg)
}

// Worker counts the pieces of the queue.
type Worker struct {
	c    *Client
	opt  WorkerOptions
	cons jetstream.Consumer

	mu       sync.Mutex
	problems map[string]*exactcover.Problem // parsed problems, by object name
	plans    map[string]workerPlan          // grid count plans, by object name
	jobState map[string]jobState            // the jobs' states, by ID (see running)
	stopErr  error                          // the error that stops the worker
	stop     context.CancelFunc
}

// NewWorker makes a worker on the client's connection, creating or
// updating the durable consumer of the queue.
func (c *Client) NewWorker(ctx context.Context, opt WorkerOptions) (*Worker, error) {
	if opt.Workers <= 0 {
		opt.Workers = 1
	}
	if opt.AckWait <= 0 {
		opt.AckWait = 30 * time.Second
	}
	if opt.MaxDeliver <= 0 {
		opt.MaxDeliver = 5
	}
	if opt.Name == "" {
		host, _ := os.Hostname()
		opt.Name = fmt.Sprintf("%s/%d", host, os.Getpid())
	}
	w := &Worker{c: c, opt: opt, problems: map[string]*exactcover.Problem{}, plans: map[string]workerPlan{}, jobState: map[string]jobState{}}
	if err := w.consumer(ctx); err != nil {
		return nil, err
	}
	return w, nil
}

// consumer creates or updates the durable consumer.
func (w *Worker) consumer(ctx context.Context) error {
	tctx, cancel := w.c.ctx(ctx)
	defer cancel()
	cons, err := w.c.js.CreateOrUpdateConsumer(tctx, streamName, jetstream.ConsumerConfig{
		Durable:   consumerName,
		AckPolicy: jetstream.AckExplicitPolicy,
		AckWait:   w.opt.AckWait,
		// Deliveries are counted by the workers (see handle): a
		// stopping worker's release does not count, and a piece is never
		// left undelivered and unrecorded.
		MaxDeliver:    -1,
		MaxAckPending: -1,
		FilterSubject: subjectPrefix + ">",
	})
	if err != nil {
		return fmt.Errorf("consumer %s: %w", consumerName, err)
	}
	w.cons = cons
	return nil
}

func (w *Worker) logf(format string, a ...any) {
	if w.opt.Logf != nil {
		w.opt.Logf(format, a...)
	}
}

// Run counts pieces until ctx is cancelled (it then returns nil: the
// pieces being counted go back to the queue) or a piece of another format
// version arrives (ErrVersion). It rides out a server away or restarting.
func (w *Worker) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.mu.Lock()
	w.stop = cancel
	w.mu.Unlock()
	var wg sync.WaitGroup
	for range w.opt.Workers {
		wg.Go(func() { w.loop(ctx) })
	}
	wg.Wait()
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stopErr
}

// fail stops the worker with err.
func (w *Worker) fail(err error) {
	w.mu.Lock()
	if w.stopErr == nil {
		w.stopErr = err
	}
	stop := w.stop
	w.mu.Unlock()
	if stop != nil {
		stop()
	}
}

// loop takes pieces one at a time until ctx is cancelled.
func (w *Worker) loop(ctx context.Context) {
	var solver *exactcover.Solver // the last problem's, reused
	var solverOf string
	backoff := 100 * time.Millisecond
	for ctx.Err() == nil {
		fctx, fcancel := context.WithTimeout(ctx, 2*time.Second)
		batch, err := w.cons.Fetch(1, jetstream.FetchContext(fctx))
		if err == nil {
			got := false
			for msg := range batch.Messages() {
				got = true
				solver, solverOf = w.handle(ctx, msg, solver, solverOf)
			}
			err = batch.Error()
			if got || err == nil || errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoMessages) ||
				errors.Is(err, context.DeadlineExceeded) || ctx.Err() != nil {
				fcancel()
				backoff = 100 * time.Millisecond
				continue
			}
		}
		fcancel()
		// The server is away (restarting) or the consumer is gone: wait,
		// and make the consumer again in case the server lost it.
		if errors.Is(err, jetstream.ErrConsumerNotFound) || errors.Is(err, jetstream.ErrConsumerDeleted) {
			w.logf("consumer lost (%v): making it again", err)
			if err := w.consumer(ctx); err != nil {
				w.logf("%v", err)
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 2*time.Second)
	}
}

// handle counts one piece: it records the result once, then acks.
//
// The server delivers a piece again and again until it is acked; the
// worker counts the deliveries that ended without a result: the
// delivery's number less the times stopping workers released the piece
// (releasedKey). When that passes MaxDeliver, the workers that had the
// piece died or timed out each time, and this worker records it as
// failed, durably, in place of counting it.
func (w *Worker) handle(ctx context.Context, msg jetstream.Msg, solver *exactcover.Solver, solverOf string) (*exactcover.Solver, string) {
	md, err := msg.Metadata()
	if err != nil {
		msg.Term()
		return solver, solverOf
	}
	var m pieceMsg
	if err := decodeVersioned("piece "+msg.Subject(), msg.Data(), &m, w.c.version); err != nil {
		if errors.Is(err, ErrVersion) {
			// Not ours to count, nor to drop: back to the queue for a
			// worker of that version, and this one stops.
			msg.Nak()
			w.fail(err)
			return solver, solverOf
		}
		w.logf("%v: dropped", err)
		msg.Term()
		return solver, solverOf
	}
	counted := int64(md.NumDelivered) // the deliveries that count, this one included
	if retried := msg.Headers().Get(retryHeader) != ""; md.NumDelivered > 1 || retried {
		// Delivered again: maybe after it was recorded (the ack lost).
		// The create in record is what counts a piece once; this only
		// saves counting it again. A failure recorded before a retry
		// does not stop the retry.
		tctx, cancel := w.c.ctx(ctx)
		e, err := w.c.results.Get(tctx, resultKey(m.Job, m.Piece))
		cancel()
		if r, ok := w.c.decodeResult(e); err == nil && (!retried || (ok && r.Status == "ok")) {
			msg.Ack()
			return solver, solverOf
		}
		if md.NumDelivered > 1 {
			counted = max(counted-w.released(ctx, &m), 1)
		}
	}
	if !w.running(ctx, m.Job) {
		msg.Term() // a cancelled or removed job
		return solver, solverOf
	}
	if counted > int64(w.opt.MaxDeliver) {
		err := fmt.Errorf("no result after %d deliveries (the workers stopped or timed out)", counted-1)
		w.logf("job %s piece %d failed: %v", m.Job, m.Piece, err)
		w.record(ctx, msg, &m, failure(m.Piece, md.NumDelivered, w.opt.Name, err))
		return solver, solverOf
	}
	pctx, pcancel := context.WithCancelCause(ctx)
	var hb sync.WaitGroup
	hbStop := make(chan struct{})
	hb.Go(func() { w.heartbeat(pctx, pcancel, msg, &m, hbStop) })
	start := time.Now()
	res, solver, solverOf, err := w.count(pctx, &m, md.NumDelivered, solver, solverOf)
	close(hbStop)
	hb.Wait()
	cause := context.Cause(pctx)
	pcancel(nil)
	switch {
	case err != nil && ctx.Err() != nil:
		w.release(msg, &m) // the worker stops: the piece goes back at once
		return solver, solverOf
	case errors.Is(cause, ErrCanceled):
		msg.Term()
		return solver, solverOf
	case err != nil:
		if counted >= int64(w.opt.MaxDeliver) {
			w.logf("job %s piece %d failed on delivery %d, the last: %v", m.Job, m.Piece, counted, err)
			w.record(ctx, msg, &m, failure(m.Piece, md.NumDelivered, w.opt.Name, err))
			return solver, solverOf
		}
		w.logf("job %s piece %d failed on delivery %d: %v", m.Job, m.Piece, counted, err)
		msg.NakWithDelay(time.Duration(counted) * 100 * time.Millisecond)
		return solver, solverOf
	}
	res.Ms = jsonfmt.Millis(time.Since(start))
	res.Deliveries = md.NumDelivered
	w.record(ctx, msg, &m, res)
	return solver, solverOf
}

// released returns the number of times stopping workers released the
// piece m (0 when it cannot be read: the delivery then counts).
func (w *Worker) released(ctx context.Context, m *pieceMsg) int64 {
	tctx, cancel := w.c.ctx(ctx)
	defer cancel()
	e, err := w.c.jobs.Get(tctx, releasedKey(m.Job, m.Piece))
	if err != nil {
		return 0
	}
	n, _ := strconv.ParseInt(string(e.Value()), 10, 64)
	return n
}

// release gives the piece back to the queue at once (a nak) without
// using up one of its deliveries: the count of releases goes up first.
// (When that cannot be written, the delivery counts.)
func (w *Worker) release(msg jetstream.Msg, m *pieceMsg) {
	ctx, cancel := w.c.ctx(context.Background())
	defer cancel()
	key := releasedKey(m.Job, m.Piece)
	var err error
	for range 10 {
		var e jetstream.KeyValueEntry
		e, err = w.c.jobs.Get(ctx, key)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			_, err = w.c.jobs.Create(ctx, key, []byte("1"))
		case err == nil:
			n, _ := strconv.ParseInt(string(e.Value()), 10, 64)
			_, err = w.c.jobs.Update(ctx, key, []byte(strconv.FormatInt(n+1, 10)), e.Revision())
		}
		if err == nil || !errors.Is(err, jetstream.ErrKeyExists) {
			break
		}
	}
	if err != nil {
		w.logf("job %s piece %d: recording its release: %v (the delivery counts)", m.Job, m.Piece, err)
	}
	msg.Nak()
}

// running reports whether job id is running (or cannot be read now),
// from a copy of its state at most a second old: the state is read once
// a second per job, not once per piece. (A job cancelled in the middle of
// a piece is caught by the piece's heartbeat.)
func (w *Worker) running(ctx context.Context, id string) bool {
	w.mu.Lock()
	js, ok := w.jobState[id]
	w.mu.Unlock()
	if ok && time.Since(js.at) < time.Second {
		return js.running
	}
	job, _, err := w.c.getJob(ctx, id)
	running := !errors.Is(err, ErrNoJob) && (err != nil || job.State == StateRunning)
	w.mu.Lock()
	if len(w.jobState) > 1000 {
		clear(w.jobState)
	}
	w.jobState[id] = jobState{running: running, at: time.Now()}
	w.mu.Unlock()
	return running
}

// jobState is a job's state as a worker last read it.
type jobState struct {
	running bool
	at      time.Time
}

// record stores a piece's result, unless one is stored already, and acks
// the piece. When the store refuses the result (full, or away), the
// worker keeps the piece (with heartbeats) and tries again, until it is
// stored, the job is cancelled or removed (the piece is dropped), or the
// worker stops (the piece is released, see release).
func (w *Worker) record(ctx context.Context, msg jetstream.Msg, m *pieceMsg, r Result) {
	r.V = w.c.version
	data, _ := json.Marshal(r)
	delay := 100 * time.Millisecond
	var lastLog time.Time
	for {
		// Tried even when the worker is stopping: the count is done.
		tctx, cancel := w.c.ctx(context.WithoutCancel(ctx))
		_, err := w.c.results.Create(tctx, resultKey(m.Job, m.Piece), data)
		if errors.Is(err, jetstream.ErrKeyExists) && r.Status == "ok" {
			err = w.overFailure(tctx, m, data)
		}
		cancel()
		if err == nil || errors.Is(err, jetstream.ErrKeyExists) {
			if err == nil && w.opt.Done != nil {
				w.opt.Done(r)
			}
			if w.opt.afterRecord != nil {
				w.opt.afterRecord(m)
			}
			if r.Status == "error" {
				msg.Term()
			} else {
				msg.Ack()
			}
			return
		}
		if time.Since(lastLog) > 30*time.Second {
			w.logf("job %s piece %d: recording the result: %v (holding the piece, trying again)", m.Job, m.Piece, err)
			lastLog = time.Now()
		}
		select {
		case <-ctx.Done():
			w.release(msg, m)
			return
		case <-time.After(delay):
		}
		delay = min(2*delay, max(w.opt.AckWait/3, 10*time.Millisecond), 2*time.Second)
		msg.InProgress()
		if !w.running(ctx, m.Job) {
			msg.Term()
			return
		}
	}
}

// overFailure writes the result data of piece m over a failure recorded
// for it (a piece queued again by Retry in the moment it failed): a count
// supersedes a failure. It returns jetstream.ErrKeyExists when the record
// is a count already.
func (w *Worker) overFailure(ctx context.Context, m *pieceMsg, data []byte) error {
	key := resultKey(m.Job, m.Piece)
	e, err := w.c.results.Get(ctx, key)
	if err != nil {
		return err
	}
	if r, ok := w.c.decodeResult(e); !ok || r.Status == "ok" {
		return jetstream.ErrKeyExists
	}
	_, err = w.c.results.Update(ctx, key, data, e.Revision())
	return err
}

// heartbeat tells the server, every third of the ack wait, that the piece
// is still being counted, and cancels the count when the job is cancelled.
func (w *Worker) heartbeat(ctx context.Context, cancel context.CancelCauseFunc, msg jetstream.Msg, m *pieceMsg, stop chan struct{}) {
	t := time.NewTicker(max(w.opt.AckWait/3, 10*time.Millisecond))
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-ctx.Done():
			return
		case <-t.C:
			msg.InProgress()
			if job, _, err := w.c.getJob(ctx, m.Job); (err == nil && job.State == StateCanceled) || errors.Is(err, ErrNoJob) {
				cancel(ErrCanceled)
				return
			}
		}
	}
}

// count counts the piece's solutions (a grids piece: its part, see
// FormatGrids).
func (w *Worker) count(ctx context.Context, m *pieceMsg, delivery uint64, s *exactcover.Solver, of string) (Result, *exactcover.Solver, string, error) {
	if w.opt.beforeCount != nil {
		if err := w.opt.beforeCount(ctx, m, delivery); err != nil {
			return Result{}, s, of, err
		}
	}
	if m.Format == FormatGrids {
		r, err := w.countGrids(ctx, m)
		return r, s, of, err
	}
	if s == nil || of != m.Problem {
		p, err := w.problem(ctx, m.Problem, m.Format)
		if err != nil {
			return Result{}, nil, "", err
		}
		s, of = exactcover.NewSolver(p), m.Problem
	}
	eng, err := exactcover.ParseEngine(m.Engine)
	if m.Engine == "" {
		eng, err = exactcover.EngineAuto, nil
	}
	if err != nil {
		return Result{}, s, of, err
	}
	defer s.Reset()
	for _, o := range m.Choice {
		if err := s.Choose(o); err != nil {
			return Result{}, s, of, fmt.Errorf("piece %d: option %d: %w", m.Piece, o, err)
		}
	}
	n, err := s.Count(ctx, exactcover.Options{Engine: eng})
	if err != nil {
		return Result{}, nil, "", err // a fresh solver for the next piece
	}
	st := s.Stats()
	return Result{Piece: m.Piece, Status: "ok", Solutions: n, Nodes: st.Nodes, Updates: st.Updates, Worker: w.opt.Name}, s, of, nil
}

// problem returns the parsed problem stored under name, reading it once.
func (w *Worker) problem(ctx context.Context, name, format string) (*exactcover.Problem, error) {
	w.mu.Lock()
	p := w.problems[name]
	w.mu.Unlock()
	if p != nil {
		return p, nil
	}
	tctx, cancel := w.c.ctx(ctx)
	data, err := w.c.problems.GetBytes(tctx, name)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("reading problem %s: %w", name, err)
	}
	if p, err = ParseProblem(format, data); err != nil {
		return nil, fmt.Errorf("problem %s: %w", name, err)
	}
	w.mu.Lock()
	if len(w.problems) >= 8 {
		clear(w.problems)
	}
	w.problems[name] = p
	w.mu.Unlock()
	return p, nil
}
