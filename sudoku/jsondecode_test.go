package sudoku

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode"
)

// requestJSON is a puzzle object with a caller's own fields, as the
// service decodes its requests.
type requestJSON struct {
	PuzzleJSON
	requestExtras
}

type requestExtras struct {
	Limit  *int    `json:"limit"`
	State  string  `json:"state,omitempty"`
	Pencil [][]int `json:"pencil,omitempty"`
	Steps  bool    `json:"steps,omitempty"`
}

// TestDecodeJSON: what DecodeJSON accepts, and its errors with their
// places: unknown fields (with the nearest known name when it is close,
// at any depth, among the caller's fields too), values of the wrong
// type named by their JSON path, text around the object.
func TestDecodeJSON(t *testing.T) {
	obj := `{"puzzle":"` + p81 + `",` // 95 bytes: the next key at column 95
	tests := []struct{ in, want string }{
		{obj + `"limit":3,"steps":true,"Pencil":[[1]]}`, ""},
		{"\uFEFF\n " + obj + `"state":"x"}` + "\r\n\t", ""},
		{obj + `"limt":3}`, `line 1, column 95: json: unknown field "limt" (did you mean "limit"?)`},
		{obj + `"penciles":[]}`, `line 1, column 95: json: unknown field "penciles" (did you mean "pencil"?)`},
		{obj + `"Cage":[]}`, `line 1, column 95: json: unknown field "Cage" (did you mean "cages"?)`},
		{obj + `"cag\u0065":[]}`, `line 1, column 95: json: unknown field "cage" (did you mean "cages"?)`},
		{obj + `"nonconsecutiv":true}`, `line 1, column 95: json: unknown field "nonconsecutiv" (did you mean "nonconsecutive"?)`},
		{obj + `"colour":"red"}`, `line 1, column 95: json: unknown field "colour"`},
		{obj + `"` + strings.Repeat("k", 100) + `":1}`, `line 1, column 95: json: unknown field "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk"... (100 bytes)`},
		{obj + "\n" + `"cages":[{"sum":3,"cells":[0,1]},` + "\n" + `{"sum":3, "cels":[2,3]}]}`, `line 3, column 11: json: unknown field "cels" (did you mean "cells"?)`},
		{obj + `"cages":[{"sun":3}]}`, `line 1, column 105: json: unknown field "sun" (did you mean "sum"?)`},
		{obj + `"limit":"2"}`, `line 1, column 103: json: field "limit": a string, want an integer of 64 bits`},
		{obj + `"pencil":[[1,2.5]]}`, `line 1, column 108: json: field "pencil": the number 2.5, want an integer of 64 bits`},
		{obj + `"cages":[{"sum":1,"cells":"x"}]}`, `line 1, column 121: json: field "cages.cells": a string, want an array`},
		{obj + `"antiking":"yes"}`, `line 1, column 106: json: field "antiking": a string, want true or false`},
		{obj + `"cages":[{"sum":1,"cells":[1]}]}}`, `line 1, column 127: json: unexpected text after the object`},
		{obj + `"steps":true} {}`, `line 1, column 109: json: unexpected text after the object`},
		{obj + `"steps":true,}`, `line 1, column 108: json: invalid character '}' looking for beginning of object key string`},
		{`[{"puzzle":"1"}]`, `line 1, column 1: json: an array, want an object`},
		{"\n  null", `line 2, column 3: json: null, want an object`},
		{`"{}"`, `line 1, column 1: json: a string, want an object`},
		{`x`, `line 1, column 1: json: unexpected "x", want an object`},
		{"", `line 1: json: no object`},
		{"\uFEFF \n", `line 1: json: no object`},
		{`{"puzzle":`, `line 1: json: unexpected EOF`},
	}
	for _, tc := range tests {
		var r requestJSON
		err := DecodeJSON([]byte(tc.in), &r)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.in, err)
			}
			continue
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q:\n got %v\nwant %s", tc.in, err, tc.want)
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) {
			t.Errorf("%q: %v (%T) is not a *ParseError wrapping ErrSyntax", tc.in, err, err)
		}
	}
	// The fields land where encoding/json puts them: the last of a field
	// given twice, names matched without regard to case.
	var r requestJSON
	in := `{"puzzle":"1","Puzzle":"` + p81 + `","LIMIT":7,"cages":[{"SUM":3,"Cells":[0,1]}]}`
	if err := DecodeJSON([]byte(in), &r); err != nil {
		t.Fatal(err)
	}
	if r.Puzzle != p81 || r.Limit == nil || *r.Limit != 7 || len(r.Cages) != 1 || r.Cages[0].Sum != 3 || len(r.Cages[0].Cells) != 2 {
		t.Errorf("decoded %+v", r)
	}
	// Fields absent from the object keep the values the caller set.
	r = requestJSON{requestExtras: requestExtras{Steps: true}}
	if err := DecodeJSON([]byte(`{"puzzle":"1"}`), &r); err != nil || !r.Steps {
		t.Errorf("steps set before decoding: %v, steps %v", err, r.Steps)
	}
}

