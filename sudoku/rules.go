package sudoku

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Rules holds the variant rules setters publish besides regions, killer
// cages, thermometers and the chess and non-consecutive flags: every
// functional constraint of the f-puzzles format and of the userscripts
// that extend it. Cells are 0-based row-major indices (r1c1 is 0, r2c1 is
// N). docs/variants.md gives each field's exact rule; CheckConstraints
// validates them against a grid's side, CheckRules tells which a grid
// breaks. The exact-cover solver encodes some of them (ExactCoverRules);
// the others make it return an error wrapping ErrVariant.
type Rules struct {
	// Arrows: the digits on an arrow's shaft add up to the number its
	// circle reads (a pill of 2 or 3 cells reads as the number their
	// digits write in order, "1" "2" as 12). Digits may repeat.
	Arrows []Arrow `json:"arrows,omitempty"`
	// Differences are white kropki dots between orthogonal neighbours:
	// their digits differ by the dot's value (1 when 0).
	Differences []Dot `json:"differences,omitempty"`
	// Ratios are black kropki dots: one digit is the dot's value (2 when
	// 0) times the other.
	Ratios []Dot `json:"ratios,omitempty"`
	// NegativeRatio: orthogonal neighbours without a kropki dot (white or
	// black) are in none of the ratios of the black dots (2 when there is
	// no black dot).
	NegativeRatio bool `json:"negativeratio,omitempty"`
	// XV are X and V marks between orthogonal neighbours: their digits add
	// up to the mark's value (10 for X, 5 for V).
	XV []Dot `json:"xv,omitempty"`
	// NegativeXV: orthogonal neighbours without an X or V add up to
	// neither 5 nor 10.
	NegativeXV bool `json:"negativexv,omitempty"`
	// Even and Odd cells hold even and odd digits.
	Even []int `json:"even,omitempty"`
	Odd  []int `json:"odd,omitempty"`
	// Minimums hold a digit smaller than each orthogonal neighbour that
	// is not itself a minimum; Maximums a digit larger than each one that
	// is not itself a maximum.
	Minimums []int `json:"minimums,omitempty"`
	Maximums []int `json:"maximums,omitempty"`
	// LittleKillers: the digits of the diagonal the clue outside the grid
	// points along add up to its sum; digits may repeat.
	LittleKillers []LittleKiller `json:"littlekillers,omitempty"`
	// Sandwiches: the digits between 1 and N in the clue's row or column
	// add up to its value.
	Sandwiches []OutsideClue `json:"sandwiches,omitempty"`
	// XSums: the first X digits of the row or column seen from the clue
	// add up to its value, X being the first of them.
	XSums []OutsideClue `json:"xsums,omitempty"`
	// Skyscrapers: seen from the clue, value digits of the row or column
	// are larger than every digit before them.
	Skyscrapers []OutsideClue `json:"skyscrapers,omitempty"`
	// Quadruples: each listed digit is in the cells, as many times as it
	// is listed.
	Quadruples []Quadruple `json:"quadruples,omitempty"`
	// Clones: Cells[i] and Copy[i] hold the same digit.
	Clones []Clone `json:"clones,omitempty"`
	// Palindromes read the same from both ends.
	Palindromes [][]int `json:"palindromes,omitempty"`
	// Renbans hold distinct consecutive digits, in any order.
	Renbans [][]int `json:"renbans,omitempty"`
	// Whispers: neighbours along the line differ by at least its value
	// (when 0: N/2 rounded up, 5 on 9x9).
	Whispers []Whisper `json:"whispers,omitempty"`
	// BetweenLines: the digits between a line's two ends lie strictly
	// between the ends' digits.
	BetweenLines [][]int `json:"betweenlines,omitempty"`
	// RegionSumLines: the runs of the line within one box (or jigsaw
	// region) add up to the same sum; a line that comes back into a box
	// starts a new run.
	RegionSumLines [][]int `json:"regionsumlines,omitempty"`
	// EntropicLines: any three consecutive cells hold a low, a middle
	// and a high digit (1-3, 4-6, 7-9 on 9x9; see docs/variants.md for
	// other sides); two consecutive cells differ in rank.
	EntropicLines [][]int `json:"entropiclines,omitempty"`
	// ModularLines: any three consecutive cells hold digits of three
	// different remainders mod 3; two consecutive cells differ mod 3.
	ModularLines [][]int `json:"modularlines,omitempty"`
	// Nabners: no two digits on the line are equal or consecutive.
	Nabners [][]int `json:"nabners,omitempty"`
	// ZipperLines: digits the same distance from the line's middle add
	// up to the same sum, the middle cell's digit on a line of odd length.
	ZipperLines [][]int `json:"zipperlines,omitempty"`
	// DoubleArrows: the two end cells add up to the sum of the cells
	// between them.
	DoubleArrows [][]int `json:"doublearrows,omitempty"`
	// SlowThermos: digits never decrease from the bulb (first cell).
	SlowThermos [][]int `json:"slowthermos,omitempty"`
	// RowIndexers: a digit D in row R, column C puts R in row D, column C.
	RowIndexers []int `json:"rowindexers,omitempty"`
	// ColumnIndexers: a digit D in row R, column C puts C in row R,
	// column D (the "159" rule has them in columns 1, 5 and 9).
	ColumnIndexers []int `json:"columnindexers,omitempty"`
	// BoxIndexers: a digit D in the I-th cell of a box (reading order)
	// puts I in its D-th cell.
	BoxIndexers []int `json:"boxindexers,omitempty"`
}

