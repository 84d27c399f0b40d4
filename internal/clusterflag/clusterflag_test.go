package clusterflag

import (
	"bytes"
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cli"
	"github.com/dlxkit/dlx/internal/testkit/zerotest"
)

func newEnv() (*cli.Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, LookupEnv: func(string) (string, bool) { return "", false }}, &out, &errb
}

func newFlagSet() (*cli.FlagSet, *bytes.Buffer, *bytes.Buffer) {
	e, out, errb := newEnv()
	return cli.NewFlagSet(e, "test", "[flags]", "A test."), out, errb
}

// The flags fill the Conn.
func TestAdd(t *testing.T) {
	fs, _, _ := newFlagSet()
	var c Conn
	c.Add(fs, DefaultURL, "the `URL`")
	if _, code, ok := fs.Parse([]string{"-cluster", "nats://h:1", "-token", "t", "-creds", "c", "-tls-ca", "a", "-tls-cert", "ce", "-tls-key", "k", "-nkey", "n", "-replicas", "3", "-max-bytes", "99"}); !ok {
		t.Fatalf("parse: exit %d", code)
	}
	want := Conn{URL: "nats://h:1", Token: "t", Creds: "c", CA: "a", Cert: "ce", Key: "k", NKey: "n", Replicas: 3, MaxBytes: 99}
	c.Logf = nil
	if fmt.Sprint(c) != fmt.Sprint(want) {
		t.Errorf("%+v, want %+v", c, want)
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	slices.Sort(names)
	if cf := slices.Sorted(slices.Values(ConnFlags)); !slices.Equal(names, cf) {
		t.Errorf("Add adds %v; ConnFlags says %v", names, cf)
	}
}

// Given hands over the flags given, with their values, in the order of
// the names, and no other: what a command passes to dlx-cluster parses
// back to the same values.
func TestGiven(t *testing.T) {
	fs, _, _ := newFlagSet()
	var c Count
	c.Add(fs)
	json := fs.Bool("json", false, "")
	progress := fs.Duration("progress", 0, "")
	args := []string{"-json", "-progress", "90s", "-cluster", "nats://h:1", "-pieces", "30", "-token", "a b=c"}
	if _, _, ok := fs.Parse(args); !ok {
		t.Fatal("parse")
	}
	got := Given(fs, CountFlags)
	want := []string{"-cluster=nats://h:1", "-token=a b=c", "-pieces=30", "-json=true", "-progress=1m30s"}
	if !slices.Equal(got, want) {
		t.Fatalf("Given: %q, want %q", got, want)
	}
	fs2, _, _ := newFlagSet()
	var c2 Count
	c2.Add(fs2)
	json2 := fs2.Bool("json", false, "")
	progress2 := fs2.Duration("progress", 0, "")
	if _, _, ok := fs2.Parse(got); !ok {
		t.Fatal("parse again")
	}
	c.Logf, c2.Logf = nil, nil
	if fmt.Sprint(c) != fmt.Sprint(c2) || *json != *json2 || *progress != *progress2 {
		t.Errorf("parsed again: %+v %v %v, want %+v %v %v", c2, *json2, *progress2, c, *json, *progress)
	}
}

// Refuse names the first flag given that is not allowed.
func TestRefuse(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string // "" when nothing is refused
	}{
		{[]string{"-a", "-b"}, ""},
		{[]string{"-a", "-n", "3"}, "test: -n does not apply\n"},
		{nil, ""},
	} {
		fs, _, errb := newFlagSet()
		fs.Bool("a", false, "")
		fs.Bool("b", false, "")
		fs.Int("n", 0, "")
		if _, _, ok := fs.Parse(tc.args); !ok {
			t.Fatal("parse")
		}
		code, refused := Refuse(fs, []string{"a", "b"}, "does not apply")
		if refused != (tc.want != "") || errb.String() != tc.want || (refused && code != cli.ExitUsage) {
			t.Errorf("%q: exit %d, refused %v, stderr %q; want %q", tc.args, code, refused, errb, tc.want)
		}
	}
}

