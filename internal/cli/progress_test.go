package cli

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer safe for the progress goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestProgressLine(t *testing.T) {
	tests := []struct {
		name   string
		start  time.Duration // how long ago the work started
		line   string
		drawn  bool
		erased bool
	}{
		{"draws after a second, erases at the end", -2 * time.Second, "7/9 puzzles", true, true},
		{"nothing in the first second", 0, "7/9 puzzles", false, false},
		{"empty line draws nothing", -2 * time.Second, "", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w lockedBuffer
			calls := 0
			var mu sync.Mutex
			stop := ProgressLine(&w, time.Now().Add(tt.start), func(el time.Duration) string {
				mu.Lock()
				calls++
				mu.Unlock()
				if el < time.Second {
					t.Errorf("line asked for at %v, before the first second", el)
				}
				return tt.line
			})
			time.Sleep(600 * time.Millisecond)
			stop()
			out := w.String()
			if got := strings.Contains(out, "\r"+tt.line+"\033[K") && tt.line != ""; got != tt.drawn {
				t.Errorf("output %q: drawn %v, want %v", out, got, tt.drawn)
			}
			if got := strings.HasSuffix(out, "\r\033[K") && strings.Count(out, "\r") > 1; got != tt.erased {
				t.Errorf("output %q: erased %v, want %v", out, got, tt.erased)
			}
			if !tt.drawn && out != "" {
				t.Errorf("output %q, want nothing", out)
			}
			mu.Lock()
			defer mu.Unlock()
			if tt.start < 0 && calls == 0 {
				t.Error("line never asked for")
			}
		})
	}
}
