package sudoku

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
)

// PuzzleJSON is the JSON form of a grid, one object per puzzle:
//
//	{"size":"3x3","variant":"standard","puzzle":"4.....8.5.3..."}
//	{"size":"2x3","variant":"jigsaw","regions":"111222...","puzzle":"..."}
//
// See docs/formats.md for the schema.
type PuzzleJSON struct {
	// Size is the box shape "RxC" (boxes of R rows and C columns; "3x3" is
	// the 9x9 grid, "2x3" the 6x6 one); a side such as "9x9" or "16" is
	// also read. Empty: detected from the number of cells.
	Size string `json:"size,omitempty"`
	// Variant names the variant: "standard" (or empty), "diagonal",
	// "hyper", "disjoint", "jigsaw" (with Regions), or a caller's own name
	// (with Extra).
	Variant string `json:"variant,omitempty"`
	// Regions is the region map of a jigsaw: N² symbols, one per cell in
	// row-major order, the cells sharing a symbol forming a region (see
	// Jigsaw).
	Regions string `json:"regions,omitempty"`
	// Extra lists further regions (cell indices, row-major from 0) that a
	// variant without a known name adds to the rules.
	Extra [][]int `json:"extra,omitempty"`
	// Cages are killer cages, {"sum":15,"cells":[0,1,9]}: distinct digits
	// adding up to the sum (see Variant.Cages and docs/variants.md).
	Cages []Cage `json:"cages,omitempty"`
	// AntiKnight, AntiKing and NonConsecutive turn on those constraints.
	AntiKnight     bool `json:"antiknight,omitempty"`
	AntiKing       bool `json:"antiking,omitempty"`
	NonConsecutive bool `json:"nonconsecutive,omitempty"`
	// Thermos are thermometers, cell indices from the bulb.
	Thermos [][]int `json:"thermos,omitempty"`
	// Rules are the other rules, each field under its own name
	// ("arrows", "differences", "littlekillers", ...: see Rules and
	// docs/variants.md).
	Rules
	// Alphabet is the symbols of the digits 1..N in Puzzle, when not the
	// default (see ReadOptions.Alphabet).
	Alphabet string `json:"alphabet,omitempty"`
	// Puzzle is the grid on one line: N² symbols with '.', '0', '-' or '_'
	// blanks, or N² whitespace-separated numbers with 0 blanks.
	Puzzle string `json:"puzzle,omitempty"`
	// Cells is the grid as N² numbers, 0 for a blank, read when Puzzle is
	// empty. Grids read as numbers (Format.Numbers) are written this way,
	// and so are sides above 62, which have no alphabet.
	Cells []int `json:"cells,omitempty"`
}

// MarshalJSON encodes g as a PuzzleJSON object.
func (g *Grid) MarshalJSON() ([]byte, error) {
	pj, err := NewPuzzleJSON(g, Format{})
	if err != nil {
		return nil, err
	}
	return json.Marshal(pj)
}

// UnmarshalJSON decodes a PuzzleJSON object into g, strictly (see
// DecodeJSON).
func (g *Grid) UnmarshalJSON(b []byte) error {
	var pj PuzzleJSON
	if err := DecodeJSON(b, &pj); err != nil {
		return err
	}
	h, _, err := pj.Grid(ReadOptions{})
	if err != nil {
		return err
	}
	*g = *h
	return nil
}

// NewPuzzleJSON returns the JSON form of g, its puzzle written in f's
// alphabet and blank (defaults: the size's default alphabet, '.').
func NewPuzzleJSON(g *Grid, f Format) (*PuzzleJSON, error) {
	n := g.N()
	if n < 1 || n > MaxN || len(g.Cells) != n*n {
		return nil, fmt.Errorf("grid of %d cells, want %d for a %dx%d grid: %w", len(g.Cells), n*n, n, n, ErrShape)
	}
	for i, v := range g.Cells {
		if int(v) > n {
			return nil, fmt.Errorf("cell %s holds %d, more than %d: %w", CellName(i, n), v, n, ErrGrid)
		}
	}
	pj := &PuzzleJSON{Size: g.Shape.String()}
	if f.Numbers || (f.Alphabet == "" && DefaultAlphabet(n) == "") {
		pj.Cells = make([]int, len(g.Cells))
		for i, v := range g.Cells {
			pj.Cells[i] = int(v)
		}
	} else {
		line := f
		line.Layout, line.template, line.CRLF, line.Gap = Line, "", false, false
		b, err := AppendGrid(nil, g, line)
		if err != nil {
			return nil, err
		}
		pj.Puzzle = string(b[:len(b)-1])
		if f.Alphabet != "" && f.Alphabet != DefaultAlphabet(n) {
			pj.Alphabet = f.Alphabet
		}
	}
	if v := g.Variant; v != nil {
		name := v.Name
		var implied [][]int
		if v.Boxes != nil {
			if name == "" || name == "standard" {
				name = "jigsaw"
			}
			pj.Regions = regionMap(v.Boxes, n)
		} else if known, err := VariantByName(name, g.Shape); err == nil && known != nil {
			implied = known.Extra
		}
		if !slices.EqualFunc(implied, v.Extra, slices.Equal) {
			pj.Extra = v.Extra
		}
		if name == "standard" && pj.Regions == "" && len(pj.Extra) == 0 {
			name = ""
		}
		pj.Variant = name
		pj.Cages, pj.Thermos, pj.Rules = v.Cages, v.Thermos, v.Rules
		pj.AntiKnight, pj.AntiKing, pj.NonConsecutive = v.AntiKnight, v.AntiKing, v.NonConsecutive
	}
	return pj, nil
}

