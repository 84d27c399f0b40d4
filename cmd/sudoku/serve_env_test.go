package main

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
)

// lockedBuffer is a buffer safe for the log of a running command.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// runServeEnv runs sudoku serve with args and the environment env until
// the test ends; it returns the log and waits for "http listening".
func runServeEnv(t *testing.T, env map[string]string, args ...string) (*lockedBuffer, func() int) {
	t.Helper()
	var logb lockedBuffer
	e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &logb, Stderr: &logb,
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- program.Run(ctx, e, append([]string{"serve"}, args...)) }()
	stop := sync.OnceValue(func() int { cancel(); return <-done })
	t.Cleanup(func() { stop() })
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(logb.String(), "http listening") {
		select {
		case code := <-done:
			done <- code
			return &logb, stop
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no http listening line: %s", logb.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	return &logb, stop
}

var listenAddr = regexp.MustCompile(`msg="http listening" addr=(\S+)`)

// TestServeEnv: every flag of sudoku serve also comes from SUDOKU_NAME;
// the flag wins; an invalid value is a usage error naming the variable,
// also for the values checked after parsing (-log, -log-level,
// -cors-origin). (The environment was not read: SUDOKU_HTTP, as a
// container sets it, was ignored.)
func TestServeEnv(t *testing.T) {
	for _, tt := range []struct {
		env    map[string]string
		stderr string
	}{
		{map[string]string{"SUDOKU_MAX_SEARCHES": "eight"}, `sudoku serve: SUDOKU_MAX_SEARCHES="eight": invalid value for -max-searches: not a number: want a whole number such as 50000000, 50_000_000, 50,000,000 or 50e6 (see sudoku serve -h)` + "\n"},
		{map[string]string{"SUDOKU_TIMEOUT": "5"}, `sudoku serve: SUDOKU_TIMEOUT="5": invalid value for -timeout: parse error (see sudoku serve -h)` + "\n"},
		{map[string]string{"SUDOKU_TRUST_X_FORWARDED_FOR": "maybe"}, `sudoku serve: SUDOKU_TRUST_X_FORWARDED_FOR="maybe": invalid value for -trust-x-forwarded-for: parse error (see sudoku serve -h)` + "\n"},
		{map[string]string{"SUDOKU_LOG": "xml"}, `sudoku serve: SUDOKU_LOG "xml": want text, json or none` + "\n"},
		{map[string]string{"SUDOKU_LOG_LEVEL": "loud"}, `sudoku serve: SUDOKU_LOG_LEVEL "loud": want debug, info, warn or error` + "\n"},
		{map[string]string{"SUDOKU_CORS_ORIGIN": "https://a.example,ftp://b.example"}, `sudoku serve: SUDOKU_CORS_ORIGIN: bad CORS origin "ftp://b.example": the scheme is not http or https (want scheme://host[:port], or *)` + "\n"},
	} {
		var out, errb bytes.Buffer
		e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			LookupEnv: func(k string) (string, bool) { v, ok := tt.env[k]; return v, ok }}
		// Were the variable ignored, the server would run: until the
		// deadline, not for ever.
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		code := program.Run(ctx, e, []string{"serve", "-http", "127.0.0.1:0", "-line", "-"})
		cancel()
		if code != cli.ExitUsage || errb.String() != tt.stderr {
			t.Errorf("%v: exit %d, stderr %q; want 2, %q", tt.env, code, errb.String(), tt.stderr)
		}
	}

	// Addresses, log format and level and pprof from the environment;
	// the command line's -line wins over SUDOKU_LINE.
	logb, stop := runServeEnv(t, map[string]string{
		"SUDOKU_HTTP": "127.0.0.1:0", "SUDOKU_LINE": "127.0.0.1:0", "SUDOKU_LOG": "json", "SUDOKU_LOG_LEVEL": "debug",
		"SUDOKU_PPROF": "127.0.0.1:0", "SUDOKU_MAX_SEARCHES": "3",
	}, "-line", "-")
	// The pprof listener may log after the http one (seen under -race):
	// wait for every line, with a deadline.
	wants := []string{`"msg":"http listening","addr":"127.0.0.1:`, `"max_searches":3`, `"msg":"pprof listening"`}
	log := logb.String()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); log = logb.String() {
		if !slices.ContainsFunc(wants, func(w string) bool { return !strings.Contains(log, w) }) {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	for _, want := range wants {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %s: %s", want, log)
		}
	}
	if strings.Contains(log, "line protocol listening") {
		t.Errorf("-line - lost to SUDOKU_LINE: %s", log)
	}
	addr := regexp.MustCompile(`"msg":"http listening","addr":"([^"]+)"`).FindStringSubmatch(log)
	if addr == nil {
		t.Fatal(log)
	}
	resp, err := http.Get("http://" + addr[1] + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if code := stop(); code != 0 {
		t.Errorf("exit %d", code)
	}
	if !strings.Contains(logb.String(), `"level":"DEBUG","msg":"request","method":"GET","path":"/healthz"`) {
		t.Errorf("no debug line of /healthz: %s", logb.String())
	}
}

// TestServeLogLevel: at the default level, health checks are not logged
// and API requests are.
func TestServeLogLevel(t *testing.T) {
	logb, stop := runServeEnv(t, nil, "-http", "127.0.0.1:0", "-line", "-")
	m := listenAddr.FindStringSubmatch(logb.String())
	if m == nil {
		t.Fatal(logb.String())
	}
	for _, p := range []string{"/healthz", "/readyz", "/metrics", "/api/generate?size=4&seed=1"} {
		resp, err := http.Get("http://" + m[1] + p)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	stop()
	log := logb.String()
	for _, p := range []string{"/healthz", "/readyz", "/metrics"} {
		if strings.Contains(log, "path="+p+" ") {
			t.Errorf("%s logged at info: %s", p, log)
		}
	}
	if !strings.Contains(log, "path=/api/generate") {
		t.Errorf("the API request not logged: %s", log)
	}
}
