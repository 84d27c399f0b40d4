package lzstring

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// TestKnownStream: the payload {"x":3} as lz-string's compressToBase64
// writes it, quoted in lisudoku/sudoku_formats' tests (an f-puzzles link
// https://f-puzzles.com/?load=N4IgHiBcDMC+Q=== whose data "contains the
// json {"x":3}"): decoding gives the text, and our compressor writes the
// same characters.
func TestKnownStream(t *testing.T) {
	const enc, text = "N4IgHiBcDMC+Q===", `{"x":3}`
	got, err := DecompressFromBase64(enc)
	if err != nil || got != text {
		t.Fatalf("DecompressFromBase64(%q) = %q, %v; want %q", enc, got, err, text)
	}
	if c := CompressToBase64(text); c != enc {
		t.Errorf("CompressToBase64(%q) = %q, want %q", text, c, enc)
	}
}

// TestRealPayloads decodes f-puzzles payloads published in public
// repositories (testdata/real.txt names each source): each is JSON with
// the grid's size and a grid of that many rows.
func TestRealPayloads(t *testing.T) {
	for _, p := range realPayloads(t) {
		text, err := DecompressFromBase64(p.data)
		if err != nil {
			t.Errorf("%s: %v", p.name, err)
			continue
		}
		var v struct {
			Size int                `json:"size"`
			Grid [][]map[string]any `json:"grid"`
		}
		if err := json.Unmarshal([]byte(text), &v); err != nil {
			t.Errorf("%s: decoded text is not JSON: %v: %.80s", p.name, err, text)
			continue
		}
		if v.Size < 1 || len(v.Grid) != v.Size {
			t.Errorf("%s: size %d with %d rows", p.name, v.Size, len(v.Grid))
		}
		// Our compressor's stream of the same text reads back.
		back, err := DecompressFromBase64(CompressToBase64(text))
		if err != nil || back != text {
			t.Errorf("%s: round trip of the decoded text: %v", p.name, err)
		}
	}
}

type payload struct{ name, data string }

// realPayloads reads testdata/real.txt: "# source" comment lines, then
// "name payload" lines.
func realPayloads(t *testing.T) []payload {
	t.Helper()
	b, err := readTestdata("real.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []payload
	for _, line := range strings.Split(b, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, data, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("testdata/real.txt: bad line %q", line)
		}
		out = append(out, payload{name, data})
	}
	if len(out) == 0 {
		t.Fatal("testdata/real.txt: no payloads")
	}
	return out
}

// TestRoundTrip compresses and decompresses texts that exercise every
// path: empty, one unit, repeats (the code one past the dictionary),
// units above 255 (16-bit literals), surrogate pairs, and random texts
// long enough for codes of 12+ bits.
func TestRoundTrip(t *testing.T) {
	texts := []string{
		"", "a", "aa", "aaa", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "abababababab",
		"TOBEORNOTTOBEORTOBEORNOT", "héllo wörld", "数独 数独 数独", "😀 thermo 😀😀",
		`{"size":9,"grid":[[{"value":5,"given":true},{}]]}`,
	}
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{10, 100, 1000, 20000} {
		for _, alpha := range []string{"ab", "abcdefgh{}\":,", "aé数😀"} {
			runes := []rune(alpha)
			var b strings.Builder
			for range n {
				b.WriteRune(runes[r.IntN(len(runes))])
			}
			texts = append(texts, b.String())
		}
	}
	for _, s := range texts {
		enc := CompressToBase64(s)
		if len(enc)%4 != 0 {
			t.Errorf("CompressToBase64(%.20q): length %d, not a multiple of 4", s, len(enc))
		}
		got, err := DecompressFromBase64(enc)
		if err != nil || got != s {
			t.Errorf("base64 round trip of %.30q (%d bytes): got %.30q, %v", s, len(s), got, err)
		}
		got, err = Decompress(Compress(s))
		if err != nil || got != s {
			t.Errorf("raw round trip of %.30q: got %.30q, %v", s, got, err)
		}
	}
}

