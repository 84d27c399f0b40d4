package main

import (
	"testing"
	"time"
)

// TestBatchProgressLine: the progress line counts the puzzles written; its
// percentage is of the puzzles once the whole input is read, else labelled
// as the part of the input read. (It once showed "100% 2,176 puzzles" for
// 2,176 puzzles of 5,008 done: the bytes read.)
func TestBatchProgressLine(t *testing.T) {
	tests := []struct {
		name                 string
		done, read           int64
		readAll              bool
		bytesRead, totalSize int64
		want                 string
	}{
		{"all read", 2176, 5008, true, 1000, 1000,
			"[=============                 ]  43% 2,176/5,008 puzzles, 2,176/s"},
		{"all done", 5008, 5008, true, 1000, 1000,
			"[==============================] 100% 5,008/5,008 puzzles, 5,008/s"},
		{"reading", 2176, 4096, false, 820, 1000, "2,176 puzzles, 2,176/s, 82% of the input read"},
		{"bytes read ahead", 2176, 4096, false, 1000, 1000, "2,176 puzzles, 2,176/s, 100% of the input read"},
		{"size unknown", 12, 40, false, 1000, -1, "12 puzzles, 12/s"},
	}
	for _, tt := range tests {
		var p batchProgress
		p.done.Store(tt.done)
		p.read.Store(tt.read)
		p.readAll.Store(tt.readAll)
		p.bytesRead.Store(tt.bytesRead)
		p.totalBytes = tt.totalSize
		if got := p.line(time.Second); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
