package clitest

import (
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/txtar"
)

func TestSplit(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"solve -json  a.txt", []string{"solve", "-json", "a.txt"}},
		{"hint -pencil '1 2 3' x", []string{"hint", "-pencil", "1 2 3", "x"}},
		{"a '' b", []string{"a", "", "b"}},
	} {
		if got := Split(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Split(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestEnviron: the "env:" lines of an archive's comment.
func TestEnviron(t *testing.T) {
	a := txtar.Parse([]byte("args: serve\nenv: SUDOKU_HTTP=:80\nenv:  SUDOKU_CORS_ORIGIN=a=b \nenv: EMPTY=\nexit: 2\n"))
	got := environ(a)
	want := map[string]string{"SUDOKU_HTTP": ":80", "SUDOKU_CORS_ORIGIN": "a=b", "EMPTY": ""}
	if !maps.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}
