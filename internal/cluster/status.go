package cluster

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// ErrReplicas: the stream or a bucket has another number of replicas than
// the client asked for (-replicas).
var ErrReplicas = errors.New("replicas mismatch")

// ErrOffline: the stream or a bucket has no leader: the servers that
// hold it are down, or are electing a leader.
var ErrOffline = errors.New("offline or without a leader")

// offlineError is the error of a store that did not answer.
func offlineError(what string, err error) error {
	return fmt.Errorf("%s: %w: the servers that hold it are down, or are electing a leader (dlx cluster status shows its replicas): %w", what, ErrOffline, err)
}

// ErrDenied: the server refused a request of the client's user
// (permissions).
var ErrDenied = errors.New("permission denied")

// storeStreams are the JetStream streams behind the queue and the buckets,
// by the name dlx gives them: what the replicas apply to.
var storeStreams = []struct{ what, stream string }{
	{"stream " + streamName, streamName},
	{"bucket " + metaBucket, "KV_" + metaBucket},
	{"bucket " + jobsBucket, "KV_" + jobsBucket},
	{"bucket " + resultsBucket, "KV_" + resultsBucket},
	{"object store " + problemStore, "OBJ_" + problemStore},
}

// StoreStatus is the state of one of the streams that hold the queue and
// the records.
type StoreStatus struct {
	What     string   `json:"what"`   // "stream DLX_PIECES", "bucket dlx_jobs", ...
	Stream   string   `json:"stream"` // the JetStream stream's name
	Replicas int      `json:"replicas"`
	Cluster  string   `json:"cluster,omitempty"` // the JetStream cluster's name; "" on one server
	Leader   string   `json:"leader,omitempty"`  // the server that leads it; "" when none does
	Peers    []string `json:"peers,omitempty"`   // the other replicas: "name" and "(offline)", "(behind N)"
	Msgs     uint64   `json:"messages"`
	Bytes    uint64   `json:"bytes"`
	// Err is why its state could not be read (no server holding it
	// answers).
	Err string `json:"error,omitempty"`
	err error
}

// QueueStatus is the state of the workers' consumer of the queue.
type QueueStatus struct {
	Leader      string `json:"leader,omitempty"`
	Waiting     int    `json:"waiting"`     // pieces not yet delivered
	Counting    int    `json:"counting"`    // delivered, not yet acknowledged
	Redelivered int    `json:"redelivered"` // delivered more than once, not yet acknowledged
	Pulls       int    `json:"pulls"`       // workers' fetches waiting for a piece
	Err         string `json:"error,omitempty"`
}

// JobHealth is the state of the pieces of a job: the queue's side
// (Queued) and the records' (Redelivered, Failed).
type JobHealth struct {
	Status
	Queued      uint64 `json:"queued"`      // messages of the job on the queue: waiting or being counted
	Redelivered int    `json:"redelivered"` // pieces counted on a second delivery or later
	FailedList  []int  `json:"failed_pieces,omitempty"`
}

// ClusterStatus is what "dlx cluster status" reports.
type ClusterStatus struct {
	Server  string        `json:"server"`  // the server this client is connected to
	Servers []string      `json:"servers"` // the client URLs of the cluster known to the client
	Stores  []StoreStatus `json:"stores"`
	Queue   QueueStatus   `json:"queue"`
	Jobs    []JobHealth   `json:"jobs"`
	// JobsErr is why the jobs could not be read (their bucket offline).
	JobsErr string `json:"jobs_error,omitempty"`
}

// storeStatus reads the state of the stream named name.
func (c *Client) storeStatus(ctx context.Context, what, name string) StoreStatus {
	st := StoreStatus{What: what, Stream: name}
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	s, err := c.js.Stream(tctx, name)
	if err != nil {
		st.err = err
		if transient(err) {
			st.err = offlineError(what, err)
		}
		st.Err = st.err.Error()
		return st
	}
	info := s.CachedInfo()
	st.Replicas = info.Config.Replicas
	st.Msgs, st.Bytes = info.State.Msgs, info.State.Bytes
	if ci := info.Cluster; ci != nil {
		st.Cluster, st.Leader = ci.Name, ci.Leader
		for _, p := range ci.Replicas {
			st.Peers = append(st.Peers, peerString(p))
		}
	}
	return st
}

