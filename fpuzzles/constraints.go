package fpuzzles

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/sudoku"
)

// The f-puzzles constraint fields, as SudokuSolver (dclamage) and the
// f-puzzles userscripts write them: cells are "R1C1" names, outside
// clues name the cell just outside the grid ("R0C3" above column 3,
// "R3C10" right of row 3 on 9x9), values are numbers or strings holding
// one.

type cellsJSON struct {
	Cells []string `json:"cells"`
	Value flexInt  `json:"value"`
}

type xvJSON struct {
	Cells []string `json:"cells"`
	Value any      `json:"value"`
}

type linesJSON struct {
	Lines [][]string `json:"lines"`
	Value flexInt    `json:"value"`
}

type arrowJSON struct {
	Lines [][]string `json:"lines"`
	Cells []string   `json:"cells"`
}

type oneCellJSON struct {
	Cell  string  `json:"cell"`
	Value flexInt `json:"value"`
}

type littleKillerJSON struct {
	Cell      string  `json:"cell"`
	Direction string  `json:"direction"`
	Value     flexInt `json:"value"`
}

type cloneJSON struct {
	Cells      []string `json:"cells"`
	CloneCells []string `json:"cloneCells"`
}

type quadJSON struct {
	Cells  []string  `json:"cells"`
	Values []flexInt `json:"values"`
}

// stated records the constraints read, for telling the cosmetics that
// only repeat them (cosmetic.go): the lines of each line field, the cells
// of each cell field, the clue cells of each outside field, by field name.
type stated struct {
	lines map[string][][]int
	cells map[string][]int
	clues map[string][]string // "R0C3", upper case
}

func (s *stated) line(field string, l []int) {
	s.lines[field] = append(s.lines[field], l)
}