func TestChecks(t *testing.T) {
	for _, tc := range []struct {
		c    Count
		want string
	}{
		{Count{}, ""}, {Count{Depth: 3}, ""}, {Count{Pieces: 3}, ""},
		{Count{Depth: -1}, "must not be negative"}, {Count{Depth: 2, Pieces: 3}, "want one of"},
	} {
		if got := tc.c.Check(); (got == "") != (tc.want == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%+v: %q, want %q", tc.c, got, tc.want)
		}
	}
	for _, tc := range []struct {
		g    Grids
		r, c int
		want string
	}{
		{Grids{}, 3, 3, ""}, {Grids{}, 2, 4, ""}, {Grids{Force: true}, 2, 5, ""},
		{Grids{}, 3, 4, ""}, {Grids{}, 4, 3, ""}, // the stack method's, measured
		{Grids{}, 2, 5, "has not been measured (past 9x9 only 3x4 and 4x3"}, {Grids{}, 6, 2, "-force submits it"},
	} {
		if got := tc.g.Check(tc.r, tc.c); (got == "") != (tc.want == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%+v %dx%d: %q, want %q", tc.g, tc.r, tc.c, got, tc.want)
		}
	}
	for _, tc := range []struct {
		r, c int
		want string
	}{{3, 4, "120 to 130 CPU-days"}, {4, 3, "120 to 130 CPU-days"}, {3, 3, ""}, {2, 6, ""}, {2, 5, ""}} {
		if got := GridsEstimate(tc.r, tc.c); (got == "") != (tc.want == "") || !strings.Contains(got, tc.want) {
			t.Errorf("GridsEstimate(%d, %d) = %q, want %q", tc.r, tc.c, got, tc.want)
		}
	}
}

