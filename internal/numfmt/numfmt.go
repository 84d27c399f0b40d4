// Package numfmt writes numbers for people, as the commands print them in
// their summaries and messages: thousands separators ("12,345"), a noun
// that agrees with its count ("1 puzzle", "2 puzzles"), durations to three
// significant digits ("292µs", "3.46ms", "12.3s") and rates ("1,418
// puzzles/s", "2.50 puzzles/s").
package numfmt

import (
	"math/big"
	"strconv"
	"time"
)

// Commas formats n with a comma between groups of three digits.
func Commas(n int64) string {
	if n < 0 {
		if n == -n { // the most negative int64
			return "-9,223,372,036,854,775,808"
		}
		return "-" + Commas(-n)
	}
	s := strconv.FormatInt(n, 10)
	b := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// BigCommas formats n with a comma between groups of three digits.
func BigCommas(n *big.Int) string {
	s := n.String()
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	b := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		b = append(b, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// Count returns n, with thousands separators, and the noun that agrees
// with it: one when n is 1, else many ("1 puzzle", "0 puzzles", "2,000
// puzzles").
func Count(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Commas(n) + " " + many
}

// Noun returns one when n is 1, else many.
func Noun(n int64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Duration formats d rounded to three significant digits ("850ns",
// "292µs", "3.46ms", "12.3s", "2m3s"), so that a short run does not print
// as "0s" and a long one does not print nanoseconds.
func Duration(d time.Duration) string {
	if d < 0 {
		return "-" + Duration(-d)
	}
	unit := time.Duration(1)
	for x := d; x >= 1000; x /= 10 {
		unit *= 10
	}
	return d.Round(unit).String()
}

// PerSecond formats the rate of n per duration d: a whole number with
// thousands separators from 10 up, two decimals below ("2.50"), "-" when d
// is not positive.
func PerSecond(n int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	r := float64(n) / d.Seconds()
	if r < 10 {
		return strconv.FormatFloat(r, 'f', 2, 64)
	}
	return Commas(int64(r + 0.5))
}

// Round rounds d to about three significant digits (as a Duration, which
// prints as "1m23s" or "4.56s").
func Round(d time.Duration) time.Duration {
	for r := time.Duration(1); r < time.Hour*24*365; r *= 10 {
		if d < 1000*r {
			return d.Round(r)
		}
	}
	return d.Round(time.Hour)
}
