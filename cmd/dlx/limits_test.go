package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/cli/clitest"
	"github.com/dlxkit/dlx/internal/countfmt"
)

// timesRE matches the durations and rates in the output of dlx estimate.
var timesRE = regexp.MustCompile(`[0-9.]+(ns|µs|ms|s|m|h)\b|[0-9.]+[kMG]? updates/s|"(time_ms|estimate_ms|updates_per_s)":[0-9.e+]+`)

// TestGoldenEstimate runs testdata/estimate/*.txtar as TestGolden does,
// with the times of the output replaced by TIME.
func TestGoldenEstimate(t *testing.T) {
	clitest.Run(t, "testdata/estimate/*.txtar", program.Run, func(s string) string {
		return timesRE.ReplaceAllStringFunc(s, func(m string) string {
			if i := strings.IndexByte(m, ':'); i > 0 && m[0] == '"' {
				return m[:i+1] + "0"
			}
			return "TIME"
		})
	})
}

// TestSplitPiecesCLI: "dlx split" then "dlx count -sub" on every piece
// file adds up to the known count, by depth and by number of pieces,
// sequentially and in parallel.
func TestSplitPiecesCLI(t *testing.T) {
	tests := []struct {
		model, arg string
		split      []string
		want       int64
	}{
		{"queens", "8", []string{"-pieces", "20"}, 92},
		{"queens", "8", []string{"-depth", "3"}, 92},
		{"langford", "7", []string{"-depth", "2"}, 52},
		{"pentomino", "3x20", []string{"-pieces", "30"}, 8},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		file := filepath.Join(dir, "p.dlx")
		if err := os.WriteFile(file, []byte(gen(t, tt.model, tt.arg)), 0o666); err != nil {
			t.Fatal(err)
		}
		out, errs, code := runCmd(context.Background(), append([]string{"split", "-json", "-o", filepath.Join(dir, "pieces"), file}, tt.split...), "")
		var sj splitJSON
		if code != 0 || json.Unmarshal([]byte(out), &sj) != nil {
			t.Fatalf("split: %d %q %q", code, out, errs)
		}
		pieces, _ := filepath.Glob(filepath.Join(dir, "pieces", "piece-*.txt"))
		if len(pieces) != sj.Pieces || len(pieces) < 2 {
			t.Fatalf("%s %s %v: %d files, %d pieces said", tt.model, tt.arg, tt.split, len(pieces), sj.Pieces)
		}
		total := int64(0)
		for i, piece := range pieces {
			workers := []string{"-workers", "1"}
			if i%2 == 1 {
				workers[1] = "2"
			}
			total += countOf(t, "", append([]string{"-sub", piece, file}, workers...)...)
		}
		if total != tt.want {
			t.Errorf("%s %s split %v: %d pieces count %d, want %d", tt.model, tt.arg, tt.split, len(pieces), total, tt.want)
		}
	}
}

// TestTimeLimit: -time-limit stops a long search soon, with the count so
// far, "stopped":"deadline" and exit status 1, sequentially and in
// parallel.
func TestTimeLimit(t *testing.T) {
	q := gen(t, "queens", "16") // minutes of search
	for _, workers := range []string{"1", "2"} {
		start := time.Now()
		out, errs, code := runCmd(context.Background(), []string{"count", "-json", "-time-limit", "100ms", "-workers", workers}, q)
		took := time.Since(start)
		var j countfmt.Count
		if code != 1 || json.Unmarshal([]byte(out), &j) != nil || j.Complete || j.Stopped != "deadline" || j.Nodes == 0 ||
			errs != "dlx count: partial: time limit reached\n" {
			t.Errorf("count -workers %s: %d %q %q", workers, code, out, errs)
		}
		if took > 10*time.Second { // generous: a shared, loaded machine; the search runs for many seconds uncancelled
			t.Errorf("count -workers %s -time-limit 100ms took %v", workers, took)
		}
		out, errs, code = runCmd(context.Background(), []string{"solve", "-all", "-time-limit", "100ms", "-workers", workers}, q)
		if code != 1 || !strings.HasPrefix(errs, "dlx solve: partial: time limit reached after ") || !strings.HasPrefix(out, "r") {
			t.Errorf("solve -workers %s: %d %.100q %q", workers, code, out, errs)
		}
	}
}

// TestProgressLines: -progress prints progress lines, each on its own
// line, on a standard error that is not a terminal; once the search has
// reported its position they give the part done and the time left.
func TestProgressLines(t *testing.T) {
	q := gen(t, "queens", "14")
	_, errs, code := runCmd(context.Background(), []string{"count", "-progress", "30ms", "-node-limit", "3500000"}, q)
	if code != 1 {
		t.Fatalf("exit %d: %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if len(lines) < 3 || lines[len(lines)-1] != "dlx count: partial: node limit reached" {
		t.Fatalf("stderr %q", errs)
	}
	line := regexp.MustCompile(`^\d+ solutions, \d+ nodes, \d+ updates \(\S+ updates/s\), \S+(, about \S+% done, \S+ left)?$`)
	done := 0
	for _, l := range lines[:len(lines)-1] {
		if !line.MatchString(l) {
			t.Errorf("progress line %q", l)
		}
		if strings.Contains(l, "% done") {
			done++
		}
	}
	if done == 0 {
		t.Errorf("no progress line with the part done: %q", errs)
	}
	// -quiet: no progress lines.
	if _, errs, _ := runCmd(context.Background(), []string{"count", "-quiet", "-progress", "30ms", "-node-limit", "1500000"}, q); errs != "dlx count: partial: node limit reached\n" {
		t.Errorf("-quiet: stderr %q", errs)
	}
}
