package sudoku

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// grid4 is a full 4x4 solution:
//
//	1 2 | 3 4
//	3 4 | 1 2
//	----+----
//	2 1 | 4 3
//	4 3 | 2 1
const grid4 = "1234341221434321"

// grid6 is a full 6x6 solution (boxes 2x3), the published solution of
// "Wormhole Sixxtreme" (kinnison/kaji).
const grid6 = "641523532146124635365214416352253461"

func cellsOf(s string) []uint8 {
	out := make([]uint8, len(s))
	for i := range s {
		if s[i] != '.' {
			out[i] = s[i] - '0'
		}
	}
	return out
}

func TestRuleInfos(t *testing.T) {
	for i := range rulesType.NumField() {
		f := rulesType.Field(i)
		if _, ok := ruleInfos[f.Name]; !ok {
			t.Errorf("Rules.%s has no ruleInfo", f.Name)
		}
		if k := f.Type.Kind(); k != reflect.Slice && k != reflect.Bool {
			t.Errorf("Rules.%s is a %v: empty, merge and appendKey take slices and bools", f.Name, k)
		}
		if tag := f.Tag.Get("json"); tag != strings.ToLower(tag) || !strings.HasSuffix(tag, ",omitempty") {
			t.Errorf("Rules.%s: json tag %q, want a lower-case name with omitempty", f.Name, tag)
		}
	}
	if len(ruleInfos) != rulesType.NumField() {
		t.Errorf("%d ruleInfos for %d fields", len(ruleInfos), rulesType.NumField())
	}
}

