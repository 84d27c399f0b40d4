package fpuzzles

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/dlxkit/dlx/sudoku"
)

// blank4 is a blank 4x4 f-puzzles grid.
func blank4() [][]map[string]any {
	g := make([][]map[string]any, 4)
	for r := range g {
		g[r] = make([]map[string]any, 4)
		for c := range g[r] {
			g[r][c] = map[string]any{}
		}
	}
	return g
}

func line(colour string, cells ...string) map[string]any {
	return map[string]any{"lines": [][]string{cells}, "outlineC": colour, "width": 0.25}
}

func cage(label string, cells ...string) map[string]any {
	return map[string]any{"cells": cells, "value": label, "outlineC": "#666666"}
}

// TestRulesText: cosmetic lines and cages are read as the rule the rules
// text names only when the reading is unambiguous; otherwise they stay
// an error naming them.
func TestRulesText(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fields map[string]any
		want   sudoku.Rules // when err == ""
		err    string       // a part of the error
	}{
		{
			name: "renban lines",
			fields: map[string]any{"ruleset": "Normal rules. Renban lines hold consecutive digits.",
				"line": []any{line("#FF00D4", "R1C1", "R1C2"), line("#ff00d4", "R3C3", "R4C3", "R4C4")}},
			want: sudoku.Rules{Renbans: [][]int{{0, 1}, {10, 14, 15}}},
		},
		{
			name: "whispers",
			fields: map[string]any{"ruleset": "German Whispers: neighbours differ by 2 or more.",
				"line": []any{line("#2ECC71", "R1C1", "R2C2")}},
			want: sudoku.Rules{Whispers: []sudoku.Whisper{{Cells: []int{0, 5}}}},
		},
		{
			name: "region sum, not a sum line",
			fields: map[string]any{"ruleset": "Region Sum Lines: the sums of the line in each box are equal.",
				"line": []any{line("#2ECBFF", "R1C2", "R1C3")}},
			want: sudoku.Rules{RegionSumLines: [][]int{{1, 2}}},
		},
		{
			name: "two line rules named",
			fields: map[string]any{"ruleset": "Renban lines ... Palindromes read the same both ways.",
				"line": []any{line("#FF00D4", "R1C1", "R1C2")}},
			err: "cosmetic lines (line 1)",
		},
		{
			name: "lines of two colours",
			fields: map[string]any{"ruleset": "Renban lines.",
				"line": []any{line("#FF00D4", "R1C1", "R1C2"), line("#00FF00", "R3C1", "R3C2")}},
			err: "cosmetic lines (line 1, line 2)",
		},
		{
			name: "a line rule the package does not know",
			fields: map[string]any{"ruleset": "Renban lines. Parity lines alternate odd and even.",
				"line": []any{line("#FF00D4", "R1C1", "R1C2")}},
			err: "cosmetic lines",
		},
		{
			name: "Dutch whispers",
			fields: map[string]any{"ruleset": "Dutch whispers: neighbours differ by 4 or more.",
				"line": []any{line("#FF7F00", "R1C1", "R1C2")}},
			err: "cosmetic lines",
		},
		{
			name: "the rule stated in its own field too",
			fields: map[string]any{"ruleset": "Renban lines.",
				"renban": []any{map[string]any{"lines": [][]string{{"R4C1", "R4C2"}}}},
				"line":   []any{line("#FF00D4", "R1C1", "R1C2")}},
			err: "cosmetic lines",
		},
		{
			name:   "no rules text",
			fields: map[string]any{"line": []any{line("#FF00D4", "R1C1", "R1C2")}},
			err:    "cosmetic lines",
		},
		{
			name: "clones",
			fields: map[string]any{"ruleset": "Clones: cages with the same letter hold the same digits in the same places.",
				"cage": []any{cage("A", "R1C2", "R1C1"), cage("A", "R4C3", "R4C4"), cage("B", "R2C1"), cage("B", "R3C4")}},
			want: sudoku.Rules{Clones: []sudoku.Clone{{Cells: []int{0, 1}, Copy: []int{14, 15}}, {Cells: []int{4}, Copy: []int{11}}}},
		},
		{
			name: "clone cages of different shapes",
			fields: map[string]any{"ruleset": "Clones.",
				"cage": []any{cage("A", "R1C1", "R1C2"), cage("A", "R3C1", "R4C1")}},
			err: "cosmetic cages (cage 1, cage 2)",
		},
		{
			name: "a lone label",
			fields: map[string]any{"ruleset": "Clones.",
				"cage": []any{cage("A", "R1C1"), cage("A", "R3C3"), cage("B", "R4C4")}},
			err: "cosmetic cages",
		},
		{
			name: "lettered cages, no clone rule",
			fields: map[string]any{"ruleset": "Cages marked A hold a prime.",
				"cage": []any{cage("A", "R1C1"), cage("A", "R3C3")}},
			err: "cosmetic cages",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := map[string]any{"size": 4, "grid": blank4()}
			for k, v := range tc.fields {
				m[k] = v
			}
			b, err := json.Marshal(m)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Parse(b)
			if tc.err != "" {
				if !errors.Is(err, ErrUnsupported) || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err %v, want ErrUnsupported naming %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g, _, err := p.PuzzleJSON.Grid(sudoku.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := g.Variant.Rules; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("rules %s, want %s", js(got), js(tc.want))
			}
			if len(p.Notes) == 0 || !strings.Contains(strings.Join(p.Notes, " "), "as the rules text says") {
				t.Errorf("notes %q, want one saying what was read from the rules text", p.Notes)
			}
		})
	}
}

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
