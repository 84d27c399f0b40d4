package fpuzzles

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/dlxkit/dlx/sudoku"
)

// Setters often draw a rule with f-puzzles' cosmetic tools and state it
// in the rules text ("Renban lines contain ...", "Clones: the cages
// marked with the same letter ..."). The importer reads such cosmetics
// as the rule only where the reading cannot be wrong by more than the
// setter's own words:
//
//   - lines: the rules text names exactly one line rule of the list below
//     that the puzzle does not already state in a field of its own, it
//     names no line rule this package does not know, and every cosmetic
//     line has the same colour. Each line is then one such rule;
//   - cages: the rules text speaks of clones, and the cosmetic cages come
//     in groups of two or more with the same label (a letter), every
//     cage of a group of the same shape: the cells in the same place of
//     each shape hold the same digit.
//
// Anything else stays an error. Each reading is reported in the
// puzzle's Notes, so that the user can see what was read from the text.

// textLine is a line rule a rules text may name: the f-puzzles field
// that states it and the words that name it (lower case).
type textLine struct {
	field string
	what  string
	words []string
	add   func(r *sudoku.Rules, l []int)
}

var textLines = []textLine{
	{"renban", "renban lines", []string{"renban"}, func(r *sudoku.Rules, l []int) { r.Renbans = append(r.Renbans, l) }},
	{"whispers", "German whispers lines", []string{"german whisper", "whisper"}, func(r *sudoku.Rules, l []int) { r.Whispers = append(r.Whispers, sudoku.Whisper{Cells: l}) }},
	{"entropicline", "entropic lines", []string{"entropic"}, func(r *sudoku.Rules, l []int) { r.EntropicLines = append(r.EntropicLines, l) }},
	{"regionsumline", "region-sum lines", []string{"region sum", "region-sum"}, func(r *sudoku.Rules, l []int) { r.RegionSumLines = append(r.RegionSumLines, l) }},
	{"palindrome", "palindromes", []string{"palindrom"}, func(r *sudoku.Rules, l []int) { r.Palindromes = append(r.Palindromes, l) }},
	{"betweenline", "between lines", []string{"between line"}, func(r *sudoku.Rules, l []int) { r.BetweenLines = append(r.BetweenLines, l) }},
	{"zipperline", "zipper lines", []string{"zipper"}, func(r *sudoku.Rules, l []int) { r.ZipperLines = append(r.ZipperLines, l) }},
	{"modularline", "modular lines", []string{"modular line"}, func(r *sudoku.Rules, l []int) { r.ModularLines = append(r.ModularLines, l) }},
	{"nabner", "nabner lines", []string{"nabner"}, func(r *sudoku.Rules, l []int) { r.Nabners = append(r.Nabners, l) }},
}

// otherLineWords name line rules this package has no field for, or whose
// parameters the text would have to give (Dutch whispers, with their
// difference of 4, are whispers too): a text naming one of them leaves
// the cosmetic lines unread.
var otherLineWords = []string{
	"dutch", "parity line", "lockout", "10 line", "ten line", "product line",
	"same difference", "difference line", "fog", "unimodular", "lever line", "shish", "kebab",
	"sum line", "binary", "clock", "tightrope", "indexing line", "doubler",
	"slow thermo", "double arrow", "copycat", "split pea", "lines of sight", "loop",
}

// rulesText is the puzzle's rules text in lower case: its "ruleset" and
// SudokuPad's "rules: ..." metadata cages.
func (im *importer) rulesText() string {
	var parts []string
	var s string
	if json.Unmarshal(im.fields["ruleset"], &s) == nil {
		parts = append(parts, s)
	}
	var cages []cosmeticJSON
	if json.Unmarshal(im.fields["cage"], &cages) == nil {
		for _, c := range cages {
			if v := rawText(c.Value); strings.HasPrefix(strings.ToLower(v), "rules:") {
				parts = append(parts, v)
			}
		}
	}
	return strings.ToLower(strings.Join(parts, "\n"))
}

