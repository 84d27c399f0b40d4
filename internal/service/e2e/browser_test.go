package e2e

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// outcome records the skip or failure browser asks of its test, instead
// of ending the test (the other methods are the real test's).
type outcome struct {
	testing.TB
	skipped, failed bool
}

func (o *outcome) Helper()               {}
func (o *outcome) Skip(...any)           { o.skipped = true }
func (o *outcome) Skipf(string, ...any)  { o.skipped = true }
func (o *outcome) Fatalf(string, ...any) { o.failed = true }

// TestBrowserOutcome: the browser test skips only when no Chromium is
// found; a Chromium that does not start (here a program that exits at
// once with status 1) fails it.
func TestBrowserOutcome(t *testing.T) {
	o := &outcome{TB: t}
	if ctx := browser(o, ""); ctx != nil || !o.skipped || o.failed {
		t.Errorf("no Chromium: skipped=%v failed=%v, want a skip", o.skipped, o.failed)
	}
	fake := filepath.Join(t.TempDir(), "chromium")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	o = &outcome{TB: t}
	start := time.Now()
	if ctx := browser(o, fake); ctx != nil || o.skipped || !o.failed {
		t.Errorf("a Chromium that exits with status 1: skipped=%v failed=%v, want a failure", o.skipped, o.failed)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("noticing that the browser did not start took %v", d)
	}
}
