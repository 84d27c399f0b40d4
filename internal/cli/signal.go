package cli

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// StopSignals are the signals that stop a command that runs until told to
// (a server, a worker) gracefully: Ctrl-C, SIGTERM, and SIGHUP (the
// terminal or the session went away), which would otherwise kill the
// process at once.
var StopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// sigpipe receives SIGPIPE; nothing reads it (a signal that finds it full
// is dropped).
var sigpipe = make(chan os.Signal, 1)

// ServeContext prepares a command that runs until stopped: it returns a
// copy of ctx that is done at one of StopSignals (context.Cause names the
// signal), and it makes writes to a standard output or error whose pipe
// reader has gone fail with EPIPE instead of killing the process with
// SIGPIPE (Go's default for file descriptors 1 and 2, see os/signal), so
// that a server whose log reader exits keeps serving. The latter lasts for
// the rest of the process. Call stop when the command ends.
func ServeContext(ctx context.Context) (_ context.Context, stop context.CancelFunc) {
	// Notify rather than Ignore: an ignored signal would stay ignored in
	// the processes this one starts.
	signal.Notify(sigpipe, syscall.SIGPIPE)
	return signal.NotifyContext(ctx, StopSignals...)
}
