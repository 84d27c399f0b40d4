package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/dlxkit/dlx/exactcover"
)

// holdPiece returns a beforeCount hook that holds piece n until the
// worker stops, sending the delivery's number on held.
func holdPiece(n int, held chan<- uint64) func(context.Context, *pieceMsg, uint64) error {
	return func(ctx context.Context, m *pieceMsg, delivery uint64) error {
		if m.Piece != n {
			return nil
		}
		held <- delivery
		<-ctx.Done()
		return ctx.Err()
	}
}

// Rolling restarts (a SIGTERM storm): each worker stopped in the middle
// of the same piece releases it; the releases do not use up its
// deliveries, so eight stops with MaxDeliver 2 still end with the exact
// total and no failed piece. (Before: a stop's nak counted, and the job
// failed with "no result after 2 deliveries".)
func TestStopsDoNotUseDeliveries(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	const piece, stops = 3, 8
	held := make(chan uint64, 1)
	for i := range stops {
		w := startWorker(t, s.URL(), WorkerOptions{AckWait: time.Minute, MaxDeliver: 2, beforeCount: holdPiece(piece, held)})
		select {
		case <-held:
		case <-time.After(20 * time.Second):
			t.Fatalf("stop %d: no worker got piece %d", i, piece)
		}
		w.stop()
	}
	startWorker(t, s.URL(), WorkerOptions{AckWait: time.Minute, MaxDeliver: 2, Workers: 2})
	st, err := wait(t, c, job.ID)
	if err != nil || st.Solutions != queensCount[8] || st.Done != job.Pieces || st.FailedN != 0 {
		t.Fatalf("%d solutions in %d pieces (%d failed), %v; want %d in %d", st.Solutions, st.Done, st.FailedN, err, queensCount[8], job.Pieces)
	}
	res, err := c.Results(context.Background(), job.ID)
	if err != nil || res[piece].Deliveries != stops+1 {
		t.Errorf("piece %d: %+v, %v; want delivery %d", piece, res[piece], err, stops+1)
	}
}

