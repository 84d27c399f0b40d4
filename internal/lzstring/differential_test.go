package lzstring

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// lzstringJS finds the reference implementation (the npm package
// lz-string): LZSTRING_JS names its libs/lz-string.js, or node resolves
// it. .ci/run installs it.
func lzstringJS(t *testing.T) string {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not found: the differential test against lz-string skips")
	}
	path := os.Getenv("LZSTRING_JS")
	if path == "" {
		if out, err := exec.Command("node", "-e", `console.log(require.resolve("lz-string"))`).Output(); err == nil {
			path = strings.TrimSpace(string(out))
		}
	}
	if path == "" {
		t.Skip("lz-string not found: set LZSTRING_JS to its libs/lz-string.js (npm install lz-string)")
	}
	return path
}

// differentialJS compresses each text with the reference and
// decompresses each of our streams with it.
const differentialJS = `
const LZ = require(process.argv[2]);
const fs = require("fs");
const input = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const out = {
  enc: input.texts.map((s) => LZ.compressToBase64(s)),
  dec: input.ours.map((s) => LZ.decompressFromBase64(s)),
};
fs.writeFileSync(process.argv[4], JSON.stringify(out));
`

// TestDifferential compares the package with lz-string 1.5.0 (the
// JavaScript original, run by node) on 300 random texts from several
// alphabets (ASCII JSON-like, Latin-1, CJK, emoji as surrogate pairs),
// 0 to 5000 characters: the reference's Base64 equals ours character for
// character, each decodes the other's stream to the text.
func TestDifferential(t *testing.T) {
	js := lzstringJS(t)
	r := rand.New(rand.NewPCG(16, 2026))
	alphabets := [][]rune{
		[]rune(`{}[]":,0123456789abcdefghijklmnopqrstuvwxyzRC`),
		[]rune("ab"),
		[]rune("aàéîõüß€ ~\x01\x7f"),
		[]rune("数独杀手温度计"),
		[]rune("😀🧩🎲a"),
	}
	var texts []string
	for k := range 300 {
		alpha := alphabets[k%len(alphabets)]
		n := r.IntN(5001)
		if k < 20 {
			n = k // the short cases, 0 to 19 characters
		}
		var b strings.Builder
		for range n {
			b.WriteRune(alpha[r.IntN(len(alpha))])
		}
		texts = append(texts, b.String())
	}
	ours := make([]string, len(texts))
	for i, s := range texts {
		ours[i] = CompressToBase64(s)
	}
	dir := t.TempDir()
	in, out, script := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json"), filepath.Join(dir, "diff.js")
	b, err := json.Marshal(map[string][]string{"texts": texts, "ours": ours})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(differentialJS), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command("node", script, js, in, out).CombinedOutput(); err != nil {
		t.Fatalf("node: %v: %s", err, msg)
	}
	b, err = os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var ref struct{ Enc, Dec []string }
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if len(ref.Enc) != len(texts) || len(ref.Dec) != len(texts) {
		t.Fatalf("node returned %d and %d results for %d texts", len(ref.Enc), len(ref.Dec), len(texts))
	}
	for i, s := range texts {
		if ref.Enc[i] != ours[i] {
			t.Errorf("text %d (%d chars): lz-string writes %.40q..., we write %.40q...", i, len([]rune(s)), ref.Enc[i], ours[i])
		}
		if ref.Dec[i] != s {
			t.Errorf("text %d: lz-string decodes our stream to %.40q, want %.40q", i, ref.Dec[i], s)
		}
		if got, err := DecompressFromBase64(ref.Enc[i]); err != nil || got != s {
			t.Errorf("text %d: we decode lz-string's stream to %.40q, %v", i, got, err)
		}
	}
}
