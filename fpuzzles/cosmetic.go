package fpuzzles

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
)

// The cosmetic tools of f-puzzles (line, cage, circle, text, rectangle)
// draw without a rule: a puzzle's rules text gives them one. Three kinds
// are not rules and are ignored:
//
//   - copies of a constraint: the f-puzzles userscripts export each line
//     constraint they add (renban, whispers, entropic, region-sum,
//     zipper, ... lines) also as a cosmetic line, slow-thermometer bulbs
//     and double-arrow ends as circles, indexer cells as a cage and X-sum
//     and skyscraper clues as texts, marked with the constraint's name in
//     "fromConstraint" (older versions: "isNewConstraint": true), so that
//     a player without the userscripts sees them. Such a copy is ignored
//     when the puzzle states the constraint it names on the same cells;
//   - SudokuPad's metadata: a cage whose value is "key: value" (title,
//     rules, solution, msgcorrect, ...);
//   - a text with nothing to show.
//
// A line or cage whose rule the rules text names without ambiguity is
// read as that rule (rulestext.go). Any other cosmetic is an error: the
// puzzle cannot be played without the rule its text gives it.

type cosmeticJSON struct {
	Cells           []string        `json:"cells"`
	Lines           [][]string      `json:"lines"`
	Value           json.RawMessage `json:"value"`
	OutlineC        string          `json:"outlineC"`
	FromConstraint  string          `json:"fromConstraint"`
	IsNewConstraint bool            `json:"isNewConstraint"`
}

// mirrorFields maps the names the userscripts give their constraints in
// "fromConstraint" to the fields holding them.
var mirrorFields = map[string][]string{
	"Renban":            {"renban"},
	"German Whispers":   {"whispers", "germanwhispers"},
	"Whispers":          {"whispers", "germanwhispers", "dutchwhispers"},
	"Dutch Whispers":    {"whispers", "dutchwhispers"},
	"Entropic Line":     {"entropicline"},
	"Entropic":          {"entropicline"},
	"Modular Line":      {"modularline"},
	"Region Sum Line":   {"regionsumline"},
	"Nabner":            {"nabner"},
	"Double Arrow":      {"doublearrow"},
	"Zipper Line":       {"zipperline"},
	"Slow Thermometer":  {"slowthermometer"},
	"Row Indexer":       {"rowindexer"},
	"Column Indexer":    {"columnindexer"},
	"Box Indexer":       {"boxindexer"},
	"X Sum":             {"xsum"},
	"Skyscraper":        {"skyscraper"},
	"Palindrome":        {"palindrome"},
	"Between Line":      {"betweenline"},
	"Thermometer":       {"thermometer"},
	"Sandwich Sum":      {"sandwichsum"},
	"Little Killer Sum": {"littlekillersum"},
}

// metaValue matches SudokuPad's metadata cages: "title: ...".
var metaValue = regexp.MustCompile(`^[A-Za-z]+:\s`)

// cosmeticWords names the cosmetic fields for messages.
var cosmeticWords = map[string]string{"line": "lines", "cage": "cages", "circle": "circles", "text": "texts", "rectangle": "rectangles"}

