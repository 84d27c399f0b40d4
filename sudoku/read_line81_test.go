package sudoku

import (
	"fmt"
	"strings"
	"testing"
)

// digits81Ref is digits81 one byte at a time: the reference it is tested
// against.
func digits81Ref(line []byte) (cells [81]uint8, blank byte, ok bool) {
	for i, c := range line {
		switch {
		case c >= '1' && c <= '9':
			cells[i] = c - '0'
		case c == '0' || c == '.':
			if blank == 0 {
				blank = c
			}
		default:
			return cells, 0, false
		}
	}
	if blank == 0 {
		blank = '.'
	}
	return cells, blank, true
}

// checkDigits81 compares digits81 on line with the reference.
func checkDigits81(t *testing.T, line []byte) {
	t.Helper()
	wantCells, wantBlank, wantOK := digits81Ref(line)
	var cells [81]uint8
	for i := range cells {
		cells[i] = 0xee // what a recycled puzzle may hold
	}
	blank, ok := digits81(&cells, (*[81]byte)(line))
	if ok != wantOK || ok && (blank != wantBlank || cells != wantCells) {
		t.Fatalf("digits81(%q) = %v, %q, %v; want %v, %q, %v", line, cells, blank, ok, wantCells, wantBlank, wantOK)
	}
}

// TestDigits81: every byte value in every position of a line, and the
// first blank of lines with both blank symbols.
func TestDigits81(t *testing.T) {
	base := []byte("417369825632158947958724316825437169791586432346912758289643571573291684164875293")
	for _, s := range []string{
		string(base), p81, strings.ReplaceAll(p81, ".", "0"), strings.Repeat(".", 81), strings.Repeat("0", 81),
		"0" + p81[1:], "." + strings.ReplaceAll(p81, ".", "0")[1:], string(base[:80]) + "0", string(base[:80]) + ".",
		string(base[:79]) + "0.", string(base[:79]) + ".0", string(base[:40]) + "0" + string(base[41:72]) + "." + string(base[73:]),
	} {
		checkDigits81(t, []byte(s))
	}
	for _, pos := range []int{0, 1, 7, 8, 15, 40, 63, 72, 79, 80} {
		for c := range 256 {
			for _, start := range [][]byte{base, []byte(p81)} {
				line := append([]byte(nil), start...)
				line[pos] = byte(c)
				checkDigits81(t, line)
			}
		}
	}
}

// describeReader describes every result of r as one string, all of a puzzle's
// fields and the errors' text.
func describeReader(t *testing.T, r *Reader, lines int) []string {
	t.Helper()
	return readResults(t, r, lines, func(p *Puzzle) string {
		// The variant by content: a JSON puzzle's is a new one.
		return fmt.Sprintf("%v %v %q line %d rest %q %+v", p.Grid.Shape, p.Grid.Cells, variantKey(p.Grid.Shape, p.Grid.Variant), p.Line, p.Rest, p.Format)
	})
}

// compareLine81 reads in with and without the reader's 81-byte fast
// path (line81) and wants the same results.
func compareLine81(t *testing.T, in string, opt ReadOptions) {
	t.Helper()
	lines := strings.Count(in, "\n")
	fast := NewReader(strings.NewReader(in), opt)
	slow := NewReader(strings.NewReader(in), opt)
	slow.plain9 = false
	got, want := describeReader(t, fast, lines), describeReader(t, slow, lines)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("options %+v, input %q:\nwith line81\n%s\nwithout\n%s", opt, in, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// line81Fixture: lines of 81 bytes of every kind among others.
var line81Fixture = strings.Join([]string{
	p81,
	strings.ReplaceAll(p81, ".", "0"),
	"0" + p81[1:],
	p81 + " 2.5",
	"# " + p81[2:],
	strings.ReplaceAll(p81, ".", "-"),
	strings.ReplaceAll(p81, ".", "_"),
	p81[:80] + "x",
	p81[:40] + ":" + p81[41:],
	p81[:40] + " " + p81[41:],
	" " + p81[1:],
	p81[:80] + "\r",
	p81 + "\r",
	p81[:80],
	strings.Repeat("A", 81),
	strings.Repeat("1", 81),
	"4" + p81[1:] + "\t",
	"417369825632158947958724316825437169791586432346912758289643571573291684164875293",
	p81,
}, "\n") + "\n"

// TestReaderLine81: the fast path reads what the general reading does,
// with every kind of options, after a count line and at the end of input
// without a line end.
func TestReaderLine81(t *testing.T) {
	diag, err := VariantByName("diagonal", Standard)
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []ReadOptions{
		{}, {Shape: Shape{3, 3}}, {Shape: Shape{4, 4}}, {Shape: Shape{2, 2}}, {Alphabet: "1-9"}, {Alphabet: "A-I"}, {Variant: diag},
	} {
		compareLine81(t, line81Fixture, opt)
		compareLine81(t, "19\n"+line81Fixture, opt)
		compareLine81(t, "3\n"+line81Fixture, opt)
		compareLine81(t, strings.TrimSuffix(line81Fixture, "\n"), opt)
		compareLine81(t, strings.ReplaceAll(line81Fixture, "\n", "\r\n"), opt)
	}
}

// fit81 cuts or pads each line of in to 81 bytes.
func fit81(in string) string {
	var b strings.Builder
	for line := range strings.Lines(in) {
		line = strings.TrimSuffix(line, "\n")
		if len(line) > 81 {
			line = line[:81]
		}
		b.WriteString(line + strings.Repeat(".", 81-len(line)) + "\n")
	}
	return b.String()
}

// FuzzReaderLine81: TestReaderLine81 on any input, as it is and with its
// lines made 81 bytes long.
func FuzzReaderLine81(f *testing.F) {
	addFixtures(f)
	f.Add(line81Fixture)
	f.Fuzz(func(t *testing.T, in string) {
		for _, s := range []string{in, fit81(in)} {
			compareLine81(t, s, ReadOptions{})
			compareLine81(t, s, ReadOptions{Shape: Shape{3, 3}})
		}
	})
}
