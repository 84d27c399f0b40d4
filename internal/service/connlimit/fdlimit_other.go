//go:build !unix

package connlimit

// FDLimit returns 0: the platform has no limit of open files to read.
func FDLimit() int { return 0 }
