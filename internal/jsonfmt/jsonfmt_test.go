package jsonfmt

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/fpuzzles"
	"github.com/dlxkit/dlx/internal/lzstring"
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

// TestFromErrorProblems: an import with several problems gives each in
// "problems" (the message joins them); one problem, or another error,
// gives none.
func TestFromErrorProblems(t *testing.T) {
	const two = `{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"xv":[{"cells":["R1C1","R1C2"],"value":"Y"}],"line":[{"lines":[["R4C1","R4C2"]]}]}`
	_, err := fpuzzles.Read("https://f-puzzles.com/?load=" + lzstring.CompressToBase64(two))
	if err == nil {
		t.Fatal("the puzzle with two problems imports")
	}
	e := FromError(CodeShape, err)
	if len(e.Problems) != 2 || !strings.Contains(e.Problems[0], `XV mark 1 (r1c1 r1c2): value "Y"`) || !strings.Contains(e.Problems[1], "cosmetic lines (line 1)") {
		t.Errorf("problems %q", e.Problems)
	}
	if e.Message != err.Error() || !strings.HasPrefix(e.Message, "f-puzzles link: ") {
		t.Errorf("message %q, want the error's %q", e.Message, err)
	}
	b := new(bytes.Buffer)
	NewEncoder(b).Encode(e)
	if !strings.Contains(b.String(), `"problems":["bad f-puzzles puzzle: XV mark 1`) {
		t.Errorf("encoded %s", b)
	}
	_, one := fpuzzles.Read(`{"size":4,"grid":[]}`)
	if e := FromError(CodeParse, one); one == nil || e.Problems != nil {
		t.Errorf("one problem (%v): problems %q, want none", one, e.Problems)
	}
}
