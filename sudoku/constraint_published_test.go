package sudoku

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"
)

// publishedKiller is one line of testdata/killer_published.jsonl: a
// published puzzle with its source and the solution printed with it.
type publishedKiller struct {
	Name     string     `json:"name"`
	Source   string     `json:"source"`
	Puzzle   PuzzleJSON `json:"puzzle"`
	Solution string     `json:"solution"`
}

func loadPublishedKillers(t testing.TB) []publishedKiller {
	t.Helper()
	f, err := os.Open("testdata/killer_published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []publishedKiller
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var p publishedKiller
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			t.Fatal(err)
		}
		if p.Source == "" || len(p.Solution) != 81 {
			t.Fatalf("%s: no source or no solution", p.Name)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) < 5 {
		t.Fatalf("%d published killers, want at least 5", len(out))
	}
	return out
}

// TestPublishedKillers solves published killer puzzles (no givens, or a
// jigsaw's regions) and checks that each has exactly the published
// solution, with both Check and a full count.
func TestPublishedKillers(t *testing.T) {
	ctx := context.Background()
	for _, p := range loadPublishedKillers(t) {
		t.Run(p.Name, func(t *testing.T) {
			g, _, err := p.Puzzle.Grid(ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Variant.Cages) == 0 {
				t.Fatal("no cages read")
			}
			v, err := Check(ctx, g)
			if err != nil {
				t.Fatal(err)
			}
			if v.Kind != Unique {
				t.Fatalf("verdict %v, want unique", v)
			}
			got := make([]byte, 81)
			for i, d := range v.Solution.Cells {
				got[i] = '0' + d
			}
			if string(got) != p.Solution {
				t.Fatalf("solution\n%s, published\n%s", got, p.Solution)
			}
			if n, err := Count(ctx, g, -1); err != nil || n != 1 {
				t.Fatalf("Count = %d, %v; want 1", n, err)
			}
		})
	}
}

// BenchmarkKiller9x9 solves a published 9x9 killer of 33 cages (janko.at
// no. 116) and proves it unique: Count with limit 2, the matrix cached
// by the Solver as for a stream of puzzles of one kind, and built afresh
// (the first puzzle of a kind) in the "cold" case.
func BenchmarkKiller9x9(b *testing.B) {
	var p *publishedKiller
	all := loadPublishedKillers(b)
	for i := range all {
		if all[i].Name == "janko-killer-116" {
			p = &all[i]
		}
	}
	if p == nil {
		b.Fatal("janko-killer-116 missing")
	}
	g, _, err := p.Puzzle.Grid(ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.Run("warm", func(b *testing.B) {
		s := NewSolver(Options{})
		for b.Loop() {
			if n, err := s.Count(ctx, g, 2); n != 1 || err != nil {
				b.Fatalf("count %d, %v", n, err)
			}
		}
	})
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			s := NewSolver(Options{})
			if n, err := s.Count(ctx, g, 2); n != 1 || err != nil {
				b.Fatalf("count %d, %v", n, err)
			}
		}
	})
}
