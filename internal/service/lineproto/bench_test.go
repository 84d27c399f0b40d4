package lineproto

import "testing"

func BenchmarkDefaultSolver(b *testing.B) {
	var p, sol [81]uint8
	for i := range 81 {
		p[i] = test1[i] - '0'
	}
	s := newGridSolver()
	for b.Loop() {
		s.Solve(&p, &sol)
	}
}
