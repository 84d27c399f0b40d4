package fpuzzles

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/lzstring"
)

// TestReadMax: ReadMax reads a puzzle whose JSON fits its bound, in every
// form, and refuses one that does not, as JSON or held in a payload,
// with an error wrapping ErrSyntax and lzstring.ErrTooLong.
func TestReadMax(t *testing.T) {
	payload := lzstring.CompressToBase64(killer4)
	for _, in := range []string{killer4, payload, "https://f-puzzles.com/?load=" + payload, "https://sudokupad.app/fpuzzles" + payload} {
		if _, err := ReadMax(in, len(killer4)); err != nil {
			t.Errorf("ReadMax(%.40q, %d): %v", in, len(killer4), err)
		}
		_, err := ReadMax(in, len(killer4)-1)
		if !errors.Is(err, ErrSyntax) || !errors.Is(err, lzstring.ErrTooLong) {
			t.Errorf("ReadMax(%.40q, %d): %v, want ErrSyntax and lzstring.ErrTooLong", in, len(killer4)-1, err)
		}
	}
}

// TestSlashRepairBounded: the repair of merged slashes in a SudokuPad
// path decodes a bounded number of characters in all: a long payload
// that fails to decode near its end, with many slashes, is refused in
// well under a second (it took 15 s before, trying 4,096 variants of a
// 1 MB payload).
func TestSlashRepairBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a megabyte payload: skipped with -short")
	}
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString(`{"size":9,"grid":[],"title":"`)
	for b.Len() < 700_000 {
		b.WriteByte(byte('a' + r.IntN(26)))
	}
	b.WriteString(`"}`)
	p := lzstring.CompressToBase64(b.String())
	if strings.Count(p, "/") < 16 {
		t.Fatalf("payload with %d slashes: want 16 or more", strings.Count(p, "/"))
	}
	bad := p[:len(p)-8] + "!!!!!!!!"
	start := time.Now()
	_, err := Read("https://sudokupad.app/fpuzzles" + bad)
	if d := time.Since(start); err == nil || d > 5*time.Second {
		t.Errorf("a broken 1 MB payload with merged slashes: %v after %v, want an error within seconds", err, d)
	}
}

// TestIsLinkOrPayload: the texts Read takes other than JSON are told
// from puzzles in the project's text formats.
func TestIsLinkOrPayload(t *testing.T) {
	payload := lzstring.CompressToBase64(killer4)
	for _, in := range []string{
		payload, " " + payload + "\n", "fpuzzles" + payload, "fpuz" + payload,
		"https://www.f-puzzles.com/?load=" + payload, "f-puzzles.com/?load=" + payload, "www.f-puzzles.com/?load=" + payload,
		"https://sudokupad.app/fpuzzles" + payload, "sudokupad.app/fpuz" + url.PathEscape(payload),
		"https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles" + payload, "beta.sudokupad.app/?puzzleid=fpuzzles" + payload,
		"https://sudokupad.app/abc123", "https://f-puzzles.com/?id=ya5rxnxj", "HTTPS://example.com/x", "\ufeffhttps://sudokupad.app/x",
	} {
		if !IsLinkOrPayload(in) {
			t.Errorf("IsLinkOrPayload(%.50q) = false", in)
		}
	}
	for _, in := range []string{
		"", "   ", killer4, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
		"1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1", "N4Ig\nN4Ig", "example.com/x", "a.b/c", "sudoku.txt",
		"ABCDEFGHIJKLMNOP", "N4I", "# comment\nhttps://sudokupad.app/x",
	} {
		if IsLinkOrPayload(in) {
			t.Errorf("IsLinkOrPayload(%.50q) = true", in)
		}
	}
}