// TestCheckRulesCases: on a full grid each rule is reported exactly when
// it is broken, and on partial grids when its fixed cells doom it.
func TestCheckRulesCases(t *testing.T) {
	s4, s6 := Shape{2, 2}, Shape{2, 3}
	tests := []struct {
		name  string
		shape Shape
		cells string
		v     Variant
		want  string // the rule reported, "" for none
	}{
		{"arrow keeps", s4, grid4, Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{3}, Shaft: []int{2, 0}}}}}, ""},
		{"arrow breaks", s4, grid4, Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{3}, Shaft: []int{2, 1}}}}}, "arrow"},
		{"pill keeps (12)", s4, grid4, Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{0, 1}, Shaft: []int{3, 5, 11, 15}}}}}, ""},
		{"pill breaks", s4, grid4, Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{0, 1}, Shaft: []int{3, 5, 11}}}}}, "arrow"},
		{"arrow doomed: circle up to 4, shaft 8", s4, ".4....4.........", Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{0}, Shaft: []int{1, 6}}}}}, "arrow"},
		{"arrow doomed: circle up to 4, shaft 4 and a blank", s4, ".4..............", Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{0}, Shaft: []int{1, 2}}}}}, "arrow"},
		{"arrow open", s4, ".2..............", Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{0}, Shaft: []int{1, 2}}}}}, ""},
		{"pill open: 1. reads 11 to 14", s4, "1.........3.....", Variant{Rules: Rules{Arrows: []Arrow{{Circle: []int{0, 1}, Shaft: []int{10, 11, 12, 13}}}}}, ""},
		{"white dot keeps", s4, grid4, Variant{Rules: Rules{Differences: []Dot{{Cells: []int{0, 1}}, {Cells: []int{0, 4}, Value: 2}}}}, ""},
		{"white dot breaks", s4, grid4, Variant{Rules: Rules{Differences: []Dot{{Cells: []int{0, 4}}}}}, "white dot"},
		{"white dot doomed: 2 and a difference of 3", s4, "2...............", Variant{Rules: Rules{Differences: []Dot{{Cells: []int{0, 1}, Value: 3}}}}, "white dot"},
		{"white dot open: 1 and 3", s4, "1...............", Variant{Rules: Rules{Differences: []Dot{{Cells: []int{0, 1}, Value: 3}}}}, ""},
		{"black dot keeps", s4, grid4, Variant{Rules: Rules{Ratios: []Dot{{Cells: []int{0, 1}}, {Cells: []int{0, 4}, Value: 3}}}}, ""},
		{"black dot breaks", s4, grid4, Variant{Rules: Rules{Ratios: []Dot{{Cells: []int{1, 2}}}}}, "black dot"},
		{"black dot doomed: 3 and a ratio of 2", s4, "3...............", Variant{Rules: Rules{Ratios: []Dot{{Cells: []int{0, 1}}}}}, "black dot"},
		{"negative ratio breaks", s4, grid4, Variant{Rules: Rules{NegativeRatio: true}}, "negative kropki"},
		{"negative ratio, a white dot on the pair", s4, "12..............", Variant{Rules: Rules{NegativeRatio: true, Differences: []Dot{{Cells: []int{0, 1}}}}}, ""},
		{"negative ratio of the dots' values: 3", s4, "13..............", Variant{Rules: Rules{NegativeRatio: true, Ratios: []Dot{{Cells: []int{14, 15}, Value: 3}}}}, "negative kropki"},
		{"negative ratio of the dots' values: not 2", s4, "12..............", Variant{Rules: Rules{NegativeRatio: true, Ratios: []Dot{{Cells: []int{14, 15}, Value: 3}}}}, ""},
		{"XV keeps", s4, grid4, Variant{Rules: Rules{XV: []Dot{{Cells: []int{0, 4}, Value: 4}}}}, ""},
		{"XV breaks", s4, grid4, Variant{Rules: Rules{XV: []Dot{{Cells: []int{0, 4}, Value: 5}}}}, "XV mark"},
		{"XV doomed: 1 and a sum of 7", s4, "1...............", Variant{Rules: Rules{XV: []Dot{{Cells: []int{0, 1}, Value: 7}}}}, "XV mark"},
		{"negative XV breaks (2+3)", s4, grid4, Variant{Rules: Rules{NegativeXV: true}}, "negative XV"},
		{"negative XV, a V on the pair", s4, ".23.............", Variant{Rules: Rules{NegativeXV: true, XV: []Dot{{Cells: []int{1, 2}, Value: 5}}}}, ""},
		{"non-consecutive breaks", s4, "12..............", Variant{NonConsecutive: true}, "non-consecutive"},
		{"non-consecutive, a white dot on the pair", s4, "12..............", Variant{NonConsecutive: true, Rules: Rules{Differences: []Dot{{Cells: []int{1, 0}}}}}, ""},
		{"non-consecutive, a black dot on the pair", s4, "12..............", Variant{NonConsecutive: true, Rules: Rules{Ratios: []Dot{{Cells: []int{0, 1}}}}}, ""},
		{"even keeps", s4, grid4, Variant{Rules: Rules{Even: []int{1, 3}}}, ""},
		{"even breaks", s4, grid4, Variant{Rules: Rules{Even: []int{0}}}, "even cell"},
		{"odd keeps", s4, grid4, Variant{Rules: Rules{Odd: []int{0, 2}}}, ""},
		{"odd breaks", s4, grid4, Variant{Rules: Rules{Odd: []int{1}}}, "odd cell"},
		{"minimum keeps", s4, grid4, Variant{Rules: Rules{Minimums: []int{0}}}, ""},
		{"minimum breaks", s4, grid4, Variant{Rules: Rules{Minimums: []int{5}}}, "minimum"},
		{"minimums beside each other", s4, grid4, Variant{Rules: Rules{Minimums: []int{1, 0}}}, ""},
		{"minimum doomed: 4 beside a blank", s4, "4...............", Variant{Rules: Rules{Minimums: []int{0}}}, "minimum"},
		{"maximum keeps", s4, grid4, Variant{Rules: Rules{Maximums: []int{5}}}, ""},
		{"maximum breaks", s4, grid4, Variant{Rules: Rules{Maximums: []int{0}}}, "maximum"},
		{"maximum doomed: 1 beside a blank", s4, "1...............", Variant{Rules: Rules{Maximums: []int{0}}}, "maximum"},
		{"little killers keep", s4, grid4, Variant{Rules: Rules{LittleKillers: []LittleKiller{
			{Row: -1, Col: -1, Direction: "DR", Sum: 10}, {Row: 4, Col: 4, Direction: "UL", Sum: 10},
			{Row: -1, Col: 4, Direction: "DL", Sum: 10}, {Row: 4, Col: -1, Direction: "UR", Sum: 10},
			{Row: -1, Col: 0, Direction: "DR", Sum: 6}, {Row: 1, Col: -1, Direction: "UR", Sum: 1}}}}, ""},
		{"little killer breaks", s4, grid4, Variant{Rules: Rules{LittleKillers: []LittleKiller{{Row: -1, Col: 0, Direction: "DR", Sum: 7}}}}, "little killer"},
		{"little killer doomed: 4+4 and a blank over 8", s4, ".4....4.........", Variant{Rules: Rules{LittleKillers: []LittleKiller{{Row: -1, Col: 0, Direction: "DR", Sum: 8}}}}, "little killer"},
		{"little killer open", s4, ".4....4.........", Variant{Rules: Rules{LittleKillers: []LittleKiller{{Row: -1, Col: 0, Direction: "DR", Sum: 9}}}}, ""},
		{"sandwiches keep", s4, grid4, Variant{Rules: Rules{Sandwiches: []OutsideClue{{Row: 0, Col: -1, Value: 5}, {Row: 0, Col: 4, Value: 5}, {Row: -1, Col: 0, Value: 5}, {Row: 4, Col: 1, Value: 0}}}}, ""},
		{"sandwich breaks", s4, grid4, Variant{Rules: Rules{Sandwiches: []OutsideClue{{Row: 0, Col: -1, Value: 4}}}}, "sandwich"},
		{"sandwich 6x6: 1 and 6", s6, grid6, Variant{Rules: Rules{Sandwiches: []OutsideClue{{Row: 0, Col: -1, Value: 4}, {Row: 1, Col: 6, Value: 4}, {Row: 6, Col: 0, Value: 5}}}}, ""},
		{"sandwich 6x6 breaks", s6, grid6, Variant{Rules: Rules{Sandwiches: []OutsideClue{{Row: 0, Col: -1, Value: 5}}}}, "sandwich"},
		{"sandwich doomed", s4, "12.4............", Variant{Rules: Rules{Sandwiches: []OutsideClue{{Row: 0, Col: -1, Value: 2}}}}, "sandwich"},
		{"sandwich open", s4, "1..4............", Variant{Rules: Rules{Sandwiches: []OutsideClue{{Row: 0, Col: -1, Value: 5}}}}, ""},
		{"X-sums keep", s4, grid4, Variant{Rules: Rules{XSums: []OutsideClue{{Row: 0, Col: -1, Value: 1}, {Row: 0, Col: 4, Value: 10}, {Row: -1, Col: 1, Value: 6}}}}, ""},
		{"X-sum breaks", s4, grid4, Variant{Rules: Rules{XSums: []OutsideClue{{Row: 0, Col: 4, Value: 9}}}}, "X-sum"},
		{"X-sum doomed: 3 first, a blank and 1", s4, "3.1.............", Variant{Rules: Rules{XSums: []OutsideClue{{Row: 0, Col: -1, Value: 10}}}}, "X-sum"},
		{"skyscrapers keep", s4, grid4, Variant{Rules: Rules{Skyscrapers: []OutsideClue{{Row: 0, Col: -1, Value: 4}, {Row: 0, Col: 4, Value: 1}, {Row: -1, Col: 0, Value: 3}}}}, ""},
		{"skyscraper breaks", s4, grid4, Variant{Rules: Rules{Skyscrapers: []OutsideClue{{Row: 0, Col: -1, Value: 3}}}}, "skyscraper"},
		{"quadruple keeps", s4, grid4, Variant{Rules: Rules{Quadruples: []Quadruple{{Cells: []int{0, 1, 4, 5}, Digits: []int{1, 2}}}}}, ""},
		{"quadruple breaks (two 1s)", s4, grid4, Variant{Rules: Rules{Quadruples: []Quadruple{{Cells: []int{0, 1, 4, 5}, Digits: []int{1, 1}}}}}, "quadruple"},
		{"quadruple doomed: 1 and 2 missing, one blank", s6, "34....5.............................", Variant{Rules: Rules{Quadruples: []Quadruple{{Cells: []int{0, 1, 6, 7}, Digits: []int{1, 2}}}}}, "quadruple"},
		{"quadruple open", s6, "31....5.............................", Variant{Rules: Rules{Quadruples: []Quadruple{{Cells: []int{0, 1, 6, 7}, Digits: []int{1, 2}}}}}, ""},
		{"clone keeps", s4, grid4, Variant{Rules: Rules{Clones: []Clone{{Cells: []int{0, 1}, Copy: []int{15, 14}}}}}, ""},
		{"clone breaks", s4, grid4, Variant{Rules: Rules{Clones: []Clone{{Cells: []int{0}, Copy: []int{1}}}}}, "clone"},
		{"palindrome keeps", s4, grid4, Variant{Rules: Rules{Palindromes: [][]int{{0, 5, 10, 15}}}}, ""},
		{"palindrome breaks", s4, grid4, Variant{Rules: Rules{Palindromes: [][]int{{0, 1, 2}}}}, "palindrome"},
		{"renban keeps", s4, grid4, Variant{Rules: Rules{Renbans: [][]int{{0, 1, 2}}}}, ""},
		{"renban breaks", s4, grid4, Variant{Rules: Rules{Renbans: [][]int{{0, 1, 3}}}}, "renban"},
		{"renban repeats", s4, grid4, Variant{Rules: Rules{Renbans: [][]int{{0, 6}}}}, "renban"},
		{"renban doomed: 1 and 4 on three cells", s4, "1.4.............", Variant{Rules: Rules{Renbans: [][]int{{0, 1, 2}}}}, "renban"},
		{"whispers keep", s4, grid4, Variant{Rules: Rules{Whispers: []Whisper{{Cells: []int{0, 2}}, {Cells: []int{0, 5}, Value: 3}}}}, ""},
		{"whispers break", s4, grid4, Variant{Rules: Rules{Whispers: []Whisper{{Cells: []int{0, 1}}}}}, "whispers"},
		{"whispers doomed: 3 and a difference of 4 on 6x6", s6, "3...................................", Variant{Rules: Rules{Whispers: []Whisper{{Cells: []int{0, 1}, Value: 4}}}}, "whispers"},
		{"between line keeps", s4, grid4, Variant{Rules: Rules{BetweenLines: [][]int{{0, 1, 2, 3}}}}, ""},
		{"between line breaks", s4, grid4, Variant{Rules: Rules{BetweenLines: [][]int{{4, 0, 1}}}}, "between line"},
		{"between line doomed: a 1 between blank ends", s4, ".1..............", Variant{Rules: Rules{BetweenLines: [][]int{{0, 1, 2}}}}, "between line"},
		{"between line doomed: 2 and 3 around a blank", s4, "2.3.............", Variant{Rules: Rules{BetweenLines: [][]int{{0, 1, 2}}}}, "between line"},
		{"between line open", s4, ".2..............", Variant{Rules: Rules{BetweenLines: [][]int{{0, 1, 2}}}}, ""},
		{"region-sum line keeps", s4, grid4, Variant{Rules: Rules{RegionSumLines: [][]int{{0, 6}, {2, 4}}}}, ""},
		{"region-sum line breaks", s4, grid4, Variant{Rules: Rules{RegionSumLines: [][]int{{0, 1, 2, 3}}}}, "region-sum line"},
		{"region-sum line doomed: 3+4 against one cell", s4, "3....4..........", Variant{Rules: Rules{RegionSumLines: [][]int{{0, 5, 6}}}}, "region-sum line"},
		{"entropic line keeps", s4, grid4, Variant{Rules: Rules{EntropicLines: [][]int{{0, 1, 3}}}}, ""},
		{"entropic line breaks", s4, grid4, Variant{Rules: Rules{EntropicLines: [][]int{{1, 2}}}}, "entropic line"},
		{"entropic line: 3 apart, different ranks", s6, "1..3................................", Variant{Rules: Rules{EntropicLines: [][]int{{0, 1, 2, 3}}}}, "entropic line"},
		{"modular line keeps", s4, grid4, Variant{Rules: Rules{ModularLines: [][]int{{0, 1, 2}}}}, ""},
		{"modular line breaks", s4, grid4, Variant{Rules: Rules{ModularLines: [][]int{{0, 3}}}}, "modular line"},
		{"nabner keeps", s4, grid4, Variant{Rules: Rules{Nabners: [][]int{{0, 2}}}}, ""},
		{"nabner breaks", s4, grid4, Variant{Rules: Rules{Nabners: [][]int{{0, 1}}}}, "nabner"},
		{"zipper line keeps", s4, grid4, Variant{Rules: Rules{ZipperLines: [][]int{{0, 1, 2, 3}}}}, ""},
		{"zipper line breaks", s4, grid4, Variant{Rules: Rules{ZipperLines: [][]int{{0, 1, 2}}}}, "zipper line"},
		{"zipper line doomed: middle 2, an end 4", s4, "42..............", Variant{Rules: Rules{ZipperLines: [][]int{{0, 1, 2}}}}, "zipper line"},
		{"double arrow keeps", s4, grid4, Variant{Rules: Rules{DoubleArrows: [][]int{{0, 4, 8}}}}, ""},
		{"double arrow breaks", s4, grid4, Variant{Rules: Rules{DoubleArrows: [][]int{{0, 1, 2}}}}, "double arrow"},
		{"slow thermometer keeps", s4, grid4, Variant{Rules: Rules{SlowThermos: [][]int{{0, 1, 5}, {0, 6}}}}, ""},
		{"slow thermometer breaks", s4, grid4, Variant{Rules: Rules{SlowThermos: [][]int{{5, 1}}}}, "slow thermometer"},
		{"row indexer keeps", s4, grid4, Variant{Rules: Rules{RowIndexers: []int{0, 4}}}, ""},
		{"row indexer breaks", s4, grid4, Variant{Rules: Rules{RowIndexers: []int{1}}}, "row indexer"},
		{"column indexers keep", s4, grid4, Variant{Rules: Rules{ColumnIndexers: []int{0, 1, 4, 5, 6, 8, 12, 13}}}, ""},
		{"column indexer breaks", s6, grid6, Variant{Rules: Rules{ColumnIndexers: []int{0}}}, "column indexer"},
		{"box indexer keeps", s4, grid4, Variant{Rules: Rules{BoxIndexers: []int{2, 3}}}, ""},
		{"box indexer breaks", s6, grid6, Variant{Rules: Rules{BoxIndexers: []int{0}}}, "box indexer"},
		{"cage without a sum keeps", s4, grid4, Variant{Cages: []Cage{{Cells: []int{0, 1, 5}}}}, ""},
		{"cage without a sum repeats", s4, grid4, Variant{Cages: []Cage{{Cells: []int{0, 6}}}}, "cage"},
	}
	for _, tc := range tests {
		v := tc.v
		g := &Grid{Shape: tc.shape, Variant: &v, Cells: cellsOf(tc.cells)}
		if err := CheckConstraints(tc.shape.N(), &v); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		got := CheckRules(g)
		switch {
		case tc.want == "" && len(got) > 0:
			t.Errorf("%s: %v, want nothing", tc.name, got)
		case tc.want != "" && (len(got) == 0 || slices.ContainsFunc(got, func(b RuleBreak) bool { return b.Rule != tc.want })):
			t.Errorf("%s: %v, want %s alone", tc.name, got, tc.want)
		}
	}
}

