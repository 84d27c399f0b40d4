package count

import (
	"syscall"
	"time"
)

// threadCPU returns the CPU time the calling thread has used so far. On a
// shared machine it leaves out the time the thread waited for a core,
// which wall time counts.
func threadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if syscall.Getrusage(rusageThread, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