// offline reports whether err is JetStream's answer for a stream or a
// consumer none of whose servers is up.
// transient reports whether err may pass by itself: a stream offline or
// without a leader (no server answered while one is elected), a request
// that timed out, or the connection away and reconnecting.
func transient(err error) bool {
	return offline(err) || errors.Is(err, ErrOffline) || errors.Is(err, nats.ErrNoResponders) ||
		errors.Is(err, nats.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, jetstream.ErrNoStreamResponse) || errors.Is(err, nats.ErrConnectionReconnecting)
}

func offline(err error) bool {
	var api *jetstream.APIError
	if errors.As(err, &api) {
		switch api.ErrorCode {
		case 10118, 10119: // stream offline, consumer offline
			return true
		}
	}
	return false
}

func peerString(p *jetstream.PeerInfo) string {
	switch {
	case p.Offline:
		return p.Name + " (offline)"
	case !p.Current && p.Active > 10*time.Second:
		return fmt.Sprintf("%s (not heard from for %v)", p.Name, p.Active.Round(time.Second))
	case !p.Current:
		return fmt.Sprintf("%s (behind %d)", p.Name, p.Lag)
	}
	return p.Name
}

// storeStatuses reads the state of every stream of storeStreams, at once
// (each may wait for the client's timeout when its servers are down).
func (c *Client) storeStatuses(ctx context.Context) []StoreStatus {
	sts := make([]StoreStatus, len(storeStreams))
	var wg sync.WaitGroup
	for i, s := range storeStreams {
		wg.Go(func() { sts[i] = c.storeStatus(ctx, s.what, s.stream) })
	}
	wg.Wait()
	return sts
}

// checkReplicas compares the replicas of the stream and the buckets with
// want (0: any) and warns through logf (when not nil) of copies kept on
// one server of a cluster, or of a replica offline.
func (c *Client) checkReplicas(ctx context.Context, want int, logf func(string, ...any)) error {
	var wrong []string
	for _, st := range c.storeStatuses(ctx) {
		if st.err != nil {
			return st.err
		}
		if want > 0 && st.Replicas != want {
			wrong = append(wrong, fmt.Sprintf("%s has %d", st.What, st.Replicas))
		}
		if logf == nil {
			continue
		}
		if st.Cluster != "" && st.Replicas == 1 && st.Stream == streamName {
			logf("warning: the queue and the records are kept on one server (%s) of cluster %s: if it stops, every job stops until it is back (dlx cluster replicas 3 keeps three copies)", st.Leader, st.Cluster)
		}
		for _, p := range st.Peers {
			if strings.HasSuffix(p, "(offline)") {
				logf("warning: %s: replica %s", st.What, p)
			}
		}
	}
	if len(wrong) > 0 {
		return fmt.Errorf("-replicas %d, but %s replicas (set by the first client; dlx cluster replicas %d changes them): %w",
			want, strings.Join(wrong, ", "), want, ErrReplicas)
	}
	return nil
}

// SetReplicas changes the number of replicas of the stream and the
// buckets to n (the servers copy them over as needed). It needs a
// JetStream cluster of at least n servers.
func (c *Client) SetReplicas(ctx context.Context, n int) error {
	if n < 1 {
		return fmt.Errorf("replicas %d: want at least 1", n)
	}
	for _, s := range storeStreams {
		tctx, cancel := c.ctx(ctx)
		st, err := c.js.Stream(tctx, s.stream)
		if err == nil {
			cfg := st.CachedInfo().Config
			if cfg.Replicas != n {
				cfg.Replicas = n
				_, err = c.js.UpdateStream(tctx, cfg)
			}
		}
		cancel()
		if err != nil {
			return fmt.Errorf("%s: setting %d replicas: %w", s.what, n, err)
		}
	}
	return nil
}

