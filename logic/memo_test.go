package logic

import (
	"context"
	"reflect"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// TestMemoSameSteps: rating with the per-digit memo (memo.go) gives the
// same steps, in the same order, as searching every digit at every step,
// on sample puzzles SE rates 4.0 and more (where turbot fish, chains of
// strong links and the X pass run at step after step).
func TestMemoSameSteps(t *testing.T) {
	step := 40
	if testing.Short() {
		step = 200
	}
	ctx := context.Background()
	n, hard := 0, 0
	for _, p := range loadRated(t, step) {
		if p.se < 4.0 {
			continue
		}
		with, err := RateWith(ctx, p.grid, Options{Steps: true})
		if err != nil {
			t.Fatal(err)
		}
		memoOff = true
		without, err := RateWith(ctx, p.grid, Options{Steps: true})
		memoOff = false
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(with, without) {
			t.Errorf("%s: with the memo %.1f in %d steps, without %.1f in %d steps", p.grid, with.Rating, len(with.Steps), without.Rating, len(without.Steps))
		}
		n++
		for _, s := range with.Steps {
			if s.Rating >= rSkyscraper {
				hard++
				break
			}
		}
	}
	if hard == 0 {
		t.Fatalf("none of the %d puzzles needed a step rated 4.0 or more", n)
	}
	t.Logf("%d puzzles, %d with steps rated 4.0 or more", n, hard)
}

// TestMemoRecordsAndForgets: a search recorded empty for a digit is known
// as such while the digit's places stay, forgotten once one goes, and a
// second record on the same places adds ratings.
func TestMemoRecordsAndForgets(t *testing.T) {
	g, err := parse81("000090000069001000210003904300007460000000000042800001907100042000900830000050000")
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSolver(g, false, sudoku.Format{})
	if err != nil {
		t.Fatal(err)
	}
	b := s.b
	m := b.memo()
	if got := m.known(b, memoTurbot, 5); got != 0 {
		t.Fatalf("fresh memo knows %b", got)
	}
	m.record(b, memoTurbot, 5, 1)
	m.record(b, memoTurbot, 5, 4)
	if got := m.known(b, memoTurbot, 5); got != 5 {
		t.Fatalf("known = %b, want 101", got)
	}
	if got := m.known(b, memoGrouped2, 5); got != 0 {
		t.Fatalf("another search knows %b", got)
	}
	// Another digit's places change: 5 is still known.
	c6 := -1
	for c, cm := range b.cand {
		if cm&dbit(6) != 0 && cm&dbit(5) == 0 {
			c6 = c
			break
		}
	}
	b.cand[c6] &^= dbit(6)
	if got := m.known(b, memoTurbot, 5); got != 5 {
		t.Fatalf("after removing a 6: known = %b, want 101", got)
	}
	for c, cm := range b.cand {
		if cm&dbit(5) != 0 {
			b.cand[c] &^= dbit(5)
			break
		}
	}
	if got := m.known(b, memoTurbot, 5); got != 0 {
		t.Fatalf("after removing a 5: known = %b, want 0", got)
	}
}
