package sudoku

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/dlxkit/dlx/internal/quote"
	"github.com/dlxkit/dlx/internal/suggest"
)

// bom is the UTF-8 byte-order mark, skipped before a JSON object or at
// the start of a Reader's input.
var bom = []byte{0xEF, 0xBB, 0xBF}

// DecodeJSON decodes data, one JSON object, into v: a pointer to a
// PuzzleJSON or a ConstraintsJSON, or to a caller's struct that embeds
// one of them beside fields of its own (the service reads its request
// options, such as "limit", in the same pass). Every JSON object the
// package, the commands and the service read goes through it:
//
//   - a UTF-8 byte-order mark before the object is skipped, and so is
//     white space around it;
//   - the object is the whole of data: other text after it is an error;
//   - a field that no field of v takes is an error that names it and,
//     when a known name is close, suggests it:
//     `unknown field "cage" (did you mean "cages"?)`, also inside a cage
//     or any nested object;
//   - names match as encoding/json matches them: exactly, or else
//     without regard to case ("Cages" is "cages"); of a field given twice,
//     the last value counts.
//
// Errors are *ParseError values wrapping ErrSyntax, with the line and
// column (1-based, in bytes after the byte-order mark) of the offending
// byte when there is one.
func DecodeJSON(data []byte, v any) error {
	if pe := decodeJSON(data, v, 1); pe != nil {
		return pe
	}
	return nil
}

// decodeJSON is DecodeJSON for data whose first line is line (1 for a
// text of its own).
func decodeJSON(data []byte, v any, line int) *ParseError {
	data = bytes.TrimPrefix(data, bom)
	at := func(i int, format string, args ...any) *ParseError {
		l, c := bytePosition(data, i, line)
		return syntaxError(l, c, format, args...)
	}
	start := len(data) - len(bytes.TrimLeftFunc(data, unicode.IsSpace))
	if start == len(data) {
		return syntaxError(line, 0, "json: no object")
	}
	if data[start] != '{' {
		return at(start, "json: %s, want an object", describeStart(data[start:]))
	}
	dec := json.NewDecoder(bytes.NewReader(data[start:]))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			// Offset counts the bytes read, the offending one included.
			return at(start+int(se.Offset)-1, "json: %s", strings.TrimPrefix(se.Error(), "json: "))
		case errors.As(err, &te):
			return at(start+valueStart(data[start:], int(te.Offset)), "json: %s", typeMessage(te, reflect.TypeOf(v)))
		case strings.HasPrefix(err.Error(), unknownPrefix):
			msg, off := unknownField(data[start:], err, reflect.TypeOf(v))
			if off < 0 {
				return syntaxError(line, 0, "%s", msg)
			}
			return at(start+off, "%s", msg)
		}
		return syntaxError(line, 0, "json: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	end := start + int(dec.InputOffset())
	if rest := bytes.TrimLeftFunc(data[end:], unicode.IsSpace); len(rest) > 0 {
		return at(len(data)-len(rest), "json: unexpected text after the object")
	}
	return nil
}

// unknownPrefix starts the message of encoding/json for an unknown field
// (an error without a type or an offset).
const unknownPrefix = `json: unknown field "`

// unknownField returns the message for the unknown field that err
// names, with the nearest name the object holding it takes when one is
// close, and the field's offset in data (-1 when not found again).
func unknownField(data []byte, err error, t reflect.Type) (string, int) {
	name, uerr := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
	if uerr != nil {
		return err.Error(), -1
	}
	msg := "json: unknown field " + quote.Short(name)
	k, ok := findUnknown(data, t)
	if !ok || k.key != name {
		return msg, -1
	}
	if near, ok := suggest.Nearest(strings.ToLower(name), k.names); ok {
		msg += " (did you mean " + strconv.Quote(near) + "?)"
	}
	return msg, k.off
}

// bytePosition returns the line and 1-based byte column of data[i], data
// starting on line line.
func bytePosition(data []byte, i, line int) (int, int) {
	i = max(min(i, len(data)), 0)
	line += bytes.Count(data[:i], []byte{'\n'})
	return line, i - bytes.LastIndexByte(data[:i], '\n')
}

// valueStart returns the offset of the first byte of the value that an
// UnmarshalTypeError's offset follows: the end of a string, number or
// literal, or just past the bracket opening an array or object.
func valueStart(data []byte, off int) int {
	i := min(off, len(data)) - 1
	if i < 0 {
		return 0
	}
	switch c := data[i]; {
	case c == '{' || c == '[':
		return i
	case c == '"':
		for j := i - 1; j >= 0; j-- {
			if data[j] != '"' {
				continue
			}
			k := j
			for k > 0 && data[k-1] == '\\' {
				k--
			}
			if (j-k)%2 == 0 {
				return j
			}
		}
		return i
	}
	for i > 0 && isLiteralByte(data[i-1]) {
		i--
	}
	return i
}

// isLiteralByte reports whether c may be part of a JSON number or of
// true, false or null.
func isLiteralByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c == '.' || c == '+' || c == '-' || c == 'E'
}

