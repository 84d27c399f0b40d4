package lineproto

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/dlxkit/dlx/internal/solver/bitboard"
)

func contextWithTimeout(d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}

// FuzzLine feeds arbitrary input to the line splitter and handler and
// checks the shape of every reply.
func FuzzLine(f *testing.F) {
	for _, s := range []string{
		"1:" + test1 + "\r\n", test1 + "\n", ":" + clash + "\r\n", dotted + "\r\n",
		noSolution + "\r\n" + "x\r\n", strings.Repeat("a", 120), "a:b:c\r\n", "\r\n", "",
		"id:" + test1[:80] + "\xff\r\nid2:" + test1 + "\r\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		h := handler{solver: newGridSolver()}
		out, consumed, bad := h.process(nil, in, 100)
		if consumed < 0 || consumed > len(in) {
			t.Fatalf("consumed %d of %d bytes", consumed, len(in))
		}
		if !bad && bytes.IndexByte(in[consumed:], '\n') >= 0 {
			t.Fatalf("a complete line was left unread: %q", in[consumed:])
		}
		lines := strings.SplitAfter(string(out), "\r\n")
		if lines[len(lines)-1] != "" {
			t.Fatalf("replies %q do not end with CRLF", out)
		}
		lines = lines[:len(lines)-1]
		reqs := strings.Split(string(in[:consumed]), "\n")
		reqs = reqs[:len(reqs)-1]
		if bad && len(lines) == len(reqs)+1 {
			reqs = append(reqs, "") // a partial line too long
		}
		if len(lines) != len(reqs) {
			t.Fatalf("%d replies for %d lines: %q", len(lines), len(reqs), out)
		}
		for i, l := range lines {
			l = strings.TrimSuffix(l, "\r\n")
			if l == "Bad Request!" || l == "Id too long!" {
				if !bad || i != len(lines)-1 {
					t.Fatalf("error reply %q not last or not reported", l)
				}
				continue
			}
			req := strings.TrimSuffix(reqs[i], "\r")
			id, puzzle, found := strings.Cut(req, ":")
			if !found {
				id, puzzle = "", req
			}
			res := l
			if id != "" {
				var ok bool
				if res, ok = strings.CutPrefix(l, id+":"); !ok {
					t.Fatalf("reply %q lacks id %q", l, id)
				}
			}
			if res == NoSolution {
				var sol [81]uint8
				var p [81]uint8
				valid := true
				for k := range 81 {
					switch c := puzzle[k]; {
					case c >= '0' && c <= '9':
						p[k] = c - '0'
					case c == '.':
					default:
						valid = false
					}
				}
				// The oracle: the fast solver, independent of the handler's.
				if n, _ := new(bitboard.Solver).Count(&p, 1, &sol); valid && n > 0 {
					t.Fatalf("NoSolution for solvable %q", puzzle)
				}
				continue
			}
			if !validSolution(strings.ReplaceAll(puzzle, ".", "0"), res) {
				t.Fatalf("reply %q is not a solution of %q", res, puzzle)
			}
		}
	})
}
