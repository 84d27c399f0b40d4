package sudoku

import (
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
)

// killer4 is the fields of a 4x4 killer whose one solution is
// 4321214334121234; read without its cages (a misspelled "cages") it has
// others, which break them (the solvers give 4123234114323214).
const killer4 = `"size":"2x2","puzzle":"4...............","cages":[{"sum":6,"cells":[0,4]},{"sum":5,"cells":[1,2]},{"sum":4,"cells":[3,7]},{"sum":5,"cells":[5,6]},{"sum":7,"cells":[8,9]},{"sum":3,"cells":[10,11]},{"sum":3,"cells":[12,13]},{"sum":7,"cells":[14,15]}]`

// TestStrictJSONEverywhere: each way the package reads a JSON object
// (NewReader's JSON lines, ParseGrid, ParseConstraints, Grid's
// UnmarshalJSON) refuses a misspelled field, naming it with its place and
// the field meant, instead of reading the puzzle without it. (Before one
// decoder, Grid.UnmarshalJSON ignored unknown fields, and no error said
// where the field was or suggested one.)
func TestStrictJSONEverywhere(t *testing.T) {
	misspelled := `{"puzzle":"` + p81 + `","antiknigth":true}`
	want := `line 1, column 95: json: unknown field "antiknigth" (did you mean "antiknight"?)`
	if _, err := NewReader(strings.NewReader(misspelled+"\n"), ReadOptions{}).Next(); err == nil || err.Error() != want {
		t.Errorf("Reader: %v, want %s", err, want)
	}
	if _, _, err := ParseGrid(misspelled, ReadOptions{}); err == nil || err.Error() != want {
		t.Errorf("ParseGrid: %v, want %s", err, want)
	}
	var g Grid
	err := json.Unmarshal([]byte(misspelled), &g)
	if err == nil || err.Error() != want {
		t.Errorf("Grid.UnmarshalJSON: %v, want %s", err, want)
	}
	var pe *ParseError
	if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) {
		t.Errorf("Grid.UnmarshalJSON: %v (%T) is not a *ParseError wrapping ErrSyntax", err, err)
	}
	// A misspelled cage field: the grid read without the cages would
	// be a "solution" breaking them.
	cage := `{` + strings.Replace(killer4, `"cages"`, `"cage"`, 1) + `}`
	if err := json.Unmarshal([]byte(cage), &g); err == nil || !strings.Contains(err.Error(), `unknown field "cage" (did you mean "cages"?)`) {
		t.Errorf("Grid.UnmarshalJSON of %s: %v, want the unknown field", cage, err)
	}
	// Inside a cage, in a grid inside another document.
	var gs []Grid
	doc := `[{"size":"2x2","puzzle":"................","cages":[{"sum":3,"cels":[0,1]}]}]`
	if err := json.Unmarshal([]byte(doc), &gs); err == nil || err.Error() != `line 1, column 61: json: unknown field "cels" (did you mean "cells"?)` {
		t.Errorf("[]Grid: %v", err)
	}
	cons := "{\"antiking\":true,\n  \"thermo\":[[0,1,2]]}"
	if _, err := ParseConstraints([]byte(cons)); err == nil || err.Error() != `line 2, column 3: json: unknown field "thermo" (did you mean "thermos"?)` {
		t.Errorf("ParseConstraints: %v", err)
	}
}

// TestJSONFieldCase: field names match as encoding/json matches them,
// exactly or else without regard to case, as the commands always did; of
// a field given twice the last counts.
func TestJSONFieldCase(t *testing.T) {
	for _, in := range []string{
		`{"PUZZLE":"` + p81 + `"}`,
		`{"Size":"3x3","Puzzle":"` + p81 + `","AntiKing":false}`,
		`{"puzzle":"1","Puzzle":"` + p81 + `"}`,
	} {
		g, _, err := ParseGrid(in, ReadOptions{})
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if g.String() != p81 {
			t.Errorf("%s: read %s", in, g)
		}
	}
	g, _, err := ParseGrid(`{`+strings.Replace(killer4, `"cages"`, `"Cages"`, 1)+`}`, ReadOptions{})
	if err != nil || g.Variant == nil || len(g.Variant.Cages) != 8 {
		t.Fatalf("\"Cages\": %v, variant %+v", err, g)
	}
}

// TestJSONByteOrderMark: a UTF-8 byte-order mark before the input (a
// file, a JSON object, a one-line puzzle, a grid) is skipped; the columns
// of errors do not count it. Elsewhere it is no blank and no symbol.
// (The reader took it for three bad symbols before.)
func TestJSONByteOrderMark(t *testing.T) {
	const bom = "\uFEFF"
	for _, in := range []string{
		bom + p81 + "\n",
		bom + `{"puzzle":"` + p81 + `"}` + "\n",
		bom + "1\n" + p81 + "\n", // a count line
	} {
		var got []string
		r := NewReader(strings.NewReader(in), ReadOptions{})
		for {
			p, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Errorf("Reader %q: %v", in, err)
				break
			}
			got = append(got, p.Grid.String())
		}
		if !slices.Equal(got, []string{p81}) {
			t.Errorf("Reader %q: read %q", in, got)
		}
	}
	for _, in := range []string{
		bom + p81,
		bom + `{"puzzle":"` + p81 + `"}`,
		bom + "  " + `{"size":"3x3",` + "\n" + `"puzzle":"` + p81 + `"}`,
	} {
		g, _, err := ParseGrid(in, ReadOptions{})
		if err != nil || g.String() != p81 {
			t.Errorf("ParseGrid %q: %v", in, err)
		}
	}
	rows := strings.Join([]string{"1234", "3412", "2143", "4321"}, "\n")
	if g, _, err := ParseGrid(bom+rows, ReadOptions{}); err != nil || g.String() != "1234341221434321" {
		t.Errorf("ParseGrid of a grid after a BOM: %v", err)
	}
	if _, err := ParseConstraints([]byte(bom + `{"antiking":true}`)); err != nil {
		t.Errorf("ParseConstraints after a BOM: %v", err)
	}
	want := `line 1, column 2: json: unknown field "puzle" (did you mean "puzzle"?)`
	if _, err := NewReader(strings.NewReader(bom+`{"puzle":"`+p81+`"}`), ReadOptions{}).Next(); err == nil || err.Error() != want {
		t.Errorf("column after a BOM: %v, want %s", err, want)
	}
	// Only at the start of the input.
	if _, err := NewReader(strings.NewReader(p81+"\n"+bom+p81+"\n"), ReadOptions{}).Next(); err != nil {
		t.Fatal(err)
	}
	r := NewReader(strings.NewReader(p81+"\n"+bom+p81+"\n"), ReadOptions{})
	r.Next()
	if _, err := r.Next(); err == nil {
		t.Errorf("a BOM on line 2 was skipped")
	}
}