// describeStart names the JSON value (or text) that b starts with.
func describeStart(b []byte) string {
	switch b[0] {
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		if bytes.HasPrefix(b, []byte("true")) || bytes.HasPrefix(b, []byte("false")) {
			return "a boolean"
		}
	case 'n':
		if bytes.HasPrefix(b, []byte("null")) {
			return "null"
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return "a number"
	}
	r, _ := utf8.DecodeRune(b)
	return "unexpected " + quote.Short(string(r))
}

// valueNames names the kinds of JSON value of an UnmarshalTypeError.
var valueNames = map[string]string{
	"array": "an array", "object": "an object", "string": "a string",
	"number": "a number", "bool": "a boolean",
}

// typeMessage says which field held a value of the wrong type, naming it
// by its JSON path ("cages.sum") whatever struct embeds the object.
func typeMessage(te *json.UnmarshalTypeError, t reflect.Type) string {
	got, ok := valueNames[te.Value]
	if num, isNum := strings.CutPrefix(te.Value, "number "); isNum {
		if len(num) <= quote.Max {
			got = "the number " + num
		} else {
			got = fmt.Sprintf("a number of %d characters", len(num))
		}
	} else if !ok {
		got = te.Value
	}
	path := jsonPath(te.Field, t)
	if path == "" {
		return fmt.Sprintf("%s, want an object", got)
	}
	return fmt.Sprintf("field %s: %s, want %s", quote.Short(path), got, describeType(te.Type))
}

// jsonPath turns the field path of an UnmarshalTypeError ("PuzzleJSON.
// cages.sum") into a JSON path ("cages.sum"), leaving out the names of
// embedded structs.
func jsonPath(field string, t reflect.Type) string {
	embedded := map[string]bool{}
	var walk func(t reflect.Type, depth int)
	walk = func(t reflect.Type, depth int) {
		t = elemStruct(t)
		if t == nil || depth > 8 {
			return
		}
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous && f.Tag.Get("json") == "" {
				embedded[f.Name] = true
			}
			walk(f.Type, depth+1)
		}
	}
	walk(t, 0)
	var keep []string
	for seg := range strings.SplitSeq(field, ".") {
		if seg != "" && !embedded[seg] {
			keep = append(keep, seg)
		}
	}
	return strings.Join(keep, ".")
}

// elemStruct returns the struct type t holds (through pointers, slices,
// arrays and maps), or nil.
func elemStruct(t reflect.Type) reflect.Type {
	for t != nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			t = t.Elem()
		case reflect.Struct:
			return t
		default:
			return nil
		}
	}
	return nil
}

// describeType names the JSON value a Go type takes.
func describeType(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprintf("an integer of %d bits", t.Bits())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("an integer from 0, of %d bits", t.Bits())
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "another value"
}

// unknownKey is the first key of an object that no field takes.
type unknownKey struct {
	off   int      // byte offset of its opening quote
	key   string   // decoded
	names []string // the JSON names the object takes
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// findUnknown walks data, a valid JSON value decoded into type t, for
// the first key in document order that no field takes, matching names
// as encoding/json does. Objects decoded by a json.Unmarshaler, into a
// map or into a value of another kind are not looked into.
func findUnknown(data []byte, t reflect.Type) (unknownKey, bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var walk func(t reflect.Type) (unknownKey, bool, error)
	walk = func(t reflect.Type) (unknownKey, bool, error) {
		tok, err := dec.Token()
		if err != nil {
			return unknownKey{}, false, err
		}
		d, ok := tok.(json.Delim)
		if !ok {
			return unknownKey{}, false, nil
		}
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t != nil && (t.Implements(unmarshalerType) || reflect.PointerTo(t).Implements(unmarshalerType)) {
			t = nil
		}
		var fields []jsonField
		var elem reflect.Type
		switch {
		case t == nil:
		case d == '{' && t.Kind() == reflect.Struct:
			fields = jsonFields(t, nil, 0)
		case d == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
			elem = t.Elem()
		}
		for dec.More() {
			ft := elem
			if d == '{' {
				from := int(dec.InputOffset())
				tok, err := dec.Token()
				if err != nil {
					return unknownKey{}, false, err
				}
				key, _ := tok.(string)
				if fields != nil {
					f, ok := lookupField(fields, key)
					if !ok {
						names := make([]string, len(fields))
						for i, f := range fields {
							names[i] = f.name
						}
						off := from + bytes.IndexByte(data[from:], '"')
						return unknownKey{off: off, key: key, names: names}, true, nil
					}
					ft = f.typ
				}
			}
			if k, ok, err := walk(ft); ok || err != nil {
				return k, ok, err
			}
		}
		_, err = dec.Token() // the closing delimiter
		return unknownKey{}, false, err
	}
	k, ok, err := walk(t)
	return k, ok && err == nil
}

// jsonField is a field as encoding/json sees it: its name and type.
type jsonField struct {
	name string
	typ  reflect.Type
}

// jsonFields returns the fields encoding/json decodes into struct t,
// with those of embedded structs (untagged) promoted.
func jsonFields(t reflect.Type, fields []jsonField, depth int) []jsonField {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct && depth < 8 {
				fields = jsonFields(ft, fields, depth+1)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fields = append(fields, jsonField{name, f.Type})
	}
	return fields
}

// lookupField finds the field that key sets: the one of that name, else
// one whose name matches without regard to case.
func lookupField(fields []jsonField, key string) (jsonField, bool) {
	for _, f := range fields {
		if f.name == key {
			return f, true
		}
	}
	for _, f := range fields {
		if strings.EqualFold(f.name, key) {
			return f, true
		}
	}
	return jsonField{}, false
}
