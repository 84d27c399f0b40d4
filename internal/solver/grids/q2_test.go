package grids

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func TestQuick3(t *testing.T) {
	start := time.Now()
	p, _ := newPlanFor(3, 3, 0)
	fmt.Println("plan", time.Since(start))
	start = time.Now()
	p.fillTable(context.Background(), 2)
	fmt.Println("table", time.Since(start))
	start = time.Now()
	v, err := p.sum(context.Background(), Options{Workers: 1})
	fmt.Println("sum", v, err, time.Since(start))
}