// Arrow is an arrow: its circle (1 to 3 cells, read as a number in this
// order) and its shaft.
type Arrow struct {
	Circle []int `json:"circle"`
	Shaft  []int `json:"shaft"`
}

// Dot is a mark between two orthogonal neighbours: a kropki dot or an X
// or V. Value 0 is the mark's default.
type Dot struct {
	Cells []int `json:"cells"`
	Value int   `json:"value,omitempty"`
}

// Whisper is a whispers line and its least difference (0: N/2 rounded
// up).
type Whisper struct {
	Cells []int `json:"cells"`
	Value int   `json:"value,omitempty"`
}

// LittleKiller is a little killer clue at Row, Col (0-based, outside the
// grid: -1 or N in a row or column) pointing along Direction ("UL", "UR",
// "DL" or "DR": up or down, left or right) to the diagonal whose digits
// add up to Sum.
type LittleKiller struct {
	Row       int    `json:"row"`
	Col       int    `json:"col"`
	Direction string `json:"direction"`
	Sum       int    `json:"sum"`
}

// OutsideClue is a clue outside the grid at Row, Col (0-based): left or
// right of a row (Col -1 or N) or above or below a column (Row -1 or N).
type OutsideClue struct {
	Row   int `json:"row"`
	Col   int `json:"col"`
	Value int `json:"value"`
}

// Quadruple is a circle on the corner of up to four cells and the digits
// it lists.
type Quadruple struct {
	Cells  []int `json:"cells"`
	Digits []int `json:"digits"`
}

// Clone pairs Cells[i] with Copy[i].
type Clone struct {
	Cells []int `json:"cells"`
	Copy  []int `json:"copy"`
}

// ruleInfo describes a field of Rules: its name in setters' words, the
// name of one of its items, and whether the exact-cover reduction encodes
// it (reduce_rules.go).
type ruleInfo struct {
	words, one string
	exact      bool
}

