package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli"
)

// TestCoverQueendom: dlx gen queendom N | dlx cover -json gives a cover of
// the size OEIS A075458 gives, whose queens do dominate the board.
func TestCoverQueendom(t *testing.T) {
	for n, want := range map[int]int{5: 3, 7: 4, 8: 5} {
		in := gen(t, "queendom", strconv.Itoa(n))
		out, errs, code := runCmd(context.Background(), []string{"cover", "-json", "-stats"}, in)
		var c coverJSON
		if code != 0 || json.Unmarshal([]byte(out), &c) != nil {
			t.Fatalf("n=%d: exit %d, %q, %q", n, code, out, errs)
		}
		if c.Size != want || c.Cost != int64(want) || len(c.Options) != want || len(c.Lines) != want || c.Index != 1 {
			t.Errorf("n=%d: %+v, want size %d", n, c, want)
		}
		covered := map[string]bool{}
		for _, line := range c.Lines {
			for _, cell := range strings.Fields(line) {
				covered[cell] = true
			}
		}
		if len(covered) != n*n {
			t.Errorf("n=%d: the queens cover %d cells of %d", n, len(covered), n*n)
		}
		if !regexp.MustCompile(`^dlx cover: 1 cover, \d+ nodes, \d+ passes in .*\n$`).MatchString(errs) {
			t.Errorf("n=%d: -stats wrote %q", n, errs)
		}
	}
}

// TestCoverStops: Ctrl-C (a cancelled context) and -time-limit stop a long
// proof with exit status 1 and a message; so does -node-limit.
func TestCoverStops(t *testing.T) {
	in := gen(t, "queendom", "15")
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	out, errs, code := runCmd(ctx, []string{"cover"}, in)
	if code != 1 || out != "" || !strings.Contains(errs, "partial: interrupted after 0 covers") || time.Since(start) > 5*time.Second {
		t.Errorf("cancelled: exit %d, %q, %q after %v", code, out, errs, time.Since(start))
	}
	out, errs, code = runCmd(context.Background(), []string{"cover", "-time-limit", "50ms", "-json"}, in)
	if code != 1 || out != "" || !strings.Contains(errs, "partial: time limit after 0 covers; every cover needs at least") {
		t.Errorf("-time-limit: exit %d, %q, %q", code, out, errs)
	}
	_, errs, code = runCmd(context.Background(), []string{"cover", "-node-limit", "-1"}, in)
	if code != 2 || errs == "" {
		t.Errorf("-node-limit -1: exit %d, %q", code, errs)
	}
}

// TestCoverWriteFailure: an output that cannot be written gives exit
// status 1 and a message.
func TestCoverWriteFailure(t *testing.T) {
	q := gen(t, "queendom", "6")
	for _, args := range [][]string{{"cover"}, {"cover", "-all", "-json"}} {
		var errb bytes.Buffer
		code := program.Run(context.Background(), &cli.Env{Stdin: strings.NewReader(q), Stdout: failWriter{}, Stderr: &errb}, args)
		if code != 1 || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v: code %d, stderr %q", args, code, errb.String())
		}
	}
}
