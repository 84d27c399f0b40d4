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

// BenchmarkCount2x4FourBands counts the 8x8 grids as four bands of two
// rows (the sum recursing band by band: 150 s, against 0.4 s as two bands
// of four rows) and checks the published count.
func BenchmarkCount2x4FourBands(b *testing.B) {
	for b.Loop() {
		n, err := Count(context.Background(), 2, 4, Options{turn: -1})
		if err != nil {
			b.Fatal(err)
		}
		if n.String() != "29136487207403520" {
			b.Fatalf("%v grids", n)
		}
	}
}

// BenchmarkCount3x3Stacks counts every 9x9 grid by the stack method.
func BenchmarkCount3x3Stacks(b *testing.B) {
	for b.Loop() {
		if _, err := Count(context.Background(), 3, 3, Options{stacks: true}); err != nil {
			b.Fatal(err)
		}
	}
}
