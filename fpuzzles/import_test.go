package fpuzzles

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
	"golang.org/x/tools/txtar"
)

// TestImportFixtures reads testdata/import/*.txtar: each holds an
// f-puzzles file ("fpuzzles.json") and either the puzzle object it
// imports to ("want.json", written by hand from the file) or the problems
// it reports ("error": one per line, the sentinel's text first), all in
// one error.
func TestImportFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/import/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	sentinels := map[string]error{ErrSyntax.Error(): ErrSyntax, ErrInvalid.Error(): ErrInvalid, ErrUnsupported.Error(): ErrUnsupported}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			a, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			parts := map[string]string{}
			for _, f := range a.Files {
				parts[f.Name] = strings.TrimSpace(string(f.Data))
			}
			p, err := Parse([]byte(parts["fpuzzles.json"]))
			if want, ok := parts["want.json"]; ok {
				if err != nil {
					t.Fatal(err)
				}
				if got := mustJSON(t, p); got != want {
					t.Errorf("\n got %s\nwant %s", got, want)
				}
				check(t, p, nil)
				return
			}
			if err == nil {
				t.Fatalf("no error, want\n%s", parts["error"])
			}
			lines := strings.Split(parts["error"], "\n")
			var probs Problems
			switch {
			case errors.As(err, &probs) && len(probs) != len(lines):
				t.Errorf("%d problems, want %d:\n%v", len(probs), len(lines), err)
			case !errors.As(err, &probs) && len(lines) != 1:
				t.Errorf("one problem, want %d:\n%v", len(lines), err)
			}
			for _, l := range lines {
				s, _, _ := strings.Cut(l, ": ")
				if !errors.Is(err, sentinels[s]) {
					t.Errorf("error does not wrap %q: %v", s, err)
				}
				if !strings.Contains(err.Error(), l) {
					t.Errorf("error lacks %q:\n%v", l, strings.ReplaceAll(err.Error(), "; ", "\n"))
				}
			}
		})
	}
}

// TestImportSolves: the fixtures' puzzles read back with package sudoku
// with the rules of the file, which CheckRules applies (a grid breaking
// one of them is reported).
func TestImportSolves(t *testing.T) {
	a, err := txtar.ParseFile("testdata/import/dots.txtar")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(a.Files[0].Data)
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := p.PuzzleJSON.Grid(sudoku.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// r1c1 and r1c2 carry a white dot: 1 and 3 break it.
	g.Cells[0], g.Cells[1] = 1, 3
	if b := sudoku.CheckRules(g); len(b) != 1 || b[0].Rule != "white dot" {
		t.Errorf("1 and 3 across a white dot: %v", b)
	}
}
