package cluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// DefaultPieces is the number of pieces a job is split into when neither
// a depth nor a number of pieces is given.
const DefaultPieces = 512

// Spec is a job to submit.
type Spec struct {
	Data   []byte // the problem's text
	Format string // knuth (""), matrix or sparse
	Name   string // where the problem came from, for dlx jobs
	Engine string // the search engine's name (exactcover.ParseEngine); "" is auto
	// Depth splits at that depth (SplitDepth); else Pieces gives at least
	// that many pieces (Split; 0 is DefaultPieces).
	Depth, Pieces int
}

// ParseProblem reads a problem in the given format (knuth, matrix or
// sparse; "" is knuth).
func ParseProblem(format string, data []byte) (*exactcover.Problem, error) {
	r := bytes.NewReader(data)
	switch format {
	case "", "knuth":
		return exactcover.ReadKnuth(r)
	case "matrix":
		m, err := exactcover.ReadMatrix(r)
		if err != nil {
			return nil, err
		}
		return m.Problem, nil
	case "sparse":
		m, err := exactcover.ReadSparse(r)
		if err != nil {
			return nil, err
		}
		return m.Problem, nil
	}
	return nil, fmt.Errorf("unknown format %q (want knuth, matrix or sparse)", format)
}

// splitProblem parses the problem and splits it as the job says.
func splitProblem(format string, data []byte, depth, pieces int) (*exactcover.Problem, []exactcover.Subproblem, error) {
	p, err := ParseProblem(format, data)
	if err != nil {
		return nil, nil, err
	}
	if p.HasBounds() {
		return nil, nil, fmt.Errorf("a problem with item multiplicities (lo:hi|name) cannot be split into pieces yet; count it on one machine with dlx count -workers N: %w", errors.ErrUnsupported)
	}
	s := exactcover.NewSolver(p)
	var subs []exactcover.Subproblem
	if depth > 0 {
		subs = s.SplitDepth(depth)
	} else {
		if pieces <= 0 {
			pieces = DefaultPieces
		}
		subs = s.Split(pieces)
	}
	if subs == nil {
		return nil, nil, fmt.Errorf("the problem cannot be split: %w", errors.ErrUnsupported)
	}
	return p, subs, nil
}

// Submit checks and splits the problem, stores it (once: by the SHA-256
// of its format and text), records the job and puts its pieces on the
// queue. A problem that does not parse, or has multiplicities, is refused
// before anything is stored.
func (c *Client) Submit(ctx context.Context, spec Spec) (Job, error) {
	if spec.Format == "" {
		spec.Format = "knuth"
	}
	if spec.Engine != "" {
		if _, err := exactcover.ParseEngine(spec.Engine); err != nil {
			return Job{}, err
		}
	}
	_, subs, err := splitProblem(spec.Format, spec.Data, spec.Depth, spec.Pieces)
	if err != nil {
		return Job{}, err
	}
	sum := sha256.Sum256(append([]byte(spec.Format+"\n"), spec.Data...))
	obj := spec.Format + "-" + hex.EncodeToString(sum[:])
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	if _, err := c.problems.GetInfo(tctx, obj); errors.Is(err, jetstream.ErrObjectNotFound) {
		if _, err := c.problems.PutBytes(tctx, obj, spec.Data); err != nil {
			return Job{}, fmt.Errorf("storing the problem: %w", err)
		}
	} else if err != nil {
		return Job{}, fmt.Errorf("storing the problem: %w", err)
	}
	job := Job{
		V: c.version, ID: newJobID(), Name: spec.Name, Problem: obj, Format: spec.Format, Engine: spec.Engine,
		SplitDepth: spec.Depth, SplitPieces: spec.Pieces, Pieces: len(subs),
		Created: time.Now().UTC().Truncate(time.Millisecond), State: StateRunning,
	}
	for _, sub := range subs {
		job.Depth = max(job.Depth, len(sub))
	}
	data, _ := json.Marshal(job)
	rev, err := c.jobs.Create(tctx, job.ID, data)
	if err != nil {
		return Job{}, fmt.Errorf("recording the job: %w", err)
	}
	if err := c.publish(ctx, &job, rev, subs); err != nil {
		return job, err
	}
	return job, nil
}

