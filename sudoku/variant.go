package sudoku

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dlxkit/dlx/internal/quote"
)

// ErrVariant is wrapped by the errors that reject a variant: a region map
// that does not make N regions of N cells, an unknown variant name, or a
// variant that does not fit the grid's shape.
var ErrVariant = errors.New("bad variant")

// MaxN is the largest side the solver accepts (a 64x64 grid, boxes 8x8).
const MaxN = 64

// Diagonal returns the X variant for shape s: both main diagonals hold
// every digit once.
func Diagonal(s Shape) *Variant {
	n := s.N()
	main, anti := make([]int, n), make([]int, n)
	for i := range n {
		main[i] = i*n + i
		anti[i] = i*n + n - 1 - i
	}
	return &Variant{Name: "diagonal", Extra: [][]int{main, anti}}
}

// Hyper returns the windoku variant of the 9x9 grid: four extra 3x3 regions
// with their top-left cells at r2c2, r2c6, r6c2 and r6c6.
func Hyper() *Variant {
	v := &Variant{Name: "hyper"}
	for _, r0 := range []int{1, 5} {
		for _, c0 := range []int{1, 5} {
			reg := make([]int, 0, 9)
			for r := r0; r < r0+3; r++ {
				for c := c0; c < c0+3; c++ {
					reg = append(reg, r*9+c)
				}
			}
			v.Extra = append(v.Extra, reg)
		}
	}
	return v
}

// Disjoint returns the disjoint-groups variant for shape s: the cells at the
// same position in every box form a region, N extra regions in all.
func Disjoint(s Shape) *Variant {
	s = s.norm()
	n := s.N()
	v := &Variant{Name: "disjoint", Extra: make([][]int, n)}
	for pr := range s.BoxRows {
		for pc := range s.BoxCols {
			reg := make([]int, 0, n)
			for br := 0; br < n; br += s.BoxRows {
				for bc := 0; bc < n; bc += s.BoxCols {
					reg = append(reg, (br+pr)*n+bc+pc)
				}
			}
			v.Extra[pr*s.BoxCols+pc] = reg
		}
	}
	return v
}

// Jigsaw returns the jigsaw variant whose irregular regions replace the
// boxes of shape s. regionMap has N lines of N symbols, one per cell, the
// cells sharing a symbol forming a region; it must name N regions of N
// cells each. Spaces between symbols are ignored, except that a line whose
// whitespace-separated fields number exactly N takes each field as one
// symbol (so that "10 11 12" works for large grids). The map may also be
// one line of N² symbols. Blank lines and lines starting with '#' are
// skipped. Errors give the line and column (1-based) of the offending
// symbol and wrap ErrVariant.
func Jigsaw(s Shape, regionMap string) (*Variant, error) {
	s = s.norm()
	n := s.N()
	if n < 1 || n > MaxN {
		return nil, fmt.Errorf("region map: side %d out of range 1..%d: %w", n, MaxN, ErrVariant)
	}
	type sym struct {
		text      string
		line, col int
	}
	var syms []sym
	lineNo := 0
	for raw := range strings.Lines(regionMap) {
		lineNo++
		line := strings.TrimRight(raw, "\r\n")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		if f := strings.Fields(line); len(f) == n && n > 1 && strings.ContainsFunc(trimmed, unicode.IsSpace) {
			col := 1
			rest := line
			for _, field := range f {
				i := strings.Index(rest, field)
				col += utf8.RuneCountInString(rest[:i])
				syms = append(syms, sym{field, lineNo, col})
				col += utf8.RuneCountInString(field)
				rest = rest[i+len(field):]
			}
			continue
		}
		col := 0
		for _, r := range line {
			col++
			if unicode.IsSpace(r) {
				continue
			}
			syms = append(syms, sym{string(r), lineNo, col})
		}
	}
	if len(syms) != n*n {
		at := lineNo
		if len(syms) > n*n {
			e := syms[n*n]
			return nil, fmt.Errorf("region map: line %d, column %d: more than %d symbols, want %d lines of %d: %w", e.line, e.col, n*n, n, n, ErrVariant)
		}
		return nil, fmt.Errorf("region map: line %d: %d symbols, want %d (%d lines of %d): %w", at, len(syms), n*n, n, n, ErrVariant)
	}
	index := map[string]int{}
	var first []sym
	var boxes [][]int
	for cell, y := range syms {
		k, ok := index[y.text]
		if !ok {
			if len(boxes) == n {
				return nil, fmt.Errorf("region map: line %d, column %d: region %s is region number %d, want %d regions: %w", y.line, y.col, quote.Short(y.text), n+1, n, ErrVariant)
			}
			k = len(boxes)
			index[y.text] = k
			boxes = append(boxes, make([]int, 0, n))
			first = append(first, y)
		}
		if len(boxes[k]) == n {
			return nil, fmt.Errorf("region map: line %d, column %d: region %s has more than %d cells: %w", y.line, y.col, quote.Short(y.text), n, ErrVariant)
		}
		boxes[k] = append(boxes[k], cell)
	}
	// N regions of at most N cells over N² cells: every region has N.
	if len(boxes) != n {
		y := first[0]
		return nil, fmt.Errorf("region map: line %d, column %d: %d regions, want %d: %w", y.line, y.col, len(boxes), n, ErrVariant)
	}
	return &Variant{Name: "jigsaw", Boxes: boxes}, nil
}

// VariantNames lists the names VariantByName accepts (jigsaw needs a region
// map, see Jigsaw).
var VariantNames = []string{"standard", "diagonal", "hyper", "disjoint"}

// VariantByName returns the variant called name for shape s: "standard"
// (or "", nil), "diagonal" (also "x"), "hyper" (also "windoku", 9x9 only)
// or "disjoint". Jigsaw variants need a region map: use Jigsaw.
func VariantByName(name string, s Shape) (*Variant, error) {
	s = s.norm()
	switch strings.ToLower(name) {
	case "", "standard":
		return nil, nil
	case "diagonal", "x", "sudoku-x":
		return Diagonal(s), nil
	case "hyper", "windoku":
		if s != Standard {
			return nil, fmt.Errorf("variant hyper needs the 9x9 grid (boxes 3x3), not %dx%d: %w", s.N(), s.N(), ErrVariant)
		}
		return Hyper(), nil
	case "disjoint", "disjoint-groups":
		return Disjoint(s), nil
	case "jigsaw":
		return nil, fmt.Errorf("variant jigsaw needs a region map: %w", ErrVariant)
	}
	return nil, fmt.Errorf("unknown variant %s (want one of %s, or jigsaw with a region map): %w", quote.Short(name), strings.Join(VariantNames, ", "), ErrVariant)
}

// ErrShape is wrapped by the errors that reject a grid's shape or size.
var ErrShape = errors.New("bad grid shape")

func checkRegion(reg []int, n int) error {
	if len(reg) != n {
		return fmt.Errorf("%d cells, want %d: %w", len(reg), n, ErrVariant)
	}
	for i, c := range reg {
		if c < 0 || c >= n*n {
			return fmt.Errorf("cell index %d out of range: %w", c, ErrVariant)
		}
		for _, d := range reg[:i] {
			if d == c {
				return fmt.Errorf("cell %s listed twice: %w", CellName(c, n), ErrVariant)
			}
		}
	}
	return nil
}

// CellName returns the name of cell index i of a grid of side n, as
// "r1c1" for the top-left cell (rows and columns counted from 1).
func CellName(i, n int) string {
	return "r" + strconv.Itoa(i/n+1) + "c" + strconv.Itoa(i%n+1)
}
