// Package fpuzzles imports puzzles from f-puzzles and SudokuPad, the
// formats setters share variant puzzles in: an f-puzzles link
// (https://www.f-puzzles.com/?load=N4Ig...), a SudokuPad link carrying an
// f-puzzles payload (https://sudokupad.app/?puzzle=fpuzzlesN4Ig... or
// https://sudokupad.app/fpuzzlesN4Ig...), the payload alone (lz-string
// compressed Base64), or the f-puzzles JSON it holds.
//
// The result is the project's JSON puzzle object (docs/formats.md): the
// grid's givens, its size and box shape, irregular regions (as a jigsaw
// region map), diagonals, disjoint groups and extra regions (as variants
// and extra regions), with the variant constraints killer cages,
// thermometers, anti-knight, anti-king and non-consecutive. Any other
// constraint in the file is an error that names it: the puzzle cannot be
// played without its rules. See docs/import.md.
package fpuzzles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/sudoku"
)

// Errors: every error of the package wraps one of these.
var (
	// ErrSyntax: the input is not an f-puzzles puzzle (bad link, bad
	// payload, bad JSON, a field of the wrong type).
	ErrSyntax = errors.New("not an f-puzzles puzzle")
	// ErrInvalid: a constraint or cell the project's puzzle object cannot
	// hold as given (a cell outside the grid, a cage without a sum, a
	// cell in two cages, a thermometer that is not a path, regions of the
	// wrong size).
	ErrInvalid = errors.New("bad f-puzzles puzzle")
	// ErrUnsupported: constraints or link kinds this package does not
	// import; the message names them.
	ErrUnsupported = errors.New("unsupported")
)

// Puzzle is the project's JSON puzzle object (sudoku.PuzzleJSON: size,
// variant, regions, extra, puzzle and the constraints: cages, antiknight,
// antiking, nonconsecutive, thermos) with the file's title and author.
type Puzzle struct {
	sudoku.PuzzleJSON

	// Title and Author are the file's, when it has them (not part of the
	// puzzle object).
	Title  string `json:"-"`
	Author string `json:"-"`
}

// Cage is a killer cage.
type Cage = sudoku.Cage

// boxShapes is f-puzzles' box shape (rows x columns) for each size; the
// prime sizes have rows as their default regions.
func boxShape(n int) sudoku.Shape {
	if s, ok := sudoku.DefaultShape(n); ok {
		return s
	}
	return sudoku.Shape{BoxRows: 1, BoxCols: n}
}

// Sizes f-puzzles makes and the project plays.
const minSize, maxSize = 4, 16

// handled are the fields Parse reads; ignored are metadata that carry no
// rule. Every other field with a value is an unsupported constraint.
var (
	handled = map[string]bool{
		"size": true, "grid": true, "killercage": true, "thermometer": true,
		"antiknight": true, "antiking": true, "nonconsecutive": true,
		"diagonal+": true, "diagonal-": true, "disjointgroups": true, "extraregion": true,
	}
	ignored = map[string]bool{
		"title": true, "author": true, "ruleset": true, "solution": true,
		"disabledlogic": true, "truecandidatesoptions": true, "activeConstraints": true,
		"version": true,
	}
	// cosmetic are f-puzzles' drawing tools: they carry no rule of their
	// own, but a puzzle's rules text gives them one.
	cosmetic = map[string]bool{"cage": true, "line": true, "rectangle": true, "circle": true, "text": true}
)

// file is the part of the f-puzzles JSON that Parse reads.
type file struct {
	Size           int          `json:"size"`
	Grid           [][]cellJSON `json:"grid"`
	Title          string       `json:"title"`
	Author         string       `json:"author"`
	Killercage     []cageJSON   `json:"killercage"`
	Thermometer    []linesJSON  `json:"thermometer"`
	Extraregion    []cageJSON   `json:"extraregion"`
	Antiknight     bool         `json:"antiknight"`
	Antiking       bool         `json:"antiking"`
	Nonconsecutive bool         `json:"nonconsecutive"`
	DiagonalPos    bool         `json:"diagonal+"`
	DiagonalNeg    bool         `json:"diagonal-"`
	Disjoint       bool         `json:"disjointgroups"`
}

