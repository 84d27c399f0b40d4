package propagate

// A test-only reader of f-puzzles JSON into a Model, enough for the
// published puzzles of testdata/published (the project's importer is the
// fpuzzles package's job). Fields it does not know make it fail, so that
// no rule is dropped silently. Rules that a puzzle states only in its
// rules text, drawn as cosmetic lines, cages or texts, are read by the
// per-puzzle functions of cosmeticRules.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/internal/lzstring"
)

type fpCell struct {
	Value  int  `json:"value"`
	Given  bool `json:"given"`
	Region *int `json:"region"`
}

type fpLines struct {
	Lines [][]string `json:"lines"`
	Value string     `json:"value"`
}

type fpCells struct {
	Cells  []string `json:"cells"`
	Value  string   `json:"value"`
	Values []int    `json:"values"`
	Clone  []string `json:"cloneCells"`
	Lines  [][]string
}

type fpOne struct {
	Cell string `json:"cell"`
}

type fpPuzzle struct {
	Size           int             `json:"size"`
	Grid           [][]fpCell      `json:"grid"`
	DiagonalP      bool            `json:"diagonal+"`
	DiagonalN      bool            `json:"diagonal-"`
	Antiknight     bool            `json:"antiknight"`
	Antiking       bool            `json:"antiking"`
	Nonconsecutive bool            `json:"nonconsecutive"`
	Disjointgroups bool            `json:"disjointgroups"`
	Negative       []string        `json:"negative"`
	Arrow          []fpCells       `json:"arrow"`
	Killercage     []fpCells       `json:"killercage"`
	Difference     []fpCells       `json:"difference"`
	Ratio          []fpCells       `json:"ratio"`
	XV             []fpCells       `json:"xv"`
	Thermometer    []fpLines       `json:"thermometer"`
	Palindrome     []fpLines       `json:"palindrome"`
	Whispers       []fpLines       `json:"whispers"`
	Clone          []fpCells       `json:"clone"`
	Minimum        []fpOne         `json:"minimum"`
	Maximum        []fpOne         `json:"maximum"`
	Odd            []fpOne         `json:"odd"`
	Even           []fpOne         `json:"even"`
	Quadruple      []fpCells       `json:"quadruple"`
	Rowindexer     []fpCells       `json:"rowindexer"`
	Columnindexer  []fpCells       `json:"columnindexer"`
	Line           []fpLine        `json:"line"`
	Cage           []fpCage        `json:"cage"`
	Text           []fpCells       `json:"text"`
	Circle         []fpCells       `json:"circle"`
	Solution       json.RawMessage `json:"solution"`
}

type fpLine struct {
	Lines [][]string `json:"lines"`
	From  string     `json:"fromConstraint"`
}

type fpCage struct {
	Cells []string `json:"cells"`
	Value string   `json:"value"`
	From  string   `json:"fromConstraint"`
}

// fpKnown lists the fields the reader understands or may ignore.
var fpKnown = map[string]bool{
	"size": true, "grid": true, "title": true, "author": true, "ruleset": true, "solution": true,
	"diagonal+": true, "diagonal-": true, "antiknight": true, "antiking": true, "nonconsecutive": true,
	"disjointgroups": true, "negative": true, "arrow": true, "killercage": true, "difference": true,
	"ratio": true, "xv": true, "thermometer": true, "palindrome": true, "whispers": true, "clone": true,
	"minimum": true, "maximum": true, "odd": true, "even": true, "quadruple": true, "rowindexer": true,
	"columnindexer": true, "line": true, "cage": true, "text": true, "circle": true,
	"disabledlogic": true, "truecandidatesoptions": true,
}

type fpModel struct {
	p      fpPuzzle
	m      *Model
	n      int
	givens []uint8
	region []int
}

func (f *fpModel) cell(name string) int {
	c, err := parseCellName(name, f.n)
	if err != nil {
		panic(err)
	}
	return c
}

