//go:build !unix

package cputime

import "time"

// Process returns 0: the platform does not report the process's CPU time.
func Process() time.Duration { return 0 }
