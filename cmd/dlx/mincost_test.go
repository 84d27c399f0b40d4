package main

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"
)

// withCosts appends a cost "|n" to every option line of a problem in
// Knuth's format (the lines after the item line but comments), n from the
// line number.
func withCosts(in string) string {
	lines := strings.Split(strings.TrimRight(in, "\n"), "\n")
	items := false
	for i, l := range lines {
		switch {
		case strings.TrimSpace(l) == "" || l[0] == '|':
		case !items:
			items = true
		default:
			lines[i] += " |" + strconv.Itoa(i*7919%23)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestMinStats: -stats after -min gives the search's figures on stderr:
// the first option of a (net cost 0 after taxes) and then b's is optimal, so
// 2 levels and a solution (3 nodes), covering a (1 update, and 1 for "a b"
// hidden from b's list) then b (1).
func TestMinStats(t *testing.T) {
	out, errs, code := runCmd(context.Background(), []string{"solve", "-min", "-stats"}, "a b\na |5\nb |1\na b |7\n")
	if code != 0 || out != "| cost 6\na |5\nb |1\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	if !strings.HasPrefix(errs, "dlx solve: 1 solution, 3 nodes, 3 updates in ") || !strings.Contains(errs, " updates in ") {
		t.Errorf("stats %q", errs)
	}
}

// TestMinInterrupt: Ctrl-C stops -min with the best solutions found so
// far printed, "partial: interrupted" and exit status 1.
func TestMinInterrupt(t *testing.T) {
	in := withCosts(gen(t, "queens", "18"))
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	// With K far above the number of solutions found, nothing is pruned.
	out, errs, code := runCmd(ctx, []string{"solve", "-k", "100000000", "-json"}, in)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if code != 1 || !strings.Contains(errs, "partial: interrupted") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	last := int64(-1)
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if l == "" {
			continue
		}
		var j solutionJSON
		if err := json.Unmarshal([]byte(l), &j); err != nil || j.Cost == nil || *j.Cost < last || len(j.Lines) != 18 {
			t.Fatalf("record %q: %v", l, err)
		}
		last = *j.Cost
	}
}
