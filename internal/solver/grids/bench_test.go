package grids

import (
	"context"
	"testing"
)

// BenchmarkCount3x3 counts every 9x9 grid.
func BenchmarkCount3x3(b *testing.B) {
	for b.Loop() {
		if _, err := Count(context.Background(), 3, 3, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCount2x4 counts every 8x8 grid with 2x4 boxes.
func BenchmarkCount2x4(b *testing.B) {
	for b.Loop() {
		if _, err := Count(context.Background(), 2, 4, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
