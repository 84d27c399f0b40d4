package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/exactcover/model"
)

// queensCount is the number of ways to place n queens (OEIS A000170):
// the oracle of the totals.
var queensCount = map[int]int64{1: 1, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724, 11: 2680}

// queens returns the n queens problem in Knuth's format.
func queens(t testing.TB, n int) []byte {
	t.Helper()
	p, err := model.Queens(n)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := exactcover.WriteKnuth(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// startServer starts an embedded server on 127.0.0.1 (port 0: a free
// one) with its store in dir, stopped at the end of the test.
func startServer(t *testing.T, dir string, port int, token string) *Server {
	t.Helper()
	s, err := Serve(ServerOptions{Listen: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), StoreDir: dir, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Stop)
	return s
}

// connect connects a client, closed at the end of the test.
func connect(t *testing.T, url string) *Client {
	t.Helper()
	c, err := Connect(context.Background(), ConnOptions{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// worker is a worker started by startWorker, on its own connection.
type worker struct {
	c    *Client
	stop func() error
	done chan error // what Run returned, when it returns by itself
}

// startWorker starts a worker with its own connection; stop stops it and
// returns what Run returned (also called at the end of the test).
func startWorker(t *testing.T, url string, opt WorkerOptions) *worker {
	t.Helper()
	return startWorkerOn(t, connect(t, url), opt)
}

// startWorkerOn starts a worker on the connection c.
func startWorkerOn(t *testing.T, c *Client, opt WorkerOptions) *worker {
	t.Helper()
	w, err := c.NewWorker(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var wg sync.WaitGroup
	wg.Go(func() { done <- w.Run(ctx) })
	var once sync.Once
	stop := func() error {
		once.Do(func() {
			cancel()
			ch := make(chan struct{})
			go func() { wg.Wait(); close(ch) }()
			select {
			case <-ch:
			case <-time.After(20 * time.Second):
				t.Error("worker did not stop")
			}
		})
		return nil
	}
	t.Cleanup(func() { stop() })
	return &worker{c: c, stop: stop, done: done}
}

// wait waits for the job with a bound of 60 s.
func wait(t *testing.T, c *Client, id string) (Status, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return c.Wait(ctx, id, nil)
}

// queued returns the number of messages on the queue.
func queued(t *testing.T, c *Client) uint64 {
	t.Helper()
	info, err := c.stream.Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return info.State.Msgs
}

func TestExactTotals(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	for range 3 {
		startWorker(t, s.URL(), WorkerOptions{Workers: 2})
	}
	c := connect(t, s.URL())
	for _, tc := range []struct {
		n, depth, pieces int
	}{
		{8, 0, 40}, {10, 3, 0}, {9, 0, 1}, {1, 0, 16}, {11, 0, 0},
	} {
		job, err := c.Submit(context.Background(), Spec{Data: queens(t, tc.n), Depth: tc.depth, Pieces: tc.pieces, Name: "queens"})
		if err != nil {
			t.Fatal(err)
		}
		st, err := wait(t, c, job.ID)
		if err != nil {
			t.Fatalf("queens %d: %v", tc.n, err)
		}
		if st.Solutions != queensCount[tc.n] || st.Done != job.Pieces || st.State != StateDone {
			t.Errorf("queens %d (depth %d, pieces %d): %d solutions, %d of %d pieces, %s; want %d, done",
				tc.n, tc.depth, tc.pieces, st.Solutions, st.Done, job.Pieces, st.State, queensCount[tc.n])
		}
		// The record says so too.
		if j, err := c.Job(context.Background(), job.ID); err != nil || j.State != StateDone || j.Solutions != queensCount[tc.n] {
			t.Errorf("queens %d: record %+v, %v", tc.n, j, err)
		}
	}
	drained(t, c)
}

// drained checks that the queue empties (the last acks may follow the
// last results).
func drained(t *testing.T, c *Client) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for queued(t, c) != 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := queued(t, c); n != 0 {
		t.Errorf("%d messages left on the queue", n)
	}
}

// A worker whose connection dies in the middle of a piece never acks it:
// the piece is delivered again after the ack wait, to another worker.
func TestWorkerKilledMidPiece(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 9), Pieces: 20})
	if err != nil {
		t.Fatal(err)
	}
	a := connect(t, s.URL())
	killed := make(chan int, 1)
	startWorkerOn(t, a, WorkerOptions{AckWait: time.Second, beforeCount: func(ctx context.Context, m *pieceMsg, _ uint64) error {
		a.Close() // as SIGKILL: no ack, no nak
		killed <- m.Piece
		<-ctx.Done()
		return ctx.Err()
	}})
	var piece int
	select {
	case piece = <-killed:
	case <-time.After(20 * time.Second):
		t.Fatal("worker a got no piece")
	}
	startWorker(t, s.URL(), WorkerOptions{AckWait: time.Second, Workers: 2})
	st, err := wait(t, c, job.ID)
	if err != nil || st.Solutions != queensCount[9] {
		t.Fatalf("%d solutions, %v; want %d", st.Solutions, err, queensCount[9])
	}
	res, err := c.Results(context.Background(), job.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r := res[piece]; r.Deliveries < 2 || r.Status != "ok" {
		t.Errorf("piece %d killed on delivery 1: result %+v, want delivery 2 or more", piece, r)
	}
}

// A worker stopped (SIGTERM) in the middle of a piece naks it: another
// worker gets it at once, not after the ack wait (a minute here).
func TestWorkerStopNaks(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan int, 1)
	a := startWorker(t, s.URL(), WorkerOptions{AckWait: time.Minute, beforeCount: func(ctx context.Context, m *pieceMsg, _ uint64) error {
		held <- m.Piece
		<-ctx.Done()
		return ctx.Err()
	}})
	var piece int
	select {
	case piece = <-held:
	case <-time.After(20 * time.Second):
		t.Fatal("worker a got no piece")
	}
	a.stop()
	startWorker(t, s.URL(), WorkerOptions{AckWait: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	st, err := c.Wait(ctx, job.ID, nil)
	if err != nil || st.Solutions != queensCount[8] {
		t.Fatalf("%d solutions, %v; want %d within 20 s", st.Solutions, err, queensCount[8])
	}
	res, err := c.Results(context.Background(), job.ID)
	if err != nil || res[piece].Deliveries != 2 {
		t.Errorf("piece %d: %+v, %v; want delivery 2", piece, res[piece], err)
	}
}

// A piece whose ack is lost after its result is recorded, and a piece
// published twice, are counted once.
func TestDeliveredTwiceCountedOnce(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	// A second copy of piece 3, under another message ID.
	data, _ := json.Marshal(pieceMsg{V: FormatVersion, Job: job.ID, Piece: 3, Pieces: job.Pieces, Problem: job.Problem, Format: job.Format,
		Choice: exactcover.NewSolver(mustParse(t, queens(t, 8))).Split(40)[2]})
	if _, err := c.js.Publish(context.Background(), subjectPrefix+job.ID, data, jetstream.WithMsgID("copy")); err != nil {
		t.Fatal(err)
	}
	a := connect(t, s.URL())
	lost := make(chan int, 1)
	startWorkerOn(t, a, WorkerOptions{AckWait: time.Second, afterRecord: func(m *pieceMsg) {
		select {
		case lost <- m.Piece:
			a.Close() // recorded, then gone before the ack
		default:
		}
	}})
	select {
	case <-lost:
	case <-time.After(20 * time.Second):
		t.Fatal("worker a recorded nothing")
	}
	var recorded atomic.Int64
	b := startWorker(t, s.URL(), WorkerOptions{AckWait: time.Second, Workers: 2, Done: func(Result) { recorded.Add(1) }})
	st, err := wait(t, c, job.ID)
	if err != nil || st.Solutions != queensCount[8] || st.Done != job.Pieces {
		t.Fatalf("%d solutions in %d pieces, %v; want %d in %d", st.Solutions, st.Done, err, queensCount[8], job.Pieces)
	}
	drained(t, c)
	b.stop() // its last Done calls may follow the total
	if n := recorded.Load(); n != int64(job.Pieces-1) {
		t.Errorf("worker b recorded %d pieces, want %d (all but the one a recorded)", n, job.Pieces-1)
	}
}

func mustParse(t testing.TB, data []byte) *exactcover.Problem {
	t.Helper()
	p, err := ParseProblem("knuth", data)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The coordinator stops waiting (killed) after the first result; another
// process finishes the job from the stored results.
func TestCoordinatorKilled(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	coord := connect(t, s.URL())
	job, err := coord.Submit(context.Background(), Spec{Data: queens(t, 10), Pieces: 30})
	if err != nil {
		t.Fatal(err)
	}
	startWorker(t, s.URL(), WorkerOptions{Workers: 2})
	ctx, cancel := context.WithCancel(context.Background())
	_, err = coord.Wait(ctx, job.ID, func(Status) { cancel() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("coordinator's wait: %v", err)
	}
	coord.Close()
	c := connect(t, s.URL())
	st, err := wait(t, c, job.ID)
	if err != nil || st.Solutions != queensCount[10] {
		t.Fatalf("%d solutions, %v; want %d", st.Solutions, err, queensCount[10])
	}
	// Waiting again on the finished job reads the same total.
	if st, err := wait(t, c, job.ID); err != nil || st.Solutions != queensCount[10] {
		t.Fatalf("again: %d solutions, %v", st.Solutions, err)
	}
}

// A coordinator killed before it queued every piece: Wait queues the rest.
func TestCoordinatorKilledWhileQueueing(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	coord := connect(t, s.URL())
	coord.stopPublishAt = 10 // dies after queueing 10 pieces
	job, err := coord.Submit(context.Background(), Spec{Data: queens(t, 9), Pieces: 30})
	if !errors.Is(err, errKilled) {
		t.Fatalf("submit: %v", err)
	}
	coord.Close()
	c := connect(t, s.URL())
	if n := queued(t, c); n != 10 {
		t.Fatalf("%d pieces queued, want 10", n)
	}
	old := resumeAfter
	resumeAfter = 0
	defer func() { resumeAfter = old }()
	startWorker(t, s.URL(), WorkerOptions{Workers: 2})
	st, err := wait(t, c, job.ID)
	if err != nil || st.Solutions != queensCount[9] || st.Done != job.Pieces || job.Pieces < 30 {
		t.Fatalf("%d solutions in %d pieces, %v; want %d in %d", st.Solutions, st.Done, err, queensCount[9], job.Pieces)
	}
}

// A piece that fails on every delivery: the job fails naming it, and the
// other pieces' results are kept.
func TestPieceFailsEveryTime(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	data := queens(t, 8)
	job, err := c.Submit(context.Background(), Spec{Data: data, Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	const bad = 7
	var tries atomic.Int64
	opt := WorkerOptions{AckWait: time.Second, MaxDeliver: 3, beforeCount: func(_ context.Context, m *pieceMsg, _ uint64) error {
		if m.Piece == bad {
			tries.Add(1)
			return errors.New("disk on fire")
		}
		return nil
	}}
	startWorker(t, s.URL(), opt)
	startWorker(t, s.URL(), opt)
	st, err := wait(t, c, job.ID)
	if !errors.Is(err, ErrJobFailed) || !strings.Contains(err.Error(), "piece 7 (disk on fire)") {
		t.Fatalf("err %v, want a failed job naming piece 7", err)
	}
	if n := tries.Load(); n != 3 {
		t.Errorf("piece %d tried %d times, want 3 (MaxDeliver)", bad, n)
	}
	// The others: every piece but the bad one, adding up to the total less
	// the bad piece's count.
	s7 := exactcover.NewSolver(mustParse(t, data))
	for _, o := range s7.Split(40)[bad-1] {
		if err := s7.Choose(o); err != nil {
			t.Fatal(err)
		}
	}
	n7, err := s7.Count(context.Background(), exactcover.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Done != job.Pieces-1 || st.Solutions != queensCount[8]-n7 || st.State != StateFailed {
		t.Errorf("%d pieces done with %d solutions, %s; want %d with %d, failed", st.Done, st.Solutions, st.State, job.Pieces-1, queensCount[8]-n7)
	}
	j, err := c.Job(context.Background(), job.ID)
	if err != nil || j.State != StateFailed || len(j.Failed) != 1 || j.Failed[0] != bad || !strings.Contains(j.Message, "piece 7") {
		t.Errorf("record %+v, %v", j, err)
	}
}

// A piece whose every delivery ends with its worker dead: the server's
// advisory (sent when a live worker asks for more) fails the job, naming
// the piece. Three workers, two deliveries: one worker lives.
func TestPieceKillsEveryWorker(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	const bad = 5
	for range 3 {
		wc := connect(t, s.URL())
		startWorkerOn(t, wc, WorkerOptions{AckWait: 500 * time.Millisecond, MaxDeliver: 2, beforeCount: func(ctx context.Context, m *pieceMsg, _ uint64) error {
			if m.Piece == bad {
				wc.Close() // dies with it
				<-ctx.Done()
				return ctx.Err()
			}
			return nil
		}})
	}
	st, err := wait(t, c, job.ID)
	if !errors.Is(err, ErrJobFailed) || !strings.Contains(err.Error(), "piece 5 (no result after 2 deliveries") {
		t.Fatalf("err %v, want a failed job naming piece 5", err)
	}
	if st.Done != job.Pieces-1 {
		t.Errorf("%d pieces done, want %d", st.Done, job.Pieces-1)
	}
}

// The server stops in the middle of a job and starts again on its store:
// nothing is lost, the workers and the waiting client carry on.
func TestServerRestart(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir, 0, "")
	port := s.Addr().(*net.TCPAddr).Port
	url := s.URL()
	c := connect(t, url)
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 10), Pieces: 60})
	if err != nil {
		t.Fatal(err)
	}
	var done atomic.Int64
	slow := func(ctx context.Context, _ *pieceMsg, _ uint64) error {
		select {
		case <-time.After(20 * time.Millisecond):
		case <-ctx.Done():
		}
		return nil
	}
	for range 2 {
		startWorker(t, url, WorkerOptions{AckWait: 2 * time.Second, beforeCount: slow, Done: func(Result) { done.Add(1) }})
	}
	result := make(chan error, 1)
	var st Status
	go func() {
		var err error
		st, err = wait(t, c, job.ID)
		result <- err
	}()
	for done.Load() < 10 {
		time.Sleep(10 * time.Millisecond)
	}
	s.Stop()
	time.Sleep(300 * time.Millisecond)
	s2 := startServer(t, dir, port, "")
	if s2.URL() != url {
		t.Fatalf("restarted on %s, not %s", s2.URL(), url)
	}
	if err := <-result; err != nil || st.Solutions != queensCount[10] || st.Done != job.Pieces {
		t.Fatalf("%d solutions in %d pieces, %v; want %d in %d", st.Solutions, st.Done, err, queensCount[10], job.Pieces)
	}
	if done.Load() < 10 {
		t.Error("no piece was counted before the restart")
	}
}

func TestCancel(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 9), Pieces: 20})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Cancel(context.Background(), job.ID); err != nil {
		t.Fatal(err)
	}
	if n := queued(t, c); n != 0 {
		t.Errorf("%d pieces left on the queue after cancel", n)
	}
	if _, err := wait(t, c, job.ID); !errors.Is(err, ErrCanceled) {
		t.Errorf("wait: %v, want ErrCanceled", err)
	}
	if _, err := wait(t, c, "nosuchjob"); !errors.Is(err, ErrNoJob) {
		t.Errorf("wait of an unknown job: %v, want ErrNoJob", err)
	}
	list, err := c.List(context.Background())
	if err != nil || len(list) != 1 || list[0].ID != job.ID || list[0].State != StateCanceled {
		t.Errorf("list %+v, %v", list, err)
	}
}

// A client or worker of another format version is refused.
func TestVersionMismatch(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	_, err := Connect(context.Background(), ConnOptions{URL: s.URL(), version: 2})
	if !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "version 1, this dlx speaks version 2") {
		t.Fatalf("client of version 2: %v", err)
	}
	// A piece of version 2 on the queue: a worker of version 1 leaves it
	// there and stops.
	if _, err := c.js.Publish(context.Background(), subjectPrefix+"j2", []byte(`{"v":2,"job":"j2","piece":1}`)); err != nil {
		t.Fatal(err)
	}
	w := startWorker(t, s.URL(), WorkerOptions{})
	select {
	case err := <-w.done:
		if !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), "version 2, this dlx speaks version 1") {
			t.Errorf("worker: %v, want ErrVersion", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("worker did not stop on a piece of version 2")
	}
	if n := queued(t, c); n != 1 {
		t.Errorf("%d messages queued, want the piece of version 2 kept", n)
	}
}

// Bad input: an unreachable server, a wrong token, a problem that does
// not parse or has multiplicities (nothing queued).
func TestBadInput(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "nats://" + l.Addr().String()
	l.Close()
	start := time.Now()
	_, err = Connect(context.Background(), ConnOptions{URL: dead, Timeout: time.Second})
	if !errors.Is(err, ErrConnect) || !errors.Is(err, nats.ErrNoServers) {
		t.Errorf("unreachable: %v", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("unreachable: took %v", d)
	}

	s := startServer(t, t.TempDir(), 0, "s3cret")
	_, err = Connect(context.Background(), ConnOptions{URL: s.URL(), Token: "wrong"})
	if !errors.Is(err, ErrConnect) || !strings.Contains(strings.ToLower(err.Error()), "authorization") {
		t.Errorf("wrong token: %v", err)
	}
	c, err := Connect(context.Background(), ConnOptions{URL: s.URL(), Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, tc := range []struct {
		data string
		want error
	}{
		{"a b\na c\nb x\n", exactcover.ErrUnknownItem},
		{"2:3|a b\na\nb\n", errors.ErrUnsupported},
	} {
		_, err := c.Submit(context.Background(), Spec{Data: []byte(tc.data)})
		if !errors.Is(err, tc.want) {
			t.Errorf("%q: %v, want %v", tc.data, err, tc.want)
		}
	}
	if n := queued(t, c); n != 0 {
		t.Errorf("%d pieces queued", n)
	}
	if list, err := c.List(context.Background()); err != nil || len(list) != 0 {
		t.Errorf("jobs %+v, %v; want none", list, err)
	}
}

func TestServeRefusesNonLoopback(t *testing.T) {
	_, err := Serve(ServerOptions{Listen: "0.0.0.0:0", StoreDir: t.TempDir()})
	if !errors.Is(err, ErrInsecure) {
		t.Errorf("0.0.0.0 without a token: %v", err)
	}
}

// A Wait started while the server is down (a restart, or a leader being
// elected after a server stopped) waits for it instead of failing on its
// first read of the job (issue 31, item 12): the server comes back after
// more than the client's request timeout.
func TestWaitStartsWhileServerDown(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out a request timeout: skipped with -short")
	}
	dir := t.TempDir()
	s := startServer(t, dir, 0, "")
	port := s.Addr().(*net.TCPAddr).Port
	url := s.URL()
	c, err := Connect(context.Background(), ConnOptions{URL: url, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 8})
	if err != nil {
		t.Fatal(err)
	}
	s.Stop()
	result := make(chan error, 1)
	var st Status
	go func() {
		var err error
		st, err = c.Wait(context.Background(), job.ID, nil)
		result <- err
	}()
	// Three request timeouts: the first read has failed by then.
	time.Sleep(3 * time.Second)
	select {
	case err := <-result:
		t.Fatalf("Wait returned while the server was down: %v", err)
	default:
	}
	s2 := startServer(t, dir, port, "")
	startWorker(t, s2.URL(), WorkerOptions{})
	select {
	case err := <-result:
		if err != nil || st.Solutions != queensCount[8] || st.Done != job.Pieces {
			t.Fatalf("%d solutions in %d pieces, %v; want %d in %d", st.Solutions, st.Done, err, queensCount[8], job.Pieces)
		}
	case <-time.After(time.Minute):
		t.Fatal("Wait did not end a minute after the server came back")
	}
}