// ruleInfos describes every field of Rules, by Go name (TestRuleInfos
// checks that none is missing).
var ruleInfos = map[string]ruleInfo{
	"Arrows":         {"arrows", "arrow", false},
	"Differences":    {"kropki dots (difference)", "white dot", true},
	"Ratios":         {"kropki dots (ratio)", "black dot", true},
	"NegativeRatio":  {"negative kropki (no black dot: no ratio)", "", true},
	"XV":             {"XV marks", "XV mark", true},
	"NegativeXV":     {"negative XV (no mark: no sum of 5 or 10)", "", true},
	"Even":           {"even cells", "even cell", true},
	"Odd":            {"odd cells", "odd cell", true},
	"Minimums":       {"minimum cells", "minimum", true},
	"Maximums":       {"maximum cells", "maximum", true},
	"LittleKillers":  {"little killers", "little killer", false},
	"Sandwiches":     {"sandwich sums", "sandwich", false},
	"XSums":          {"X-sums", "X-sum", false},
	"Skyscrapers":    {"skyscrapers", "skyscraper", false},
	"Quadruples":     {"quadruples", "quadruple", false},
	"Clones":         {"clones", "clone", true},
	"Palindromes":    {"palindromes", "palindrome", true},
	"Renbans":        {"renban lines", "renban", true},
	"Whispers":       {"whispers lines", "whispers", true},
	"BetweenLines":   {"between lines", "between line", false},
	"RegionSumLines": {"region-sum lines", "region-sum line", false},
	"EntropicLines":  {"entropic lines", "entropic line", true},
	"ModularLines":   {"modular lines", "modular line", true},
	"Nabners":        {"nabner lines", "nabner", true},
	"ZipperLines":    {"zipper lines", "zipper line", false},
	"DoubleArrows":   {"double arrows", "double arrow", false},
	"SlowThermos":    {"slow thermometers", "slow thermometer", true},
	"RowIndexers":    {"row indexers", "row indexer", true},
	"ColumnIndexers": {"column indexers", "column indexer", true},
	"BoxIndexers":    {"box indexers", "box indexer", true},
}

// rulesType is the reflect.Type of Rules, whose fields are all slices or
// bools: Empty, merge and the cache key walk them.
var rulesType = reflect.TypeFor[Rules]()

// empty reports whether r holds no rule.
func (r *Rules) empty() bool {
	rv := reflect.ValueOf(r).Elem()
	for i := range rv.NumField() {
		if !rv.Field(i).IsZero() && (rv.Field(i).Kind() != reflect.Slice || rv.Field(i).Len() > 0) {
			return false
		}
	}
	return true
}

// RuleNames returns the rules r holds, in setters' words ("arrows",
// "kropki dots (difference)"), in the order of the fields.
func (r *Rules) RuleNames() []string {
	return r.names(func(ruleInfo) bool { return true })
}

func (r *Rules) names(keep func(ruleInfo) bool) []string {
	var out []string
	rv := reflect.ValueOf(r).Elem()
	for i := range rv.NumField() {
		f := rv.Field(i)
		if f.IsZero() || (f.Kind() == reflect.Slice && f.Len() == 0) {
			continue
		}
		if info := ruleInfos[rulesType.Field(i).Name]; keep(info) {
			out = append(out, info.words)
		}
	}
	return out
}

// merge returns r with o's rules added: o's lists after r's, flags on in
// either. r and o are not changed.
func (r Rules) merge(o Rules) Rules {
	out := r
	ov := reflect.ValueOf(&out).Elem()
	src := reflect.ValueOf(o)
	for i := range ov.NumField() {
		f, s := ov.Field(i), src.Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(f.Bool() || s.Bool())
		case reflect.Slice:
			if s.Len() > 0 {
				f.Set(reflect.AppendSlice(f.Slice3(0, f.Len(), f.Len()), s))
			}
		}
	}
	return out
}

// appendKey appends a description of r that differs for different rules
// (its JSON) to b, for the matrix cache.
func (r *Rules) appendKey(b []byte) []byte {
	if r.empty() {
		return append(b, 0)
	}
	j, _ := json.Marshal(r) // only ints, strings, bools and slices: no error
	b = append(b, 1)
	b = append(b, strconv.Itoa(len(j))...)
	return append(b, j...)
}

// ExactCoverRules reports whether the exact-cover solver (Solve, Count,
// Check, ExactCover) encodes every rule of v. When it does not, those
// functions return an error wrapping ErrVariant that names the rules.
func ExactCoverRules(v *Variant) error {
	if v == nil {
		return nil
	}
	missing := v.Rules.names(func(info ruleInfo) bool { return !info.exact })
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("the exact-cover solver does not handle %s yet: %w", strings.Join(missing, ", "), ErrVariant)
}

