//go:build !linux

package cputime

import "time"

// Thread returns 0: the platform does not report a thread's CPU time.
func Thread() time.Duration { return 0 }
