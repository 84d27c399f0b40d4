package suggest

import "testing"

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"cages", "cages", 0},
		{"cage", "cages", 1},            // insertion
		{"cagess", "cages", 1},          // deletion
		{"sun", "sum", 1},               // substitution
		{"antiknigth", "antiknight", 1}, // a swap of neighbours
		{"ab", "ba", 1},
		{"ca", "abc", 3}, // optimal string alignment: a swapped pair is not edited again
		{"kitten", "sitting", 3},
		{"Cages", "cages", 1},  // case counts
		{"größe", "grösse", 2}, // runes, not bytes
		{"thermos", "size", 7},
	}
	for _, tc := range tests {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d (symmetric)", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestNearest(t *testing.T) {
	names := []string{"size", "variant", "regions", "extra", "cages", "antiknight", "antiking", "nonconsecutive", "thermos", "alphabet", "puzzle", "cells", "limit", "state", "pencil", "steps"}
	tests := []struct{ word, want string }{
		{"cage", "cages"},
		{"puzle", "puzzle"},
		{"antiknigth", "antiknight"},
		{"antikng", "antiking"},
		{"nonconsecutiv", "nonconsecutive"},
		{"thermo", "thermos"},
		{"limt", "limit"},
		{"step", "steps"},
		{"stat", "state"},
		{"sise", "size"},
		{"varient", "variant"},
		{"alfabet", "alphabet"},
		{"regoins", "regions"},
		{"cell", "cells"}, // nearer cells than cages, pencil
		{"sum", ""},       // two edits from size: too far for three letters
		{"colour", ""},
		{"x", ""},
		{"", ""},
		{"size", ""}, // a known name is no suggestion
		{"pencilmarks", ""},
	}
	for _, tc := range tests {
		got, ok := Nearest(tc.word, names)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("Nearest(%q) = %q, %v; want %q", tc.word, got, ok, tc.want)
		}
	}
	long := string(make([]byte, MaxRunes+1))
	if _, ok := Nearest(long, []string{long[1:]}); ok {
		t.Errorf("a word over MaxRunes got a suggestion")
	}
}

// FuzzDistance: Distance is symmetric, 0 only for equal words, at least
// the difference of their lengths and at most the longer length, and one
// more edit changes it by at most one.
func FuzzDistance(f *testing.F) {
	f.Add("antiknigth", "antiknight")
	f.Add("", "cages")
	f.Add("größe", "grosse")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 200 || len(b) > 200 {
			return
		}
		d := Distance(a, b)
		la, lb := len([]rune(a)), len([]rune(b))
		if d != Distance(b, a) || (d == 0) != (a == b) || d < max(la, lb)-min(la, lb) || d > max(la, lb) {
			t.Fatalf("Distance(%q, %q) = %d", a, b, d)
		}
		if e := Distance(a+"x", b); e < d-1 || e > d+1 {
			t.Fatalf("Distance(%q, %q) = %d, with one more letter %d", a, b, d, e)
		}
	})
}
