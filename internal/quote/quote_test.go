package quote

import (
	"strings"
	"testing"
)

func TestShort(t *testing.T) {
	long := strings.Repeat("ab", 1_000_000)
	tests := []struct {
		in, want string
	}{
		{"", `""`},
		{"abc", `"abc"`},
		{"a\tb", `"a\tb"`},
		{strings.Repeat("x", Max), `"` + strings.Repeat("x", Max) + `"`},
		{strings.Repeat("x", Max+1), `"` + strings.Repeat("x", Max) + `"... (41 bytes)`},
		{long, `"` + long[:Max] + `"... (2000000 bytes)`},
		{strings.Repeat("é", Max+5), `"` + strings.Repeat("é", Max) + `"... (90 bytes)`},
	}
	for _, tt := range tests {
		if got := Short(tt.in); got != tt.want {
			t.Errorf("Short(%d bytes) = %s, want %s", len(tt.in), got, tt.want)
		}
	}
}
