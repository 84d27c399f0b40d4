package server

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The subset of JSON Schema (2020-12, as OpenAPI 3.1 uses it) that the
// OpenAPI document may use, checked by validate. A keyword outside it is
// an error, so that the document cannot say something the test would not
// check.
var (
	// schemaKeywords are the keywords validate checks.
	schemaKeywords = []string{"$ref", "type", "properties", "required", "additionalProperties",
		"items", "enum", "minimum", "maximum", "minItems", "maxItems"}
	// schemaAnnotations are keywords that say nothing to check.
	schemaAnnotations = []string{"description", "title", "examples", "format", "default", "deprecated"}
)

// schemaDoc resolves the $refs of a document ("#/components/schemas/X").
type schemaDoc struct {
	root map[string]any
}

// resolve returns the value at a local JSON pointer ("#/a/b").
func (d *schemaDoc) resolve(ref string) (any, error) {
	p, ok := strings.CutPrefix(ref, "#/")
	if !ok {
		return nil, fmt.Errorf("$ref %q: only local references", ref)
	}
	var v any = d.root
	for _, k := range strings.Split(p, "/") {
		k = strings.ReplaceAll(strings.ReplaceAll(k, "~1", "/"), "~0", "~")
		m, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("$ref %q: %q is not in an object", ref, k)
		}
		if v, ok = m[k]; !ok {
			return nil, fmt.Errorf("$ref %q: no %q", ref, k)
		}
	}
	return v, nil
}

// validate checks the JSON value v (decoded with UseNumber) against the
// schema s and returns every way it fails, each with its place in v
// ("$.error.code").
func (d *schemaDoc) validate(s any, v any, at string) []error {
	switch s := s.(type) {
	case bool:
		if !s {
			return []error{fmt.Errorf("%s: not allowed", at)}
		}
		return nil
	case map[string]any:
		var errs []error
		fail := func(format string, a ...any) {
			errs = append(errs, fmt.Errorf("%s: "+format, append([]any{at}, a...)...))
		}
		for k := range s {
			if !slices.Contains(schemaKeywords, k) && !slices.Contains(schemaAnnotations, k) {
				fail("schema keyword %q is not checked by this validator", k)
			}
		}
		if ref, ok := s["$ref"].(string); ok {
			t, err := d.resolve(ref)
			if err != nil {
				return append(errs, fmt.Errorf("%s: %w", at, err))
			}
			errs = append(errs, d.validate(t, v, at)...)
		}
		if t, ok := s["type"]; ok {
			var types []string
			switch t := t.(type) {
			case string:
				types = []string{t}
			case []any:
				for _, e := range t {
					types = append(types, fmt.Sprint(e))
				}
			}
			if !slices.ContainsFunc(types, func(t string) bool { return hasType(v, t) }) {
				fail("%s is not of type %s", brief(v), strings.Join(types, " or "))
				return errs // the other keywords would only repeat it
			}
		}
		if e, ok := s["enum"].([]any); ok && !slices.ContainsFunc(e, func(e any) bool { return equalJSON(e, v) }) {
			fail("%s is not one of %v", brief(v), e)
		}
		if n, ok := v.(json.Number); ok {
			f, _ := n.Float64()
			if m, ok := s["minimum"].(json.Number); ok {
				if mf, _ := m.Float64(); f < mf {
					fail("%s is less than %s", n, m)
				}
			}
			if m, ok := s["maximum"].(json.Number); ok {
				if mf, _ := m.Float64(); f > mf {
					fail("%s is more than %s", n, m)
				}
			}
		}
		if a, ok := v.([]any); ok {
			if m, ok := s["minItems"].(json.Number); ok {
				if n, _ := m.Int64(); int64(len(a)) < n {
					fail("%d items, want at least %s", len(a), m)
				}
			}
			if m, ok := s["maxItems"].(json.Number); ok {
				if n, _ := m.Int64(); int64(len(a)) > n {
					fail("%d items, want at most %s", len(a), m)
				}
			}
			if items, ok := s["items"]; ok {
				for i, e := range a {
					errs = append(errs, d.validate(items, e, at+"["+strconv.Itoa(i)+"]")...)
				}
			}
		}
		if o, ok := v.(map[string]any); ok {
			props, _ := s["properties"].(map[string]any)
			if req, ok := s["required"].([]any); ok {
				for _, k := range req {
					if _, ok := o[fmt.Sprint(k)]; !ok {
						fail("no %q", k)
					}
				}
			}
			for k, e := range o {
				if ps, ok := props[k]; ok {
					errs = append(errs, d.validate(ps, e, at+"."+k)...)
				} else if ap, ok := s["additionalProperties"]; ok {
					errs = append(errs, d.validate(ap, e, at+"."+k)...)
				}
			}
		}
		return errs
	}
	return []error{fmt.Errorf("%s: schema %s is neither an object nor a boolean", at, brief(s))}
}

// hasType reports whether v is of the JSON Schema type t.
func hasType(v any, t string) bool {
	switch v := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case json.Number:
		if t == "number" {
			return true
		}
		if t == "integer" {
			_, err := strconv.ParseInt(string(v), 10, 64)
			if err != nil {
				_, err = strconv.ParseUint(string(v), 10, 64)
			}
			return err == nil
		}
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	}
	return false
}

// equalJSON compares two decoded JSON values.
func equalJSON(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// brief is a value in a message, at most a few dozen characters.
func brief(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// decodeJSON decodes b with numbers kept as written.
func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("text after the JSON value")
	}
	return v, nil
}