// Directions of little killers: row and column steps.
var littleKillerSteps = map[string][2]int{"UL": {-1, -1}, "UR": {-1, 1}, "DL": {1, -1}, "DR": {1, 1}}

// Cells returns the cells of the diagonal lk points along in a grid of
// side n, from the clue on, or nil when the clue does not point into the
// grid.
func (lk LittleKiller) Cells(n int) []int {
	st, ok := littleKillerSteps[lk.Direction]
	if !ok {
		return nil
	}
	var out []int
	for r, c := lk.Row+st[0], lk.Col+st[1]; r >= 0 && r < n && c >= 0 && c < n; r, c = r+st[0], c+st[1] {
		out = append(out, r*n+c)
	}
	return out
}

// Cells returns the cells of the row or column of clue o in a grid of
// side n, in the order seen from the clue, or nil when o is not beside a
// row or column.
func (o OutsideClue) Cells(n int) []int {
	inRow, inCol := o.Row >= 0 && o.Row < n, o.Col >= 0 && o.Col < n
	out := make([]int, 0, n)
	switch {
	case inRow && o.Col == -1:
		for c := range n {
			out = append(out, o.Row*n+c)
		}
	case inRow && o.Col == n:
		for c := n - 1; c >= 0; c-- {
			out = append(out, o.Row*n+c)
		}
	case inCol && o.Row == -1:
		for r := range n {
			out = append(out, r*n+o.Col)
		}
	case inCol && o.Row == n:
		for r := n - 1; r >= 0; r-- {
			out = append(out, r*n+o.Col)
		}
	default:
		return nil
	}
	return out
}

// outsideName names the position of an outside clue ("above c3", "left of
// r2"; elsewhere "r0c5", counting rows and columns from 1) for messages.
func outsideName(row, col, n int) string {
	switch {
	case row == -1 && col >= 0 && col < n:
		return "above c" + strconv.Itoa(col+1)
	case row == n && col >= 0 && col < n:
		return "below c" + strconv.Itoa(col+1)
	case col == -1 && row >= 0 && row < n:
		return "left of r" + strconv.Itoa(row+1)
	case col == n && row >= 0 && row < n:
		return "right of r" + strconv.Itoa(row+1)
	}
	return "r" + strconv.Itoa(row+1) + "c" + strconv.Itoa(col+1)
}

// whisperDiff returns the least difference of whispers line w on side n.
func whisperDiff(w Whisper, n int) int {
	if w.Value > 0 {
		return w.Value
	}
	return (n + 1) / 2
}

// dotValue returns the value of a kropki dot: its own, or def.
func dotValue(d Dot, def int) int {
	if d.Value != 0 {
		return d.Value
	}
	return def
}

// entropicRank returns the rank (0 low, 1 middle, 2 high) of digit d on
// side n: the digits split into three runs, the middle one the odd size
// out when 3 does not divide n (n=4: 1 | 2 3 | 4; n=8: 1-3 | 4-5 | 6-8).
func entropicRank(d, n int) int {
	small, large := n/3, (n+2)/3
	lo := large // size of the low run
	if n%3 == 1 {
		lo = small
	}
	mid := n - 2*lo
	switch {
	case d <= lo:
		return 0
	case d <= lo+mid:
		return 1
	}
	return 2
}

// pillValue returns the number the digits ds write in order ("1" "12" is
// 112).
func pillValue(ds []int) int {
	v := 0
	for _, d := range ds {
		for m := d; m > 0; m /= 10 {
			v *= 10
		}
		v += d
	}
	return v
}

// maxRuleItems bounds each list of Rules (and each line's length) in
// cells of the grid, times 4: more is an error, not work.
const maxRuleItems = 4

