package logic

import (
	"context"
	"errors"
	"math"
	"testing"
)

// TestChainLength checks SE's length adjustment against the thresholds of
// its documentation (docs/rating.md): 0.1 for each of 4, 6, 8, 12, 16, 24,
// 32, ... that the complexity minus two exceeds.
func TestChainLength(t *testing.T) {
	for _, tt := range []struct {
		complexity int
		want       float64
	}{
		{2, 0}, {6, 0}, {7, 0.1}, {8, 0.1}, {9, 0.2}, {10, 0.2}, {11, 0.3}, {14, 0.3},
		{15, 0.4}, {18, 0.4}, {19, 0.5}, {26, 0.5}, {27, 0.6}, {34, 0.6}, {35, 0.7}, {50, 0.7}, {51, 0.8},
	} {
		if got := lengthBonus(tt.complexity); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("lengthBonus(%d) = %.2f, want %.1f", tt.complexity, got, tt.want)
		}
	}
}

// TestUniqueLoopSix: six cells of a band hold only 1 and 2 but r3c1,
// which also holds 5; the loop r1c1-r1c4-r2c4-r2c7-r3c7-r3c1 visits rows
// 1-3, columns 1, 4, 7 and boxes 1-3 twice each, so r3c1 is 5: a unique
// loop of 6 cells, type 1, 4.6.
func TestUniqueLoopSix(t *testing.T) {
	b := emptyBoard9(t)
	loop := []int{rc(1, 1), rc(1, 4), rc(2, 4), rc(2, 7), rc(3, 7), rc(3, 1)}
	for c := range b.cand {
		b.cand[c] &^= dbit(1) | dbit(2)
	}
	for _, c := range loop[:5] {
		set(b, c, 1, 2)
	}
	set(b, rc(3, 1), 1, 2, 5)
	st := uniqueLoop(b)
	if st == nil {
		t.Fatal("not found")
	}
	if st.Technique != "Unique Loop Type 1" || math.Abs(st.Rating-4.6) > 1e-9 {
		t.Errorf("got %s (%.1f), want Unique Loop Type 1 (4.6)", st.Technique, st.Rating)
	}
	want := []Candidate{{rc(3, 1), 1}, {rc(3, 1), 2}}
	if len(st.Eliminations) != 2 || st.Eliminations[0] != want[0] || st.Eliminations[1] != want[1] {
		t.Errorf("eliminations %v, want %v", st.Eliminations, want)
	}
}

// TestSerateNumbers checks EP and ED against their definition, computed
// from the steps: ED is the first step's rating, EP the highest rating up
// to the first step that places a digit, and ED <= EP <= ER.
func TestSerateNumbers(t *testing.T) {
	for i, p := range loadRated(t, 25) {
		r, err := RateWith(context.Background(), p.grid, Options{Steps: true})
		if err != nil {
			t.Fatalf("puzzle %d: %v", i, err)
		}
		ep := 0.0
		for _, st := range r.Steps {
			ep = max(ep, st.Rating)
			if len(st.Placements) > 0 {
				break
			}
		}
		if r.ED != r.Steps[0].Rating || r.EP != ep || r.ED > r.EP || r.EP > r.Rating {
			t.Errorf("puzzle %d: ER/EP/ED %.1f/%.1f/%.1f, want ED %.1f, EP %.1f", i, r.Rating, r.EP, r.ED, r.Steps[0].Rating, ep)
		}
	}
}

// TestRateMin: with Options.Min a puzzle rated below the floor gets its
// full rating; one rated at or above it stops with ErrAtLeast and a lower
// bound between the floor and the full rating.
func TestRateMin(t *testing.T) {
	const floor = 7.0
	n := 0
	for i, p := range loadRated(t, 25) {
		full, err := RateWith(context.Background(), p.grid, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := RateWith(context.Background(), p.grid, Options{Min: floor})
		switch {
		case full.Rating < floor:
			if err != nil || got.Rating != full.Rating {
				t.Errorf("puzzle %d: %.1f, %v; want %.1f", i, got.Rating, err, full.Rating)
			}
		case errors.Is(err, ErrAtLeast):
			n++
			if got.Rating < floor || got.Rating > full.Rating {
				t.Errorf("puzzle %d: lower bound %.1f, want %.1f..%.1f", i, got.Rating, floor, full.Rating)
			}
		case err == nil && got.Rating == full.Rating:
			// the step that reached the floor was the last one
		default:
			t.Errorf("puzzle %d: %.1f, %v; full rating %.1f", i, got.Rating, err, full.Rating)
		}
	}
	if n == 0 {
		t.Error("no puzzle stopped at the floor")
	}
}