// knownKeys are the JSON names of requestJSON and of a cage.
var knownKeys = map[string][]string{
	"":      {"size", "variant", "regions", "extra", "cages", "antiknight", "antiking", "nonconsecutive", "thermos", "alphabet", "puzzle", "cells", "limit", "state", "pencil", "steps"},
	"cages": {"sum", "cells"},
}

// unknownKeyIn reports whether a decoded object has a key that neither
// it nor one of its cages takes (names folded as encoding/json folds
// them).
func unknownKeyIn(m map[string]any) bool {
	known := func(k string, names []string) bool {
		for _, n := range names {
			if strings.EqualFold(k, n) {
				return true
			}
		}
		return false
	}
	for k, v := range m {
		if !known(k, knownKeys[""]) {
			return true
		}
		if strings.EqualFold(k, "cages") {
			cages, _ := v.([]any)
			for _, c := range cages {
				cm, _ := c.(map[string]any)
				for ck := range cm {
					if !known(ck, knownKeys["cages"]) {
						return true
					}
				}
			}
		}
	}
	return false
}

// FuzzDecodeJSON: DecodeJSON never panics; every error is a *ParseError
// wrapping ErrSyntax whose place is inside the input (an unknown field's
// at the quote opening its name); it agrees with encoding/json: what it
// accepts is a JSON object with no unknown key that encoding/json
// decodes to the same value, and an object encoding/json decodes
// leniently but that holds an unknown key is refused for that key.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range []string{
		`{"puzzle":"` + p81 + `","limit":3}`,
		`{"size":"2x2","puzzle":"................","cages":[{"sum":3,"cells":[0,1]}],"thermos":[[5,6,11]],"antiknight":true}`,
		`{"puzzle":"x","cage":[]}`, `{"antiknigth":true}`, `{"cages":[{"sun":3,"cells":[0]}]}`,
		`{"Puzzle":"1","puzzle":"2","LIMIT":null}`, "\uFEFF{\"state\":\"1\"}\n", `{"pencil":[[1,2],[]],"steps":true}`,
		`{"cages":{"sum":1}}`, `{"limit":"2"}`, `{} {}`, `{}}`, `[]`, `null`, ``, `{"\u0063ells":[1]}`,
		"{\"extra\":[[0,1]],\n\"alphabet\":\"A-D\",\"x\":1}", "\u00a0{\"regions\":\"1\"}\u0085",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var r requestJSON
		err := DecodeJSON([]byte(in), &r)
		body := bytes.TrimPrefix([]byte(in), bom)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v (%T) is not a *ParseError wrapping ErrSyntax", err, err)
			}
			lines := bytes.Split(body, []byte("\n"))
			if pe.Line < 1 || pe.Line > len(lines) || pe.Col < 0 || pe.Col > len(lines[pe.Line-1])+1 {
				t.Fatalf("error %v outside the input's %d lines", err, len(lines))
			}
			if strings.Contains(pe.Msg, "unknown field") && pe.Col > 0 && lines[pe.Line-1][pe.Col-1] != '"' {
				t.Fatalf("error %v does not point at a key", err)
			}
		}
		trimmed := bytes.TrimFunc(body, unicode.IsSpace)
		if len(trimmed) == 0 || trimmed[0] != '{' || !json.Valid(trimmed) {
			if err == nil {
				t.Fatalf("accepted %q, not one JSON object", in)
			}
			return
		}
		var m map[string]any
		if json.Unmarshal(trimmed, &m) != nil {
			t.Fatalf("%q is valid but no object", trimmed)
		}
		var lenient requestJSON
		lerr := json.Unmarshal(trimmed, &lenient)
		if err == nil {
			if lerr != nil || unknownKeyIn(m) {
				t.Fatalf("accepted %q: encoding/json says %v, unknown keys %v", in, lerr, unknownKeyIn(m))
			}
			if !reflect.DeepEqual(r, lenient) {
				t.Fatalf("%q decodes as %+v, encoding/json gives %+v", in, r, lenient)
			}
		} else if lerr == nil && unknownKeyIn(m) && !strings.Contains(err.Error(), "unknown field") {
			t.Fatalf("%q holds an unknown key, error %v", in, err)
		}
	})
}
