package jsonfmt

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/sudoku"
)

func TestFromError(t *testing.T) {
	_, _, serr := sudoku.ParseGrid("12x", sudoku.ReadOptions{})
	_, xerr := exactcover.ReadKnuth(strings.NewReader("a b\na c\n"))
	tests := []struct {
		name      string
		err       error
		line, col int
	}{
		{"plain", errors.New("boom"), 0, 0},
		{"sudoku", fmt.Errorf("puzzle: %w", serr), 1, 0},
		{"exactcover", xerr, 2, 3},
	}
	for _, tt := range tests {
		if tt.err == nil {
			t.Fatalf("%s: no error to convert", tt.name)
		}
		e := FromError(CodeParse, tt.err)
		if e.Code != CodeParse || e.Line != tt.line || (tt.col != 0 && e.Column != tt.col) || e.Message == "" {
			t.Errorf("%s: got %+v, want line %d column %d", tt.name, e, tt.line, tt.col)
		}
		if tt.line > 0 && strings.HasPrefix(e.Message, "line ") {
			t.Errorf("%s: message %q repeats the position", tt.name, e.Message)
		}
	}
}

func TestEncoderCompact(t *testing.T) {
	var b bytes.Buffer
	if err := NewEncoder(&b).Encode(map[string]any{"a": "<&>", "ms": Millis(1500 * time.Microsecond)}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), `{"a":"<&>","ms":1.5}`+"\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
