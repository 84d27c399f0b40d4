package sudoku

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// BenchmarkReadLines reads the 49,158 one-line puzzles of puzzles2_17_clue
// from memory; ns/op is per file, the puzzles/s metric per puzzle.
func BenchmarkReadLines(b *testing.B) { benchReadLines(b, false) }

// BenchmarkReadLinesRecycled is BenchmarkReadLines handing each puzzle
// back (Reader.Recycle), as the batch commands do: the reading alone,
// without allocations.
func BenchmarkReadLinesRecycled(b *testing.B) { benchReadLines(b, true) }

func benchReadLines(b *testing.B, recycle bool) {
	data, err := os.ReadFile(shareddata.Path(b, "data/puzzles2_17_clue"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), ReadOptions{})
		for {
			p, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if recycle {
				r.Recycle(p)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkWriteLine prints a 9x9 grid in the one-line layout.
func BenchmarkWriteLine(b *testing.B) {
	g, f, err := ParseGrid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteGrid(io.Discard, g, f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadGrids reads 1,000 multi-line 9x9 grids (seed 002's layout:
// 9 lines of space-separated numbers).
func BenchmarkReadGrids(b *testing.B) {
	grid := rowsOf(strings.ReplaceAll(p81, ".", "0"), 9, " ")
	data := []byte("1000\n" + strings.Repeat(grid, 1000))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), ReadOptions{})
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkAppendSolution appends a solved 9x9 grid in the one-line
// layout, as "sudoku solve" prints every answer.
func BenchmarkAppendSolution(b *testing.B) {
	g, f, err := ParseGrid("417369825632158947958724316825437169791586432346912758289643571573291684164875293", ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	buf := make([]byte, 0, 128)
	for b.Loop() {
		if buf, err = AppendGrid(buf[:0], g, f); err != nil {
			b.Fatal(err)
		}
	}
}
