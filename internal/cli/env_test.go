package cli

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// TestEnvFlags: with an EnvPrefix, each flag not on the command line comes
// from PREFIX_NAME (the name in capitals, - as _); the command line wins;
// an empty variable is unset; a value the flag refuses is a usage error
// naming the variable; without a prefix the environment is not read.
func TestEnvFlags(t *testing.T) {
	tests := []struct {
		name   string
		prefix string
		env    map[string]string
		args   []string
		// want: -http, -max-searches, -wait, -debug, -origin
		http     string
		max      int
		wait     time.Duration
		debug    bool
		origins  []string
		code     int
		stderr   string
		parsedOK bool
	}{
		{name: "defaults", prefix: "SUDOKU", http: "127.0.0.1:8080", wait: time.Second, parsedOK: true},
		{name: "every kind from the environment", prefix: "SUDOKU",
			env:  map[string]string{"SUDOKU_HTTP": ":9000", "SUDOKU_MAX_SEARCHES": "8", "SUDOKU_SEARCH_WAIT": "250ms", "SUDOKU_DEBUG": "true", "SUDOKU_CORS_ORIGIN": "https://a.example, https://b.example"},
			http: ":9000", max: 8, wait: 250 * time.Millisecond, debug: true, origins: []string{"https://a.example", "https://b.example"}, parsedOK: true},
		{name: "the command line wins", prefix: "SUDOKU",
			env:  map[string]string{"SUDOKU_HTTP": ":9000", "SUDOKU_MAX_SEARCHES": "8", "SUDOKU_CORS_ORIGIN": "https://a.example"},
			args: []string{"-max-searches", "3", "-cors-origin", "https://c.example", "-http=:7000"},
			http: ":7000", max: 3, wait: time.Second, origins: []string{"https://c.example"}, parsedOK: true},
		{name: "empty is unset", prefix: "SUDOKU", env: map[string]string{"SUDOKU_HTTP": "", "SUDOKU_MAX_SEARCHES": ""},
			http: "127.0.0.1:8080", wait: time.Second, parsedOK: true},
		{name: "another prefix is not read", prefix: "DLX", env: map[string]string{"SUDOKU_HTTP": ":9000", "DLX_MAX_SEARCHES": "5"},
			http: "127.0.0.1:8080", max: 5, wait: time.Second, parsedOK: true},
		{name: "no prefix: no environment", env: map[string]string{"SUDOKU_HTTP": ":9000", "_HTTP": ":9000"},
			http: "127.0.0.1:8080", wait: time.Second, parsedOK: true},
		{name: "invalid int", prefix: "SUDOKU", env: map[string]string{"SUDOKU_MAX_SEARCHES": "eight"},
			code: ExitUsage, stderr: `prog serve: SUDOKU_MAX_SEARCHES="eight": invalid value for -max-searches: parse error (see prog serve -h)` + "\n"},
		{name: "invalid duration", prefix: "SUDOKU", env: map[string]string{"SUDOKU_SEARCH_WAIT": "5"},
			code: ExitUsage, stderr: `prog serve: SUDOKU_SEARCH_WAIT="5": invalid value for -search-wait: parse error (see prog serve -h)` + "\n"},
		{name: "invalid bool", prefix: "SUDOKU", env: map[string]string{"SUDOKU_DEBUG": "yes please"},
			code: ExitUsage, stderr: `prog serve: SUDOKU_DEBUG="yes please": invalid value for -debug: parse error (see prog serve -h)` + "\n"},
		{name: "a long invalid value is clipped", prefix: "SUDOKU", env: map[string]string{"SUDOKU_MAX_SEARCHES": strings.Repeat("9", 200)},
			code: ExitUsage, stderr: `prog serve: SUDOKU_MAX_SEARCHES="9999999999999999999999999999999999999999"... (200 bytes): invalid value for -max-searches: value out of range (see prog serve -h)` + "\n"},
		{name: "an invalid variable of a flag given is not read", prefix: "SUDOKU", env: map[string]string{"SUDOKU_MAX_SEARCHES": "eight"},
			args: []string{"-max-searches", "2"}, http: "127.0.0.1:8080", max: 2, wait: time.Second, parsedOK: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, _, errb := testEnv("")
			e.LookupEnv = func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }
			fs := NewFlagSet(e, "prog serve", "[flags]", "Serves.")
			if tt.prefix != "" {
				fs.EnvPrefix(tt.prefix)
			}
			http := fs.String("http", "127.0.0.1:8080", "`address`")
			maxSearches := fs.Int("max-searches", 0, "searches")
			wait := fs.Duration("search-wait", time.Second, "wait")
			debug := fs.Bool("debug", false, "debug")
			var origins List
			fs.Var(&origins, "cors-origin", "`origin`")
			_, code, ok := fs.Parse(tt.args)
			if ok != tt.parsedOK || code != tt.code || errb.String() != tt.stderr {
				t.Fatalf("ok %v, code %d, stderr %q; want %v, %d, %q", ok, code, errb, tt.parsedOK, tt.code, tt.stderr)
			}
			if !ok {
				return
			}
			if *http != tt.http || *maxSearches != tt.max || *wait != tt.wait || *debug != tt.debug || !slices.Equal(origins, tt.origins) {
				t.Errorf("-http %q -max-searches %d -search-wait %v -debug %v -cors-origin %q; want %q %d %v %v %q",
					*http, *maxSearches, *wait, *debug, origins, tt.http, tt.max, tt.wait, tt.debug, tt.origins)
			}
		})
	}
}