// ClusterStatus reports the servers, the replicas and leaders of the
// stream and the buckets, the workers' consumer, and the pieces of every
// running job (queued, redelivered, failed) and of the others that failed.
func (c *Client) ClusterStatus(ctx context.Context) (ClusterStatus, error) {
	cs := ClusterStatus{Server: c.nc.ConnectedServerName(), Servers: c.nc.Servers(), Stores: c.storeStatuses(ctx)}
	tctx, cancel := c.ctx(ctx)
	defer cancel()
	if ci, err := c.js.Consumer(tctx, streamName, consumerName); errors.Is(err, jetstream.ErrConsumerNotFound) {
		cs.Queue.Err = "no worker has connected yet"
	} else if err != nil {
		if offline(err) || errors.Is(err, context.DeadlineExceeded) {
			err = offlineError("the workers' consumer", err)
		}
		cs.Queue.Err = err.Error()
	} else {
		info := ci.CachedInfo()
		cs.Queue = QueueStatus{Waiting: int(info.NumPending), Counting: info.NumAckPending, Redelivered: info.NumRedelivered, Pulls: info.NumWaiting}
		if info.Cluster != nil {
			cs.Queue.Leader = info.Cluster.Leader
		}
	}
	var queued map[string]uint64
	if s, err := c.js.Stream(tctx, streamName); err == nil {
		if info, err := s.Info(tctx, jetstream.WithSubjectFilter(subjectPrefix+">")); err == nil {
			queued = info.State.Subjects
		}
	}
	list, err := c.List(ctx)
	if err != nil {
		cs.JobsErr = err.Error()
		return cs, nil
	}
	for _, st := range list {
		h := JobHealth{Status: st, Queued: queued[subjectPrefix+st.ID]}
		if st.State == StateRunning {
			results, err := c.Results(ctx, st.ID)
			if err != nil {
				cs.JobsErr = err.Error()
				return cs, nil
			}
			for i, r := range results {
				if r.Deliveries > 1 {
					h.Redelivered++
				}
				if r.Status == "error" {
					h.FailedList = append(h.FailedList, i)
				}
			}
			slices.Sort(h.FailedList)
		} else {
			// An ended job's totals are its record's.
			h.FailedList, h.Redelivered = st.Failed, st.Job.Redelivered
		}
		cs.Jobs = append(cs.Jobs, h)
	}
	return cs, nil
}

// watch checks the stream and the buckets every period until Close, and
// says through logf when some stop answering (no leader: their servers
// down, or the connection lost) and when they answer again, so that a job
// that stops for that reason does not stop silently.
func (c *Client) watch(every time.Duration, logf func(string, ...any)) {
	t := time.NewTicker(every)
	defer t.Stop()
	down := map[string]bool{}
	for {
		select {
		case <-c.closed:
			return
		case <-t.C:
		}
		sts := c.storeStatuses(context.Background())
		select {
		case <-c.closed:
			return
		default:
		}
		var gone, back []string
		why := ""
		for _, st := range sts {
			bad := st.err != nil || st.Leader == ""
			switch {
			case bad && !down[st.What]:
				gone = append(gone, st.What)
				if why == "" && st.err != nil && !errors.Is(st.err, ErrOffline) {
					why = ": " + st.Err
				}
			case !bad && down[st.What]:
				back = append(back, fmt.Sprintf("%s (leader %s)", st.What, st.Leader))
			}
			down[st.What] = bad
		}
		if len(gone) > 0 {
			logf("warning: %s: %v%s: their servers are down, or are electing a leader (dlx cluster status shows the replicas); the jobs wait until they are back",
				strings.Join(gone, ", "), ErrOffline, why)
		}
		if len(back) > 0 {
			logf("back: %s", strings.Join(back, ", "))
		}
	}
}
