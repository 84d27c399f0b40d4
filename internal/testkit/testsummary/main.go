// Command testsummary reads the events of `go test -json` on standard
// input and writes what `go test` would (a line per package, the output of
// failed tests), then a summary of the skipped tests with their reasons.
//
// It exits 1 when a test or package failed, or, with -data-required, when
// a test skipped because a shared data file was missing (its reason starts
// with "shared data"): CI runs with the shared data present, where such a
// skip hides a test that should have run.
//
//	go test -json ./... | go run ./internal/testkit/testsummary -data-required
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

func main() {
	dataRequired := flag.Bool("data-required", false, "fail when a test skipped for want of shared data")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: go test -json ./... | testsummary [-data-required]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ok, err := summarize(os.Stdin, os.Stdout, *dataRequired)
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(2)
	}
	if !ok {
		os.Exit(1)
	}
}

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

// dataSkip is how a skip for want of shared data starts (see
// internal/testkit/shareddata).
const dataSkip = "shared data"

type skip struct{ pkg, test, reason string }

// summarize reads the events from r, writes the report to w, and reports
// whether everything passed.
func summarize(r io.Reader, w io.Writer, dataRequired bool) (bool, error) {
	type key struct{ pkg, test string }
	output := map[key][]string{}
	var skips []skip
	var failedTests []key
	failedPkgs := 0
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			// Not an event (go build errors can come first): pass it on.
			fmt.Fprintln(w, sc.Text())
			continue
		}
		k := key{e.Package, e.Test}
		switch e.Action {
		case "output":
			output[k] = append(output[k], e.Output)
		case "build-output":
			fmt.Fprint(w, e.Output)
		case "skip":
			if e.Test != "" {
				skips = append(skips, skip{e.Package, e.Test, skipReason(output[k])})
			}
			delete(output, k)
		case "pass":
			if e.Test == "" {
				fmt.Fprintf(w, "ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
			}
			delete(output, k)
		case "fail":
			if e.Test != "" {
				failedTests = append(failedTests, k)
				for _, o := range output[k] {
					fmt.Fprint(w, o)
				}
				delete(output, k)
				continue
			}
			failedPkgs++
			for _, o := range output[k] {
				fmt.Fprint(w, o)
			}
			fmt.Fprintf(w, "FAIL\t%s\t%.3fs\n", e.Package, e.Elapsed)
			delete(output, k)
		}
	}
	if err := sc.Err(); err != nil {
		return false, fmt.Errorf("line %d: %w", line+1, err)
	}
	sort.Slice(skips, func(i, j int) bool {
		if skips[i].pkg != skips[j].pkg {
			return skips[i].pkg < skips[j].pkg
		}
		return skips[i].test < skips[j].test
	})
	dataSkips := 0
	if len(skips) > 0 {
		fmt.Fprintf(w, "\n%d tests skipped:\n", len(skips))
		for _, s := range skips {
			fmt.Fprintf(w, "  %s %s: %s\n", s.pkg, s.test, s.reason)
			if strings.HasPrefix(s.reason, dataSkip) {
				dataSkips++
			}
		}
	}
	ok := failedPkgs == 0 && len(failedTests) == 0
	if !ok {
		fmt.Fprintf(w, "\n%d tests failed in %d packages\n", len(failedTests), failedPkgs)
	}
	if dataRequired && dataSkips > 0 {
		fmt.Fprintf(w, "\n%d tests skipped for want of shared data, which CI has: failing\n", dataSkips)
		ok = false
	}
	return ok, nil
}

// skipReason finds the message of a skipped test in its output: the text
// after "file_test.go:NN: " on the last line that has one.
func skipReason(out []string) string {
	reason := ""
	for _, o := range out {
		o = strings.TrimSpace(o)
		if strings.HasPrefix(o, "---") || strings.HasPrefix(o, "===") {
			continue
		}
		if i := strings.Index(o, ".go:"); i >= 0 {
			if j := strings.Index(o[i:], ": "); j >= 0 {
				reason = o[i+j+2:]
				continue
			}
		}
		if o != "" && reason == "" {
			reason = o
		}
	}
	if reason == "" {
		return "(no reason given)"
	}
	return reason
}
