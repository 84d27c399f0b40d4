package exactcover

import (
	"bufio"
	"io"
	"strconv"
)

// WriteKnuth writes p in the format ReadKnuth reads: a line naming the
// primary items, then " |" and the secondary items if there are any, then
// one line per option as Problem.OptionString prints it (with " |cost" for
// an option of nonzero cost). Primary items with bounds other than 1:1 are
// written "lo:hi|name" or "hi|name". Reading the output
// back gives the same problem, except that the items come primary first.
func WriteKnuth(w io.Writer, p *Problem) error {
	bw := bufio.NewWriter(w)
	first := true
	for pass := 0; pass < 2; pass++ {
		secondary := pass == 1
		if secondary && p.NumPrimary() < p.NumItems() {
			bw.WriteString(" |")
		}
		for i := range p.NumItems() {
			if p.IsSecondary(i) != secondary {
				continue
			}
			if !first {
				bw.WriteByte(' ')
			}
			first = false
			if lo, hi := p.ItemBounds(i); !secondary && (lo != 1 || hi != 1) {
				if lo != hi {
					bw.WriteString(strconv.Itoa(lo))
					bw.WriteByte(':')
				}
				bw.WriteString(strconv.Itoa(hi))
				bw.WriteByte('|')
			}
			bw.WriteString(p.ItemName(i))
		}
	}
	bw.WriteByte('\n')
	for i := range p.NumOptions() {
		bw.WriteString(p.OptionString(i))
		bw.WriteByte('\n')
	}
	return bw.Flush()
}
