package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// freePorts returns n ports free on 127.0.0.1 a moment ago.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// jsCluster is a JetStream cluster of embedded servers on 127.0.0.1.
type jsCluster struct {
	servers []*Server
	names   []string
	url     string // every server's client URL, separated by commas
}

// startCluster starts n servers named n1... routed to each other, stopped
// at the end of the test, and waits until JetStream has a meta leader.
func startCluster(t *testing.T, n int) *jsCluster {
	t.Helper()
	dir := t.TempDir()
	routes := freePorts(t, n)
	var urls []string
	for _, p := range routes {
		urls = append(urls, "nats-route://127.0.0.1:"+strconv.Itoa(p))
	}
	jc := &jsCluster{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	errs := make([]error, n)
	jc.servers = make([]*Server, n)
	for i := range n {
		name := fmt.Sprintf("n%d", i+1)
		jc.names = append(jc.names, name)
		conf := filepath.Join(dir, name+".conf")
		text := fmt.Sprintf("server_name: %s\nlisten: 127.0.0.1:-1\njetstream { store_dir: %q }\ncluster { name: dlx, listen: 127.0.0.1:%d, routes: [%s] }\n",
			name, filepath.Join(dir, name), routes[i], strings.Join(urls, ", "))
		if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		// Each server waits for the others (JetStream needs a quorum).
		wg.Go(func() {
			s, err := Serve(ServerOptions{Config: conf})
			mu.Lock()
			jc.servers[i], errs[i] = s, err
			mu.Unlock()
		})
	}
	wg.Wait()
	for i, s := range jc.servers {
		if errs[i] != nil {
			t.Fatalf("%s: %v", jc.names[i], errs[i])
		}
		t.Cleanup(s.Stop)
	}
	var cu []string
	for _, s := range jc.servers {
		cu = append(cu, s.URL())
	}
	jc.url = strings.Join(cu, ",")
	deadline := time.Now().Add(30 * time.Second)
	for {
		ok := true
		for _, s := range jc.servers {
			if !s.JetStreamIsCurrent() {
				ok = false
			}
		}
		leader := false
		for _, s := range jc.servers {
			leader = leader || s.JetStreamIsLeader()
		}
		if ok && leader {
			return jc
		}
		if time.Now().After(deadline) {
			t.Fatal("the JetStream cluster has no meta leader after 30s")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// server returns the server named name.
func (jc *jsCluster) server(name string) *Server {
	for i, n := range jc.names {
		if n == name {
			return jc.servers[i]
		}
	}
	return nil
}

// connectCluster connects to jc with the given replicas, retrying while
// the cluster settles.
func connectCluster(t *testing.T, jc *jsCluster, replicas int, logf func(string, ...any)) *Client {
	t.Helper()
	var err error
	for range 20 {
		var c *Client
		c, err = Connect(context.Background(), ConnOptions{URL: jc.url, Replicas: replicas, Logf: logf})
		if err == nil {
			t.Cleanup(c.Close)
			return c
		}
		if errors.Is(err, ErrReplicas) {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatal(err)
	return nil
}

// -replicas must match the replicas of what exists: a client asking for
// another number is refused, one asking for none accepts them (issue 31,
// item 12).
func TestReplicasMismatch(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c, err := Connect(context.Background(), ConnOptions{URL: s.URL(), Replicas: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_, err = Connect(context.Background(), ConnOptions{URL: s.URL(), Replicas: 3})
	if !errors.Is(err, ErrReplicas) || !strings.Contains(err.Error(), "stream DLX_PIECES has 1") {
		t.Errorf("replicas 3 on a store of 1: %v", err)
	}
	c2, err := Connect(context.Background(), ConnOptions{URL: s.URL()})
	if err != nil {
		t.Fatalf("replicas not given: %v", err)
	}
	c2.Close()
	cs, err := c.ClusterStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(cs.Stores) != 5 {
		t.Fatalf("stores %+v", cs.Stores)
	}
	for _, st := range cs.Stores {
		if st.Replicas != 1 || st.Err != "" {
			t.Errorf("%s: %d replicas, %q", st.What, st.Replicas, st.Err)
		}
	}
}

// Three servers at R3: the stream's leader is stopped in the middle of a
// job; the job ends with the exact count, and the status names a new
// leader (issue 31, item 12).
func TestReplicasLeaderKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("three servers: -short skips")
	}
	jc := startCluster(t, 3)
	c := connectCluster(t, jc, 3, nil)
	// A piece takes a while, so that the job is under way when the
	// leader stops.
	slow := func(ctx context.Context, m *pieceMsg, _ uint64) error {
		select {
		case <-time.After(20 * time.Millisecond):
		case <-ctx.Done():
		}
		return nil
	}
	for range 2 {
		wc := connectCluster(t, jc, 0, nil)
		startWorkerOn(t, wc, WorkerOptions{Workers: 2, AckWait: 2 * time.Second, beforeCount: slow})
	}
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 10), Pieces: 300})
	if err != nil {
		t.Fatal(err)
	}
	// The coordinator waits, as dlx count does, while the leader stops.
	type waitResult struct {
		st  Status
		err error
	}
	waited := make(chan waitResult, 1)
	go func() {
		st, err := wait(t, c, job.ID)
		waited <- waitResult{st, err}
	}()
	cs, err := c.ClusterStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	leader := cs.Stores[0].Leader
	if cs.Stores[0].Replicas != 3 || leader == "" || len(cs.Stores[0].Peers) != 2 {
		t.Fatalf("stream %+v", cs.Stores[0])
	}
	// Wait until some pieces are in, then stop the leader.
	for deadline := time.Now().Add(30 * time.Second); ; {
		res, err := c.Results(context.Background(), job.ID)
		if err == nil && len(res) >= 20 {
			if len(res) >= job.Pieces {
				t.Fatalf("the job ended before the leader was stopped (%d pieces)", len(res))
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no pieces counted in 30s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	jc.server(leader).Stop()
	// A client connecting while the leaders are elected again.
	c2, err := Connect(context.Background(), ConnOptions{URL: jc.url, Replicas: 3})
	if err != nil {
		t.Errorf("connecting after %s stopped: %v", leader, err)
	} else {
		c2.Close()
	}
	r := <-waited
	if r.err != nil || r.st.Solutions != queensCount[10] || r.st.Done != job.Pieces {
		t.Errorf("%d solutions in %d pieces, %v; want %d in %d", r.st.Solutions, r.st.Done, r.err, queensCount[10], job.Pieces)
	}
	cs, err = c.ClusterStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s := cs.Stores[0]; s.Leader == "" || s.Leader == leader || !strings.Contains(strings.Join(s.Peers, " "), leader+" (offline)") {
		t.Errorf("after stopping %s: stream %+v", leader, s)
	}
}

// Three servers at R1: a client is warned that the queue is on one
// server; when that server stops, a client says which stream has no
// server instead of hanging (issue 31, item 12).
func TestReplicasOneNodeDown(t *testing.T) {
	if testing.Short() {
		t.Skip("three servers: -short skips")
	}
	jc := startCluster(t, 3)
	var mu sync.Mutex
	var warnings []string
	logf := func(format string, a ...any) {
		mu.Lock()
		warnings = append(warnings, fmt.Sprintf(format, a...))
		mu.Unlock()
	}
	c := connectCluster(t, jc, 1, logf)
	mu.Lock()
	w := strings.Join(warnings, "\n")
	mu.Unlock()
	if !strings.Contains(w, "kept on one server") {
		t.Errorf("warnings %q; want one of the queue on one server", w)
	}
	cs, err := c.ClusterStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	holder := cs.Stores[0].Leader
	// A client watching (as dlx count and dlx worker do) on a server
	// that stays up.
	var stay string
	for _, n := range jc.names {
		if n != holder {
			stay = jc.server(n).URL()
			break
		}
	}
	warned := make(chan string, 100)
	wc, err := Connect(context.Background(), ConnOptions{URL: stay, Watch: 100 * time.Millisecond, Logf: func(format string, a ...any) {
		select {
		case warned <- fmt.Sprintf(format, a...):
		default:
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	jc.server(holder).Stop()
	for deadline := time.After(20 * time.Second); ; {
		var w string
		select {
		case w = <-warned:
		case <-deadline:
			t.Fatalf("no warning 20s after %s stopped", holder)
		}
		if strings.Contains(w, "stream DLX_PIECES") && strings.Contains(w, "offline or without a leader") && strings.Contains(w, "the jobs wait until they are back") {
			break
		}
	}
	_, err = Connect(context.Background(), ConnOptions{URL: jc.url, Timeout: 3 * time.Second})
	if !errors.Is(err, ErrOffline) || !strings.Contains(err.Error(), "the servers that hold it are down") {
		t.Errorf("a client with %s down: %v; want an error saying the store is offline", holder, err)
	}
	cs, err = c.ClusterStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s := cs.Stores[0]; !strings.Contains(s.Err, "offline or without a leader") {
		t.Errorf("status with %s down: stream %+v; want it offline", holder, s)
	}
}

// The status of a job's pieces: queued while no worker runs; then a piece
// that fails every delivery and one counted on its second delivery
// (issue 31, item 12).
func TestClusterStatusPieces(t *testing.T) {
	s := startServer(t, t.TempDir(), 0, "")
	c := connect(t, s.URL())
	job, err := c.Submit(context.Background(), Spec{Data: queens(t, 8), Pieces: 40})
	if err != nil {
		t.Fatal(err)
	}
	cs, err := c.ClusterStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(cs.Jobs) != 1 || cs.Jobs[0].Queued != uint64(job.Pieces) || cs.Jobs[0].State != StateRunning {
		t.Fatalf("jobs %+v; want one running with %d pieces queued", cs.Jobs, job.Pieces)
	}
	if cs.Queue.Err != "no worker has connected yet" {
		t.Errorf("queue %+v", cs.Queue)
	}
	const bad, flaky = 7, 9
	opt := WorkerOptions{AckWait: time.Second, MaxDeliver: 2, beforeCount: func(_ context.Context, m *pieceMsg, delivery uint64) error {
		if m.Piece == bad || m.Piece == flaky && delivery == 1 {
			return errors.New("disk on fire")
		}
		return nil
	}}
	startWorker(t, s.URL(), opt)
	for deadline := time.Now().Add(30 * time.Second); ; {
		res, err := c.Results(context.Background(), job.ID)
		if err == nil && len(res) == job.Pieces {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d pieces recorded after 30s, %v", len(res), job.Pieces, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	cs, err = c.ClusterStatus(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	j := cs.Jobs[0]
	// Redelivered: the flaky piece and the bad one's last delivery.
	if j.Queued != 0 || j.Done != job.Pieces-1 || j.FailedN != 1 || len(j.FailedList) != 1 || j.FailedList[0] != bad || j.Redelivered != 2 {
		t.Errorf("job %+v; want %d done, piece %d failed, 2 redelivered, none queued", j, job.Pieces-1, bad)
	}
}