type cellJSON struct {
	Value  flexInt         `json:"value"`
	Given  bool            `json:"given"`
	Region json.RawMessage `json:"region"`
}

type cageJSON struct {
	Cells []string `json:"cells"`
	Value flexInt  `json:"value"`
}

type linesJSON struct {
	Lines [][]string `json:"lines"`
}

// flexInt reads a number or a string holding one (f-puzzles writes cage
// sums as strings); set records that a value was there.
type flexInt struct {
	n   int
	set bool
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" {
		return nil
	}
	s := string(b)
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		s = strings.TrimSpace(s)
		if s == "" {
			return nil
		}
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%s is not a whole number", quote.Short(s))
	}
	f.n, f.set = n, true
	return nil
}

// Parse reads the f-puzzles JSON of a puzzle.
func Parse(data []byte) (*Puzzle, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Errorf("%w: json: %v", ErrSyntax, strings.TrimPrefix(err.Error(), "json: "))
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%w: json: %v", ErrSyntax, strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, ok := fields["size"]; !ok {
		return nil, fmt.Errorf("%w: no \"size\" field", ErrSyntax)
	}
	if _, ok := fields["grid"]; !ok {
		return nil, fmt.Errorf("%w: no \"grid\" field", ErrSyntax)
	}
	if err := unsupported(fields); err != nil {
		return nil, err
	}
	n := f.Size
	if n < minSize || n > maxSize {
		return nil, fmt.Errorf("%w: size %d: want %d to %d", ErrUnsupported, n, minSize, maxSize)
	}
	p := &Puzzle{Title: f.Title, Author: f.Author}
	shape := boxShape(n)
	g := sudoku.NewGrid(shape, nil)
	if len(f.Grid) != n {
		return nil, fmt.Errorf("%w: grid of %d rows, want %d", ErrInvalid, len(f.Grid), n)
	}
	region := make([]int, n*n)
	jigsaw := false
	for r, row := range f.Grid {
		if len(row) != n {
			return nil, fmt.Errorf("%w: grid row %d has %d cells, want %d", ErrInvalid, r+1, len(row), n)
		}
		for c, cell := range row {
			i := r*n + c
			if cell.Given && cell.Value.set {
				if v := cell.Value.n; v < 1 || v > n {
					return nil, fmt.Errorf("%w: R%dC%d: given %d, want 1 to %d", ErrInvalid, r+1, c+1, v, n)
				}
				g.Cells[i] = uint8(cell.Value.n)
			}
			def := r/shape.BoxRows*(n/shape.BoxCols) + c/shape.BoxCols
			region[i] = def
			if len(cell.Region) > 0 {
				var reg flexInt
				if err := reg.UnmarshalJSON(cell.Region); err != nil {
					return nil, fmt.Errorf("%w: R%dC%d: region: %v", ErrSyntax, r+1, c+1, err)
				}
				if !reg.set {
					return nil, fmt.Errorf("%w: R%dC%d belongs to no region", ErrUnsupported, r+1, c+1)
				}
				k := reg.n
				if k < 0 || k >= n {
					return nil, fmt.Errorf("%w: R%dC%d: region %d, want 0 to %d", ErrInvalid, r+1, c+1, k, n-1)
				}
				region[i] = k
				jigsaw = jigsaw || k != def
			}
		}
	}
	v, err := variant(&f, shape, region, jigsaw)
	if err != nil {
		return nil, err
	}
	cg, err := cages(f.Killercage, n)
	if err != nil {
		return nil, err
	}
	th, err := thermos(f.Thermometer, n)
	if err != nil {
		return nil, err
	}
	if len(cg) > 0 || len(th) > 0 || f.Antiknight || f.Antiking || f.Nonconsecutive {
		if v == nil {
			v = &sudoku.Variant{}
		}
		v.Cages, v.Thermos = cg, th
		v.AntiKnight, v.AntiKing, v.NonConsecutive = f.Antiknight, f.Antiking, f.Nonconsecutive
	}
	g.Variant = v
	pj, err := sudoku.NewPuzzleJSON(g, sudoku.Format{})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	p.PuzzleJSON = *pj
	// The object must read back as the grid: a check of this package.
	if _, _, err := p.PuzzleJSON.Grid(sudoku.ReadOptions{}); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	return p, nil
}

