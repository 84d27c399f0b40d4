// Package fpuzzles imports puzzles from f-puzzles and SudokuPad, the
// formats setters share variant puzzles in: an f-puzzles link
// (https://www.f-puzzles.com/?load=N4Ig...), a SudokuPad link carrying an
// f-puzzles payload (https://sudokupad.app/?puzzle=fpuzzlesN4Ig...,
// https://sudokupad.app/fpuzN4Ig..., ?puzzleid=fpuzzles... on
// sudokupad.app and app.crackingthecryptic.com), the payload alone
// (lz-string compressed Base64), or the f-puzzles JSON it holds.
//
// The result is the project's JSON puzzle object (docs/formats.md): the
// grid's givens, its size and box shape, irregular regions (as a jigsaw
// region map), diagonals, disjoint groups and extra regions, and every
// functional constraint of the f-puzzles format and of the userscripts
// that extend it (killer cages with or without a sum, thermometers,
// arrows, kropki dots and XV with their negative constraints, little
// killers, sandwiches, lines, indexers, ...: docs/import.md lists them).
// The cosmetic tools (lines, cages, circles, texts, rectangles) carry no
// rule of their own: one that only repeats a constraint the puzzle states
// elsewhere (the userscripts export their lines and clues twice) is
// ignored, any other is an error, since the puzzle's rules are in its
// text. Every problem of a puzzle is reported at once.
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

// Errors: every error of the package wraps one of these (a *Problems
// error wraps those of each of its problems).
var (
	// ErrSyntax: the input is not an f-puzzles puzzle (bad link, bad
	// payload, bad JSON, a field of the wrong type).
	ErrSyntax = errors.New("not an f-puzzles puzzle")
	// ErrInvalid: a constraint or cell the project's puzzle object cannot
	// hold as given (a cell outside the grid, a cell in two cages, a
	// thermometer that is not a path, regions of the wrong size).
	ErrInvalid = errors.New("bad f-puzzles puzzle")
	// ErrUnsupported: constraints or link kinds this package does not
	// import; the message names them.
	ErrUnsupported = errors.New("unsupported")
)

// Problems is the error of a puzzle with several problems, each an
// error wrapping ErrSyntax, ErrInvalid or ErrUnsupported; errors.Is finds
// each of their sentinels. Its message lists them, "; " between them.
type Problems []error

func (p Problems) Error() string {
	s := make([]string, len(p))
	for i, e := range p {
		s[i] = e.Error()
	}
	return strings.Join(s, "; ")
}

// Unwrap returns the problems.
func (p Problems) Unwrap() []error { return p }

// Puzzle is the project's JSON puzzle object (sudoku.PuzzleJSON: size,
// variant, regions, extra, puzzle and the constraints) with the file's
// title and author.
type Puzzle struct {
	sudoku.PuzzleJSON

	// Title and Author are the file's, when it has them (not part of the
	// puzzle object).
	Title  string `json:"-"`
	Author string `json:"-"`
	// Notes say which cosmetics were read as rules from the puzzle's
	// rules text (rulestext.go), one a line.
	Notes []string `json:"-"`
}

// Cage is a killer cage.
type Cage = sudoku.Cage

// boxShape is f-puzzles' box shape (rows x columns) for each size; the
// prime sizes have rows as their default regions.
func boxShape(n int) sudoku.Shape {
	if s, ok := sudoku.DefaultShape(n); ok {
		return s
	}
	return sudoku.Shape{BoxRows: 1, BoxCols: n}
}

// Sizes f-puzzles makes and the project plays.
const minSize, maxSize = 4, 16

// ignored are metadata that carry no rule: title, author, the rules text,
// the setter's solution, the f-puzzles solver's settings, SudokuPad's fog
// of war (what the solver sees, not which digits go where).
var ignored = map[string]bool{
	"size": true, "grid": true,
	"title": true, "author": true, "ruleset": true, "solution": true,
	"disabledlogic": true, "truecandidatesoptions": true, "activeConstraints": true,
	"version": true, "foglight": true,
}

