package exactcover

import (
	"bytes"
	"fmt"
	"github.com/dlxkit/dlx/internal/quote"
	"io"
)

// ReadKnuth reads a problem in the text format of Knuth's DLX1 and DLX2
// programs.
//
// Lines whose first character is '|' are comments, and blank lines are
// skipped. The first other line names the items, separated by whitespace:
// the primary items, then a '|', then the secondary items (the '|' and the
// secondary items may be absent). Every following line is an option
// naming its items; a secondary item may be written "item:color" to give it
// a color (options sharing a secondary item must give it the same color).
// Item names contain neither ':' nor '|'. An option line may also hold
// costs, tokens "|n" with n a decimal number, anywhere after its first
// item, as in Knuth's DLX5: the option's cost is their sum, at most MaxCost
// (Problem.Cost; MinCost looks for the cheapest solutions). On the item
// line, "|n" after the '|' is an error; "|n" as the '|' itself names a
// secondary item n, as DLX5 reads it.
//
// A primary item may carry multiplicity bounds, as Knuth's DLX3 reads
// them: "lo:hi|name" is covered between lo and hi times, "hi|name"
// exactly hi times (see Problem.AddItemBounds).
//
// The options are added in input order, so option i of the problem is the
// i-th option line, and Problem.OptionString prints it back. ReadKnuth
// streams: memory grows with the problem, not with a copy of the input.
// Errors are *ParseError values naming the line and column of the
// offending token and wrapping one of ErrSyntax, ErrUnknownItem,
// ErrRepeatedItem, ErrDuplicateItem, ErrColorPrimary, ErrBounds or ErrCost.
func ReadKnuth(r io.Reader) (*Problem, error) {
	s := newLineScanner(r)
	p := NewProblem()

	found := false
	for s.next() {
		if len(s.fields) == 0 || s.text[0] == '|' {
			continue
		}
		found = true
		break
	}
	if !found {
		if err := s.err(); err != nil {
			return nil, err
		}
		return nil, &ParseError{Line: s.line, Msg: "no item line: the input holds no items", Err: ErrSyntax}
	}

	index := make(map[string]int)
	var secondary []bool
	bar := false
	primaries := 0
	for _, f := range s.fields {
		name := s.tok(f)
		if name[0] == '|' {
			if bar && len(name) > 1 && name[1] >= '0' && name[1] <= '9' {
				return nil, s.errorAt(f, ErrSyntax, fmt.Sprintf("cost %s on the item line (a cost ends an option line)", quote.Short(string(name))))
			}
			if bar {
				return nil, s.errorAt(f, ErrSyntax, "second '|' in the item line")
			}
			bar = true
			name = name[1:]
			f.start++
			if len(name) == 0 {
				continue
			}
		}
		lo, hi := 1, 1
		if k := bytes.IndexByte(name, '|'); k >= 0 {
			if bar {
				return nil, s.errorAt(f, ErrBounds, fmt.Sprintf("bounds on secondary item %s", quote.Short(string(name))))
			}
			var err *ParseError
			if lo, hi, err = s.bounds(f, name[:k]); err != nil {
				return nil, err
			}
			name = name[k+1:]
			f.start += k + 1
			if len(name) == 0 {
				return nil, s.errorAt(f, ErrSyntax, "missing item name after the bounds")
			}
		}
		if i := bytes.IndexAny(name, ":|"); i >= 0 {
			return nil, s.errorAt(f, ErrSyntax, fmt.Sprintf("item name %s contains %q", quote.Short(string(name)), name[i]))
		}
		if _, dup := index[string(name)]; dup {
			return nil, s.errorAt(f, ErrDuplicateItem, fmt.Sprintf("duplicate item name %s", quote.Short(string(name))))
		}
		n := string(name)
		var i int
		var err error
		if bar {
			i, err = p.AddItem(n, true)
		} else {
			i, err = p.AddItemBounds(n, lo, hi)
		}
		if err != nil {
			return nil, s.errorAt(f, err, err.Error())
		}
		index[n] = i
		for len(secondary) <= i {
			secondary = append(secondary, false)
		}
		secondary[i] = bar
		if !bar {
			primaries++
		}
	}
	if primaries == 0 {
		return nil, &ParseError{Line: s.line, Col: 1, Msg: "no primary items before '|'", Err: ErrSyntax}
	}

	// mark[i] == stamp when item i is already in the current option.
	mark := make([]int, len(secondary))
	stamp := 0
	var items []int
	var names []string
	for s.next() {
		if len(s.fields) == 0 || s.text[0] == '|' {
			continue
		}
		stamp++
		items = items[:0]
		colored := false
		var cost int64
		nCost := 0
		for _, f := range s.fields {
			tok := s.tok(f)
			if tok[0] == '|' { // a cost, "|n" (DLX5): summed
				c, err := s.costAt(f, cost)
				if err != nil {
					return nil, err
				}
				cost += c
				nCost++
				continue
			}
			name, color, hasColor := bytes.Cut(tok, []byte{':'})
			if len(name) == 0 {
				return nil, s.errorAt(f, ErrSyntax, fmt.Sprintf("missing item name in %s", quote.Short(string(tok))))
			}
			i, ok := index[string(name)]
			if !ok {
				return nil, s.errorAt(f, ErrUnknownItem, fmt.Sprintf("unknown item %s", quote.Short(string(name))))
			}
			if mark[i] == stamp {
				return nil, s.errorAt(f, ErrRepeatedItem, fmt.Sprintf("item %s repeated in option", quote.Short(string(name))))
			}
			mark[i] = stamp
			if hasColor {
				if !secondary[i] {
					return nil, s.errorAt(f, ErrColorPrimary, fmt.Sprintf("color on primary item %s", quote.Short(string(name))))
				}
				if len(color) == 0 {
					return nil, s.errorAt(f, ErrSyntax, fmt.Sprintf("missing color after %s", quote.Short(string(tok))))
				}
				if bytes.ContainsAny(color, ":|") {
					return nil, s.errorAt(f, ErrSyntax, fmt.Sprintf("color %s contains ':' or '|'", quote.Short(string(color))))
				}
				colored = true
			}
			items = append(items, i)
		}
		var err error
		if colored {
			names = names[:0]
			for _, f := range s.fields {
				if t := s.tok(f); t[0] != '|' {
					names = append(names, string(t))
				}
			}
			_, err = p.AddOption(names...)
		} else {
			_, err = p.AddOptionIndex(items, nil)
		}
		if err != nil {
			return nil, s.errorAt(s.fields[0], err, err.Error())
		}
		if nCost > 0 {
			p.setCost(p.NumOptions()-1, cost)
		}
	}
	if err := s.err(); err != nil {
		return nil, err
	}
	return p, nil
}