// newJobID returns a new job ID: the time (UTC) and 24 random bits.
func newJobID() string {
	var b [3]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// publish puts the pieces of job from job.Published on on the queue,
// updating job.Published as they are stored. Each message has the ID
// JOB.PIECE: the server drops a copy published again within two minutes,
// and a piece counted twice is recorded once anyway.
func (c *Client) publish(ctx context.Context, job *Job, rev uint64, subs []exactcover.Subproblem) error {
	const batch = 256
	for start := job.Published; start < len(subs); start += batch {
		end := min(start+batch, len(subs))
		var acks []jetstream.PubAckFuture
		for i := start; i < end; i++ {
			if c.stopPublishAt > 0 && i >= c.stopPublishAt {
				end = i
				break
			}
			m := pieceMsg{V: c.version, Job: job.ID, Piece: i + 1, Pieces: len(subs), Problem: job.Problem, Format: job.Format, Engine: job.Engine, Choice: subs[i]}
			if m.Choice == nil {
				m.Choice = []int{}
			}
			data, _ := json.Marshal(m)
			msg := &nats.Msg{Subject: subjectPrefix + job.ID, Data: data, Header: nats.Header{}}
			msg.Header.Set(jetstream.MsgIDHeader, resultKey(job.ID, i+1))
			f, err := c.js.PublishMsgAsync(msg)
			if err != nil {
				return fmt.Errorf("queueing piece %d: %w", i+1, err)
			}
			acks = append(acks, f)
		}
		for k, f := range acks {
			select {
			case <-f.Ok():
			case err := <-f.Err():
				return fmt.Errorf("queueing piece %d: %w", start+k+1, err)
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.timeout):
				return fmt.Errorf("queueing piece %d: no reply from the server in %v", start+k+1, c.timeout)
			}
		}
		job.Published = end
		var err error
		if rev, err = c.updateJob(ctx, job, rev); err != nil {
			return err
		}
		if end < min(start+batch, len(subs)) {
			return errKilled
		}
	}
	return nil
}

// errKilled ends a publish stopped by Client.stopPublishAt (tests).
var errKilled = errors.New("killed while queueing (test)")

// updateJob writes job over revision rev of its record, returning the new
// revision. When the record changed meanwhile (cancelled), it keeps the
// state stored.
func (c *Client) updateJob(ctx context.Context, job *Job, rev uint64) (uint64, error) {
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	for range 5 {
		data, _ := json.Marshal(job)
		nrev, err := c.jobs.Update(tctx, job.ID, data, rev)
		if err == nil {
			return nrev, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return 0, fmt.Errorf("updating job %s: %w", job.ID, err)
		}
		cur, crev, err := c.getJob(tctx, job.ID)
		if err != nil {
			return 0, err
		}
		if cur.State == StateCanceled {
			job.State = StateCanceled
		}
		job.Published = max(job.Published, cur.Published)
		rev = crev
	}
	return 0, fmt.Errorf("updating job %s: too many concurrent updates", job.ID)
}

// Job returns the record of the job with the given ID (ErrNoJob when
// there is none).
func (c *Client) Job(ctx context.Context, id string) (Job, error) {
	j, _, err := c.getJob(ctx, id)
	return j, err
}

func (c *Client) getJob(ctx context.Context, id string) (Job, uint64, error) {
	if !validJobID(id) {
		return Job{}, 0, fmt.Errorf("%q: %w", id, ErrNoJob)
	}
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	e, err := c.jobs.Get(tctx, id)
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return Job{}, 0, fmt.Errorf("%s: %w", id, ErrNoJob)
	}
	if err != nil {
		return Job{}, 0, fmt.Errorf("job %s: %w", id, err)
	}
	var j Job
	if err := decodeVersioned("job "+id, e.Value(), &j, c.version); err != nil {
		return Job{}, 0, err
	}
	return j, e.Revision(), nil
}

