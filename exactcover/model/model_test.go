package model

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/exactcover"
	"github.com/dlxkit/dlx/internal/testkit/shareddata"
)

// knuth returns p in Knuth's format.
func knuth(t testing.TB, p *exactcover.Problem) string {
	t.Helper()
	var b bytes.Buffer
	if err := exactcover.WriteKnuth(&b, p); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// instanceText returns an instance file without its comment lines and
// with trailing blanks removed, as WriteKnuth would print it.
func instanceText(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(shareddata.Path(t, "instances/"+name))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '|' {
			continue
		}
		b.WriteString(strings.TrimRight(line, " \t\r"))
		b.WriteByte('\n')
	}
	return b.String()
}

// TestSameAsInstances checks that the generators produce Knuth's files
// item for item and option for option.
func TestSameAsInstances(t *testing.T) {
	tests := []struct {
		file string
		gen  func() (*exactcover.Problem, error)
	}{
		{"queens8.dlx", func() (*exactcover.Problem, error) { return Queens(8) }},
		{"queens9.dlx", func() (*exactcover.Problem, error) { return Queens(9) }},
		{"queens10.dlx", func() (*exactcover.Problem, error) { return Queens(10) }},
		{"queens11.dlx", func() (*exactcover.Problem, error) { return Queens(11) }},
		{"queens12.dlx", func() (*exactcover.Problem, error) { return Queens(12) }},
		{"queens13.dlx", func() (*exactcover.Problem, error) { return Queens(13) }},
		{"langford11.dlx", func() (*exactcover.Problem, error) { return Langford(11) }},
		{"pento6x10.dlx", func() (*exactcover.Problem, error) { return Pentomino(6, 10) }},
		{"mcc/star2_9.dlx", func() (*exactcover.Problem, error) { return StarBattle(9, 2, nil) }},
		{"mcc/star2_10.dlx", func() (*exactcover.Problem, error) { return StarBattle(10, 2, nil) }},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			want := instanceText(t, tt.file)
			p, err := tt.gen()
			if err != nil {
				t.Fatal(err)
			}
			got := knuth(t, p)
			if got != want {
				gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
				for i := 0; i < len(gl) && i < len(wl); i++ {
					if gl[i] != wl[i] {
						t.Fatalf("line %d differs (without comments):\ngot  %s\nwant %s", i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("got %d lines, want %d", len(gl), len(wl))
			}
		})
	}
}

func TestSizes(t *testing.T) {
	tests := []struct {
		name           string
		gen            func() (*exactcover.Problem, error)
		items, primary int
		options        int
	}{
		{"queens1", func() (*exactcover.Problem, error) { return Queens(1) }, 2, 2, 1},
		{"queens2", func() (*exactcover.Problem, error) { return Queens(2) }, 6, 4, 4},
		{"queens20", func() (*exactcover.Problem, error) { return Queens(20) }, 40 + 74, 40, 400},
		{"langford1", func() (*exactcover.Problem, error) { return Langford(1) }, 3, 3, 0},
		{"langford3", func() (*exactcover.Problem, error) { return Langford(3) }, 9, 9, 4 + 3 + 2},
		// 2 pentominoes fit nowhere on a 1x1 board
		{"pento1x1", func() (*exactcover.Problem, error) { return Pentomino(1, 1) }, 13, 13, 0},
		// only the I fits on a 1x5 board, in one place
		{"pento1x5", func() (*exactcover.Problem, error) { return Pentomino(1, 5) }, 17, 17, 1},
		// on a 40x2 board: I lengthwise (36 places in 2 rows), and the 2-wide
		// orientations of L, N, Y (4 each, 37 places) and P (4), U (2) (38 places)
		{"pento40x2", func() (*exactcover.Problem, error) { return Pentomino(40, 2) }, 92, 92, 72 + 3*4*37 + 6*38},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := tt.gen()
			if err != nil {
				t.Fatal(err)
			}
			if p.NumItems() != tt.items || p.NumPrimary() != tt.primary || p.NumOptions() != tt.options {
				t.Errorf("items %d primary %d options %d, want %d %d %d", p.NumItems(), p.NumPrimary(), p.NumOptions(), tt.items, tt.primary, tt.options)
			}
		})
	}
}

func TestOrientationCounts(t *testing.T) {
	// The number of distinct orientations of each free pentomino.
	want := map[string]int{"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
	total := 0
	for _, pc := range pentominoes {
		n := len(orientations(pc.cells))
		total += n
		if n != want[pc.name] {
			t.Errorf("%s: %d orientations, want %d", pc.name, n, want[pc.name])
		}
	}
	if total != 63 {
		t.Errorf("%d orientations in all, want 63", total)
	}
}

func TestRangeErrors(t *testing.T) {
	if _, err := Queens(0); err == nil {
		t.Error("Queens(0) did not fail")
	}
	if _, err := Langford(-1); err == nil {
		t.Error("Langford(-1) did not fail")
	}
	if _, err := Pentomino(0, 10); err == nil {
		t.Error("Pentomino(0, 10) did not fail")
	}
	if _, err := Pentomino(200, 200); err == nil {
		t.Error("Pentomino(200, 200) did not fail")
	}
}