// unsupported names the fields with a value that Parse does not read.
func unsupported(fields map[string]json.RawMessage) error {
	var names []string
	for k, raw := range fields {
		if handled[k] || ignored[k] || empty(raw) {
			continue
		}
		switch {
		case cosmetic[k]:
			names = append(names, k+" (cosmetic, its rule in the text)")
		case k == "negative":
			names = append(names, "negative (rules for every unmarked pair)")
		default:
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		return nil
	}
	sort.Strings(names)
	return fmt.Errorf("%w constraints: %s", ErrUnsupported, strings.Join(names, ", "))
}

// empty tells whether a field holds no constraint: null, false, "", [] or
// {}.
func empty(raw json.RawMessage) bool {
	switch string(bytes.TrimSpace(raw)) {
	case "null", "false", `""`:
		return true
	}
	var a []json.RawMessage
	if json.Unmarshal(raw, &a) == nil && len(a) == 0 {
		return true
	}
	var m map[string]json.RawMessage
	return json.Unmarshal(raw, &m) == nil && len(m) == 0
}

// variant makes the regions: irregular ones (jigsaw), the diagonals,
// disjoint groups and extra regions.
func variant(f *file, shape sudoku.Shape, region []int, jigsaw bool) (*sudoku.Variant, error) {
	n := shape.N()
	var v *sudoku.Variant
	switch {
	case jigsaw:
		if f.Disjoint {
			return nil, fmt.Errorf("%w: disjoint groups with irregular regions", ErrUnsupported)
		}
		boxes := make([][]int, n)
		for i, k := range region {
			boxes[k] = append(boxes[k], i)
		}
		for k, b := range boxes {
			if len(b) != n {
				return nil, fmt.Errorf("%w: region %d has %d cells (%s), want %d", ErrInvalid, k, len(b), cellList(b, n), n)
			}
		}
		v = &sudoku.Variant{Name: "jigsaw", Boxes: boxes}
	case f.Disjoint:
		v = sudoku.Disjoint(shape)
	case f.DiagonalPos && f.DiagonalNeg:
		v = sudoku.Diagonal(shape)
	}
	var extra [][]int
	if f.DiagonalNeg && (v == nil || v.Name != "diagonal") {
		d := make([]int, n)
		for i := range d {
			d[i] = i*n + i
		}
		extra = append(extra, d)
	}
	if f.DiagonalPos && (v == nil || v.Name != "diagonal") {
		d := make([]int, n)
		for i := range d {
			d[i] = i*n + n - 1 - i
		}
		extra = append(extra, d)
	}
	for k, e := range f.Extraregion {
		cells, err := cellIndices(e.Cells, n, fmt.Sprintf("extraregion %d", k+1))
		if err != nil {
			return nil, err
		}
		if len(cells) != n {
			return nil, fmt.Errorf("%w: extraregion %d has %d cells: only regions of %d cells (every digit once) are supported", ErrUnsupported, k+1, len(cells), n)
		}
		slices.Sort(cells)
		extra = append(extra, cells)
	}
	if len(extra) == 0 {
		return v, nil
	}
	if v == nil {
		v = &sudoku.Variant{}
	} else {
		c := *v
		c.Extra = slices.Clone(v.Extra)
		v = &c
	}
	for _, e := range extra {
		if !slices.ContainsFunc(v.Extra, func(x []int) bool { return slices.Equal(x, e) }) {
			v.Extra = append(v.Extra, e)
		}
	}
	return v, nil
}

func cages(list []cageJSON, n int) ([]Cage, error) {
	var out []Cage
	owner := map[int]int{}
	for k, c := range list {
		what := fmt.Sprintf("killercage %d", k+1)
		cells, err := cellIndices(c.Cells, n, what)
		if err != nil {
			return nil, err
		}
		if len(cells) == 0 {
			return nil, fmt.Errorf("%w: %s has no cells", ErrInvalid, what)
		}
		what += " (" + cellList(cells, n) + ")"
		if !c.Value.set {
			return nil, fmt.Errorf("%w: %s has no sum (cages without a sum are not supported)", ErrUnsupported, what)
		}
		if c.Value.n < 1 {
			return nil, fmt.Errorf("%w: %s has sum %d, want 1 or more", ErrInvalid, what, c.Value.n)
		}
		for _, i := range cells {
			if o, ok := owner[i]; ok {
				return nil, fmt.Errorf("%w: %s shares %s with killercage %d", ErrInvalid, what, sudoku.CellName(i, n), o+1)
			}
			owner[i] = k
		}
		slices.Sort(cells)
		out = append(out, Cage{Sum: c.Value.n, Cells: cells})
	}
	return out, nil
}

func thermos(list []linesJSON, n int) ([][]int, error) {
	var out [][]int
	for k, t := range list {
		for l, line := range t.Lines {
			what := fmt.Sprintf("thermometer %d", k+1)
			if len(t.Lines) > 1 {
				what += fmt.Sprintf(" line %d", l+1)
			}
			cells, err := cellIndices(line, n, what)
			if err != nil {
				return nil, err
			}
			switch {
			case len(cells) < 2:
				return nil, fmt.Errorf("%w: %s has %d cells, want 2 or more", ErrInvalid, what, len(cells))
			case len(cells) > n:
				return nil, fmt.Errorf("%w: %s has %d cells, more than the %d digits", ErrInvalid, what, len(cells), n)
			}
			for j := 1; j < len(cells); j++ {
				a, b := cells[j-1], cells[j]
				dr, dc := a/n-b/n, a%n-b%n
				if max(dr, -dr) > 1 || max(dc, -dc) > 1 || a == b {
					return nil, fmt.Errorf("%w: %s is not a path: %s does not touch %s", ErrInvalid, what, sudoku.CellName(b, n), sudoku.CellName(a, n))
				}
			}
			out = append(out, cells)
		}
	}
	return out, nil
}

// cellIndices reads cell names ("R1C1", 1-based) as 0-based row-major
// indices, each at most once.
func cellIndices(names []string, n int, what string) ([]int, error) {
	out := make([]int, 0, len(names))
	for _, s := range names {
		i, err := cellIndex(s, n)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		if slices.Contains(out, i) {
			return nil, fmt.Errorf("%w: %s: cell %s listed twice", ErrInvalid, what, sudoku.CellName(i, n))
		}
		out = append(out, i)
	}
	return out, nil
}

// cellIndex reads "R3C12" (any case).
func cellIndex(s string, n int) (int, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	bad := fmt.Errorf("%w: cell %s: want RxCy", ErrInvalid, quote.Short(s))
	if !strings.HasPrefix(t, "R") {
		return 0, bad
	}
	rs, cs, ok := strings.Cut(t[1:], "C")
	if !ok {
		return 0, bad
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil || rs[0] == '+' || rs[0] == '-' || cs[0] == '+' || cs[0] == '-' {
		return 0, bad
	}
	if r < 1 || r > n || c < 1 || c > n {
		return 0, fmt.Errorf("%w: cell %s outside the %dx%d grid", ErrInvalid, quote.Short(s), n, n)
	}
	return (r-1)*n + c - 1, nil
}

// cellList names cells for a message, the first few of them.
func cellList(cells []int, n int) string {
	var b strings.Builder
	for k, i := range cells {
		if k == 6 {
			fmt.Fprintf(&b, " ... (%d cells)", len(cells))
			break
		}
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(sudoku.CellName(i, n))
	}
	return b.String()
}
