package fpuzzles

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/dlxkit/dlx/internal/lzstring"
	"github.com/dlxkit/dlx/internal/quote"
)

// Decode reads an f-puzzles payload: the lz-string compressed Base64 of
// the f-puzzles JSON (the "load=" value of an f-puzzles link).
func Decode(payload string) (*Puzzle, error) {
	text, err := decodeText(payload, lzstring.MaxOutput)
	if err != nil {
		return nil, err
	}
	return Parse([]byte(text))
}

// Read imports a puzzle from any of the forms setters share: an f-puzzles
// or SudokuPad link, an f-puzzles payload (with or without SudokuPad's
// "fpuzzles" or "fpuz" prefix), or the f-puzzles JSON. Surrounding whitespace and a
// byte order mark are ignored.
func Read(text string) (*Puzzle, error) {
	return ReadMax(text, lzstring.MaxOutput)
}

// ReadMax is Read with the f-puzzles JSON, given or held in a link or a
// payload, at most maxJSON bytes (UTF-16 code units for a payload's):
// a few kilobytes of payload can hold megabytes of JSON. A larger one is
// an error wrapping ErrSyntax and lzstring.ErrTooLong. It bounds the
// work of an import by the length of its input.
func ReadMax(text string, maxJSON int) (*Puzzle, error) {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	switch {
	case t == "":
		return nil, fmt.Errorf("%w: empty input: want an f-puzzles or SudokuPad link, a payload or f-puzzles JSON", ErrSyntax)
	case strings.HasPrefix(t, "{"):
		if len(t) > maxJSON {
			return nil, fmt.Errorf("%w: f-puzzles JSON of %d bytes: %w", ErrSyntax, len(t), tooLong(maxJSON))
		}
		return Parse([]byte(t))
	case isLink(t):
		return readLink(t, maxJSON)
	}
	return readPayload(t, "", false, maxJSON)
}

// tooLong is the error of JSON over maxJSON bytes.
func tooLong(maxJSON int) error {
	return fmt.Errorf("%w: more than %d", lzstring.ErrTooLong, maxJSON)
}

// payloadStart begins every payload of f-puzzles JSON: the lz-string
// Base64 of its first two characters, `{"`.
const payloadStart = "N4Ig"

// IsLinkOrPayload reports whether text, surrounding whitespace aside, is
// one line in a form Read takes other than JSON: an http or https link
// (Read refuses the hosts it does not know, saying so), a link to an
// f-puzzles or SudokuPad host without its scheme, or a payload of
// f-puzzles JSON (starting "N4Ig", with or without SudokuPad's
// "fpuzzles" or "fpuz" prefix). A reader of several formats asks it
// which one a text is in.
func IsLinkOrPayload(text string) bool {
	t := strings.TrimSpace(strings.TrimPrefix(text, "\ufeff"))
	if t == "" || strings.ContainsAny(t, "\r\n") {
		return false
	}
	l := strings.ToLower(t)
	if strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
		return true
	}
	if isLink(t) {
		host, _, _ := strings.Cut(l, "/")
		host, _, _ = strings.Cut(host, "?")
		host = strings.TrimPrefix(host, "www.")
		return host == "f-puzzles.com" || sudokuPadHost(host)
	}
	p := strings.TrimPrefix(strings.TrimPrefix(t, "fpuzzles"), "fpuz")
	return strings.HasPrefix(p, payloadStart)
}

// isLink tells whether t looks like a URL (with or without its scheme).
func isLink(t string) bool {
	l := strings.ToLower(t)
	if strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
		return true
	}
	host, _, _ := strings.Cut(l, "/")
	host, _, _ = strings.Cut(host, "?")
	return strings.Contains(host, ".") && (strings.Contains(l, "/") || strings.Contains(l, "?"))
}

