package main

import (
	"strings"
	"testing"
)

func ev(action, pkg, test, output string) string {
	s := `{"Action":"` + action + `","Package":"` + pkg + `"`
	if test != "" {
		s += `,"Test":"` + test + `"`
	}
	if output != "" {
		s += `,"Output":` + quoteJSON(output)
	}
	return s + "}\n"
}

func quoteJSON(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	return `"` + r.Replace(s) + `"`
}

func TestSummarize(t *testing.T) {
	dataSkip := ev("run", "p/a", "TestData", "") +
		ev("output", "p/a", "TestData", "=== RUN   TestData\n") +
		ev("output", "p/a", "TestData", "    a_test.go:12: shared data file /x/y not found: no such file\n") +
		ev("output", "p/a", "TestData", "--- SKIP: TestData (0.00s)\n") +
		ev("skip", "p/a", "TestData", "")
	shortSkip := ev("output", "p/a", "TestLong", "    b_test.go:3: long in -short mode\n") +
		ev("skip", "p/a", "TestLong", "")
	pass := ev("pass", "p/a", "TestOK", "") + ev("pass", "p/a", "", "")
	fail := ev("output", "p/b", "TestBad", "    c_test.go:9: got 3, want 4\n") +
		ev("fail", "p/b", "TestBad", "") + ev("fail", "p/b", "", "")
	tests := []struct {
		name         string
		in           string
		dataRequired bool
		ok           bool
		want         []string
	}{
		{"all pass", pass, true, true, []string{"ok  \tp/a"}},
		{"short skip listed", shortSkip + pass, true, true, []string{"1 tests skipped", "p/a TestLong: long in -short mode"}},
		{"data skip allowed", dataSkip + pass, false, true, []string{"p/a TestData: shared data file /x/y not found"}},
		{"data skip fails", dataSkip + pass, true, false, []string{"1 tests skipped for want of shared data"}},
		{"failure", fail + pass, false, false, []string{"c_test.go:9: got 3, want 4", "FAIL\tp/b", "1 tests failed in 1 packages"}},
		{"build error passed on", "# p/c\nc.go:1: syntax error\n" + pass, false, true, []string{"c.go:1: syntax error"}},
	}
	for _, tt := range tests {
		var out strings.Builder
		ok, err := summarize(strings.NewReader(tt.in), &out, tt.dataRequired)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if ok != tt.ok {
			t.Errorf("%s: ok = %v, want %v\n%s", tt.name, ok, tt.ok, out.String())
		}
		for _, w := range tt.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, w, out.String())
			}
		}
	}
}
