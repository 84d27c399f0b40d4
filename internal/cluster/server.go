package cluster

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// ErrInsecure: a server listening beyond the loopback interface without
// authentication.
var ErrInsecure = errors.New("refusing to serve beyond loopback without authentication")

// DefaultListen is the address "dlx cluster serve" listens on.
const DefaultListen = "127.0.0.1:4222"

// ServerOptions configures an embedded server.
type ServerOptions struct {
	// Listen is host:port; "" is DefaultListen, port 0 a free port. A
	// host other than a loopback address needs Token or a Config that sets
	// up authentication.
	Listen string
	// StoreDir is the directory of JetStream's file store (made if
	// missing); "" is a directory under the system's temporary directory.
	StoreDir string
	// Token is the token a client must present.
	Token string
	// Config is a nats-server configuration file (users, nkeys, accounts
	// and operator JWTs, cluster routes, limits); Listen, StoreDir, Token
	// and the TLS files given here override what it says.
	Config string
	// TLSCert and TLSKey are PEM files of the server's certificate and
	// key; TLSCA, when given, is the CA whose client certificates are
	// required.
	TLSCert, TLSKey, TLSCA string
	// Logf, when not nil, gets the server's notices, warnings and errors.
	Logf func(format string, a ...any)
}

// Server is a running embedded server.
type Server struct {
	*server.Server
	log *logger
}

// Serve starts an embedded NATS server with JetStream on file storage and
// waits until it accepts connections.
func Serve(opt ServerOptions) (*Server, error) {
	opts := &server.Options{}
	if opt.Config != "" {
		var err error
		if opts, err = server.ProcessConfigFile(opt.Config); err != nil {
			return nil, fmt.Errorf("config %s: %w", opt.Config, err)
		}
	}
	listen := opt.Listen
	if listen == "" {
		if opt.Config != "" && (opts.Host != "" || opts.Port != 0) {
			// The file's listen, or its port alone (on loopback).
			host := opts.Host
			if host == "" {
				host, _, _ = net.SplitHostPort(DefaultListen)
			}
			listen = net.JoinHostPort(host, strconv.Itoa(opts.Port))
		} else {
			listen = DefaultListen
		}
	}
	host, port, err := net.SplitHostPort(listen)
	if err != nil {
		return nil, fmt.Errorf("-listen %q: want HOST:PORT: %w", listen, err)
	}
	p, err := strconv.Atoi(port)
	if err != nil || p < -1 || p > 65535 {
		return nil, fmt.Errorf("-listen %q: bad port %q", listen, port)
	}
	if p <= 0 { // 0 as Go's net.Listen takes it, -1 as nats-server does: a free port
		p = server.RANDOM_PORT
	}
	opts.Host, opts.Port = host, p
	opts.JetStream = true
	if opt.StoreDir != "" {
		opts.StoreDir = opt.StoreDir
	}
	opts.NoSigs = true
	if opt.Token != "" {
		opts.Authorization = opt.Token
	}
	if opt.TLSCert != "" || opt.TLSKey != "" {
		if opt.TLSCert == "" || opt.TLSKey == "" {
			return nil, errors.New("TLS needs both -tls-cert and -tls-key")
		}
		tc := &server.TLSConfigOpts{CertFile: opt.TLSCert, KeyFile: opt.TLSKey, CaFile: opt.TLSCA, Verify: opt.TLSCA != ""}
		if opts.TLSConfig, err = server.GenTLSConfig(tc); err != nil {
			return nil, fmt.Errorf("TLS: %w", err)
		}
		opts.TLS, opts.TLSVerify = true, tc.Verify
		opts.TLSTimeout = 2
	}
	if !isLoopback(host) && !hasAuth(opts) {
		return nil, fmt.Errorf("%s is not a loopback address: give -token or a -config with users: %w", host, ErrInsecure)
	}
	s, err := server.NewServer(opts)
	if err != nil {
		return nil, err
	}
	l := &logger{logf: opt.Logf}
	s.SetLoggerV2(l, false, false, false)
	s.Start()
	if !s.ReadyForConnections(15 * time.Second) {
		s.Shutdown()
		if msg := l.lastError(); msg != "" {
			return nil, fmt.Errorf("the server did not start: %s", msg)
		}
		return nil, fmt.Errorf("the server did not start on %s", listen)
	}
	if !s.JetStreamEnabled() {
		s.Shutdown()
		return nil, fmt.Errorf("JetStream did not start: %s", l.lastError())
	}
	return &Server{Server: s, log: l}, nil
}

// URL is the address clients connect to.
func (s *Server) URL() string { return s.ClientURL() }

// Stop shuts the server down and waits until it is down.
func (s *Server) Stop() {
	s.Shutdown()
	s.WaitForShutdown()
}

// isLoopback reports whether host names only the loopback interface.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// hasAuth reports whether the server asks its clients for credentials.
func hasAuth(o *server.Options) bool {
	return o.Authorization != "" || o.Username != "" || len(o.Users) > 0 || len(o.Nkeys) > 0 ||
		len(o.TrustedOperators) > 0 || len(o.TrustedKeys) > 0 || o.AuthCallout != nil || (o.TLSVerify && o.TLSMap)
}

// logger passes the server's messages on and keeps the last error.
type logger struct {
	logf func(format string, a ...any)
	mu   sync.Mutex
	last string
}

func (l *logger) out(level, format string, a ...any) {
	if l.logf != nil {
		l.logf(level+format, a...)
	}
}

func (l *logger) keep(format string, a ...any) {
	l.mu.Lock()
	l.last = fmt.Sprintf(format, a...)
	l.mu.Unlock()
}

func (l *logger) lastError() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last
}

func (l *logger) Noticef(format string, a ...any) { l.out("", format, a...) }
func (l *logger) Warnf(format string, a ...any)   { l.out("warning: ", format, a...) }
func (l *logger) Fatalf(format string, a ...any) {
	l.keep(format, a...)
	l.out("fatal: ", format, a...)
}
func (l *logger) Errorf(format string, a ...any) {
	l.keep(format, a...)
	l.out("error: ", format, a...)
}
func (l *logger) Debugf(string, ...any) {}
func (l *logger) Tracef(string, ...any) {}
