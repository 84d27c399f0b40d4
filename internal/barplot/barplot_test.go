package barplot

import (
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

// rect is a bar (or the background or a legend key) of the SVG.
type rect struct {
	Height string `xml:"height,attr"`
	Fill   string `xml:"fill,attr"`
	Title  string `xml:"title"`
}

// parse reads the rects and texts of svg, failing t when it is not XML.
func parse(t *testing.T, svg string) (bars []rect, texts []string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(svg))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return bars, texts
		}
		if err != nil {
			t.Fatalf("not XML: %v\n%s", err, svg)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "rect":
			var r rect
			if err := d.DecodeElement(&r, &se); err != nil {
				t.Fatal(err)
			}
			if r.Title != "" {
				bars = append(bars, r)
			}
		case "text":
			var s string
			if err := d.DecodeElement(&s, &se); err != nil {
				t.Fatal(err)
			}
			texts = append(texts, s)
		}
	}
}

func TestWrite(t *testing.T) {
	var b strings.Builder
	err := Write(&b, "speed <log>", "puzzles/s", []Bar{
		{"a&b.txt", "fast", 100000},
		{"a&b.txt", "dlx", 1000},
		{"c.txt", "fast", 10000},
		{"c.txt", "dlx", 0}, // left out
	})
	if err != nil {
		t.Fatal(err)
	}
	bars, texts := parse(t, b.String())
	want := []string{"a&b.txt fast: 100,000 puzzles/s", "a&b.txt dlx: 1,000 puzzles/s", "c.txt fast: 10,000 puzzles/s"}
	if len(bars) != len(want) {
		t.Fatalf("%d bars, want %d", len(bars), len(want))
	}
	h := make([]float64, len(bars))
	for i, r := range bars {
		if r.Title != want[i] {
			t.Errorf("bar %d: %q, want %q", i, r.Title, want[i])
		}
		h[i], _ = strconv.ParseFloat(r.Height, 64)
	}
	// One series, one colour; a log scale: a decade is a constant height.
	if bars[0].Fill != bars[2].Fill || bars[0].Fill == bars[1].Fill {
		t.Errorf("colours %s %s %s: want one per series", bars[0].Fill, bars[1].Fill, bars[2].Fill)
	}
	if d1, d2 := h[0]-h[2], h[2]-h[1]; d1 <= 0 || d1 != d2 {
		t.Errorf("heights %v: want a decade to be the same height", h)
	}
	if texts[0] != "speed <log>" {
		t.Errorf("title %q", texts[0])
	}
}

func TestWriteEmpty(t *testing.T) {
	var b strings.Builder
	if err := Write(&b, "none", "x", nil); err != nil {
		t.Fatal(err)
	}
	if bars, _ := parse(t, b.String()); len(bars) != 0 {
		t.Errorf("%d bars of nothing", len(bars))
	}
}
