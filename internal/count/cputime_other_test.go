//go:build !linux

package count

import "time"

// threadCPU is not measured here: the benchmarks report wall time only.
func threadCPU() time.Duration { return 0 }