func (f *fpModel) cells(names []string) []int {
	out := make([]int, len(names))
	for i, s := range names {
		out[i] = f.cell(s)
	}
	return out
}

func (f *fpModel) add(cs ...Constraint) { f.m.Constraints = append(f.m.Constraints, cs...) }

func boxShape(n int) (int, int) {
	switch n {
	case 4:
		return 2, 2
	case 6:
		return 2, 3
	case 8:
		return 2, 4
	case 9:
		return 3, 3
	case 16:
		return 4, 4
	}
	return 1, n
}

func fpValue(s string, def int) int {
	if s == "" {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return v
}

// readFpuzzles converts one puzzle line (f-puzzles JSON, or its
// lz-string compressed base64 form) to a model and its givens.
func readFpuzzles(line string, rules fpRules) (*fpModel, error) {
	if !strings.HasPrefix(line, "{") {
		s, err := lzstring.DecompressFromBase64(line)
		if err != nil {
			return nil, err
		}
		line = s
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &raw); err != nil {
		return nil, err
	}
	for k := range raw {
		if !fpKnown[k] {
			return nil, fmt.Errorf("unknown field %q", k)
		}
	}
	f := &fpModel{}
	if err := json.Unmarshal([]byte(line), &f.p); err != nil {
		return nil, err
	}
	p := &f.p
	n := p.Size
	f.n = n
	br, bc := boxShape(n)
	f.givens = make([]uint8, n*n)
	f.region = make([]int, n*n)
	for r, row := range p.Grid {
		for c, cell := range row {
			i := r*n + c
			f.region[i] = r/br*(n/bc) + c/bc
			if cell.Region != nil {
				f.region[i] = *cell.Region
			}
			if cell.Given && cell.Value > 0 {
				f.givens[i] = uint8(cell.Value)
			}
		}
	}
	f.m = &Model{N: n}
	f.m.Houses = append(append(Rows(n), Columns(n)...), Regions(f.region)...)
	if p.DiagonalN {
		var d []int
		for i := range n {
			d = append(d, i*n+i)
		}
		f.m.Houses = append(f.m.Houses, d)
	}
	if p.DiagonalP {
		var d []int
		for i := range n {
			d = append(d, (n-1-i)*n+i)
		}
		f.m.Houses = append(f.m.Houses, d)
	}
	if p.Disjointgroups {
		groups := make([][]int, n)
		for i := range n * n {
			r, c := i/n, i%n
			pos := r%br*bc + c%bc
			groups[pos] = append(groups[pos], i)
		}
		f.m.Houses = append(f.m.Houses, groups...)
	}
	if p.Antiknight {
		f.add(Pairs(KnightPairs(n), NotEqual)...)
	}
	if p.Antiking {
		f.add(Pairs(KingPairs(n), NotEqual)...)
	}
	if p.Nonconsecutive {
		f.add(Pairs(OrthogonalPairs(n), AtLeastApart(2))...)
	}
	if len(p.Negative) > 0 {
		return nil, fmt.Errorf("negative constraints not read by this test")
	}
	for _, a := range p.Arrow {
		if rules.ownArrows {
			break
		}
		circle := f.cells(a.Cells)
		for _, l := range a.Lines {
			var shaft []int
			for _, c := range f.cells(l) {
				if !contains(circle, c) {
					shaft = append(shaft, c)
				}
			}
			f.add(Arrow(circle, shaft, n))
		}
	}
	for _, k := range p.Killercage {
		f.add(Cage{Cells: f.cells(k.Cells), Sum: fpValue(k.Value, 0)})
	}
	for _, d := range p.Difference {
		c := f.cells(d.Cells)
		f.add(Pair{A: c[0], B: c[1], Rel: Differ(fpValue(d.Value, 1))})
	}
	for _, d := range p.Ratio {
		c := f.cells(d.Cells)
		f.add(Pair{A: c[0], B: c[1], Rel: Ratio(fpValue(d.Value, 2))})
	}
	for _, x := range p.XV {
		c := f.cells(x.Cells)
		sum := map[string]int{"X": 10, "V": 5}[x.Value]
		f.add(Pair{A: c[0], B: c[1], Rel: SumIn(sum)})
	}
	for _, t := range p.Thermometer {
		for _, l := range t.Lines {
			f.add(Thermometer(f.cells(l))...)
		}
	}
	for _, t := range p.Palindrome {
		for _, l := range t.Lines {
			f.add(Palindrome(f.cells(l))...)
		}
	}
	for _, t := range p.Whispers {
		for _, l := range t.Lines {
			f.add(Whispers(f.cells(l), fpValue(t.Value, 5))...)
		}
	}
	for _, c := range p.Clone {
		f.add(Clone(f.cells(c.Cells), f.cells(c.Clone))...)
	}
	// a minimum cell is smaller than its orthogonal neighbours that are
	// not minimum cells, a maximum cell larger than those that are not
	// maximum cells
	for _, mm := range []struct {
		cells []fpOne
		rel   Relation
	}{{p.Minimum, Less}, {p.Maximum, Less.Swap()}} {
		marked := map[int]bool{}
		for _, one := range mm.cells {
			marked[f.cell(one.Cell)] = true
		}
		for _, pr := range OrthogonalPairs(n) {
			switch a, b := pr[0], pr[1]; {
			case marked[a] && !marked[b]:
				f.add(Pair{A: a, B: b, Rel: mm.rel})
			case marked[b] && !marked[a]:
				f.add(Pair{A: b, B: a, Rel: mm.rel})
			}
		}
	}
	var odd, even Digits
	for d := 1; d <= n; d++ {
		if d%2 == 1 {
			odd |= DigitSet(d)
		} else {
			even |= DigitSet(d)
		}
	}
	for _, one := range p.Odd {
		f.add(Domain{Cell: f.cell(one.Cell), Allowed: odd})
	}
	for _, one := range p.Even {
		f.add(Domain{Cell: f.cell(one.Cell), Allowed: even})
	}
	for _, q := range p.Quadruple {
		f.add(Quadruple(f.cells(q.Cells), q.Values)...)
	}
	for _, ix := range p.Rowindexer {
		for _, c := range f.cells(ix.Cells) {
			f.add(RowIndexer(c, n)...)
		}
	}
	for _, ix := range p.Columnindexer {
		for _, c := range f.cells(ix.Cells) {
			f.add(ColumnIndexer(c, n)...)
		}
	}
	// cosmetics that only mirror a constraint field say nothing more
	var lines []fpLine
	for _, l := range p.Line {
		if l.From == "" {
			lines = append(lines, l)
		}
	}
	var cages []fpCage
	for _, c := range p.Cage {
		if c.From == "" {
			cages = append(cages, c)
		}
	}
	p.Line, p.Cage = lines, cages
	if rules.read != nil {
		rules.read(f)
	} else if len(p.Line)+len(p.Cage)+len(p.Text) > 0 {
		return nil, fmt.Errorf("cosmetic lines, cages or texts with no reading")
	}
	return f, nil
}

func contains(cells []int, c int) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// xvxv reads X and V texts as "X: the two digits add up to 10 or 15; V:
// to 5 or 15", with no negative constraint.
func xvxv(f *fpModel) {
	for _, t := range f.p.Text {
		c := f.cells(t.Cells)
		switch t.Value {
		case "X":
			f.add(Pair{A: c[0], B: c[1], Rel: SumIn(10, 15)})
		case "V":
			f.add(Pair{A: c[0], B: c[1], Rel: SumIn(5, 15)})
		default:
			panic("text " + t.Value)
		}
	}
}

// fpRules reads what a puzzle states in its rules text only: read adds
// the rules, ownArrows says that read also reads the arrows (which do not
// have their usual meaning).
type fpRules struct {
	ownArrows bool
	read      func(*fpModel)
}

// cosmeticRules reads the rules each puzzle states in its rules text
// (the line number in puzzles.txt, from 1).
var cosmeticRules = map[int]fpRules{
	// "Normal entropic lines"; "Clones: the digits in the caged areas
	// appear in the same position in the counterpart marked with the same
	// letter".
	1: {read: func(f *fpModel) {
		for _, l := range f.p.Line {
			for _, cells := range l.Lines {
				f.add(Entropic(f.cells(cells), f.n)...)
			}
		}
		byLetter := map[string][][]int{}
		for _, c := range f.p.Cage {
			cells := f.cells(c.Cells)
			sort.Ints(cells)
			byLetter[c.Value] = append(byLetter[c.Value], cells)
		}
		for letter, cs := range byLetter {
			if len(cs) != 2 || len(cs[0]) != len(cs[1]) {
				panic("clone " + letter)
			}
			f.add(Clone(cs[0], cs[1])...)
		}
	}},
	// "Digit sum arrows": the shaft adds up to more than 10 and the
	// circle holds its digit sum, repeated to one digit; "<" texts: the
	// left cell is the smaller.
	3: {ownArrows: true, read: func(f *fpModel) {
		for _, a := range f.p.Arrow {
			circle := f.cell(a.Cells[0])
			for _, l := range a.Lines {
				cells := []int{circle}
				for _, c := range f.cells(l) {
					if c != circle {
						cells = append(cells, c)
					}
				}
				f.add(Predicate{Name: "digit-sum arrow", Cells: cells, Check: func(d []int) bool {
					sum := 0
					for _, x := range d[1:] {
						sum += x
					}
					if sum <= 10 {
						return false
					}
					root := 1 + (sum-1)%9
					return d[0] == root
				}})
			}
		}
		for _, t := range f.p.Text {
			c := f.cells(t.Cells)
			if t.Value != "<" {
				panic(t.Value)
			}
			lo, hi := c[0], c[1]
			if lo%f.n > hi%f.n {
				lo, hi = hi, lo
			}
			f.add(Pair{A: lo, B: hi, Rel: Less})
		}
	}},
	// renban lines, XVXV
	7: {read: func(f *fpModel) {
		for _, l := range f.p.Line {
			for _, cells := range l.Lines {
				f.add(Renban{Cells: f.cells(cells)})
			}
		}
		xvxv(f)
	}},
	// "Global entropy: in any 2x2 block, at least one low (1-3), one
	// middle (4-6) and one high (7-9) digit"; XVXV (the circles are the
	// XV marks' backgrounds).
	8: {read: func(f *fpModel) {
		n := f.n
		groups := EntropicGroups(n)
		for r := 0; r+1 < n; r++ {
			for c := 0; c+1 < n; c++ {
				block := []int{r*n + c, r*n + c + 1, (r+1)*n + c, (r+1)*n + c + 1}
				for _, g := range groups {
					f.add(Count{Cells: block, Set: g, Min: 1})
				}
			}
		}
		xvxv(f)
	}},
	// region-sum line
	9: {read: func(f *fpModel) {
		for _, l := range f.p.Line {
			for _, cells := range l.Lines {
				f.add(RegionSumLine(f.cells(cells), f.region))
			}
		}
	}},
}

type published struct {
	line     int
	name     string
	text     string
	solution string
}

func readPublished(t testing.TB) []published {
	const dir = "testdata/published/"
	pf, err := os.Open(dir + "puzzles.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	var out []published
	sc := bufio.NewScanner(pf)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		out = append(out, published{line: len(out) + 1, text: strings.TrimSpace(sc.Text())})
	}
	src, err := os.ReadFile(dir + "sources.tsv")
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range strings.Split(strings.TrimSpace(string(src)), "\n")[1:] {
		f := strings.Split(row, "\t")
		if len(f) != 4 || i >= len(out) {
			t.Fatalf("sources.tsv row %d: %q", i+2, row)
		}
		out[i].name = f[2]
		if f[3] != "-" {
			out[i].solution = f[3]
		}
	}
	return out
}