// The command lines of worker, jobs and cluster: the values, and the
// usage errors that stop them before dlx-cluster is run.
func TestParse(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		args []string
		want string // the parsed value, or the message of the usage error
	}{
		{"worker", nil, "nats://127.0.0.1:4222 1 30s 5"},
		{"worker", []string{"-workers", "4", "-ack-wait", "1s", "-cluster", "nats://h:1"}, "nats://h:1 4 1s 5"},
		{"worker", []string{"x"}, `unexpected argument "x"`},
		{"worker", []string{"-workers", "0"}, "-workers must be at least 1"},
		{"worker", []string{"-ack-wait", "1ms"}, "-ack-wait must be at least 100ms"},
		{"worker", []string{"-max-deliver", "0"}, "-max-deliver must be at least 1"},
		{"jobs", nil, "list []"},
		{"jobs", []string{"wait", "j1"}, "wait [j1]"},
		{"jobs", []string{"rm", "j1", "j2"}, "rm [j1 j2]"},
		{"jobs", []string{"prune", "720h"}, "prune [] 720h0m0s"},
		{"jobs", []string{"wait"}, "want dlx jobs wait ID"},
		{"jobs", []string{"rm"}, "want dlx jobs rm ID..."},
		{"jobs", []string{"prune", "--", "-1h"}, "want an age such as 720h"},
		{"jobs", []string{"prune", "soon"}, "want an age such as 720h"},
		{"jobs", []string{"prune"}, "want dlx jobs prune AGE"},
		{"jobs", []string{"list", "x"}, `unknown "list"`},
		{"jobs", []string{"frob"}, `unknown "frob"`},
		{"cluster", []string{"serve", "-store", "d"}, "serve 127.0.0.1:4222 d"},
		{"cluster", []string{"serve", "-config", "c.conf"}, "serve  "},
		{"cluster", []string{"serve", "-config", "c.conf", "-listen", "h:1"}, "serve h:1 "},
		{"cluster", nil, "want dlx cluster serve"},
		{"cluster", []string{"frob"}, `unknown "frob"`},
		{"cluster", []string{"serve", "x"}, `unexpected argument "x"`},
		{"cluster", []string{"serve", "-tls-ca", "ca.pem"}, "-tls-ca (client certificates) needs"},
		{"cluster", []string{"status"}, "status 0 nats://127.0.0.1:4222"},
		{"cluster", []string{"replicas", "3", "-replicas", "2"}, "replicas 3 nats://127.0.0.1:4222 0"},
		{"cluster", []string{"replicas", "0"}, "want a number at least 1"},
		{"cluster", []string{"replicas"}, "want dlx cluster replicas N"},
		{"cluster", []string{"status", "x"}, `unexpected argument "x"`},
	} {
		e, _, errb := newEnv()
		var got string
		var code int
		var ok bool
		switch tc.cmd {
		case "worker":
			var w *Worker
			if w, code, ok = ParseWorker(e, tc.args); ok {
				got = fmt.Sprint(w.URL, " ", w.Workers, " ", w.AckWait, " ", w.MaxDeliver)
			}
		case "jobs":
			var j *Jobs
			if j, code, ok = ParseJobs(e, tc.args); ok {
				got = fmt.Sprint(j.Verb, " ", j.IDs)
				if j.Age != 0 {
					got += " " + j.Age.String()
				}
			}
		case "cluster":
			var s *Serve
			var a *Admin
			if s, a, code, ok = ParseCluster(e, tc.args); ok && s != nil {
				got = "serve " + s.Listen + " " + s.Store
			} else if ok {
				got = fmt.Sprint(a.Verb, " ", a.N, " ", a.URL)
				if a.Verb == "replicas" {
					got += fmt.Sprint(" ", a.Replicas)
				}
			}
		}
		if !ok {
			got = errb.String()
			if code != cli.ExitUsage {
				t.Errorf("%s %q: exit %d, want 2", tc.cmd, tc.args, code)
			}
		}
		if !strings.Contains(got, tc.want) || (ok && got != tc.want) {
			t.Errorf("%s %q: %q, want %q", tc.cmd, tc.args, got, tc.want)
		}
	}
}

// The zero values: the defaults.
func TestZero(t *testing.T) {
	var c Conn
	zerotest.Run(t, &c, zerotest.Cases{
		"Add": func() string {
			fs, _, _ := newFlagSet()
			var z Conn
			z.Add(fs, "", "u")
			if z.Logf == nil {
				return "no Logf"
			}
			return ""
		},
		"URLOrDefault": func() string {
			if u := c.URLOrDefault(); u != DefaultURL {
				return u
			}
			return ""
		},
		"TokenOrEnv": func() string {
			t.Setenv("DLX_CLUSTER_TOKEN", "from-env")
			if tok := c.TokenOrEnv(); tok != "from-env" {
				return tok
			}
			return ""
		},
	})
	var cnt Count
	zerotest.Run(t, &cnt, zerotest.Cases{
		"Add": func() string {
			fs, _, _ := newFlagSet()
			var z Count
			z.Add(fs)
			return ""
		},
		"Check":        func() string { return cnt.Check() },
		"URLOrDefault": func() string { return strings.TrimPrefix(cnt.URLOrDefault(), DefaultURL) },
		"TokenOrEnv":   func() string { cnt.TokenOrEnv(); return "" },
	})
	var g Grids
	zerotest.Run(t, &g, zerotest.Cases{
		"Add": func() string {
			fs, _, _ := newFlagSet()
			var z Grids
			z.Add(fs)
			return ""
		},
		"Check":        func() string { return g.Check(3, 3) },
		"URLOrDefault": func() string { return strings.TrimPrefix(g.URLOrDefault(), DefaultURL) },
		"TokenOrEnv":   func() string { g.TokenOrEnv(); return "" },
	})
}