// TestCheckRulesHouses: the houses first, by kind and index.
func TestCheckRulesHouses(t *testing.T) {
	g := &Grid{Shape: Shape{2, 2}, Cells: cellsOf("11..............")}
	got := CheckRules(g)
	want := []RuleBreak{
		{Rule: "row", Index: 0, Cells: []int{0, 1}, Same: true, Msg: "row 1: r1c1 and r1c2 both 1"},
		{Rule: "box", Index: 0, Cells: []int{0, 1}, Same: true, Msg: "box 1: r1c1 and r1c2 both 1"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	g.Variant = &Variant{Rules: Rules{Renbans: [][]int{{0, 1}}}}
	if got := CheckRules(g); len(got) != 3 || got[2].Rule != "renban" || !got[2].Same {
		t.Errorf("with a renban: %+v", got)
	}
}

// rulesFromSolution returns rules of every kind that sol keeps (random
// instances, those CheckRules accepts on sol).
func rulesFromSolution(sol *Grid, rng *rand.Rand) *Variant {
	n := sol.N()
	v := &Variant{}
	if sol.Variant != nil {
		v.Boxes = sol.Variant.Boxes
	}
	d := func(c int) int { return int(sol.Cells[c]) }
	keeps := func(w Rules) bool {
		g := &Grid{Shape: sol.Shape, Cells: sol.Cells, Variant: &Variant{Boxes: v.Boxes, Rules: w}}
		return CheckConstraints(n, g.Variant) == nil && len(CheckRules(g)) == 0
	}
	path := func(k int) []int { return randomPath(n, k, true, rng) }
	sum := func(cs []int) int {
		s := 0
		for _, c := range cs {
			s += d(c)
		}
		return s
	}
	makers := []func() Rules{
		func() Rules {
			p := path(1 + rng.IntN(4))
			return Rules{Arrows: []Arrow{{Circle: p[:1], Shaft: p[1:]}}}
		},
		func() Rules {
			c := rng.IntN(n * n)
			nb := orthogonalNeighbours(c, n)
			p := []int{c, nb[rng.IntN(len(nb))]}
			w := Rules{Differences: []Dot{{Cells: p, Value: absInt(d(p[0]) - d(p[1]))}}}
			if a, b := min(d(p[0]), d(p[1])), max(d(p[0]), d(p[1])); b%a == 0 {
				w.Ratios = []Dot{{Cells: p, Value: b / a}}
			}
			w.XV = []Dot{{Cells: p, Value: d(p[0]) + d(p[1])}}
			return w
		},
		func() Rules {
			// The negative constraints, with dots on the pairs they
			// would break.
			w := Rules{NegativeRatio: true, NegativeXV: true}
			for _, p := range orthogonalPairs(n) {
				a, b := min(d(p[0]), d(p[1])), max(d(p[0]), d(p[1]))
				if b == 2*a {
					w.Ratios = append(w.Ratios, Dot{Cells: p[:]})
				}
				if a+b == 5 || a+b == 10 {
					w.XV = append(w.XV, Dot{Cells: p[:], Value: a + b})
				}
			}
			return w
		},
		func() Rules {
			c := rng.IntN(n * n)
			if d(c)%2 == 0 {
				return Rules{Even: []int{c}}
			}
			return Rules{Odd: []int{c}}
		},
		func() Rules { return Rules{Minimums: []int{rng.IntN(n * n)}, Maximums: []int{rng.IntN(n * n)}} },
		func() Rules {
			dirs := []string{"UL", "UR", "DL", "DR"}
			lk := LittleKiller{Row: -1, Col: rng.IntN(n), Direction: dirs[rng.IntN(4)]}
			if rng.IntN(2) == 0 {
				lk.Row, lk.Col = rng.IntN(n), []int{-1, n}[rng.IntN(2)]
			}
			lk.Sum = sum(lk.Cells(n))
			return Rules{LittleKillers: []LittleKiller{lk}}
		},
		func() Rules {
			o := OutsideClue{Row: -1, Col: rng.IntN(n)}
			if rng.IntN(2) == 0 {
				o.Row, o.Col = rng.IntN(n), []int{-1, n}[rng.IntN(2)]
			}
			cs := o.Cells(n)
			w := Rules{}
			i1 := slices.IndexFunc(cs, func(c int) bool { return d(c) == 1 })
			iN := slices.IndexFunc(cs, func(c int) bool { return d(c) == n })
			w.Sandwiches = []OutsideClue{{Row: o.Row, Col: o.Col, Value: sum(cs[min(i1, iN)+1 : max(i1, iN)])}}
			w.XSums = []OutsideClue{{Row: o.Row, Col: o.Col, Value: sum(cs[:d(cs[0])])}}
			seen, top := 0, 0
			for _, c := range cs {
				if d(c) > top {
					seen, top = seen+1, d(c)
				}
			}
			w.Skyscrapers = []OutsideClue{{Row: o.Row, Col: o.Col, Value: seen}}
			return w
		},
		func() Rules {
			c := rng.IntN(n-1)*n + rng.IntN(n-1)
			cs := []int{c, c + 1, c + n, c + n + 1}
			return Rules{Quadruples: []Quadruple{{Cells: cs, Digits: []int{d(cs[rng.IntN(4)]), d(cs[rng.IntN(4)])}}}}
		},
		func() Rules {
			a, b := rng.IntN(n*n), rng.IntN(n*n)
			return Rules{Clones: []Clone{{Cells: []int{a}, Copy: []int{b}}}}
		},
		func() Rules { return Rules{Palindromes: [][]int{path(2 + rng.IntN(3))}} },
		func() Rules { return Rules{Renbans: [][]int{path(2 + rng.IntN(3))}} },
		func() Rules {
			p := path(2 + rng.IntN(4))
			return Rules{Whispers: []Whisper{{Cells: p, Value: 1 + rng.IntN(n/2)}}}
		},
		func() Rules { return Rules{BetweenLines: [][]int{path(2 + rng.IntN(4))}} },
		func() Rules { return Rules{RegionSumLines: [][]int{path(2 + rng.IntN(5))}} },
		func() Rules { return Rules{EntropicLines: [][]int{path(2 + rng.IntN(5))}} },
		func() Rules { return Rules{ModularLines: [][]int{path(2 + rng.IntN(5))}} },
		func() Rules { return Rules{Nabners: [][]int{path(2 + rng.IntN(2))}} },
		func() Rules { return Rules{ZipperLines: [][]int{path(2 + rng.IntN(5))}} },
		func() Rules { return Rules{DoubleArrows: [][]int{path(3 + rng.IntN(3))}} },
		func() Rules { return Rules{SlowThermos: [][]int{path(2 + rng.IntN(4))}} },
		func() Rules {
			c := rng.IntN(n * n)
			return Rules{RowIndexers: []int{c}, ColumnIndexers: []int{rng.IntN(n * n)}, BoxIndexers: []int{rng.IntN(n * n)}}
		},
	}
	for range 12 {
		for _, mk := range makers {
			if w := v.Rules.merge(mk()); keeps(w) {
				v.Rules = w
			}
		}
	}
	return v
}

// TestCheckRulesSound: on every partial grid of a solution, CheckRules
// reports nothing for rules the solution keeps (no rule is called broken
// that a completion keeps), on random rules of every kind; and the full
// solution with one digit changed breaks something when the digit lies
// on a rule that pins it.
func TestCheckRulesSound(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 7))
	kinds := map[string]int{}
	rounds := 60
	if testing.Short() {
		rounds = 20
	}
	for i := range rounds {
		shape := []Shape{{2, 2}, {2, 3}, {3, 3}}[i%3]
		sol := randomSolution(shape, nil, rng)
		if shape.N() == 9 {
			sol = patternGrid(shape, rng)
		}
		if sol == nil {
			continue
		}
		v := rulesFromSolution(sol, rng)
		for _, name := range v.RuleNames() {
			kinds[name]++
		}
		full := sol.Clone()
		full.Variant = v
		if b := CheckRules(full); len(b) > 0 {
			t.Fatalf("%d: the solution breaks %v", i, b)
		}
		for range 30 {
			g := blank(full, rng.Float64(), rng)
			if b := CheckRules(g); len(b) > 0 {
				t.Fatalf("%d: partial grid %v of solution %v: reports %v", i, g.Cells, sol.Cells, b)
			}
		}
	}
	for f, info := range ruleInfos {
		if kinds[info.words] == 0 {
			t.Errorf("no instance of %s (%s)", info.words, f)
		}
	}
}

