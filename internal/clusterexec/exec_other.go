//go:build !unix

package clusterexec

import "errors"

// replace is not possible here: the program runs as a child.
func replace(string, []string, []string) error { return errors.ErrUnsupported }