// Status is a job with the totals of the pieces recorded so far.
type Status struct {
	Job
	Done      int // pieces counted
	FailedN   int // pieces failed
	Solutions int64
	Nodes     int64
	Updates   int64
}

// tally is the results of a job read so far.
type tally struct {
	results map[int]Result
	st      Status
}

func (t *tally) add(r Result) bool {
	if _, ok := t.results[r.Piece]; ok || r.Piece < 1 || (t.st.Pieces > 0 && r.Piece > t.st.Pieces) {
		return false
	}
	t.results[r.Piece] = r
	if r.Status == "error" {
		t.st.FailedN++
		return true
	}
	t.st.Done++
	t.st.Solutions += r.Solutions
	t.st.Nodes += r.Nodes
	t.st.Updates += r.Updates
	return true
}

// decodeResult decodes a record of dlx_results.
func (c *Client) decodeResult(e jetstream.KeyValueEntry) (Result, bool) {
	var r Result
	if e == nil || e.Operation() != jetstream.KeyValuePut {
		return r, false
	}
	if err := decodeVersioned("result "+e.Key(), e.Value(), &r, c.version); err != nil {
		return r, false
	}
	n, ok := pieceOfKey(e.Key())
	return r, ok && n == r.Piece
}

// Results reads the results recorded for job id, by piece.
func (c *Client) Results(ctx context.Context, id string) (map[int]Result, error) {
	t := &tally{results: map[int]Result{}}
	if err := c.readResults(ctx, id, t); err != nil {
		return nil, err
	}
	return t.results, nil
}

// readResults adds the results stored for job id to t.
func (c *Client) readResults(ctx context.Context, id string, t *tally) error {
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	w, err := c.results.Watch(tctx, id+".*", jetstream.IgnoreDeletes())
	if err != nil {
		return fmt.Errorf("reading the results of job %s: %w", id, err)
	}
	defer w.Stop()
	for {
		select {
		case e, ok := <-w.Updates():
			if !ok || e == nil {
				return nil
			}
			if r, ok := c.decodeResult(e); ok {
				t.add(r)
			}
		case <-tctx.Done():
			return fmt.Errorf("reading the results of job %s: %w", id, tctx.Err())
		}
	}
}

