package grids

import (
	"context"
	"testing"
	"time"
)

func TestQuick(t *testing.T) {
	for _, s := range [][3]int{{2, 2, 0}, {3, 2, 0}, {2, 3, 0}, {2, 3, -1}, {3, 3, 0}} {
		p, err := newPlanFor(s[0], s[1], s[2])
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		n, err := Count(context.Background(), s[0], s[1], Options{turn: s[2]})
		t.Logf("%v: %d pieces, group %d, splits %d: %v %v in %v", s, len(p.pieces), len(p.group), len(p.splits), n, err, time.Since(start))
	}
}
