package countfmt

import (
	"testing"
	"time"

	"github.com/dlxkit/dlx/exactcover"
)

// TestGridsProgress: the progress line says the pieces done and, once
// some are, the time left from their rate.
func TestGridsProgress(t *testing.T) {
	for _, tt := range []struct {
		what        string
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{"", 0, 0, 1500 * time.Millisecond, "preparing, 2s"},
		{"", 0, 131, 2 * time.Second, "pieces 0/131, 2s"},
		{"", 31, 131, 3 * time.Second, "pieces 31/131, 3s, about 10s left"},
		{"", 131, 131, 4 * time.Second, "pieces 131/131, 4s"},
		{"fixed-grid searches", 100, 400, 5 * time.Second, "fixed-grid searches 100/400, 5s, about 15s left"},
	} {
		if got := GridsProgress(tt.what, tt.done, tt.total, tt.elapsed); got != tt.want {
			t.Errorf("%d/%d at %v: %q, want %q", tt.done, tt.total, tt.elapsed, got, tt.want)
		}
	}
}

func TestStats(t *testing.T) {
	for _, tt := range []struct {
		st   exactcover.Stats
		d    time.Duration
		want string
	}{
		{exactcover.Stats{Solutions: 1, Nodes: 1, Updates: 1}, 0, "1 solution, 1 node, 1 update in 0s (- updates/s)"},
		{exactcover.Stats{Solutions: 92, Nodes: 1049, Updates: 16680}, 2 * time.Millisecond, "92 solutions, 1049 nodes, 16680 updates in 2ms (8.3M updates/s)"},
		{exactcover.Stats{Solutions: 2, Nodes: 3, Updates: 4e9, Subproblems: 30}, time.Second, "2 solutions, 3 nodes, 4000000000 updates in 1s (4.00G updates/s), 30 subproblems"},
		{exactcover.Stats{Updates: 500}, time.Second, "0 solutions, 0 nodes, 500 updates in 1s (500 updates/s)"},
		{exactcover.Stats{Updates: 1500}, time.Second, "0 solutions, 0 nodes, 1500 updates in 1s (1.5k updates/s)"},
	} {
		if got := Stats(tt.st, tt.d); got != tt.want {
			t.Errorf("Stats(%+v, %v) = %q, want %q", tt.st, tt.d, got, tt.want)
		}
	}
}
