package logic

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// TestDigitNames16: on a 16x16 grid written in letters, hints, their
// description, mistakes and rating steps name digits with the grid's
// letters ("the K in box 4"), not as numbers ("the 11 in box 4").
func TestDigitNames16(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 16))
	shape := sudoku.Shape{BoxRows: 4, BoxCols: 4}
	sol := patternSolution(shape, rng)
	p := dig(t, sol, 120, rng)
	ctx := context.Background()
	letters := sudoku.DefaultAlphabet(16)
	number := regexp.MustCompile(`\b(the|an?|be|is|not|only|of|both|need) ([0-9]+)\b|\b[0-9]+ from\b|=[0-9]+\b`)
	check := func(what, text string, ds []int) {
		t.Helper()
		if m := number.FindString(text); m != "" {
			t.Errorf("%s names a digit as a number (%q): %s", what, m, text)
		}
		for _, d := range ds {
			if !strings.Contains(text, letters[d-1:d]) {
				t.Errorf("%s does not name digit %d as %s: %s", what, d, letters[d-1:d], text)
			}
		}
	}
	h, err := Hint(ctx, p, nil, nil)
	if err != nil || h.Step == nil {
		t.Fatalf("hint: %+v, %v", h, err)
	}
	check("hint", h.Step.Explanation, h.Step.Digits)
	check("description", Describe(p, h.Step), h.Step.Digits)
	res, err := Rate(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range res.Steps {
		check(st.Technique, st.Explanation, nil)
	}
	// A wrong entry: "the K in r1c1 is wrong".
	state := p.Clone()
	for c, d := range state.Cells {
		if d == 0 {
			state.Cells[c] = sol.Cells[c]%16 + 1
			h, err := Hint(ctx, p, state, nil)
			if err != nil || h.Step == nil || h.Step.Technique != "Mistake" {
				t.Fatalf("mistake: %+v, %v", h, err)
			}
			check("mistake", h.Step.Explanation, []int{int(state.Cells[c])})
			break
		}
	}
}

// TestDigitNamesFormat: HintWith and DescribeIn name digits as the given
// format writes them.
func TestDigitNamesFormat(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 17))
	p := dig(t, patternSolution(sudoku.Shape{BoxRows: 4, BoxCols: 4}, rng), 120, rng)
	for _, f := range []sudoku.Format{{Alphabet: "0123456789ABCDEF"}, {Numbers: true}} {
		h, err := HintWith(context.Background(), p, nil, nil, HintOptions{Format: f})
		if err != nil || h.Step == nil || len(h.Step.Digits) == 0 {
			t.Fatalf("%+v: %+v, %v", f, h, err)
		}
		d := h.Step.Digits[0]
		name := f.DigitName(d, 16)
		if !strings.Contains(h.Step.Explanation, "The "+name+" ") || !strings.Contains(DescribeIn(p, h.Step, f), "must be "+name+"\n") {
			t.Errorf("%+v: digit %d not named %q: %s", f, d, name, DescribeIn(p, h.Step, f))
		}
	}
}
