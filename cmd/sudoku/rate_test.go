package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The first line of se_rated_sample.txt (Sudoku Explainer rating 2.5) and
// a grid with many solutions.
const rateInput = `570060003030005060601007000053000001000080000900000270000800402080100030200040019 2.5
100000000000000000000000000000000000000000000000000000000000000000000000000000000 x
`

func TestRateCommand(t *testing.T) {
	out, errs, code := runCmd(t, rateInput, "rate")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || code != 1 {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errs)
	}
	if lines[0] != "2.5 medium Direct Hidden Triple" {
		t.Errorf("line 1: %q", lines[0])
	}
	if lines[1] != "several solutions" {
		t.Errorf("line 2: %q", lines[1])
	}
	if !strings.Contains(errs, "2 puzzles, 1 rated") {
		t.Errorf("summary: %q", errs)
	}
}

func TestRateCommandJSONStepsCompare(t *testing.T) {
	in := strings.SplitAfter(rateInput, "\n")[0] +
		"000801000005064100060700080250000403090000070406000012010009020002570900000103000 2.5\n"
	out, errs, code := runCmd(t, in, "rate", "-json", "-steps", "-compare", "-workers", "1")
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	var n int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r rateJSON
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if r.Status != "rated" || r.Rating != 2.5 || r.Level != "medium" || len(r.Steps) < 50 || r.Line != n+1 {
			t.Errorf("got %+v", r)
		}
		n++
	}
	if n != 2 || !strings.Contains(errs, "2 puzzles compared: Spearman") {
		t.Errorf("%d lines, stderr %q", n, errs)
	}
}

func TestRateCommandMax(t *testing.T) {
	out, _, code := runCmd(t, strings.SplitAfter(rateInput, "\n")[0], "rate", "-max", "2.3")
	if code != 0 || strings.TrimSpace(out) != ">2.3" {
		t.Errorf("code %d, out %q", code, out)
	}
}

func TestRateCommandUsage(t *testing.T) {
	if errs, _, code := runCmd(t, "", "rate", "-h"); code != 0 || !strings.Contains(errs, "Usage: sudoku rate") {
		t.Errorf("-h: code %d, %q", code, errs)
	}
	if _, _, code := runCmd(t, "", "rate", "-nosuchflag"); code != 2 {
		t.Errorf("bad flag: code %d, want 2", code)
	}
}