// Wait follows job id until every piece is recorded, calling progress
// (when not nil) as results come in, and returns the totals. It needs only
// the stored records, not the process that submitted the job: it resumes
// the queueing of a job whose submitter stopped before queueing every
// piece. A job with failed pieces returns the totals of the others and an
// error wrapping ErrJobFailed that names them; a cancelled job returns
// ErrCanceled. The end is written to the job's record.
func (c *Client) Wait(ctx context.Context, id string, progress func(Status)) (Status, error) {
	job, rev, err := c.getJob(ctx, id)
	if err != nil {
		return Status{}, err
	}
	t := &tally{results: map[int]Result{}}
	t.st.Job = job
	if job.State != StateRunning {
		if err := c.readResults(ctx, id, t); err != nil {
			return t.st, err
		}
		return c.finish(ctx, t, rev)
	}
	reconnected := make(chan struct{}, 1)
	c.nc.SetReconnectHandler(func(*nats.Conn) {
		select {
		case reconnected <- struct{}{}:
		default:
		}
	})
	defer c.nc.SetReconnectHandler(nil)
	// A piece whose every delivery ended without a result (workers that
	// died or timed out) is not delivered again: the server says so in
	// an advisory, and the piece is recorded as failed.
	advisories := make(chan *nats.Msg, 256)
	if sub, err := c.nc.ChanSubscribe(maxDeliveriesSubject, advisories); err == nil {
		defer sub.Unsubscribe()
	}
	var w jetstream.KeyWatcher
	defer func() {
		if w != nil {
			w.Stop()
		}
	}()
	var updates <-chan jetstream.KeyValueEntry
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	last := time.Now() // the last news from the watcher
	for {
		if w == nil {
			// A watcher delivers every record stored, then the new
			// ones; a record seen again is not counted again.
			if w, err = c.results.Watch(ctx, id+".*", jetstream.IgnoreDeletes()); err == nil {
				updates = w.Updates()
			} else {
				updates = nil
			}
			last = time.Now()
		}
		if t.st.Published >= t.st.Pieces && len(t.results) >= t.st.Pieces {
			return c.finish(ctx, t, rev)
		}
		select {
		case <-ctx.Done():
			return t.st, ctx.Err()
		case e, ok := <-updates:
			last = time.Now()
			if !ok {
				w.Stop()
				w = nil
				continue
			}
			if r, ok := c.decodeResult(e); ok && t.add(r) && progress != nil {
				progress(t.st)
			}
		case m := <-advisories:
			c.maxDelivered(ctx, id, m.Data)
		case <-reconnected:
			if w != nil {
				w.Stop()
			}
			w = nil
		case <-tick.C:
			j, r, err := c.getJob(ctx, id)
			if err != nil {
				continue // the server is away: try again
			}
			job, rev = j, r
			t.st.Job = job
			if job.State == StateCanceled {
				return t.st, fmt.Errorf("%s: %w", id, ErrCanceled)
			}
			if job.Published < job.Pieces {
				if e, err := c.jobs.Get(ctx, id); err == nil && time.Since(e.Created()) > resumeAfter {
					if err := c.resume(ctx, &job, rev); err != nil {
						return t.st, err
					}
					t.st.Job = job
				}
			}
			// A watcher that fell silent (a server that restarted): a
			// new one.
			if time.Since(last) > 10*time.Second {
				if w != nil {
					w.Stop()
				}
				w = nil
			}
		}
	}
}

// maxDeliveriesSubject is the subject of the server's advisories about
// the pieces delivered as many times as the consumer allows.
const maxDeliveriesSubject = "$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES." + streamName + "." + consumerName

// maxDelivered records as failed the piece of job id of a max-deliveries
// advisory, unless it has a result.
func (c *Client) maxDelivered(ctx context.Context, id string, advisory []byte) {
	var a struct {
		StreamSeq  uint64 `json:"stream_seq"`
		Deliveries uint64 `json:"deliveries"`
	}
	if json.Unmarshal(advisory, &a) != nil || a.StreamSeq == 0 {
		return
	}
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	raw, err := c.stream.GetMsg(tctx, a.StreamSeq)
	if err != nil {
		return
	}
	var m pieceMsg
	if decodeVersioned("piece", raw.Data, &m, c.version) != nil || m.Job != id {
		return
	}
	r := failure(m.Piece, a.Deliveries, "", fmt.Errorf("no result after %d deliveries (the workers stopped or timed out)", a.Deliveries))
	r.V = c.version
	data, _ := json.Marshal(r)
	if _, err := c.results.Create(tctx, resultKey(m.Job, m.Piece), data); err == nil || errors.Is(err, jetstream.ErrKeyExists) {
		// Recorded (by this waiter or another): off the queue.
		c.stream.DeleteMsg(tctx, a.StreamSeq)
	}
}

// resumeAfter is how long a job's record must stay unchanged, its pieces
// not all queued, before Wait queues the rest.
var resumeAfter = 10 * time.Second