// sudokuPadHost reports whether host serves SudokuPad: sudokupad.app and
// its beta hosts, Cracking the Cryptic's app, Sven's own host.
func sudokuPadHost(host string) bool {
	for _, h := range []string{"sudokupad.app", "crackingthecryptic.com", "svencodes.com"} {
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}

// readLink reads an f-puzzles or SudokuPad link.
func readLink(t string, maxJSON int) (*Puzzle, error) {
	if !strings.Contains(t, "://") {
		t = "https://" + t
	}
	u, err := url.Parse(t)
	if err != nil {
		return nil, fmt.Errorf("%w: link %s: %v", ErrSyntax, quote.Short(t), err)
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	switch {
	case host == "f-puzzles.com":
		if p, ok := rawQuery(u.RawQuery, "load"); ok {
			return readPayload(p, "f-puzzles link: ", false, maxJSON)
		}
		if id, ok := rawQuery(u.RawQuery, "id"); ok {
			return nil, fmt.Errorf("%w: f-puzzles short link (id=%s): the puzzle is on f-puzzles' server; open it and copy the full link (Export, \"?load=\")", ErrUnsupported, quote.Short(id))
		}
		return nil, fmt.Errorf("%w: f-puzzles link %s has no \"load=\" puzzle", ErrSyntax, quote.Short(t))
	case sudokuPadHost(host):
		for _, key := range []string{"puzzle", "puzzleid", "load"} {
			if p, ok := rawQuery(u.RawQuery, key); ok && p != "" {
				return readPayload(p, "SudokuPad link: ", false, maxJSON)
			}
		}
		// The puzzle in the path: /fpuzzlesN4Ig..., /fpuzN4Ig...,
		// /sudoku/fpuzzles..., or a short id (/abc123, /setter/name).
		path := strings.Trim(u.EscapedPath(), "/")
		path = strings.TrimPrefix(path, "sudoku/")
		path = strings.TrimPrefix(path, "sudoku")
		if path == "" {
			return nil, fmt.Errorf("%w: SudokuPad link %s names no puzzle", ErrSyntax, quote.Short(t))
		}
		return readPayload(path, "SudokuPad link: ", true, maxJSON)
	}
	return nil, fmt.Errorf("%w: link to %s: want an f-puzzles (f-puzzles.com/?load=) or SudokuPad (sudokupad.app) link", ErrUnsupported, quote.Short(host))
}

// rawQuery returns the value of key in a raw query, unescaped without
// turning '+' into a space (a Base64 payload's '+' is often left
// unescaped in links).
func rawQuery(raw, key string) (string, bool) {
	for part := range strings.SplitSeq(raw, "&") {
		k, v, _ := strings.Cut(part, "=")
		if k != key {
			continue
		}
		if s, err := url.PathUnescape(v); err == nil {
			v = s
		}
		return v, true
	}
	return "", false
}

// readPayload reads a payload: f-puzzles' Base64 or SudokuPad's prefixed
// forms ("fpuzzles" or "fpuz" before the same Base64). inPath: the
// payload was a link's path, where a "//" of the Base64 may have been
// merged into one '/'. The JSON it holds is at most maxJSON code units.
func readPayload(p, where string, inPath bool, maxJSON int) (*Puzzle, error) {
	if s, err := url.PathUnescape(p); err == nil {
		p = s
	}
	switch {
	case strings.HasPrefix(p, "fpuzzles"):
		p = p[len("fpuzzles"):]
	case strings.HasPrefix(p, "fpuz"):
		p = p[len("fpuz"):]
	case strings.HasPrefix(p, "scl"), strings.HasPrefix(p, "ctc"):
		return nil, fmt.Errorf("%w: %sSudokuPad's own format (%q payload): export the puzzle from f-puzzles, or use a SudokuPad link with an \"fpuzzles\" payload", ErrUnsupported, where, p[:3])
	case strings.HasPrefix(p, "scf"):
		return nil, fmt.Errorf("%w: %sSudokuPad's classic format (\"scf\" payload)", ErrUnsupported, where)
	case where == "SudokuPad link: " && !strings.HasPrefix(p, payloadStart):
		return nil, fmt.Errorf("%w: SudokuPad short link (%s): the puzzle is on SudokuPad's server; open it and copy a link with the puzzle in it", ErrUnsupported, quote.Short(p))
	}
	text, err := decodeText(p, maxJSON)
	if err != nil && inPath && strings.Contains(p, "/") && !errors.Is(err, lzstring.ErrTooLong) {
		if fixed, ok := fixSlashes(p, maxJSON); ok {
			text, err = decodeText(fixed, maxJSON)
		}
	}
	if err != nil {
		if where != "" {
			return nil, fmt.Errorf("%s%w", where, err)
		}
		return nil, err
	}
	pz, err := Parse([]byte(text))
	if err != nil && where != "" {
		return nil, fmt.Errorf("%s%w", where, err)
	}
	return pz, err
}

// decodeText decompresses a payload into its text, of at most max code
// units.
func decodeText(payload string, max int) (string, error) {
	text, err := lzstring.DecompressFromBase64Max(payload, max)
	if err != nil {
		return "", fmt.Errorf("%w: payload %s: %w", ErrSyntax, quote.Short(payload), err)
	}
	if text == "" {
		return "", fmt.Errorf("%w: payload %s holds nothing", ErrSyntax, quote.Short(payload))
	}
	return text, nil
}

// maxSlashTries bounds the payloads fixSlashes tries, and maxSlashWork
// the characters it decodes in all (a long payload gets fewer tries).
const (
	maxSlashTries = 4096
	maxSlashWork  = 16 << 20
)

// fixSlashes undoes what some link handling does to a payload in a path:
// merging "//" into "/". It doubles some of the payload's slashes, fewest
// first, until the payload decodes to JSON (of at most max code units),
// and reports whether one did.
func fixSlashes(p string, max int) (string, bool) {
	limit := min(maxSlashTries, maxSlashWork/len(p))
	var at []int
	for i := range len(p) {
		if p[i] == '/' {
			at = append(at, i)
		}
	}
	at = at[:min(len(at), 16)]
	tries := 0
	for k := 1; k <= len(at); k++ {
		// Every choice of k of the slashes, in lexicographic order.
		idx := make([]int, k)
		for i := range idx {
			idx[i] = i
		}
		for {
			if tries++; tries > limit {
				return "", false
			}
			var b strings.Builder
			last := 0
			for _, i := range idx {
				b.WriteString(p[last : at[i]+1])
				b.WriteByte('/')
				last = at[i] + 1
			}
			b.WriteString(p[last:])
			if text, err := decodeText(b.String(), max); err == nil && strings.HasPrefix(strings.TrimSpace(text), "{") {
				return b.String(), true
			}
			// The next choice.
			j := k - 1
			for j >= 0 && idx[j] == len(at)-k+j {
				j--
			}
			if j < 0 {
				break
			}
			idx[j]++
			for i := j + 1; i < k; i++ {
				idx[i] = idx[i-1] + 1
			}
		}
	}
	return "", false
}
