// Package lzstring reads and writes the lz-string format: an LZW code
// stream with growing code widths over UTF-16 code units, packed into
// characters of 6 bits (the Base64 form used by f-puzzles and SudokuPad
// links) or 16 bits.
//
// The stream: codes are written least significant bit first, each in the
// current width (2 bits at the start, one more each time the dictionary
// reaches a power of two). Code 0 is followed by an 8-bit literal code
// unit, code 1 by a 16-bit one (both add the unit to the dictionary),
// code 2 ends the stream; every other code names a dictionary entry. Each
// code after the first adds an entry: the previous output followed by the
// first unit of this one (LZW's rule, with the code one past the
// dictionary meaning "the previous output plus its own first unit").
// Output characters carry their bits most significant first.
//
// Decompress bounds its memory by the length of its output, which it
// caps at MaxOutput code units.
package lzstring

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxOutput is the most UTF-16 code units Decompress produces (16 Mi):
// a few hundred kilobytes of input can otherwise describe gigabytes.
const MaxOutput = 16 << 20

// Errors of Decompress (wrapped, with the position).
var (
	// ErrInput: a character outside the Base64 alphabet.
	ErrInput = errors.New("lz-string: bad character")
	// ErrTruncated: the stream ends before its end code.
	ErrTruncated = errors.New("lz-string: truncated data")
	// ErrCode: a code that names no dictionary entry yet.
	ErrCode = errors.New("lz-string: bad code")
	// ErrTooLong: the output would exceed MaxOutput code units.
	ErrTooLong = errors.New("lz-string: output too long")
)

// base64Value maps a character to its 6-bit value: the Base64 alphabet
// A-Z a-z 0-9 + /, with '-' also read as 63 (the URI-safe form writes
// '-' for '/') and ' ' as 62 (a '+' that a query decoder turned into a
// space). -1: not in the alphabet.
var base64Value = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	const alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alpha); i++ {
		t[alpha[i]] = int8(i)
	}
	t['-'], t[' '] = 63, 62
	return t
}()

const base64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// DecompressFromBase64 decodes s, the Base64 form of an lz-string stream
// (lz-string's compressToBase64, also in its URI-safe alphabet), into
// the text it holds. Trailing '=' padding and surrounding whitespace are
// ignored. Errors wrap ErrInput, ErrTruncated, ErrCode or ErrTooLong.
func DecompressFromBase64(s string) (string, error) {
	return DecompressFromBase64Max(s, MaxOutput)
}

// DecompressFromBase64Max is DecompressFromBase64 with the output capped
// at max code units (at most MaxOutput): a longer one is an error
// wrapping ErrTooLong, found before more than max units are held.
func DecompressFromBase64Max(s string, max int) (string, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, "=")
	vals := make([]uint16, len(s))
	for i := 0; i < len(s); i++ {
		v := base64Value[s[i]]
		if v < 0 {
			r, _ := utf8.DecodeRuneInString(s[i:])
			return "", fmt.Errorf("%w %q at offset %d", ErrInput, r, i)
		}
		vals[i] = uint16(v)
	}
	units, err := decompress(vals, 6, max)
	if err != nil {
		return "", err
	}
	return string(utf16.Decode(units)), nil
}

// Decompress decodes the raw form (16 bits per code unit of data, as
// lz-string's compress writes it).
func Decompress(data []uint16) (string, error) {
	units, err := decompress(data, 16, MaxOutput)
	if err != nil {
		return "", err
	}
	return string(utf16.Decode(units)), nil
}

// bitReader reads codes from characters of width bits, most significant
// bit first within a character.
type bitReader struct {
	data  []uint16
	width uint
	pos   int  // index of the next character
	bit   uint // bits left in cur
	cur   uint16
}

// read returns the next n-bit code, assembled least significant bit
// first.
func (r *bitReader) read(n uint) (int, error) {
	v := 0
	for k := uint(0); k < n; k++ {
		if r.bit == 0 {
			if r.pos >= len(r.data) {
				return 0, fmt.Errorf("%w: the stream ends at character %d before its end code", ErrTruncated, r.pos)
			}
			r.cur = r.data[r.pos]
			r.pos++
			r.bit = r.width
		}
		r.bit--
		if r.cur>>r.bit&1 != 0 {
			v |= 1 << k
		}
	}
	return v, nil
}

// entry is a dictionary entry: a literal unit (n == 1) or n units of the
// output from start.
type entry struct {
	start, n int
	unit     uint16
}

func decompress(data []uint16, width uint, max int) ([]uint16, error) {
	max = min(max, MaxOutput)
	r := &bitReader{data: data, width: width}
	// Codes 0, 1 and 2 are reserved; entries start at 3.
	dict := make([]entry, 3, 64)
	var out []uint16
	literal := func(code int) error {
		bits := uint(8)
		if code == 1 {
			bits = 16
		}
		u, err := r.read(bits)
		if err != nil {
			return err
		}
		dict = append(dict, entry{start: len(out), n: 1, unit: uint16(u)})
		return nil
	}
	code, err := r.read(2)
	if err != nil {
		return nil, err
	}
	switch code {
	case 2:
		return []uint16{}, nil
	case 3:
		return nil, fmt.Errorf("%w: the stream starts with code 3, want a literal (0, 1) or the end (2)", ErrCode)
	}
	if err := literal(code); err != nil {
		return nil, err
	}
	if max < 1 {
		return nil, tooLong(max)
	}
	out = append(out, dict[3].unit)
	// w is the previous output, as a span of out.
	wStart, wLen := 0, 1
	// Widths: 3 bits now (dictionary of 4 codes), growing when full.
	width2, room := uint(3), 4
	grow := func() {
		room--
		if room == 0 {
			room = 1 << width2
			width2++
		}
	}
	for {
		if width2 > 30 {
			return nil, fmt.Errorf("%w: code width over 30 bits", ErrCode)
		}
		code, err := r.read(width2)
		if err != nil {
			return nil, err
		}
		switch code {
		case 2:
			return out, nil
		case 0, 1:
			if err := literal(code); err != nil {
				return nil, err
			}
			code = len(dict) - 1
			grow()
		}
		start := len(out)
		switch {
		case code < len(dict) && code >= 3:
			e := dict[code]
			if e.n == 1 {
				if len(out)+1 > max {
					return nil, tooLong(max)
				}
				out = append(out, e.unit)
			} else {
				if len(out)+e.n > max {
					return nil, tooLong(max)
				}
				out = append(out, out[e.start:e.start+e.n]...)
			}
		case code == len(dict):
			if len(out)+wLen+1 > max {
				return nil, tooLong(max)
			}
			out = append(out, out[wStart:wStart+wLen]...)
			out = append(out, out[wStart])
		default:
			return nil, fmt.Errorf("%w %d at character %d: the dictionary has %d entries", ErrCode, code, r.pos, len(dict))
		}
		// The new entry: w followed by the first unit of this output,
		// which is where w ends in out.
		dict = append(dict, entry{start: wStart, n: wLen + 1})
		grow()
		wStart, wLen = start, len(out)-start
	}
}

func tooLong(max int) error {
	return fmt.Errorf("%w: more than %d code units", ErrTooLong, max)
}