// unsupportedWords names, in setters' words, fields this package knows
// but does not import.
var unsupportedWords = map[string]string{
	"lockout": "lockout lines",
}

// report collects the problems of a puzzle.
type report struct {
	list []error
}

func (r *report) add(sentinel error, format string, args ...any) {
	r.list = append(r.list, fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...)))
}

func (r *report) err() error {
	switch len(r.list) {
	case 0:
		return nil
	case 1:
		return r.list[0]
	}
	return Problems(r.list)
}

// Parse reads the f-puzzles JSON of a puzzle. It reports every problem
// at once: one error, or a Problems error listing them.
func Parse(data []byte) (*Puzzle, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, fmt.Errorf("%w: json: %v", ErrSyntax, strings.TrimPrefix(err.Error(), "json: "))
	}
	if fields == nil {
		return nil, fmt.Errorf("%w: json: not an object", ErrSyntax)
	}
	if _, ok := fields["size"]; !ok {
		return nil, fmt.Errorf("%w: no \"size\" field", ErrSyntax)
	}
	if _, ok := fields["grid"]; !ok {
		return nil, fmt.Errorf("%w: no \"grid\" field", ErrSyntax)
	}
	var n int
	if err := json.Unmarshal(fields["size"], &n); err != nil {
		return nil, fmt.Errorf("%w: json: size: %v", ErrSyntax, strings.TrimPrefix(err.Error(), "json: "))
	}
	if n < minSize || n > maxSize {
		return nil, fmt.Errorf("%w: size %d: want %d to %d", ErrUnsupported, n, minSize, maxSize)
	}
	im := &importer{n: n, fields: fields}
	p := im.parse()
	if err := im.rep.err(); err != nil {
		return nil, err
	}
	return p, nil
}

// importer reads one f-puzzles file.
type importer struct {
	n      int
	fields map[string]json.RawMessage
	rep    report
	used   map[string]bool // fields read
	v      sudoku.Variant  // the constraints read
	st     stated          // the same, for the cosmetics
	notes  []string        // rules read from the rules text
}

// decode reads field name into dst, reporting a type error; it reports
// whether the field holds something.
func (im *importer) decode(name string, dst any) bool {
	if im.used == nil {
		im.used = map[string]bool{}
	}
	im.used[name] = true
	raw, ok := im.fields[name]
	if !ok || empty(raw) {
		return false
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		im.rep.add(ErrSyntax, "%s: json: %v", name, strings.TrimPrefix(err.Error(), "json: "))
		return false
	}
	return true
}

