package numfmt

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/dlxkit/dlx/internal/quote"
)

// ErrNumber is wrapped by the errors of ParseInt and ParseBytes.
var ErrNumber = errors.New("bad number")

// numberError is an error of ParseInt or ParseBytes: what was wrong and
// what they read, without the input (a flag's error quotes it).
type numberError struct{ msg string }

func (e *numberError) Error() string { return e.msg }
func (e *numberError) Unwrap() error { return ErrNumber }

// What ParseInt and ParseBytes read, for their messages.
const (
	intWant   = "want a whole number such as 50000000, 50_000_000, 50,000,000 or 50e6"
	bytesWant = "want a size in bytes such as 1048576, or with a unit: 1MiB, 64KiB, 1GiB (powers of 1024), 1MB (of 1000)"
)

// ParseInt reads a whole number as people write it, and as the commands
// print it: digits with an optional sign ("10000", "-1"), in groups of
// three between commas ("10,000") or with underscores between digits
// ("10_000"), or a decimal with an exponent whose value is whole ("50e6",
// "1.5e3"). Its errors wrap ErrNumber and say what was wrong and what
// it reads, without quoting s.
func ParseInt(s string) (int64, error) {
	n, err := scaled(s, 1)
	if err != nil {
		return 0, &numberError{err.Error() + ": " + intWant}
	}
	return n, nil
}

// byteUnits are the units ParseBytes reads (without regard to case), the
// binary ones first: Bytes writes those.
var byteUnits = []struct {
	name string
	size int64
}{
	{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10},
	{"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"kB", 1e3}, {"B", 1},
}

// ParseBytes reads a size in bytes: a whole number as ParseInt reads it
// ("1048576", "1,048,576"), or a number and a unit, with or without a
// space between them: KiB, MiB, GiB, TiB for powers of 1024 ("1MiB",
// "1.5 GiB"), kB (or KB), MB, GB, TB for powers of 1000, B for bytes.
// Units are read without regard to case. The size must be a whole number
// of bytes, not negative. Its errors wrap ErrNumber, as ParseInt's.
func ParseBytes(s string) (int64, error) {
	t := strings.TrimSpace(s)
	unit := int64(1)
	for _, u := range byteUnits {
		if len(t) > len(u.name) && strings.EqualFold(t[len(t)-len(u.name):], u.name) {
			unit, t = u.size, strings.TrimRight(t[:len(t)-len(u.name)], " ")
			break
		}
	}
	n, err := scaled(t, unit)
	if err == nil && n < 0 {
		err = errors.New("negative")
	}
	if err != nil {
		return 0, &numberError{err.Error() + ": " + bytesWant}
	}
	return n, nil
}

// maxExponent bounds the exponent of a number ("1e1000000" is refused
// before any arithmetic).
const maxExponent = 100

// scaled returns the number s times unit, when the product is a whole
// number that fits an int64. s is a sign, digits (grouped by commas or
// underscores), an optional fraction and an optional exponent.
func scaled(s string, unit int64) (int64, error) {
	t := s
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg, t = t[0] == '-', t[1:]
	}
	mant, exp := t, ""
	if i := strings.IndexAny(t, "eE"); i >= 0 {
		mant, exp = t[:i], t[i+1:]
		if exp == "" {
			return 0, errors.New("no exponent after e")
		}
	}
	whole, frac, hasFrac := strings.Cut(mant, ".")
	digits, err := groupedDigits(whole)
	if err != nil {
		return 0, err
	}
	if hasFrac && !isDigits(frac) {
		return 0, errors.New("no digits after the point")
	}
	scale := -len(frac)
	if exp != "" {
		e, err := strconv.Atoi(exp)
		if err != nil || e > maxExponent || e < -maxExponent {
			return 0, fmt.Errorf("exponent %s: want -%d to %d", quote.Short(exp), maxExponent, maxExponent)
		}
		scale += e
	}
	// v = digits.frac * 10^scale * unit, exactly.
	v, ok := new(big.Int).SetString(digits+frac, 10)
	if !ok {
		return 0, errors.New("not a number")
	}
	v.Mul(v, big.NewInt(unit))
	ten := big.NewInt(10)
	if scale >= 0 {
		v.Mul(v, new(big.Int).Exp(ten, big.NewInt(int64(scale)), nil))
	} else {
		var r big.Int
		v.QuoRem(v, new(big.Int).Exp(ten, big.NewInt(int64(-scale)), nil), &r)
		if r.Sign() != 0 {
			return 0, errors.New("not a whole number")
		}
	}
	if neg {
		v.Neg(v)
	}
	if !v.IsInt64() {
		return 0, errors.New("out of range")
	}
	return v.Int64(), nil
}

func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// groupedDigits returns the digits of s, the integer part of a number:
// plain digits, digits with single underscores between them, or groups
// of three digits between commas after a first group of one to three.
func groupedDigits(s string) (string, error) {
	switch {
	case strings.Contains(s, ",") && strings.Contains(s, "_"):
		return "", errors.New("commas and underscores mixed")
	case strings.Contains(s, ","):
		groups := strings.Split(s, ",")
		if !isDigits(groups[0]) || len(groups[0]) > 3 {
			return "", errors.New("commas go between groups of three digits")
		}
		for _, g := range groups[1:] {
			if len(g) != 3 || !isDigits(g) {
				return "", errors.New("commas go between groups of three digits")
			}
		}
		return strings.Join(groups, ""), nil
	case strings.Contains(s, "_"):
		groups := strings.Split(s, "_")
		for _, g := range groups {
			if !isDigits(g) {
				return "", errors.New("underscores go between digits")
			}
		}
		return strings.Join(groups, ""), nil
	case !isDigits(s):
		return "", errors.New("not a number")
	}
	return s, nil
}

// Bytes writes a size in bytes as ParseBytes reads it back, in its
// shortest exact form: with the largest binary unit that divides it
// ("1MiB", "256KiB", "3GiB"), else as digits ("1500").
func Bytes(n int64) string {
	if n != 0 {
		for _, u := range byteUnits[:4] {
			if n%u.size == 0 {
				return strconv.FormatInt(n/u.size, 10) + u.name
			}
		}
	}
	return strconv.FormatInt(n, 10)
}