// constraints returns the constraints of pj as a Variant holding nothing
// else, or nil when it has none.
func (pj *PuzzleJSON) constraints() *Variant {
	c := &Variant{Cages: pj.Cages, AntiKnight: pj.AntiKnight, AntiKing: pj.AntiKing, NonConsecutive: pj.NonConsecutive, Thermos: pj.Thermos, Rules: pj.Rules}
	if !c.Constrained() {
		return nil
	}
	return c
}

// ConstraintsJSON is a JSON object of constraints alone, the fields of
// PuzzleJSON that add constraints (see docs/variants.md):
//
//	{"cages":[{"sum":15,"cells":[0,1,9]}],"antiknight":true,"thermos":[[0,1,2]]}
type ConstraintsJSON struct {
	Cages          []Cage  `json:"cages,omitempty"`
	AntiKnight     bool    `json:"antiknight,omitempty"`
	AntiKing       bool    `json:"antiking,omitempty"`
	NonConsecutive bool    `json:"nonconsecutive,omitempty"`
	Thermos        [][]int `json:"thermos,omitempty"`
	Rules
}

// ParseConstraints reads a ConstraintsJSON object (the whole of data,
// which may span lines; decoded by DecodeJSON, so unknown fields are
// errors) and returns its
// constraints as a Variant without regions, to add to puzzles with
// WithConstraints. Errors are *ParseError values with the line and column
// of a syntax error. The constraints are checked against a grid only
// when added to one (CheckConstraints).
func ParseConstraints(data []byte) (*Variant, error) {
	var cj ConstraintsJSON
	if err := DecodeJSON(data, &cj); err != nil {
		return nil, err
	}
	return &Variant{Cages: cj.Cages, AntiKnight: cj.AntiKnight, AntiKing: cj.AntiKing, NonConsecutive: cj.NonConsecutive, Thermos: cj.Thermos, Rules: cj.Rules}, nil
}

// withoutConstraints returns v without its constraints: v itself when it
// has none, else a copy keeping its name and regions.
func (v *Variant) withoutConstraints() *Variant {
	if !v.Constrained() {
		return v
	}
	return &Variant{Name: v.Name, Boxes: v.Boxes, Extra: v.Extra}
}

// WithConstraints returns v (nil: standard) with the constraints of c
// added: c's cages, thermometers and lists of Rules after v's, and each
// of c's flags turned on. It returns v itself when c has no constraints,
// else a new Variant (v is not changed).
func WithConstraints(v, c *Variant) *Variant {
	if !c.Constrained() {
		return v
	}
	nv := &Variant{} // no name: a standard grid with constraints
	if v != nil {
		*nv = *v
	}
	nv.Cages = append(slices.Clip(nv.Cages), c.Cages...)
	nv.Thermos = append(slices.Clip(nv.Thermos), c.Thermos...)
	nv.AntiKnight = nv.AntiKnight || c.AntiKnight
	nv.AntiKing = nv.AntiKing || c.AntiKing
	nv.NonConsecutive = nv.NonConsecutive || c.NonConsecutive
	nv.Rules = nv.Rules.merge(c.Rules)
	return nv
}

// regionMap writes jigsaw boxes as N² region symbols.
func regionMap(boxes [][]int, n int) string {
	syms := DefaultAlphabet(len(boxes))
	if syms == "" {
		syms = digit0Syms
	}
	m := bytes.Repeat([]byte{'?'}, n*n)
	for k, box := range boxes {
		for _, c := range box {
			if c >= 0 && c < len(m) && k < len(syms) {
				m[c] = syms[k]
			}
		}
	}
	return string(m)
}