func (im *importer) parse() *Puzzle {
	n := im.n
	p := &Puzzle{Title: metaString(im.fields["title"]), Author: metaString(im.fields["author"])}
	shape := boxShape(n)
	g := sudoku.NewGrid(shape, nil)
	var rows [][]cellJSON
	im.decode("grid", &rows)
	region := make([]int, n*n)
	jigsaw := false
	if len(rows) != n {
		im.rep.add(ErrInvalid, "grid of %d rows, want %d", len(rows), n)
		rows = nil
	}
	var marks []string
	for r, row := range rows {
		if len(row) != n {
			im.rep.add(ErrInvalid, "grid row %d has %d cells, want %d", r+1, len(row), n)
			continue
		}
		for c, cell := range row {
			i := r*n + c
			if cell.Given && cell.Value.set {
				if v := cell.Value.n; v < 1 || v > n {
					im.rep.add(ErrInvalid, "R%dC%d: given %d, want 1 to %d", r+1, c+1, v, n)
				} else {
					g.Cells[i] = uint8(v)
				}
			}
			if len(cell.GivenPencilMarks) > 0 && !empty(cell.GivenPencilMarks) {
				marks = append(marks, fmt.Sprintf("R%dC%d", r+1, c+1))
			}
			def := r/shape.BoxRows*(n/shape.BoxCols) + c/shape.BoxCols
			region[i] = def
			if len(cell.Region) > 0 {
				var reg flexInt
				if err := reg.UnmarshalJSON(cell.Region); err != nil {
					im.rep.add(ErrSyntax, "R%dC%d: region: %v", r+1, c+1, err)
					continue
				}
				if !reg.set {
					im.rep.add(ErrUnsupported, "R%dC%d belongs to no region", r+1, c+1)
					continue
				}
				k := reg.n
				if k < 0 || k >= n {
					im.rep.add(ErrInvalid, "R%dC%d: region %d, want 0 to %d", r+1, c+1, k, n-1)
					continue
				}
				region[i] = k
				jigsaw = jigsaw || k != def
			}
		}
	}
	if len(marks) > 0 {
		im.rep.add(ErrUnsupported, "given pencil marks (the digits a cell may hold) in %s", listShort(marks))
	}
	v := im.variant(shape, region, jigsaw)
	im.constraints()
	im.cosmetics()
	im.unknown()
	if v == nil {
		v = &sudoku.Variant{}
	}
	v.Cages, v.Thermos = im.v.Cages, im.v.Thermos
	v.AntiKnight, v.AntiKing, v.NonConsecutive = im.v.AntiKnight, im.v.AntiKing, im.v.NonConsecutive
	v.Rules = im.v.Rules
	if v.Name == "" && v.Boxes == nil && len(v.Extra) == 0 && !v.Constrained() {
		v = nil
	}
	for _, err := range sudoku.ConstraintProblems(n, v) {
		im.rep.add(ErrInvalid, "%s", strings.TrimSuffix(err.Error(), ": "+sudoku.ErrConstraint.Error()))
	}
	if len(im.rep.list) > 0 {
		return nil
	}
	g.Variant = v
	pj, err := sudoku.NewPuzzleJSON(g, sudoku.Format{})
	if err != nil {
		im.rep.add(ErrInvalid, "%v", err)
		return nil
	}
	p.PuzzleJSON = *pj
	p.Notes = im.notes
	// The object must read back as the grid: a check of this package.
	if _, _, err := p.PuzzleJSON.Grid(sudoku.ReadOptions{}); err != nil {
		im.rep.add(ErrInvalid, "%v", err)
		return nil
	}
	return p
}