// TestExactCoverRules: the rules the exact-cover solver does not encode
// give an error wrapping ErrVariant that names them, from Count, Solve,
// Check of a Solver forced to DLX and from ExactCover; Auto counts them
// with the propagation solver; the others solve.
func TestExactCoverRules(t *testing.T) {
	ctx := context.Background()
	g := NewGrid(Shape{2, 2}, &Variant{Rules: Rules{
		Arrows:        []Arrow{{Circle: []int{0}, Shaft: []int{1}}},
		LittleKillers: []LittleKiller{{Row: -1, Col: -1, Direction: "DR", Sum: 10}},
		Even:          []int{3},
	}})
	want := "the exact-cover solver does not handle arrows, little killers yet"
	check := func(what string, err error) {
		if !errors.Is(err, ErrVariant) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q wrapping ErrVariant", what, err, want)
		}
	}
	dlx := NewSolver(Options{Method: DLX})
	_, err := dlx.Count(ctx, g, 2)
	check("Count", err)
	_, err = dlx.Solve(ctx, g)
	check("Solve", err)
	_, err = dlx.Check(ctx, g)
	check("Check", err)
	// Auto takes them to the propagation solver (an arrow from r1c1 to
	// r1c2 wants equal digits in one row: no solution).
	if n, err := Count(ctx, g, 2); err != nil || n != bruteByCheck(g, 2) {
		t.Errorf("Auto Count: %d, %v; brute force %d", n, err, bruteByCheck(g, 2))
	}
	_, err = ExactCover(g)
	check("ExactCover", err)
	check("ExactCoverRules", ExactCoverRules(g.Variant))
	g.Variant = &Variant{Rules: Rules{Even: []int{3}}}
	if err := ExactCoverRules(g.Variant); err != nil {
		t.Errorf("even cells: %v", err)
	}
	if n, err := Count(ctx, g, 1000); err != nil || n != 144 {
		t.Errorf("4x4 with an even cell: %d, %v; want 144", n, err)
	}
}

