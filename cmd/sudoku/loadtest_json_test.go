package main

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/service/lineproto"
)

// TestLoadtestJSON: loadtest -json prints its figures as one JSON object
// (it rejected -json, which the README says every command takes).
func TestLoadtestJSON(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := lineproto.New(lineproto.Config{})
	go srv.Serve(ln)
	defer srv.Close()
	const sol = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
	out, stderr, code := runCmdCtx(context.Background(), "0"+sol[1:]+"\n", "loadtest", "-json", "-addr", ln.Addr().String(), "-n", "40", "-conns", "2", "-rate", "2000")
	if code != 0 || strings.Count(out, "\n") != 1 {
		t.Fatalf("loadtest -json: code %d, stdout %q, stderr %q", code, out, stderr)
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	for k, want := range map[string]float64{"requests": 40, "conns": 2, "pipeline": 16, "rate": 2000, "solved": 40, "no_solution": 0, "wrong": 0} {
		if got, ok := j[k].(float64); !ok || got != want {
			t.Errorf("%s: %v, want %v (%s)", k, j[k], want, out)
		}
	}
	for _, k := range []string{"ms", "throughput", "p50_ms", "p90_ms", "p99_ms", "max_ms", "lateness_ms"} {
		if v, ok := j[k].(float64); !ok || v <= 0 {
			t.Errorf("%s: %v, want a positive number (%s)", k, j[k], out)
		}
	}
}
