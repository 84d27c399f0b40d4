//go:build unix

package clusterexec

import "syscall"

// replace replaces the process with path, run with args (argv[0] is the
// program's name) and the environment env; it returns only when it
// failed.
func replace(path string, args, env []string) error {
	return syscall.Exec(path, append([]string{Program}, args...), env)
}
