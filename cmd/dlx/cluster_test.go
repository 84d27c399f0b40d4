package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestClusterCommandLines: dlx checks the command lines of the cluster's
// commands itself, so that a usage error needs no dlx-cluster; a good one
// without dlx-cluster says what to install (exit 2).
func TestClusterCommandLines(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // no dlx-cluster
	file := filepath.Join(t.TempDir(), "q4.dlx")
	if err := os.WriteFile(file, []byte(gen(t, "queens", "4")), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"count", "-cluster", "nats://h:1", "-n", "3", file}, "dlx count: -n does not apply with -cluster"},
		{[]string{"count", "-cluster", "nats://h:1", "-workers", "2", file}, "dlx count: -workers does not apply with -cluster"},
		{[]string{"count", "-cluster", "nats://h:1", "-sub", "p", file}, "dlx count: -sub does not apply with -cluster"},
		{[]string{"count", "-cluster", "nats://h:1", "-depth", "2", "-pieces", "3", file}, "want one of -depth D and -pieces N"},
		{[]string{"count", "-depth", "2", file}, "dlx count: -depth needs -cluster URL"},
		{[]string{"count", "-tls-cert", "c.pem", file}, "dlx count: -tls-cert needs -cluster URL"},
		{[]string{"worker", "-workers", "0"}, "dlx worker: -workers must be at least 1"},
		{[]string{"jobs", "frob"}, `dlx jobs: unknown "frob"`},
		{[]string{"cluster", "serve", "-tls-ca", "ca.pem"}, "give -tls-cert and -tls-key"},
		{[]string{"cluster", "replicas", "0"}, "want a number at least 1"},
		{[]string{"worker", "-cluster", "nats://h:1"}, "dlx worker: the cluster's commands run in the program dlx-cluster"},
		{[]string{"count", "-cluster", "nats://h:1", file}, "go install github.com/dlxkit/dlx/cmd/dlx-cluster@latest"},
		{[]string{"cluster", "status"}, "dlx cluster status: the cluster's commands run in the program dlx-cluster"},
		{[]string{"cluster", "serve", "-store", "s"}, "dlx cluster: the cluster's commands run in the program dlx-cluster"},
		{[]string{"jobs", "wait", "j1"}, "dlx jobs: the cluster's commands run in the program dlx-cluster"},
	} {
		out, stderr, code := runCmd(context.Background(), tc.args, "")
		if code != 2 || out != "" || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2, %q", tc.args, code, out, stderr, tc.msg)
		}
	}
}

// TestClusterThroughExec builds dlx and dlx-cluster side by side and runs
// the cluster's commands as users type them, through dlx: cluster serve,
// count -cluster (the problem on standard input), a worker, jobs wait;
// SIGTERM to the worker and to the server reaches dlx-cluster, which
// stops gracefully (exit 0; the worker's tally), and, of one build, it
// does not warn of another release.
func TestClusterThroughExec(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dlx and dlx-cluster (seconds)")
	}
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	bin := t.TempDir()
	build := exec.Command(goCmd, "build", "-o", bin+string(filepath.Separator), ".", "../dlx-cluster")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Setenv("PATH", t.TempDir()) // dlx-cluster is found beside dlx, not on PATH
	dlx := filepath.Join(bin, "dlx")

	serve := exec.Command(dlx, "cluster", "serve", "-listen", "127.0.0.1:0", "-store", t.TempDir())
	serveErr, err := serve.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	defer serve.Process.Kill()
	lines := bufio.NewScanner(serveErr)
	var url string
	for url == "" && lines.Scan() {
		if _, rest, ok := strings.Cut(lines.Text(), "dlx cluster: serving on "); ok {
			url, _, _ = strings.Cut(rest, ",")
		}
	}
	if url == "" {
		t.Fatalf("dlx cluster serve: no address (%v)", lines.Err())
	}
	go io.Copy(io.Discard, serveErr)

	count := exec.Command(dlx, "count", "-cluster", url, "-detach", "-quiet", "-pieces", "10")
	count.Stdin = strings.NewReader(gen(t, "queens", "8"))
	out, err := count.Output()
	id := strings.TrimSpace(string(out))
	if err != nil || id == "" {
		t.Fatalf("dlx count -cluster -detach: %v, %q", err, out)
	}
	worker := exec.Command(dlx, "worker", "-cluster", url, "-workers", "2")
	var werr strings.Builder
	worker.Stderr = &werr
	if err := worker.Start(); err != nil {
		t.Fatal(err)
	}
	defer worker.Process.Kill()
	out, err = exec.Command(dlx, "jobs", "-cluster", url, "wait", id).Output()
	if err != nil || string(out) != "92\n" {
		t.Errorf("dlx jobs wait: %v, %q; want 92", err, out)
	}
	for _, p := range []struct {
		name string
		cmd  *exec.Cmd
	}{{"dlx worker", worker}, {"dlx cluster serve", serve}} {
		p.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- p.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s after SIGTERM: %v; want exit 0", p.name, err)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("%s did not stop at SIGTERM", p.name)
		}
	}
	if !strings.Contains(werr.String(), "dlx worker: stopped: ") || strings.Contains(werr.String(), "warning") {
		t.Errorf("dlx worker's standard error %q: want its tally and no warning", werr.String())
	}
}
