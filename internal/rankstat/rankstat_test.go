package rankstat

import (
	"math"
	"testing"
)

func TestSpearman(t *testing.T) {
	for _, tc := range []struct {
		a, b []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		// Ranks 1 2 3 4 against 2 1 4 3: 1 - 6*4/(4*15) = 0.6.
		{[]float64{1, 2, 3, 4}, []float64{2, 1, 4, 3}, 0.6},
		// Ties share their mean rank: 1.5 1.5 3 against 1 2 3,
		// Pearson's correlation sqrt(3)/2.
		{[]float64{5, 5, 7}, []float64{1, 2, 3}, math.Sqrt(3) / 2},
	} {
		if r := Spearman(tc.a, tc.b); math.Abs(r-tc.want) > 1e-12 {
			t.Errorf("Spearman(%v, %v) = %v, want %v", tc.a, tc.b, r, tc.want)
		}
	}
	for _, bad := range [][2][]float64{{{1}, {2}}, {{1, 2}, {1}}, {{3, 3, 3}, {1, 2, 3}}} {
		if r := Spearman(bad[0], bad[1]); !math.IsNaN(r) {
			t.Errorf("Spearman(%v, %v) = %v, want NaN", bad[0], bad[1], r)
		}
	}
}

func TestMeanAbsDiff(t *testing.T) {
	if d := MeanAbsDiff([]float64{1, 2, 3}, []float64{2, 2, 1}); math.Abs(d-1) > 1e-12 {
		t.Errorf("MeanAbsDiff = %v, want 1", d)
	}
	if d := MeanAbsDiff(nil, nil); !math.IsNaN(d) {
		t.Errorf("MeanAbsDiff of nothing = %v, want NaN", d)
	}
}
