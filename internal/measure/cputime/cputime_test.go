package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestGrows: a second of busy work shows in both clocks, and the thread's
// time never exceeds the process's.
func TestGrows(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	p0, t0 := Process(), Thread()
	x := 0
	for i := range 200_000_000 {
		x += i ^ x>>3
	}
	sink = x
	p1, t1 := Process(), Thread()
	if runtime.GOOS == "linux" {
		if p1 <= p0 || t1 <= t0 {
			t.Fatalf("process %v -> %v, thread %v -> %v: want both to grow", p0, p1, t0, t1)
		}
		if t1-t0 > p1-p0+time.Millisecond { // read a moment apart

			t.Errorf("thread used %v, more than the process's %v", t1-t0, p1-p0)
		}
	}
}

var sink int
