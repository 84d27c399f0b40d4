package gridtest

import (
	"bufio"
	"os"
	"testing"
)

// Parse81 returns the cells of the 9x9 puzzle in the first 81 bytes of s
// (text after them is ignored): '1'-'9' a given, '0' or '.' a blank. A
// shorter s or another byte fails t.
func Parse81(t testing.TB, s string) [81]uint8 {
	t.Helper()
	p, ok := cells81(s)
	if !ok {
		t.Fatalf("not a 9x9 puzzle of 81 digits or dots: %.90q", s)
	}
	return p
}

// cells81 is Parse81 reporting false instead of failing.
func cells81(s string) (p [81]uint8, ok bool) {
	if len(s) < 81 {
		return p, false
	}
	for i := range 81 {
		switch c := s[i]; {
		case c == '.' || c == '0':
		case c >= '1' && c <= '9':
			p[i] = c - '0'
		default:
			return p, false
		}
	}
	return p, true
}

// ReadPuzzles81 reads up to max puzzles (max <= 0: all) from a file of
// lines that start with an 81-byte puzzle as Parse81 reads it; lines
// shorter than 81 bytes (comments, blank lines) are skipped, and any other
// line fails t with its file and line number.
func ReadPuzzles81(t testing.TB, path string, max int) [][81]uint8 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][81]uint8
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		s := sc.Text()
		if len(s) < 81 {
			continue
		}
		p, ok := cells81(s)
		if !ok {
			t.Fatalf("%s:%d: not a puzzle of 81 digits or dots: %.90q", path, line, s)
		}
		out = append(out, p)
		if max > 0 && len(out) == max {
			break
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
