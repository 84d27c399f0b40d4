package fpuzzles

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/lzstring"
	"github.com/dlxkit/dlx/sudoku"
)

// sharedVariants is the directory of the published variant puzzles
// shared beside the repository (../shared/variants from its root): 26
// puzzles (puzzles.txt) and their sources and solutions (sources.tsv).
const sharedVariants = "../../shared/variants"

type sharedPuzzle struct {
	line     int
	text     string // a payload or f-puzzles JSON
	name     string
	solution string // "" when none was published
}

func loadShared(t *testing.T) []sharedPuzzle {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(sharedVariants, "puzzles.txt"))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("%s/puzzles.txt is absent (the published variant puzzles shared beside the repository): skipped", sharedVariants)
	}
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(sharedVariants, "sources.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	sols, names := map[int]string{}, map[int]string{}
	for i, l := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		f := strings.Split(l, "\t")
		if i == 0 || len(f) != 4 {
			continue
		}
		n, err := strconv.Atoi(f[0])
		if err != nil {
			t.Fatalf("sources.tsv line %d: %q", i+1, l)
		}
		names[n] = f[2]
		if f[3] != "-" {
			sols[n] = f[3]
		}
	}
	var out []sharedPuzzle
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		n := len(out) + 1
		out = append(out, sharedPuzzle{n, sc.Text(), names[n], sols[n]})
	}
	if len(out) != 26 {
		t.Fatalf("%d puzzles, want 26", len(out))
	}
	return out
}

// refused are the shared puzzles whose rules are partly in cosmetic
// texts or circles and the rules text only (read by hand): "<" signs
// beside digit-sum arrows (3); XVXV marks as texts (7, whose renban lines
// are read from its rules text); XVXV marks and their circles (8).
var refused = map[int]string{
	3: "cosmetic texts", 7: "cosmetic texts", 8: "cosmetic circles",
}

// fromText are the shared puzzles whose cosmetic lines and cages are read
// as the rules their rules text names, and the notes that say so:
// entropic lines and clones drawn as lettered cages (1), a region-sum
// line (9).
var fromText = map[int][]string{
	1: {"15 cosmetic lines read as entropic lines", "12 cosmetic cages read as 6 clone groups"},
	9: {"1 cosmetic lines read as region-sum lines"},
}

// TestShared imports the 26 published puzzles of ../shared/variants: the
// 23 whose rules are in fields or named by their rules text import (the
// latter with notes saying so), the 3 whose rules are in cosmetics the
// text alone explains are refused naming them; every published solution
// obeys the imported rules (for the refused ones, the rules their fields
// state, the cosmetics left out), agrees with the givens, and with the
// "solution" field of the file when there is one; every imported puzzle
// counts to 1 and solves to the published solution.
func TestShared(t *testing.T) {
	ctx := context.Background()
	imported := 0
	for _, sp := range loadShared(t) {
		p, err := Read(sp.text)
		if want, ok := refused[sp.line]; ok {
			if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), want) {
				t.Errorf("%d %s: %v, want an error naming %s", sp.line, sp.name, err, want)
			}
			p, err = readWithoutCosmetics(sp.text)
		} else {
			imported++
			if err == nil {
				notes := strings.Join(p.Notes, "\n")
				for _, want := range fromText[sp.line] {
					if !strings.Contains(notes, want) {
						t.Errorf("%d %s: notes %q, want %q", sp.line, sp.name, p.Notes, want)
					}
				}
				if len(fromText[sp.line]) == 0 && len(p.Notes) > 0 {
					t.Errorf("%d %s: notes %q, want none", sp.line, sp.name, p.Notes)
				}
			}
		}
		if err != nil {
			t.Errorf("%d %s: %v", sp.line, sp.name, err)
			continue
		}
		g, _, err := p.PuzzleJSON.Grid(sudoku.ReadOptions{})
		if err != nil {
			t.Errorf("%d %s: %v", sp.line, sp.name, err)
			continue
		}
		if sp.solution != "" {
			sol := g.Clone()
			for i := range sol.Cells {
				if g.Cells[i] != 0 && g.Cells[i] != sp.solution[i]-'0' {
					t.Errorf("%d %s: given %d at %s, solution %c", sp.line, sp.name, g.Cells[i], sudoku.CellName(i, g.N()), sp.solution[i])
				}
				sol.Cells[i] = sp.solution[i] - '0'
			}
			if b := sudoku.CheckRules(sol); len(b) > 0 {
				t.Errorf("%d %s: the published solution breaks %v", sp.line, sp.name, b)
			}
			if fs := fileSolution(t, sp.text); fs != "" && fs != sp.solution {
				t.Errorf("%d %s: the file's solution %s, sources.tsv %s", sp.line, sp.name, fs, sp.solution)
			}
		}
		if _, ok := refused[sp.line]; ok {
			continue
		}
		cctx, cancel := context.WithTimeout(ctx, time.Minute)
		v, err := sudoku.Check(cctx, g)
		cancel()
		switch {
		case err != nil:
			t.Errorf("%d %s: %v", sp.line, sp.name, err)
		case v.Kind != sudoku.Unique:
			t.Errorf("%d %s: %v, want a unique solution", sp.line, sp.name, v)
		case sp.solution != "" && v.Solution.String() != sp.solution:
			t.Errorf("%d %s: solved %s, published %s", sp.line, sp.name, v.Solution, sp.solution)
		}
	}
	if imported != 23 {
		t.Errorf("%d imported, want 23", imported)
	}
}

// readWithoutCosmetics imports a puzzle with its cosmetic fields left
// out: the rules its constraint fields state.
func readWithoutCosmetics(text string) (*Puzzle, error) {
	raw := decoded(text)
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, err
	}
	for _, k := range []string{"line", "cage", "circle", "text", "rectangle"} {
		delete(m, k)
	}
	b, _ := json.Marshal(m)
	return Parse(b)
}

// decoded returns the f-puzzles JSON of a payload or JSON line.
func decoded(text string) string {
	if strings.HasPrefix(text, "{") {
		return text
	}
	s, _ := lzstring.DecompressFromBase64(text)
	return s
}

// fileSolution returns the "solution" field of the f-puzzles file, as
// digits, or "".
func fileSolution(t *testing.T, text string) string {
	var f struct {
		Solution []json.RawMessage `json:"solution"`
	}
	if json.Unmarshal([]byte(decoded(text)), &f) != nil || len(f.Solution) == 0 {
		return ""
	}
	var b strings.Builder
	for _, r := range f.Solution {
		var fi flexInt
		if err := fi.UnmarshalJSON(r); err != nil || !fi.set {
			t.Fatalf("solution entry %s", r)
		}
		b.WriteString(strconv.Itoa(fi.n))
	}
	return b.String()
}
