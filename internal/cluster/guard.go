package cluster

import (
	"crypto/tls"
	"fmt"
	"net"
	"strconv"

	"github.com/nats-io/nats-server/v2/server"
)

// The loopback guard of Serve: every address the server listens on
// beyond the loopback interface must authenticate whoever connects there.
// A nats-server configuration may open, besides the clients' port,
// websocket, MQTT, leafnode, route (cluster) and gateway ports, each with
// its own rules, and monitoring and profiling ports, which have none.

// listener is one address the server listens on and whether those who
// connect there must authenticate.
type listener struct {
	name string // as the configuration file calls it
	host string // "" is every interface
	port int
	auth bool
	// why says, when !auth, what lets anyone in or what would not.
	why string
}

// checkListeners returns an error wrapping ErrInsecure naming the first
// listener beyond loopback that authenticates nobody.
func checkListeners(o *server.Options) error {
	for _, l := range listeners(o) {
		if l.auth || isLoopback(l.host) {
			continue
		}
		host := l.host
		if host == "" {
			host = server.DEFAULT_HOST
		}
		addr := net.JoinHostPort(host, strconv.Itoa(max(l.port, 0)))
		return fmt.Errorf("the %s listener on %s is beyond loopback and %s: %w", l.name, addr, l.why, ErrInsecure)
	}
	return nil
}

// listeners returns the listeners the options open, the clients' first.
func listeners(o *server.Options) []listener {
	creds, why := credentials(o)
	client := listener{name: "client (listen)", host: o.Host, port: o.Port, auth: creds || ((o.TLSVerify || verifies(o.TLSConfig)) && !o.AllowNonTLS), why: why}
	if client.why == "" {
		client.why = "its clients need no credentials (give -token, -tls-ca, or a -config with users, nkeys, accounts or an operator)"
	}
	ls := []listener{client}
	if o.HTTPPort != 0 || o.HTTPSPort != 0 {
		host := o.HTTPHost
		if host == "" {
			host = o.Host // nats-server's default
		}
		port := o.HTTPPort
		if port == 0 {
			port = o.HTTPSPort
		}
		ls = append(ls, listener{name: "monitoring (http)", host: host, port: port,
			why: "monitoring has no authentication (give it a loopback address, http: 127.0.0.1:8222, and reach it from this machine or through a proxy)"})
	}
	if o.ProfPort != 0 {
		ls = append(ls, listener{name: "profiling (prof_port)", host: o.Host, port: o.ProfPort,
			why: "profiling has no authentication (drop prof_port or listen on a loopback address)"})
	}
	if ws := &o.Websocket; ws.Port != 0 {
		l := listener{name: "websocket", host: ws.Host, port: ws.Port}
		l.auth, l.why = overridden(ws.Username, ws.Token, ws.NoAuthUser, o)
		if !ws.NoTLS && verifies(ws.TLSConfig) {
			l.auth = true
		}
		ls = append(ls, l)
	}
	if mq := &o.MQTT; mq.Port != 0 {
		l := listener{name: "mqtt", host: mq.Host, port: mq.Port}
		l.auth, l.why = overridden(mq.Username, mq.Token, mq.NoAuthUser, o)
		if verifies(mq.TLSConfig) {
			l.auth = true
		}
		ls = append(ls, l)
	}
	if ln := &o.LeafNode; ln.Port != 0 {
		l := listener{name: "leafnodes", host: ln.Host, port: ln.Port, auth: creds, why: why}
		if ln.Username != "" || ln.Nkey != "" || len(ln.Users) > 0 || verifies(ln.TLSConfig) {
			l.auth = true
		}
		if l.why == "" {
			l.why = "leafnodes connect without credentials (give leafnodes an authorization block or tls with verify: true, or the server users)"
		}
		ls = append(ls, l)
	}
	if cl := &o.Cluster; cl.Port != 0 {
		ls = append(ls, listener{name: "cluster (routes)", host: cl.Host, port: cl.Port,
			auth: cl.Username != "" || verifies(cl.TLSConfig) || o.CustomRouterAuthentication != nil,
			why:  "routes connect without credentials (give cluster an authorization block with user and password, or tls with verify: true)"})
	}
	if gw := &o.Gateway; gw.Port != 0 {
		ls = append(ls, listener{name: "gateway", host: gw.Host, port: gw.Port,
			auth: gw.Username != "" || verifies(gw.TLSConfig),
			why:  "gateways connect without credentials (give gateway an authorization block with user and password, or tls with verify: true)"})
	}
	return ls
}

// credentials reports whether a client without a certificate must give
// credentials to the server; when not, why says what lets it in ("" when
// nothing is configured at all).
func credentials(o *server.Options) (ok bool, why string) {
	switch {
	case o.NoAuthUser != "":
		return false, fmt.Sprintf("no_auth_user (%q) lets clients in without credentials", o.NoAuthUser)
	case o.DefaultSentinel != "":
		return false, "default_sentinel lets clients in without credentials"
	}
	ok = o.Authorization != "" || o.Username != "" || len(o.Users) > 0 || len(o.Nkeys) > 0 ||
		len(o.TrustedOperators) > 0 || len(o.TrustedKeys) > 0 || o.AuthCallout != nil ||
		o.CustomClientAuthentication != nil
	return ok, ""
}

// overridden is the authentication of a websocket or MQTT listener: its
// own user, token or no_auth_user replace the server's.
func overridden(user, token, noAuthUser string, o *server.Options) (bool, string) {
	switch {
	case noAuthUser != "":
		return false, fmt.Sprintf("its no_auth_user (%q) lets clients in without credentials", noAuthUser)
	case user != "" || token != "":
		return true, ""
	}
	ok, why := credentials(o)
	if why == "" {
		why = "its clients need no credentials (give it a user or token, or tls with verify: true, or the server users)"
	}
	return ok, why
}

// verifies reports whether a TLS configuration requires certificates
// signed by its CA of whoever connects.
func verifies(c *tls.Config) bool {
	return c != nil && c.ClientAuth == tls.RequireAndVerifyClientCert
}
