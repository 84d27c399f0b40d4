package cluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/jsonfmt"
)

// DefaultPieces is the number of pieces a job is split into when neither
// a depth nor a number of pieces is given and the search's size cannot be
// estimated.
const DefaultPieces = 512

// Spec is a job to submit.
type Spec struct {
	Data   []byte // the problem's text
	Format string // knuth (""), matrix or sparse
	Name   string // where the problem came from, for dlx jobs
	Engine string // the search engine's name (exactcover.ParseEngine); "" is auto
	// Depth splits at that depth (SplitDepth); else Pieces gives at least
	// that many pieces (Split); with neither, the number of pieces comes
	// from an estimate of the search's size (pieces of a few tenths of a
	// second each, see autoPieces).
	Depth, Pieces int
	// Recorded, when not nil, gets the job once it is recorded, before its
	// pieces are queued (to show its ID at once).
	Recorded func(Job)
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

// Piece sizing: with neither a depth nor a number of pieces, a job is
// split into pieces of about pieceUpdates updates each (a few tenths of a
// second of one core), from an estimate of the search tree's size, so
// that a piece is worth its cost on the cluster (a fetch, a record and an
// ack: about a millisecond of CPU), and into at most maxAutoPieces. A
// small search is split into minAutoPieces when its pieces then keep
// minPieceUpdates (tens of milliseconds), so that a few workers share it.
const (
	pieceUpdates    = 60e6
	minPieceUpdates = 10e6
	minAutoPieces   = 4
	estimateSamples = 1000
	maxAutoPieces   = 1 << 16
)

// autoPieces returns the number of pieces to ask Split for (see
// pieceUpdates), at least 1. The estimate's seed is fixed: the same
// problem gets the same number.
func autoPieces(ctx context.Context, p *exactcover.Problem) int {
	e, err := exactcover.NewSolver(p).Estimate(ctx, estimateSamples, 1)
	if err != nil && e.Samples == 0 {
		return DefaultPieces
	}
	n := max(e.Updates/pieceUpdates, min(minAutoPieces, e.Updates/minPieceUpdates))
	switch {
	case n < 1:
		return 1
	case n > maxAutoPieces:
		return maxAutoPieces
	}
	return int(n)
}

// Submit checks and splits the problem, stores it (once: by the SHA-256
// of its format and text), records the job and puts its pieces on the
// queue. A problem that does not parse, or has multiplicities, is refused
// before anything is stored; a store without room for the job is refused
// with ErrFull. Spec.Recorded, when not nil, gets the job as soon as it is
// recorded, before its pieces are queued. A job cancelled while its
// pieces are queued stops the queueing (ErrCanceled).
func (c *Client) Submit(ctx context.Context, spec Spec) (Job, error) {
	if spec.Format == "" {
		spec.Format = "knuth"
	}
	if spec.Engine != "" {
		if _, err := exactcover.ParseEngine(spec.Engine); err != nil {
			return Job{}, err
		}
	}
	var subs []exactcover.Subproblem
	var factor, digest string
	var err error
	if spec.Format == FormatGrids {
		// The pieces are the plan's: no depth, no number of pieces.
		if spec.Engine != "" || spec.Depth > 0 || spec.Pieces > 0 {
			return Job{}, fmt.Errorf("a grid count is split into its plan's pieces: no engine, depth or number of pieces: %w", errors.ErrUnsupported)
		}
		subs, factor, digest, err = gridPieces(spec.Data)
	} else {
		if spec.Depth <= 0 && spec.Pieces <= 0 {
			p, err := ParseProblem(spec.Format, spec.Data)
			if err != nil {
				return Job{}, err
			}
			if !p.HasBounds() {
				spec.Pieces = autoPieces(ctx, p)
			}
		}
		_, subs, err = splitProblem(spec.Format, spec.Data, spec.Depth, spec.Pieces)
	}
	if err != nil {
		return Job{}, err
	}
	if err := c.checkRoom(ctx, len(subs), len(spec.Data)); err != nil {
		return Job{}, err
	}
	sum := sha256.Sum256(append([]byte(spec.Format+"\n"), spec.Data...))
	obj := spec.Format + "-" + hex.EncodeToString(sum[:])
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	if _, err := c.problems.GetInfo(tctx, obj); errors.Is(err, jetstream.ErrObjectNotFound) {
		if _, err := c.problems.PutBytes(tctx, obj, spec.Data); err != nil {
			return Job{}, fullError("storing the problem", err)
		}
	} else if err != nil {
		return Job{}, fmt.Errorf("storing the problem: %w", err)
	}
	job := Job{
		V: c.version, ID: newJobID(), Name: spec.Name, Problem: obj, Format: spec.Format, Engine: spec.Engine,
		Factor: factor, Plan: digest,
		SplitDepth: spec.Depth, SplitPieces: spec.Pieces, Pieces: len(subs),
		Created: time.Now().UTC().Truncate(time.Millisecond), State: StateRunning,
	}
	if spec.Depth > 0 {
		job.SplitPieces = 0
	}
	for _, sub := range subs {
		job.Depth = max(job.Depth, len(sub))
	}
	data, _ := json.Marshal(job)
	if _, err := c.jobs.Create(tctx, job.ID, data); err != nil {
		return Job{}, fullError("recording the job", err)
	}
	if spec.Recorded != nil {
		spec.Recorded(job)
	}
	if err := c.publish(ctx, &job, subs); err != nil {
		if errors.Is(err, ErrFull) {
			// The store filled up under the queueing: the job is refused
			// as a job that does not fit is, nothing of it kept.
			if rerr := c.Remove(context.WithoutCancel(ctx), job.ID); rerr == nil {
				return job, fmt.Errorf("job %s refused and removed: %w", job.ID, err)
			}
		}
		if !errors.Is(err, ErrCanceled) && !errors.Is(err, errKilled) {
			// Say the submitter gave up: a waiter or dlx jobs retry
			// queues the rest at once, not after resumeAfter.
			msg := "queueing stopped: " + err.Error()
			c.modifyJob(context.WithoutCancel(ctx), job.ID, func(j *Job) error {
				if j.State != StateRunning || j.Published >= j.Pieces {
					return errUnchanged
				}
				j.Message = msg
				return nil
			})
		}
		return job, err
	}
	return job, nil
}

// abandoned reports whether the pieces of job, not all queued, are left
// to others to queue: its submitter said it stopped, or its record has
// not changed for resumeAfter.
func (c *Client) abandoned(ctx context.Context, job Job) bool {
	if job.Message != "" {
		return true
	}
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	e, err := c.jobs.Get(tctx, job.ID)
	return err == nil && time.Since(e.Created()) > resumeAfter
}

// newJobID returns a new job ID: the time (UTC) and 24 random bits.
func newJobID() string {
	var b [3]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// fullError wraps err of a write that failed, adding ErrFull when the
// server said it has no room.
func fullError(what string, err error) error {
	if isFull(err) {
		return fmt.Errorf("%s: %w: %w (dlx jobs rm ID removes a job)", what, ErrFull, err)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// isFull reports whether err is the server's "no room" (the store's or
// the account's limit, or a stream's or bucket's byte limit).
func isFull(err error) bool {
	if err == nil {
		return false
	}
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) {
		switch apiErr.ErrorCode {
		case 10002, 10023, 10047, 10077: // account limits, insufficient (storage) resources, maximum bytes
			return true
		}
	}
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "insufficient resources") || strings.Contains(s, "maximum bytes exceeded") ||
		strings.Contains(s, "resource limits exceeded") || strings.Contains(s, "storage limit")
}

// Room for a job: the bytes a job's pieces and results take, roughly,
// per piece.
const bytesPerPiece = 512

// checkRoom refuses a job of n pieces (and a problem of size bytes) with
// ErrFull when the queue, the results or the problems would pass their
// byte limits (Limits), or the account its storage limit.
func (c *Client) checkRoom(ctx context.Context, n, size int) error {
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	need := int64(n) * bytesPerPiece
	for _, s := range []struct {
		name string
		need int64
	}{{streamName, need}, {"KV_" + resultsBucket, need}, {"OBJ_" + problemStore, int64(size)}} {
		st, err := c.js.Stream(tctx, s.name)
		if err != nil {
			return fmt.Errorf("stream %s: %w", s.name, err)
		}
		info := st.CachedInfo()
		if m := info.Config.MaxBytes; m > 0 && int64(info.State.Bytes)+s.need > m {
			return fmt.Errorf("%w: %s holds %d of its %d bytes, a job of %d pieces needs about %d more (dlx jobs rm ID removes a job)",
				ErrFull, s.name, info.State.Bytes, m, n, s.need)
		}
	}
	ai, err := c.js.AccountInfo(tctx)
	if err != nil {
		return nil // not all servers answer this (no JetStream account info): the writes will tell
	}
	if m := ai.Limits.MaxStore; m > 0 && int64(ai.Store)+2*need+int64(size) > m {
		return fmt.Errorf("%w: the account's store holds %d of its %d bytes, a job of %d pieces needs about %d more (dlx jobs rm ID removes a job)",
			ErrFull, ai.Store, m, n, 2*need+int64(size))
	}
	return nil
}

// publish puts the pieces of job from job.Published on on the queue,
// updating job.Published as they are stored. Each message has the ID
// JOB.PIECE: the server drops a copy published again within two minutes,
// and a piece counted twice is recorded once anyway. A job cancelled
// meanwhile stops the queueing: the pieces queued are removed and the
// error is ErrCanceled.
func (c *Client) publish(ctx context.Context, job *Job, subs []exactcover.Subproblem) error {
	const batch = 256
	for start := job.Published; start < len(subs); start += batch {
		end := min(start+batch, len(subs))
		if c.stopPublishAt > 0 && end > c.stopPublishAt {
			end = max(start, c.stopPublishAt)
		}
		list := make([]int, 0, end-start)
		for i := start; i < end; i++ {
			list = append(list, i+1)
		}
		if err := c.queue(ctx, job, subs, list, ""); err != nil {
			return err
		}
		cur, err := c.modifyJob(ctx, job.ID, func(j *Job) error {
			if j.Published >= end {
				return errUnchanged
			}
			j.Published = end
			return nil
		})
		if err != nil {
			return err
		}
		job.Published = max(end, cur.Published)
		if cur.State == StateCanceled {
			job.State = StateCanceled
			c.purgeQueue(ctx, job.ID)
			return fmt.Errorf("%s: %w while its pieces were queued (%d of %d queued, all removed)", job.ID, ErrCanceled, end, job.Pieces)
		}
		if end < min(start+batch, len(subs)) {
			return errKilled
		}
	}
	return nil
}

// queue puts the given pieces (numbered from 1) of job on the queue and
// waits for the server's acks. suffix, when not "", is added to the
// message IDs and marks the pieces as queued again (retryHeader).
func (c *Client) queue(ctx context.Context, job *Job, subs []exactcover.Subproblem, pieces []int, suffix string) error {
	var acks []jetstream.PubAckFuture
	for _, p := range pieces {
		m := pieceMsg{V: c.version, Job: job.ID, Piece: p, Pieces: len(subs), Problem: job.Problem, Format: job.Format, Engine: job.Engine, Choice: subs[p-1], Plan: job.Plan}
		if m.Choice == nil {
			m.Choice = []int{}
		}
		data, _ := json.Marshal(m)
		msg := &nats.Msg{Subject: subjectPrefix + job.ID, Data: data, Header: nats.Header{}}
		msg.Header.Set(jetstream.MsgIDHeader, resultKey(job.ID, p)+suffix)
		if suffix != "" {
			msg.Header.Set(retryHeader, "1")
		}
		f, err := c.js.PublishMsgAsync(msg)
		if err != nil {
			return fmt.Errorf("queueing piece %d: %w", p, err)
		}
		acks = append(acks, f)
	}
	for k, f := range acks {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			// The pieces after it may still be stored: wait for their
			// acks, so that a purge after this error removes them.
			settle(ctx, acks[k+1:], c.timeout)
			return fullError(fmt.Sprintf("queueing piece %d", pieces[k]), err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.timeout):
			return fmt.Errorf("queueing piece %d: no reply from the server in %v", pieces[k], c.timeout)
		}
	}
	return nil
}

// settle waits until the server answered every publish of acks (or
// timeout passed, or ctx is done).
func settle(ctx context.Context, acks []jetstream.PubAckFuture, timeout time.Duration) {
	deadline := time.After(timeout)
	for _, f := range acks {
		select {
		case <-f.Ok():
		case <-f.Err():
		case <-ctx.Done():
			return
		case <-deadline:
			return
		}
	}
}

// errKilled ends a publish stopped by Client.stopPublishAt (tests).
var errKilled = errors.New("killed while queueing (test)")

// errUnchanged, returned by the change of modifyJob, leaves the record
// as it is.
var errUnchanged = errors.New("unchanged")

// modifyJob applies change to the current record of job id and writes it
// back over the revision read, again from a fresh read when another
// process wrote it meanwhile. It returns the record as stored. A change
// returning errUnchanged writes nothing; another error is returned.
func (c *Client) modifyJob(ctx context.Context, id string, change func(*Job) error) (Job, error) {
	for range 20 {
		j, rev, err := c.getJob(ctx, id)
		if err != nil {
			return j, err
		}
		switch err := change(&j); {
		case errors.Is(err, errUnchanged):
			return j, nil
		case err != nil:
			return j, err
		}
		data, _ := json.Marshal(j)
		tctx, cancel := c.ctx(ctx)
		_, err = c.jobs.Update(tctx, id, data, rev)
		cancel()
		if err == nil {
			return j, nil
		}
		if !errors.Is(err, jetstream.ErrKeyExists) {
			return j, fullError("updating job "+id, err)
		}
	}
	return Job{}, fmt.Errorf("updating job %s: too many concurrent updates", id)
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
	if j.Done == 0 && j.TallySeq == 0 && (j.State == StateDone || j.State == StateFailed) {
		j.Done = j.Pieces - len(j.Failed) // a record of before the checkpoints
	}
	return j, e.Revision(), nil
}

// waitStartPatience bounds how long Wait asks again for a job's record
// the server cannot give yet.
const waitStartPatience = time.Minute

// Status is a job's record with the totals of the pieces recorded so far
// (Done, Solutions, Nodes, Updates, Failed).
type Status struct {
	Job
	FailedN int // len(Failed)
	// Connected is false while the client is away from the server (a
	// progress report of Wait).
	Connected bool
}

// tally adds up the results of a job, from its record's checkpoint on.
type tally struct {
	st      Status
	failed  map[int]bool
	seq     uint64   // the last revision of dlx_results added
	retries int      // the job's Retries when the tally started
	saved   uint64   // the seq of the last checkpoint written
	counted []bool   // the pieces counted since the tally started, by number
	sum     *big.Int // a grids job's sum of parts (nil until one is added)
}

// newTally starts from the checkpoint in job's record.
func newTally(job Job) *tally {
	t := &tally{failed: map[int]bool{}, seq: job.TallySeq, saved: job.TallySeq, retries: job.Retries}
	t.st.Job = job
	for _, i := range job.Failed {
		t.failed[i] = true
	}
	t.st.FailedN = len(t.failed)
	if job.Sum != "" {
		if v, ok := parsePart(job.Sum); ok {
			t.sum = v
		}
	}
	return t
}

// add adds the result of revision seq, reporting whether the totals
// changed. A piece recorded as failed and counted later (requeued by
// Retry) leaves the failed ones.
func (t *tally) add(seq uint64, r Result) bool {
	if seq <= t.seq && seq != 0 {
		return false // read already
	}
	t.seq = max(t.seq, seq)
	if r.Piece < 1 || (t.st.Pieces > 0 && r.Piece > t.st.Pieces) {
		return false
	}
	if t.st.Pieces > 0 && r.Status != "error" {
		// A piece is recorded once (a create), but a record read twice
		// is not counted twice.
		if t.counted == nil {
			t.counted = make([]bool, t.st.Pieces+1)
		}
		if t.counted[r.Piece] {
			return false
		}
		t.counted[r.Piece] = true
	}
	if r.Deliveries > 1 && !t.failed[r.Piece] {
		t.st.Redelivered++
	}
	if r.Status == "error" {
		if t.failed[r.Piece] {
			return false
		}
		t.failed[r.Piece] = true
		t.st.FailedN = len(t.failed)
		return true
	}
	if t.failed[r.Piece] {
		delete(t.failed, r.Piece)
		t.st.FailedN = len(t.failed)
	}
	t.st.Done++
	t.st.Solutions += r.Solutions
	t.st.Nodes += r.Nodes
	t.st.Updates += r.Updates
	if r.Part != "" {
		if v, ok := parsePart(r.Part); ok { // checked by decodeResult
			if t.sum == nil {
				t.sum = new(big.Int)
			}
			t.sum.Add(t.sum, v)
			t.st.Sum = t.sum.String()
		}
	}
	return true
}

// complete reports whether every piece is queued and recorded.
func (t *tally) complete() bool {
	return t.st.Published >= t.st.Pieces && t.st.Done+t.st.FailedN >= t.st.Pieces
}

// save copies the totals into j.
func (t *tally) save(j *Job) {
	j.Done, j.Solutions, j.Nodes, j.Updates, j.TallySeq = t.st.Done, t.st.Solutions, t.st.Nodes, t.st.Updates, t.seq
	j.Redelivered = t.st.Redelivered
	j.Sum = t.st.Sum
	j.Failed = nil
	for i := range t.failed {
		j.Failed = append(j.Failed, i)
	}
	slices.Sort(j.Failed)
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
	if r.Part != "" {
		if _, good := parsePart(r.Part); !good {
			return r, false
		}
	}
	return r, ok && n == r.Piece
}

// watchResults watches the results of job id recorded after revision
// seq (all of them when seq is 0).
func (c *Client) watchResults(ctx context.Context, id string, seq uint64) (jetstream.KeyWatcher, error) {
	opts := []jetstream.WatchOpt{jetstream.IgnoreDeletes()}
	if seq > 0 {
		opts = append(opts, jetstream.ResumeFromRevision(seq+1))
	}
	return c.results.Watch(ctx, id+".*", opts...)
}

// catchUp adds to t the results recorded after its revision, until the
// last one stored. It gives up after the client's timeout without news
// (not a bound on the whole: a job of a million results takes its time).
func (c *Client) catchUp(ctx context.Context, t *tally, each func(jetstream.KeyValueEntry)) error {
	id := t.st.ID
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := c.watchResults(wctx, id, t.seq)
	if err != nil {
		return fmt.Errorf("reading the results of job %s: %w", id, err)
	}
	defer w.Stop()
	idle := time.NewTimer(c.timeout)
	defer idle.Stop()
	for {
		select {
		case e, ok := <-w.Updates():
			if !ok || e == nil {
				return nil
			}
			if r, ok := c.decodeResult(e); ok {
				t.add(e.Revision(), r)
			} else {
				t.seq = max(t.seq, e.Revision())
			}
			if each != nil {
				each(e)
			}
			idle.Reset(c.timeout)
		case <-idle.C:
			return fmt.Errorf("reading the results of job %s: no news from the server in %v", id, c.timeout)
		case <-ctx.Done():
			return fmt.Errorf("reading the results of job %s: %w", id, ctx.Err())
		}
	}
}

// checkpoint writes t's totals to the job's record, unless the record
// has a later checkpoint, the job ended, or pieces were requeued since t
// started.
func (c *Client) checkpoint(ctx context.Context, t *tally) {
	if t.seq <= t.saved {
		return
	}
	if _, err := c.modifyJob(ctx, t.st.ID, func(j *Job) error {
		if j.State != StateRunning || j.TallySeq >= t.seq || j.Retries != t.retries {
			return errUnchanged
		}
		t.save(j)
		return nil
	}); err == nil {
		t.saved = t.seq
	}
}

// Results reads the results recorded for job id, by piece (all of them:
// for a look at a few jobs, not for totals).
func (c *Client) Results(ctx context.Context, id string) (map[int]Result, error) {
	t := newTally(Job{ID: id})
	out := map[int]Result{}
	err := c.catchUp(ctx, t, func(e jetstream.KeyValueEntry) {
		if r, ok := c.decodeResult(e); ok {
			out[r.Piece] = r
		}
	})
	return out, err
}

// Wait follows job id until every piece is recorded, calling progress
// (when not nil) as results come in (and every half second while the
// server is away), and returns the totals. It needs only the stored
// records, not the process that submitted the job: it resumes the
// queueing of a job whose submitter stopped before queueing every piece.
// It reads the results recorded after the checkpoint in the job's record,
// and writes checkpoints as it goes. A job with failed pieces returns the
// totals of the others and an error wrapping ErrJobFailed that names
// them; a cancelled job returns ErrCanceled. The end is written to the
// job's record.
func (c *Client) Wait(ctx context.Context, id string, progress func(Status)) (Status, error) {
	// The first read is asked again while the server is away or its
	// bucket has no leader (a restart, an election after a server
	// stopped): the loop below rides those out, and so does its start.
	job, err := c.Job(ctx, id)
	for start := time.Now(); err != nil && transient(err) && ctx.Err() == nil && time.Since(start) < waitStartPatience; {
		select {
		case <-ctx.Done():
		case <-time.After(250 * time.Millisecond):
		}
		job, err = c.Job(ctx, id)
	}
	if err != nil {
		return Status{}, err
	}
	if job.State != StateRunning {
		return ended(job)
	}
	reconnected, unsub := c.onReconnect()
	defer unsub()
	t := newTally(job)
	var w jetstream.KeyWatcher
	defer func() {
		if w != nil {
			w.Stop()
		}
	}()
	var updates <-chan jetstream.KeyValueEntry
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	last := time.Now()     // the last news from the watcher
	lastSave := time.Now() // the last checkpoint
	report := func() {
		if progress != nil {
			st := t.st
			st.Connected = c.nc.IsConnected()
			progress(st)
		}
	}
	for {
		if w == nil {
			// From the last result added: nothing is counted twice.
			if w, err = c.watchResults(ctx, id, t.seq); err == nil {
				updates = w.Updates()
			} else {
				w, updates = nil, nil
			}
			last = time.Now()
		}
		if t.complete() {
			st, err := c.finish(ctx, t)
			if !errors.Is(err, errRetried) {
				return st, err
			}
			// Pieces were requeued meanwhile: start again from the
			// record.
			t = newTally(st.Job)
			if w != nil {
				w.Stop()
			}
			w = nil
			continue
		}
		select {
		case <-ctx.Done():
			c.checkpoint(context.WithoutCancel(ctx), t)
			return t.st, ctx.Err()
		case e, ok := <-updates:
			last = time.Now()
			if !ok {
				w.Stop()
				w = nil
				continue
			}
			if e == nil {
				continue
			}
			if r, ok := c.decodeResult(e); ok && t.add(e.Revision(), r) {
				report()
			} else {
				t.seq = max(t.seq, e.Revision())
			}
		case <-reconnected:
			if w != nil {
				w.Stop()
			}
			w = nil
		case <-tick.C:
			if !c.nc.IsConnected() {
				report()
				continue
			}
			j, err := c.Job(ctx, id)
			if err != nil {
				continue // the server is away: try again
			}
			switch {
			case j.State == StateCanceled:
				t.st.Job.State = StateCanceled
				return t.st, fmt.Errorf("%s: %w", id, ErrCanceled)
			case j.State != StateRunning:
				return ended(j) // ended by another process
			case j.Retries != t.retries:
				t = newTally(j)
				if w != nil {
					w.Stop()
				}
				w = nil
				continue
			}
			t.st.Published = j.Published
			if j.Published < j.Pieces {
				if c.abandoned(ctx, j) {
					if err := c.resume(ctx, &j); err != nil {
						return t.st, err
					}
					t.st.Published = j.Published
				}
			}
			if time.Since(lastSave) > 5*time.Second {
				c.checkpoint(ctx, t)
				lastSave = time.Now()
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

// onReconnect returns a channel that gets a value when the client
// reconnects, and the function that stops it.
func (c *Client) onReconnect() (<-chan struct{}, func()) {
	ch := make(chan struct{}, 1)
	c.mu.Lock()
	c.reconnected = append(c.reconnected, ch)
	c.mu.Unlock()
	return ch, func() {
		c.mu.Lock()
		c.reconnected = slices.DeleteFunc(c.reconnected, func(x chan struct{}) bool { return x == ch })
		c.mu.Unlock()
	}
}

// reconnect tells the waiters of onReconnect.
func (c *Client) reconnect() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, ch := range c.reconnected {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// Connected reports whether the client is connected to the server now.
func (c *Client) Connected() bool { return c.nc.IsConnected() }

// ended returns the totals of a job that ended, from its record, and the
// error its state means.
func ended(job Job) (Status, error) {
	st := Status{Job: job, FailedN: len(job.Failed), Connected: true}
	switch job.State {
	case StateCanceled:
		return st, fmt.Errorf("%s: %w", job.ID, ErrCanceled)
	case StateFailed:
		msg := job.Message
		if msg == "" {
			msg = fmt.Sprintf("job %s: %d of %d pieces failed", job.ID, len(job.Failed), job.Pieces)
		}
		return st, fmt.Errorf("%s: %w", msg, ErrJobFailed)
	}
	return st, nil
}

// resumeAfter is how long a job's record must stay unchanged, its pieces
// not all queued, before Wait queues the rest.
var resumeAfter = 10 * time.Second

// splitJob splits the stored problem of job again (the split is
// deterministic), checking that it gives the pieces recorded.
func (c *Client) splitJob(ctx context.Context, job *Job) ([]exactcover.Subproblem, error) {
	tctx, cancel := c.ctx(ctx)
	data, err := c.problems.GetBytes(tctx, job.Problem)
	cancel()
	if err != nil {
		return nil, fmt.Errorf("job %s: reading problem %s: %w", job.ID, job.Problem, err)
	}
	var subs []exactcover.Subproblem
	if job.Format == FormatGrids {
		var digest string
		subs, _, digest, err = gridPieces(data)
		if err == nil && digest != job.Plan {
			err = fmt.Errorf("this dlx's plan of the grid count (digest %s) is not the job's (%s): run the same dlx release on every machine", digest, job.Plan)
		}
	} else {
		_, subs, err = splitProblem(job.Format, data, job.SplitDepth, job.SplitPieces)
	}
	if err != nil {
		return nil, fmt.Errorf("job %s: %w", job.ID, err)
	}
	if len(subs) != job.Pieces {
		return nil, fmt.Errorf("job %s: the problem splits into %d pieces, not the %d recorded", job.ID, len(subs), job.Pieces)
	}
	return subs, nil
}

// resume queues the pieces of job its submitter did not queue.
func (c *Client) resume(ctx context.Context, job *Job) error {
	subs, err := c.splitJob(ctx, job)
	if err != nil {
		return err
	}
	return c.publish(ctx, job, subs)
}

// errRetried: the job's pieces were requeued while a waiter was finishing
// it.
var errRetried = errors.New("pieces requeued meanwhile")

// finish writes the end of the job to its record and returns its totals,
// with ErrJobFailed when pieces failed. When another process ended the
// job first, its end stands.
func (c *Client) finish(ctx context.Context, t *tally) (Status, error) {
	failed := make([]int, 0, len(t.failed))
	for i := range t.failed {
		failed = append(failed, i)
	}
	slices.Sort(failed)
	msg := ""
	if len(failed) > 0 {
		var names []string
		for _, i := range failed[:min(len(failed), 5)] {
			why := "failed"
			tctx, cancel := c.ctx(ctx)
			e, err := c.results.Get(tctx, resultKey(t.st.ID, i))
			cancel()
			if r, ok := c.decodeResult(e); err == nil && ok && r.Error != nil {
				why = r.Error.Message
			}
			names = append(names, fmt.Sprintf("piece %d (%s)", i, why))
		}
		more := ""
		if len(failed) > 5 {
			more = fmt.Sprintf(" and %d more", len(failed)-5)
		}
		counted := fmt.Sprintf("%d solutions", t.st.Solutions)
		if t.st.Format == FormatGrids {
			counted = "their parts sum to " + t.st.Sum // a grid count
			if t.st.Sum == "" {
				counted += "0"
			}
		}
		msg = fmt.Sprintf("job %s: %d of %d pieces failed on every delivery: %s%s; the other %d pieces are counted (%s); dlx jobs retry %s queues the failed ones again",
			t.st.ID, len(failed), t.st.Pieces, strings.Join(names, ", "), more, t.st.Done, counted, t.st.ID)
	}
	job, err := c.modifyJob(ctx, t.st.ID, func(j *Job) error {
		switch {
		case j.State != StateRunning:
			return errUnchanged
		case j.Retries != t.retries:
			return errRetried
		}
		t.save(j)
		j.State, j.Message = StateDone, ""
		if len(failed) > 0 {
			j.State, j.Message = StateFailed, msg
		}
		return nil
	})
	switch {
	case errors.Is(err, errRetried):
		return Status{Job: job}, err
	case err != nil:
		// The record could not be written (the store is full, say):
		// the totals stand all the same.
		st := t.st
		st.State = StateDone
		if len(failed) > 0 {
			st.State = StateFailed
			return st, fmt.Errorf("%s: %w", msg, ErrJobFailed)
		}
		return st, nil
	}
	return ended(job)
}

// purgeQueue removes the pieces of job id from the queue.
func (c *Client) purgeQueue(ctx context.Context, id string) error {
	tctx, cancel := c.ctx(context.WithoutCancel(ctx))
	defer cancel()
	if err := c.stream.Purge(tctx, jetstream.WithPurgeSubject(subjectPrefix+id)); err != nil {
		return fmt.Errorf("removing the pieces of job %s: %w", id, err)
	}
	return nil
}

// purgeSubject removes the messages of subject from stream (a purge
// writes nothing: it works on a full store).
func (c *Client) purgeSubject(ctx context.Context, stream, subject string) error {
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	s, err := c.js.Stream(tctx, stream)
	if err == nil {
		err = s.Purge(tctx, jetstream.WithPurgeSubject(subject))
	}
	if err != nil {
		return fmt.Errorf("removing %s from %s: %w", subject, stream, err)
	}
	return nil
}

// Cancel cancels job id: its pieces still queued are removed (first: on
// a full store this makes room), its record says so (a submitter still
// queueing stops and removes what it queued), and workers drop the pieces
// they are counting.
func (c *Client) Cancel(ctx context.Context, id string) error {
	job, err := c.Job(ctx, id)
	if err != nil {
		return err
	}
	if err := c.purgeQueue(ctx, id); err != nil {
		return err
	}
	// The totals so far go into the record with the state (best effort:
	// they matter little).
	t := newTally(job)
	if job.State == StateRunning {
		c.catchUp(ctx, t, nil)
	}
	if _, err := c.modifyJob(ctx, id, func(j *Job) error {
		if j.State != StateRunning {
			return errUnchanged
		}
		if j.Retries == t.retries && j.TallySeq <= t.seq {
			t.save(j)
		}
		j.State = StateCanceled
		return nil
	}); err != nil {
		return err
	}
	return c.purgeQueue(ctx, id)
}

// Remove removes job id: its queued pieces, its results, its record and
// its problem when no other job uses it. A running job is cancelled
// first. Removing writes nothing to the store, so it works when the
// store is full.
func (c *Client) Remove(ctx context.Context, id string) error {
	job, err := c.Job(ctx, id)
	if err != nil && !errors.Is(err, ErrNoJob) {
		return err
	}
	if !validJobID(id) {
		return err
	}
	found := err == nil
	if err := c.purgeQueue(ctx, id); err != nil {
		return err
	}
	if found && job.State == StateRunning {
		// Workers counting its pieces drop them (their heartbeat finds
		// the job gone too, but the state says why).
		c.modifyJob(ctx, id, func(j *Job) error {
			if j.State != StateRunning {
				return errUnchanged
			}
			j.State = StateCanceled
			return nil
		})
	}
	if err := c.purgeSubject(ctx, "KV_"+resultsBucket, "$KV."+resultsBucket+"."+id+".>"); err != nil {
		return err
	}
	if err := c.purgeSubject(ctx, "KV_"+jobsBucket, "$KV."+jobsBucket+"."+id+".>"); err != nil {
		return err
	}
	if found {
		if err := c.removeProblem(ctx, job); err != nil {
			return err
		}
	}
	if err := c.purgeSubject(ctx, "KV_"+jobsBucket, "$KV."+jobsBucket+"."+id); err != nil {
		return err
	}
	if !found {
		return fmt.Errorf("%s: %w", id, ErrNoJob)
	}
	return nil
}

// removeProblem removes the problem of job unless another job uses it.
func (c *Client) removeProblem(ctx context.Context, job Job) error {
	keys, err := c.jobKeys(ctx)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if k == job.ID {
			continue
		}
		if j, err := c.Job(ctx, k); err == nil && j.Problem == job.Problem {
			return nil
		} else if err != nil && !errors.Is(err, ErrNoJob) {
			return err // cannot tell: keep it
		}
	}
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	info, err := c.problems.GetInfo(tctx, job.Problem)
	if errors.Is(err, jetstream.ErrObjectNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("removing problem %s: %w", job.Problem, err)
	}
	if err := c.problems.Delete(tctx, job.Problem); err == nil {
		return nil
	}
	// A delete writes a marker, which a full store refuses: remove the
	// object's chunks and its description instead.
	if err := c.purgeSubject(ctx, "OBJ_"+problemStore, "$O."+problemStore+".C."+info.NUID); err != nil {
		return err
	}
	return c.purgeSubject(ctx, "OBJ_"+problemStore, "$O."+problemStore+".M."+base64.URLEncoding.EncodeToString([]byte(job.Problem)))
}

// jobKeys returns the IDs of the jobs (not the other keys of dlx_jobs).
func (c *Client) jobKeys(ctx context.Context) ([]string, error) {
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	keys, err := c.jobs.Keys(tctx)
	if errors.Is(err, jetstream.ErrNoKeysFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing the jobs: %w", err)
	}
	return slices.DeleteFunc(keys, func(k string) bool { return strings.Contains(k, ".") }), nil
}

// Retry queues again every piece of job id that has no result: those
// that failed (their failures are removed) and those lost (neither
// recorded nor queued: a job whose queueing failed, say); the job's
// pieces still queued are removed first, so each is queued once. A
// failed job runs again. It returns the number of pieces queued. A
// cancelled job cannot be retried, nor a job its submitter is queueing.
func (c *Client) Retry(ctx context.Context, id string) (int, error) {
	job, err := c.Job(ctx, id)
	if err != nil {
		return 0, err
	}
	if job.State == StateCanceled {
		return 0, fmt.Errorf("%s: %w: it cannot be retried (submit it again)", id, ErrCanceled)
	}
	if job.Published < job.Pieces && !c.abandoned(ctx, job) {
		return 0, fmt.Errorf("job %s is being queued (%d of %d pieces): retry it when its submitter is gone (its record unchanged for %v)", id, job.Published, job.Pieces, resumeAfter)
	}
	// Every result (not only those after the checkpoint): which pieces
	// are in.
	t := newTally(Job{ID: id, Pieces: job.Pieces, Published: job.Pieces})
	ok := make([]bool, job.Pieces+1)
	if err := c.catchUp(ctx, t, func(e jetstream.KeyValueEntry) {
		if r, good := c.decodeResult(e); good && r.Status == "ok" && r.Piece <= job.Pieces {
			ok[r.Piece] = true
		}
	}); err != nil {
		return 0, err
	}
	var missing []int
	for i := 1; i <= job.Pieces; i++ {
		if !ok[i] {
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return 0, nil
	}
	subs, err := c.splitJob(ctx, &job)
	if err != nil {
		return 0, err
	}
	// Off the queue, and their failures out of the results: then queued
	// once each, and counted afresh.
	if err := c.purgeQueue(ctx, id); err != nil {
		return 0, err
	}
	for i := range t.failed {
		if err := c.purgeSubject(ctx, "KV_"+resultsBucket, "$KV."+resultsBucket+"."+resultKey(id, i)); err != nil {
			return 0, err
		}
	}
	if err := c.purgeSubject(ctx, "KV_"+jobsBucket, "$KV."+jobsBucket+"."+id+".>"); err != nil {
		return 0, err
	}
	clear(t.failed)
	t.st.FailedN = 0
	job, err = c.modifyJob(ctx, id, func(j *Job) error {
		if j.State == StateCanceled {
			return fmt.Errorf("%s: %w", id, ErrCanceled)
		}
		t.save(j)
		j.Retries++
		j.State, j.Message, j.Published = StateRunning, "", j.Pieces
		return nil
	})
	if err != nil {
		return 0, err
	}
	for start := 0; start < len(missing); start += 256 {
		if err := c.queue(ctx, &job, subs, missing[start:min(start+256, len(missing))], fmt.Sprintf(".r%d", job.Retries)); err != nil {
			return start, err
		}
	}
	return len(missing), nil
}

// List returns the jobs with their totals, oldest first. A finished job's
// totals are its record's; a running one's are the record's checkpoint
// and the results after it (written back as a new checkpoint, and as the
// job's end when every piece is in).
func (c *Client) List(ctx context.Context) ([]Status, error) {
	keys, err := c.jobKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []Status
	for _, k := range keys {
		j, err := c.Job(ctx, k)
		if errors.Is(err, ErrNoJob) {
			continue // removed meanwhile
		}
		if err != nil {
			return out, err
		}
		if j.State != StateRunning {
			st, _ := ended(j)
			out = append(out, st)
			continue
		}
		t := newTally(j)
		if err := c.catchUp(ctx, t, nil); err != nil {
			return out, err
		}
		st := t.st
		if t.complete() {
			if fst, err := c.finish(ctx, t); !errors.Is(err, errRetried) {
				st = fst
			}
		} else {
			c.checkpoint(ctx, t)
		}
		st.Connected = true
		out = append(out, st)
	}
	// By the time submitted, to the millisecond (IDs name only the
	// second).
	slices.SortStableFunc(out, func(a, b Status) int {
		if d := a.Created.Compare(b.Created); d != 0 {
			return d
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// failure is the result of a piece that failed.
func failure(piece int, deliveries uint64, worker string, err error) Result {
	return Result{V: FormatVersion, Piece: piece, Status: "error", Deliveries: deliveries, Worker: worker,
		Error: jsonfmt.FromError(jsonfmt.CodeInternal, err)}
}

// connEvents returns the options that report the connection's events to
// logf (Connect's ErrorHandler keeps nats.go's own lines off standard
// error), and tell the waiters of onReconnect.
func (c *Client) connEvents(logf func(format string, a ...any)) []nats.Option {
	if logf == nil {
		logf = func(string, ...any) {}
	}
	return []nats.Option{
		nats.DisconnectErrHandler(func(nc *nats.Conn, err error) {
			if nc.IsClosed() {
				return
			}
			if err != nil {
				logf("disconnected from the server: %v (reconnecting)", err)
			} else {
				logf("disconnected from the server (reconnecting)")
			}
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			logf("reconnected to %s", nc.ConnectedUrlRedacted())
			c.reconnect()
		}),
	}
}

// setMaxBytes sets the byte limit of the queue, the results and the
// problems to n (-1: none; 0 leaves them as they are), refusing new
// messages rather than dropping old ones when they are full.
func (c *Client) setMaxBytes(ctx context.Context, n int64) error {
	if n == 0 {
		return nil
	}
	n = max(n, -1)
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	for _, name := range []string{streamName, "KV_" + resultsBucket, "OBJ_" + problemStore} {
		s, err := c.js.Stream(tctx, name)
		if err != nil {
			return fmt.Errorf("stream %s: %w", name, err)
		}
		cfg := s.CachedInfo().Config
		if cfg.MaxBytes == n && cfg.Discard == jetstream.DiscardNew {
			continue
		}
		cfg.MaxBytes, cfg.Discard = n, jetstream.DiscardNew
		if _, err := c.js.UpdateStream(tctx, cfg); err != nil {
			return fmt.Errorf("setting the byte limit of %s to %d: %w", name, n, err)
		}
	}
	return nil
}

// Prune removes the jobs that ended (done, failed or cancelled) and were
// submitted more than age ago, returning their IDs.
func (c *Client) Prune(ctx context.Context, age time.Duration) ([]string, error) {
	keys, err := c.jobKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, k := range keys {
		j, err := c.Job(ctx, k)
		if errors.Is(err, ErrNoJob) {
			continue
		}
		if err != nil {
			return out, err
		}
		if j.State == StateRunning || time.Since(j.Created) <= age {
			continue
		}
		if err := c.Remove(ctx, k); err != nil && !errors.Is(err, ErrNoJob) {
			return out, err
		}
		out = append(out, k)
	}
	return out, nil
}