// TestEnvHelp: the help of a flag set with an EnvPrefix states the rule
// with an example; without one it does not.
func TestEnvHelp(t *testing.T) {
	for _, prefix := range []string{"", "DLX"} {
		e, out, _ := testEnv("")
		fs := NewFlagSet(e, "dlx worker", "[flags]", "Works.")
		if prefix != "" {
			fs.EnvPrefix(prefix)
		}
		fs.Int("workers", 1, "`N` at a time")
		fs.Duration("ack-wait", time.Second, "wait")
		fs.Parse([]string{"-h"})
		const want = "\nEnvironment: each flag may also be set by a variable, its name in capitals\nwith - as _ after DLX_ (-ack-wait: DLX_ACK_WAIT); a flag on the\ncommand line wins.\n"
		if got := strings.HasSuffix(out.String(), want); got != (prefix != "") {
			t.Errorf("prefix %q: help %q; want the rule at the end: %v", prefix, out, prefix != "")
		}
	}
}

// TestList: a List flag takes repeated flags and comma lists, in order.
func TestList(t *testing.T) {
	e, _, _ := testEnv("")
	fs := NewFlagSet(e, "prog", "", "")
	var l List
	fs.Var(&l, "o", "")
	if _, _, ok := fs.Parse([]string{"-o", "a, b", "-o", "c", "-o", ",", "-o=d,"}); !ok {
		t.Fatal("Parse failed")
	}
	if want := []string{"a", "b", "c", "d"}; !slices.Equal(l, want) {
		t.Errorf("%q, want %q", l, want)
	}
	if l.String() != "a,b,c,d" {
		t.Errorf("String %q", l.String())
	}
}

// TestGiven: a flag's source, for messages about values refused after
// Parse.
func TestGiven(t *testing.T) {
	e, _, _ := testEnv("")
	env := map[string]string{"SUDOKU_LOG": "xml", "SUDOKU_HTTP": ":1"}
	e.LookupEnv = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	fs := NewFlagSet(e, "prog serve", "", "")
	fs.EnvPrefix("SUDOKU")
	fs.String("log", "text", "")
	fs.String("http", "", "")
	fs.String("line", "", "")
	if _, _, ok := fs.Parse([]string{"-http", ":2"}); !ok {
		t.Fatal("Parse failed")
	}
	for name, want := range map[string]string{"log": "SUDOKU_LOG", "http": "-http", "line": "-line"} {
		if got := fs.Given(name); got != want {
			t.Errorf("Given(%q) = %q, want %q", name, got, want)
		}
	}
}
