package cluster

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The permissions docs/cluster.md gives a restricted user
// (testdata/dlx-permissions.conf) are enough to run workers, submit, wait
// for, cancel and list jobs and read the status, and not to create the
// stream and the buckets: a restricted user connecting first gets
// ErrDenied, not a timeout (issue 31, item 15).
func TestRestrictedUser(t *testing.T) {
	dir := t.TempDir()
	perms, err := os.ReadFile("testdata/dlx-permissions.conf")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "dlx-permissions.conf"), perms, 0o600)
	conf := filepath.Join(dir, "n.conf")
	text := fmt.Sprintf(`listen: 127.0.0.1:-1
jetstream { store_dir: %q }
include dlx-permissions.conf
accounts {
  DLX {
    jetstream: enabled
    users: [
      {user: admin, password: a}
      {user: dlx, password: w, permissions: $DLX_USER}
    ]
  }
}
`, filepath.Join(dir, "store"))
	os.WriteFile(conf, []byte(text), 0o600)
	s, err := Serve(ServerOptions{Config: conf})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	admin := strings.Replace(s.URL(), "nats://", "nats://admin:a@", 1)
	user := strings.Replace(s.URL(), "nats://", "nats://dlx:w@", 1)
	ctx := context.Background()
	if _, err := Connect(ctx, ConnOptions{URL: user, Timeout: 2 * time.Second}); !errors.Is(err, ErrDenied) || !strings.Contains(err.Error(), "STREAM.CREATE") {
		t.Fatalf("the restricted user first: %v; want ErrDenied naming STREAM.CREATE", err)
	}
	ca, err := Connect(ctx, ConnOptions{URL: admin})
	if err != nil {
		t.Fatal(err)
	}
	ca.Close()

	// A permissions violation would come as a warning.
	logf := func(format string, a ...any) { t.Errorf(format, a...) }
	c, err := Connect(ctx, ConnOptions{URL: user, Logf: logf})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	wc, err := Connect(ctx, ConnOptions{URL: user, Logf: logf})
	if err != nil {
		t.Fatal(err)
	}
	defer wc.Close()
	// The cancelled job first, so that no worker takes its pieces.
	gone, err := c.Submit(ctx, Spec{Data: queens(t, 9), Pieces: 30})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Cancel(ctx, gone.ID); err != nil {
		t.Fatalf("cancel: %v", err)
	}
	startWorkerOn(t, wc, WorkerOptions{Workers: 2})
	job, err := c.Submit(ctx, Spec{Data: queens(t, 9), Pieces: 30})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := wait(t, c, job.ID); err != nil || st.Solutions != queensCount[9] {
		t.Errorf("%d solutions, %v; want %d", st.Solutions, err, queensCount[9])
	}
	// The last piece's ack may still be on its way when the job is done:
	// the status is read again until no piece is queued (or 10 s).
	var cs ClusterStatus
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		cs, err = c.ClusterStatus(ctx)
		queued := uint64(0)
		if err == nil {
			for _, j := range cs.Jobs {
				queued += j.Queued
			}
		}
		if err != nil || queued == 0 || time.Now().After(deadline) {
			break
		}
	}
	if err != nil || cs.JobsErr != "" || cs.Queue.Err != "" || len(cs.Jobs) != 2 {
		t.Fatalf("status %+v, %v", cs, err)
	}
	for _, st := range cs.Stores {
		if st.Err != "" {
			t.Errorf("%s: %s", st.What, st.Err)
		}
	}
	for _, j := range cs.Jobs {
		if want := map[string]string{gone.ID: StateCanceled, job.ID: StateDone}[j.ID]; j.State != want || j.Queued != 0 {
			t.Errorf("job %+v; want %s, none queued", j, want)
		}
	}
}