// A piece whose every delivery ends with its worker dead is recorded as
// failed by the next worker that gets it, with nobody waiting on the
// job: the failure is in the results, and the list shows the job ended.
// (Before: only a waiter's advisory recorded it; without one, the piece
// was never delivered again and the job stayed running for ever.)
func TestMaxDeliveriesRecordedWithoutWaiter(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	const bad = 5
	for range 3 {
		wc := connect(t, s.URL())
		startWorkerOn(t, wc, WorkerOptions{AckWait: 300 * time.Millisecond, MaxDeliver: 2, beforeCount: func(ctx context.Context, m *pieceMsg, _ uint64) error {
			if m.Piece == bad {
				wc.Close() // dies with it
				<-ctx.Done()
				return ctx.Err()
			}
			return nil
		}})
	}
	var r Result
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := c.Results(context.Background(), job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if r = res[bad]; r.Status != "" || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if r.Status != "error" || r.Error == nil || !strings.Contains(r.Error.Message, "no result after 2 deliveries") {
		t.Fatalf("piece %d: %+v; want a failure recorded", bad, r)
	}
	list, err := c.List(context.Background())
	if err != nil || len(list) != 1 {
		t.Fatalf("list %+v, %v", list, err)
	}
	if st := list[0]; st.State != StateFailed || st.Done != job.Pieces-1 || st.FailedN != 1 {
		t.Errorf("listed %s, %d done, %d failed; want failed, %d, 1", st.State, st.Done, st.FailedN, job.Pieces-1)
	}
}

// setMaxBytes sets the byte limit of stream name (as a full disk would
// stop it).
func setStreamMaxBytes(t *testing.T, c *Client, name string, n int64) {
	t.Helper()
	s, err := c.js.Stream(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	cfg := s.CachedInfo().Config
	cfg.MaxBytes, cfg.Discard = n, jetstream.DiscardNew
	if _, err := c.js.UpdateStream(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
}

func streamBytes(t *testing.T, c *Client, name string) int64 {
	t.Helper()
	s, err := c.js.Stream(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return int64(s.CachedInfo().State.Bytes)
}

// The results bucket fills up in the middle of a job for several ack
// waits, then gets room again: the workers hold the pieces they cannot
// record and record them later; nothing fails, nothing is lost, the
// total is exact. (Before: each refused record used up a delivery, the
// piece failed or was never delivered again.)
func TestStoreFullThenFreed(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	// A first job gives the size of a result.
	first, err := c.Submit(context.Background(), Spec{Data: queens(t, 6), Pieces: 20})
	if err != nil {
		t.Fatal(err)
	}
	var recorded atomic.Int64
	opt := WorkerOptions{AckWait: 300 * time.Millisecond, MaxDeliver: 2, Done: func(Result) { recorded.Add(1) }}
	w1, w2 := startWorker(t, s.URL(), opt), startWorker(t, s.URL(), opt)
	if _, err := wait(t, c, first.ID); err != nil {
		t.Fatal(err)
	}
	w1.stop()
	w2.stop()
	kv := "KV_" + resultsBucket
	per := streamBytes(t, c, kv) / int64(first.Pieces)
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 9), Pieces: 60})
	if err != nil {
		t.Fatal(err)
	}
	// Room for about 10 more results, then workers.
	setStreamMaxBytes(t, c, kv, streamBytes(t, c, kv)+10*per)
	startWorker(t, s.URL(), opt)
	startWorker(t, s.URL(), opt)
	// Until the results stop coming (the store is full), then 2 s more:
	// about 7 ack waits, 3 times MaxDeliver.
	deadline := time.Now().Add(20 * time.Second)
	for last := int64(-1); recorded.Load() != last && time.Now().Before(deadline); {
		last = recorded.Load()
		time.Sleep(time.Second)
	}
	time.Sleep(2 * time.Second)
	if n := recorded.Load() - int64(first.Pieces); n >= int64(job.Pieces) || n < 3 {
		t.Fatalf("%d results recorded before the store filled, want a few of %d", n, job.Pieces)
	}
	setStreamMaxBytes(t, c, kv, -1)
	st, err := wait(t, c, job.ID)
	if err != nil || st.Solutions != queensCount[9] || st.Done != job.Pieces || st.FailedN != 0 {
		t.Fatalf("%d solutions in %d pieces (%d failed), %v; want %d in %d", st.Solutions, st.Done, st.FailedN, err, queensCount[9], job.Pieces)
	}
	drained(t, c)
}

// A full store refuses a new job (nothing stored or queued) but lets the
// operator cancel and remove jobs; removing makes room for new jobs.
func TestFullStoreRefusesJobs(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	running, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	// Limits smaller than the queue already holds: full.
	full, err := Connect(context.Background(), ConnOptions{URL: s.URL(), MaxBytes: streamBytes(t, c, streamName) / 2})
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	_, err = full.Submit(context.Background(), Spec{Data: queens(t, 7), Pieces: 10})
	if !errors.Is(err, ErrFull) {
		t.Fatalf("submit to a full store: %v, want ErrFull", err)
	}
	if list, err := c.List(context.Background()); err != nil || len(list) != 1 {
		t.Fatalf("after the refusal: %d jobs, %v; want the one", len(list), err)
	}
	if err := full.Cancel(context.Background(), running.ID); err != nil {
		t.Fatalf("cancel on a full store: %v", err)
	}
	if err := full.Remove(context.Background(), running.ID); err != nil {
		t.Fatalf("rm on a full store: %v", err)
	}
	if n := queued(t, c); n != 0 {
		t.Errorf("%d pieces queued after rm", n)
	}
	if _, err := c.Job(context.Background(), running.ID); !errors.Is(err, ErrNoJob) {
		t.Errorf("job after rm: %v, want ErrNoJob", err)
	}
	job, err := full.Submit(context.Background(), Spec{Data: queens(t, 7), Pieces: 1})
	if err != nil {
		t.Fatalf("submit after rm: %v", err)
	}
	startWorker(t, s.URL(), WorkerOptions{})
	if st, err := wait(t, c, job.ID); err != nil || st.Solutions != queensCount[7] {
		t.Fatalf("%d solutions, %v; want %d", st.Solutions, err, queensCount[7])
	}
}

// Remove takes away everything of a job: pieces, results, record, release
// counts, and its problem when no other job uses it.
func TestRemove(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	startWorker(t, s.URL(), WorkerOptions{Workers: 2})
	a, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 20})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 10}) // the same problem
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{a.ID, b.ID} {
		if _, err := wait(t, c, id); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.jobs.Create(context.Background(), releasedKey(a.ID, 3), []byte("1")); err != nil {
		t.Fatal(err)
	}
	if err := c.Remove(context.Background(), a.ID); err != nil {
		t.Fatal(err)
	}
	if res, err := c.Results(context.Background(), a.ID); err != nil || len(res) != 0 {
		t.Errorf("results after rm: %d, %v", len(res), err)
	}
	if _, err := c.jobs.Get(context.Background(), releasedKey(a.ID, 3)); !errors.Is(err, jetstream.ErrKeyNotFound) {
		t.Errorf("release count after rm: %v", err)
	}
	if _, err := c.problems.GetInfo(context.Background(), a.Problem); err != nil {
		t.Errorf("the problem of b went with a: %v", err)
	}
	if list, err := c.List(context.Background()); err != nil || len(list) != 1 || list[0].ID != b.ID || list[0].Solutions != queensCount[8] {
		t.Errorf("list after rm: %+v, %v", list, err)
	}
	if err := c.Remove(context.Background(), b.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.problems.GetInfo(context.Background(), b.Problem); !errors.Is(err, jetstream.ErrObjectNotFound) {
		t.Errorf("the problem after the last job went: %v", err)
	}
	if err := c.Remove(context.Background(), "nosuchjob"); !errors.Is(err, ErrNoJob) {
		t.Errorf("rm of an unknown job: %v", err)
	}
	if ids, err := c.Prune(context.Background(), 0); err != nil || len(ids) != 0 {
		t.Errorf("prune of nothing: %v, %v", ids, err)
	}
}

// Retry queues again a failed piece (the job then ends done, exact) and a
// lost one (neither recorded nor queued).
func TestRetry(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	// Piece 1 lost: off the queue before any worker saw it.
	if err := c.stream.DeleteMsg(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	var broken atomic.Bool
	broken.Store(true)
	startWorker(t, s.URL(), WorkerOptions{AckWait: time.Second, MaxDeliver: 2, beforeCount: func(_ context.Context, m *pieceMsg, _ uint64) error {
		if m.Piece == 7 && broken.Load() {
			return errors.New("disk on fire")
		}
		return nil
	}})
	// Wait until every piece but the lost one is in.
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := c.Results(context.Background(), job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(res) == job.Pieces-1 {
			if res[7].Status != "error" {
				t.Fatalf("piece 7: %+v, want failed", res[7])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d results, want %d", len(res), job.Pieces-1)
		}
		time.Sleep(50 * time.Millisecond)
	}
	broken.Store(false)
	n, err := c.Retry(context.Background(), job.ID)
	if err != nil || n != 2 {
		t.Fatalf("retry: %d pieces, %v; want 2 (7 failed, 1 lost)", n, err)
	}
	st, err := wait(t, c, job.ID)
	if err != nil || st.Solutions != queensCount[8] || st.Done != job.Pieces || st.State != StateDone || len(st.Failed) != 0 {
		t.Fatalf("after retry: %d solutions in %d pieces, %s, failed %v, %v", st.Solutions, st.Done, st.State, st.Failed, err)
	}
	if n, err := c.Retry(context.Background(), job.ID); err != nil || n != 0 {
		t.Errorf("retry of a done job: %d, %v; want 0", n, err)
	}
	drained(t, c)
}

// A job's totals come from its record when it ended, and from the
// record's checkpoint and the results after it while it runs: results
// read once are not read again. (The test removes the results read: the
// totals must not change.)
func TestTotalsFromRecord(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	w := startWorker(t, s.URL(), WorkerOptions{Workers: 2})
	done, err := c.Submit(context.Background(), Spec{Data: queens(t, 9), Pieces: 30})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wait(t, c, done.ID); err != nil {
		t.Fatal(err)
	}
	w.stop()
	run, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	// Half of run counted, then listed (a checkpoint), then those
	// results removed.
	var n atomic.Int64
	half := startWorker(t, s.URL(), WorkerOptions{beforeCount: func(ctx context.Context, _ *pieceMsg, _ uint64) error {
		if n.Add(1) > 20 {
			<-ctx.Done()
			return ctx.Err()
		}
		return nil
	}})
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := c.Results(context.Background(), run.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(res) >= 20 || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	list, err := c.List(context.Background())
	if err != nil || len(list) != 2 {
		t.Fatalf("list %+v, %v", list, err)
	}
	mid := list[1]
	half.stop()
	for _, id := range []string{done.ID, run.ID} {
		if err := c.purgeSubject(context.Background(), "KV_"+resultsBucket, "$KV."+resultsBucket+"."+id+".*"); err != nil {
			t.Fatal(err)
		}
	}
	list, err = c.List(context.Background())
	if err != nil || len(list) != 2 {
		t.Fatalf("list %+v, %v", list, err)
	}
	if st := list[0]; st.State != StateDone || st.Solutions != queensCount[9] || st.Done != done.Pieces {
		t.Errorf("done job listed with %d solutions, %d pieces; want %d, %d", st.Solutions, st.Done, queensCount[9], done.Pieces)
	}
	if st := list[1]; st.Done != mid.Done || st.Solutions != mid.Solutions || st.Done < 20 {
		t.Errorf("running job listed with %d pieces, %d solutions; want %d, %d as before", st.Done, st.Solutions, mid.Done, mid.Solutions)
	}
	if st, err := wait(t, c, done.ID); err != nil || st.Solutions != queensCount[9] {
		t.Errorf("wait on the done job: %d, %v", st.Solutions, err)
	}
}

// A job cancelled while its submitter is still queueing: the queueing
// stops, and the queue holds none of its pieces.
func TestCancelWhileQueueing(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	other := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 10), Depth: 3, Recorded: func(j Job) {
		if err := other.Cancel(context.Background(), j.ID); err != nil {
			t.Error(err)
		}
	}})
	if !errors.Is(err, ErrCanceled) {
		t.Fatalf("submit: %v, want ErrCanceled", err)
	}
	if job.Pieces <= 256 {
		t.Fatalf("%d pieces: want more than one batch", job.Pieces)
	}
	if n := queued(t, c); n != 0 {
		t.Errorf("%d pieces queued after the cancel", n)
	}
	if j, err := c.Job(context.Background(), job.ID); err != nil || j.State != StateCanceled || j.Published >= j.Pieces {
		t.Errorf("record %+v, %v", j, err)
	}
}

// Jobs submitted in the same second are listed in the order submitted
// (the IDs' random part does not order them).
func TestListOrder(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	at := time.Date(2026, 11, 24, 4, 30, 1, 0, time.UTC)
	ids := []string{"20261124-043001-ff0000", "20261124-043001-000000", "20261124-043001-800000"}
	for i, id := range ids {
		j := Job{V: FormatVersion, ID: id, State: StateDone, Pieces: 1, Published: 1, Created: at.Add(time.Duration(i) * time.Millisecond)}
		data := fmt.Appendf(nil, `{"v":%d,"id":%q,"state":"done","pieces":1,"published":1,"created":%q}`, j.V, j.ID, j.Created.Format(time.RFC3339Nano))
		if _, err := c.jobs.Create(context.Background(), id, data); err != nil {
			t.Fatal(err)
		}
	}
	list, err := c.List(context.Background())
	if err != nil || len(list) != 3 {
		t.Fatalf("list %+v, %v", list, err)
	}
	for i, st := range list {
		if st.ID != ids[i] {
			t.Errorf("job %d listed is %s, want %s", i, st.ID, ids[i])
		}
	}
}

// Without -depth or -pieces the split comes from the estimate: a small
// search is a few pieces, not 512 pieces of microseconds.
func TestSplitFromEstimate(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	for _, n := range []int{6, 10} {
		job, err := c.Submit(context.Background(), Spec{Data: queens(t, n)})
		if err != nil {
			t.Fatal(err)
		}
		// Queens 10 takes about a million updates (milliseconds): one
		// piece is worth it.
		if job.Pieces > 16 {
			t.Errorf("queens %d: %d pieces, want a few", n, job.Pieces)
		}
	}
}

// A configuration file's port without a host is honoured, on every
// interface as nats-server reads it (so with a token: the guard wants
// authentication beyond loopback).
func TestConfigPortOnly(t *testing.T) {
	dir := t.TempDir()
	l, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	conf := filepath.Join(dir, "n.conf")
	if err := os.WriteFile(conf, fmt.Appendf(nil, "port: %d\nauthorization { token: \"t0ken\" }\n", port), 0o666); err != nil {
		t.Fatal(err)
	}
	s, err := Serve(ServerOptions{Config: conf, StoreDir: filepath.Join(dir, "store")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	if got := s.Addr().(*net.TCPAddr); got.Port != port || !got.IP.IsUnspecified() {
		t.Errorf("listening on %v, want 0.0.0.0:%d", got, port)
	}
}

// The connection's events go to Logf (not nats.go's lines on standard
// error): a disconnection and the reconnection of a server restart, and
// an asynchronous error (a slow consumer).
func TestConnEvents(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir, 0, "")
	port := s.Addr().(*net.TCPAddr).Port
	var mu sync.Mutex
	var lines []string
	c, err := Connect(context.Background(), ConnOptions{URL: s.URL(), Logf: func(format string, a ...any) {
		mu.Lock()
		lines = append(lines, fmt.Sprintf(format, a...))
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	has := func(sub string) bool {
		mu.Lock()
		defer mu.Unlock()
		for _, l := range lines {
			if strings.Contains(l, sub) {
				return true
			}
		}
		return false
	}
	sub, err := c.nc.SubscribeSync("slow")
	if err != nil {
		t.Fatal(err)
	}
	sub.SetPendingLimits(1, -1)
	for range 10 {
		c.nc.Publish("slow", []byte("x"))
	}
	c.nc.Flush()
	s.Stop()
	time.Sleep(300 * time.Millisecond)
	startServer(t, dir, port, "")
	deadline := time.Now().Add(20 * time.Second)
	for !(has("disconnected") && has("reconnected") && has("slow consumer")) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if !(has("disconnected") && has("reconnected") && has("slow consumer")) {
		mu.Lock()
		defer mu.Unlock()
		t.Errorf("events %q: want disconnected, reconnected, slow consumer", lines)
	}
}

// A piece queued again by Retry whose failure was recorded in the moment
// Retry read the results (so not removed) is counted all the same, and
// its count replaces the failure.
func TestRetriedOverFailure(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	data := queens(t, 8)
	job, err := c.Submit(context.Background(), Spec{Data: data, Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	var broken atomic.Bool
	broken.Store(true)
	startWorker(t, s.URL(), WorkerOptions{MaxDeliver: 1, beforeCount: func(_ context.Context, m *pieceMsg, _ uint64) error {
		if m.Piece == 7 && broken.Load() {
			return errors.New("disk on fire")
		}
		return nil
	}})
	if _, err := wait(t, c, job.ID); !errors.Is(err, ErrJobFailed) {
		t.Fatalf("wait: %v, want the job failed", err)
	}
	broken.Store(false)
	// As Retry does, but leaving the failure of piece 7 in place.
	if _, err := c.modifyJob(context.Background(), job.ID, func(j *Job) error {
		j.State, j.Retries = StateRunning, j.Retries+1
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	subs := exactcover.NewSolver(mustParse(t, data)).Split(40)
	if err := c.queue(context.Background(), &job, subs, []int{7}, ".r1"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := c.Results(context.Background(), job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if res[7].Status == "ok" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("piece 7: %+v, want counted", res[7])
		}
		time.Sleep(50 * time.Millisecond)
	}
	list, err := c.List(context.Background())
	if err != nil || len(list) != 1 || list[0].State != StateDone || list[0].Solutions != queensCount[8] || list[0].FailedN != 0 {
		t.Errorf("list %+v, %v; want done with %d", list, err, queensCount[8])
	}
}

// A server whose store is limited (max_file_store, as a small disk)
// refuses a job that does not fit: the queueing fails, and the job is
// removed (nothing of it is kept); a smaller job then runs.
func TestServerStoreFull(t *testing.T) {
	dir := t.TempDir()
	conf := filepath.Join(dir, "n.conf")
	if err := os.WriteFile(conf, []byte("listen: 127.0.0.1:-1\njetstream { max_file_store: 1MB }\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	s, err := Serve(ServerOptions{Config: conf, StoreDir: filepath.Join(dir, "store")})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	c := connect(t, s.URL())
	_, err = c.Submit(context.Background(), Spec{Data: queens(t, 11), Depth: 5}) // about 2 MB of pieces
	if !errors.Is(err, ErrFull) || !strings.Contains(err.Error(), "refused and removed") {
		t.Fatalf("submit: %v, want ErrFull", err)
	}
	if list, err := c.List(context.Background()); err != nil || len(list) != 0 {
		t.Errorf("jobs %+v, %v; want none", list, err)
	}
	if n := queued(t, c); n != 0 {
		t.Errorf("%d pieces queued", n)
	}
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatalf("a small job: %v", err)
	}
	startWorker(t, s.URL(), WorkerOptions{})
	if st, err := wait(t, c, job.ID); err != nil || st.Solutions != queensCount[8] {
		t.Errorf("%d, %v", st.Solutions, err)
	}
}
