package bitboard

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
)

// TestCountContext: a count with no practical end (the empty grid has
// about 6.7e21 solutions) stops at the deadline; a cancelled context stops
// it at once; a live context changes nothing.
func TestCountContext(t *testing.T) {
	var s Solver
	var empty [81]uint8
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	n, _, err := s.CountContext(ctx, &empty, 1<<62, nil)
	if !errors.Is(err, context.DeadlineExceeded) || n == 0 {
		t.Errorf("empty grid with a deadline: %d solutions, %v", n, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("stopped %v after a 50 ms deadline", d)
	}

	done, cancelNow := context.WithCancel(context.Background())
	cancelNow()
	if n, _, err := s.CountContext(done, &empty, 1<<62, nil); !errors.Is(err, context.Canceled) || n != 0 {
		t.Errorf("cancelled context: %d solutions, %v", n, err)
	}

	p := gridtest.Parse81(t, "000000010400000000020000000000050407008000300001090000300400200050100000000806000")
	var a, b [81]uint8
	n1, g1 := s.Count(&p, 2, &a)
	n2, g2, err := s.CountContext(context.Background(), &p, 2, &b)
	if err != nil || n1 != n2 || g1 != g2 || a != b || n1 != 1 {
		t.Errorf("live context: %d/%d solutions, %d/%d guesses, %v", n1, n2, g1, g2, err)
	}
}
