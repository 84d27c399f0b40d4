package exactcover

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// A piece file holds one subproblem of a split search (see Solver.Split
// and SplitDepth) as text, so that the pieces of a search can be counted
// apart, on other machines, and their counts added up. The format, line
// by line (blank lines and lines starting with '|' are comments):
//
//	dlx-piece 1
//	piece I N
//	problem ITEMS OPTIONS
//	option K ITEM ITEM ...
//	...
//
// The first line names the format and its version. "piece I N" says that
// this is piece I (from 1) of the N pieces of the split. "problem" gives
// the number of items and options of the problem that was split, which a
// reader checks against the problem it is given. Each "option" line is
// one option chosen, in the order the search chose them: K is the option's
// index (from 0, in input order) and the rest its text as in Knuth's
// format, as a check that the piece belongs to this problem (an option
// line with only K is allowed, and not checked). A piece without option
// lines is the whole problem.

// pieceMagic is the first line of a piece file.
const pieceMagic = "dlx-piece 1"

// maxPieceLine bounds the length of a line of a piece file.
const maxPieceLine = 1 << 24

// Piece is one subproblem of a split search, as read from or written to a
// piece file.
type Piece struct {
	Index, Total   int        // piece Index (from 1) of Total
	Items, Options int        // the size of the problem split
	Choice         Subproblem // the options chosen, in order
	// Text holds the options' text as read (one per Choice entry; "" when
	// the file gave none). WritePiece takes the text from the problem.
	Text []string
}

// WritePiece writes pc, a piece of problem p, in the piece format.
func WritePiece(w io.Writer, p *Problem, pc *Piece) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\npiece %d %d\nproblem %d %d\n", pieceMagic, pc.Index, pc.Total, p.NumItems(), p.NumOptions())
	for _, o := range pc.Choice {
		if o < 0 || o >= p.NumOptions() {
			return fmt.Errorf("piece %d: option %d: %w", pc.Index, o, ErrNoOption)
		}
		fmt.Fprintf(&b, "option %d %s\n", o, p.OptionString(o))
	}
	_, err := w.Write(b.Bytes())
	return err
}

// ReadPiece reads a piece file. A malformed file gives a *ParseError
// wrapping ErrSyntax.
func ReadPiece(r io.Reader) (*Piece, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxPieceLine)
	pc := &Piece{}
	line, stage := 0, 0 // stage: the lines read so far: 0 none, 1 magic, 2 piece, 3 problem
	for sc.Scan() {
		line++
		text := strings.TrimSuffix(sc.Text(), "\r")
		f, at := pieceFields(text)
		if len(f) == 0 || strings.HasPrefix(f[0], "|") {
			continue
		}
		col := at[0] + 1
		bad := func(format string, a ...any) error {
			return &ParseError{Line: line, Col: col, Msg: fmt.Sprintf(format, a...), Err: ErrSyntax}
		}
		// num parses field i as a decimal number in [lo, hi].
		num := func(i, lo, hi int) (int, error) {
			v, err := strconv.Atoi(f[i])
			if err != nil || v < lo || v > hi || strings.Trim(f[i], "0123456789") != "" {
				col = at[i] + 1
				return 0, bad("%s: want a number from %d to %d", quoteField(f[i]), lo, hi)
			}
			return v, nil
		}
		var err error
		switch {
		case stage == 0:
			if strings.Join(f, " ") != pieceMagic {
				return nil, bad("not a piece file: want %q first", pieceMagic)
			}
			stage = 1
		case stage == 1:
			if f[0] != "piece" || len(f) != 3 {
				return nil, bad("want \"piece I N\"")
			}
			if pc.Total, err = num(2, 1, 1<<62); err != nil {
				return nil, err
			}
			if pc.Index, err = num(1, 1, pc.Total); err != nil {
				return nil, err
			}
			stage = 2
		case stage == 2:
			if f[0] != "problem" || len(f) != 3 {
				return nil, bad("want \"problem ITEMS OPTIONS\"")
			}
			if pc.Items, err = num(1, 0, 1<<31-1); err != nil {
				return nil, err
			}
			if pc.Options, err = num(2, 0, 1<<31-1); err != nil {
				return nil, err
			}
			stage = 3
		default:
			if f[0] != "option" || len(f) < 2 {
				return nil, bad("want \"option K ITEM...\"")
			}
			k, err := num(1, 0, pc.Options-1)
			if err != nil {
				return nil, err
			}
			pc.Choice = append(pc.Choice, k)
			pc.Text = append(pc.Text, strings.Join(f[2:], " "))
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &ParseError{Line: line + 1, Msg: "line too long", Err: ErrSyntax}
		}
		return nil, &ParseError{Line: line + 1, Msg: "read error: " + err.Error(), Err: err}
	}
	if stage < 3 {
		want := [...]string{pieceMagic, "piece I N", "problem ITEMS OPTIONS"}[stage]
		return nil, &ParseError{Line: line, Msg: fmt.Sprintf("unexpected end of input: want %q", want), Err: ErrSyntax}
	}
	return pc, nil
}

