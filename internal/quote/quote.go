// Package quote shortens pieces of input for error messages: a message
// says where the input went wrong and quotes at most a few dozen
// characters of it, however long the line.
package quote

import (
	"strconv"
	"unicode/utf8"
)

// Max is the number of characters Short keeps.
const Max = 40

// Short returns s quoted as by strconv.Quote when it has at most Max
// characters; otherwise its first Max characters quoted, followed by
// "... (N bytes)" giving the length of the whole of s.
func Short(s string) string {
	if utf8.RuneCountInString(s) <= Max {
		return strconv.Quote(s)
	}
	i, n := 0, 0
	for i < len(s) && n < Max {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return strconv.Quote(s[:i]) + "... (" + strconv.Itoa(len(s)) + " bytes)"
}
