//go:build unix

package connlimit

import (
	"math"
	"syscall"
)

// FDLimit returns the process's limit of open files: the soft
// RLIMIT_NOFILE, which the Go runtime raises to the hard limit when the
// process starts. It returns 0 if the limit cannot be read.
func FDLimit() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0
	}
	if lim.Cur > math.MaxInt32 { // also RLIM_INFINITY
		return math.MaxInt32
	}
	return int(lim.Cur)
}
