package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/cluster"
)

// dlx cluster status and replicas, and -replicas checked against the
// replicas of what exists (issue 31, item 12).
func TestClusterStatus(t *testing.T) {
	s, err := cluster.Serve(cluster.ServerOptions{Listen: "127.0.0.1:0", StoreDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	url := s.URL()
	for _, tc := range []struct {
		args []string
		code int
		out  string // in standard output
		msg  string // in standard error
	}{
		{[]string{"cluster", "status", "-cluster", url}, 0, "stream DLX_PIECES           1 replicas  leader ", ""},
		{[]string{"jobs", "-cluster", url, "-replicas", "3"}, 1, "", "-replicas 3, but stream DLX_PIECES has 1"},
		{[]string{"jobs", "-cluster", url, "-replicas", "1"}, 0, "", ""},
		{[]string{"cluster", "replicas", "-cluster", url, "0"}, 2, "", "want a number at least 1"},
		{[]string{"cluster", "replicas", "-cluster", url}, 2, "", "want dlx cluster replicas N"},
		{[]string{"cluster", "status", "-cluster", url, "extra"}, 2, "", "unexpected argument"},
		{[]string{"cluster", "replicas", "-cluster", url, "3"}, 1, "", "replicas > 1 not supported"},
		{[]string{"cluster", "nosuch"}, 2, "", "want serve, status or replicas N"},
	} {
		out, stderr, code := runCmd(context.Background(), tc.args, "")
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%q: exit %d, %q, stderr %q; want %d, %q, %q", tc.args, code, out, stderr, tc.code, tc.out, tc.msg)
		}
	}
	out, _, code := runCmd(context.Background(), []string{"cluster", "status", "-cluster", url, "-json"}, "")
	var cs cluster.ClusterStatus
	if err := json.Unmarshal([]byte(out), &cs); err != nil || code != 0 || len(cs.Stores) != 5 || cs.Stores[0].Replicas != 1 {
		t.Errorf("status -json: exit %d, %v, %q", code, err, out)
	}
}
