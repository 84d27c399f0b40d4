package model

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/exactcover"
)

// readPuzzle reads a testdata Star Battle file: comment lines, the
// regions, a blank line and the solution ('*' a star).
func readPuzzle(t *testing.T, name string) (regions string, stars []bool) {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var body []string
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "#") {
			body = append(body, line)
		}
	}
	regs, sol, ok := strings.Cut(strings.Join(body, "\n"), "\n\n")
	if !ok {
		t.Fatalf("%s: no blank line between regions and solution", name)
	}
	for _, c := range strings.ReplaceAll(strings.TrimSpace(sol), "\n", "") {
		stars = append(stars, c == '*')
	}
	return regs, stars
}

// starsOf returns the cells of a Star Battle solution, row by row.
func starsOf(p *exactcover.Problem, n int, sol []int) []bool {
	stars := make([]bool, n*n)
	var items []int
	for _, o := range sol {
		items, _ = p.Option(o, items[:0], nil)
		var r, c int
		for _, i := range items {
			name := p.ItemName(i)
			switch name[0] {
			case 'r':
				r = atoi(name[1:])
			case 'c':
				c = atoi(name[1:])
			}
		}
		stars[r*n+c] = true
	}
	return stars
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = 10*n + int(c-'0')
	}
	return n
}

// TestStarBattlePuzzles solves published puzzles with regions and
// compares with their published solutions, which must be the only ones.
func TestStarBattlePuzzles(t *testing.T) {
	for _, tt := range []struct {
		file string
		k    int
	}{{"starbattle10x10k2.txt", 2}, {"starbattle9x9k1.txt", 1}} {
		t.Run(tt.file, func(t *testing.T) {
			regs, want := readPuzzle(t, tt.file)
			n, regions, err := ReadRegions(strings.NewReader(regs))
			if err != nil {
				t.Fatal(err)
			}
			p, err := StarBattle(n, tt.k, regions)
			if err != nil {
				t.Fatal(err)
			}
			if !p.HasBounds() && tt.k > 1 {
				t.Fatal("no bounds")
			}
			sols := 0
			s := exactcover.NewSolver(p)
			for sol := range s.Solutions(context.Background(), exactcover.Options{}) {
				sols++
				if got := starsOf(p, n, sol); !slices.Equal(got, want) {
					t.Errorf("solution %d differs from the published one", sols)
				}
			}
			if sols != 1 {
				t.Errorf("%d solutions, want 1", sols)
			}
		})
	}
}

// bruteStars counts the placements of k stars in every row, column and
// region (regions nil: no regions) of an n×n board, no two touching, by
// trying every set of k columns row after row.
func bruteStars(n, k int, regions []int) int {
	var rowSets [][]int
	var gen func(start int, cur []int)
	gen = func(start int, cur []int) {
		if len(cur) == k {
			rowSets = append(rowSets, slices.Clone(cur))
			return
		}
		for c := start; c < n; c++ {
			if len(cur) > 0 && cur[len(cur)-1] == c-1 {
				continue // touching in the row
			}
			gen(c+1, append(cur, c))
		}
	}
	gen(0, nil)
	colCount := make([]int, n)
	regCount := make([]int, n)
	var prev []int
	var place func(r int) int
	place = func(r int) int {
		if r == n {
			for i := range n {
				if colCount[i] != k || (regions != nil && regCount[i] != k) {
					return 0
				}
			}
			return 1
		}
		total := 0
	next:
		for _, set := range rowSets {
			for _, c := range set {
				for _, pc := range prev {
					if pc >= c-1 && pc <= c+1 {
						continue next
					}
				}
				if colCount[c] == k || (regions != nil && regCount[regions[r*n+c]] == k) {
					continue next
				}
			}
			for _, c := range set {
				colCount[c]++
				if regions != nil {
					regCount[regions[r*n+c]]++
				}
			}
			saved := prev
			prev = set
			total += place(r + 1)
			prev = saved
			for _, c := range set {
				colCount[c]--
				if regions != nil {
					regCount[regions[r*n+c]]--
				}
			}
		}
		return total
	}
	return place(0)
}

