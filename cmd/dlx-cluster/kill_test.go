//go:build unix

package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cluster"
	"github.com/dlxkit/dlx/internal/testkit/proctest"
)

// Three dlx cluster serve processes at R3; the stream's leader is killed
// with SIGKILL in the middle of a job; dlx jobs wait prints the exact
// total (issue 31, item 12).
func TestClusterLeaderSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("three server processes: -short skips")
	}
	dir := t.TempDir()
	var routes []int
	var ls []net.Listener
	for range 3 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		routes = append(routes, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	var rurls []string
	for _, p := range routes {
		rurls = append(rurls, "nats-route://127.0.0.1:"+strconv.Itoa(p))
	}
	procs := map[string]*proctest.Proc{}
	var urls []string
	for i := range 3 {
		name := fmt.Sprintf("n%d", i+1)
		conf := filepath.Join(dir, name+".conf")
		text := fmt.Sprintf("server_name: %s\nlisten: 127.0.0.1:-1\njetstream { store_dir: %q }\ncluster { name: dlx, listen: 127.0.0.1:%d, routes: [%s] }\n",
			name, filepath.Join(dir, name), routes[i], strings.Join(rurls, ", "))
		if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		procs[name] = proctest.Start(t, "TestMainProcess", "cluster", "serve", "-config", conf)
	}
	for i := range 3 {
		l := procs[fmt.Sprintf("n%d", i+1)].WaitLine("serving on")
		u := l[strings.Index(l, "nats://"):]
		urls = append(urls, u[:strings.Index(u, ",")])
	}
	url := strings.Join(urls, ",")
	// The first client creates everything at R3, once the cluster has a
	// JetStream leader.
	var c *cluster.Client
	var err error
	for range 30 {
		if c, err = cluster.Connect(context.Background(), cluster.ConnOptions{URL: url, Replicas: 3}); err == nil {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	file := queensFile(t, dir, 11)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() { runCmd(ctx, []string{"worker", "-cluster", url, "-ack-wait", "2s"}, "") })
	}
	defer func() { cancel(); wg.Wait() }()
	out, stderr, code := runCmd(context.Background(), []string{"count", "-cluster", url, "-detach", "-quiet", "-pieces", "3000", file}, "")
	id := strings.TrimSpace(out)
	if code != 0 {
		t.Fatalf("count -detach: exit %d, %q", code, stderr)
	}
	var leader string
	for deadline := time.Now().Add(60 * time.Second); ; {
		cs, err := c.ClusterStatus(context.Background())
		if err == nil && len(cs.Jobs) == 1 && cs.Jobs[0].Done >= 50 {
			if cs.Jobs[0].Done == cs.Jobs[0].Pieces {
				t.Fatal("the job ended before the leader was killed")
			}
			leader = cs.Stores[0].Leader
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no progress in 60s: %+v, %v", cs, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	p := procs[leader]
	if p == nil {
		t.Fatalf("no server %q", leader)
	}
	p.Signal(syscall.SIGKILL)
	p.Exit()
	out, stderr, code = runCmd(context.Background(), []string{"jobs", "-cluster", url, "wait", id}, "")
	if code != 0 || out != "2680\n" {
		t.Errorf("jobs wait after %s was killed: exit %d, %q, stderr %q; want 2680", leader, code, out, stderr)
	}
	out, _, code = runCmd(context.Background(), []string{"cluster", "status", "-cluster", url}, "")
	if code != 0 || !strings.Contains(out, leader+" (") {
		t.Errorf("status after %s was killed: exit %d, %q", leader, code, out)
	}
}