// Grid decodes pj into a grid and the format of its puzzle text (Layout
// JSON). opt gives the shape, variant and alphabet when pj does not.
// Errors are *ParseError values; a bad variant's error wraps ErrVariant.
func (pj *PuzzleJSON) Grid(opt ReadOptions) (*Grid, Format, error) {
	if pj.Size != "" {
		s, err := ParseShape(pj.Size)
		if err != nil {
			return nil, Format{}, &ParseError{Msg: "json: size: " + err.Error(), Err: err}
		}
		opt.Shape = s
	}
	if pj.Alphabet != "" {
		opt.Alphabet = pj.Alphabet
	}
	var g *Grid
	var f Format
	if pj.Puzzle == "" && pj.Cells != nil {
		var sb strings.Builder
		for i, c := range pj.Cells {
			if i > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprint(&sb, c)
		}
		if len(pj.Cells) == 0 {
			return nil, Format{}, &ParseError{Msg: "json: empty cells", Err: ErrSyntax}
		}
		pj2 := *pj
		pj2.Puzzle, pj2.Cells = sb.String(), nil
		return pj2.Grid(opt)
	}
	p, err := parseOneLineString(pj.Puzzle, opt)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			pe2 := *pe
			pe2.Line = 0
			if pe.Col > 0 {
				pe2.Msg = fmt.Sprintf("json: puzzle: column %d: %s", pe.Col, pe.Msg)
			} else {
				pe2.Msg = "json: puzzle: " + pe.Msg
			}
			pe2.Col = 0
			return nil, Format{}, &pe2
		}
		return nil, Format{}, err
	}
	g, f = p.Grid, p.Format
	f.Layout = JSON
	var v *Variant
	switch {
	case pj.Regions != "":
		if pj.Variant != "" && !strings.EqualFold(pj.Variant, "jigsaw") {
			return nil, Format{}, &ParseError{Msg: fmt.Sprintf("json: variant %s with regions, want \"jigsaw\"", quote.Short(pj.Variant)), Err: ErrVariant}
		}
		v, err = Jigsaw(g.Shape, pj.Regions)
	case pj.Variant != "" && len(pj.Extra) > 0:
		v, err = VariantByName(pj.Variant, g.Shape)
		if err != nil {
			v, err = &Variant{Name: pj.Variant}, nil
		}
	case pj.Variant != "":
		v, err = VariantByName(pj.Variant, g.Shape)
	default:
		v = opt.Variant
	}
	if err != nil {
		return nil, Format{}, &ParseError{Msg: "json: " + err.Error(), Err: err}
	}
	if len(pj.Extra) > 0 {
		n := g.N()
		for i, reg := range pj.Extra {
			if err := checkRegion(reg, n); err != nil {
				return nil, Format{}, &ParseError{Msg: fmt.Sprintf("json: extra region %d: %v", i+1, err), Err: err}
			}
		}
		nv := &Variant{Name: "custom"}
		if v != nil {
			*nv = *v
			nv.Extra = slices.Clone(v.Extra)
		}
		if pj.Variant != "" {
			nv.Name = pj.Variant
		}
		for _, reg := range pj.Extra {
			if !slices.ContainsFunc(nv.Extra, func(e []int) bool { return slices.Equal(e, reg) }) {
				nv.Extra = append(nv.Extra, slices.Clone(reg))
			}
		}
		v = nv
	}
	if c := pj.constraints(); c != nil {
		// The object's constraints replace those of a default variant
		// (opt.Variant), whose regions stay.
		v = WithConstraints(v.withoutConstraints(), c)
		if err := CheckConstraints(g.N(), v); err != nil {
			return nil, Format{}, &ParseError{Msg: "json: " + err.Error(), Err: err}
		}
	}
	g.Variant = v
	return g, f, nil
}

// parseOneLineString reads exactly one one-line puzzle from s.
func parseOneLineString(s string, opt ReadOptions) (*Puzzle, error) {
	if strings.ContainsAny(s, "\r\n") {
		return nil, &ParseError{Msg: "puzzle on several lines, want one line", Err: ErrSyntax}
	}
	r := NewReader(strings.NewReader(s), opt)
	r.started = true // no count line
	p, err := r.Next()
	if err != nil {
		if err == io.EOF {
			return nil, &ParseError{Msg: "empty puzzle", Err: ErrSyntax}
		}
		return nil, err
	}
	if p.Format.Layout != Line {
		return nil, &ParseError{Msg: "not a one-line puzzle", Err: ErrSyntax}
	}
	if strings.TrimSpace(p.Rest) != "" {
		return nil, &ParseError{Col: len(s) - len(p.Rest) + 1, Msg: fmt.Sprintf("unexpected %s after the grid", quote.Short(strings.TrimSpace(p.Rest))), Err: ErrSyntax}
	}
	return p, nil
}

// jsonLine reads a puzzle given as one JSON object on a line (line, with
// its leading white space, for the columns of errors).
func (r *Reader) jsonLine(line []byte, lineNo int, crlf bool) (*Puzzle, error) {
	var pj PuzzleJSON
	if err := decodeJSON(line, &pj, lineNo); err != nil {
		return nil, err
	}
	return r.objectAt(&pj, lineNo, crlf)
}

// objectAt returns the puzzle of the object pj read at line lineNo.
func (r *Reader) objectAt(pj *PuzzleJSON, lineNo int, crlf bool) (*Puzzle, error) {
	g, f, err := pj.Grid(r.opt)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			pe.Line = lineNo
			return nil, pe
		}
		return nil, err
	}
	f.CRLF = crlf
	r.lastCells = 0
	return &Puzzle{Grid: g, Format: f, Line: lineNo}, nil
}

func appendJSON(dst []byte, g *Grid, f Format) ([]byte, error) {
	pj, err := NewPuzzleJSON(g, f)
	if err != nil {
		return dst, err
	}
	b, err := json.Marshal(pj)
	if err != nil {
		return dst, err
	}
	dst = append(dst, b...)
	if f.CRLF {
		dst = append(dst, '\r')
	}
	return append(dst, '\n'), nil
}