// cosmetics checks the cosmetic fields: copies of stated constraints
// and metadata are ignored, lines and cages whose rule the rules text
// names unambiguously are read as that rule (rulestext.go), every other
// item is a problem.
func (im *importer) cosmetics() {
	for _, field := range []string{"line", "cage", "circle", "text", "rectangle"} {
		var raw []json.RawMessage
		if !im.decode(field, &raw) {
			continue
		}
		var free []freeCosmetic
		var unmatched []string
		for k, item := range raw {
			var c cosmeticJSON
			if err := json.Unmarshal(item, &c); err != nil {
				im.rep.add(ErrSyntax, "%s %d: json: %v", field, k+1, strings.TrimPrefix(err.Error(), "json: "))
				continue
			}
			value := rawText(c.Value)
			switch {
			case field == "cage" && metaValue.MatchString(value):
				continue // SudokuPad metadata
			case field == "text" && strings.TrimSpace(value) == "":
				continue // draws nothing
			case c.FromConstraint != "" || c.IsNewConstraint:
				if im.mirrors(field, c) {
					continue
				}
				name := "a line constraint"
				if c.FromConstraint != "" {
					name = quote.Short(c.FromConstraint)
				}
				unmatched = append(unmatched, fmt.Sprintf("%s %d (a copy of %s)", field, k+1, name))
			default:
				free = append(free, freeCosmetic{k, c})
			}
		}
		if len(free) > 0 && !im.fromRulesText(field, free) {
			rules := make([]string, len(free))
			for i, f := range free {
				rules[i] = fmt.Sprintf("%s %d", field, f.index+1)
			}
			im.rep.add(ErrUnsupported, "cosmetic %s (%s): f-puzzles gives them no rule, the puzzle's rules text does, which this importer cannot read", cosmeticWords[field], listShort(rules))
		}
		if len(unmatched) > 0 {
			im.rep.add(ErrUnsupported, "cosmetic %s marked as copies of constraints the puzzle does not state on their cells (%s): their rule is in the rules text only", cosmeticWords[field], listShort(unmatched))
		}
	}
}

// freeCosmetic is a cosmetic item that copies no constraint: its rule, if
// any, is in the rules text.
type freeCosmetic struct {
	index int // in its field, from 0
	c     cosmeticJSON
}

// rawText returns a JSON string's text, or the raw JSON of another value.
func rawText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// mirrors reports whether cosmetic c of field only copies a constraint
// the puzzle states: the fields its fromConstraint names (every line
// field for the legacy isNewConstraint) hold it on the same cells.
func (im *importer) mirrors(field string, c cosmeticJSON) bool {
	fields, ok := mirrorFields[c.FromConstraint]
	if !ok {
		if c.FromConstraint != "" {
			return false
		}
		for f := range im.st.lines {
			fields = append(fields, f)
		}
	}
	n := im.n
	switch field {
	case "line":
		if len(c.Lines) == 0 {
			return false
		}
		for _, names := range c.Lines {
			cells, ok := cellsQuiet(names, n)
			if !ok || !im.statedLine(fields, cells) {
				return false
			}
		}
		return true
	case "circle":
		// Slow-thermometer bulbs, double-arrow ends.
		cells, ok := cellsQuiet(c.Cells, n)
		if !ok || len(cells) == 0 {
			return false
		}
		for _, x := range cells {
			end := false
			for _, f := range fields {
				for _, l := range im.st.lines[f] {
					end = end || l[0] == x || l[len(l)-1] == x
				}
			}
			if !end {
				return false
			}
		}
		return true
	case "cage":
		// Indexer cells, all of them in one cage.
		cells, ok := cellsQuiet(c.Cells, n)
		if !ok || len(cells) == 0 {
			return false
		}
		for _, x := range cells {
			in := false
			for _, f := range fields {
				in = in || slices.Contains(im.st.cells[f], x)
			}
			if !in {
				return false
			}
		}
		return true
	case "text":
		// X-sum and skyscraper clues: the clue's symbol and its value.
		if len(c.Cells) != 1 {
			return false
		}
		at := strings.ToUpper(strings.TrimSpace(c.Cells[0]))
		for _, f := range fields {
			if slices.Contains(im.st.clues[f], at) {
				return true
			}
		}
	}
	return false
}

// statedLine reports whether one of fields holds line cells (in either
// direction).
func (im *importer) statedLine(fields []string, cells []int) bool {
	rev := slices.Clone(cells)
	slices.Reverse(rev)
	for _, f := range fields {
		for _, l := range im.st.lines[f] {
			if slices.Equal(l, cells) || slices.Equal(l, rev) {
				return true
			}
		}
	}
	return false
}

// cellsQuiet reads cell names without reporting problems.
func cellsQuiet(names []string, n int) ([]int, bool) {
	out := make([]int, 0, len(names))
	for _, s := range names {
		i, err := cellIndex(s, n)
		if err != nil {
			return nil, false
		}
		out = append(out, i)
	}
	return out, true
}
