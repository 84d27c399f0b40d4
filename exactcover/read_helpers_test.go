package exactcover

import (
	"strconv"
	"strings"
)

// testRand is a small deterministic generator (SplitMix64) for tests.
type testRand struct{ s uint64 }

func newTestRand(seed uint64) *testRand { return &testRand{seed} }

func (r *testRand) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (r *testRand) intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int(r.next() % uint64(n))
}

func itoa(i int) string { return strconv.Itoa(i) }

func fmtLine(b *strings.Builder, n, m int, prefix string) {
	b.WriteString(prefix + itoa(n) + " " + itoa(m) + "\n")
}
