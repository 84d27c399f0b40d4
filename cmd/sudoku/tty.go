package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"time"
)

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// version returns the module version from the build information.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// progressLine draws line(elapsed) on w, a terminal, four times a second
// once the work has run for a second, until the returned function is
// called, which erases it. An empty line draws nothing.
func progressLine(w io.Writer, start time.Time, line func(elapsed time.Duration) string) (stop func()) {
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(250 * time.Millisecond)
		defer t.Stop()
		drawn := false
		for {
			select {
			case <-quit:
				if drawn {
					fmt.Fprint(w, "\r\033[K")
				}
				return
			case now := <-t.C:
				el := now.Sub(start)
				if el < time.Second {
					continue
				}
				if l := line(el); l != "" {
					fmt.Fprint(w, "\r"+l+"\033[K")
					drawn = true
				}
			}
		}
	}()
	return func() { close(quit); <-finished }
}
