package propagate

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

var genSnipes = flag.Int("gensnipes", 0, "write this many new thermometer snipes to testdata/snipes.txt")

// randomGrid fills a grid of side n (boxes br x bc) at random by plain
// backtracking, with no help from the engine.
func randomGrid(rng *rand.Rand, n, br, bc int) []int {
	g := make([]int, n*n)
	var fill func(i int) bool
	fill = func(i int) bool {
		if i == n*n {
			return true
		}
		r, c := i/n, i%n
		for _, d := range rng.Perm(n) {
			d++
			ok := true
			for j := range n {
				if g[r*n+j] == d || g[j*n+c] == d {
					ok = false
					break
				}
			}
			r0, c0 := r/br*br, c/bc*bc
			for rr := r0; ok && rr < r0+br; rr++ {
				for cc := c0; cc < c0+bc; cc++ {
					if g[rr*n+cc] == d {
						ok = false
						break
					}
				}
			}
			if !ok {
				continue
			}
			g[i] = d
			if fill(i + 1) {
				return true
			}
			g[i] = 0
		}
		return false
	}
	fill(0)
	return g
}

// randomThermo grows a thermometer on grid g from a random bulb, each
// step a king's move to a larger digit not yet on it, preferring the
// smallest larger digit (long thermometers).
func randomThermo(rng *rand.Rand, g []int, n int, maxLen int) []int {
	path := []int{rng.IntN(n * n)}
	on := map[int]bool{path[0]: true}
	for len(path) < maxLen {
		last := path[len(path)-1]
		r, c := last/n, last%n
		var next []int
		for dr := -1; dr <= 1; dr++ {
			for dc := -1; dc <= 1; dc++ {
				r2, c2 := r+dr, c+dc
				if (dr == 0 && dc == 0) || r2 < 0 || r2 >= n || c2 < 0 || c2 >= n {
					continue
				}
				x := r2*n + c2
				if !on[x] && g[x] > g[last] {
					next = append(next, x)
				}
			}
		}
		if len(next) == 0 {
			break
		}
		pick := next[rng.IntN(len(next))]
		if rng.IntN(2) == 0 {
			for _, x := range next {
				if g[x] < g[pick] {
					pick = x
				}
			}
		}
		on[pick] = true
		path = append(path, pick)
	}
	if len(path) < 3 {
		return nil
	}
	return path
}

type snipe struct {
	grid    []int
	thermos [][]int
}

func snipeModel(sn snipe) *Model {
	m := standard(9, 3, 3)
	for _, th := range sn.thermos {
		m.Constraints = append(m.Constraints, Thermometer(th)...)
	}
	return m
}

func formatSnipe(sn snipe) string {
	var b strings.Builder
	for _, d := range sn.grid {
		b.WriteByte(byte('0' + d))
	}
	b.WriteByte('\t')
	for i, th := range sn.thermos {
		if i > 0 {
			b.WriteByte(' ')
		}
		for j, c := range th {
			if j > 0 {
				b.WriteByte('-')
			}
			fmt.Fprintf(&b, "r%dc%d", c/9+1, c%9+1)
		}
	}
	return b.String()
}

func parseCellName(s string, n int) (int, error) {
	s = strings.ToLower(s)
	i := strings.IndexByte(s, 'c')
	if !strings.HasPrefix(s, "r") || i < 0 {
		return 0, fmt.Errorf("cell %q", s)
	}
	r, err1 := strconv.Atoi(s[1:i])
	c, err2 := strconv.Atoi(s[i+1:])
	if err1 != nil || err2 != nil || r < 1 || r > n || c < 1 || c > n {
		return 0, fmt.Errorf("cell %q", s)
	}
	return (r-1)*n + c - 1, nil
}

