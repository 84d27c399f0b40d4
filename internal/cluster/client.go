package cluster

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// DefaultURL is the server a client connects to when given no URL: the
// default of "dlx cluster serve".
const DefaultURL = "nats://127.0.0.1:4222"

// ConnOptions says how to reach the server.
type ConnOptions struct {
	URL   string // nats://host:port, several separated by commas; "" is DefaultURL
	Token string // the server's token (dlx cluster serve -token)
	Creds string // a NATS user credentials file (JWT and seed)
	NKey  string // a file holding an nkey seed (SU...), for a server with nkey users
	CA    string // a PEM file of the CA that signed the server's certificate
	// Cert and Key are PEM files of the client's certificate and key, for
	// a server that requires client certificates (mutual TLS).
	Cert, Key string
	Name      string // the connection's name, shown by the server's monitoring
	// Replicas is the number of copies of the stream and the buckets the
	// first client of a cluster creates (1 on one server, 3 on a
	// three-node cluster); 0 is 1. Given (not 0), it must match those that
	// exist: another number is an error wrapping ErrReplicas.
	Replicas int
	// Logf, when not nil, gets warnings (the queue kept on one server of
	// a cluster, a replica offline) and the connection's events
	// (disconnected, reconnected, asynchronous errors); else they are
	// dropped.
	Logf func(format string, a ...any)
	// Watch, when positive (and Logf not nil), checks the stream and the
	// buckets every Watch until Close, and warns through Logf when one
	// has no leader (its servers down: jobs stop) and when it is back.
	Watch time.Duration
	// Timeout bounds the connection and each request; 0 is 5 seconds.
	Timeout time.Duration
	// MaxBytes, when not 0, is the byte limit of the queue, of the results
	// and of the problems, each (set on the server; -1 removes it): a
	// job that would pass it is refused (ErrFull), and workers wait for
	// room to record their results.
	MaxBytes int64

	version int // the format version spoken; 0 is FormatVersion (tests change it)
}

// Client is a connection to the server, with the streams and buckets the
// jobs use (created by the first client).
type Client struct {
	nc        *nats.Conn
	js        jetstream.JetStream
	stream    jetstream.Stream
	jobs      jetstream.KeyValue
	results   jetstream.KeyValue
	problems  jetstream.ObjectStore
	timeout   time.Duration
	version   int
	denied    atomic.Value  // string: the server's last permissions violation
	closed    chan struct{} // closed by Close: stops watch
	closeOnce sync.Once

	stopPublishAt int // tests: stop queueing after this many pieces, as if killed

	mu          sync.Mutex
	reconnected []chan struct{} // see onReconnect
}

// Connect connects to the server, creates the streams and buckets when
// missing, and checks the format version: ErrConnect when the server
// cannot be reached or refuses the credentials, ErrVersion when its jobs
// are of another format version. A connection lost later is retried
// without end (a server restarting on its store).
func Connect(ctx context.Context, opt ConnOptions) (*Client, error) {
	url := opt.URL
	if url == "" {
		url = DefaultURL
	}
	c := &Client{timeout: opt.Timeout, version: opt.version, closed: make(chan struct{})}
	if c.timeout <= 0 {
		c.timeout = 5 * time.Second
	}
	if c.version == 0 {
		c.version = FormatVersion
	}
	nopts := []nats.Option{
		nats.Name(opt.Name),
		nats.Timeout(c.timeout),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond),
		nats.ReconnectBufSize(8 << 20),
		// The server's asynchronous errors: a permissions violation is
		// kept for the error of the request it fails (which only times
		// out); the others go to Logf, not to nats.go's own output.
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
			if errors.Is(err, nats.ErrPermissionViolation) {
				c.denied.Store(err.Error())
			}
			if opt.Logf != nil {
				opt.Logf("warning: %v", err)
			}
		}),
	}
	nopts = append(nopts, c.connEvents(opt.Logf)...)
	if opt.Token != "" {
		nopts = append(nopts, nats.Token(opt.Token))
	}
	if opt.Creds != "" {
		nopts = append(nopts, nats.UserCredentials(opt.Creds))
	}
	if opt.NKey != "" {
		o, err := nats.NkeyOptionFromSeed(opt.NKey)
		if err != nil {
			return nil, fmt.Errorf("%w: nkey seed %s: %w", ErrConnect, opt.NKey, err)
		}
		nopts = append(nopts, o)
	}
	if opt.CA != "" {
		nopts = append(nopts, nats.RootCAs(opt.CA))
	}
	if opt.Cert != "" || opt.Key != "" {
		if opt.Cert == "" || opt.Key == "" {
			return nil, fmt.Errorf("%w: a client certificate needs both -tls-cert and -tls-key", ErrConnect)
		}
		nopts = append(nopts, nats.ClientCert(opt.Cert, opt.Key))
	}
	nc, err := nats.Connect(url, nopts...)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrConnect, url, err)
	}
	c.nc = nc
	// A stream or bucket without a leader (its servers down, or electing
	// one after a server stopped: some seconds) is asked again twice.
	for attempt := 1; ; attempt++ {
		err = c.setup(ctx, max(opt.Replicas, 1))
		if err == nil {
			err = c.checkReplicas(ctx, opt.Replicas, opt.Logf)
		}
		if err == nil {
			err = c.setMaxBytes(ctx, opt.MaxBytes)
		}
		if err == nil {
			if opt.Watch > 0 && opt.Logf != nil {
				go c.watch(opt.Watch, opt.Logf)
			}
			return c, nil
		}
		if attempt == 3 || !errors.Is(err, ErrOffline) || ctx.Err() != nil {
			nc.Close()
			return nil, err
		}
		if opt.Logf != nil {
			opt.Logf("warning: %v; asking again", err)
		}
	}
}

