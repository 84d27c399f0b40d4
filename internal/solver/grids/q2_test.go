package grids

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestQuick3(t *testing.T) {
	p, _ := newPlanFor(3, 3, 0)
	fmt.Println("pieces", len(p.pieces), "group", len(p.group), "splits", len(p.splits))
	wk := newWorker(context.Background(), p)
	start := time.Now()
	v, err := wk.piece(&p.pieces[0])
	fmt.Println(v, err, time.Since(start), len(wk.memo))
	start = time.Now()
	v, err = wk.piece(&p.pieces[1])
	fmt.Println(v, err, time.Since(start), len(wk.memo))
}
