package exactcover

import (
	"io"
	"runtime"
	"strconv"
	"testing"
)

// sparseGen generates a sparse matrix input of n rows with k distinct
// columns out of m each, line by line, without holding it in memory.
type sparseGen struct {
	n, m, k int
	row     int
	rng     *testRand
	buf     []byte
	size    int64 // bytes produced
}

func newSparseGen(n, m, k int) *sparseGen {
	g := &sparseGen{n: n, m: m, k: k, rng: newTestRand(7)}
	g.buf = append(g.buf, "sparse "+strconv.Itoa(n)+" "+strconv.Itoa(m)+"\n"...)
	return g
}

func (g *sparseGen) Read(p []byte) (int, error) {
	for len(g.buf) < len(p) && g.row < g.n {
		g.row++
		first := g.rng.intn(g.m - g.k + 1)
		for j := 0; j < g.k; j++ { // k consecutive columns from a random start
			if j > 0 {
				g.buf = append(g.buf, ' ')
			}
			g.buf = strconv.AppendInt(g.buf, int64(first+j+1), 10)
		}
		g.buf = append(g.buf, '\n')
	}
	if len(g.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, g.buf)
	g.buf = g.buf[:copy(g.buf, g.buf[n:])]
	g.size += int64(n)
	return n, nil
}

func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestReadSparseMillion parses a generated input of a million options and
// checks that the memory kept is proportional to the problem (a few bytes
// per input byte), with no copy of the input.
func TestReadSparseMillion(t *testing.T) {
	if testing.Short() {
		t.Skip("a million-option input in -short mode")
	}
	const n = 1_000_000
	before := heapInUse()
	g := newSparseGen(n, 1000, 3)
	m, err := ReadSparse(g)
	if err != nil {
		t.Fatal(err)
	}
	after := heapInUse()
	if m.Problem.NumOptions() != n || len(m.Rows) != n {
		t.Fatalf("%d options, %d rows, want %d", m.Problem.NumOptions(), len(m.Rows), n)
	}
	kept := int64(after) - int64(before)
	t.Logf("input %d bytes, heap kept %d bytes (%.2f per input byte)", g.size, kept, float64(kept)/float64(g.size))
	// The problem holds 4 bytes per 1 and per option, the row numbers 8
	// bytes per option, with up to 2x slack from appends: about 4x the input.
	if kept > 4*g.size {
		t.Errorf("heap grew by %d bytes for %d bytes of input", kept, g.size)
	}
	runtime.KeepAlive(m)
}

// BenchmarkReadSparseMillion parses a million options (3 ones each).
func BenchmarkReadSparseMillion(b *testing.B) {
	b.ReportAllocs()
	var size int64
	for b.Loop() {
		g := newSparseGen(1_000_000, 1000, 3)
		if _, err := ReadSparse(g); err != nil {
			b.Fatal(err)
		}
		size = g.size
	}
	b.SetBytes(size)
}