// fromRulesText reads the free cosmetics of field as the rule the rules
// text gives them, when it can (see above); it reports whether it did.
func (im *importer) fromRulesText(field string, free []freeCosmetic) bool {
	text := im.rulesText()
	if text == "" {
		return false
	}
	switch field {
	case "line":
		return im.textLines(text, free)
	case "cage":
		return im.textClones(text, free)
	}
	return false
}

func (im *importer) textLines(text string, free []freeCosmetic) bool {
	// Words of the known kinds are taken out before the unknown ones are
	// looked for: "region sum line" is not a "sum line".
	rest := text
	var kinds []textLine
	for _, k := range textLines {
		named := false
		for _, w := range k.words {
			if strings.Contains(rest, w) {
				named = true
				rest = strings.ReplaceAll(rest, w, " ")
			}
		}
		if named && len(im.st.lines[k.field]) == 0 {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		return false
	}
	for _, w := range otherLineWords {
		if strings.Contains(rest, w) {
			return false
		}
	}
	if im.fields["thermometer"] == nil && strings.Contains(rest, "thermo") {
		return false
	}
	if im.fields["arrow"] == nil && strings.Contains(rest, "arrow") {
		return false
	}
	colour := strings.ToLower(free[0].c.OutlineC)
	var lines [][]int
	for _, f := range free {
		if strings.ToLower(f.c.OutlineC) != colour || len(f.c.Lines) == 0 {
			return false
		}
		for _, names := range f.c.Lines {
			cells, ok := cellsQuiet(names, im.n)
			if !ok || len(cells) == 0 {
				return false
			}
			lines = append(lines, cells)
		}
	}
	k := kinds[0]
	for _, l := range lines {
		k.add(&im.v.Rules, l)
	}
	im.notes = append(im.notes, fmt.Sprintf("%d cosmetic lines read as %s, as the rules text says", len(lines), k.what))
	return true
}

// cloneLabel matches the labels of clone cages: a letter or two, or a
// letter and a digit.
var cloneLabel = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]?$`)

func (im *importer) textClones(text string, free []freeCosmetic) bool {
	if !strings.Contains(text, "clone") {
		return false
	}
	groups := map[string][][]int{}
	var labels []string
	for _, f := range free {
		label := strings.TrimSpace(rawText(f.c.Value))
		if !cloneLabel.MatchString(label) {
			return false
		}
		cells, ok := cellsQuiet(f.c.Cells, im.n)
		if !ok || len(cells) == 0 {
			return false
		}
		slices.Sort(cells)
		if len(slices.Compact(slices.Clone(cells))) != len(cells) {
			return false
		}
		if groups[label] == nil {
			labels = append(labels, label)
		}
		groups[label] = append(groups[label], cells)
	}
	n := im.n
	var clones []sudoku.Clone
	for _, label := range labels {
		g := groups[label]
		if len(g) < 2 {
			return false
		}
		for _, other := range g[1:] {
			if !sameShape(g[0], other, n) {
				return false
			}
			clones = append(clones, sudoku.Clone{Cells: g[0], Copy: other})
		}
	}
	im.v.Rules.Clones = append(im.v.Rules.Clones, clones...)
	im.notes = append(im.notes, fmt.Sprintf("%d cosmetic cages read as %d clone groups, as the rules text says", len(free), len(labels)))
	return true
}

// sameShape reports whether cell sets a and b (sorted, same length) are
// the same shape, b a translation of a.
func sameShape(a, b []int, n int) bool {
	if len(a) != len(b) {
		return false
	}
	dr, dc := b[0]/n-a[0]/n, b[0]%n-a[0]%n
	for i := range a {
		if b[i]/n-a[i]/n != dr || b[i]%n-a[i]%n != dc {
			return false
		}
	}
	return true
}
