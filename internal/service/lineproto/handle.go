package lineproto

import "bytes"

// Replies that end a connection, and the reply for an unsolvable puzzle.
const (
	ReplyBadRequest = "Bad Request!\r\n"
	ReplyIDTooLong  = "Id too long!\r\n"
	NoSolution      = "NoSolution"
)

// handler answers lines with one Solver and reusable arrays.
type handler struct {
	solver             Solver
	puzzle, solution   [81]uint8
	solved, unsolvable int // counts since the last reset, for the stats
}

// appendReply answers one request line (without its line end) and appends
// the reply to dst. ok is false for a bad request: then the reply is the
// error line and the connection must be closed after sending it.
func (h *handler) appendReply(dst, line []byte) (out []byte, ok bool) {
	id, puzzle := []byte(nil), line
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		id, puzzle = line[:i], line[i+1:]
	}
	if len(puzzle) != 81 {
		return append(dst, ReplyBadRequest...), false
	}
	if len(id) > 0 {
		dst = append(dst, id...)
		dst = append(dst, ':')
	}
	valid := true
	for i, c := range puzzle {
		switch {
		case c >= '0' && c <= '9':
			h.puzzle[i] = c - '0'
		case c == '.':
			h.puzzle[i] = 0
		default:
			valid = false
		}
	}
	if !valid || !h.solver.Solve(&h.puzzle, &h.solution) {
		h.unsolvable++
		dst = append(dst, NoSolution...)
		return append(dst, '\r', '\n'), true
	}
	h.solved++
	for _, v := range h.solution {
		dst = append(dst, '0'+v)
	}
	return append(dst, '\r', '\n'), true
}

// process answers every complete line of in, appending the replies to
// out, and returns the bytes consumed. It stops at the first bad request
// (bad is true, its reply appended), and reports a partial line longer
// than maxLine (plus a CR) as bad at once.
func (h *handler) process(out, in []byte, maxLine int) (_ []byte, consumed int, bad bool) {
	for {
		i := bytes.IndexByte(in[consumed:], '\n')
		if i < 0 {
			if len(in)-consumed > maxLine+1 {
				return append(out, ReplyIDTooLong...), consumed, true
			}
			return out, consumed, false
		}
		line := in[consumed : consumed+i]
		consumed += i + 1
		if k := len(line); k > 0 && line[k-1] == '\r' {
			line = line[:k-1]
		}
		if len(line) > maxLine {
			return append(out, ReplyIDTooLong...), consumed, true
		}
		var ok bool
		if out, ok = h.appendReply(out, line); !ok {
			return out, consumed, true
		}
	}
}