// pieceFields splits a line of a piece file at white space, returning
// the fields and their byte offsets.
func pieceFields(text string) (f []string, at []int) {
	for i := 0; i < len(text); {
		for i < len(text) && pieceSpace(text[i]) {
			i++
		}
		j := i
		for j < len(text) && !pieceSpace(text[j]) {
			j++
		}
		if j > i {
			f = append(f, text[i:j])
			at = append(at, i)
		}
		i = j
	}
	return f, at
}

// pieceSpace tells whether c separates the fields of a piece file.
func pieceSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r' }

// quoteField quotes a field of a piece file for a message, shortened.
func quoteField(s string) string {
	if len(s) > 40 {
		return strconv.Quote(s[:40]) + "..."
	}
	return strconv.Quote(s)
}

// Check reports whether pc is a piece of problem p: the same numbers of
// items and options, and every option's text, when given, p's. The error
// wraps ErrPieceMismatch.
func (pc *Piece) Check(p *Problem) error {
	if pc.Items != p.NumItems() || pc.Options != p.NumOptions() {
		return fmt.Errorf("piece of a problem with %d items and %d options, not %d and %d: %w",
			pc.Items, pc.Options, p.NumItems(), p.NumOptions(), ErrPieceMismatch)
	}
	for i, o := range pc.Choice {
		if o < 0 || o >= p.NumOptions() {
			return fmt.Errorf("option %d: %w", o, ErrPieceMismatch)
		}
		if i < len(pc.Text) && pc.Text[i] != "" && pc.Text[i] != p.OptionString(o) {
			return fmt.Errorf("option %d is %s in the piece, %s in the problem: %w",
				o, quoteField(pc.Text[i]), quoteField(p.OptionString(o)), ErrPieceMismatch)
		}
	}
	return nil
}

// ChoosePiece checks pc against the solver's problem p (see Piece.Check)
// and chooses its options in order (see Choose). On an error the options
// of the piece already chosen stay chosen.
func (s *Solver) ChoosePiece(p *Problem, pc *Piece) error {
	if s.zero() {
		return errZero("choose a piece")
	}
	if err := pc.Check(p); err != nil {
		return err
	}
	for _, o := range pc.Choice {
		if err := s.Choose(o); err != nil {
			return err
		}
	}
	return nil
}

// SplitDepth returns the subproblems of the first depth levels of the
// search tree below the current state (the tree that Count walks): one
// for each path that reaches that depth, and one for each solution found
// above it; paths that end above it without a solution are left out.
// Counting every subproblem (choosing its options, in order, on a solver
// in the current state) and adding up gives the count of the whole
// search. Depth 0 gives one subproblem, choosing nothing. SplitDepth leaves
// the solver's state as it was.
//
// With multiplicities (Problem.HasBounds), or on a zero Solver, SplitDepth
// returns nil, as Split.
func (s *Solver) SplitDepth(depth int) []Subproblem {
	if s.zero() || s.spec.bounded() {
		return nil
	}
	l := s.linked()
	if depth <= 0 || l.it[0].next == 0 {
		return []Subproblem{{}}
	}
	var subs []Subproblem
	var st Stats
	l.splitLevel(0, depth, make([]int32, 0, 64), &subs, &st)
	return subs
}
