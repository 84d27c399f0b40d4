package main

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/service/lineproto"
)

func TestServeCommand(t *testing.T) {
	stderr, _, code := runCmdCtx(context.Background(), "", "serve", "-h")
	if code != 0 || !strings.Contains(stderr, "-line") || !strings.Contains(stderr, "-http") {
		t.Errorf("serve -h: code %d, usage %q", code, stderr)
	}
	if _, _, code := runCmdCtx(context.Background(), "", "serve", "-nosuchflag"); code != 2 {
		t.Errorf("serve -nosuchflag: code %d, want 2", code)
	}
	if _, _, code := runCmdCtx(context.Background(), "", "serve", "-log", "xml"); code != 2 {
		t.Errorf("serve -log xml: code %d, want 2", code)
	}
	// Serve on free ports until the context ends: exit 0 after shutdown.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, stderr, code = runCmdCtx(ctx, "", "serve", "-http", "127.0.0.1:0", "-line", "127.0.0.1:0")
	if code != 0 || !strings.Contains(stderr, "line protocol listening") || !strings.Contains(stderr, "stopped") {
		t.Errorf("serve: code %d, log %q", code, stderr)
	}
	// A port taken: exit 1.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, stderr, code = runCmdCtx(context.Background(), "", "serve", "-http", ln.Addr().String(), "-line", "-")
	if code != 1 {
		t.Errorf("serve on a taken port: code %d, stderr %q", code, stderr)
	}
}

func TestLoadtestCommand(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := lineproto.New(lineproto.Config{})
	go srv.Serve(ln)
	defer srv.Close()
	// Easy puzzles: a solution with blanks.
	const sol = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
	p1 := "0" + sol[1:]
	p2 := strings.Repeat(".", 9) + sol[9:]
	file := filepath.Join(t.TempDir(), "p.txt")
	os.WriteFile(file, []byte("# two puzzles\n"+p1+"\n\n"+p2+"\n"), 0o644)
	out, stderr, code := runCmdCtx(context.Background(), "", "loadtest", "-addr", ln.Addr().String(), "-file", file, "-n", "500", "-conns", "2", "-pipeline", "4")
	if code != 0 {
		t.Fatalf("loadtest: code %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"500 requests over 2 connections", "throughput", "p50", "p99", "500 solved, 0 NoSolution, 0 wrong"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// Puzzles from stdin, with a rate.
	out, _, code = runCmdCtx(context.Background(), p1+"\n", "loadtest", "-addr", ln.Addr().String(), "-n", "20", "-rate", "1000")
	if code != 0 || !strings.Contains(out, "at 1000 requests/s") || !strings.Contains(out, "lateness") {
		t.Errorf("loadtest -rate: code %d\n%s", code, out)
	}
	// Errors: a bad puzzle line (2), no server (1).
	if _, stderr, code := runCmdCtx(context.Background(), "12345\n", "loadtest", "-addr", ln.Addr().String()); code != 2 || !strings.Contains(stderr, "line 1") {
		t.Errorf("bad puzzle: code %d, stderr %q", code, stderr)
	}
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := ln2.Addr().String()
	ln2.Close()
	if _, _, code := runCmdCtx(context.Background(), p1+"\n", "loadtest", "-addr", addr, "-n", "5"); code != 1 {
		t.Errorf("no server: code %d, want 1", code)
	}
}
