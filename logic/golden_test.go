package logic

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestStepsGolden rates the puzzles of testdata/steps_golden.txt and
// compares every step (rating, technique, placements, eliminations) with
// the ones the ladder took before its speed-ups for the generator (the
// per-digit memo, the searches the solution rules out, the first rung's
// shortcuts): they must not change a step.
func TestStepsGolden(t *testing.T) {
	f, err := os.Open("testdata/steps_golden.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	ctx := context.Background()
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || text[0] == '#' {
			continue
		}
		fs := strings.Split(text, "\t")
		if len(fs) != 3 {
			t.Fatalf("line %d: want puzzle, rating and steps", line)
		}
		g, err := parse81(fs[0])
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		res, err := RateWith(ctx, g, Options{Steps: true})
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		want := strings.Split(fs[2], "|")
		if got := fmt.Sprintf("%.1f", res.Rating); got != fs[1] {
			t.Errorf("line %d: rating %s, want %s", line, got, fs[1])
		}
		if len(res.Steps) != len(want) {
			t.Errorf("line %d: %d steps, want %d", line, len(res.Steps), len(want))
		}
		for i := 0; i < len(res.Steps) && i < len(want); i++ {
			if got := goldenStep(res.Steps[i]); got != want[i] {
				t.Errorf("line %d: step %d is %s, want %s", line, i+1, got, want[i])
				break
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no puzzles in testdata/steps_golden.txt")
	}
}

// goldenStep writes a step as steps_golden.txt does.
func goldenStep(s Step) string {
	list := func(cs []Candidate) string {
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = fmt.Sprintf("%d.%d", c.Cell, c.Digit)
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprintf("%.1f:%s:%s:%s", s.Rating, s.Technique, list(s.Placements), list(s.Eliminations))
}
