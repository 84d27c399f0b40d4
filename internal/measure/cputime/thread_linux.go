package cputime

import "time"

// rusageThread is Linux's RUSAGE_THREAD.
const rusageThread = 1

// Thread returns the CPU time the calling thread has used so far; pin the
// goroutine with runtime.LockOSThread to measure one goroutine's work.
func Thread() time.Duration { return rusage(rusageThread) }
