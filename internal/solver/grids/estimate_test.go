package grids

import (
	"context"
	"flag"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/measure/cputime"
)

var estimateSamples = flag.Int("estimate-samples", 0, "TestEstimate12x12: the number of 12x12 pieces counted (0: skip the test)")

// TestEstimate12x12 measures what counting the 12x12 grids (3x4 boxes)
// takes by the stack method: the plan, the table (CPU time of the
// process, all workers), and the CPU time of the calling thread per
// piece on pieces drawn uniformly at random (seeded) from the plan's;
// every piece has the same 173 x 346^3 table reads, so the spread is the
// machine's. It logs the figures (go test -run Estimate12x12 -v
// -estimate-samples K -timeout 1h: 7 minutes and 75 s a piece);
// docs/sudoku.md quotes them.
func TestEstimate12x12(t *testing.T) {
	if *estimateSamples <= 0 {
		t.Skip("minutes: the 12x12 table and pieces; -estimate-samples K runs it")
	}
	c0, w0 := cputime.Process(), time.Now()
	p := plan12(t)
	t.Logf("plan: %d pieces, %v CPU, %v wall", len(p.pieces), cputime.Process()-c0, time.Since(w0).Round(time.Millisecond))
	c0, w0 = cputime.Process(), time.Now()
	if err := p.fillStackTable(context.Background(), runtime.GOMAXPROCS(0)); err != nil {
		t.Fatal(err)
	}
	t.Logf("table: %d rows of %d band counts (%d MB), %d counted and the rest relabelled, %v CPU, %v wall",
		p.tableRows(), len(p.splits), len(p.st.table)*4>>20, tableJobs(p), cputime.Process()-c0, time.Since(w0).Round(time.Millisecond))
	rng := rand.New(rand.NewPCG(12, 12))
	sw := &stackWorker{p: p, ctx: context.Background()}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var per, parts, weights []float64
	for range *estimateSamples {
		i := rng.IntN(len(p.pieces))
		c0, w0 := cputime.Thread(), time.Now()
		v, err := sw.piece(&p.pieces[i])
		if err != nil {
			t.Fatal(err)
		}
		c := cputime.Thread() - c0
		per = append(per, c.Seconds())
		pf, _ := new(big.Float).SetInt(v).Float64()
		parts, weights = append(parts, pf), append(weights, float64(p.pieces[i].Weight))
		t.Logf("piece %d: %v CPU, %v wall, part %v", i, c.Round(time.Millisecond), time.Since(w0).Round(time.Millisecond), v)
	}
	mean, sd := meanSD(per)
	lo, hi := math.Inf(1), 0.0
	for _, x := range per {
		lo, hi = min(lo, x), max(hi, x)
	}
	days := func(s float64) float64 { return s * float64(len(p.pieces)) / 86400 }
	t.Logf("12x12: %d pieces at %.2f s CPU each (sd %.2f, range %.2f-%.2f, %d sampled): %.1f CPU-days (%.1f-%.1f at the sample's extremes)",
		len(p.pieces), mean, sd, lo, hi, len(per), days(mean), days(lo), days(hi))
	// The count the sample implies: a piece's part over its weight is the
	// part of each first band of its orbit, so the sum of the parts is
	// about (sum of the weights) x (sample's parts / sample's weights).
	var w, sp, sws float64
	for _, pc := range p.pieces {
		w += float64(pc.Weight)
	}
	for k := range parts {
		sp, sws = sp+parts[k], sws+weights[k]
	}
	f, _ := new(big.Float).SetInt(p.factor).Float64()
	r := sp / sws
	var v float64
	for k := range parts {
		v += (parts[k] - r*weights[k]) * (parts[k] - r*weights[k])
	}
	n := float64(len(parts))
	se := 0.0
	if n > 1 {
		se = math.Sqrt(v/(n*(n-1))) / (sws / n)
	}
	t.Logf("the sample's estimate of the count: %.4g (standard error %.1f%%); published (Pettersen, 2006): 8.117e+46", r*w*f, 100*se/r)
}

func meanSD(x []float64) (mean, sd float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, 0
	}
	for _, v := range x {
		sd += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(sd / float64(len(x)-1))
}

// tableJobs is the number of table rows counted (not relabelled).
func tableJobs(p *plan) int {
	if p.ns < 4 {
		return p.tableRows()
	}
	n := 0
	for _, b := range p.st.bReps {
		n += len(p.st.root.child[b].reps)
	}
	return n
}
