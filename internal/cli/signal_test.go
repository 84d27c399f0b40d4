//go:build unix

package cli

import (
	"context"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeContext: each of the stop signals, sent to this process, ends
// the context of ServeContext, whose cause names the signal. (Without it
// SIGHUP and SIGTERM would kill the test.) What SIGPIPE does is seen from
// a process: see the serve and worker tests of cmd/sudoku and cmd/dlx.
func TestServeContext(t *testing.T) {
	for _, tt := range []struct {
		sig  syscall.Signal
		want string
	}{
		{syscall.SIGHUP, "hangup"}, {syscall.SIGTERM, "terminated"}, {syscall.SIGINT, "interrupt"},
	} {
		ctx, stop := ServeContext(context.Background())
		if err := syscall.Kill(syscall.Getpid(), tt.sig); err != nil {
			t.Fatal(err)
		}
		select {
		case <-ctx.Done():
			if cause := context.Cause(ctx); !strings.Contains(cause.Error(), tt.want) {
				t.Errorf("%v: cause %v", tt.sig, cause)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("%v: the context is not done", tt.sig)
		}
		stop()
	}
}
