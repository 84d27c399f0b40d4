package count

import (
	"context"
	"runtime"
	"testing"

	"github.com/dlxkit/dlx/internal/measure/cputime"
	"github.com/dlxkit/dlx/internal/solver/bitboard"
	"github.com/dlxkit/dlx/internal/testkit/gridtest"
)

// benchReport reports solutions per second of wall time and, where the
// system gives it, of the thread's CPU time (steadier on a shared
// machine), over the b.N runs that counted n solutions each.
func benchReport(b *testing.B, n int, cpu0 float64) {
	total := float64(b.N) * float64(n)
	b.ReportMetric(total/b.Elapsed().Seconds(), "solutions/s")
	if cpu := cputime.Thread().Seconds() - cpu0; cpu > 0 {
		b.ReportMetric(total/cpu, "solutions/cpu-s")
		b.ReportMetric(cpu*1e3/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkPair counts the first puzzle of test1000 without two of its
// givens: r5c7 and r7c7 (748,361 solutions) with Counter (a new one each
// time: no memo carried over) and with the fast solver enumerating them,
// and r4c5 and r6c3 (24,205,741, the most of its 136 pairs) with Counter
// only (the fast solver takes about 30 s).
func BenchmarkPair(b *testing.B) {
	p := gridtest.Parse81(b, first17)
	for _, pc := range []struct {
		name     string
		cells    [2]int
		want     int
		bitboard bool
	}{
		{"r5c7-r7c7", [2]int{4*9 + 6, 6*9 + 6}, 748_361, true},
		{"r4c5-r6c3", [2]int{3*9 + 4, 5*9 + 2}, 24_205_741, false},
	} {
		q := p
		q[pc.cells[0]], q[pc.cells[1]] = 0, 0
		b.Run("count/"+pc.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := cputime.Thread().Seconds()
			for b.Loop() {
				var c Counter
				if n, err := c.Count(context.Background(), &q, 0); n != pc.want || err != nil {
					b.Fatalf("%d solutions (%v), want %d", n, err, pc.want)
				}
			}
			benchReport(b, pc.want, cpu0)
		})
		if !pc.bitboard {
			continue
		}
		b.Run("bitboard/"+pc.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := cputime.Thread().Seconds()
			var s bitboard.Solver
			for b.Loop() {
				if n, _ := s.Count(&q, 1<<62, nil); n != pc.want {
					b.Fatalf("%d solutions, want %d", n, pc.want)
				}
			}
			benchReport(b, pc.want, cpu0)
		})
	}
}

// BenchmarkPairs17 counts the first puzzle of test1000 without each of
// its 136 pairs of givens, on one goroutine with one Counter (as one
// worker of analyze does): 620,514,264 solutions in all.
func BenchmarkPairs17(b *testing.B) {
	p := gridtest.Parse81(b, first17)
	var givens []int
	for i, v := range p {
		if v != 0 {
			givens = append(givens, i)
		}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0 := cputime.Thread().Seconds()
	total := 0
	for b.Loop() {
		var c Counter
		total = 0
		for i := range givens {
			for j := i + 1; j < len(givens); j++ {
				q := p
				q[givens[i]], q[givens[j]] = 0, 0
				n, err := c.Count(context.Background(), &q, 0)
				if err != nil {
					b.Fatal(err)
				}
				total += n
			}
		}
	}
	if total != 620_514_264 {
		b.Fatalf("%d solutions in all", total)
	}
	benchReport(b, total, cpu0)
}