// constraints reads every constraint field into im.v.
func (im *importer) constraints() {
	n := im.n
	r := &im.v.Rules
	im.st = stated{lines: map[string][][]int{}, cells: map[string][]int{}, clues: map[string][]string{}}
	im.decode("antiknight", &im.v.AntiKnight)
	im.decode("antiking", &im.v.AntiKing)
	im.decode("nonconsecutive", &im.v.NonConsecutive)

	var cages []cellsJSON
	im.decode("killercage", &cages)
	owner := map[int]int{}
	for k, c := range cages {
		what := fmt.Sprintf("killercage %d", k+1)
		cells, ok := im.cells(c.Cells, what)
		if !ok {
			continue
		}
		if len(cells) == 0 {
			im.rep.add(ErrInvalid, "%s has no cells", what)
			continue
		}
		what += " (" + cellList(cells, n) + ")"
		sum := 0
		if c.Value.set {
			if c.Value.n < 1 {
				im.rep.add(ErrInvalid, "%s has sum %d, want 1 or more", what, c.Value.n)
				continue
			}
			sum = c.Value.n
		}
		shared := false
		for _, i := range cells {
			if o, ok := owner[i]; ok {
				im.rep.add(ErrInvalid, "%s shares %s with killercage %d", what, sudoku.CellName(i, n), o+1)
				shared = true
				break
			}
		}
		if shared {
			continue
		}
		for _, i := range cells {
			owner[i] = k
		}
		slices.Sort(cells)
		im.v.Cages = append(im.v.Cages, Cage{Sum: sum, Cells: cells})
	}

	// Lines: each line of each entry is one constraint.
	lineField := func(field, what string, min int, repeats bool, each func(w string, l []int, e linesJSON)) {
		var list []linesJSON
		im.decode(field, &list)
		for k, e := range list {
			for li, line := range e.Lines {
				w := fmt.Sprintf("%s %d", what, k+1)
				if len(e.Lines) > 1 {
					w += fmt.Sprintf(" line %d", li+1)
				}
				cells, ok := im.cellSeq(line, w, repeats)
				if !ok {
					continue
				}
				if len(cells) < min {
					im.rep.add(ErrInvalid, "%s has %d cells, want %d or more", w, len(cells), min)
					continue
				}
				im.st.line(field, cells)
				each(w, cells, e)
			}
		}
	}
	lineField("thermometer", "thermometer", 2, false, func(w string, l []int, _ linesJSON) {
		for j := 1; j < len(l); j++ {
			a, b := l[j-1], l[j]
			dr, dc := a/n-b/n, a%n-b%n
			if max(dr, -dr) > 1 || max(dc, -dc) > 1 {
				im.rep.add(ErrInvalid, "%s is not a path: %s does not touch %s", w, sudoku.CellName(b, n), sudoku.CellName(a, n))
				return
			}
		}
		if len(l) > n {
			im.rep.add(ErrInvalid, "%s has %d cells, more than the %d digits", w, len(l), n)
			return
		}
		im.v.Thermos = append(im.v.Thermos, l)
	})
	lineField("slowthermometer", "slow thermometer", 2, true, func(_ string, l []int, _ linesJSON) { r.SlowThermos = append(r.SlowThermos, l) })
	lineField("palindrome", "palindrome", 2, true, func(_ string, l []int, _ linesJSON) { r.Palindromes = append(r.Palindromes, l) })
	lineField("renban", "renban", 1, false, func(_ string, l []int, _ linesJSON) { r.Renbans = append(r.Renbans, l) })
	lineField("betweenline", "between line", 2, false, func(_ string, l []int, _ linesJSON) { r.BetweenLines = append(r.BetweenLines, l) })
	lineField("regionsumline", "region-sum line", 1, false, func(_ string, l []int, _ linesJSON) { r.RegionSumLines = append(r.RegionSumLines, l) })
	lineField("entropicline", "entropic line", 2, true, func(_ string, l []int, _ linesJSON) { r.EntropicLines = append(r.EntropicLines, l) })
	lineField("modularline", "modular line", 2, true, func(_ string, l []int, _ linesJSON) { r.ModularLines = append(r.ModularLines, l) })
	lineField("nabner", "nabner line", 1, false, func(_ string, l []int, _ linesJSON) { r.Nabners = append(r.Nabners, l) })
	lineField("zipperline", "zipper line", 2, false, func(_ string, l []int, _ linesJSON) { r.ZipperLines = append(r.ZipperLines, l) })
	lineField("doublearrow", "double arrow", 3, false, func(_ string, l []int, _ linesJSON) { r.DoubleArrows = append(r.DoubleArrows, l) })
	lineField("whispers", "whispers line", 2, true, func(w string, l []int, e linesJSON) {
		wh := sudoku.Whisper{Cells: l}
		if e.Value.set {
			if e.Value.n < 1 {
				im.rep.add(ErrInvalid, "%s: difference %d, want 1 or more", w, e.Value.n)
				return
			}
			wh.Value = e.Value.n
		}
		r.Whispers = append(r.Whispers, wh)
	})
	// The userscripts' own names, before they export them as whispers.
	lineField("germanwhispers", "German whispers line", 2, true, func(_ string, l []int, _ linesJSON) {
		r.Whispers = append(r.Whispers, sudoku.Whisper{Cells: l, Value: (n + 1) / 2})
	})
	lineField("dutchwhispers", "Dutch whispers line", 2, true, func(_ string, l []int, _ linesJSON) {
		r.Whispers = append(r.Whispers, sudoku.Whisper{Cells: l, Value: (n+1)/2 - 1})
	})

	var arrows []arrowJSON
	im.decode("arrow", &arrows)
	for k, a := range arrows {
		what := fmt.Sprintf("arrow %d", k+1)
		circle, ok := im.cells(a.Cells, what+" circle")
		if !ok {
			continue
		}
		switch {
		case len(circle) == 0:
			im.rep.add(ErrInvalid, "%s has no circle", what)
			continue
		case len(circle) > 3:
			im.rep.add(ErrUnsupported, "%s: a circle of %d cells, want 1 to 3", what, len(circle))
			continue
		}
		// A pill reads left to right, top to bottom.
		slices.Sort(circle)
		if len(a.Lines) == 0 {
			im.rep.add(ErrInvalid, "%s has no line", what)
		}
		for li, line := range a.Lines {
			w := what
			if len(a.Lines) > 1 {
				w += fmt.Sprintf(" line %d", li+1)
			}
			cells, ok := im.cells(line, w)
			if !ok {
				continue
			}
			if len(cells) == 0 || !slices.Contains(circle, cells[0]) {
				im.rep.add(ErrInvalid, "%s does not start in its circle (%s)", w, cellList(circle, n))
				continue
			}
			i := 0
			for i < len(cells) && slices.Contains(circle, cells[i]) {
				i++
			}
			shaft := cells[i:]
			if len(shaft) == 0 {
				im.rep.add(ErrInvalid, "%s has no cells outside its circle", w)
				continue
			}
			im.v.Arrows = append(im.v.Arrows, sudoku.Arrow{Circle: circle, Shaft: shaft})
		}
	}

	dots := func(field, what string, list *[]sudoku.Dot) {
		var es []cellsJSON
		im.decode(field, &es)
		for k, e := range es {
			cells, ok := im.cells(e.Cells, fmt.Sprintf("%s %d", what, k+1))
			if !ok {
				continue
			}
			d := sudoku.Dot{Cells: cells}
			if e.Value.set {
				if e.Value.n < 1 {
					im.rep.add(ErrInvalid, "%s %d (%s): value %d, want 1 or more", what, k+1, cellList(cells, n), e.Value.n)
					continue
				}
				d.Value = e.Value.n
			}
			*list = append(*list, d)
		}
	}
	dots("difference", "white kropki dot", &r.Differences)
	dots("ratio", "black kropki dot", &r.Ratios)
	var xvs []xvJSON
	im.decode("xv", &xvs)
	for k, e := range xvs {
		cells, ok := im.cells(e.Cells, fmt.Sprintf("XV mark %d", k+1))
		if !ok {
			continue
		}
		s, _ := e.Value.(string)
		switch strings.ToUpper(strings.TrimSpace(s)) {
		case "X":
			r.XV = append(r.XV, sudoku.Dot{Cells: cells, Value: 10})
		case "V":
			r.XV = append(r.XV, sudoku.Dot{Cells: cells, Value: 5})
		default:
			im.rep.add(ErrInvalid, "XV mark %d (%s): value %v, want X or V", k+1, cellList(cells, n), quote.Short(fmt.Sprint(e.Value)))
		}
	}
	var negative []string
	im.decode("negative", &negative)
	for _, s := range negative {
		switch strings.ToLower(s) {
		case "ratio":
			r.NegativeRatio = true
		case "xv":
			r.NegativeXV = true
		case "difference":
			// The negative constraint of white dots of difference 1 is
			// non-consecutive.
			if slices.ContainsFunc(r.Differences, func(d sudoku.Dot) bool { return d.Value > 1 }) {
				im.rep.add(ErrUnsupported, "negative constraint of white kropki dots with differences other than 1")
			}
			im.v.NonConsecutive = true
		default:
			im.rep.add(ErrUnsupported, "negative constraint of %s", quote.Short(s))
		}
	}

	cellField := func(field, what string, list *[]int) {
		var es []oneCellJSON
		im.decode(field, &es)
		names := make([]string, len(es))
		for i, e := range es {
			names[i] = e.Cell
		}
		if cells, ok := im.cells(names, what); ok {
			*list = append(*list, cells...)
		}
	}
	cellField("odd", "odd cells", &r.Odd)
	cellField("even", "even cells", &r.Even)
	cellField("minimum", "minimum cells", &r.Minimums)
	cellField("maximum", "maximum cells", &r.Maximums)
	indexers := func(field, what string, list *[]int) {
		var es []cellsJSON
		im.decode(field, &es)
		var names []string
		for _, e := range es {
			names = append(names, e.Cells...)
		}
		if cells, ok := im.cells(names, what); ok {
			*list = append(*list, cells...)
			im.st.cells[field] = cells
		}
	}
	indexers("rowindexer", "row indexers", &r.RowIndexers)
	indexers("columnindexer", "column indexers", &r.ColumnIndexers)
	indexers("boxindexer", "box indexers", &r.BoxIndexers)

	var lks []littleKillerJSON
	im.decode("littlekillersum", &lks)
	for k, e := range lks {
		what := fmt.Sprintf("little killer %d (%s %s)", k+1, quote.Short(e.Cell), quote.Short(e.Direction))
		row, col, ok := parseRC(e.Cell)
		switch {
		case !ok:
			im.rep.add(ErrInvalid, "%s: cell %s: want RxCy", what, quote.Short(e.Cell))
		case !e.Value.set:
			im.rep.add(ErrUnsupported, "%s has no sum: its rule is in the rules text", what)
		default:
			r.LittleKillers = append(r.LittleKillers, sudoku.LittleKiller{Row: row - 1, Col: col - 1, Direction: strings.ToUpper(strings.TrimSpace(e.Direction)), Sum: e.Value.n})
		}
	}
	outside := func(field, what string, list *[]sudoku.OutsideClue) {
		var es []oneCellJSON
		im.decode(field, &es)
		for k, e := range es {
			w := fmt.Sprintf("%s %d (%s)", what, k+1, quote.Short(e.Cell))
			row, col, ok := parseRC(e.Cell)
			switch {
			case !ok:
				im.rep.add(ErrInvalid, "%s: cell %s: want RxCy", w, quote.Short(e.Cell))
			case !e.Value.set:
				im.rep.add(ErrUnsupported, "%s has no value: its rule is in the rules text", w)
			default:
				*list = append(*list, sudoku.OutsideClue{Row: row - 1, Col: col - 1, Value: e.Value.n})
				im.st.clues[field] = append(im.st.clues[field], strings.ToUpper(strings.TrimSpace(e.Cell)))
			}
		}
	}
	outside("sandwichsum", "sandwich", &r.Sandwiches)
	outside("xsum", "X-sum", &r.XSums)
	outside("skyscraper", "skyscraper", &r.Skyscrapers)

	var quads []quadJSON
	im.decode("quadruple", &quads)
	for k, q := range quads {
		cells, ok := im.cells(q.Cells, fmt.Sprintf("quadruple %d", k+1))
		if !ok {
			continue
		}
		var digits []int
		for _, v := range q.Values {
			if v.set {
				digits = append(digits, v.n)
			}
		}
		if len(digits) == 0 {
			im.rep.add(ErrInvalid, "quadruple %d (%s) lists no digit", k+1, cellList(cells, n))
			continue
		}
		r.Quadruples = append(r.Quadruples, sudoku.Quadruple{Cells: cells, Digits: digits})
	}
	var clones []cloneJSON
	im.decode("clone", &clones)
	for k, c := range clones {
		a, ok1 := im.cells(c.Cells, fmt.Sprintf("clone %d", k+1))
		b, ok2 := im.cells(c.CloneCells, fmt.Sprintf("clone %d copy", k+1))
		if !ok1 || !ok2 {
			continue
		}
		if len(a) != len(b) || len(a) == 0 {
			im.rep.add(ErrInvalid, "clone %d: %d cells and %d copies, want as many", k+1, len(a), len(b))
			continue
		}
		r.Clones = append(r.Clones, sudoku.Clone{Cells: a, Copy: b})
	}
}