// TestURIAlphabet: the URI-safe alphabet ('-' for '/'), and a '+' that a
// query decoder turned into a space, read as the Base64 stream.
func TestURIAlphabet(t *testing.T) {
	text := strings.Repeat(`{"size":9,"grid":[]} ?>~`, 20)
	enc := CompressToBase64(text)
	if !strings.ContainsAny(enc, "+/") {
		t.Fatalf("test text's stream %q has neither '+' nor '/'", enc)
	}
	alt := strings.NewReplacer("/", "-", "+", " ").Replace(enc)
	got, err := DecompressFromBase64(alt)
	if err != nil || got != text {
		t.Errorf("URI-safe form: got %.30q, %v", got, err)
	}
}

func TestErrors(t *testing.T) {
	long := CompressToBase64(strings.Repeat("a", 3000))
	tests := []struct {
		in   string
		want error
	}{
		{"N4Ig*HiBcDMC+Q===", ErrInput},
		{"N4Ig.", ErrInput},
		{"N4Igé", ErrInput},
		{"", ErrTruncated},
		{"N", ErrTruncated},
		{"N4IgHiBcDM", ErrTruncated},
		{long[:len(long)/2], ErrTruncated},
		{"/", ErrCode},    // first code 3
		{"B///", ErrCode}, // a literal, then a code past the dictionary
		{"AAAA////", ErrCode},
	}
	for _, tt := range tests {
		got, err := DecompressFromBase64(tt.in)
		if !errors.Is(err, tt.want) {
			t.Errorf("DecompressFromBase64(%q) = %q, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

// TestMaxOutput: a stream that doubles its output with each code stops
// at MaxOutput with ErrTooLong instead of growing without bound.
func TestMaxOutput(t *testing.T) {
	// "a" repeated: LZW codes for runs of 1, 2, 3, ... units, so n codes
	// give n²/2 units. Build the codes directly: literal 'a', then each
	// next code is the newest entry (one past the dictionary).
	w := &bitWriter{width: 6}
	w.write(0, 2)
	w.write('a', 8)
	size, bits, room := 4, uint(3), 4
	for range 7000 {
		w.write(size, bits)
		size++
		room--
		if room == 0 {
			room = 1 << bits
			bits++
		}
	}
	w.write(2, bits)
	w.flush()
	b := make([]byte, len(w.out))
	for i, v := range w.out {
		b[i] = base64Alphabet[v]
	}
	// 7000 codes of growing runs give about 24.5 million units.
	_, err := DecompressFromBase64(string(b))
	if !errors.Is(err, ErrTooLong) {
		t.Fatalf("err = %v, want ErrTooLong", err)
	}
}

// TestMaxOutputArgument: DecompressFromBase64Max caps the output at its
// argument: a text of exactly max units decodes, one more is ErrTooLong.
func TestMaxOutputArgument(t *testing.T) {
	for _, text := range []string{"a", "TOBEORNOTTOBEORTOBEORNOT", strings.Repeat("ab", 5000), "😀 数独"} {
		units := len(utf16.Encode([]rune(text)))
		p := CompressToBase64(text)
		if got, err := DecompressFromBase64Max(p, units); err != nil || got != text {
			t.Errorf("%.20q with max %d: %.20q, %v", text, units, got, err)
		}
		if _, err := DecompressFromBase64Max(p, units-1); !errors.Is(err, ErrTooLong) {
			t.Errorf("%.20q with max %d: %v, want ErrTooLong", text, units-1, err)
		}
	}
}

func FuzzDecompress(f *testing.F) {
	f.Add("N4IgHiBcDMC+Q===")
	f.Add(CompressToBase64("TOBEORNOTTOBEORTOBEORNOT"))
	f.Add(CompressToBase64("😀 数独"))
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		got, err := DecompressFromBase64(s)
		if err != nil {
			if !errors.Is(err, ErrInput) && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCode) && !errors.Is(err, ErrTooLong) {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		if !utf8.ValidString(got) {
			t.Fatalf("invalid UTF-8 output")
		}
		// What decodes re-encodes and decodes to the same text.
		back, err := DecompressFromBase64(CompressToBase64(got))
		if err != nil || back != got {
			t.Fatalf("round trip of the output: %v", err)
		}
	})
}

func FuzzRoundTrip(f *testing.F) {
	f.Add("TOBEORNOTTOBEORTOBEORNOT")
	f.Add(`{"size":9}`)
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.ToValidUTF8(s, "?")
		got, err := DecompressFromBase64(CompressToBase64(s))
		if err != nil || got != s {
			t.Fatalf("round trip: %q, %v", got, err)
		}
	})
}
