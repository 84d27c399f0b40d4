package lzstring

import (
	"strings"
	"unicode/utf16"
)

// bitWriter packs codes into characters of width bits, most significant
// bit first within a character.
type bitWriter struct {
	out   []uint16
	width uint
	cur   uint16
	n     uint // bits in cur
}

// write appends the n low bits of v, least significant first.
func (w *bitWriter) write(v int, n uint) {
	for k := uint(0); k < n; k++ {
		w.cur = w.cur<<1 | uint16(v>>k&1)
		w.n++
		if w.n == w.width {
			w.out = append(w.out, w.cur)
			w.cur, w.n = 0, 0
		}
	}
}

// flush ends the last character with zero bits. Like lz-string, it adds
// at least one bit, so that a stream ending on a character boundary gets
// one more character.
func (w *bitWriter) flush() {
	w.write(0, 1)
	if w.n > 0 {
		w.write(0, w.width-w.n)
	}
}

// compress writes s as an lz-string stream in characters of width bits.
func compress(s string, width uint) []uint16 {
	units := utf16.Encode([]rune(s))
	w := &bitWriter{width: width}
	// dict maps a sequence of units (as a string of its code units) to
	// its code; pending holds the single units whose literal is not
	// written yet.
	dict := map[string]int{}
	pending := map[string]bool{}
	size, bits, room := 3, uint(2), 2
	grow := func() {
		room--
		if room == 0 {
			room = 1 << bits
			bits++
		}
	}
	key := func(us []uint16) string {
		var b strings.Builder
		for _, u := range us {
			b.WriteByte(byte(u >> 8))
			b.WriteByte(byte(u))
		}
		return b.String()
	}
	emit := func(k string) {
		if pending[k] {
			u := uint16(k[0])<<8 | uint16(k[1])
			if u < 256 {
				w.write(0, bits)
				w.write(int(u), 8)
			} else {
				w.write(1, bits)
				w.write(int(u), 16)
			}
			grow()
			delete(pending, k)
		} else {
			w.write(dict[k], bits)
		}
		grow()
	}
	cur := ""
	for i := range units {
		c := key(units[i : i+1])
		if _, ok := dict[c]; !ok {
			dict[c] = size
			size++
			pending[c] = true
		}
		if _, ok := dict[cur+c]; ok {
			cur += c
			continue
		}
		emit(cur)
		dict[cur+c] = size
		size++
		cur = c
	}
	if cur != "" {
		emit(cur)
	}
	w.write(2, bits)
	w.flush()
	return w.out
}

// Compress returns the raw form of s (16 bits per code unit), which
// Decompress reads.
func Compress(s string) []uint16 { return compress(s, 16) }

// CompressToBase64 returns the Base64 form of s, padded with '=' to a
// multiple of 4 characters (as lz-string's compressToBase64 writes it).
func CompressToBase64(s string) string {
	vals := compress(s, 6)
	b := make([]byte, len(vals), len(vals)+3)
	for i, v := range vals {
		b[i] = base64Alphabet[v]
	}
	for len(b)%4 != 0 {
		b = append(b, '=')
	}
	return string(b)
}