// metaString returns a title or author: a string, or the text of a
// number.
func metaString(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

// unknown reports the fields holding something that nothing read.
func (im *importer) unknown() {
	var names []string
	for k, raw := range im.fields {
		if im.used[k] || ignored[k] || empty(raw) {
			continue
		}
		if w, ok := unsupportedWords[k]; ok {
			names = append(names, w+" ("+k+")")
		} else {
			names = append(names, quote.Short(k))
		}
	}
	if len(names) == 0 {
		return
	}
	sort.Strings(names)
	im.rep.add(ErrUnsupported, "constraints this importer does not know: %s", strings.Join(names, ", "))
}

type cellJSON struct {
	Value            flexInt         `json:"value"`
	Given            bool            `json:"given"`
	Region           json.RawMessage `json:"region"`
	GivenPencilMarks json.RawMessage `json:"givenPencilMarks"`
}

// flexInt reads a number or a string holding one (f-puzzles writes sums
// as strings); set records that a value was there.
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

// empty tells whether a field holds no constraint: null, false, "", [] or
// {}.
func empty(raw json.RawMessage) bool {
	switch string(bytes.TrimSpace(raw)) {
	case "null", "false", `""`, "":
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
func (im *importer) variant(shape sudoku.Shape, region []int, jigsaw bool) *sudoku.Variant {
	n := shape.N()
	var diagPos, diagNeg, disjoint bool
	im.decode("diagonal+", &diagPos)
	im.decode("diagonal-", &diagNeg)
	im.decode("disjointgroups", &disjoint)
	var v *sudoku.Variant
	switch {
	case jigsaw:
		if disjoint {
			im.rep.add(ErrUnsupported, "disjoint groups with irregular regions")
		}
		boxes := make([][]int, n)
		for i, k := range region {
			boxes[k] = append(boxes[k], i)
		}
		bad := false
		for k, b := range boxes {
			if len(b) != n {
				im.rep.add(ErrInvalid, "region %d has %d cells (%s), want %d", k, len(b), cellList(b, n), n)
				bad = true
			}
		}
		if !bad {
			v = &sudoku.Variant{Name: "jigsaw", Boxes: boxes}
		}
	case disjoint:
		v = sudoku.Disjoint(shape)
	case diagPos && diagNeg:
		v = sudoku.Diagonal(shape)
	}
	var extra [][]int
	if diagNeg && (v == nil || v.Name != "diagonal") {
		d := make([]int, n)
		for i := range d {
			d[i] = i*n + i
		}
		extra = append(extra, d)
	}
	if diagPos && (v == nil || v.Name != "diagonal") {
		d := make([]int, n)
		for i := range d {
			d[i] = i*n + n - 1 - i
		}
		extra = append(extra, d)
	}
	var regions []cellsJSON
	im.decode("extraregion", &regions)
	for k, e := range regions {
		cells, ok := im.cells(e.Cells, fmt.Sprintf("extraregion %d", k+1))
		if !ok {
			continue
		}
		if len(cells) != n {
			im.rep.add(ErrUnsupported, "extraregion %d has %d cells: only regions of %d cells (every digit once) are supported", k+1, len(cells), n)
			continue
		}
		slices.Sort(cells)
		extra = append(extra, cells)
	}
	if len(extra) == 0 {
		return v
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
	return v
}

// cells reads cell names ("R1C1", 1-based) as 0-based row-major indices,
// each at most once, reporting problems; ok is false when there was one.
func (im *importer) cells(names []string, what string) ([]int, bool) {
	return im.cellSeq(names, what, false)
}

// cellSeq is cells, allowing a cell to come back when repeats (a line
// that loops) but not twice in a row.
func (im *importer) cellSeq(names []string, what string, repeats bool) ([]int, bool) {
	n := im.n
	out := make([]int, 0, len(names))
	for _, s := range names {
		i, err := cellIndex(s, n)
		if err != nil {
			im.rep.add(ErrInvalid, "%s: %v", what, err)
			return nil, false
		}
		if (!repeats && slices.Contains(out, i)) || (len(out) > 0 && out[len(out)-1] == i) {
			im.rep.add(ErrInvalid, "%s: cell %s listed twice", what, sudoku.CellName(i, n))
			return nil, false
		}
		out = append(out, i)
	}
	return out, true
}

// parseRC reads "R3C12" (any case) as 1-based row and column, which may
// lie outside the grid.
func parseRC(s string) (r, c int, ok bool) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if !strings.HasPrefix(t, "R") {
		return 0, 0, false
	}
	rs, cs, found := strings.Cut(t[1:], "C")
	if !found || rs == "" || cs == "" || rs[0] == '+' || rs[0] == '-' || cs[0] == '+' || cs[0] == '-' {
		return 0, 0, false
	}
	r, err1 := strconv.Atoi(rs)
	c, err2 := strconv.Atoi(cs)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return r, c, true
}

// cellIndex reads "R3C12" (any case) as a cell of the grid.
func cellIndex(s string, n int) (int, error) {
	r, c, ok := parseRC(s)
	if !ok {
		return 0, fmt.Errorf("cell %s: want RxCy", quote.Short(s))
	}
	if r < 1 || r > n || c < 1 || c > n {
		return 0, fmt.Errorf("cell %s outside the %dx%d grid", quote.Short(s), n, n)
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

// listShort joins up to six names, then says how many there are.
func listShort(names []string) string {
	if len(names) <= 6 {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:6], ", ") + fmt.Sprintf(", ... (%d in all)", len(names))
}