// checkRules returns every problem of the rules of v on a grid of side n,
// each wrapping ErrConstraint.
func checkRules(n int, v *Variant) []error {
	if v == nil || v.Rules.empty() {
		return nil
	}
	r := &v.Rules
	nc := n * n
	var errs []error
	// bad adds a problem of the k-th (0-based) item of a list, or of the
	// list itself when k < 0.
	bad := func(what string, k int, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if k < 0 {
			errs = append(errs, fmt.Errorf("%s: %s: %w", what, msg, ErrConstraint))
			return
		}
		errs = append(errs, fmt.Errorf("%s %d: %s: %w", what, k+1, msg, ErrConstraint))
	}
	tooMany := func(what string, count int) bool {
		if count > maxRuleItems*nc {
			errs = append(errs, fmt.Errorf("%d %s for %d cells: %w", count, what, nc, ErrConstraint))
			return true
		}
		return false
	}
	// cells checks a list of cells: its length within lo..hi, each cell in
	// the grid, and (unless repeats) each once. It reports whether the
	// list is fine.
	cells := func(what string, k int, cs []int, lo, hi int, repeats bool) bool {
		switch {
		case len(cs) < lo:
			bad(what, k, "%d cells, want %d or more", len(cs), lo)
			return false
		case len(cs) > hi:
			bad(what, k, "%d cells, want %d at most", len(cs), hi)
			return false
		}
		for i, c := range cs {
			if c < 0 || c >= nc {
				bad(what, k, "cell %d outside the %dx%d grid (cells 0..%d)", c, n, n, nc-1)
				return false
			}
			if !repeats {
				for _, d := range cs[:i] {
					if d == c {
						bad(what, k, "cell %s listed twice", CellName(c, n))
						return false
					}
				}
			}
		}
		return true
	}
	inRange := func(what string, k int, name string, v, lo, hi int) {
		if v < lo || v > hi {
			bad(what, k, "%s %d, want %d to %d", name, v, lo, hi)
		}
	}
	for k, a := range r.Arrows {
		okC := cells("arrow", k, a.Circle, 1, 3, false)
		okS := cells("arrow", k, a.Shaft, 1, nc, false)
		if okC && okS {
			for _, c := range a.Shaft {
				for _, d := range a.Circle {
					if c == d {
						bad("arrow", k, "%s is in both its circle and its shaft", CellName(c, n))
					}
				}
			}
		}
	}
	dots := func(list []Dot, what string, lo, hi, def int) {
		if tooMany(what+"s", len(list)) {
			return
		}
		for k, d := range list {
			if !cells(what, k, d.Cells, 2, 2, false) {
				continue
			}
			a, b := d.Cells[0], d.Cells[1]
			if !orthogonal(a, b, n) {
				bad(what, k, "%s and %s are not orthogonal neighbours", CellName(a, n), CellName(b, n))
			}
			if def == 0 || d.Value != 0 {
				inRange(what, k, "value", d.Value, lo, hi)
			}
		}
	}
	dots(r.Differences, "white dot", 1, n-1, 1)
	dots(r.Ratios, "black dot", 1, n, 2)
	dots(r.XV, "XV mark", 3, 2*n-1, 0)
	for _, l := range []struct {
		what string
		cs   []int
	}{{"even cells", r.Even}, {"odd cells", r.Odd}, {"minimum cells", r.Minimums}, {"maximum cells", r.Maximums},
		{"row indexers", r.RowIndexers}, {"column indexers", r.ColumnIndexers}, {"box indexers", r.BoxIndexers}} {
		if len(l.cs) > 0 {
			cells(l.what, -1, l.cs, 0, nc, false)
		}
	}
	if !tooMany("little killers", len(r.LittleKillers)) {
		for k, lk := range r.LittleKillers {
			if _, ok := littleKillerSteps[lk.Direction]; !ok {
				bad("little killer", k, "direction %s, want UL, UR, DL or DR", strconv.Quote(lk.Direction))
				continue
			}
			inside := lk.Row >= 0 && lk.Row < n && lk.Col >= 0 && lk.Col < n
			near := lk.Row >= -1 && lk.Row <= n && lk.Col >= -1 && lk.Col <= n
			cs := lk.Cells(n)
			switch {
			case inside || !near:
				bad("little killer", k, "clue %s: want a place just outside the grid", outsideName(lk.Row, lk.Col, n))
			case len(cs) == 0:
				bad("little killer", k, "clue %s points %s, away from the grid", outsideName(lk.Row, lk.Col, n), lk.Direction)
			default:
				inRange("little killer", k, "sum", lk.Sum, 1, len(cs)*n)
			}
		}
	}
	outside := func(list []OutsideClue, what string, lo, hi int) {
		if tooMany(what+"s", len(list)) {
			return
		}
		for k, o := range list {
			if o.Cells(n) == nil {
				bad(what, k, "clue %s: want a place beside a row or column, just outside the grid", outsideName(o.Row, o.Col, n))
				continue
			}
			inRange(what, k, "value", o.Value, lo, hi)
		}
	}
	outside(r.Sandwiches, "sandwich", 0, n*(n+1)/2-n-1)
	outside(r.XSums, "X-sum", 1, n*(n+1)/2)
	outside(r.Skyscrapers, "skyscraper", 1, n)
	if !tooMany("quadruples", len(r.Quadruples)) {
		for k, q := range r.Quadruples {
			if !cells("quadruple", k, q.Cells, 1, 4, false) {
				continue
			}
			if len(q.Digits) == 0 || len(q.Digits) > len(q.Cells) {
				bad("quadruple", k, "%d digits for %d cells, want 1 to %d", len(q.Digits), len(q.Cells), len(q.Cells))
			}
			for _, d := range q.Digits {
				if d < 1 || d > n {
					bad("quadruple", k, "digit %d, want 1 to %d", d, n)
					break
				}
			}
		}
	}
	if !tooMany("clones", len(r.Clones)) {
		for k, cl := range r.Clones {
			if cells("clone", k, cl.Cells, 1, nc, false) && cells("clone", k, cl.Copy, 1, nc, false) && len(cl.Cells) != len(cl.Copy) {
				bad("clone", k, "%d cells and %d copies, want as many", len(cl.Cells), len(cl.Copy))
			}
		}
	}
	lines := func(list [][]int, what string, lo, hi int, repeats bool) {
		if tooMany(what+"s", len(list)) {
			return
		}
		for k, l := range list {
			cells(what, k, l, lo, hi, repeats)
		}
	}
	long := maxRuleItems * nc
	lines(r.Palindromes, "palindrome", 2, long, true)
	lines(r.Renbans, "renban", 1, n, false)
	if !tooMany("whispers lines", len(r.Whispers)) {
		for k, w := range r.Whispers {
			cells("whispers", k, w.Cells, 2, long, true)
			if w.Value != 0 {
				inRange("whispers", k, "difference", w.Value, 1, n-1)
			}
		}
	}
	lines(r.BetweenLines, "between line", 2, nc, false)
	lines(r.RegionSumLines, "region-sum line", 1, nc, false)
	lines(r.EntropicLines, "entropic line", 2, long, true)
	lines(r.ModularLines, "modular line", 2, long, true)
	lines(r.Nabners, "nabner", 1, n, false)
	lines(r.ZipperLines, "zipper line", 2, nc, false)
	lines(r.DoubleArrows, "double arrow", 3, nc, false)
	lines(r.SlowThermos, "slow thermometer", 2, long, true)
	return errs
}

// orthogonal reports whether cells a and b of a grid of side n are
// orthogonal neighbours.
func orthogonal(a, b, n int) bool {
	dr, dc := a/n-b/n, a%n-b%n
	return (dr == 0 && (dc == 1 || dc == -1)) || (dc == 0 && (dr == 1 || dr == -1))
}

// ConstraintProblems returns every problem CheckConstraints finds in the
// constraints of v on a grid of side n (CheckConstraints returns the
// first): at most one for the cages and thermometers, then one per
// faulty rule of v.Rules. Each wraps ErrConstraint.
func ConstraintProblems(n int, v *Variant) []error {
	if v == nil {
		return nil
	}
	base := *v
	base.Rules = Rules{}
	var errs []error
	if err := CheckConstraints(n, &base); err != nil {
		errs = append(errs, err)
	}
	return append(errs, checkRules(n, v)...)
}
