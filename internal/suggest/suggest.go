// Package suggest finds the known name nearest to a misspelled one, for
// messages such as `unknown field "cage" (did you mean "cages"?)`.
package suggest

import "unicode/utf8"

// Distance returns the optimal string alignment distance between a and b:
// the fewest insertions, deletions, substitutions and swaps of two
// neighbouring characters that turn a into b (Damerau-Levenshtein without
// editing a swapped pair again). It counts runes, compared exactly (each
// byte of invalid UTF-8 is a character of its own).
func Distance(a, b string) int {
	if a == b {
		return 0
	}
	ra, rb := runes(a), runes(b)
	if len(ra) == 0 {
		return len(rb)
	}
	if len(rb) == 0 {
		return len(ra)
	}
	// Three rows of the dynamic-programming table: two back, one back
	// and the current one.
	w := len(rb) + 1
	prev2, prev, cur := make([]int, w), make([]int, w), make([]int, w)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// runes returns the characters of s, a byte of invalid UTF-8 as a
// negative value of its own.
func runes(s string) []rune {
	rs := make([]rune, 0, len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			r = -1 - rune(s[i])
		}
		rs = append(rs, r)
		i += size
	}
	return rs
}

// MaxRunes bounds the names Nearest compares: a longer word is no
// misspelling of a short name, and the distance costs the product of
// the two lengths.
const MaxRunes = 64

// Nearest returns the name of names nearest to word (by Distance, the
// first of equals), and whether it is near enough to suggest: at most
// one edit for words of up to 5 characters, two up to 8, three beyond.
// A name equal to word is not a suggestion.
func Nearest(word string, names []string) (string, bool) {
	n := utf8.RuneCountInString(word)
	if n == 0 || n > MaxRunes {
		return "", false
	}
	limit := 1
	switch {
	case n > 8:
		limit = 3
	case n > 5:
		limit = 2
	}
	best, bestD := "", limit+1
	for _, name := range names {
		if name == word || utf8.RuneCountInString(name) > MaxRunes {
			continue
		}
		if d := Distance(word, name); d < bestD {
			best, bestD = name, d
		}
	}
	return best, best != ""
}
