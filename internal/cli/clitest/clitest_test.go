package clitest

import (
	"slices"
	"testing"
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