// TestStarBattleAgainstBruteForce counts small boards, with and without
// random regions, against an independent row-by-row enumeration.
func TestStarBattleAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 1; n <= 8; n++ {
		for k := 1; k <= 2 && 2*k-1 <= n; k++ {
			for trial := range 4 {
				var regions []int
				if trial > 0 {
					// Random regions: every region gets a cell, the rest at random.
					regions = make([]int, n*n)
					perm := r.Perm(n * n)
					for i, cell := range perm {
						if i < n {
							regions[cell] = i
						} else {
							regions[cell] = r.IntN(n)
						}
					}
				}
				p, err := StarBattle(n, k, regions)
				if err != nil {
					t.Fatal(err)
				}
				got, _, err := p.Count(context.Background(), exactcover.Options{})
				if want := bruteStars(n, k, regions); err != nil || got != int64(want) {
					t.Fatalf("n=%d k=%d regions %v: count %d, %v; brute force %d", n, k, regions, got, err, want)
				}
			}
		}
	}
}

func TestStarBattleErrors(t *testing.T) {
	for _, tt := range []struct {
		n, k    int
		regions []int
		msg     string
	}{
		{0, 1, nil, "board size 0"},
		{MaxStarBattle + 1, 1, nil, "board size"},
		{4, 0, nil, "0 stars"},
		{4, 5, nil, "5 stars"},
		{2, 1, []int{0, 1, 1}, "3 region cells"},
		{2, 1, []int{0, 1, 1, 2}, "region 2, not 0 to 1"},
		{2, 1, []int{0, 0, 0, 0}, "region 1 has no cell"},
	} {
		if _, err := StarBattle(tt.n, tt.k, tt.regions); err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("StarBattle(%d, %d, %v) = %v, want %q", tt.n, tt.k, tt.regions, err, tt.msg)
		}
	}
}

func TestReadRegions(t *testing.T) {
	n, regions, err := ReadRegions(strings.NewReader("# comment\nA B\n\n| other\nBB\n"))
	if err != nil || n != 2 || !slices.Equal(regions, []int{0, 1, 1, 1}) {
		t.Errorf("ReadRegions = %d, %v, %v", n, regions, err)
	}
	for _, tt := range []struct{ in, msg string }{
		{"", "no rows"},
		{"ab\na\n", "line 2: 1 cells, but line 1 has 2"},
		{"ab\nba\nab\n", "line 3: more than 2 rows"},
		{"abc\nbca\n", "2 rows of 3 cells, want 3 rows"},
		{"aa\naa\n", "1 region names on a 2x2 board, want 2"},
		{"abc\ndef\nghi\n", "9 region names"},
		{strings.Repeat("a", MaxStarBattle+1) + "\n", "more than 100"},
	} {
		_, _, err := ReadRegions(strings.NewReader(tt.in))
		if !errors.Is(err, ErrRegions) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ReadRegions(%q) = %v, want %q", tt.in, err, tt.msg)
		}
	}
}

func FuzzReadRegions(f *testing.F) {
	for _, s := range []string{"ab\nba\n", "# c\nAAB\nBCC\nBBC\n", "a\n", "ab\na\n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		n, regions, err := ReadRegions(strings.NewReader(in))
		if err != nil {
			if !errors.Is(err, ErrRegions) {
				t.Fatalf("error %v does not wrap ErrRegions", err)
			}
			return
		}
		if len(regions) != n*n {
			t.Fatalf("%d cells for n=%d", len(regions), n)
		}
		seen := make([]bool, n)
		for _, g := range regions {
			if g < 0 || g >= n {
				t.Fatalf("region %d out of range", g)
			}
			seen[g] = true
		}
		if slices.Contains(seen, false) {
			t.Fatalf("a region has no cell: %v", regions)
		}
		if _, err := StarBattle(n, 1, regions); err != nil {
			t.Fatalf("StarBattle rejects regions ReadRegions accepted: %v", err)
		}
	})
}
