package logic

import "testing"

// TestWrongStep: RateWith's check of each step against the solution
// rejects a placement of another digit and the removal of the solution's
// digit, and lets a sound step through.
func TestWrongStep(t *testing.T) {
	sol := []uint8{1, 2, 3, 4}
	for _, tc := range []struct {
		name string
		st   Step
		want bool
	}{
		{"sound placement and elimination", Step{Placements: []Placement{{1, 2}}, Eliminations: []Candidate{{0, 2}, {3, 1}}}, false},
		{"empty step", Step{}, false},
		{"wrong placement", Step{Placements: []Placement{{2, 4}}}, true},
		{"solution digit removed", Step{Eliminations: []Candidate{{0, 3}, {3, 4}}}, true},
		{"cell out of range", Step{Placements: []Placement{{4, 1}}}, true},
	} {
		if got := wrongStep(&tc.st, sol); got != tc.want {
			t.Errorf("%s: wrongStep = %v, want %v", tc.name, got, tc.want)
		}
	}
}
