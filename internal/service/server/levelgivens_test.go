package server

import (
	"strings"
	"testing"
	"time"
)

// TestGenerateLevelGivens asks the service for 9x9 puzzles of each level, as
// the web page does, and counts their givens: each level's puzzles stay in
// a fixed window, easier levels with more givens. The windows are written
// out here, not taken from package generate.
func TestGenerateLevelGivens(t *testing.T) {
	ts := startServer(t, Config{Timeout: time.Minute})
	for _, c := range []struct {
		level  string
		lo, hi int
	}{{"easy", 36, 45}, {"medium", 30, 35}, {"hard", 28, 31}, {"expert", 25, 30}, {"extreme", 22, 28}} {
		for _, seed := range []string{"1", "2", "7"} {
			status, _, m := call(t, "GET", ts.url+"/api/generate?size=9&symmetry=rot180&difficulty="+c.level+"&seed="+seed, "")
			if status != 200 {
				t.Fatalf("%s seed %s: %d %v", c.level, seed, status, m)
			}
			p, _ := m["puzzle"].(string)
			n := len(p) - strings.Count(p, ".")
			if len(p) != 81 || n < c.lo || n > c.hi || m["level"] != c.level {
				t.Errorf("%s seed %s: %d givens (want %d-%d), level %v: %q", c.level, seed, n, c.lo, c.hi, m["level"], p)
			}
		}
	}
}