// bounds parses the multiplicity prefix b of an item name in field f,
// "hi" or "lo:hi" before the '|' (as DLX3 reads it): decimal numbers with
// 0 <= lo <= hi and 1 <= hi <= 2^30.
func (s *lineScanner) bounds(f field, b []byte) (lo, hi int, err *ParseError) {
	los, his, two := bytes.Cut(b, []byte{':'})
	if !two {
		his = los
	}
	hiField := f
	if two {
		hiField.start += len(los) + 1
	}
	hi, ok := parseCount(his, maxBound)
	if !ok {
		return 0, 0, s.errorAt(hiField, ErrBounds, fmt.Sprintf("upper bound %s is not a number from 1 to %d", quote.Short(string(his)), maxBound))
	}
	if hi == 0 {
		return 0, 0, s.errorAt(hiField, ErrBounds, "upper bound is zero")
	}
	lo = hi
	if two {
		if lo, ok = parseCount(los, maxBound); !ok {
			return 0, 0, s.errorAt(f, ErrBounds, fmt.Sprintf("lower bound %s is not a number from 0 to %d", quote.Short(string(los)), maxBound))
		}
		if lo > hi {
			return 0, 0, s.errorAt(f, ErrBounds, fmt.Sprintf("lower bound %d exceeds upper bound %d", lo, hi))
		}
	}
	return lo, hi, nil
}

// costAt parses the cost token "|n" of field f, whose option has cost sum
// so far, and returns n.
func (s *lineScanner) costAt(f field, sum int64) (int64, error) {
	tok := s.tok(f)
	digits := tok[1:]
	if len(digits) == 0 {
		return 0, s.errorAt(f, ErrSyntax, "missing cost after '|' (a cost is \"|n\", n a decimal number)")
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, s.errorAt(f, ErrSyntax, fmt.Sprintf("cost %s is not a decimal number", quote.Short(string(tok))))
		}
		n = n*10 + int64(c-'0')
		if n > MaxCost {
			return 0, s.errorAt(f, ErrCost, fmt.Sprintf("cost %s is too large (at most %d)", quote.Short(string(tok)), int64(MaxCost)))
		}
	}
	if sum+n > MaxCost {
		return 0, s.errorAt(f, ErrCost, fmt.Sprintf("the option's costs add up to more than %d", int64(MaxCost)))
	}
	return n, nil
}
