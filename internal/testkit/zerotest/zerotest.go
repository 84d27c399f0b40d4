// Package zerotest checks that the exported methods of a zero value are
// safe: each one is called under a recover, and a test lists a case for
// every method of the type, so that a method added later needs one too.
package zerotest

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"
)

// Cases maps the name of each exported method of a type to a function
// that calls it on a zero value and says what is wrong with the result:
// "" when it is right.
type Cases map[string]func() string

// Run runs the cases in the order of the method names, each under a
// recover, and checks that they name every exported method of the type of
// sample (a pointer to a zero value, or a zero value of a non-struct
// type), and no other.
func Run(t testing.TB, sample any, cases Cases) {
	t.Helper()
	typ := reflect.TypeOf(sample)
	if msg := Missing(typ, cases); msg != "" {
		t.Error(msg)
	}
	for _, m := range slices.Sorted(maps.Keys(cases)) {
		if msg := call(cases[m]); msg != "" {
			t.Errorf("zero %v: %s: %s", typ, m, msg)
		}
	}
}

// Missing says which methods of typ the cases leave out or name wrongly
// ("" when they cover exactly its exported methods).
func Missing(typ reflect.Type, cases Cases) string {
	var want []string
	for i := range typ.NumMethod() {
		want = append(want, typ.Method(i).Name)
	}
	got := slices.Sorted(maps.Keys(cases))
	if slices.Equal(got, want) {
		return ""
	}
	return fmt.Sprintf("%v: cases for %v, want one for each of %v", typ, got, want)
}

// call runs one case, turning a panic into its message.
func call(f func() string) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("panics: %v", r)
		}
	}()
	return f()
}

// WantErr says what is wrong with err when it should wrap target.
func WantErr(err, target error) string {
	if !errors.Is(err, target) {
		return fmt.Sprintf("error %v, want one wrapping %q", err, target)
	}
	return ""
}

// NoErr says what is wrong with err when it should be nil.
func NoErr(err error) string {
	if err != nil {
		return fmt.Sprintf("unexpected error %v", err)
	}
	return ""
}