// TestEntropicRank: the low, middle and high runs of docs/variants.md.
func TestEntropicRank(t *testing.T) {
	for n, want := range map[int]string{
		4: "0112", 5: "00122", 6: "001122", 7: "0011122", 8: "00011222", 9: "000111222",
		12: "000011112222", 16: "0000011111122222",
	} {
		var b strings.Builder
		for d := 1; d <= n; d++ {
			b.WriteByte(byte('0' + entropicRank(d, n)))
		}
		if b.String() != want {
			t.Errorf("side %d: ranks %s, want %s", n, b.String(), want)
		}
	}
}

// TestRulesJSON: every field of Rules reads from a puzzle object and a
// constraints object, writes back the same, and merges with
// WithConstraints; a rule that does not fit is a ParseError wrapping
// ErrConstraint.
func TestRulesJSON(t *testing.T) {
	rules := `"arrows":[{"circle":[0],"shaft":[1,2]}],"differences":[{"cells":[0,1]},{"cells":[4,5],"value":2}],` +
		`"ratios":[{"cells":[2,3]}],"negativeratio":true,"xv":[{"cells":[8,9],"value":5}],"negativexv":true,"even":[3],"odd":[0],` +
		`"minimums":[5],"maximums":[6],"littlekillers":[{"row":-1,"col":-1,"direction":"DR","sum":10}],` +
		`"sandwiches":[{"row":0,"col":-1,"value":5}],"xsums":[{"row":-1,"col":0,"value":4}],"skyscrapers":[{"row":4,"col":0,"value":2}],` +
		`"quadruples":[{"cells":[0,1,4,5],"digits":[1,2]}],"clones":[{"cells":[0],"copy":[15]}],"palindromes":[[0,5,10]],` +
		`"renbans":[[1,2]],"whispers":[{"cells":[0,1]},{"cells":[2,3],"value":2}],"betweenlines":[[0,5,10]],"regionsumlines":[[1,2]],` +
		`"entropiclines":[[12,13]],"modularlines":[[14,15]],"nabners":[[0,2]],"zipperlines":[[0,1,2]],"doublearrows":[[8,9,10]],` +
		`"slowthermos":[[12,8,4]],"rowindexers":[0],"columnindexers":[1],"boxindexers":[15]`
	in := `{"size":"2x2",` + rules + `,"puzzle":"................"}`
	var pj PuzzleJSON
	if err := json.Unmarshal([]byte(in), &pj); err != nil {
		t.Fatal(err)
	}
	g, _, err := pj.Grid(ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Variant.RuleNames()); n != len(ruleInfos) {
		t.Errorf("%d rules read, want %d", n, len(ruleInfos))
	}
	out, err := json.Marshal(g)
	if err != nil || string(out) != in {
		t.Errorf("written back as %s, %v\nwant %s", out, err, in)
	}
	c, err := ParseConstraints([]byte("{" + rules + "}"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Rules, g.Variant.Rules) {
		t.Errorf("constraints object: %+v", c.Rules)
	}
	both := WithConstraints(g.Variant, c)
	if len(both.Arrows) != 2 || len(both.Whispers) != 4 || !both.NegativeXV || len(g.Variant.Arrows) != 1 {
		t.Errorf("merged: %d arrows, %d whispers; the first variant keeps %d arrows", len(both.Arrows), len(both.Whispers), len(g.Variant.Arrows))
	}
	bad := `{"size":"2x2","xv":[{"cells":[0,5],"value":5}],"puzzle":"................"}`
	_, err = NewReader(strings.NewReader(bad), ReadOptions{}).Next()
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrConstraint) || !strings.Contains(err.Error(), "XV mark 1: r1c1 and r2c2 are not orthogonal neighbours") {
		t.Errorf("a dot across a diagonal: %v", err)
	}
}
