package logic

import (
	"context"
	"os"
	"testing"
)

func TestDebugSteps(t *testing.T) {
	p := os.Getenv("PUZ")
	if p == "" {
		t.Skip("set PUZ")
	}
	g, err := parse81(p)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Rate(context.Background(), g)
	for _, s := range r.Steps {
		if s.Rating > 2.3 {
			t.Log(s.String())
		}
	}
	t.Log(r.Rating, r.Hardest, err)
}

func TestDebugUnary(t *testing.T) {
	p := os.Getenv("PUZ")
	if p == "" {
		t.Skip("set PUZ")
	}
	g, _ := parse81(p)
	s, _ := newSolver(g, true)
	s.checkUnique()
	for s.b.empty > 0 {
		st, _ := s.next(6.5)
		if st == nil {
			break
		}
		s.b.apply(st)
	}
	ch := s.chainer()
	r := &ch.tmp
	for c, m := range s.b.cand {
		for o := m; o != 0; o &= o - 1 {
			d := trailing(o)
			st := ch.node(c, d, true)
			ch.propagate(r, st, chainMode{x: true, y: os.Getenv("Y") != ""}, st^1)
			if r.target >= 0 || (c == 44 && d == 6) {
				t.Log(cellName(ch.g, c), d, len(r.nodes), r.target, ch.pathText(r.nodes))
			}
		}
	}
}
