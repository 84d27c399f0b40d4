package count

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/gridtest"
)

// fuzzPuzzle derives a puzzle from a seed: a random valid grid with 30 to
// 59 blank cells and, when change is set, one cell set to a random digit
// (which may clash, leave no solution, or still leave some).
func fuzzPuzzle(seed uint64, blanks uint8, change bool) [81]uint8 {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	p := gridtest.Random(r)
	nb := 30 + int(blanks)%30
	for _, i := range r.Perm(81)[:nb] {
		p[i] = 0
	}
	if change {
		p[r.IntN(81)] = uint8(r.IntN(10))
	}
	return p
}

// fuzzCap bounds the counts the fuzz test compares, to keep the fast
// solver's enumeration quick.
const fuzzCap = 20_000

func checkAgainstBitboard(t *testing.T, c *Counter, p *[81]uint8) int {
	t.Helper()
	want := reference(p, fuzzCap)
	got, err := c.Count(context.Background(), p, fuzzCap)
	if err != nil || got != want {
		t.Fatalf("puzzle %v: Count(limit %d) = %d, %v; fast solver %d", p, fuzzCap, got, err, want)
	}
	if want < fuzzCap {
		// Counted to the end: the same without a limit.
		if got, err := c.Count(context.Background(), p, 0); err != nil || got != want {
			t.Fatalf("puzzle %v: Count = %d, %v; fast solver %d", p, got, err, want)
		}
	}
	return want
}

func FuzzCountBands(f *testing.F) {
	for i := range 20 {
		f.Add(uint64(i), uint8(i*3), i%4 == 0)
	}
	var c Counter
	f.Fuzz(func(t *testing.T, seed uint64, blanks uint8, change bool) {
		p := fuzzPuzzle(seed, blanks, change)
		checkAgainstBitboard(t, &c, &p)
	})
}

// TestRandomPuzzles runs the fuzz body on a fixed set of seeds.
func TestRandomPuzzles(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	var c Counter
	var kinds [4]int // 0, 1, 2 to fuzzCap-1, fuzzCap (capped)
	for i := range n {
		p := fuzzPuzzle(uint64(i)*0x2545F4914F6CDD1D, uint8(i*7), i%5 == 0)
		switch k := checkAgainstBitboard(t, &c, &p); {
		case k < 2:
			kinds[k]++
		case k < fuzzCap:
			kinds[2]++
		default:
			kinds[3]++
		}
	}
	t.Logf("%d puzzles: %d with no solution or clashing, %d unique, %d with 2 to %d, %d with more", n, kinds[0], kinds[1], kinds[2], fuzzCap-1, kinds[3])
	for k, c := range kinds {
		if c == 0 {
			t.Errorf("no puzzle of kind %d: the test lost its reach", k)
		}
	}
}
