//go:build !unix

package main

import "time"

// processCPU reports no CPU time on platforms without getrusage.
func processCPU() (time.Duration, bool) { return 0, false }