func readSnipes(t testing.TB) []snipe {
	f, err := os.Open("testdata/snipes.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []snipe
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		grid, thermos, ok := strings.Cut(line, "\t")
		if !ok || len(grid) != 81 {
			t.Fatalf("bad snipe line %q", line)
		}
		var sn snipe
		for _, ch := range grid {
			sn.grid = append(sn.grid, int(ch-'0'))
		}
		for _, th := range strings.Fields(thermos) {
			var cells []int
			for _, name := range strings.Split(th, "-") {
				c, err := parseCellName(name, 9)
				if err != nil {
					t.Fatal(err)
				}
				cells = append(cells, c)
			}
			sn.thermos = append(sn.thermos, cells)
		}
		out = append(out, sn)
	}
	return out
}

func countModel(t testing.TB, m *Model, limit int) (int, int64) {
	s, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.Count(context.Background(), nil, limit, nil)
	if err != nil {
		t.Fatal(err)
	}
	return n, s.Nodes()
}

// TestGenerateSnipes makes new snipes with -gensnipes N: from a random
// full grid, random thermometers true to it are added until the engine
// finds the grid unique, then thermometers are dropped while it stays
// unique.
func TestGenerateSnipes(t *testing.T) {
	if *genSnipes == 0 {
		t.Skip("use -gensnipes N")
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 29))
	f, err := os.OpenFile("testdata/snipes.txt", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for range *genSnipes {
		sn := snipe{grid: randomGrid(rng, 9, 3, 3)}
		for {
			th := randomThermo(rng, sn.grid, 9, 3+rng.IntN(7))
			if th == nil {
				continue
			}
			sn.thermos = append(sn.thermos, th)
			n, nodes := countModel(t, snipeModel(sn), 2)
			fmt.Fprintf(os.Stderr, "%d thermos: %d solutions, %d nodes\n", len(sn.thermos), n, nodes)
			if n == 1 {
				break
			}
			if len(sn.thermos) > 60 {
				// some grids have two solutions no thermometer tells
				// apart: start over
				sn = snipe{grid: randomGrid(rng, 9, 3, 3)}
			}
		}
		for i := 0; i < len(sn.thermos); {
			try := snipe{grid: sn.grid, thermos: append(append([][]int(nil), sn.thermos[:i]...), sn.thermos[i+1:]...)}
			if n, _ := countModel(t, snipeModel(try), 2); n == 1 {
				sn = try
				continue
			}
			i++
		}
		// then shorten thermometers from either end while it stays unique
		for i := range sn.thermos {
			for len(sn.thermos[i]) > 2 {
				th := sn.thermos[i]
				shorter := false
				for _, cut := range [][]int{th[1:], th[:len(th)-1]} {
					sn.thermos[i] = cut
					if n, _ := countModel(t, snipeModel(sn), 2); n == 1 {
						shorter = true
						break
					}
					sn.thermos[i] = th
				}
				if !shorter {
					break
				}
			}
		}
		n, nodes := countModel(t, snipeModel(sn), 2)
		t.Logf("minimal: %d thermos, %d solutions, %d nodes", len(sn.thermos), n, nodes)
		fmt.Fprintln(f, formatSnipe(sn))
	}
}

// TestSnipes counts each snipe of testdata/snipes.txt to 2: exactly one
// solution, the grid it was made from.
func TestSnipes(t *testing.T) {
	for i, sn := range readSnipes(t) {
		s, err := New(snipeModel(sn))
		if err != nil {
			t.Fatal(err)
		}
		sol := make([]uint8, 81)
		start := time.Now()
		n, err := s.Count(context.Background(), nil, 2, sol)
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("snipe %d: %d thermometers, %d nodes, %.2f ms", i+1, len(sn.thermos), s.Nodes(), float64(took.Microseconds())/1000)
		if n != 1 {
			t.Errorf("snipe %d: %d solutions, want 1", i+1, n)
			continue
		}
		for c, d := range sol {
			if int(d) != sn.grid[c] {
				t.Errorf("snipe %d: the solution is not the grid it was made from", i+1)
				break
			}
		}
	}
}