// resume queues the pieces of job its submitter did not queue.
func (c *Client) resume(ctx context.Context, job *Job, rev uint64) error {
	tctx, cancel := c.ctx(ctx)
	data, err := c.problems.GetBytes(tctx, job.Problem)
	cancel()
	if err != nil {
		return fmt.Errorf("job %s: reading problem %s: %w", job.ID, job.Problem, err)
	}
	_, subs, err := splitProblem(job.Format, data, job.SplitDepth, job.SplitPieces)
	if err != nil {
		return fmt.Errorf("job %s: %w", job.ID, err)
	}
	if len(subs) != job.Pieces {
		return fmt.Errorf("job %s: the problem splits into %d pieces, not the %d recorded", job.ID, len(subs), job.Pieces)
	}
	return c.publish(ctx, job, rev, subs)
}

// finish writes the end of the job to its record and returns its totals,
// with ErrJobFailed when pieces failed.
func (c *Client) finish(ctx context.Context, t *tally, rev uint64) (Status, error) {
	st := &t.st
	if st.State == StateCanceled {
		return *st, fmt.Errorf("%s: %w", st.ID, ErrCanceled)
	}
	var failed []int
	for i, r := range t.results {
		if r.Status == "error" {
			failed = append(failed, i)
		}
	}
	sort.Ints(failed)
	var ferr error
	if len(failed) > 0 {
		var names []string
		for _, i := range failed[:min(len(failed), 5)] {
			msg := "failed"
			if e := t.results[i].Error; e != nil {
				msg = e.Message
			}
			names = append(names, fmt.Sprintf("piece %d (%s)", i, msg))
		}
		more := ""
		if len(failed) > 5 {
			more = fmt.Sprintf(" and %d more", len(failed)-5)
		}
		ferr = fmt.Errorf("job %s: %d of %d pieces failed on every delivery: %s%s; the other %d pieces are counted (%d solutions): %w",
			st.ID, len(failed), st.Pieces, strings.Join(names, ", "), more, st.Done, st.Solutions, ErrJobFailed)
	}
	if st.State == StateRunning {
		st.State = StateDone
		if ferr != nil {
			st.State = StateFailed
			st.Message = ferr.Error()
		}
		st.Solutions, st.Nodes, st.Updates = t.st.Solutions, t.st.Nodes, t.st.Updates
		st.Failed = failed
		job := st.Job
		job.Solutions, job.Nodes, job.Updates = st.Solutions, st.Nodes, st.Updates
		if _, err := c.updateJob(ctx, &job, rev); err != nil && ferr == nil {
			ferr = err
		}
	}
	return *st, ferr
}

// Cancel cancels job id: its record says so, its pieces still queued are
// removed, and workers drop the pieces they are counting.
func (c *Client) Cancel(ctx context.Context, id string) error {
	job, rev, err := c.getJob(ctx, id)
	if err != nil {
		return err
	}
	if job.State == StateRunning {
		job.State = StateCanceled
		if _, err := c.updateJob(ctx, &job, rev); err != nil {
			return err
		}
	}
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	if err := c.stream.Purge(tctx, jetstream.WithPurgeSubject(subjectPrefix+id)); err != nil {
		return fmt.Errorf("removing the pieces of job %s: %w", id, err)
	}
	return nil
}

// List returns the jobs with the totals of their pieces recorded so far,
// oldest first.
func (c *Client) List(ctx context.Context) ([]Status, error) {
	tctx, cancel := c.ctx(ctx)
	keys, err := c.jobs.Keys(tctx)
	cancel()
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing the jobs: %w", err)
	}
	slices.Sort(keys)
	var out []Status
	for _, k := range keys {
		j, _, err := c.getJob(ctx, k)
		if err != nil {
			return out, err
		}
		t := &tally{results: map[int]Result{}}
		t.st.Job = j
		if err := c.readResults(ctx, k, t); err != nil {
			return out, err
		}
		out = append(out, t.st)
	}
	return out, nil
}

// failure is the result of a piece that failed.
func failure(piece int, deliveries uint64, worker string, err error) Result {
	return Result{V: FormatVersion, Piece: piece, Status: "error", Deliveries: deliveries, Worker: worker,
		Error: jsonfmt.FromError(jsonfmt.CodeInternal, err)}
}
