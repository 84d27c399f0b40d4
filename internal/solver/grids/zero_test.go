package grids

import (
	"context"
	"errors"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/zerotest"
)

// TestZeroPlan: every method of the zero Plan is safe: no pieces, a zero
// factor, and errors for counts.
func TestZeroPlan(t *testing.T) {
	var p Plan
	zerotest.Run(t, &p, zerotest.Cases{
		"Count": func() string {
			if _, err := p.Count(context.Background(), Options{}); !errors.Is(err, ErrShape) {
				return "err " + errString(err)
			}
			return ""
		},
		"CountPiece": func() string {
			if _, err := p.CountPiece(context.Background(), 0, Options{}); !errors.Is(err, ErrPiece) {
				return "err " + errString(err)
			}
			return ""
		},
		"Factor": func() string {
			if p.Factor().Sign() != 0 {
				return "not 0"
			}
			return ""
		},
		"Piece": func() string {
			if _, _, err := p.Piece(0); !errors.Is(err, ErrPiece) {
				return "err " + errString(err)
			}
			return ""
		},
		"Pieces": func() string {
			if p.Pieces() != 0 {
				return "not 0"
			}
			return ""
		},
		"Transposed": func() string {
			if p.Transposed() {
				return "true"
			}
			return ""
		},
	})
}

func errString(err error) string {
	if err == nil {
		return "nil"
	}
	return err.Error()
}
