package connlimit

// reserveFDs returns the file descriptors left to the rest of the process
// (standard streams, listeners, the poller, files, connections being
// refused or closed) out of a limit of fdLimit: 32 and a sixteenth.
func reserveFDs(fdLimit int) int { return 32 + fdLimit/16 }

// DefaultCap returns the connection cap of each of protocols protocols
// (at least 1) served by a process allowed fdLimit open files: an equal
// share of the limit less reserveFDs, at most DefaultMaxConns and at least
// 1. fdLimit 0 (unknown) gives DefaultMaxConns.
func DefaultCap(fdLimit, protocols int) int {
	if fdLimit <= 0 {
		return DefaultMaxConns
	}
	share := (fdLimit - reserveFDs(fdLimit)) / max(protocols, 1)
	return min(max(share, 1), DefaultMaxConns)
}

// DefaultPerAddr returns the per-address cap for a cap of maxConns:
// DefaultMaxConnsPerAddr, or half of maxConns if that is less, so that
// one address cannot hold every connection (at least 1).
func DefaultPerAddr(maxConns int) int {
	return min(DefaultMaxConnsPerAddr, max(maxConns/2, 1))
}
