//go:build unix

package clusterexec

import (
	"os"
	"syscall"
)

// replace replaces the process with path, run with args (argv[0] is the
// program's name), and the environment; it returns only when it failed.
func replace(path string, args []string) error {
	return syscall.Exec(path, append([]string{Program}, args...), os.Environ())
}
