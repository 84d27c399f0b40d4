package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/logic"
)

const hintPuzzle = "570060003030005060601007000053000001000080000900000270000800402080100030200040019"

func TestHintCommand(t *testing.T) {
	out, errs, code := runCmd(t, "", "hint", hintPuzzle)
	if code != 0 {
		t.Fatalf("code %d: %s", code, errs)
	}
	want := `Hidden Single (1.2)
cells: r1c6
digits: 8
so: r1c6 must be 8
why: The 8 in box 2 can only go in r1c6, because every other cell of the box already sees an 8 or is filled.
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestHintCommandFlagsAfterPuzzle(t *testing.T) {
	// Each digit in turn in the empty r1c3: all but the solution's are
	// reported as a mistake in cell 2. Flags come after the puzzle.
	mistakes := 0
	for d := '1'; d <= '9'; d++ {
		state := hintPuzzle[:2] + string(d) + hintPuzzle[3:]
		out, errs, code := runCmd(t, "", "hint", hintPuzzle, "-state", state, "-json")
		if code != 0 {
			t.Fatalf("code %d: %s", code, errs)
		}
		var h logic.HintResult
		if err := json.Unmarshal([]byte(out), &h); err != nil {
			t.Fatal(err)
		}
		if len(h.Mistakes) > 0 {
			if len(h.Mistakes) != 1 || h.Mistakes[0] != 2 || h.Step == nil || h.Step.Technique != "Mistake" {
				t.Errorf("got %+v", h)
			}
			mistakes++
		}
	}
	if mistakes != 8 {
		t.Errorf("%d digits reported as mistakes, want 8", mistakes)
	}
}

func TestHintCommandPencil(t *testing.T) {
	// Every empty cell marked 1-9: the hint first cleans the marks up.
	fields := make([]string, 81)
	for i := range fields {
		fields[i] = "123456789"
		if hintPuzzle[i] != '0' {
			fields[i] = "."
		}
	}
	out, errs, code := runCmd(t, "", "hint", "-pencil", strings.Join(fields, " "), hintPuzzle)
	if code != 0 || !strings.HasPrefix(out, "Pencil Mark Cleanup") {
		t.Errorf("code %d, out %q, err %q", code, out, errs)
	}
}

func TestHintCommandErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"hint"}, 2},
		{[]string{"hint", "123"}, 2},
		{[]string{"hint", hintPuzzle, hintPuzzle}, 2},
		{[]string{"hint", hintPuzzle, "-pencil", "1 2 3"}, 2},
		{[]string{"hint", strings.Repeat("0", 81)}, 1},
		{[]string{"hint", "-h"}, 0},
	} {
		if _, errs, code := runCmd(t, "", tc.args...); code != tc.code {
			t.Errorf("%v: code %d, want %d (%s)", tc.args, code, tc.code, errs)
		}
	}
}

func FuzzParsePencil(f *testing.F) {
	f.Add("1 2 3 4", 4)
	f.Add("12,34,.,0", 4)
	f.Add("ABC z 9", 3)
	f.Add("", 0)
	f.Add("1!2", 1)
	f.Fuzz(func(t *testing.T, s string, cells int) {
		if cells < 0 || cells > 1000 {
			return
		}
		marks, err := parsePencil(s, cells)
		if err == nil && len(marks) != cells {
			t.Fatalf("%d marks for %d cells", len(marks), cells)
		}
	})
}
