package sudoku

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strconv"
	"sync"
)

var writeBufs = sync.Pool{New: func() any { b := make([]byte, 0, 512); return &b }}

// WriteGrid prints g the way f describes, ending with a line end (and an
// empty line after a multi-line grid when f.Gap is set). A Format the
// reader returned for a multi-line grid prints that grid's exact text with
// g's cells in place of the puzzle's, so a solution prints like its puzzle.
func WriteGrid(w io.Writer, g *Grid, f Format) error {
	bp := writeBufs.Get().(*[]byte)
	b, err := AppendGrid((*bp)[:0], g, f)
	if err == nil {
		_, err = w.Write(b)
	}
	if cap(b) <= 64<<10 {
		*bp = b[:0]
		writeBufs.Put(bp)
	}
	return err
}

// String returns the one-line form of g: N² symbols in the default
// alphabet of its size with '.' for a blank ("4.....8.5.3..." for 9x9), or
// whitespace-separated numbers for sides above 62. No line end.
func (g *Grid) String() string {
	if g == nil {
		return "<nil>"
	}
	b, err := AppendGrid(nil, g, Format{})
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b[:len(b)-1])
}

// AppendGrid appends the text WriteGrid prints to dst.
func AppendGrid(dst []byte, g *Grid, f Format) ([]byte, error) {
	n := g.N()
	if n < 1 || n > MaxN || len(g.Cells) != n*n {
		return dst, fmt.Errorf("grid of %d cells, want %d for a %dx%d grid: %w", len(g.Cells), n*n, n, n, ErrShape)
	}
	if f.Layout == JSON {
		return appendJSON(dst, g, f)
	}
	alpha := f.Alphabet
	if alpha == "" {
		alpha = DefaultAlphabet(n)
	}
	numbers := f.Numbers || len(alpha) < n
	blank := f.Blank
	if blank == 0 {
		switch {
		case numbers:
			blank = '0'
		case f.Layout == Rows && alpha[0] == 'A':
			blank = '-'
		default:
			blank = '.'
		}
	}
	if f.Layout == Line && !numbers && f.template == "" && n == 9 && alpha[:9] == "123456789" {
		if out, ok := appendDigits81(dst, g.Cells); ok {
			if f.CRLF {
				out = append(out, '\r')
			}
			return append(out, '\n'), nil
		}
	}
	// sym maps a cell to its symbol when cells are single symbols.
	var sym [256]byte
	sym[0] = blank
	if !numbers {
		copy(sym[1:], alpha[:n])
	}
	for i, v := range g.Cells {
		if int(v) > n {
			return dst, fmt.Errorf("cell %s holds %d, more than %d: %w", CellName(i, n), v, n, ErrGrid)
		}
	}
	cell := func(dst []byte, v uint8, width int) []byte {
		if !numbers {
			return append(dst, sym[v])
		}
		if width > 1 && v < 10 {
			for k := 1; k < width; k++ {
				dst = append(dst, ' ')
			}
		}
		if v == 0 {
			return append(dst, blank)
		}
		return strconv.AppendUint(dst, uint64(v), 10)
	}
	nl := func(dst []byte) []byte {
		if f.CRLF {
			dst = append(dst, '\r')
		}
		return append(dst, '\n')
	}
	if f.Layout == Line && !numbers && f.template == "" {
		start := len(dst)
		dst = slices.Grow(dst, len(g.Cells)+2)[:start+len(g.Cells)]
		out := dst[start:]
		for i, v := range g.Cells {
			out[i] = sym[v]
		}
		return nl(dst), nil
	}
	if f.template != "" && countMarks(f.template) == n*n {
		i := 0
		t := f.template
		for j := 0; j < len(t); j++ {
			switch c := t[j]; c {
			case cellMark:
				dst = cell(dst, g.Cells[i], 1)
				i++
			case '\n':
				dst = nl(dst)
			default:
				dst = append(dst, c)
			}
		}
		if f.Gap {
			dst = nl(dst)
		}
		return dst, nil
	}
	switch f.Layout {
	case Line:
		for i, v := range g.Cells {
			if numbers && i > 0 {
				dst = append(dst, ' ')
			}
			dst = cell(dst, v, 1)
		}
		return nl(dst), nil
	case Rows:
		for r := range n {
			for c := range n {
				if c > 0 && (numbers || f.Spaced) {
					dst = append(dst, ' ')
				}
				dst = cell(dst, g.Cells[r*n+c], 1)
			}
			dst = nl(dst)
		}
	case Boxed:
		s := g.Shape.norm()
		width := 1
		if numbers {
			width = len(strconv.Itoa(n))
		}
		for r := range n {
			if r > 0 && r%s.BoxRows == 0 {
				for c := range n {
					if c > 0 {
						if c%s.BoxCols == 0 {
							dst = append(dst, "-+-"...)
						} else {
							dst = append(dst, '-')
						}
					}
					for k := 0; k < width; k++ {
						dst = append(dst, '-')
					}
				}
				dst = nl(dst)
			}
			for c := range n {
				if c > 0 {
					if c%s.BoxCols == 0 {
						dst = append(dst, " | "...)
					} else {
						dst = append(dst, ' ')
					}
				}
				dst = cell(dst, g.Cells[r*n+c], width)
			}
			dst = nl(dst)
		}
	default:
		return dst, fmt.Errorf("unknown layout %v", f.Layout)
	}
	if f.Gap {
		dst = nl(dst)
	}
	return dst, nil
}

func countMarks(t string) int {
	k := 0
	for i := 0; i < len(t); i++ {
		if t[i] == cellMark {
			k++
		}
	}
	return k
}

// appendDigits81 appends the 81 cells of a filled 9x9 grid as the digits
// 1-9, eight cells at a time; ok is false, and dst unchanged, unless every
// cell holds 1 to 9 (a solution, the common case when solving).
func appendDigits81(dst []byte, cells []uint8) ([]byte, bool) {
	if len(cells) != 81 {
		return dst, false
	}
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	start := len(dst)
	dst = slices.Grow(dst, 81)[:start+81]
	// As arrays: no bounds checks in the loop.
	out, in := (*[81]byte)(dst[start:]), (*[81]uint8)(cells)
	for i := 0; i < 80; i += 8 {
		x := binary.LittleEndian.Uint64(in[i:])
		// A byte is bad when it is 0 (x-1 borrows into its high bit) or
		// above 9 (x+0x76 carries into it): a puzzle with blanks stops
		// at its first word.
		if ((x-ones)|(x+0x76*ones)|x)&highs != 0 {
			return dst[:start], false
		}
		binary.LittleEndian.PutUint64(out[i:], x+0x30*ones)
	}
	v := in[80]
	if v == 0 || v > 9 {
		return dst[:start], false
	}
	out[80] = v + '0'
	return dst, true
}
