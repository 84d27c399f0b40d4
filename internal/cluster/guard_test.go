package cluster

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The loopback guard looks at every listener a configuration opens, and
// no_auth_user is no authentication (issue 31, item 8).
func TestServeGuardListeners(t *testing.T) {
	const (
		users = "authorization { users: [{user: a, password: b}] }\n"
		token = "authorization { token: t0k }\n"
		lo    = "listen: 127.0.0.1:-1\n"
		any   = "listen: 0.0.0.0:-1\n"
	)
	tests := []struct {
		name, conf, listen, token string
		want                      string // the listener named in the error; "" accepted
	}{
		{name: "client no auth", conf: any, want: "client (listen)"},
		{name: "client token", conf: any + token},
		{name: "client users", conf: any + users},
		{name: "client flag token", conf: any, token: "t"},
		{name: "client no_auth_user", conf: any + users + "no_auth_user: a\n", want: "no_auth_user"},
		{name: "client no_auth_user flag token", conf: any + users + "no_auth_user: a\n", token: "t", want: "no_auth_user"},
		{name: "client listen flag", conf: lo, listen: "0.0.0.0:0", want: "client (listen)"},
		{name: "websocket no auth", conf: lo + "websocket { listen: \"0.0.0.0:-1\", no_tls: true }\n", want: "websocket"},
		{name: "websocket loopback", conf: lo + "websocket { listen: \"127.0.0.1:-1\", no_tls: true }\n"},
		{name: "websocket server token", conf: lo + token + "websocket { listen: \"0.0.0.0:-1\", no_tls: true }\n"},
		{name: "websocket own token", conf: lo + "websocket { listen: \"0.0.0.0:-1\", no_tls: true, authorization { token: w } }\n"},
		{name: "websocket no_auth_user", conf: lo + users + "websocket { listen: \"0.0.0.0:-1\", no_tls: true, no_auth_user: a }\n", want: "websocket"},
		{name: "websocket server no_auth_user", conf: lo + users + "no_auth_user: a\nwebsocket { listen: \"0.0.0.0:-1\", no_tls: true }\n", want: "websocket"},
		{name: "mqtt no auth", conf: lo + "server_name: m\nmqtt { listen: \"0.0.0.0:-1\" }\n", want: "mqtt"},
		{name: "mqtt users", conf: lo + users + "server_name: m\nmqtt { listen: \"0.0.0.0:-1\" }\n"},
		{name: "leafnodes no auth", conf: lo + "leafnodes { listen: \"0.0.0.0:-1\" }\n", want: "leafnodes"},
		{name: "leafnodes port only", conf: lo + "leafnodes { port: -1 }\n", want: "leafnodes listener on 0.0.0.0"},
		{name: "leafnodes loopback", conf: lo + "leafnodes { listen: \"127.0.0.1:-1\" }\n"},
		{name: "leafnodes users", conf: lo + users + "leafnodes { listen: \"0.0.0.0:-1\" }\n"},
		{name: "leafnodes own auth", conf: lo + "leafnodes { listen: \"0.0.0.0:-1\", authorization { user: l, password: p } }\n"},
		{name: "leafnodes no_auth_user", conf: lo + users + "no_auth_user: a\nleafnodes { listen: \"0.0.0.0:-1\" }\n", want: "no_auth_user"},
		{name: "routes no auth", conf: lo + token + "cluster { name: c, listen: \"0.0.0.0:-1\" }\n", want: "cluster (routes)"},
		{name: "routes loopback", conf: lo + "cluster { name: c, listen: \"127.0.0.1:-1\" }\n"},
		{name: "routes auth", conf: lo + "cluster { name: c, listen: \"0.0.0.0:-1\", authorization { user: r, password: p } }\n"},
		{name: "gateway no auth", conf: lo + token + "server_name: g\ngateway { name: g, listen: \"0.0.0.0:-1\" }\n", want: "gateway"},
		{name: "monitoring any", conf: lo + token + "http: \"0.0.0.0:8222\"\n", want: "monitoring (http)"},
		{name: "monitoring follows listen", conf: any + token + "http_port: 8222\n", want: "monitoring (http) listener on 0.0.0.0:8222"},
		{name: "monitoring follows listen flag", conf: lo + "http_port: 8222\n", listen: "0.0.0.0:0", token: "t", want: "monitoring (http)"},
		{name: "monitoring loopback", conf: lo + "http_port: 8222\n"},
		{name: "monitoring https any", conf: lo + token + "https: \"0.0.0.0:8223\"\n", want: "monitoring (http)"},
		{name: "profiling", conf: any + token + "prof_port: 6060\n", want: "profiling"},
		{name: "port only", conf: "port: 4333\n", want: "client (listen) listener on 0.0.0.0:4333"},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conf := filepath.Join(dir, "c"+string(rune('a'+i))+".conf")
			if err := os.WriteFile(conf, []byte(tt.conf), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := serverOptions(ServerOptions{Config: conf, Listen: tt.listen, Token: tt.token})
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tt.want != "" && !errors.Is(err, ErrInsecure):
				t.Errorf("accepted (%v), want ErrInsecure naming %s", err, tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Errorf("error %q does not name %q", err, tt.want)
			}
		})
	}
}

// Serve itself refuses a websocket listener beyond loopback without
// authentication before it listens anywhere.
func TestServeRefusesWebsocket(t *testing.T) {
	conf := filepath.Join(t.TempDir(), "ws.conf")
	os.WriteFile(conf, []byte("listen: 127.0.0.1:-1\nwebsocket { listen: \"0.0.0.0:-1\", no_tls: true }\n"), 0o600)
	s, err := Serve(ServerOptions{Config: conf, StoreDir: t.TempDir()})
	if err == nil {
		s.Stop()
	}
	if !errors.Is(err, ErrInsecure) || !strings.Contains(err.Error(), "websocket") {
		t.Errorf("websocket on 0.0.0.0 without auth: %v", err)
	}
}
