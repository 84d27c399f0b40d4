package server

import (
	"strings"
	"testing"
)

// TestValidate: the schema validator of the OpenAPI test accepts what its
// schemas allow and refuses what they do not, keyword by keyword, so that
// TestOpenAPI cannot pass by validating nothing.
func TestValidate(t *testing.T) {
	docJSON := `{"components":{"schemas":{
		"Pair":{"type":"array","items":{"type":"integer","minimum":0},"minItems":2,"maxItems":2},
		"Obj":{"type":"object","properties":{"a":{"type":"string","enum":["x","y"]},"n":{"type":"integer","maximum":10},
			"p":{"$ref":"#/components/schemas/Pair"},"m":{"type":"object","additionalProperties":{"type":"number"}}},
			"required":["a"],"additionalProperties":false},
		"Null":{"type":["string","null"]},
		"Unknown":{"type":"string","pattern":"^a"}}}}`
	root, err := decodeJSON([]byte(docJSON))
	if err != nil {
		t.Fatal(err)
	}
	d := &schemaDoc{root: root.(map[string]any)}
	for _, tt := range []struct {
		schema, value string
		want          string // "" valid, else a piece of the first error
	}{
		{"Obj", `{"a":"x"}`, ""},
		{"Obj", `{"a":"y","n":10,"p":[0,3],"m":{"k":1.5,"l":2}}`, ""},
		{"Obj", `{}`, `$: no "a"`},
		{"Obj", `{"a":"z"}`, `$.a: "z" is not one of`},
		{"Obj", `{"a":1}`, `$.a: 1 is not of type string`},
		{"Obj", `{"a":"x","b":1}`, `$.b: not allowed`},
		{"Obj", `{"a":"x","n":11}`, `$.n: 11 is more than 10`},
		{"Obj", `{"a":"x","n":1.5}`, `$.n: 1.5 is not of type integer`},
		{"Obj", `{"a":"x","p":[1]}`, `$.p: 1 items, want at least 2`},
		{"Obj", `{"a":"x","p":[1,2,3]}`, `$.p: 3 items, want at most 2`},
		{"Obj", `{"a":"x","p":[1,-2]}`, `$.p[1]: -2 is less than 0`},
		{"Obj", `{"a":"x","m":{"k":"1"}}`, `$.m.k: "1" is not of type number`},
		{"Obj", `[]`, `$: [] is not of type object`},
		{"Pair", `[18446744073709551615,1]`, ""},
		{"Null", `null`, ""},
		{"Null", `"s"`, ""},
		{"Null", `1`, `is not of type string or null`},
		{"Unknown", `"a"`, `schema keyword "pattern" is not checked`},
		{"Missing", `1`, `no "Missing"`},
	} {
		v, err := decodeJSON([]byte(tt.value))
		if err != nil {
			t.Fatal(err)
		}
		errs := d.validate(map[string]any{"$ref": "#/components/schemas/" + tt.schema}, v, "$")
		switch {
		case tt.want == "" && len(errs) > 0:
			t.Errorf("%s %s: %v, want valid", tt.schema, tt.value, errs)
		case tt.want != "" && (len(errs) == 0 || !strings.Contains(errs[0].Error(), tt.want)):
			t.Errorf("%s %s: %v, want an error with %q", tt.schema, tt.value, errs, tt.want)
		}
	}
}
