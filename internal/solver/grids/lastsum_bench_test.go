package grids

import (
	"math/rand/v2"
	"testing"
)

// benchTable is a table of the size and row length of 12x12's (1.2 GB).
func benchTable() (table []uint32, rows int) {
	const u = 5775
	rows = 51975 // 1.2 GB, as 12x12's
	table = make([]uint32, rows*u)
	for i := range table {
		table[i] = uint32(i*2654435761) >> 4
	}
	return table, rows
}

// BenchmarkLastSum is the inner loop of the stack method on 12x12's
// sizes, as the count runs it: for one choice of band 2's first two
// stacks, 346 third-stack choices each read 346 entries from a row of
// band 2 and one of band 3 (random rows of a table past the caches). It
// is bound by memory: each call reads about 220 of the 361 cache lines
// of each row (12 ns a choice here, 11 in the count).
func BenchmarkLastSum(b *testing.B) {
	const u, n = 5775, 346
	table, rows := benchTable()
	rng := rand.New(rand.NewPCG(1, 1))
	i2, i3 := make([]int32, n), make([]int32, n)
	for k := range i2 {
		i2[k], i3[k] = int32(rng.IntN(u)), int32(rng.IntN(u))
	}
	ra, rb := make([]int, 64*n), make([]int, 64*n)
	for k := range ra {
		ra[k], rb[k] = rng.IntN(rows), rng.IntN(rows)
	}
	it := 0
	var acc u128
	for b.Loop() {
		for range n {
			k := it % len(ra)
			it++
			acc = lastSum(acc, table[ra[k]*u:(ra[k]+1)*u], table[rb[k]*u:(rb[k]+1)*u], i2, i3)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n/n, "ns/choice")
}