// Close closes the connection.
func (c *Client) Close() {
	c.closeOnce.Do(func() { close(c.closed) })
	c.nc.Close()
}

// ctx returns a context bounded by the client's timeout.
func (c *Client) ctx(parent context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(parent, c.timeout)
}

// setup creates or opens the streams and buckets and checks the version.
func (c *Client) setup(parent context.Context, replicas int) error {
	ctx, cancel := c.ctx(parent)
	defer cancel()
	js, err := jetstream.New(c.nc, jetstream.WithDefaultTimeout(c.timeout))
	if err != nil {
		return err
	}
	c.js = js
	wrap := func(what string, err error) error {
		if errors.Is(err, jetstream.ErrJetStreamNotEnabled) || errors.Is(err, nats.ErrNoResponders) {
			return fmt.Errorf("%s: the server has no JetStream (start it with dlx cluster serve, or nats-server -js): %w", what, err)
		}
		if d, _ := c.denied.Load().(string); d != "" && errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("%s: the server refused a request: %s (a user with restricted permissions cannot create the stream and buckets: connect once as a user who can, see docs/cluster.md): %w", what, d, ErrDenied)
		}
		if offline(err) || errors.Is(err, context.DeadlineExceeded) {
			return offlineError(what, err)
		}
		return fmt.Errorf("%s: %w", what, err)
	}
	meta, err := openKV(ctx, js, jetstream.KeyValueConfig{Bucket: metaBucket, Storage: jetstream.FileStorage, Replicas: replicas})
	if err != nil {
		return wrap("bucket "+metaBucket, err)
	}
	if err := c.checkVersion(ctx, meta); err != nil {
		return err
	}
	if c.stream, err = openStream(ctx, js, jetstream.StreamConfig{
		Name:       streamName,
		Subjects:   []string{subjectPrefix + ">"},
		Retention:  jetstream.WorkQueuePolicy,
		Storage:    jetstream.FileStorage,
		Replicas:   replicas,
		Duplicates: 2 * time.Minute,
	}); err != nil {
		return wrap("stream "+streamName, err)
	}
	if c.jobs, err = openKV(ctx, js, jetstream.KeyValueConfig{Bucket: jobsBucket, Storage: jetstream.FileStorage, Replicas: replicas}); err != nil {
		return wrap("bucket "+jobsBucket, err)
	}
	if c.results, err = openKV(ctx, js, jetstream.KeyValueConfig{Bucket: resultsBucket, Storage: jetstream.FileStorage, Replicas: replicas}); err != nil {
		return wrap("bucket "+resultsBucket, err)
	}
	c.problems, err = js.ObjectStore(ctx, problemStore)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		c.problems, err = js.CreateObjectStore(ctx, jetstream.ObjectStoreConfig{Bucket: problemStore, Storage: jetstream.FileStorage, Replicas: replicas})
		if errors.Is(err, jetstream.ErrBucketExists) || errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			c.problems, err = js.ObjectStore(ctx, problemStore)
		}
	}
	if err != nil {
		return wrap("object store "+problemStore, err)
	}
	return nil
}

// checkVersion stores the client's format version in dlx_meta when it is
// the first client, else checks it against the one stored.
func (c *Client) checkVersion(ctx context.Context, meta jetstream.KeyValue) error {
	want := strconv.Itoa(c.version)
	_, err := meta.Create(ctx, formatKey, []byte(want))
	if err == nil {
		return nil
	}
	if !errors.Is(err, jetstream.ErrKeyExists) {
		return fmt.Errorf("bucket %s: %w", metaBucket, err)
	}
	e, err := meta.Get(ctx, formatKey)
	if err != nil {
		return fmt.Errorf("bucket %s: %w", metaBucket, err)
	}
	v, err := strconv.Atoi(string(e.Value()))
	if err != nil {
		return fmt.Errorf("the server's format version %q is not a number: %w", e.Value(), ErrVersion)
	}
	if v != c.version {
		return versionError("the server's job queue", v, c.version)
	}
	return nil
}

// openKV opens the bucket, creating it when missing.
func openKV(ctx context.Context, js jetstream.JetStream, cfg jetstream.KeyValueConfig) (jetstream.KeyValue, error) {
	kv, err := js.KeyValue(ctx, cfg.Bucket)
	if errors.Is(err, jetstream.ErrBucketNotFound) {
		kv, err = js.CreateKeyValue(ctx, cfg)
		if errors.Is(err, jetstream.ErrBucketExists) || errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			kv, err = js.KeyValue(ctx, cfg.Bucket)
		}
	}
	return kv, err
}

// openStream opens the stream, creating it when missing.
func openStream(ctx context.Context, js jetstream.JetStream, cfg jetstream.StreamConfig) (jetstream.Stream, error) {
	s, err := js.Stream(ctx, cfg.Name)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		s, err = js.CreateStream(ctx, cfg)
		if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			s, err = js.Stream(ctx, cfg.Name)
		}
	}
	return s, err
}
